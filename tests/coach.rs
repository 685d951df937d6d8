//! The coach's exact figures against brute force: every ordered roll of the
//! dice (and every face of the challenge die) enumerated here, independently
//! of the coach's own counting.

use genius::core::coach::checker::dice_odds;
use genius::core::coach::genius::Hits;
use genius::core::coach::roller::sum_odds;
use genius::core::coach::Ratio;
use genius::core::dice_kinds::{Challenge, DieKind};
use genius::core::genius::{apply_challenge, Halves, Mode, GENIUS_LIST};
use genius::core::roller::{Action as RollerAction, Roller};
use genius::core::session::{RollSource, Rules};

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
