//! The coach's exact figures against brute force: every ordered roll of the
//! dice (and every face of the challenge die) enumerated here, independently
//! of the coach's own counting.

use genius::core::coach::checker::dice_odds;
use genius::core::coach::genius::Hits;
use genius::core::coach::roller::sum_odds;
use genius::core::coach::Ratio;
use genius::core::dice_kinds::{Challenge, DieKind};
use genius::core::game::{Mode, RollSource, Rules};
use genius::core::genius::{apply_challenge, Halves, GENIUS_LIST};
use genius::core::roller::{Action as RollerAction, Roller};

/// Every ordered roll of `k` d6, as face values.
fn rolls(k: usize) -> Vec<Vec<u32>> {
    (0..k).fold(vec![vec![]], |acc, _| {
        acc.into_iter()
            .flat_map(|r| {
                (1..=6).map(move |f| {
                    let mut r = r.clone();
                    r.push(f);
                    r
                })
            })
            .collect()
    })
}

fn is_prime(n: u64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

fn sorted_number(roll: &[u32]) -> u64 {
    let mut r = roll.to_vec();
    r.sort_unstable();
    r.iter().fold(0, |n, d| n * 10 + u64::from(*d))
}

#[test]
fn checker_and_serieux_odds_match_every_roll() {
    for k in 1..=5 {
        let all = rolls(k);
        let total = all.len() as i64;
        let numbers: Vec<u64> = all.iter().map(|r| sorted_number(r)).collect();
        let primes: Vec<u64> = numbers.iter().copied().filter(|n| is_prime(*n)).collect();
        let odds = &dice_odds()[k - 1];
        assert_eq!(
            odds.prime,
            Ratio::new(primes.len() as i64, total),
            "{k} dice"
        );
        assert_eq!(
            odds.number,
            Ratio::new(numbers.iter().sum::<u64>() as i64, total)
        );
        assert_eq!(
            odds.points,
            Ratio::new(primes.iter().sum::<u64>() as i64, total)
        );
    }
}

#[test]
fn genius_hits_match_every_roll_and_face() {
    for mode in Mode::ALL {
        for k in 1..=5 {
            let hits = Hits::of(mode, k);
            let faces: Vec<Option<Challenge>> = if mode.uses_challenge_die() {
                Challenge::ALL.into_iter().map(Some).collect()
            } else {
                vec![None]
            };
            let (mut hit, mut halves, mut outcomes) = (0i64, 0i64, 0i64);
            for roll in rolls(k) {
                let sum: i32 = roll.iter().map(|d| *d as i32).sum();
                for face in &faces {
                    outcomes += 1;
                    if GENIUS_LIST.contains(&sum) {
                        hit += 1;
                        let written = face.map_or(Halves::whole(sum), |f| {
                            apply_challenge(f, Halves::whole(sum))
                        });
                        halves += i64::from(written.0);
                    }
                }
            }
            assert_eq!(
                hits.chance(|_| true),
                Ratio::new(hit, outcomes),
                "{mode:?} {k}"
            );
            assert_eq!(hits.expected(|_| true), Ratio::new(halves, 2 * outcomes));
            // A Longue constraint: only values of 10 or more fit.
            let fits = |v: Halves| v >= Halves::whole(10);
            let fitting: i64 = hits
                .values
                .iter()
                .filter(|(v, _)| fits(*v))
                .map(|(_, c)| *c)
                .sum();
            assert!(hits.chance(fits) == Ratio::new(fitting, outcomes));
        }
    }
}

#[test]
fn roller_sum_matches_every_roll_with_kept_dice() {
    let mut roller = Roller::start(&vec![
        DieKind::D6,
        DieKind::D4,
        DieKind::D6,
        DieKind::Challenge,
    ])
    .expect("a table of dice");
    let roll = RollerAction::Roll {
        values: vec![3, 2, 5, 0],
        source: RollSource::Typed,
    };
    roller.validate(&roll).unwrap();
    roller.apply_valid(&roll);
    let keep = RollerAction::Keep { die: 2, kept: true };
    roller.validate(&keep).unwrap();
    roller.apply_valid(&keep);
    let odds = sum_odds(&roller).expect("numbered dice");
    assert_eq!((odds.counted, odds.left_out), (3, 1));
    // d6 × d4 free, the kept d6 shows 5.
    let mut counts = std::collections::BTreeMap::new();
    for a in 1..=6u32 {
        for b in 1..=4u32 {
            *counts.entry(a + b + 5).or_insert(0i64) += 1;
        }
    }
    for (sum, n) in &counts {
        assert_eq!(odds.exactly(*sum), Ratio::new(*n, 24), "sum {sum}");
    }
    assert_eq!(odds.at_least(odds.min), Ratio::ONE);
    assert_eq!(odds.at_most(odds.max()), Ratio::ONE);
    let at_least_12: i64 = counts.range(12..).map(|(_, n)| n).sum();
    assert_eq!(odds.at_least(12), Ratio::new(at_least_12, 24));
    let weighted: i64 = counts.iter().map(|(s, n)| i64::from(*s) * n).sum();
    assert_eq!(odds.mean(), Ratio::new(weighted, 24));
    assert_eq!(odds.mean(), Ratio::from_int(11)); // 3.5 + 2.5 + 5
}

/// Mode Sérieux's chance to win, recomputed the slow way: each player's
/// possible rolls enumerated die by die, the player's best count chosen by
/// plain recursion over the rolls left, the rivals (rolling the count with
/// the best expected points) taken jointly, outcome by outcome.
mod serieux_chance_to_win {
    use super::*;
    use genius::core::coach::serieux::advise;
    use genius::core::dice::D6;
    use genius::core::serieux::{Action, FirstPlayer, Serieux, Setup, ROUNDS};
    use genius::core::table::{Colour, Player};
    use std::collections::HashMap;

    /// One roll of `k` dice: the points it scores and their chance.
    fn roll_points(k: usize) -> Vec<(u64, f64)> {
        let all = rolls(k);
        let mut by_points: HashMap<u64, f64> = HashMap::new();
        for roll in &all {
            let n = sorted_number(roll);
            let points = if is_prime(n) { n } else { 0 };
            *by_points.entry(points).or_default() += 1.0 / all.len() as f64;
        }
        by_points.into_iter().collect()
    }

    /// The final totals of a rival from `from` after `left` rolls.
    fn rival_finals(from: u64, left: usize, roll: &[(u64, f64)]) -> Vec<(u64, f64)> {
        let mut dist = vec![(from, 1.0)];
        for _ in 0..left {
            dist = dist
                .iter()
                .flat_map(|&(t, q)| roll.iter().map(move |&(p, r)| (t + p, q * r)))
                .collect();
        }
        dist
    }

    /// The player's share of first place at `mine`, over every joint
    /// outcome of the rivals.
    fn share(mine: u64, rivals: &[Vec<(u64, f64)>]) -> f64 {
        fn walk(mine: u64, rivals: &[Vec<(u64, f64)>], tied: usize, q: f64) -> f64 {
            match rivals.split_first() {
                None => q / (tied + 1) as f64,
                Some((rival, rest)) => rival
                    .iter()
                    .filter(|(t, _)| *t <= mine)
                    .map(|&(t, r)| walk(mine, rest, tied + usize::from(t == mine), q * r))
                    .sum(),
            }
        }
        walk(mine, rivals, 0, 1.0)
    }

    fn best(total: u64, left: usize, rolls: &[Vec<(u64, f64)>], rivals: &[Vec<(u64, f64)>]) -> f64 {
        if left == 0 {
            return share(total, rivals);
        }
        rolls
            .iter()
            .map(|roll| {
                roll.iter()
                    .map(|&(p, q)| q * best(total + p, left - 1, rolls, rivals))
                    .sum()
            })
            .fold(0.0, f64::max)
    }

    fn game(players: usize, typed: &[&[u32]]) -> Serieux {
        let players = (0..players)
            .map(|i| Player::new(&format!("P{i}"), Colour::ALL[i]))
            .collect();
        let mut g = Serieux::start(&Setup {
            players,
            first: FirstPlayer::Chosen(0),
        })
        .unwrap();
        for values in typed {
            let action = Action::Roll {
                dice: D6::all_of(values).unwrap(),
                source: RollSource::Typed,
            };
            g.validate(&action).unwrap();
            g.apply_valid(&action);
        }
        g
    }

    #[test]
    fn the_programme_matches_plain_recursion() {
        let rolls: Vec<Vec<(u64, f64)>> = (1..=5).map(roll_points).collect();
        let points = |k: usize| rolls[k - 1].iter().map(|(p, q)| *p as f64 * q).sum::<f64>();
        let best_points = (1..=5)
            .max_by(|&a, &b| points(a).total_cmp(&points(b)))
            .unwrap();
        // Three players in the third of five rounds: P0 and P1 have rolled
        // in it, P2 to roll; then P0 to roll first in the fourth.
        let three_rounds: Vec<&[u32]> = vec![&[2, 3], &[1, 3], &[5], &[1, 1, 3], &[2], &[6]];
        let mut typed = three_rounds.clone();
        typed.extend([&[3][..], &[2, 3]]);
        let mut after = typed.clone();
        after.push(&[1]);
        for (g, who) in [(game(3, &typed), 2usize), (game(3, &after), 0)] {
            assert_eq!(g.current_player(), Some(who));
            let totals: Vec<u64> = g.totals().into_iter().map(u64::from).collect();
            let rounds_left = ROUNDS - g.round();
            let rivals: Vec<Vec<(u64, f64)>> = (0..3)
                .filter(|&p| p != who)
                .map(|p| {
                    let left = if p < who {
                        rounds_left - 1
                    } else {
                        rounds_left
                    };
                    rival_finals(totals[p], left, &rolls[best_points - 1])
                })
                .collect();
            let advice = advise(&g).unwrap();
            for (k, option) in advice.options.iter().enumerate() {
                let slow: f64 = rolls[k]
                    .iter()
                    .map(|&(p, q)| q * best(totals[who] + p, rounds_left - 1, &rolls, &rivals))
                    .sum();
                let fast = option.option.win_chance.unwrap();
                assert!(
                    (fast - slow).abs() < 1e-9,
                    "{} dice: {fast} against {slow}",
                    k + 1
                );
            }
        }
    }
}
