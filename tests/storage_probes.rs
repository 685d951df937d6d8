//! The storage probes of issue 17, each counting its tries, its failures and
//! the games lost or silently altered (0 everywhere): flipped bits in saved
//! files, exports imported back, kept dice, undone actions, names and
//! versions no app writes, Roll to the Top sheets of any size, CSV cells
//! that spreadsheets would run. Each prints its line of the report table
//! (`cargo test --test storage_probes -- --nocapture`). The 10 000-game
//! round trip with its time and memory is `cargo bench --bench storage`.

#[path = "common/games.rs"]
mod games;

use games::{all_games, many_games, saved_games, sealed, NOW};
use genius::core::export::{export, import, MAX_GAMES, MAX_IMPORT_BYTES};
use genius::core::games::check;
use genius::core::history::{csv, outcome, text_cell, Aliases, CsvWords};
use genius::core::rtt_sheet::{Sheet, SheetError, MAX_SQUARES};
use genius::core::save::{GameId, LoadError, SavedGame, MAX_ACTIONS};
use genius::platform::GameFiles;
use genius::saves::{load_all, Replays};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::fs;

fn report(probe: &str, tries: usize, failures: usize, lost_or_altered: usize) {
    println!("| {probe} | {tries} | {failures} | {lost_or_altered} |");
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("genius-probe-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// The same game, whatever the file's version number and layout say.
fn same_game(a: &SavedGame, b: &SavedGame) -> bool {
    let record = |g: &SavedGame| serde_json::from_str::<Value>(g.record.get()).unwrap();
    a.id == b.id
        && a.game == b.game
        && a.saved_at == b.saved_at
        && a.finished == b.finished
        && record(a) == record(b)
}

fn flip_bits(rng: &mut StdRng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..=3) {
        let at = rng.random_range(0..bytes.len());
        bytes[at] ^= 1 << rng.random_range(0..8);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn bit_flips_never_load_a_changed_game() {
    let games = saved_games(&all_games());
    let mut rng = StdRng::seed_from_u64(17);
    let (mut tries, mut refused, mut altered, mut unchanged) = (0, 0, 0, 0);
    for _ in 0..6_000 {
        let original = &games[rng.random_range(0..games.len())];
        let text = original.to_json();
        let flipped = flip_bits(&mut rng, &text);
        if flipped == text {
            continue;
        }
        tries += 1;
        match check(&flipped) {
            Err(_) => refused += 1,
            Ok(g) if same_game(&g, original) => unchanged += 1,
            Ok(_) => altered += 1,
        }
    }
    report(
        "bit flips (1 to 3) in a saved game",
        tries,
        altered,
        altered,
    );
    println!("  refused {refused}, loaded unchanged {unchanged}, loaded altered {altered}");
    assert_eq!(altered, 0);
    assert!(refused > tries * 9 / 10);
}

#[test]
fn a_damaged_save_falls_back_to_its_backup_and_says_so() {
    let dir = scratch("flips-store");
    let store = GameFiles::at(dir.clone());
    let templates = saved_games(&all_games());
    let mut rng = StdRng::seed_from_u64(1717);
    let (mut tries, mut lost, mut altered, mut told) = (0, 0, 0, 0);
    for round in 0..60 {
        let _ = fs::remove_dir_all(&dir);
        // Each game saved twice: the previous version is the backup.
        let mut current = Vec::new();
        for (i, t) in templates.iter().enumerate() {
            let mut g = t.clone();
            g.id = GameId::parse(&format!("g{round}-{i}")).unwrap();
            store.write(&g.id, &g.to_json()).unwrap();
            g.saved_at += 1;
            store.write(&g.id, &g.to_json()).unwrap();
            current.push(g);
        }
        for g in &current {
            let path = dir.join(format!("{}.json", g.id));
            let text = fs::read_to_string(&path).unwrap();
            fs::write(&path, flip_bits(&mut rng, &text)).unwrap();
        }
        let loaded = load_all(&store, Replays::NOW);
        for g in &current {
            tries += 1;
            match loaded.games.iter().find(|l| l.id == g.id) {
                None => lost += 1,
                Some(l) if same_game(l, g) => {}
                Some(l) if l.saved_at + 1 == g.saved_at => {
                    if loaded.from_backup.contains(&g.id) {
                        told += 1;
                    } else {
                        altered += 1;
                    }
                }
                Some(_) => altered += 1,
            }
        }
        // Told once: the backup is now the game's file, the damaged one set
        // aside; the next start loads every game as it was, silently.
        let again = load_all(&store, Replays::NOW);
        assert!(again.from_backup.is_empty(), "{:?}", again.from_backup);
        for g in &loaded.games {
            assert!(again.games.iter().any(|a| a == g), "{}", g.id);
        }
    }
    report(
        "bit flips in stored games with a backup",
        tries,
        lost + altered,
        lost + altered,
    );
    println!("  went back one action and told: {told}");
    assert_eq!((lost, altered), (0, 0));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn files_from_before_the_checksum_still_load() {
    for g in saved_games(&all_games()) {
        // Version 1: the same envelope, no checksum, pretty or compact.
        let mut v: Value = serde_json::to_value(&g).unwrap();
        v["version"] = json!(1);
        for text in [v.to_string(), serde_json::to_string_pretty(&v).unwrap()] {
            let back = check(&text).unwrap();
            assert!(same_game(&back, &g));
            assert_eq!(back.version, 1);
            // Saved again, it gets the current version and a checksum.
            assert!(back.to_json().contains("\"crc32\":\""));
        }
    }
}

/// `all_games` holds finished and unfinished games of every kind; each
/// edited as no app writes it must be refused, with a reason.
fn edited(game: usize, edit: impl Fn(&mut Value)) -> Result<SavedGame, LoadError> {
    let g = &saved_games(&all_games())[game];
    let mut v: Value = serde_json::from_str(&g.to_json()).unwrap();
    edit(&mut v);
    check(&sealed(&v))
}

#[test]
fn parts_no_app_writes_are_refused_with_a_reason() {
    let mut tries = 0;
    let mut failures = Vec::new();
    let mut expect_refused = |what: &str, r: Result<SavedGame, LoadError>| {
        tries += 1;
        if r.is_ok() {
            failures.push(what.to_string());
        }
    };
    // Kept dice: out of range for that game's dice, none, too many.
    for (game, kept) in [
        (1, json!([[9, 9]])),
        (1, json!([[257]])),
        (1, json!([[0]])),
        (1, json!([[]])),
        (1, json!([vec![1; 40]])),
        (3, json!([[7]])),
        (6, json!([[4294967295u32]])),
        (8, json!([[21]])),
        (9, json!([[7]])),
    ] {
        expect_refused(
            &format!("kept {kept}"),
            edited(game, |v| v["record"]["kept_rolls"] = kept.clone()),
        );
    }
    // Undone actions that do not replay, or too many.
    expect_refused(
        "redo of a foreign action",
        edited(
            1,
            |v| {
                v["record"]["redo"] =
                    json!([{"Roll": {"dice": [1, 2, 3, 4, 5, 6, 1], "source": "typed"}}])
            },
        ),
    );
    expect_refused(
        "400 000 undone actions",
        edited(1, |v| {
            let roll = json!({"Roll": {"dice": [2], "source": "typed"}});
            v["record"]["redo"] = Value::Array(vec![roll; 400_000]);
        }),
    );
    // Names: longer than the setup keeps, stray spaces, 10 KB.
    for name in [
        "a".repeat(25),
        " Anne".into(),
        "An  ne".into(),
        "x".repeat(10_240),
    ] {
        expect_refused(
            &format!("name of {} bytes", name.len()),
            edited(0, |v| {
                v["record"]["setup"]["players"][0]["name"] = json!(name)
            }),
        );
    }
    // Versions no app writes.
    for version in [json!(0), json!(-1), json!("2"), json!(null)] {
        expect_refused(
            &format!("version {version}"),
            edited(0, |v| v["version"] = version.clone()),
        );
    }
    report(
        "parts no app writes (kept dice, redo, names, versions)",
        tries,
        failures.len(),
        0,
    );
    assert!(failures.is_empty(), "loaded: {failures:?}");
    // What the app writes still loads: a kept roll from an undone roll.
    let ok = edited(1, |v| v["record"]["kept_rolls"] = json!([[6, 6]]));
    assert!(ok.is_ok(), "{ok:?}");
    // One action over the bound is refused, and says why.
    let long = edited(1, |v| {
        let roll = json!({"Roll": {"dice": [2], "source": "typed"}});
        v["record"]["redo"] = Value::Array(vec![roll; MAX_ACTIONS + 1]);
    });
    assert_eq!(long, Err(LoadError::BadRecord("too many actions".into())));
}

fn sheet_of(squares: Vec<Value>) -> String {
    json!({"format": "genius-rtt-sheet", "version": 1, "id": "probe",
        "name": {"fr": "Sonde", "en": "Probe"}, "squares": squares})
    .to_string()
}

/// A pyramid of `rows` rows (row r has `rows - r` squares), as a sheet.
fn pyramid(rows: usize) -> Vec<Value> {
    let mut squares = Vec::new();
    let mut previous: Vec<usize> = Vec::new();
    for r in 0..rows {
        let mut this = Vec::new();
        for i in 0..rows - r {
            let id = squares.len();
            let on = if r == 0 {
                vec![]
            } else {
                vec![previous[i], previous[i + 1]]
            };
            squares.push(json!({"id": id, "row": r, "x": r + 2 * i, "base": r == 0, "on": on}));
            this.push(id);
        }
        previous = this;
    }
    squares
}

#[test]
fn sheets_of_any_size_are_checked_without_a_panic() {
    let mut tries = 0;
    // 32 000 squares in one row: refused as too large, at once.
    let row: Vec<Value> = (0..32_000)
        .map(|i| json!({"id": i, "row": 0, "x": 2 * i, "base": true}))
        .collect();
    let started = std::time::Instant::now();
    assert_eq!(Sheet::parse(&sheet_of(row)), Err(SheetError::TooLarge));
    println!("  32 000 squares refused in {:?}", started.elapsed());
    tries += 1;
    // Huge coordinates, which overflowed before.
    for (row, x) in [
        (usize::MAX, 0),
        (0, usize::MAX),
        (u64::MAX as usize, u64::MAX as usize),
    ] {
        let squares = vec![
            json!({"id": 0, "row": 0, "x": 0, "base": true}),
            json!({"id": 1, "row": row, "x": x, "on": [0]}),
        ];
        let r = std::panic::catch_unwind(|| Sheet::parse(&sheet_of(squares)));
        assert!(matches!(r, Ok(Err(_))), "{row} {x}: {r:?}");
        tries += 1;
    }
    // The largest sheet allowed is checked (and plays) like a small one.
    let mut rows = 1;
    while (rows + 1) * (rows + 2) / 2 <= MAX_SQUARES {
        rows += 1;
    }
    let started = std::time::Instant::now();
    let big = Sheet::parse(&sheet_of(pyramid(rows))).unwrap();
    println!(
        "  a pyramid of {} squares checked in {:?}",
        big.len(),
        started.elapsed()
    );
    tries += 1;
    report(
        "Roll to the Top sheets (32 000 squares, huge coordinates, largest)",
        tries,
        0,
        0,
    );
}

#[test]
fn exports_come_back_identical_through_an_empty_store() {
    // A seeded sample; the 10 000-game run is `cargo bench --bench storage`.
    let games = many_games(600, 42);
    let text = export(&games, NOW);
    let report_ = import(&text, |_| false).unwrap();
    assert!(
        report_.refused.is_empty(),
        "{:?}",
        &report_.refused[..3.min(report_.refused.len())]
    );
    assert_eq!(report_.added.len(), games.len());
    let dir = scratch("round-trip");
    let store = GameFiles::at(dir.clone());
    for g in &report_.added {
        store.write(&g.id, &g.to_json()).unwrap();
    }
    let loaded = load_all(&store, Replays::NOW);
    let mut altered = 0;
    for g in &games {
        match loaded.games.iter().find(|l| l.id == g.id) {
            Some(l) if l == g => {}
            _ => altered += 1,
        }
    }
    report(
        "export → import → store → load (sample)",
        games.len(),
        altered,
        altered,
    );
    assert_eq!(altered, 0);
    assert_eq!(loaded.games.len(), games.len());
    // Compact: well under the pretty 2.5 KB a game.
    println!("  {} bytes a game on average", text.len() / games.len());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_import_limit_is_above_anything_the_app_writes() {
    // The longest game of each kind in the tests' games, as the app writes it.
    let longest = saved_games(&all_games())
        .iter()
        .map(|g| g.to_json().len())
        .max()
        .unwrap();
    let envelope = export(&[], NOW).len();
    let most = (envelope + MAX_GAMES * (longest + 1)) as u64;
    println!("  {MAX_GAMES} games of {longest} bytes: {most} bytes; limit {MAX_IMPORT_BYTES}");
    assert!(most * 4 <= MAX_IMPORT_BYTES);
}

#[test]
fn csv_cells_that_spreadsheets_would_run_are_neutralised() {
    let mut tries = 0;
    for bad in [
        "=1+1",
        "+33",
        "-2",
        "@SUM(A1)",
        "\tx",
        "\rx",
        "=HYPERLINK(\"http://x\")",
    ] {
        assert!(text_cell(bad).starts_with('\''), "{bad:?}");
        tries += 1;
    }
    for fine in ["Anne", "Zoë", "1-2", " =x", ""] {
        assert_eq!(text_cell(fine), fine);
        tries += 1;
    }
    // In a real export: names neutralised, negative scores still numbers.
    let mut o = outcome(&saved_games(&all_games())[0]).unwrap();
    o.players = vec!["=cmd|' /C calc'!A0".into(), "-Jo".into()];
    o.scores[1] = genius::core::history::Points::whole(-3);
    let words = CsvWords {
        header: ["d", "g", "v", "p", "s", "r", "w"],
        separator: ';',
        decimal: ',',
        yes: "oui",
        no: "non",
    };
    let text = csv(&[o], &Aliases::default(), &words, 0, |_| {
        ("=game".into(), "@v".into())
    });
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert!(
        lines[0].contains(";'=game;'@v;'=cmd|' /C calc'!A0;"),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains(";'-Jo;-3;"), "{}", lines[1]);
    report("CSV cells starting with = + - @ tab CR", tries + 2, 0, 0);
}
