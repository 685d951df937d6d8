//! The advisor's estimate of a sheet's final score, and the tables it reads
//! (the 252 distinct rolls, each sum's chance of being made, the turns
//! left): see the parent module's documentation for the method. Computed on
//! the first advice, not at start-up.

use super::{ascending, State};
use crate::core::einstein::{FIFTH_MARKS_TO_END, FIFTH_SLOTS};
use std::sync::OnceLock;

/// One of the 252 distinct rolls of five dice.
pub(super) struct RollKind {
    /// How many of the 7 776 ordered rolls show these values.
    pub(super) weight: u32,
    /// Bit `v` set when some die shows `v`.
    pub(super) shown: u8,
    /// Its distinct splits: the two sums (lower first) and the fifth die.
    pub(super) splits: Vec<(u8, u8, u8)>,
}

/// Everything the search reads, computed on the first advice.
pub(super) struct Tables {
    pub(super) rolls: Vec<RollKind>,
    /// The chance that a roll of five dice can make each sum (2–12) with one
    /// of the pairs of a legal split, by the chosen fifth-die values (bit `v`
    /// for the value `v`; only sets of three constrain the split, the others
    /// are all counted under the empty set).
    reach: Vec<[f64; 11]>,
    /// Expected turns left by the fifth-die marks alone, by [`turns_key`].
    turns: Vec<f64>,
}

pub(super) const ORDERED_ROLLS: u32 = 7776;

pub(super) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let rolls = distinct_rolls();
        let reach = (0..128u8)
            .map(|mask| {
                let constrains = mask.count_ones() == 3;
                let mut reach = [0.0; 11];
                for roll in &rolls {
                    let mut can = [false; 11];
                    let forced = constrains && roll.shown & mask != 0;
                    for &(a, b, fifth) in &roll.splits {
                        if !forced || mask & (1 << fifth) != 0 {
                            can[usize::from(a) - 2] = true;
                            can[usize::from(b) - 2] = true;
                        }
                    }
                    for (r, c) in reach.iter_mut().zip(can) {
                        if c {
                            *r += f64::from(roll.weight) / f64::from(ORDERED_ROLLS);
                        }
                    }
                }
                reach
            })
            .collect();
        Tables {
            rolls,
            reach,
            turns: turns_table(),
        }
    })
}

fn distinct_rolls() -> Vec<RollKind> {
    let mut out = Vec::with_capacity(252);
    let mut dice = [1u8; 5];
    loop {
        out.push(roll_kind(dice));
        // The next non-decreasing sequence of five faces.
        let Some(i) = (0..5).rev().find(|&i| dice[i] < 6) else {
            return out;
        };
        let v = dice[i] + 1;
        for d in &mut dice[i..] {
            *d = v;
        }
    }
}

fn roll_kind(dice: [u8; 5]) -> RollKind {
    // Orderings: 5! over the factorials of the repeated faces.
    let fact = [1u32, 1, 2, 6, 24, 120];
    let mut counts = [0usize; 7];
    for d in dice {
        counts[usize::from(d)] += 1;
    }
    let weight = counts.iter().fold(120, |w, &c| w / fact[c]);
    let shown = dice.iter().fold(0u8, |m, &d| m | 1 << d);
    let mut splits = Vec::new();
    for fifth in 0..5 {
        let rest: Vec<u8> = (0..5).filter(|&i| i != fifth).map(|i| dice[i]).collect();
        for partner in 1..4 {
            let others: Vec<u8> = (1..4).filter(|&i| i != partner).map(|i| rest[i]).collect();
            let mut sums = [rest[0] + rest[partner], others[0] + others[1]];
            ascending(&mut sums);
            let split = (sums[0], sums[1], dice[fifth]);
            if !splits.contains(&split) {
                splits.push(split);
            }
        }
    }
    RollKind {
        weight,
        shown,
        splits,
    }
}

/// The index of a fifth-die state (how many values are chosen, their marks
/// in ascending order, each 0–7) in the turns table.
fn turns_key(chosen: usize, marks: [u8; 3]) -> usize {
    chosen * 512 + usize::from(marks[0]) * 64 + usize::from(marks[1]) * 8 + usize::from(marks[2])
}

/// Expected turns left, by the fifth-die marks alone, for every state: the
/// player opens a new value while fewer than three are chosen and the roll
/// shows an unchosen one, else marks the least marked value the roll shows;
/// a roll showing none of three chosen values is a free throw.
fn turns_table() -> Vec<f64> {
    // For k chosen values (taken as 1..=k, by symmetry): how many ordered
    // rolls show exactly the chosen values in `mask` (bit i: value i+1) and
    // whether they show an unchosen value too.
    let mut counts = [[[0u32; 2]; 8]; 4];
    for n in 0..ORDERED_ROLLS {
        let mut rest = n;
        let mut shown = 0u8;
        for _ in 0..5 {
            shown |= 1 << (rest % 6);
            rest /= 6;
        }
        for (k, by_mask) in counts.iter_mut().enumerate() {
            let mask = shown & ((1 << k) - 1);
            let other = usize::from(shown >> k != 0);
            by_mask[usize::from(mask)][other] += 1;
        }
    }
    let mut memo = vec![None; 4 * 512];
    for chosen in 0..=3 {
        expected_turns(chosen, [0; 3], &counts, &mut memo);
    }
    memo.into_iter().map(|t| t.unwrap_or(0.0)).collect()
}

/// `marks`: the first `chosen` entries, ascending; the rest 0.
fn expected_turns(
    chosen: usize,
    marks: [u8; 3],
    counts: &[[[u32; 2]; 8]; 4],
    memo: &mut Vec<Option<f64>>,
) -> f64 {
    let key = turns_key(chosen, marks);
    if let Some(t) = memo[key] {
        return t;
    }
    let total = f64::from(ORDERED_ROLLS);
    let mut free = 0.0;
    let mut sum = 0.0;
    for (mask, by_other) in counts[chosen].iter().enumerate() {
        for (other, &n) in by_other.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let p = f64::from(n) / total;
            let next = if chosen < 3 && other == 1 {
                // Open a new value with one mark.
                let mut m = marks;
                m[chosen] = 1;
                ascending(&mut m[..=chosen]);
                Some((chosen + 1, m))
            } else if mask == 0 {
                None
            } else {
                // The least marked shown value (values in ascending marks).
                let i = (0..chosen).find(|i| mask & (1 << i) != 0).expect("shown");
                if marks[i] + 1 >= FIFTH_MARKS_TO_END {
                    sum += p; // the last turn
                    continue;
                }
                let mut m = marks;
                m[i] += 1;
                ascending(&mut m[..chosen]);
                Some((chosen, m))
            };
            match next {
                Some((k, m)) => sum += p * (1.0 + expected_turns(k, m, counts, memo)),
                None => free += p,
            }
        }
    }
    // A free throw is a turn that changes nothing: t = sum + free·(1 + t).
    let t = (sum + free) / (1.0 - free);
    memo[key] = Some(t);
    t
}

/// How many marks per turn a sum can get at most, per chance of making it
/// (tuned by self-play, as the spread below). Below 1: a roll that can make
/// a sum often has a better use.
const REACH_CAP: f64 = 0.6;
/// The spread of a projection, per square root of the marks projected.
const SPREAD: f64 = 1.3;

/// The value of a sheet: its final score when done, else the estimate.
pub(super) fn value(state: &State, t: &Tables) -> f64 {
    if state.done {
        return f64::from(state.total());
    }
    let mut marks = [0u8; 3];
    for (m, (_, n)) in marks.iter_mut().zip(state.slots()) {
        *m = n;
    }
    ascending(&mut marks[..state.chosen]);
    let turns = t.turns[turns_key(state.chosen, marks)];
    // Two pair marks per turn, shared among the sums already marked.
    let budget = 2.0 * turns;
    let reach = &t.reach[if state.chosen == FIFTH_SLOTS {
        usize::from(state.chosen_mask())
    } else {
        0
    }];
    let mut weight = 0.0;
    for (&m, &r) in state.marks.iter().zip(reach) {
        if (1..10).contains(&m) {
            weight += r;
        }
    }
    let mut v = 0.0;
    for (i, (&m, &r)) in state.marks.iter().zip(reach).enumerate() {
        if m == 0 {
            continue;
        }
        let share = if m < 10 {
            (budget * r / weight).min(turns * r * REACH_CAP)
        } else {
            0.0
        };
        v += smoothed(i + 2, f64::from(m) + share, SPREAD * share.sqrt());
    }
    v
}

/// The rulebook's score at `marks` (at least one), drawn as a line between
/// its points.
fn line(sum: usize, marks: f64) -> f64 {
    let points = f64::from(crate::core::einstein::POINTS[sum - 2]);
    if marks <= 4.0 {
        -200.0
    } else if marks <= 5.0 {
        -200.0 * (5.0 - marks)
    } else {
        (marks.min(10.0) - 5.0) * points
    }
}

fn smoothed(sum: usize, marks: f64, spread: f64) -> f64 {
    0.25 * line(sum, marks - spread) + 0.5 * line(sum, marks) + 0.25 * line(sum, marks + spread)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_distinct_rolls_cover_every_ordered_roll_once() {
        let rolls = distinct_rolls();
        assert_eq!(rolls.len(), 252);
        assert_eq!(rolls.iter().map(|r| r.weight).sum::<u32>(), ORDERED_ROLLS);
        // 1 1 1 1 1: one split; 1 2 3 4 5: fifteen splits, all different?
        assert_eq!(rolls[0].splits, vec![(2, 2, 1)]);
        assert_eq!(rolls[0].weight, 1);
    }

    #[test]
    fn a_fresh_sheet_lasts_at_most_twenty_two_marked_turns() {
        let t = turns_table();
        let fresh = t[turns_key(0, [0; 3])];
        assert!(fresh > 21.0 && fresh < 23.0, "{fresh}");
        // Seven marks on each of three values: the next marked turn ends it.
        let last = t[turns_key(3, [7, 7, 7])];
        assert!((last - 1.0 / (1.0 - 1.0 / 32.0)).abs() < 1e-9, "{last}");
    }
}
