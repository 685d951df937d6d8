//! The house's shape, checked: the rules stay pure (nothing under
//! `src/core` may reach for the UI framework, the file system, the network,
//! the clock or an ambient RNG), the layers point one way (core → nothing of
//! the crate; platform → core; link, i18n, saves, records → core, platform;
//! settings → those; ui → all; macros' `$crate::` paths count as any
//! other), the core has no circle of imports, and its contract
//! (`core::game`) names no game: only the registry (`core::games`) does,
//! every game found by its `impl Game for`, not from a list kept here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const FORBIDDEN: &[&str] = &[
    "dioxus",
    "web_sys",
    "wasm_bindgen",
    "std::fs",
    "std::io",
    "std::net",
    "std::time",
    "Instant",
    "SystemTime",
    "thread_rng",
    "rand::rng",
    "rand::random",
    "from_os_rng",
    "getrandom",
    "js_sys",
    "std::env",
    "directories",
    // The table link's protocol is here; its network is not (src/link).
    "iroh::",
    "tokio::",
    "n0_future::",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn core_has_no_ui_io_clock_or_ambient_randomness() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core"),
        &mut files,
    );
    assert!(!files.is_empty());
    let mut offences = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for word in FORBIDDEN {
                if line.contains(word) {
                    offences.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "src/core must stay pure:\n{}",
        offences.join("\n")
    );
}

/// A table's secrets (its secret, a phone's first key, the nonces of
/// hidden choices) come from the operating system's entropy, never from
/// the dice's generator, whose stream every phone's dice show: the table
/// link's drivers and screen never draw from it, and the platform's source
/// of secrets falls back on nothing.
#[test]
fn table_secrets_come_from_the_os_not_the_dice() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("src/ui/table_link.rs")];
    rust_files(&root.join("src/link"), &mut files);
    let dice = [
        "random_below",
        "random_face",
        "SmallRng",
        "rand::rng",
        "thread_rng",
    ];
    let mut offences = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if let Some(word) = dice.iter().find(|w| line.contains(**w)) {
                offences.push(format!("{}:{}: {word}", file.display(), n + 1));
            }
        }
    }
    let platform = fs::read_to_string(root.join("src/platform/mod.rs")).unwrap();
    let source = platform
        .split("pub fn secret_bytes")
        .nth(1)
        .and_then(|rest| rest.split("\n}\n").next())
        .expect("platform::secret_bytes");
    assert!(source.contains("OsRng"), "{source}");
    if let Some(word) = dice.iter().find(|w| source.contains(**w)) {
        offences.push(format!("platform::secret_bytes: {word}"));
    }
    assert!(
        offences.is_empty(),
        "the dice's generator in the table's secrets:\n{}",
        offences.join("\n")
    );
}

/// The stylesheets' blocks all close: one brace left open (a merge can do
/// it) silently turns every rule after it into nonsense the browser drops.
#[test]
fn stylesheet_blocks_all_close() {
    for name in ["main.css", "screens.css"] {
        let path = format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR"));
        let css = fs::read_to_string(&path).unwrap();
        let mut depth = 0i32;
        let mut in_comment = false;
        let chars: Vec<char> = css.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            match (in_comment, chars[i], chars.get(i + 1)) {
                (false, '/', Some('*')) => {
                    in_comment = true;
                    i += 1;
                }
                (true, '*', Some('/')) => {
                    in_comment = false;
                    i += 1;
                }
                (false, '{', _) => depth += 1,
                (false, '}', _) => {
                    depth -= 1;
                    assert!(depth >= 0, "{name}: a stray }} at character {i}");
                }
                _ => {}
            }
            i += 1;
        }
        assert_eq!(depth, 0, "a block of assets/{name} is never closed");
    }
}

/// The crate's top-level modules, each on its floor: a module may use only
/// modules on lower floors.
const FLOORS: &[(&str, u8)] = &[
    ("core", 0),
    ("platform", 1),
    ("link", 2),
    ("i18n", 2),
    ("saves", 2),
    ("records", 2),
    ("settings", 3),
    ("ui", 4),
];

/// The games' rules modules, which only the registry names: every core
/// module with an `impl Game for` (read from the code, so that a new game
/// is checked without being listed here).
fn games() -> Vec<String> {
    let (src, files) = sources();
    let mut games: Vec<String> = files
        .iter()
        .filter(|f| f.starts_with(src.join("core")))
        .filter(|f| {
            let text = fs::read_to_string(f).unwrap();
            code_of(&text).contains("impl Game for ")
        })
        .filter_map(|f| module_of(&src, f).get(1).cloned())
        .collect();
    games.sort();
    games.dedup();
    games
}

/// A file's module path below `src` (`core/game/mod.rs` → `core::game`).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The code of a file, without its comments and its test module (tests may
/// reach anywhere).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths (from the crate's root) a file's code names: `crate::a::b`,
/// `super::a`, and the heads of `use super::{a, b::c}` groups.
fn paths_used(module: &[String], code: &str) -> Vec<Vec<String>> {
    let idents = |s: &str| -> Vec<String> {
        s.split("::")
            .map(|p| p.trim().to_string())
            .take_while(|p| !p.is_empty() && p.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .collect()
    };
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let word_start = i == 0
            || !(bytes[i - 1].is_ascii_alphanumeric()
                || bytes[i - 1] == b'_'
                || bytes[i - 1] == b'$');
        let (base, after) = if word_start && rest.starts_with("$crate::") {
            // A macro's path: the crate it is expanded in is this one.
            (Vec::new(), &rest["$crate::".len()..])
        } else if word_start && rest.starts_with("crate::") {
            (Vec::new(), &rest["crate::".len()..])
        } else if word_start && rest.starts_with("super::") {
            let mut base = module.to_vec();
            let mut after = rest;
            while let Some(r) = after.strip_prefix("super::") {
                base.pop();
                after = r;
            }
            (base, after)
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let heads: Vec<&str> = match after.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
            None => vec![after],
        };
        for head in heads {
            let mut path = base.clone();
            path.extend(idents(head));
            if path.len() > base.len() {
                out.push(path);
            }
        }
        // On past what was read: `after` is the rest of `code`.
        i = code.len() - after.len();
    }
    out
}

fn sources() -> (PathBuf, Vec<PathBuf>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.retain(|f| {
        !f.starts_with(src.join("bin")) && !f.ends_with("main.rs") && !f.ends_with("lib.rs")
    });
    (src, files)
}

#[test]
fn layers_point_one_way() {
    let floor = |name: &str| FLOORS.iter().find(|(m, _)| *m == name).map(|(_, f)| *f);
    let (src, files) = sources();
    let mut offences = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        let Some(own) = floor(&module[0]) else {
            offences.push(format!(
                "{}: a top-level module missing from FLOORS",
                file.display()
            ));
            continue;
        };
        let code = code_of(&fs::read_to_string(file).unwrap());
        for path in paths_used(&module, &code) {
            if path[0] == module[0] {
                continue;
            }
            if let Some(theirs) = floor(&path[0]) {
                if theirs >= own {
                    offences.push(format!(
                        "{}: {} → {}",
                        file.display(),
                        module[0],
                        path.join("::")
                    ));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "arrows that point up or sideways:\n{}",
        offences.join("\n")
    );
}

/// The core's modules (a file, or a folder with its files) as a graph.
fn core_graph() -> BTreeMap<String, BTreeSet<String>> {
    let (src, files) = sources();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files.iter().filter(|f| f.starts_with(src.join("core"))) {
        let module = module_of(&src, file);
        let Some(own) = module.get(1).cloned() else {
            continue;
        };
        let code = code_of(&fs::read_to_string(file).unwrap());
        let used = graph.entry(own.clone()).or_default();
        for path in paths_used(&module, &code) {
            if path.len() > 1 && path[0] == "core" && path[1] != own {
                used.insert(path[1].clone());
            }
        }
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for used in graph.values_mut() {
        used.retain(|m| modules.contains(m));
    }
    graph
}

#[test]
fn the_core_has_no_circle() {
    let graph = core_graph();
    // Depth-first search; a module met again on the current path closes a circle.
    fn visit<'a>(
        m: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| *p == m) {
            let mut circle: Vec<String> = path[at..].iter().map(|s| s.to_string()).collect();
            circle.push(m.to_string());
            return Some(circle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m);
        for next in &graph[m] {
            if let Some(circle) = visit(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(m);
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        if let Some(circle) = visit(m, &graph, &mut Vec::new(), &mut done) {
            panic!("a circle in src/core: {}", circle.join(" → "));
        }
    }
}

#[test]
fn only_the_registry_names_every_game() {
    let graph = core_graph();
    let contract = &graph["game"];
    let games = games();
    assert!(
        games.len() >= 6,
        "the games found by their impl Game: {games:?}"
    );
    for game in &games {
        assert!(
            !contract.contains(game),
            "core::game (the contract) uses core::{game}"
        );
        assert!(
            graph["games"].contains(game),
            "the registry does not name core::{game}"
        );
    }
    for below in ["session", "save", "summary", "games"] {
        assert!(
            !contract.contains(below),
            "core::game (the contract) uses core::{below}"
        );
    }
}

/// The reader of paths finds what a file names, macros' `$crate::` paths
/// included: the layer checks above see every arrow.
#[test]
fn paths_are_read_from_uses_groups_and_macros() {
    let module: Vec<String> = vec!["ui".into(), "frame".into()];
    let paths = paths_used(
        &module,
        "use super::{parts::Notices, table};\nlet x = $crate::core::game::Game;\nuse crate::i18n::Lang;",
    );
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        vec!["ui::parts::Notices", "ui::table", "core::game", "i18n"]
    );
}
