//! Export and import of every game, files refused whole or game by game, and
//! the history: outcomes, statistics, aliases, dates and CSV.

#[path = "common/games.rs"]
mod games;

use games::{all_games, saved_games, sealed, Game, NOW};
use genius::core::export::{
    check_size, export, import, ImportError, ImportReport, MAX_GAMES, MAX_IMPORT_BYTES,
};
use genius::core::game::{GameKind, Mode};
use genius::core::games::check;
use genius::core::history::{
    civil, csv, date_text, outcome, stats, Aliases, CsvWords, Outcome, PlayerStats, Points, Variant,
};
use genius::core::save::{GameId, LoadError, SavedGame};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::mpsc;
use std::time::Duration;

fn nobody_has(_: &GameId) -> bool {
    false
}

fn the_export() -> (Vec<Game>, String) {
    let games = all_games();
    let text = export(&saved_games(&games), NOW);
    (games, text)
}

// ---------------------------------------------------------------- round trip

#[test]
fn the_seeds_cover_every_game_and_every_genius_mode() {
    let games = all_games();
    let kinds: HashSet<String> = games
        .iter()
        .map(|g| format!("{:?}", g.saved.game))
        .collect();
    assert_eq!(kinds.len(), 6, "{kinds:?}");
    let modes: HashSet<String> = games
        .iter()
        .filter_map(|g| match outcome(&g.saved).unwrap().variant {
            Variant::Genius(m) => Some(format!("{m:?}")),
            _ => None,
        })
        .collect();
    assert_eq!(modes.len(), Mode::ALL.len(), "{modes:?}");
    let finished: HashSet<GameKind> = games
        .iter()
        .filter(|g| g.live.is_finished())
        .map(|g| g.saved.game)
        .collect();
    assert!(finished.len() >= 3, "finished kinds: {finished:?}");
    assert!(games.iter().any(|g| !g.live.is_finished()));
    for g in &games {
        assert!(g.live.actions() >= 4, "{}: a real game", g.name);
        assert_eq!(g.saved.finished, g.live.is_finished(), "{}", g.name);
    }
    let ids: HashSet<&str> = games.iter().map(|g| g.saved.id.as_str()).collect();
    assert_eq!(ids.len(), games.len(), "distinct ids");
}

#[test]
fn every_game_comes_back_equal_through_export_and_import() {
    let (games, text) = the_export();
    let report = import(&text, nobody_has).unwrap();
    assert!(report.refused.is_empty(), "{:?}", report.refused);
    assert!(report.already.is_empty());
    assert_eq!(report.added.len(), games.len());
    for (g, back) in games.iter().zip(&report.added) {
        assert_eq!(back, &g.saved, "{}: the same saved game", g.name);
        g.live
            .replays_as(back)
            .unwrap_or_else(|e| panic!("{}: {e}", g.name));
        assert_eq!(
            outcome(back).unwrap(),
            outcome(&g.saved).unwrap(),
            "{}: the same outcome",
            g.name
        );
        assert_eq!(check(&back.to_json()).as_ref(), Ok(back), "{}", g.name);
    }
}

#[test]
fn importing_again_finds_every_game_already_there() {
    let (games, text) = the_export();
    let report = import(&text, |_| true).unwrap();
    let ids: Vec<GameId> = games.iter().map(|g| g.saved.id.clone()).collect();
    assert_eq!(report.already, ids);
    assert!(report.added.is_empty() && report.refused.is_empty());
}

#[test]
fn a_device_with_some_of_the_games_gets_only_the_others() {
    let (games, text) = the_export();
    let have: HashSet<GameId> = games
        .iter()
        .step_by(3)
        .map(|g| g.saved.id.clone())
        .collect();
    let report = import(&text, |id| have.contains(id)).unwrap();
    assert_eq!(report.already.len(), have.len());
    assert_eq!(report.added.len() + have.len(), games.len());
    assert!(report.added.iter().all(|g| !have.contains(&g.id)));
}

#[test]
fn a_single_saved_game_file_imports_too() {
    for g in all_games() {
        let report = import(&g.saved.to_json(), nobody_has).unwrap();
        assert_eq!(report.added, vec![g.saved.clone()], "{}", g.name);
    }
}

#[test]
fn a_game_twice_in_one_file_is_added_once() {
    let games = all_games();
    let twice = vec![games[0].saved.clone(), games[0].saved.clone()];
    let report = import(&export(&twice, NOW), nobody_has).unwrap();
    assert_eq!(report.added.len(), 1);
    assert_eq!(report.already, vec![games[0].saved.id.clone()]);
}

#[test]
fn an_empty_export_imports_nothing() {
    let report = import(&export(&[], NOW), nobody_has).unwrap();
    assert_eq!(report, ImportReport::default());
}

// ------------------------------------------------------ files refused whole

fn export_with(edit: impl Fn(&mut Value)) -> String {
    let (_, text) = the_export();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    edit(&mut v);
    sealed(&v)
}

#[test]
fn files_that_are_not_exports_are_refused_whole() {
    let not_json =
        |r: &Result<ImportReport, ImportError>| matches!(r, Err(ImportError::NotJson(_)));
    let not_export = |r: &Result<ImportReport, ImportError>| r == &Err(ImportError::NotAnExport);
    type Check = fn(&Result<ImportReport, ImportError>) -> bool;
    let cases: Vec<(&str, String, Check)> = vec![
        ("empty", String::new(), not_json),
        ("text", "Anne 54, Bruno 116".into(), not_json),
        ("binary", "\u{0}\u{1}\u{7f}PK\u{3}\u{4}".into(), not_json),
        (
            "a byte-order mark",
            format!("\u{feff}{}", export(&[], 1)),
            not_json,
        ),
        ("two values", format!("{0}{0}", export(&[], 1)), not_json),
        ("a number", "42".into(), not_export),
        ("null", "null".into(), not_export),
        ("a list", "[1, 2, 3]".into(), not_export),
        ("an empty object", "{}".into(), not_export),
        (
            "another format",
            r#"{"format":"genius-sheet","version":1,"games":[]}"#.into(),
            not_export,
        ),
        (
            "no version",
            r#"{"format":"genius-export","games":[]}"#.into(),
            not_export,
        ),
        (
            "a text version",
            r#"{"format":"genius-export","version":"1","games":[]}"#.into(),
            not_export,
        ),
        (
            "a negative version",
            r#"{"format":"genius-export","version":-1,"games":[]}"#.into(),
            not_export,
        ),
        (
            "no games",
            r#"{"format":"genius-export","version":1}"#.into(),
            not_export,
        ),
        (
            "games not a list",
            r#"{"format":"genius-export","version":1,"games":{}}"#.into(),
            not_export,
        ),
        (
            "games null",
            export_with(|v| v["games"] = Value::Null),
            not_export,
        ),
        (
            "format not text",
            export_with(|v| v["format"] = json!(1)),
            not_export,
        ),
    ];
    for (name, text, ok) in &cases {
        let r = import(text, nobody_has);
        assert!(ok(&r), "{name}: {r:?}");
    }
}

#[test]
fn a_newer_export_version_is_refused_untouched() {
    for (version, expected) in [
        (json!(2), 2u32),
        (json!(1000), 1000),
        (json!(u64::MAX), u32::MAX),
    ] {
        let text = export_with(|v| v["version"] = version.clone());
        assert_eq!(
            import(&text, nobody_has),
            Err(ImportError::NewerVersion(expected)),
            "{version}"
        );
    }
    // The pretty export as written, its first version being the file's.
    let (_, text) = the_export();
    let future = text.replacen("\"version\":1", "\"version\":2", 1);
    assert_ne!(future, text);
    assert_eq!(
        import(&future, nobody_has),
        Err(ImportError::NewerVersion(2))
    );
}

#[test]
fn more_than_max_games_is_refused_whole() {
    let list = |n: usize| {
        format!(
            r#"{{"format":"genius-export","version":1,"games":[{}]}}"#,
            vec!["null"; n].join(",")
        )
    };
    assert_eq!(
        import(&list(MAX_GAMES + 1), nobody_has),
        Err(ImportError::TooManyGames(MAX_GAMES + 1))
    );
    // MAX_GAMES is still read, each entry judged on its own.
    let report = import(&list(MAX_GAMES), nobody_has).unwrap();
    assert_eq!(report.refused.len(), MAX_GAMES);
    assert_eq!(report.refused[7], (7, None, LoadError::NotAGame));
}

#[test]
fn a_file_over_the_size_limit_is_refused_before_reading() {
    let max = MAX_IMPORT_BYTES as usize;
    let too_big = " ".repeat(max + 1);
    assert_eq!(
        import(&too_big, nobody_has),
        Err(ImportError::TooLarge {
            bytes: max as u64 + 1
        })
    );
    // An export padded with spaces to exactly the limit is still read.
    let (games, text) = the_export();
    let padded = format!("{text}{}", " ".repeat(max - text.len()));
    assert_eq!(padded.len(), max);
    assert_eq!(
        import(&padded, nobody_has).unwrap().added.len(),
        games.len()
    );
    for (bytes, ok) in [
        (0, true),
        (MAX_IMPORT_BYTES, true),
        (MAX_IMPORT_BYTES + 1, false),
        (u64::MAX, false),
    ] {
        let expected = if ok {
            Ok(())
        } else {
            Err(ImportError::TooLarge { bytes })
        };
        assert_eq!(check_size(bytes), expected, "{bytes} bytes");
    }
}

#[test]
fn a_truncated_export_is_never_half_imported() {
    let (_, text) = the_export();
    let boundaries: Vec<usize> = (0..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .collect();
    // Every cut near both ends, and ~600 spread over the middle.
    let step = (boundaries.len() / 600).max(1);
    let cuts = boundaries
        .iter()
        .take(300)
        .chain(boundaries.iter().rev().take(300))
        .chain(boundaries.iter().step_by(step));
    let mut tried = 0;
    for &cut in cuts {
        let r = import(&text[..cut], nobody_has);
        assert!(
            matches!(r, Err(ImportError::NotJson(_))),
            "cut at {cut}: {r:?}"
        );
        tried += 1;
    }
    assert!(tried > 1000, "{tried} cuts");
}

// ------------------------------------------------ files refused game by game

type Edit = fn(&mut Value);

fn log_of(v: &mut Value) -> &mut Vec<Value> {
    v["record"]["log"].as_array_mut().unwrap()
}

#[test]
fn bad_games_are_refused_one_by_one_and_the_others_added() {
    let games = all_games();
    let saved = saved_games(&games);
    // (game index, what is done to it, what the import says of it)
    let edits: Vec<(usize, &str, Edit, LoadError)> = vec![
        (
            0,
            "an action after the end",
            |v| {
                let first = log_of(v)[0].clone();
                log_of(v).push(first);
            },
            LoadError::DoesNotReplay { index: 10 },
        ),
        (
            2,
            "a roll where the challenge die was",
            |v| {
                let first = log_of(v)[0].clone();
                log_of(v)[1] = first;
            },
            LoadError::DoesNotReplay { index: 1 },
        ),
        (
            4,
            "a game from a newer app",
            |v| v["version"] = json!(3),
            LoadError::NewerVersion(3),
        ),
        (
            5,
            "an id that is a path",
            |v| v["id"] = json!("../../etc/passwd"),
            LoadError::NotAGame,
        ),
        (
            6,
            "not the envelope of a game",
            |v| v["format"] = json!("genius-export"),
            LoadError::NotAGame,
        ),
    ];
    let bad_record: Vec<(usize, &str, Edit)> = vec![
        (3, "an unknown game", |v| v["game"] = json!("chess")),
        (8, "the record of another game", |v| {
            v["game"] = json!("serieux")
        }),
        (9, "a setup that cannot start", |v| {
            v["record"]["setup"]["players"] = json!([])
        }),
        (7, "a face that is no die's", |v| {
            log_of(v)[0]["Roll"]["dice"] = json!([9, 2])
        }),
    ];
    let mut entries: Vec<Value> = saved
        .iter()
        .map(|g| serde_json::to_value(g).unwrap())
        .collect();
    for (i, _, edit, _) in &edits {
        edit(&mut entries[*i]);
    }
    for (i, _, edit) in &bad_record {
        edit(&mut entries[*i]);
    }
    entries.push(json!(42));
    entries.push(json!({"format": "genius-game", "id": "serieux-1-0000"}));
    let text = sealed(
        &json!({"format": "genius-export", "version": 1, "exported_at": NOW, "games": entries}),
    );
    let report = import(&text, nobody_has).unwrap();

    let mut refused: Vec<usize> = Vec::new();
    for (i, what, _, error) in &edits {
        let id = entries[*i]["id"].as_str().map(str::to_string);
        assert!(
            report.refused.contains(&(*i, id.clone(), error.clone())),
            "{what}: {:?}",
            report.refused
        );
        refused.push(*i);
    }
    for (i, what, _) in &bad_record {
        let r = report.refused.iter().find(|r| r.0 == *i);
        assert!(
            matches!(r, Some((_, Some(id), LoadError::BadRecord(_))) if saved[*i].id == id.as_str()),
            "{what}: {r:?}"
        );
        refused.push(*i);
    }
    let n = saved.len();
    assert!(report.refused.contains(&(n, None, LoadError::NotAGame)));
    assert!(report
        .refused
        .contains(&(n + 1, Some("serieux-1-0000".into()), LoadError::NotAGame)));
    assert_eq!(report.refused.len(), refused.len() + 2);
    let kept: Vec<SavedGame> = (0..n)
        .filter(|i| !refused.contains(i))
        .map(|i| saved[i].clone())
        .collect();
    assert!(!kept.is_empty());
    assert_eq!(report.added, kept, "the good games are added, in order");
    assert!(report.already.is_empty());
}

// ------------------------------------------------------------------ history

#[test]
fn points_are_written_in_half_points() {
    for (halves, decimal, text) in [
        (34, ',', "17"),
        (17, ',', "8,5"),
        (17, '.', "8.5"),
        (1, ',', "0,5"),
        (0, ',', "0"),
        (-1, ',', "-0,5"),
        (-6, ',', "-3"),
        (-7, ',', "-3,5"),
        (-7, '.', "-3.5"),
        (125, ',', "62,5"),
    ] {
        assert_eq!(Points(halves).text(decimal), text, "{halves} halves");
    }
    assert_eq!(Points::whole(-3), Points(-6));
}

#[test]
fn a_finished_serieux_game_ends_with_its_primes_added_up() {
    let g = &all_games()[0];
    let o = outcome(&g.saved).unwrap();
    assert_eq!(o.game, GameKind::Serieux);
    assert_eq!(o.variant, Variant::None);
    assert_eq!(o.id, g.saved.id);
    assert_eq!(o.finished_at, g.saved.saved_at);
    assert_eq!(o.players, vec!["Anne", "Bruno"]);
    assert_eq!(o.scores, vec![Points::whole(54), Points::whole(116)]);
    assert_eq!(o.places, vec![2, 1]);
    assert_eq!(o.winners().collect::<Vec<_>>(), vec!["Bruno"]);
    assert!(o.has_points());
}

#[test]
fn a_genius_game_keeps_its_half_point() {
    let games = all_games();
    let o = outcome(&games[2].saved).unwrap();
    assert_eq!(o.variant, Variant::Genius(Mode::Genius));
    assert_eq!(o.scores, vec![Points(125), Points(0)]);
    assert_eq!(o.scores[0].text(','), "62,5");
    assert_eq!(o.places, vec![1, 2]);
    let expert = outcome(&games[4].saved).unwrap();
    assert_eq!(expert.variant, Variant::Genius(Mode::Expert));
    assert_eq!(expert.scores, vec![Points(85), Points::whole(290)]);
    assert_eq!(expert.scores[0].text('.'), "42.5");
    assert_eq!(expert.winners().collect::<Vec<_>>(), vec!["Bruno"]);
}

#[test]
fn other_games_outcomes() {
    let games = all_games();
    let seq = outcome(&games[7].saved).unwrap();
    assert_eq!(seq.game, GameKind::Sequence);
    assert!(!seq.has_points());
    assert_eq!(seq.places, vec![1, 2]);
    assert_eq!(seq.winners().collect::<Vec<_>>(), vec!["Anne"]);
    let rtt = outcome(&games[8].saved).unwrap();
    assert!(matches!(&rtt.variant, Variant::Sheet(fr, en) if !fr.is_empty() && !en.is_empty()));
    assert!(
        rtt.scores[0] > rtt.scores[1] && rtt.scores[0] < Points(0),
        "fewer open squares: {:?}",
        rtt.scores
    );
    let words = outcome(&games[9].saved).unwrap();
    assert_eq!(words.players.len(), 4);
    assert!(words.scores.iter().any(|s| *s > Points(0)));
}

fn game(kind: GameKind, at: u64, rows: &[(&str, i64, usize)]) -> Outcome {
    Outcome {
        id: GameId::parse(&format!("g-{at}")).unwrap(),
        game: kind,
        variant: Variant::None,
        finished_at: at,
        players: rows.iter().map(|r| r.0.to_string()).collect(),
        scores: rows.iter().map(|r| Points(r.1)).collect(),
        places: rows.iter().map(|r| r.2).collect(),
        coached: false,
    }
}

fn history() -> Vec<Outcome> {
    vec![
        game(GameKind::Serieux, 3, &[("Anne", 40, 1), ("Bruno", 20, 2)]),
        game(GameKind::Serieux, 1, &[("anne", 22, 2), ("Bruno", 60, 1)]),
        game(GameKind::Serieux, 2, &[("Anne", 20, 1), ("Chloé", 20, 1)]),
        game(GameKind::Genius, 4, &[("ANNE", 17, 1), ("Bruno", -7, 2)]),
    ]
}

fn row(name: &str, games: usize, wins: usize, best: i64, total: i64) -> PlayerStats {
    PlayerStats {
        name: name.into(),
        games,
        wins,
        best: Some(Points(best)),
        total: Points(total),
    }
}

#[test]
fn stats_count_wins_best_and_total_per_game() {
    let s = stats(&history(), &Aliases::default());
    assert_eq!(s.len(), 2);
    assert_eq!((s[0].game, s[0].games), (GameKind::Serieux, 3));
    assert_eq!(
        s[0].players,
        vec![
            row("Anne", 3, 2, 40, 82),
            row("Bruno", 2, 1, 60, 80),
            row("Chloé", 1, 1, 20, 20),
        ],
        "ordered by wins then games; names compared without case"
    );
    assert_eq!(
        s[0].players
            .iter()
            .map(|p| p.average().unwrap())
            .collect::<Vec<_>>(),
        vec![Points(27), Points(40), Points(20)],
        "27⅓ → 13,5; 20; 10"
    );
    assert_eq!((s[1].game, s[1].games), (GameKind::Genius, 1));
    assert_eq!(s[1].players[0].best, Some(Points(17)));
    assert_eq!(s[1].players[1].average(), Some(Points(-7)));
}

#[test]
fn the_average_rounds_to_the_nearest_half_point() {
    // (games, total in half points, average in half points)
    for (games, total, average) in [
        (1, 17, 17),
        (2, 42, 21),  // 10,5
        (3, 62, 21),  // 10,33 → 10,5
        (3, 64, 21),  // 10,67 → 10,5
        (5, 102, 20), // 10,2 → 10
        (4, 82, 21),  // 10,25: halfway, up to 10,5
        (2, 21, 11),  // 5,25: halfway, up to 5,5
        (3, -7, -2),  // −1,17 → −1
        (4, -10, -2), // −1,25: halfway, up to −1
    ] {
        let p = PlayerStats {
            games,
            total: Points(total),
            ..PlayerStats::default()
        };
        assert_eq!(
            p.average(),
            Some(Points(average)),
            "{total} halves over {games}"
        );
    }
    assert_eq!(PlayerStats::default().average(), None);
}

#[test]
fn aliases_rename_and_merge_players() {
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [(&'a str, &'a str)]);
    // (what, renames in order, name → the name it resolves to)
    let cases: &[Case] = &[
        ("none", &[], &[("Anne", "Anne"), (" Anne ", "Anne")]),
        (
            "a rename",
            &[("Anne", "Annie")],
            &[("Anne", "Annie"), ("Bruno", "Bruno"), ("Annie", "Annie")],
        ),
        (
            "without regard to case",
            &[("aNNE", "Annie")],
            &[("Anne", "Annie"), ("ANNE", "Annie"), (" anne ", "Annie")],
        ),
        (
            "a merge into an existing name",
            &[("Bruno", "Anne")],
            &[("Bruno", "Anne"), ("Anne", "Anne")],
        ),
        (
            "a chain stays flat",
            &[("Anne", "Annie"), ("Annie", "Ann")],
            &[("Anne", "Ann"), ("Annie", "Ann")],
        ),
        (
            "a merged player renamed",
            &[("Bruno", "Anne"), ("Anne", "Annie")],
            &[("Bruno", "Annie"), ("Anne", "Annie")],
        ),
        (
            "renaming back",
            &[("Anne", "Annie"), ("Annie", "Anne")],
            &[("Anne", "Anne"), ("Annie", "Anne")],
        ),
        (
            "into a name since renamed: that player",
            &[("Anne", "Annie"), ("Chloé", "Anne")],
            &[("Chloé", "Annie"), ("Anne", "Annie")],
        ),
        (
            "empty names are ignored",
            &[("", "X"), ("Anne", "  ")],
            &[("Anne", "Anne"), ("", "")],
        ),
    ];
    for (what, renames, expected) in cases {
        let mut a = Aliases::default();
        for (from, to) in *renames {
            a.rename(from, to);
        }
        let pairs =
            Aliases::from_pairs(renames.iter().map(|(f, t)| (f.to_string(), t.to_string())));
        assert_eq!(pairs, a, "{what}: from_pairs is the renames in order");
        for (name, now) in *expected {
            assert_eq!(a.resolve(name), *now, "{what}: {name:?}");
        }
    }
}

#[test]
fn merged_players_add_up_in_the_stats() {
    let mut a = Aliases::default();
    a.rename("Chloé", "anne");
    a.rename("bruno", "Bob");
    let s = stats(&history(), &a);
    let names: Vec<&str> = s[0].players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, vec!["Anne", "Bob"], "{:?}", s[0].players);
    assert_eq!((s[0].players[0].games, s[0].players[0].wins), (4, 3));
    assert_eq!(s[0].players[0].total, Points(102));
    a.rename("Bob", "Bruno");
    let s = stats(&history(), &a);
    assert_eq!(s[0].players[1].name, "Bruno", "renamed back");
}

#[test]
fn a_cycle_of_hand_made_aliases_does_not_hang() {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let ring: Vec<(String, String)> = (0..50)
            .map(|i| (format!("P{i}"), format!("P{}", (i + 1) % 50)))
            .collect();
        let a = Aliases::from_pairs(ring);
        let mut b = Aliases::from_pairs(vec![
            ("a".into(), "b".into()),
            ("b".into(), "a".into()),
            ("c".into(), "C".into()),
        ]);
        b.rename("a", "b");
        let names: Vec<String> = (0..50).map(|i| a.resolve(&format!("p{i}"))).collect();
        let _ = tx.send((names, b.resolve("a"), b.resolve("b"), b.resolve("c")));
    });
    let (names, a, b, c) = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("aliases with a cycle hang");
    assert!(
        names.iter().all(|n| n.eq_ignore_ascii_case(&names[0])),
        "one ring, one player: {names:?}"
    );
    assert!(
        a.eq_ignore_ascii_case(&b),
        "a and b are one player: {a} {b}"
    );
    assert!(c.eq_ignore_ascii_case("c"));
}

#[test]
fn dates_in_the_players_time_zone() {
    // (ms since the epoch, minutes east of UTC, date)
    for (ms, offset, text) in [
        (0, 0, "1970-01-01 00:00"),
        (0, -300, "1969-12-31 19:00"),
        (59_999, 0, "1970-01-01 00:00"),
        (1_795_269_900_000, 0, "2026-11-21 14:05"),
        (1_795_615_500_000, 0, "2026-11-25 14:05"),
        (1_709_208_000_000, 0, "2024-02-29 12:00"),
        (1_798_759_800_000, 60, "2027-01-01 00:30"),
        (1_709_258_400_000, -300, "2024-02-29 21:00"),
        (1_677_636_000_000, -300, "2023-02-28 21:00"),
        (951_868_740_000, 0, "2000-02-29 23:59"),
        (951_868_740_000, 60, "2000-03-01 00:59"),
        (NOW, 0, "2025-11-24 16:00"),
    ] {
        assert_eq!(date_text(ms, offset), text, "{ms} at {offset:+} min");
    }
    assert_eq!(civil(0, 0), (1970, 1, 1, 0, 0));
    assert_eq!(civil(1_709_208_000_000, 0), (2024, 2, 29, 12, 0));
    // Any u64 the file may hold is a date, no overflow.
    let (year, ..) = civil(u64::MAX, 14 * 60);
    assert!(year > 500_000_000);
}

const FR: CsvWords = CsvWords {
    header: [
        "Date", "Jeu", "Variante", "Joueur", "Score", "Place", "Gagnant",
    ],
    separator: ';',
    decimal: ',',
    yes: "oui",
    no: "non",
};

const EN: CsvWords = CsvWords {
    header: [
        "Date", "Game", "Variant", "Player", "Score", "Place", "Winner",
    ],
    separator: ',',
    decimal: '.',
    yes: "yes",
    no: "no",
};

fn label(o: &Outcome) -> (String, String) {
    let game = match o.game {
        GameKind::Serieux => "Mode Sérieux",
        GameKind::Genius => "Genius",
        GameKind::Sequence => "Séquence Dés",
        _ => "?",
    };
    let variant = match &o.variant {
        Variant::Genius(m) => format!("{m:?}"),
        _ => String::new(),
    };
    (game.into(), variant)
}

fn csv_history() -> Vec<Outcome> {
    let games = all_games();
    let mut sequence = outcome(&games[7].saved).unwrap();
    sequence.finished_at = 1_709_208_000_000; // 2024-02-29 12:00
    vec![
        game(
            GameKind::Genius,
            1_795_269_900_000, // 2026-11-21 14:05
            &[("Jean;Pierre \"JP\"", 17, 2), ("Smith, Jo", 233, 1)],
        ),
        sequence,
    ]
}

#[test]
fn csv_in_french() {
    let mut aliases = Aliases::default();
    aliases.rename("Bruno", "Bruno B.");
    let text = csv(&csv_history(), &aliases, &FR, 60, label);
    let expected = "\u{feff}Date;Jeu;Variante;Joueur;Score;Place;Gagnant\r\n\
        2024-02-29 13:00;Séquence Dés;;Anne;;1;oui\r\n\
        2024-02-29 13:00;Séquence Dés;;Bruno B.;;2;non\r\n\
        2026-11-21 15:05;Genius;;\"Jean;Pierre \"\"JP\"\"\";8,5;2;non\r\n\
        2026-11-21 15:05;Genius;;Smith, Jo;116,5;1;oui\r\n";
    assert_eq!(text, expected);
}

#[test]
fn csv_in_english() {
    let text = csv(&csv_history(), &Aliases::default(), &EN, 0, label);
    let expected = "\u{feff}Date,Game,Variant,Player,Score,Place,Winner\r\n\
        2024-02-29 12:00,Séquence Dés,,Anne,,1,yes\r\n\
        2024-02-29 12:00,Séquence Dés,,Bruno,,2,no\r\n\
        2026-11-21 14:05,Genius,,\"Jean;Pierre \"\"JP\"\"\",8.5,2,no\r\n\
        2026-11-21 14:05,Genius,,\"Smith, Jo\",116.5,1,yes\r\n";
    assert_eq!(text, expected);
}

#[test]
fn csv_of_nothing_is_the_header() {
    assert_eq!(
        csv(&[], &Aliases::default(), &FR, 0, label),
        "\u{feff}Date;Jeu;Variante;Joueur;Score;Place;Gagnant\r\n"
    );
}

#[test]
fn csv_of_every_real_game_has_one_line_per_player() {
    let outcomes: Vec<Outcome> = all_games()
        .iter()
        .map(|g| outcome(&g.saved).unwrap())
        .collect();
    let text = csv(&outcomes, &Aliases::default(), &FR, 0, label);
    let players: usize = outcomes.iter().map(|o| o.players.len()).sum();
    assert_eq!(text.matches("\r\n").count(), players + 1);
    assert!(text.lines().skip(1).all(|l| l.split(';').count() == 7));
}

#[test]
fn a_hand_edited_sheet_of_roll_to_the_top_is_refused_not_a_crash() {
    let rtt = all_games().remove(8).saved;
    assert_eq!(rtt.game, GameKind::Rtt);
    type SheetEdit = fn(&mut Value);
    let edits: [(&str, SheetEdit); 4] = [
        ("resting on no square", |s| {
            s["squares"][3]["on"][0] = json!(u64::MAX)
        }),
        ("a neighbour that is not there", |s| {
            s["squares"][5]["neighbours"] = json!([99])
        }),
        ("no squares", |s| s["squares"] = json!([])),
        ("ids out of order", |s| s["squares"][1]["id"] = json!(4)),
    ];
    for (what, edit) in edits {
        let mut v = serde_json::to_value(&rtt).unwrap();
        edit(&mut v["record"]["setup"]["sheet"]);
        let r = check(&sealed(&v));
        assert!(matches!(r, Err(LoadError::BadRecord(_))), "{what}: {r:?}");
        let report = import(&sealed(&v), nobody_has).unwrap();
        assert!(
            matches!(
                report.refused.as_slice(),
                [(0, Some(_), LoadError::BadRecord(_))]
            ),
            "{what}: {report:?}"
        );
    }
}

#[test]
fn a_rename_can_be_forgotten_and_the_pairs_keep_the_names_as_written() {
    let mut a = Aliases::default();
    a.rename(" Anne ", "Annie");
    a.rename("Bruno", "annie");
    let mut pairs: Vec<(String, String)> = a
        .pairs()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect();
    pairs.sort();
    assert_eq!(
        pairs,
        vec![
            ("Anne".to_string(), "Annie".to_string()),
            ("Bruno".to_string(), "annie".to_string())
        ]
    );
    assert_eq!(Aliases::from_pairs(pairs), a, "saved pairs load back");
    a.forget("ANNE");
    assert_eq!(a.resolve("Anne"), "Anne");
    assert_eq!(a.resolve("Bruno"), "annie", "the merge stays");
}

#[test]
fn an_export_kept_in_a_phone_app_says_where_why_and_what_to_do() {
    use genius::i18n::Lang;
    use genius::platform::Handed;
    let path = "/data/user/0/app.genius.table/files/exports/genius-export-2026-11-23.json";
    let fr = Lang::Fr.handed(&Handed::KeptInApp(path.into()));
    assert!(fr.contains(path), "{fr}");
    assert!(fr.contains("que seule l'application peut lire"), "{fr}");
    assert!(fr.contains("menu Partager"), "{fr}");
    assert!(fr.contains("version web"), "{fr}");
    let en = Lang::En.handed(&Handed::KeptInApp(path.into()));
    assert!(en.contains(path), "{en}");
    assert!(en.contains("which only the app can read"), "{en}");
    assert!(en.contains("share menu"), "{en}");
    assert!(en.contains("web version"), "{en}");
    // The desktop's folder is the player's own: just where it is.
    assert_eq!(
        Lang::En.handed(&Handed::Saved("/home/a/exports/x.csv".into())),
        "File saved: /home/a/exports/x.csv"
    );
    assert_eq!(
        Lang::Fr.handed(&Handed::Saved("/home/a/exports/x.csv".into())),
        "Fichier enregistré : /home/a/exports/x.csv"
    );
}

// ---------------------------------------------------------------- table games

/// An export of a game played on several phones is not a key: it carries
/// neither the phone's endpoint key, nor the table's secret, nor the
/// openings of its choices not shown yet (all in its table mark), and a
/// table game imported (from a file written before, or a crafted one)
/// opens as a game of one phone.
#[test]
fn an_exported_table_game_holds_no_secret_and_imports_as_a_game_of_one_phone() {
    use genius::core::save::{TableMark, TableRole};
    let secret = "5ec7e75ec7e75ec7e75ec7e75ec7e75e";
    let key = "4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b";
    let nonce = "0707070707070707070707070707070707070707070707070707070707070707";
    let mark = TableMark {
        ticket: format!("v=1&g=einstein&h={key}&s={secret}"),
        role: TableRole::Guest,
        link: json!({
            "state": {"secret": secret, "replica": {"openings": [{"nonce": nonce}]}},
            "key": key,
        }),
    };
    for g in all_games() {
        let table_game = g.saved.clone().with_table(&mark);
        let text = export(std::slice::from_ref(&table_game), NOW);
        for hidden in [secret, key, nonce] {
            assert!(!text.contains(hidden), "{}: {text}", g.name);
        }
        let report = import(&text, nobody_has).unwrap();
        assert_eq!(report.added, vec![g.saved.clone()], "{}", g.name);
        let report = import(&table_game.to_json(), nobody_has).unwrap();
        assert_eq!(report.added.len(), 1, "{}", g.name);
        assert!(report.added[0].table_mark().is_none(), "{}", g.name);
    }
}
