//! What the device keeps beside the games, in its own test binary (it
//! points the app's data folder at a fresh temporary one before anything
//! reads it): the Einstein personal best and the Roll to the Top series
//! (each game's record, as its contract names it) change when a game ends,
//! and only as the rules of the records say.

use genius::core::game::{GameKind, Points, Standings};
use genius::core::save::GameId;
use genius::core::table::{Colour, Player};
use genius::records::{best_alone, game_ended, reset_series, series, Series};

fn einstein_best() -> Option<i32> {
    best_alone(GameKind::Einstein)
}

fn rtt_series() -> Series {
    series(GameKind::Rtt)
}

fn id(id: &str) -> GameId {
    GameId::parse(id).unwrap()
}

fn standings(scores: &[(&str, i64)]) -> Standings {
    let players: Vec<Player> = scores
        .iter()
        .enumerate()
        .map(|(i, (n, _))| Player::new(n, Colour::ALL[i]))
        .collect();
    let points = scores.iter().map(|(_, s)| Points::whole(*s)).collect();
    Standings::ranked(&players, points, vec![true; scores.len()])
}

#[test]
fn records_change_when_games_end() {
    let dir = std::env::temp_dir().join(format!("genius-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::env::set_var("GENIUS_DATA_DIR", &dir);

    // Einstein: only a solo game, and only a better total, sets the best.
    assert_eq!(einstein_best(), None);
    game_ended(
        GameKind::Einstein,
        &id("einstein-1"),
        &standings(&[("Anne", 120)]),
        false,
    );
    assert_eq!(einstein_best(), Some(120));
    game_ended(
        GameKind::Einstein,
        &id("einstein-2"),
        &standings(&[("Anne", -400)]),
        false,
    );
    assert_eq!(einstein_best(), Some(120), "a worse total keeps the best");
    game_ended(
        GameKind::Einstein,
        &id("einstein-3"),
        &standings(&[("Anne", 900), ("Bruno", 10)]),
        false,
    );
    assert_eq!(einstein_best(), Some(120), "not a solo game");
    game_ended(
        GameKind::Einstein,
        &id("einstein-4"),
        &standings(&[("Anne", 300)]),
        false,
    );
    assert_eq!(einstein_best(), Some(300));
    game_ended(
        GameKind::Einstein,
        &id("einstein-5"),
        &standings(&[("Anne", 999)]),
        true,
    );
    assert_eq!(einstein_best(), Some(300), "a coached game sets no best");

    // Roll to the Top: each game counts once in the series, by name.
    let game = standings(&[("Anne", 0), ("Bruno", -3)]);
    game_ended(GameKind::Rtt, &id("rtt-1"), &game, false);
    game_ended(GameKind::Rtt, &id("rtt-1"), &game, false);
    game_ended(
        GameKind::Rtt,
        &id("rtt-2"),
        &standings(&[("Bruno", -1)]),
        false,
    );
    game_ended(
        GameKind::Rtt,
        &id("rtt-3"),
        &standings(&[("Anne", 7)]),
        true,
    );
    let series = rtt_series();
    assert_eq!(
        series.totals.get("Anne"),
        Some(&0),
        "a coached game is not in the series"
    );
    assert_eq!(series.totals.get("Bruno"), Some(&-4));
    assert_eq!(series.counted, vec!["rtt-1", "rtt-2"]);
    // The end of a game shows the series with that game counted, whether
    // or not its end has reached the records yet (at a table it reaches
    // them when the table's log says the game is over).
    let ended = standings(&[("Anne", -2), ("Bruno", 0)]);
    let shown = series.with(&id("rtt-4"), &ended, false);
    assert_eq!(shown.total("Anne"), Points::whole(-2));
    assert_eq!(shown.total("Bruno"), Points::whole(-4));
    assert_eq!(
        series.with(&id("rtt-2"), &ended, false),
        series,
        "counted once"
    );
    assert_eq!(series.with(&id("rtt-4"), &ended, true), series, "coached");
    // A reset sets every total to 0; the games counted stay counted, so a
    // game ended again after an undo does not come back into the series.
    assert!(reset_series(GameKind::Rtt).totals.is_empty());
    assert!(rtt_series().totals.is_empty());
    game_ended(
        GameKind::Rtt,
        &id("rtt-2"),
        &standings(&[("Bruno", -1)]),
        false,
    );
    assert_eq!(rtt_series().total("Bruno"), Points::whole(0));

    // Other games keep no record.
    game_ended(
        GameKind::Serieux,
        &id("serieux-1"),
        &standings(&[("Anne", 99)]),
        false,
    );
    assert_eq!(einstein_best(), Some(300));
    assert_eq!(best_alone(GameKind::Serieux), None);
    // Stored where earlier versions stored them: the records survive an
    // update.
    assert!(dir.join("einstein-best.json").is_file());
    assert!(dir.join("rtt-series.json").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}
