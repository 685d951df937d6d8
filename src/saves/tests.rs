//! The saved games as the app loads them: damaged files, hostile ids,
//! copies, backups and leftovers.

use super::*;
use crate::core::game::GameKind;
use crate::core::save::{test_game as game, test_id as id, SavedGame};
use crate::core::save::{GameId, InvalidId};
use crate::platform::GameFiles;
use std::fs;

#[test]
fn every_kind_of_damaged_file_is_set_aside_and_the_others_load() {
    let dir = std::env::temp_dir().join(format!("genius-saves-damaged-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let store = GameFiles::at(dir.clone());
    let good = SavedGame::of(&id("serieux-1-0001"), GameKind::Serieux, 5, &game(3)).to_json();
    store.write(&id("serieux-1-0001"), &good).unwrap();
    let damaged: [(&str, String); 7] = [
        ("serieux-2-0001", good[..good.len() / 3].to_string()),
        ("serieux-3-0001", "\u{0}\u{7f}binary".to_string()),
        ("serieux-4-0001", "{\"hello\": \"world\"}".to_string()),
        (
            "serieux-5-0001",
            good.replace("\"version\":2", "\"version\":99"),
        ),
        (
            "serieux-6-0001",
            crate::core::save::reseal(&good.replace("\"dice\":[1]", "\"dice\":[]")),
        ),
        ("serieux-7-0001", String::new()),
        // Still valid JSON and a legal game, but not what was written.
        (
            "serieux-8-0001",
            good.replace("\"dice\":[1]", "\"dice\":[4]"),
        ),
    ];
    for (id, text) in &damaged {
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(format!("{id}.json")), text).unwrap();
    }
    let loaded = load_all(&store, Replays::NOW);
    assert_eq!(loaded.games.len(), 1);
    assert_eq!(loaded.games[0].id, "serieux-1-0001");
    assert_eq!(loaded.set_aside.len(), damaged.len());
    assert!(loaded
        .set_aside
        .iter()
        .any(|(_, e)| *e == LoadError::NewerVersion(99)));
    assert!(loaded
        .set_aside
        .iter()
        .any(|(id, e)| id == "serieux-8-0001" && *e == LoadError::Damaged));
    // Set aside untouched, and no longer offered.
    for (id, text) in &damaged {
        assert_eq!(
            &fs::read_to_string(dir.join("set-aside").join(format!("{id}.json"))).unwrap(),
            text
        );
    }
    assert_eq!(load_all(&store, Replays::NOW).set_aside.len(), 0);
    fs::remove_dir_all(dir).unwrap();
}

/// Every file under `dir`, with its content.
fn tree(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in fs::read_dir(&d).into_iter().flatten().flatten() {
            if e.path().is_dir() {
                todo.push(e.path());
            } else {
                out.push((e.path().display().to_string(), fs::read(e.path()).unwrap()));
            }
        }
    }
    out.sort();
    out
}

const HOSTILE: [&str; 12] = [
    "../../x",
    "../outside/victim",
    "/tmp/genius-absolute",
    "",
    "..",
    ".",
    "a/b",
    "a\\b",
    "C:x",
    "Serieux-UPPER",
    "partie-é",
    "-leading",
];

/// `text`, a game saved as `serieux-1-0001`, its inside saying `inner`
/// instead (sealed again, as a copy edited by hand and resealed).
fn with_inner_id(text: &str, inner: &str) -> String {
    let said = format!("\"id\":{},", serde_json::to_string(inner).unwrap());
    let edited = text.replacen("\"id\":\"serieux-1-0001\",", &said, 1);
    assert_ne!(edited, text);
    crate::core::save::reseal(&edited)
}

#[test]
fn hostile_ids_touch_nothing_outside_the_games_folder() {
    let base = std::env::temp_dir().join(format!("genius-saves-ids-{}", std::process::id()));
    let _ = fs::remove_dir_all(&base);
    let outside = base.join("outside");
    fs::create_dir_all(&outside).unwrap();
    fs::write(outside.join("victim.json"), "keep me").unwrap();
    fs::write(base.join("x.json"), "keep me too").unwrap();
    let store = GameFiles::at(base.join("games").join("inner"));
    let text = SavedGame::of(&id("serieux-1-0001"), GameKind::Serieux, 5, &game(2)).to_json();
    let long = "a".repeat(10 * 1024);
    let before = tree(&base);
    let mut tries = 0;
    // The store takes game ids only, and none of these is one: no name
    // that could be a path reaches it, from the code or from JSON.
    for id in HOSTILE.iter().copied().chain([long.as_str()]) {
        assert_eq!(GameId::parse(id), Err(InvalidId), "{id:?}");
        assert_eq!(GameId::try_from(id.to_string()), Err(InvalidId), "{id:?}");
        let json = serde_json::to_string(id).unwrap();
        assert!(serde_json::from_str::<GameId>(&json).is_err(), "{id:?}");
        tries += 3;
    }
    assert_eq!(tree(&base), before, "nothing written, renamed or deleted");
    // Inner ids are ignored: a file stored under a good name whose inside
    // says a hostile id loads under its file name, and deleting it
    // deletes that file only.
    for (n, inner) in HOSTILE.iter().copied().chain([long.as_str()]).enumerate() {
        let name = GameId::parse(&format!("copy-{n}")).unwrap();
        store.write(&name, &with_inner_id(&text, inner)).unwrap();
    }
    let loaded = load_all(&store, Replays::NOW);
    assert_eq!(loaded.games.len(), HOSTILE.len() + 1);
    assert_eq!(loaded.repaired.len(), HOSTILE.len() + 1);
    assert!(loaded
        .games
        .iter()
        .all(|g| g.id.as_str().starts_with("copy-")));
    for g in &loaded.games {
        store.delete(&g.id).unwrap();
    }
    assert!(load_all(&store, Replays::NOW).games.is_empty());
    assert_eq!(
        fs::read_to_string(outside.join("victim.json")).unwrap(),
        "keep me"
    );
    assert_eq!(
        fs::read_to_string(base.join("x.json")).unwrap(),
        "keep me too"
    );
    // Imports refuse them all.
    for inner in HOSTILE.iter().copied().chain([long.as_str()]) {
        let report = crate::core::export::import(&with_inner_id(&text, inner), |_| false).unwrap();
        assert!(report.added.is_empty(), "{inner:?}");
        assert_eq!(report.refused.len(), 1, "{inner:?}");
        assert_eq!(report.refused[0].2, LoadError::NotAGame, "{inner:?}");
        tries += 1;
    }
    assert!(tries > 0);
    fs::remove_dir_all(base).unwrap();
}

#[test]
fn copies_of_one_game_are_each_listed_and_deletable() {
    let dir = std::env::temp_dir().join(format!("genius-saves-copies-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let store = GameFiles::at(dir.clone());
    let text = SavedGame::of(&id("serieux-1-0001"), GameKind::Serieux, 5, &game(2)).to_json();
    store.write(&id("serieux-1-0001"), &text).unwrap();
    // Copied by hand, as a file manager would ("… (copy)" is not an id
    // and is not listed; "serieux-1-0001-2" is).
    fs::copy(
        dir.join("serieux-1-0001.json"),
        dir.join("serieux-1-0001-2.json"),
    )
    .unwrap();
    fs::copy(
        dir.join("serieux-1-0001.json"),
        dir.join("serieux-1-0001 (copy).json"),
    )
    .unwrap();
    let loaded = load_all(&store, Replays::NOW);
    let ids: Vec<&str> = loaded.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["serieux-1-0001", "serieux-1-0001-2"]);
    assert_eq!(loaded.repaired, ["serieux-1-0001-2"]);
    store.delete(&id("serieux-1-0001-2")).unwrap();
    assert_eq!(load_all(&store, Replays::NOW).games.len(), 1);
    store.delete(&id("serieux-1-0001")).unwrap();
    assert!(load_all(&store, Replays::NOW).games.is_empty());
    // The file whose name is not an id is left alone.
    assert!(dir.join("serieux-1-0001 (copy).json").exists());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_finished_game_keeps_no_backup() {
    let dir = std::env::temp_dir().join(format!("genius-saves-final-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let store = GameFiles::at(dir.clone());
    let text = SavedGame::of(&id("serieux-1-0001"), GameKind::Serieux, 5, &game(2)).to_json();
    store.write(&id("serieux-1-0001"), &text).unwrap();
    store.write(&id("serieux-1-0001"), &text).unwrap();
    assert!(dir.join("serieux-1-0001.json.bak").exists());
    store.write_finished(&id("serieux-1-0001"), &text).unwrap();
    assert!(!dir.join("serieux-1-0001.json.bak").exists());
    assert_eq!(load_all(&store, Replays::NOW).games.len(), 1);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn leftover_temporary_files_are_removed_at_start() {
    let dir = std::env::temp_dir().join(format!("genius-saves-tmp-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let store = GameFiles::at(dir.clone());
    let text = SavedGame::of(&id("serieux-1-0001"), GameKind::Serieux, 5, &game(2)).to_json();
    store.write(&id("serieux-1-0001"), &text).unwrap();
    fs::write(dir.join("serieux-1-0001.json.tmp"), &text[..20]).unwrap();
    fs::write(dir.join("serieux-9-0001.json.tmp"), &text[..20]).unwrap();
    assert_eq!(load_all(&store, Replays::NOW).games.len(), 1);
    assert!(!dir.join("serieux-1-0001.json.tmp").exists());
    assert!(!dir.join("serieux-9-0001.json.tmp").exists());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn games_come_newest_first_with_ties_in_id_order() {
    struct Memory(Vec<(GameId, String)>);
    impl GameStore for Memory {
        fn ids(&self) -> Vec<GameId> {
            self.0.iter().map(|(id, _)| id.clone()).collect()
        }
        fn read(&self, id: &GameId, _: &dyn Fn(&str) -> bool) -> Option<(String, bool)> {
            let (_, text) = self.0.iter().find(|(i, _)| i == id)?;
            Some((text.clone(), false))
        }
        fn set_aside(&self, _: &GameId) {}
    }
    let saved = |name: &str, at: u64| {
        let text = SavedGame::of(&id(name), GameKind::Serieux, at, &game(1)).to_json();
        (id(name), text)
    };
    let store = Memory(vec![
        saved("serieux-c", 5),
        saved("serieux-a", 5),
        saved("serieux-d", 1),
        saved("serieux-b", 9),
    ]);
    let ids: Vec<GameId> = load_all(&store, Replays::NOW)
        .games
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(ids, ["serieux-b", "serieux-a", "serieux-c", "serieux-d"]);
}

#[test]
fn a_damaged_file_falls_back_to_its_backup() {
    let dir = std::env::temp_dir().join(format!("genius-saves-fallback-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let store = GameFiles::at(dir.clone());
    let id = id("serieux-9-0001");
    store
        .write(
            &id,
            &SavedGame::of(&id, GameKind::Serieux, 1, &game(2)).to_json(),
        )
        .unwrap();
    store
        .write(
            &id,
            &SavedGame::of(&id, GameKind::Serieux, 2, &game(3)).to_json(),
        )
        .unwrap();
    fs::write(dir.join(format!("{id}.json")), "{\"format\":\"genius-ga").unwrap();
    let loaded = load_all(&store, Replays::NOW);
    assert_eq!(loaded.games.len(), 1);
    assert_eq!(
        loaded.games[0].saved_at, 1,
        "the previous version, from the backup"
    );
    assert_eq!(loaded.from_backup, vec![id]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_game_is_listed_from_the_summary_saved_with_it_and_replayed_only_without_one() {
    use crate::core::games::summarise;
    use crate::core::summary::Summary;
    let dir = std::env::temp_dir().join(format!("genius-saves-summary-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let store = GameFiles::at(dir.clone());
    let session = game(3);
    // As the app saves a game now: with its summary.
    let with = SavedGame::of_game(&id("serieux-1-0001"), GameKind::Serieux, 5, &session);
    assert_eq!(with.summary, Some(Summary::of(&session)));
    store.write(&with.id, &with.to_json()).unwrap();
    // As earlier versions saved it: without.
    let without = SavedGame::of(&id("serieux-2-0001"), GameKind::Serieux, 4, &session);
    store.write(&without.id, &without.to_json()).unwrap();
    // Saved with a summary, but its log edited into an illegal move.
    let cheat = SavedGame::of_game(&id("serieux-3-0001"), GameKind::Serieux, 3, &session).to_json();
    let cheat = crate::core::save::reseal(&cheat.replace("\"dice\":[1]", "\"dice\":[]"));
    store.write(&id("serieux-3-0001"), &cheat).unwrap();
    // Without a summary, and its log edited the same way.
    let old_cheat = crate::core::save::reseal(
        &SavedGame::of(&id("serieux-4-0001"), GameKind::Serieux, 2, &session)
            .to_json()
            .replace("\"dice\":[1]", "\"dice\":[]"),
    );
    store.write(&id("serieux-4-0001"), &old_cheat).unwrap();

    // Home's listing replays nothing: the summaries saved with the games,
    // none for the others (a replay tells whether they play).
    let later = load_all(&store, Replays::Later);
    let summaries: Vec<(&str, bool)> = later
        .games
        .iter()
        .map(|g| (g.id.as_str(), g.summary.is_some()))
        .collect();
    assert_eq!(
        summaries,
        [
            ("serieux-1-0001", true),
            ("serieux-2-0001", false),
            ("serieux-3-0001", true),
            ("serieux-4-0001", false)
        ]
    );
    assert!(later.set_aside.is_empty());
    assert_eq!(later.games[0].summary, Some(summarise(&with).unwrap()));

    // Replayed, the one without a summary gets the replay's, and the one
    // that does not replay is set aside; the one that carries a summary is
    // not replayed (it is when it is opened).
    let now = load_all(&store, Replays::NOW);
    let ids: Vec<&str> = now.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["serieux-1-0001", "serieux-2-0001", "serieux-3-0001"]);
    assert_eq!(now.games[1].summary, Some(Summary::of(&session)));
    assert_eq!(now.set_aside.len(), 1);
    assert_eq!(now.set_aside[0].0, "serieux-4-0001");
    // The game in progress replayed for its summary keeps it in its file,
    // the same game otherwise: read without replaying, it has it.
    let text = fs::read_to_string(dir.join("serieux-2-0001.json")).unwrap();
    let rewritten = SavedGame::parse(&text).unwrap();
    assert_eq!(rewritten.summary, Some(Summary::of(&session)));
    assert_eq!(
        SavedGame {
            summary: None,
            ..rewritten
        },
        without
    );
    let again = load_all(&store, Replays::Later);
    assert_eq!(again.games[1].summary, Some(Summary::of(&session)));
    fs::remove_dir_all(dir).unwrap();
}
