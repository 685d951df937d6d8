//! Genius (GENIUS, + Simple, Expert, Partie + Longue): which column to roll,
//! MIN or MAX, what a Défi erases.
//!
//! Exact, by counting every ordered roll of the dice and every face of the
//! challenge die:
//! - per open column, the chance that the sum is on the GENIUS list and the
//!   points expected to be written (challenge die included where the mode
//!   uses it; in Partie + Longue, a value that cannot go in the one slot
//!   left is crossed out and counts 0);
//! - Expert: the chance of the ±15 bonus and the expected value written;
//! - MIN or MAX: the chance that the column's other cell can still take
//!   the next hit, and the column's expected total;
//! - a Défi: how much each erase changes the gap to the best rival.
//!
//! The column to roll is a policy: the order that gets the most points
//! written before the game ends, by a dynamic programme over the open cells
//! where each turn the game goes on with the chance that no rival has
//! filled their row yet (a rival needing `T` turns on average ends it after
//! about `T` turns; alone, the game never ends early). `cargo bench --bench
//! coach -- genius` plays it against "the best immediate expected points".

use super::{Advice, Basis, Ratio, Scored};
use crate::core::dice_kinds::Challenge;
use crate::core::game::Mode;
use crate::core::genius::{
    apply_challenge, on_list, Cell, CellRef, Genius, Halves, Phase, Slot, COLUMNS, GENIUS_LIST,
};

/// An option of a Genius decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Roll this many dice for this column (0-based column + 1).
    Column(usize),
    /// Partie + Longue: the value goes in this slot.
    Place(Slot),
    /// Défi: erase this player's cell.
    Erase { player: usize, cell: CellRef },
    /// Défi: erase nothing.
    KeepAll,
    /// Expert: the throw (no choice; its odds).
    Throw,
    /// The challenge die's face (no choice; what each face would write).
    Face(Challenge),
}

/// Why the coach recommends its option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The most points expected now.
    MostPointsNow,
    /// Fewer points now, but the order that writes the most before the end.
    MostPointsBeforeTheEnd,
    /// Keeps the other cell of the column open to more values.
    KeepsTheColumnOpen,
    /// Erases the most from the best rival.
    HurtsTheLeader,
    /// Every erase would help a rival or cost the player: erase nothing.
    NothingWorthErasing,
    /// Nothing to choose: the dice decide.
    NoChoice,
}

/// Written values of one hit in `column` (k = column + 1 dice): every
/// (value, ordered outcomes) over 6^k rolls × 6 challenge faces where the
/// mode uses the die; `total` counts all outcomes, hits or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hits {
    pub values: Vec<(Halves, i64)>,
    pub total: i64,
}

impl Hits {
    /// What a roll of `dice` dice writes in `mode` when its sum is on the list.
    pub fn of(mode: Mode, dice: usize) -> Hits {
        let sums = sum_counts(dice);
        let faces: &[Option<Challenge>] = if mode.uses_challenge_die() {
            &[
                Some(Challenge::Double),
                Some(Challenge::Half),
                Some(Challenge::Plus10),
                Some(Challenge::Minus10),
                Some(Challenge::Defi1),
                Some(Challenge::Defi2),
            ]
        } else {
            &[None]
        };
        let mut values: Vec<(Halves, i64)> = Vec::new();
        for (sum, count) in sums.iter().enumerate() {
            if *count == 0 || !GENIUS_LIST.contains(&(sum as i32)) {
                continue;
            }
            for face in faces {
                let written = match face {
                    Some(f) => apply_challenge(*f, Halves::whole(sum as i32)),
                    None => Halves::whole(sum as i32),
                };
                values.push((written, *count));
            }
        }
        // One entry per value, ascending.
        values.sort_unstable();
        values.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 += later.1;
            }
            same
        });
        Hits {
            values,
            total: 6i64.pow(dice as u32) * faces.len() as i64,
        }
    }

    /// Outcomes that are hits.
    fn hit_count(&self) -> i64 {
        self.values.iter().map(|(_, c)| c).sum()
    }

    /// Chance of a hit that `fits`.
    pub fn chance(&self, fits: impl Fn(Halves) -> bool) -> Ratio {
        let n: i64 = self
            .values
            .iter()
            .filter(|(v, _)| fits(*v))
            .map(|(_, c)| c)
            .sum();
        Ratio::new(n, self.total)
    }

    /// Expected points written (0 for a miss or a value that does not fit).
    pub fn expected(&self, fits: impl Fn(Halves) -> bool) -> Ratio {
        let halves: i64 = self
            .values
            .iter()
            .filter(|(v, _)| fits(*v))
            .map(|(v, c)| i64::from(v.0) * c)
            .sum();
        Ratio::new(halves, 2 * self.total)
    }
}

/// How many ordered rolls of `dice` d6 give each sum (index = sum).
pub fn sum_counts(dice: usize) -> Vec<i64> {
    let mut counts = vec![1i64];
    for _ in 0..dice {
        let mut next = vec![0i64; counts.len() + 6];
        for (s, c) in counts.iter().enumerate() {
            for face in 1..=6 {
                next[s + face] += c;
            }
        }
        counts = next;
    }
    counts
}

/// Which values `player`'s column can still take, as the rules write them:
/// any in grid n°1 or with both Longue slots open; with one slot open, only
/// values on the right side of the other.
fn fits(game: &Genius, player: usize, column: usize) -> impl Fn(Halves) -> bool {
    let (min, max) = if game.uses_grid_two() {
        let row = game.row(player);
        (row[column * 2], row[column * 2 + 1])
    } else {
        (Cell::Empty, Cell::Empty)
    };
    move |v| match (min, max) {
        (Cell::Empty, Cell::Written(m)) => v <= m,
        (Cell::Written(m), Cell::Empty) => v >= m,
        _ => true,
    }
}

/// The chance and expected points of rolling for `column` now.
fn column_odds(game: &Genius, player: usize, column: usize) -> (Ratio, Ratio) {
    let hits = Hits::of(game.mode(), column + 1);
    let fit = fits(game, player, column);
    (
        Ratio::new(hits.hit_count(), hits.total),
        hits.expected(&fit),
    )
}

/// Cells `player` still has to fill, per column.
fn needs(game: &Genius, player: usize) -> [usize; COLUMNS] {
    let row = game.row(player);
    let per = row.len() / COLUMNS;
    std::array::from_fn(|c| {
        row[c * per..(c + 1) * per]
            .iter()
            .filter(|x| x.is_empty())
            .count()
    })
}

/// Expected turns `player` needs to fill their row, rolling for each cell
/// until it is a hit.
fn turns_to_finish(game: &Genius, player: usize) -> f64 {
    needs(game, player)
        .iter()
        .enumerate()
        .map(|(c, &n)| {
            let (p, _) = column_odds(game, player, c);
            n as f64 / p.to_f64()
        })
        .sum()
}

/// The column policy: the most points written before the game ends, where
/// after each of the player's turns the game goes on with chance `carry_on`.
struct Planner {
    /// Per column: chance of a hit and expected points given a hit.
    columns: Vec<(f64, f64)>,
    carry_on: f64,
    /// + Simple: a hit plays again at once (no risk of the end in between).
    plays_again: bool,
    /// By the cells still needed, read as a number in base 3.
    memo: Vec<Option<f64>>,
}

/// Each column needs 0, 1 or 2 more cells: the needs as one index.
fn index(need: [usize; COLUMNS]) -> usize {
    need.iter().rev().fold(0, |i, n| i * 3 + n)
}

impl Planner {
    fn value(&mut self, need: [usize; COLUMNS]) -> f64 {
        if need.iter().all(|&n| n == 0) {
            return 0.0;
        }
        if let Some(v) = self.memo[index(need)] {
            return v;
        }
        let v = (0..COLUMNS)
            .filter(|&c| need[c] > 0)
            .map(|c| self.with(need, c))
            .fold(f64::MIN, f64::max);
        self.memo[index(need)] = Some(v);
        v
    }

    /// Rolling for `c` until a hit (the state does not change on a miss).
    fn with(&mut self, need: [usize; COLUMNS], c: usize) -> f64 {
        let (p, v) = self.columns[c];
        if p == 0.0 {
            return 0.0;
        }
        let mut after = need;
        after[c] -= 1;
        let next = self.value(after);
        let after_hit = if self.plays_again { 1.0 } else { self.carry_on };
        (p * (v + after_hit * next)) / (1.0 - self.carry_on * (1.0 - p))
    }
}

/// Tells apart the policy's near-equal values (noise, not a preference).
const SAME: f64 = 1e-9;

fn advise_roll(game: &Genius, me: usize) -> Advice<Choice, Reason> {
    let open = game.open_columns(me);
    let options: Vec<Scored<Choice>> = open
        .iter()
        .map(|&c| {
            let (chance, expected) = column_odds(game, me, c);
            Scored {
                option: Choice::Column(c + 1),
                chance: Some(chance),
                expected: Some(expected),
            }
        })
        .collect();
    let greedy = (0..options.len()).max_by_key(|&i| (options[i].expected, i));
    // The rival closest to the end sets the horizon.
    let rival_turns = (0..game.players().len())
        .filter(|&p| p != me)
        .map(|p| turns_to_finish(game, p))
        .fold(f64::INFINITY, f64::min);
    let carry_on = if rival_turns.is_finite() {
        let extra = if game.setup().finish_round { 1.0 } else { 0.0 };
        1.0 - 1.0 / (rival_turns + extra).max(1.0)
    } else {
        1.0
    };
    let columns = (0..COLUMNS)
        .map(|c| {
            let (p, e) = column_odds(game, me, c);
            let p = p.to_f64();
            (p, if p > 0.0 { e.to_f64() / p } else { 0.0 })
        })
        .collect();
    let mut planner = Planner {
        columns,
        carry_on,
        plays_again: game.mode() == Mode::Simple,
        memo: vec![None; 3usize.pow(COLUMNS as u32)],
    };
    let need = needs(game, me);
    let planned: Vec<f64> = open.iter().map(|&c| planner.with(need, c)).collect();
    let top = planned.iter().copied().fold(f64::MIN, f64::max);
    // Among the plans as good as the best, the most points now.
    let best = (0..options.len())
        .filter(|&i| planned[i] >= top - SAME * top.abs().max(1.0))
        .max_by_key(|&i| (options[i].expected, i));
    let reason = if best == greedy {
        Reason::MostPointsNow
    } else {
        Reason::MostPointsBeforeTheEnd
    };
    Advice {
        options,
        best,
        reason,
        basis: Basis::Search,
    }
}

fn advise_place(game: &Genius, me: usize, column: usize, value: Halves) -> Advice<Choice, Reason> {
    let hits = Hits::of(game.mode(), column + 1);
    let options: Vec<Scored<Choice>> = game
        .legal_slots(me, column, value)
        .into_iter()
        .map(|slot| {
            let other_open = game
                .cell(
                    me,
                    CellRef {
                        column,
                        slot: Some(match slot {
                            Slot::Min => Slot::Max,
                            Slot::Max => Slot::Min,
                        }),
                    },
                )
                .is_some_and(Cell::is_empty);
            let fits = move |v: Halves| match slot {
                Slot::Min => v >= value,
                Slot::Max => v <= value,
            };
            let (chance, later) = if other_open {
                // Given the next hit in this column, does it fit?
                let hit = hits.chance(|_| true);
                (hits.chance(fits) / hit, hits.expected(fits) / hit)
            } else {
                (Ratio::ONE, Ratio::ZERO)
            };
            Scored {
                option: Choice::Place(slot),
                chance: Some(chance),
                expected: Some(Ratio::new(value.0.into(), 2) + later),
            }
        })
        .collect();
    let best = (0..options.len()).max_by_key(|&i| (options[i].expected, options[i].chance));
    Advice {
        options,
        best,
        reason: Reason::KeepsTheColumnOpen,
        basis: Basis::Exact,
    }
}

fn advise_defi(game: &Genius, me: usize, face: Challenge) -> Advice<Choice, Reason> {
    let totals = game.totals();
    let gap = |totals: &[Halves]| {
        let rival = (0..totals.len())
            .filter(|&p| p != me)
            .map(|p| totals[p].0)
            .max()
            .unwrap_or(0);
        i64::from(totals[me].0 - rival)
    };
    let before = gap(&totals);
    let mut options: Vec<Scored<Choice>> = game
        .erasable(face)
        .into_iter()
        .map(|(player, cell)| {
            let mut after = totals.clone();
            after[player] =
                Halves(after[player].0 - game.cell(player, cell).map_or(0, |c| c.points().0));
            Scored {
                option: Choice::Erase { player, cell },
                chance: None,
                expected: Some(Ratio::new(gap(&after) - before, 2)),
            }
        })
        .collect();
    options.push(Scored {
        option: Choice::KeepAll,
        chance: None,
        expected: Some(Ratio::ZERO),
    });
    // The best gain; between equal gains, the first listed (erasing beats
    // keeping all only when it gains something).
    let best = (0..options.len()).max_by_key(|&i| (options[i].expected, std::cmp::Reverse(i)));
    let reason = match best.map(|i| options[i].option) {
        Some(Choice::KeepAll) | None => Reason::NothingWorthErasing,
        _ => Reason::HurtsTheLeader,
    };
    Advice {
        options,
        best,
        reason,
        basis: Basis::Exact,
    }
}

/// Expert's throw: the chance of the ±15 bonus, and the value expected.
fn advise_expert() -> Advice<Choice, Reason> {
    let sums = sum_counts(COLUMNS);
    let (mut bonus, mut halves, mut total) = (0i64, 0i64, 0i64);
    for (sum, count) in sums.iter().enumerate() {
        for face in Challenge::ALL {
            let count = *count;
            let result = apply_challenge(face, Halves::whole(sum as i32));
            let won = on_list(result) || on_list(Halves(-result.0));
            let value = result.0 + if won { 30 } else { 0 };
            total += count;
            halves += i64::from(value) * count;
            if won {
                bonus += count;
            }
        }
    }
    Advice {
        options: vec![Scored {
            option: Choice::Throw,
            chance: Some(Ratio::new(bonus, total)),
            expected: Some(Ratio::new(halves, 2 * total)),
        }],
        best: None,
        reason: Reason::NoChoice,
        basis: Basis::Exact,
    }
}

/// What each face of the challenge die would write.
fn advise_challenge(sum: Halves) -> Advice<Choice, Reason> {
    Advice {
        options: Challenge::ALL
            .into_iter()
            .map(|face| Scored {
                option: Choice::Face(face),
                chance: Some(Ratio::new(1, 6)),
                expected: Some(Ratio::new(apply_challenge(face, sum).0.into(), 2)),
            })
            .collect(),
        best: None,
        reason: Reason::NoChoice,
        basis: Basis::Exact,
    }
}

/// The coach at the current decision; `None` outside a player's decision.
pub fn advise(game: &Genius) -> Option<Advice<Choice, Reason>> {
    let me = game.current_player()?;
    Some(match game.phase() {
        Phase::Roll if game.mode() == Mode::Expert => advise_expert(),
        Phase::Roll => advise_roll(game, me),
        Phase::Challenge { sum, .. } => advise_challenge(*sum),
        Phase::Defi { face, .. } => advise_defi(game, me, *face),
        Phase::Place { column, value } => advise_place(game, me, *column, *value),
        Phase::RollOff(_) | Phase::Finished => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_die_hits_four_faces_in_six() {
        let hits = Hits::of(Mode::Simple, 1);
        assert_eq!(hits.chance(|_| true), Ratio::new(4, 6));
        assert_eq!(hits.expected(|_| true), Ratio::new(1 + 2 + 3 + 5, 6));
    }

    #[test]
    fn sum_counts_are_the_classic_ones() {
        assert_eq!(sum_counts(2)[7], 6);
        assert_eq!(sum_counts(3)[10], 27);
        assert_eq!(sum_counts(5).iter().sum::<i64>(), 7776);
    }
}
