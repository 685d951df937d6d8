//! The Roll to the Top coach: which squares to fill with which dice of this
//! result, and for each open square the chance that the next result can
//! fill it.
//!
//! **Chances (exact)**: for each open square, the chance that one throw of
//! the dice in play can fill it *directly*, on the sheet as it stands once
//! the recommended placement is written: a base square always; a square
//! beside a filled one always; a square resting on filled squares when the
//! sum of all the dice reaches the highest of them (in the decreasing
//! variant: when one die is at most the lowest of them); a square whose
//! support is still open, never. Counted over every face of every die, as
//! integer fractions. Not counted: chains that fill a support and the
//! square above it from the same throw.
//!
//! **Placement (a heuristic over a full search of this result)**: every way
//! of writing this result is tried (each die once; equal dice are
//! interchangeable; a number on a square that takes any number is one die,
//! and on a square resting on others the smallest set of dice that reaches
//! it, since more dice would only raise it — the reverse in the decreasing
//! variant). Each way is valued by what it leaves: every open square costs
//! one, plus a little for each point its supports (or theirs, further down)
//! already force it to reach. The way that leaves the least cost wins:
//! filling squares matters most, and low numbers at the bottom of a tower
//! keep its top within reach.

use super::{Basis, Ratio, Scored};
use crate::core::dice_kinds::DieKind;
use crate::core::rtt::{accepts, Phase, Placement, Rtt, Sheet};
use std::collections::HashSet;

/// A fingerprint of a search state (the dice used and the numbers
/// written), FNV-1a: the memo keeps these rather than whole states.
fn fingerprint(used: u32, filled: &[Option<u32>]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u32| {
        for b in x.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    mix(used);
    for f in filled {
        mix(f.map_or(u32::MAX, |v| v));
    }
    h
}

/// Why the coach recommends its placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It fills every open square: the sheet is done.
    Finishes,
    /// It fills this many squares, the most this result allows.
    FillsMost { squares: usize },
    /// It fills `squares`, fewer than the `could` this result allows,
    /// to keep the numbers under the tower low (high, decreasing variant).
    HoldsBack { squares: usize, could: usize },
    /// No square takes any number of this result: pass.
    NothingFits,
}

/// The coach's answer for one player and one result.
#[derive(Clone, Debug, PartialEq)]
pub struct RttAdvice {
    /// The recommended placements, in an order the rules accept (empty: pass).
    pub plan: Vec<Placement>,
    pub reason: Reason,
    /// How the plan was found ([`Basis::Heuristic`]; the chances are exact).
    pub basis: Basis,
    /// Each square still open after the plan, with the exact chance that a
    /// throw of [`RttAdvice::dice`] can fill it directly.
    pub squares: Vec<Scored<usize>>,
    /// The dice those chances are for: the dice in play.
    pub dice: Vec<DieKind>,
}

/// The weights of the placement heuristic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// What one point of a square's lower bound costs (one open square
    /// costs 1).
    pub per_point: f64,
    /// Decreasing variant: an upper bound at or above this costs nothing
    /// (a throw nearly always has a die that low).
    pub ceiling: u32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            per_point: 0.05,
            ceiling: 10,
        }
    }
}

/// The most ways of writing one result the search looks at (five dice on
/// the largest shipped sheet need a few thousand).
const SEARCH_LIMIT: usize = 50_000;

/// The advice for `player` on the current result, or `None` when no result
/// is waiting for them.
pub fn advise(game: &Rtt, player: usize) -> Option<RttAdvice> {
    advise_with(game, player, &Weights::default())
}

/// [`advise`] with other weights (for tuning them by self-play).
pub fn advise_with(game: &Rtt, player: usize, w: &Weights) -> Option<RttAdvice> {
    let Phase::Place { result, waiting } = game.phase() else {
        return None;
    };
    if !waiting.contains(&player) {
        return None;
    }
    let sheet = game.sheet();
    let decreasing = game.setup().decreasing;
    let filled = game.filled(player);
    let plan = plan_with(sheet, filled, result, decreasing, w);
    let could = greedy_plan(sheet, filled, result, decreasing).len();
    let open = filled.iter().filter(|f| f.is_none()).count();
    let reason = if could == 0 {
        Reason::NothingFits
    } else if plan.len() == open {
        Reason::Finishes
    } else if plan.len() == could {
        Reason::FillsMost {
            squares: plan.len(),
        }
    } else {
        Reason::HoldsBack {
            squares: plan.len(),
            could,
        }
    };
    let after = written(filled, result, &plan);
    let dice = game.dice_in_play().to_vec();
    let squares = fill_chances(sheet, &after, &dice, decreasing)
        .into_iter()
        .map(|(square, chance)| Scored {
            option: square,
            chance: Some(chance),
            expected: None,
        })
        .collect();
    Some(RttAdvice {
        plan,
        reason,
        basis: Basis::Heuristic,
        squares,
        dice,
    })
}

/// The numbers once `plan` is written.
pub fn written(filled: &[Option<u32>], result: &[u32], plan: &[Placement]) -> Vec<Option<u32>> {
    let mut after = filled.to_vec();
    for p in plan {
        after[p.square] = Some(p.dice.iter().map(|&d| result[d]).sum());
    }
    after
}

/// How many throws of `dice` give each total (index = total).
fn totals(dice: &[DieKind]) -> Vec<u128> {
    let mut counts = vec![1u128];
    for d in dice {
        let faces: Vec<u32> = d.values().collect();
        let top = faces.iter().copied().max().unwrap_or(0) as usize;
        let mut next = vec![0u128; counts.len() + top];
        for (t, &c) in counts.iter().enumerate() {
            for &f in &faces {
                next[t + f as usize] += c;
            }
        }
        counts = next;
    }
    counts
}

/// Exact: for each open square, the chance that one throw of `dice` can
/// fill it directly on the sheet as `filled` stands (see the module's
/// notes), in square order.
pub fn fill_chances(
    sheet: &Sheet,
    filled: &[Option<u32>],
    dice: &[DieKind],
    decreasing: bool,
) -> Vec<(usize, Ratio)> {
    let throws: u128 = dice.iter().map(|d| d.sides() as u128).product();
    let totals = totals(dice);
    let all = |n: u128| Ratio::new(n as i64, throws as i64);
    (0..sheet.len())
        .filter(|&q| filled[q].is_none())
        .map(|q| {
            let s = &sheet.squares[q];
            let chance = if dice.is_empty() {
                Ratio::ZERO
            } else if s.base {
                Ratio::ONE
            } else if s.on.is_empty() {
                if s.neighbours.iter().any(|&n| filled[n].is_some()) {
                    Ratio::ONE
                } else {
                    Ratio::ZERO
                }
            } else {
                let below: Option<Vec<u32>> = s.on.iter().map(|&o| filled[o]).collect();
                match below {
                    None => Ratio::ZERO,
                    Some(below) if decreasing => {
                        // Some die at most the lowest number below.
                        let c = below.iter().copied().min().unwrap_or(0);
                        let none_low: u128 = dice
                            .iter()
                            .map(|d| d.values().filter(|&v| v > c).count() as u128)
                            .product();
                        all(throws - none_low)
                    }
                    Some(below) => {
                        // All the dice together reach the highest number below.
                        let m = below.iter().copied().max().unwrap_or(0) as usize;
                        all(totals.iter().skip(m).sum())
                    }
                }
            };
            (q, chance)
        })
        .collect()
}

/// The coach's placement for `result` on a sheet filled as `filled`.
pub fn plan(
    sheet: &Sheet,
    filled: &[Option<u32>],
    result: &[u32],
    decreasing: bool,
) -> Vec<Placement> {
    plan_with(sheet, filled, result, decreasing, &Weights::default())
}

fn plan_with(
    sheet: &Sheet,
    filled: &[Option<u32>],
    result: &[u32],
    decreasing: bool,
    w: &Weights,
) -> Vec<Placement> {
    let score = |after: &[Option<u32>], plan: &[Placement]| -> (f64, usize) {
        (-cost(sheet, after, decreasing, w), plan.len())
    };
    search(sheet, filled, result, decreasing, &score)
}

/// The greedy baseline: the placement that fills the most squares now,
/// ties going to the highest squares (the first such found).
pub fn greedy_plan(
    sheet: &Sheet,
    filled: &[Option<u32>],
    result: &[u32],
    decreasing: bool,
) -> Vec<Placement> {
    let score = |_: &[Option<u32>], plan: &[Placement]| -> (f64, usize) {
        let rows: usize = plan.iter().map(|p| sheet.squares[p.square].row).sum();
        (plan.len() as f64, rows)
    };
    search(sheet, filled, result, decreasing, &score)
}

/// What the open squares of `filled` cost: one each, plus `per_point` for
/// each point of the bound their supports force on them (a lower bound;
/// in the decreasing variant, how far the upper bound is below
/// [`Weights::ceiling`]).
fn cost(sheet: &Sheet, filled: &[Option<u32>], decreasing: bool, w: &Weights) -> f64 {
    // Supports are in the row below: bounds are settled row by row.
    let mut order: Vec<usize> = (0..sheet.len()).collect();
    order.sort_by_key(|&q| sheet.squares[q].row);
    let cap = if decreasing { w.ceiling } else { 0 };
    let mut bound = vec![cap; sheet.len()];
    let mut total = 0.0;
    for q in order {
        let s = &sheet.squares[q];
        let b =
            s.on.iter()
                .map(|&o| filled[o].map_or(bound[o], |v| if decreasing { v.min(cap) } else { v }))
                .fold(
                    cap,
                    |acc, v| {
                        if decreasing {
                            acc.min(v)
                        } else {
                            acc.max(v)
                        }
                    },
                );
        bound[q] = b;
        if filled[q].is_none() {
            let points = if decreasing { cap - b } else { b };
            total += 1.0 + w.per_point * f64::from(points);
        }
    }
    total
}

/// Every way of writing `result` (within the dominance rules of the
/// module's notes and [`SEARCH_LIMIT`]), the best by `score` (the first
/// found among equals; writing nothing is the first way).
fn search(
    sheet: &Sheet,
    filled: &[Option<u32>],
    result: &[u32],
    decreasing: bool,
    score: Score,
) -> Vec<Placement> {
    let mut s = Search {
        sheet,
        result,
        decreasing,
        score,
        seen: HashSet::new(),
        best: None,
        plan: Vec::new(),
        filled: filled.to_vec(),
    };
    s.visit(0);
    s.best.map(|(_, p)| p).unwrap_or_default()
}

/// How a way of writing a result is valued: the numbers it leaves and the
/// placements (higher is better).
type Score<'a> = &'a dyn Fn(&[Option<u32>], &[Placement]) -> (f64, usize);

struct Search<'a> {
    sheet: &'a Sheet,
    result: &'a [u32],
    decreasing: bool,
    score: Score<'a>,
    /// States already looked at (by [`fingerprint`]).
    seen: HashSet<u64>,
    best: Option<((f64, usize), Vec<Placement>)>,
    plan: Vec<Placement>,
    filled: Vec<Option<u32>>,
}

impl Search<'_> {
    fn visit(&mut self, used: u32) {
        if self.seen.len() >= SEARCH_LIMIT || !self.seen.insert(fingerprint(used, &self.filled)) {
            return;
        }
        let here = (self.score)(&self.filled, &self.plan);
        if self.best.as_ref().is_none_or(|(b, _)| here > *b) {
            self.best = Some((here, self.plan.clone()));
        }
        let n = self.result.len();
        for q in 0..self.sheet.len() {
            if self.filled[q].is_some() {
                continue;
            }
            let free_square = self.sheet.squares[q].on.is_empty();
            let mut tried: Vec<Vec<u32>> = Vec::new();
            for mask in 1u32..(1 << n) {
                if mask & used != 0 {
                    continue;
                }
                let dice: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
                let value: u32 = dice.iter().map(|&d| self.result[d]).sum();
                if !accepts(self.sheet, &self.filled, q, value, self.decreasing) {
                    continue;
                }
                if !self.decreasing {
                    // A square that takes any number gets one die; others
                    // the smallest sets that reach their bound.
                    if free_square && dice.len() > 1 {
                        continue;
                    }
                    let minimal = dice.iter().all(|&d| {
                        !accepts(self.sheet, &self.filled, q, value - self.result[d], false)
                            || dice.len() == 1
                    });
                    if !minimal {
                        continue;
                    }
                }
                let mut values: Vec<u32> = dice.iter().map(|&d| self.result[d]).collect();
                values.sort_unstable();
                if tried.contains(&values) {
                    continue; // the same numbers from equal dice
                }
                tried.push(values);
                self.filled[q] = Some(value);
                self.plan.push(Placement { square: q, dice });
                self.visit(used | mask);
                self.plan.pop();
                self.filled[q] = None;
            }
        }
    }
}
