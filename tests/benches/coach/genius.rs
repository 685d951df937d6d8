//! Genius modes, two-player self-play against "always the column with the
//! best immediate expected points", seats alternating who starts, twice:
//! - columns only: the baseline also takes the coach's advice at the other
//!   decisions (Défi, MIN or MAX), so only the column policy differs;
//! - the whole coach: the baseline decides the rest the plainest way (a Défi
//!   erases nothing, a value goes in MIN when both cells are free).
//!
//! `latency` prints how long the checker's, Mode Sérieux's and the Genius
//! modes' advice takes, natively.

use crate::stats::Estimate;
use crate::Budget;
use genius::core::coach::genius::{advise, Choice};
use genius::core::coach::serieux;
use genius::core::game::{Mode, Move, RollSource, Rules};
use genius::core::genius::{Action, FirstPlayer, Genius, Phase, Setup};
use genius::core::serieux::{Serieux, Setup as SerieuxSetup};
use genius::core::table::{Colour, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

fn players(n: usize) -> Vec<Player> {
    (0..n)
        .map(|i| Player::new(&format!("P{i}"), Colour::ALL[i]))
        .collect()
}

fn play(game: &mut Genius, action: Action) {
    game.validate(&action).expect("a legal move");
    game.apply_valid(&action);
}

/// Rolls `roll`'s dice at random and plays it.
fn roll(game: &mut Genius, dice: &genius::core::game::Roll, rng: &mut StdRng) {
    let values: Vec<u32> = dice
        .dice
        .iter()
        .map(|kind| {
            let range = kind.values();
            rng.random_range(range)
        })
        .collect();
    let action = game
        .rolled(dice, &values, RollSource::Virtual)
        .expect("values of the dice");
    play(game, action);
}

/// The baseline the coach is measured against: the open column with the
/// best immediate expected points (the coach's own figure for each column;
/// the last of the best on a tie).
fn greedy_column(game: &Genius) -> Option<usize> {
    advise(game)?
        .options
        .iter()
        .filter_map(|scored| match scored.option {
            Choice::Column(k) => Some((scored.expected?, k - 1)),
            _ => None,
        })
        .max()
        .map(|(_, column)| column)
}

/// One game; `coached` is the seat that follows the coach's columns (and,
/// unless `columns_only`, is the only one to follow it elsewhere).
/// Returns the coached seat's result: 1 win, ½ shared first, 0 loss.
fn one_game(mode: Mode, coached: usize, first: usize, columns_only: bool, rng: &mut StdRng) -> f64 {
    let mut game = Genius::start(&Setup {
        players: players(2),
        first: FirstPlayer::Chosen(first),
        mode,
        finish_round: false,
    })
    .expect("a game");
    let mut steps = 0;
    while !game.is_finished() {
        steps += 1;
        assert!(steps < 10_000, "a game that does not end");
        let me = game.current_player().expect("a player");
        match game.phase() {
            Phase::Roll if mode != Mode::Expert => {
                let column = if me == coached {
                    match advise(&game).and_then(|a| a.recommended().map(|s| s.option)) {
                        Some(Choice::Column(k)) => k - 1,
                        other => panic!("no column advised: {other:?}"),
                    }
                } else {
                    greedy_column(&game).expect("an open column")
                };
                roll(&mut game, &genius::core::game::Roll::d6(column + 1), rng);
            }
            Phase::Defi { .. } | Phase::Place { .. } if me != coached && !columns_only => {
                let action = match game.phase() {
                    Phase::Defi { .. } => Action::KeepAll,
                    _ => game.legal_moves()[0].as_play().expect("a slot").clone(),
                };
                play(&mut game, action);
            }
            Phase::Defi { .. } | Phase::Place { .. } => {
                let action = match advise(&game).and_then(|a| a.recommended().map(|s| s.option)) {
                    Some(Choice::Erase { player, cell }) => Action::Erase { player, cell },
                    Some(Choice::Place(slot)) => Action::Place { slot },
                    _ => Action::KeepAll,
                };
                play(&mut game, action);
            }
            _ => {
                let moves = game.legal_moves();
                let Some(Move::Roll(dice)) = moves.first() else {
                    panic!("a roll expected");
                };
                let dice = dice.clone();
                roll(&mut game, &dice, rng);
            }
        }
    }
    let places = game.places();
    match (places[coached], places[1 - coached]) {
        (1, 1) => 0.5,
        (1, _) => 1.0,
        _ => 0.0,
    }
}

fn p95(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[(samples.len() * 95 / 100).min(samples.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

pub fn run(budget: &Budget) {
    let games = budget.games(2_000, 4);
    println!("Two players, coach's columns vs best immediate expected points, {games} games per mode, seats alternating who starts:");
    for (columns_only, what) in [(true, "columns only"), (false, "the whole coach")] {
        for mode in [Mode::Genius, Mode::Simple, Mode::Longue] {
            let mut rng = StdRng::seed_from_u64(2026);
            let mut wins = 0.0;
            for g in 0..games {
                wins += one_game(mode, g % 2, (g / 2) % 2, columns_only, &mut rng);
            }
            println!(
                "  {what}, {mode:?}: coach's win rate {}",
                Estimate::rate(wins, games)
            );
        }
    }
}

/// How long one advice takes natively, at states met in play.
pub fn latency(budget: &Budget) {
    let mut rng = StdRng::seed_from_u64(7);
    let mut genius_times = Vec::new();
    for _ in 0..budget.games(200, 5) {
        let mut game = Genius::start(&Setup {
            players: players(6),
            first: FirstPlayer::Chosen(0),
            mode: Mode::Longue,
            finish_round: false,
        })
        .expect("a game");
        for _ in 0..rng.random_range(0..60) {
            if game.is_finished() {
                break;
            }
            let moves = game.legal_moves();
            match &moves[rng.random_range(0..moves.len())] {
                Move::Roll(dice) => roll(&mut game, &dice.clone(), &mut rng),
                Move::Play(action) => play(&mut game, action.clone()),
                Move::Compose(_) => unreachable!("Genius composes nothing"),
            }
        }
        let start = Instant::now();
        std::hint::black_box(advise(&game));
        genius_times.push(start.elapsed());
    }
    println!(
        "  advice latency, Partie + Longue, six players: p50 {}  p95 {}",
        ms(genius_times[genius_times.len() / 2]),
        ms(p95(genius_times))
    );

    let mut serieux_times = Vec::new();
    for players_at_table in 1..=6 {
        let game = Serieux::start(&SerieuxSetup {
            players: players(players_at_table),
            first: genius::core::serieux::FirstPlayer::Chosen(0),
        })
        .expect("a game");
        let start = Instant::now();
        std::hint::black_box(serieux::advise(&game));
        serieux_times.push(start.elapsed());
    }
    println!(
        "  Mode Sérieux advice at the first roll, 1 to 6 players: worst {} (6 players: {})",
        ms(*serieux_times.iter().max().expect("times")),
        ms(serieux_times[5])
    );
}
