//! Séquence Dés: the coach against the greedy baseline, two players, seeded
//! dice, the side that starts alternating; and how long one advice takes.

use super::stats::Estimate;
use super::Budget;
use genius::core::coach::sequence::{advise, greedy};
use genius::core::dice::D6;
use genius::core::game::{RollSource, Rules};
use genius::core::sequence::{Action, Phase, Sequence, Setup};
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Throws after which a game that nobody won counts as a draw.
const LONGEST: usize = 2_000;

/// One game; `coach` is the coach's seat, `first` the seat that starts.
/// Returns the coach's result (1 won, 0 lost, ½ drawn).
fn game(seed: u64, coach: usize, first: usize, timings: &mut Vec<Duration>) -> f64 {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = Sequence::start(&Setup {
        players: vec![
            Player::new("Coach", Colour::ALL[0]),
            Player::new("Greedy", Colour::ALL[1]),
        ],
        first: FirstPlayer::Chosen(first),
        six_in_a_row: false,
    })
    .expect("a valid setup");
    for _ in 0..LONGEST {
        if let Some((side, _)) = g.winner() {
            return if *side == coach { 1.0 } else { 0.0 };
        }
        let action = match g.phase() {
            Phase::Roll => Action::Roll {
                dice: vec![
                    D6::new(rng.random_range(1..=6)).unwrap(),
                    D6::new(rng.random_range(1..=6)).unwrap(),
                ],
                source: RollSource::Virtual,
            },
            _ if g.current_player() == Some(coach) => {
                let t = Instant::now();
                let advice = advise(&g).expect("a decision");
                timings.push(t.elapsed());
                advice.recommended().unwrap().option.action.clone()
            }
            _ => greedy(&g).expect("a decision"),
        };
        g = g.apply(&action).expect("a legal move");
    }
    0.5
}

pub fn run(budget: &Budget) {
    let games = budget.games(2_000, 4);
    let mut timings = Vec::new();
    let mut total = 0.0;
    let mut as_first = (0.0, 0);
    for i in 0..games {
        // Pairs of games: the coach sits at 0 or 1, and the starter alternates.
        let coach = i % 2;
        let first = (i / 2) % 2;
        let r = game(1_000 + i as u64, coach, first, &mut timings);
        total += r;
        if coach == first {
            as_first.0 += r;
            as_first.1 += 1;
        }
    }
    let rate = Estimate::rate(total, games);
    println!("coach vs greedy, {games} games (five in a row, two players):");
    println!("  coach's win rate   {rate}");
    println!(
        "  when it starts     {}",
        Estimate::rate(as_first.0, as_first.1)
    );
    println!(
        "  when greedy starts {}",
        Estimate::rate(total - as_first.0, games - as_first.1)
    );
    latency("one Séquence Dés advice", timings);
}

/// Prints the median and the 95th percentile of some timings (native).
pub fn latency(what: &str, mut timings: Vec<Duration>) {
    if timings.is_empty() {
        return;
    }
    timings.sort();
    let at = |q: usize| timings[(timings.len() * q / 100).min(timings.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "  latency of {what} (native, {} answers): p50 {:.3} ms, p95 {:.3} ms",
        timings.len(),
        ms(at(50)),
        ms(at(95))
    );
}
