//! Roll to the Top, one player per game on each shipped sheet: how many
//! results the coach's placements and the greedy baseline's need to finish,
//! and how many squares are still open after a fixed number of results; and
//! how long one advice takes.

use super::sequence::latency;
use super::stats::{paired_difference, Estimate};
use super::Budget;
use genius::core::coach::rtt::{advise, greedy_plan};
use genius::core::game::{RollSource, Rules};
use genius::core::rtt::{shipped_sheets, Action, Phase, Rtt, Setup, Sheet, COLOURED};
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Results after which the open squares are counted.
const HORIZON: usize = 5;
/// Results after which an unfinished game stops (counted as this many).
const LONGEST: usize = 300;

#[derive(Clone, Copy, PartialEq)]
enum Policy {
    Coach,
    Greedy,
}

/// One solo game; returns the results needed to finish and the squares
/// open after [`HORIZON`] results. The dice and the roller's choices of
/// dice come from the seed (both policies see the same stream).
fn game(
    sheet: &Sheet,
    seed: u64,
    policy: Policy,
    decreasing: bool,
    timings: &mut Vec<Duration>,
) -> (f64, f64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = Rtt::start(&Setup {
        players: vec![Player::new("Solo", Colour::ALL[0])],
        first: FirstPlayer::Chosen(0),
        sheet: sheet.clone(),
        decreasing,
    })
    .expect("a valid setup");
    let mut results = 0;
    let mut open_at_horizon = None;
    while !g.is_finished() && results < LONGEST {
        let action = match g.phase().clone() {
            Phase::Start => Action::StartRoll {
                values: COLOURED
                    .iter()
                    .map(|d| rng.random_range(d.values()))
                    .collect(),
                source: RollSource::Virtual,
            },
            Phase::Roll => {
                results += 1;
                Action::Roll {
                    values: g
                        .dice_in_play()
                        .iter()
                        .map(|d| rng.random_range(d.values()))
                        .collect(),
                    white: rng.random_range(0..6),
                    source: RollSource::Virtual,
                }
            }
            Phase::Place { result, .. } => {
                let placements = match policy {
                    Policy::Coach => {
                        let t = Instant::now();
                        let advice = advise(&g, 0).expect("a result to use");
                        timings.push(t.elapsed());
                        advice.plan
                    }
                    Policy::Greedy => greedy_plan(g.sheet(), g.filled(0), &result, decreasing),
                };
                Action::Place {
                    player: 0,
                    placements,
                }
            }
            Phase::Adjust { .. } => {
                let moves = g.legal_moves();
                moves[rng.random_range(0..moves.len())]
                    .as_play()
                    .expect("a change of dice")
                    .clone()
            }
            other => unreachable!("{other:?}"),
        };
        g = g.apply(&action).expect("a legal move");
        if results == HORIZON
            && open_at_horizon.is_none()
            && !matches!(g.phase(), Phase::Place { .. })
        {
            open_at_horizon = Some(g.open_squares(0));
        }
    }
    (
        results as f64,
        open_at_horizon.unwrap_or(g.open_squares(0)) as f64,
    )
}

pub fn run(budget: &Budget) {
    for decreasing in [false, true] {
        table(budget, decreasing);
    }
}

fn table(budget: &Budget, decreasing: bool) {
    let games = budget.games(2_000, 2);
    let mut timings = Vec::new();
    println!(
        "one player, {games} seeded games per sheet (the same dice for both), {} numbers",
        if decreasing {
            "decreasing"
        } else {
            "increasing"
        }
    );
    println!(
        "{:<13} {:>29} {:>29} {:>29}",
        "sheet", "results to finish: coach", "greedy", "coach − greedy"
    );
    let mut horizon_rows = Vec::new();
    for sheet in shipped_sheets() {
        let (mut coach, mut greedy) = ((Vec::new(), Vec::new()), (Vec::new(), Vec::new()));
        for i in 0..games {
            let seed = 7_000 + i as u64;
            let c = game(&sheet, seed, Policy::Coach, decreasing, &mut timings);
            let g = game(&sheet, seed, Policy::Greedy, decreasing, &mut Vec::new());
            coach.0.push(c.0);
            coach.1.push(c.1);
            greedy.0.push(g.0);
            greedy.1.push(g.1);
        }
        println!(
            "{:<13} {:>29} {:>29} {:>29}",
            sheet.id,
            short(Estimate::of(&coach.0)),
            short(Estimate::of(&greedy.0)),
            short(paired_difference(&coach.0, &greedy.0)),
        );
        horizon_rows.push((
            sheet.id.clone(),
            Estimate::of(&coach.1),
            Estimate::of(&greedy.1),
            paired_difference(&coach.1, &greedy.1),
        ));
    }
    println!(
        "{:<13} {:>29} {:>29} {:>29}",
        "",
        format!("open after {HORIZON} results: coach"),
        "greedy",
        "coach − greedy"
    );
    for (id, c, g, d) in horizon_rows {
        println!(
            "{:<13} {:>29} {:>29} {:>29}",
            id,
            short(c),
            short(g),
            short(d)
        );
    }
    let what = if decreasing {
        "one Roll to the Top advice (decreasing)"
    } else {
        "one Roll to the Top advice"
    };
    latency(what, timings);
}

/// "12.34 ± 0.56 [11.78, 12.90]"
fn short(e: Estimate) -> String {
    format!(
        "{:.2} ± {:.2} [{:.2}, {:.2}]",
        e.mean,
        e.half_width,
        e.low(),
        e.high()
    )
}
