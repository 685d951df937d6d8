//! Saved games and an export written by the app before the game contract
//! (main at 4ac8f55): they must still load, replay and score exactly as they
//! did then. `outcomes.tsv` holds what that build said of each game.

use genius::core::export::import;
use genius::core::games::check;
use genius::core::history::outcome;
use genius::core::save::SavedGame;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/main-4ac8f55")
}

/// One line of `outcomes.tsv`, as this build describes the game.
fn describe(name: &str, saved: &SavedGame) -> String {
    let o = outcome(saved).expect("the outcome of a fixture");
    format!(
        "{name}\t{}\t{:?}\t{:?}\t{:?}\t{:?}\t{}",
        saved.finished,
        o.variant,
        o.players,
        o.scores.iter().map(|p| p.0).collect::<Vec<_>>(),
        o.places,
        saved.id
    )
}

fn expected() -> Vec<(String, String)> {
    std::fs::read_to_string(dir().join("outcomes.tsv"))
        .unwrap()
        .lines()
        .map(|line| {
            (
                line.split('\t').next().unwrap().to_string(),
                line.to_string(),
            )
        })
        .collect()
}

#[test]
fn every_saved_game_of_the_old_build_loads_and_scores_the_same() {
    let expected = expected();
    assert_eq!(
        expected.len(),
        10,
        "one fixture per game kind and Genius mode"
    );
    for (name, line) in &expected {
        let text = std::fs::read_to_string(dir().join(format!("{name}.json"))).unwrap();
        let saved = check(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(&describe(name, &saved), line, "{name}");
        // Written back (in today's format, with its checksum), it reads
        // back as the same game.
        let again = check(&saved.to_json()).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(again.record.get(), saved.record.get(), "{name}");
        assert_eq!(&describe(name, &again), line, "{name}");
    }
}

#[test]
fn the_old_export_imports_whole() {
    let text = std::fs::read_to_string(dir().join("export.json")).unwrap();
    let report = import(&text, |_| false).unwrap();
    assert!(report.refused.is_empty(), "{:?}", report.refused);
    assert!(report.already.is_empty());
    let expected = expected();
    assert_eq!(report.added.len(), expected.len());
    for ((name, line), saved) in expected.iter().zip(&report.added) {
        assert_eq!(&describe(name, saved), line, "{name}");
    }
}
