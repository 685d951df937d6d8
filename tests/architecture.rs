//! The rules stay pure: nothing under `src/core` may reach for the UI
//! framework, the file system, the network, the clock or an ambient RNG.

use std::fs;
use std::path::Path;

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
    "from_os_rng",
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
