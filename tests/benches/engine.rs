//! Prints how long the engine takes to replay a 10 000-action log and to save
//! one action (serialise + crash-safe write with fsync), native build.
//!   cargo bench --bench engine
//! Run by `cargo test` too (one quick pass), so it cannot rot.

use genius::core::dice::D6;
use genius::core::dice_kinds::DieKind;
use genius::core::game::{GameKind, RollSource};
use genius::core::roller::{Action as RollerAction, Roller};
use genius::core::save::{GameId, SavedGame};
use genius::core::serieux::{Action, FirstPlayer, Serieux, Setup};
use genius::core::session::{Record, Session};
use genius::core::table::{Colour, Player};
use genius::platform::write_atomically;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn p95(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[(samples.len() * 95 / 100).min(samples.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let runs = if full { 30 } else { 3 };
    let mut rng = StdRng::seed_from_u64(42);

    // A 10 000-action log: the dice roller with five mixed dice, keeping and
    // re-rolling, as a long evening at the table would record it.
    let dice = vec![
        DieKind::D6,
        DieKind::D6,
        DieKind::D8,
        DieKind::D20,
        DieKind::Challenge,
    ];
    let mut roller = Session::<Roller>::new(dice).unwrap();
    while roller.log().len() < 10_000 {
        if rng.random_bool(0.2) && roller.state().history().next().is_some() {
            let die = rng.random_range(0..roller.state().dice().len());
            let kept = !roller.state().is_kept(die);
            if roller.act(RollerAction::Keep { die, kept }).is_ok() && roller.state().to_roll() == 0
            {
                roller.act(RollerAction::Keep { die, kept: false }).unwrap();
            }
        } else {
            let values = roller
                .state()
                .kinds_to_roll()
                .iter()
                .map(|k| rng.random_range(k.values()))
                .collect();
            roller
                .act(RollerAction::Roll {
                    values,
                    source: RollSource::Virtual,
                })
                .unwrap();
        }
    }
    let record: Record<Roller> = roller.record().clone();
    let replay: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let s = Session::replay(record.clone()).unwrap();
            let d = t.elapsed();
            assert_eq!(s.state(), roller.state());
            d
        })
        .collect();

    // Saving one action of a Mode Sérieux game in progress.
    let dir = std::env::temp_dir().join(format!("genius-bench-{}", std::process::id()));
    let path = dir.join("serieux.json");
    let setup = Setup {
        players: (0..4)
            .map(|i| Player::new(&format!("Joueur {i}"), Colour::ALL[i]))
            .collect(),
        first: FirstPlayer::Chosen(0),
    };
    let mut saves = Vec::new();
    for _ in 0..runs.max(10) * 3 {
        let mut game = Session::<Serieux>::new(setup.clone()).unwrap();
        while !game.is_finished() {
            let k = rng.random_range(1..=5);
            let dice = (0..k).map(|_| D6::ALL[rng.random_range(0..6)]).collect();
            let t = Instant::now();
            game.act(Action::Roll {
                dice,
                source: RollSource::Virtual,
            })
            .unwrap();
            let saved = SavedGame::of(
                &GameId::parse("serieux-bench").unwrap(),
                GameKind::Serieux,
                0,
                &game,
            );
            write_atomically(&path, saved.to_json().as_bytes()).unwrap();
            saves.push(t.elapsed());
        }
    }
    // And one save of the 10 000-action roller log, the worst case.
    let big: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let saved = SavedGame::of(
                &GameId::parse("roller-bench").unwrap(),
                GameKind::Serieux,
                0,
                &roller,
            );
            write_atomically(&dir.join("roller.json"), saved.to_json().as_bytes()).unwrap();
            t.elapsed()
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);

    // Roll to the Top: the squares playable with a five-dice result on the
    // largest shipped sheet, half filled.
    let sheets = genius::core::rtt::shipped_sheets();
    let largest = sheets.iter().max_by_key(|s| s.len()).expect("sheets");
    let mut filled = vec![None; largest.len()];
    for (i, sq) in largest.squares.iter().enumerate() {
        if sq.row == 0 || i % 3 == 0 && genius::core::rtt::accepts(largest, &filled, i, 20, false) {
            filled[i] = Some(10 + sq.row as u32 * 5);
        }
    }
    let result = [3u32, 5, 7, 11, 19];
    let used = [false; 5];
    let reps = if full { 2000 } else { 20 };
    let mut playable_times = Vec::with_capacity(reps);
    let mut found = 0;
    for _ in 0..reps {
        let t = Instant::now();
        let p = genius::core::rtt::playable(largest, &filled, &result, &used, false);
        playable_times.push(t.elapsed());
        found = p.len();
    }

    println!(
        "replay of a {}-action log: median {} (budget 10 ms), {runs} runs",
        record.log.len(),
        ms(median(replay))
    );
    println!(
        "save one action (Mode Sérieux, 4 players, apply + serialise + write with fsync): median {}, p95 {} (budget 2 ms), {} saves",
        ms(median(saves.clone())),
        ms(p95(saves.clone())),
        saves.len()
    );
    println!("save of the 10 000-action log: median {}", ms(median(big)));
    println!(
        "Roll to the Top, playable squares for a five-dice result on \"{}\" ({} squares, {found} playable): median {}, p95 {} (budget 1 ms)",
        largest.id,
        largest.len(),
        ms(median(playable_times.clone())),
        ms(p95(playable_times))
    );
}
