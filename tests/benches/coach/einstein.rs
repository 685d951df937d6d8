//! Einstein: the advisor against the greedy one-step baseline and random
//! legal play, in solo games on the same seeded dice, and how long one
//! advice takes natively.

use crate::stats::{paired_difference, Estimate};
use crate::Budget;
use genius::core::coach::einstein::{advise, greedy};
use genius::core::dice::D6;
use genius::core::einstein::{Action, Choice, Einstein, Phase, Setup};
use genius::core::game::{RollSource, Rules};
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

#[derive(Clone, Copy)]
enum Policy {
    Advisor,
    Greedy,
    Random,
}

/// One solo game: the final score, and how long each advice took (advisor
/// only). The dice come from `seed` alone, so every policy sees the same
/// rolls in the same order; random play draws its picks from another stream.
fn play(seed: u64, policy: Policy, latencies: &mut Vec<Duration>) -> i32 {
    let mut dice_rng = StdRng::seed_from_u64(seed);
    let mut pick_rng = StdRng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let setup = Setup {
        players: vec![Player::new("Solo", Colour::ALL[0])],
        first: FirstPlayer::Chosen(0),
    };
    let mut game = Einstein::start(&setup).expect("a solo game starts");
    while !game.is_finished() {
        let action = match game.phase() {
            Phase::Roll => Action::Roll {
                dice: (0..5)
                    .map(|_| D6::ALL[dice_rng.random_range(0..6)])
                    .collect(),
                source: RollSource::Virtual,
            },
            Phase::Choose { dice, .. } => {
                let choice: Choice = match policy {
                    Policy::Advisor => {
                        let start = Instant::now();
                        let advice = advise(&game, 0).expect("a decision");
                        latencies.push(start.elapsed());
                        advice
                            .recommended()
                            .expect("a recommendation")
                            .option
                            .choice
                    }
                    Policy::Greedy => greedy(&game, 0).expect("a decision"),
                    Policy::Random => {
                        let legal = game.legal_choices(0, dice);
                        legal[pick_rng.random_range(0..legal.len())]
                    }
                };
                Action::Choose { player: 0, choice }
            }
            other => panic!("a solo game never waits in {other:?}"),
        };
        game = game.apply(&action).expect("the policies play legal moves");
    }
    game.totals()[0]
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

pub fn run(budget: &Budget) {
    let games = budget.games(10_000, 4);
    let mut latencies = Vec::new();
    let mut scores = |policy| -> Vec<f64> {
        (0..games as u64)
            .map(|seed| f64::from(play(seed, policy, &mut latencies)))
            .collect()
    };
    let started = Instant::now();
    let advisor = scores(Policy::Advisor);
    let greedy = scores(Policy::Greedy);
    let random = scores(Policy::Random);
    let (a, g, r) = (
        Estimate::of(&advisor),
        Estimate::of(&greedy),
        Estimate::of(&random),
    );
    println!("solo games on the same seeded dice, final score (mean, 95 % CI):");
    println!("  advisor (expectimax, one roll deep): {a}");
    println!("  greedy (best immediate change):      {g}");
    println!("  random legal split:                  {r}");
    let over_greedy = paired_difference(&advisor, &greedy);
    let over_random = paired_difference(&advisor, &random);
    println!("  advisor − greedy (paired):           {over_greedy}");
    println!("  advisor − random (paired):           {over_random}");
    latencies.sort();
    println!(
        "one advice, native ({} advices): p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        latencies.len(),
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.95).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    println!("(section took {:.1} s)", started.elapsed().as_secs_f64());
    if budget.full {
        assert!(
            over_greedy.low() > 0.0,
            "the advisor must beat greedy play with a CI that excludes zero"
        );
    }
}
