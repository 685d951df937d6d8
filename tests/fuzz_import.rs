//! A mutational fuzzer for `export::import` on stable Rust (cargo-fuzz needs
//! nightly): real exports of every game, mutated half the time as bytes
//! (flips, cuts, duplicated slices, splices of two seeds, JSON tokens, deep
//! nesting, huge numbers) and half the time as a JSON tree (nodes replaced,
//! removed, duplicated, swapped or taken from another seed, so the rules and
//! not only the parser see them), with a fixed seed so a failure reproduces
//! (the input is also written to `genius-fuzz-failure.json` in the temp
//! directory).
//!
//! It runs for `GENIUS_FUZZ_SECS` seconds (default 2, so `cargo test` stays
//! quick; CI gives it longer, see `scripts/test`). `GENIUS_FUZZ_SEED` picks
//! another seed. Invariants: no panic; every game added replays
//! (`games::check`) and has an outcome (`history::outcome`); the counts of a
//! report add up to the games in the file.
//!
//! The same mutations also go to single saved games (`games::check`, as the
//! store loads them: a game that loads has an outcome and saves back) and to
//! Roll to the Top sheets (`Sheet::parse`): no panic on any input.

#[path = "common/games.rs"]
mod games;

use games::{all_games, load_error_kind, saved_games, sealed, NOW};
use genius::core::export::{export, import, ImportError, ImportReport};
use genius::core::games::check;
use genius::core::history::outcome;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "null",
    "true",
    "-",
    "0",
    "-0",
    "1e999",
    "-1e999",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "-9223372036854775809",
    "4294967296",
    "0.5",
    "\\u0000",
    "\"\\u0000\"",
    "\\ud800",
    "\"\\uDFFF\"",
    "\\",
    "\u{0}",
    "\u{feff}",
    "é",
    "\"version\":2",
    "\"version\":1",
    "\"format\":\"genius-game\"",
    "\"format\":\"genius-export\"",
    "\"games\":[]",
    "\"game\":\"chess\"",
    "\"game\":\"rtt\"",
    "\"id\":\"../x\"",
    "\"id\":\"serieux-1-0001\"",
    "\"log\":[]",
    "\"redo\":[{}]",
    "\"kept_rolls\":[[7]]",
    "\"dice\":[]",
    "\"dice\":[9]",
    "\"players\":[]",
    "\"Roll\"",
];

fn seeds() -> Vec<Vec<u8>> {
    let games = all_games();
    let saved = saved_games(&games);
    let mut seeds: Vec<Vec<u8>> = vec![export(&saved, NOW).into_bytes()];
    for g in &saved {
        seeds.push(export(std::slice::from_ref(g), NOW).into_bytes());
        seeds.push(g.to_json().into_bytes());
    }
    seeds.push(export(&[], NOW).into_bytes());
    seeds
}

fn span(rng: &mut StdRng, len: usize) -> (usize, usize) {
    if len == 0 {
        return (0, 0);
    }
    let a = rng.random_range(0..len);
    let max = (len - a).min(if rng.random_bool(0.8) { 64 } else { 4096 });
    (a, a + rng.random_range(0..=max))
}

fn mutate(rng: &mut StdRng, seeds: &[Vec<u8>], input: &mut Vec<u8>) {
    let len = input.len();
    match rng.random_range(0..9) {
        // Flip bits of a few bytes.
        0 => {
            for _ in 0..rng.random_range(1..=4) {
                if !input.is_empty() {
                    let i = rng.random_range(0..input.len());
                    input[i] ^= 1 << rng.random_range(0..8);
                }
            }
        }
        // A byte set to an ASCII character JSON cares about.
        1 => {
            if len > 0 {
                const JSON_BYTES: &[u8] = b"{}[]\":,0123456789-eE. \\tnu";
                let i = rng.random_range(0..len);
                input[i] = JSON_BYTES[rng.random_range(0..JSON_BYTES.len())];
            }
        }
        // Truncate.
        2 => input.truncate(rng.random_range(0..=len)),
        // Delete a slice.
        3 => {
            let (a, b) = span(rng, len);
            input.drain(a..b);
        }
        // Duplicate a slice in place.
        4 => {
            let (a, b) = span(rng, len);
            let copy = input[a..b].to_vec();
            let at = rng.random_range(0..=len);
            input.splice(at..at, copy);
        }
        // Splice with another seed: this one's head, that one's tail.
        5 => {
            let other = &seeds[rng.random_range(0..seeds.len())];
            let cut = rng.random_range(0..=len);
            let from = rng.random_range(0..=other.len());
            input.truncate(cut);
            input.extend_from_slice(&other[from..]);
        }
        // Insert a JSON token.
        6 => {
            let token = TOKENS[rng.random_range(0..TOKENS.len())];
            let at = rng.random_range(0..=len);
            input.splice(at..at, token.bytes());
        }
        // Deep nesting around or inside.
        7 => {
            let most = if rng.random_bool(0.5) { 200 } else { 5000 };
            let depth = rng.random_range(1..=most);
            let (open, close) = if rng.random_bool(0.5) {
                ("[", "]")
            } else {
                ("{\"a\":", "}")
            };
            let at = rng.random_range(0..=len);
            let nest = format!(
                "{}{}{}",
                open.repeat(depth),
                if rng.random_bool(0.5) { "null" } else { "" },
                close.repeat(depth)
            );
            input.splice(at..at, nest.bytes());
        }
        // Replace a number by a huge or odd one.
        _ => {
            let digits: Vec<usize> = (0..len).filter(|&i| input[i].is_ascii_digit()).collect();
            if !digits.is_empty() {
                let i = digits[rng.random_range(0..digits.len())];
                let mut j = i;
                while j < input.len() && input[j].is_ascii_digit() {
                    j += 1;
                }
                let by = ["18446744073709551615", "1e308", "-1", "2", "0", "1.0"]
                    [rng.random_range(0..6)];
                input.splice(i..j, by.bytes());
            }
        }
    }
}

/// Every node of `v` as a JSON pointer.
fn pointers(v: &Value, at: &str, out: &mut Vec<String>) {
    out.push(at.to_string());
    match v {
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                pointers(x, &format!("{at}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (k, x) in fields {
                let k = k.replace('~', "~0").replace('/', "~1");
                pointers(x, &format!("{at}/{k}"), out);
            }
        }
        _ => {}
    }
}

fn any_node<'a>(rng: &mut StdRng, v: &'a Value) -> &'a Value {
    let mut all = Vec::new();
    pointers(v, "", &mut all);
    v.pointer(&all[rng.random_range(0..all.len())]).unwrap()
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "5",
    "6",
    "7",
    "9",
    "12",
    "20",
    "64",
    "255",
    "256",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "-9223372036854775808",
    "0.5",
    "-2.5",
    "1e300",
];

const STRINGS: &[&str] = &[
    "",
    "x",
    "typed",
    "virtual",
    "blue",
    "red",
    "serieux",
    "genius",
    "einstein",
    "sequence",
    "rtt",
    "words",
    "chess",
    "genius-game",
    "genius-export",
    "genius-rtt-sheet",
    "Roll",
    "Challenge",
    "Place",
    "Max",
    "Min",
    "Double",
    "Half",
    "Chosen",
    "RollOff",
    "Anne",
    "anne",
    "\u{0}",
    "é",
    "../x",
];

/// A change to the JSON tree of a seed: a node replaced, removed,
/// duplicated, moved, or taken from another seed. Keeps the file JSON, so
/// the rules, not the parser, see it.
fn mutate_tree(rng: &mut StdRng, donors: &[Value], v: &mut Value) {
    let mut all = Vec::new();
    pointers(v, "", &mut all);
    let at = all[rng.random_range(0..all.len())].clone();
    let from = rng.random_range(0..donors.len());
    let donor = any_node(rng, &donors[from]).clone();
    let number: Value = serde_json::from_str(NUMBERS[rng.random_range(0..NUMBERS.len())]).unwrap();
    let string = Value::String(STRINGS[rng.random_range(0..STRINGS.len())].to_string());
    let choice = rng.random_range(0..8);
    let node = v.pointer_mut(&at).unwrap();
    match (choice, node) {
        (0, node) => *node = donor,
        (1, node) => {
            *node = [
                Value::Null,
                Value::Bool(true),
                json!({}),
                json!([]),
                number,
                string,
            ][rng.random_range(0..6)]
            .clone()
        }
        (2, Value::Array(items)) if !items.is_empty() => {
            items.remove(rng.random_range(0..items.len()));
        }
        (2, Value::Object(fields)) if !fields.is_empty() => {
            let k = fields
                .keys()
                .nth(rng.random_range(0..fields.len()))
                .unwrap()
                .clone();
            fields.remove(&k);
        }
        (3, Value::Array(items)) if !items.is_empty() => {
            let copy = items[rng.random_range(0..items.len())].clone();
            items.insert(rng.random_range(0..=items.len()), copy);
        }
        (4, Value::Array(items)) if items.len() >= 2 => {
            let (a, b) = (
                rng.random_range(0..items.len()),
                rng.random_range(0..items.len()),
            );
            items.swap(a, b);
        }
        (5, Value::Array(items)) => items.insert(rng.random_range(0..=items.len()), donor),
        (5, Value::Object(fields)) => {
            fields.insert(string.as_str().unwrap().to_string(), donor);
        }
        (6, Value::Number(n)) => {
            let x = n.as_i64().unwrap_or(0);
            *n = [
                x.saturating_add(1),
                x.saturating_sub(1),
                x.saturating_neg(),
                x.saturating_mul(10),
                x / 2,
            ][rng.random_range(0..5)]
            .into();
        }
        (7, Value::String(text)) => {
            let mut chars: Vec<char> = text.chars().collect();
            if !chars.is_empty() && rng.random_bool(0.5) {
                chars.remove(rng.random_range(0..chars.len()));
            } else {
                chars.push(['-', 'Z', '\u{0}', '/', 'é'][rng.random_range(0..5)]);
            }
            *text = chars.into_iter().collect();
        }
        (_, node) => *node = number,
    }
}

fn error_kind(e: &ImportError) -> &'static str {
    match e {
        ImportError::TooLarge { .. } => "Err(TooLarge)",
        ImportError::NotJson(_) => "Err(NotJson)",
        ImportError::NotAnExport => "Err(NotAnExport)",
        ImportError::NewerVersion(_) => "Err(NewerVersion)",
        ImportError::TooManyGames(_) => "Err(TooManyGames)",
    }
}

/// The games a file holds: what the import should account for.
/// (Its games are read as raw slices, as the import reads them: a game
/// whose strings do not decode is one game, refused.)
fn games_in(text: &str) -> Option<usize> {
    #[derive(serde::Deserialize)]
    struct Envelope<'a> {
        format: Option<String>,
        #[serde(borrow)]
        games: Option<Vec<&'a serde_json::value::RawValue>>,
    }
    let v: Envelope = serde_json::from_str(text).ok()?;
    match v.format?.as_str() {
        "genius-export" => Some(v.games?.len()),
        "genius-game" => Some(1),
        _ => None,
    }
}

/// Checks one report's invariants; the description of a broken one.
fn broken(text: &str, report: &ImportReport) -> Option<String> {
    let total = report.added.len() + report.already.len() + report.refused.len();
    if games_in(text) != Some(total) {
        return Some(format!(
            "counts: {} added + {} already + {} refused, file holds {:?}",
            report.added.len(),
            report.already.len(),
            report.refused.len(),
            games_in(text)
        ));
    }
    let mut ids = HashSet::new();
    for game in &report.added {
        if let Err(e) = check(&game.to_json()) {
            return Some(format!("added {} does not pass check: {e:?}", game.id));
        }
        if let Err(e) = outcome(game) {
            return Some(format!("added {} has no outcome: {e:?}", game.id));
        }
        if !ids.insert(game.id.clone()) {
            return Some(format!("{} added twice", game.id));
        }
    }
    let at: Vec<usize> = report.refused.iter().map(|r| r.0).collect();
    if at.windows(2).any(|w| w[0] >= w[1]) || at.iter().any(|&i| i >= total) {
        return Some(format!("refused positions {at:?}"));
    }
    None
}

#[test]
fn import_survives_mutated_exports() {
    let fail = |iteration: u64, seed: u64, why: &str, text: &str| -> ! {
        let path = std::env::temp_dir().join("genius-fuzz-failure.json");
        let _ = std::fs::write(&path, text);
        panic!(
            "iteration {iteration} (seed {seed}): {why}; input in {}:\n{}",
            path.display(),
            text.chars().take(2000).collect::<String>()
        )
    };
    let secs: f64 = std::env::var("GENIUS_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let seed: u64 = std::env::var("GENIUS_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026);
    let seeds = seeds();
    // The seeds themselves import whole.
    for s in &seeds {
        let text = std::str::from_utf8(s).unwrap();
        let report = import(text, |_| false).unwrap();
        assert!(report.refused.is_empty(), "{:?}", report.refused);
        assert_eq!(broken(text, &report), None);
    }

    let trees: Vec<Value> = seeds
        .iter()
        .map(|s| serde_json::from_slice(s).unwrap())
        .collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let deadline = Instant::now() + Duration::from_secs_f64(secs);
    let started = Instant::now();
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    let mut iterations = 0u64;
    while Instant::now() < deadline {
        let pick = rng.random_range(0..seeds.len());
        let input = if rng.random_bool(0.5) {
            // The tree, then now and then a byte.
            let mut tree = trees[pick].clone();
            for _ in 0..rng.random_range(1..=3) {
                mutate_tree(&mut rng, &trees, &mut tree);
            }
            // Mostly resealed; now and then with stale checksums, compact or
            // pretty (those games are refused as damaged).
            let mut bytes = match rng.random_range(0..10) {
                0 => tree.to_string().into_bytes(),
                1 => serde_json::to_vec_pretty(&tree).unwrap(),
                _ => sealed(&tree).into_bytes(),
            };
            if rng.random_bool(0.1) {
                mutate(&mut rng, &seeds, &mut bytes);
            }
            bytes
        } else {
            let mut bytes = seeds[pick].clone();
            for _ in 0..rng.random_range(1..=3) {
                mutate(&mut rng, &seeds, &mut bytes);
            }
            bytes
        };
        let text = String::from_utf8_lossy(&input).into_owned();
        // Half the time the device already has a few of the seeds' games.
        let have_some = rng.random_bool(0.5);
        let have = |id: &genius::core::save::GameId| {
            have_some && (id.as_str().ends_with('0') || id.as_str().ends_with('3'))
        };
        let result = catch_unwind(AssertUnwindSafe(|| import(&text, have)));
        let result = match result {
            Ok(r) => r,
            Err(_) => fail(iterations, seed, "import panicked", &text),
        };
        let kind = match &result {
            Ok(report) => {
                let why = broken(&text, report).or_else(|| {
                    let wrong = report.added.iter().find(|g| have(&g.id))?;
                    Some(format!("{} added though the device has it", wrong.id))
                });
                if let Some(why) = why {
                    fail(iterations, seed, &why, &text);
                }
                let mut errors: Vec<&str> = report
                    .refused
                    .iter()
                    .map(|r| load_error_kind(&r.2))
                    .collect();
                errors.sort();
                errors.dedup();
                format!(
                    "Ok(added {}, already {}, refused {})",
                    report.added.len().min(1),
                    report.already.len().min(1),
                    if errors.is_empty() {
                        "-".to_string()
                    } else {
                        errors.join("+")
                    }
                )
            }
            Err(e) => error_kind(e).to_string(),
        };
        *outcomes.entry(kind).or_default() += 1;
        iterations += 1;
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "fuzz_import: {iterations} iterations in {elapsed:.1} s ({:.0}/s), seed {seed}, {} distinct outcomes:",
        iterations as f64 / elapsed.max(1e-9),
        outcomes.len()
    );
    for (kind, n) in &outcomes {
        println!("  {n:>8}  {kind}");
    }
    assert!(iterations > 0);
    assert!(
        outcomes.len() >= 3,
        "the mutations reach several outcomes: {outcomes:?}"
    );
}

/// Runs `probe` on `GENIUS_FUZZ_SECS` seconds of inputs mutated from
/// `seeds` (bytes or, resealed, JSON trees); `probe` panicking is a failure.
/// `probe` says whether the input loaded (`Ok(true)`), was refused
/// (`Ok(false)`) or broke an invariant (`Err`). Returns the number of inputs
/// tried and of inputs that loaded.
fn fuzz(name: &str, seeds: &[Vec<u8>], probe: &dyn Fn(&str) -> Result<bool, String>) -> (u64, u64) {
    let secs: f64 = std::env::var("GENIUS_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let seed: u64 = std::env::var("GENIUS_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026);
    let trees: Vec<Value> = seeds
        .iter()
        .map(|s| serde_json::from_slice(s).unwrap())
        .collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let deadline = Instant::now() + Duration::from_secs_f64(secs);
    let (mut tried, mut accepted) = (0u64, 0u64);
    while Instant::now() < deadline {
        let pick = rng.random_range(0..seeds.len());
        let bytes = if rng.random_bool(0.5) {
            let mut tree = trees[pick].clone();
            for _ in 0..rng.random_range(1..=3) {
                mutate_tree(&mut rng, &trees, &mut tree);
            }
            sealed(&tree).into_bytes()
        } else {
            let mut bytes = seeds[pick].clone();
            for _ in 0..rng.random_range(1..=3) {
                mutate(&mut rng, seeds, &mut bytes);
            }
            bytes
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        match catch_unwind(AssertUnwindSafe(|| probe(&text))) {
            Ok(Ok(loaded)) => accepted += u64::from(loaded),
            Ok(Err(why)) => {
                let path = std::env::temp_dir().join(format!("genius-fuzz-{name}-failure.json"));
                let _ = std::fs::write(&path, &text);
                panic!(
                    "{name}, seed {seed}, input {tried}: {why} (input in {})",
                    path.display()
                );
            }
            Err(_) => {
                let path = std::env::temp_dir().join(format!("genius-fuzz-{name}-failure.json"));
                let _ = std::fs::write(&path, &text);
                panic!(
                    "{name}, seed {seed}, input {tried}: panicked (input in {})",
                    path.display()
                );
            }
        }
        tried += 1;
    }
    println!("fuzz {name}: {tried} inputs in {secs} s, {accepted} loaded, the rest refused, 0 panics, seed {seed}");
    (tried, accepted)
}

#[test]
fn saved_games_survive_mutation() {
    let seeds: Vec<Vec<u8>> = saved_games(&all_games())
        .iter()
        .map(|g| g.to_json().into_bytes())
        .collect();
    let (tried, _) = fuzz("saved-games", &seeds, &|text| {
        // Refused is fine; loaded means it replays and has an outcome.
        match check(text) {
            Err(_) => Ok(false),
            Ok(game) => {
                outcome(&game).map_err(|e| format!("loaded, but no outcome: {e:?}"))?;
                check(&game.to_json()).map_err(|e| format!("loaded, but not saved back: {e:?}"))?;
                Ok(true)
            }
        }
    });
    assert!(tried > 0);
}

#[test]
fn sheets_survive_mutation() {
    use genius::core::rtt::{shipped_sheets, Sheet};
    let seeds: Vec<Vec<u8>> = shipped_sheets()
        .iter()
        .map(|s| serde_json::to_vec(s).unwrap())
        .collect();
    let (tried, _) = fuzz("sheets", &seeds, &|text| {
        let Ok(sheet) = Sheet::parse(text) else {
            return Ok(false);
        };
        // A sheet that passes can be drawn.
        let _ = (sheet.rows(), sheet.width(), sheet.len());
        sheet
            .validate()
            .map_err(|e| format!("parsed, then invalid: {e:?}"))?;
        Ok(true)
    });
    assert!(tried > 0);
}
