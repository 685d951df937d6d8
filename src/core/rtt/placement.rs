//! Where a player may write a number: the placement rules of the squares,
//! checked for a whole list of placements and offered one at a time.

use super::{Error, Phase, Placement, Rtt, Sheet};
use std::collections::BTreeMap;

/// May `value` go in `square`, given the numbers already written?
pub fn accepts(
    sheet: &Sheet,
    filled: &[Option<u32>],
    square: usize,
    value: u32,
    decreasing: bool,
) -> bool {
    let Some(s) = sheet.squares.get(square) else {
        return false;
    };
    if filled[square].is_some() {
        return false;
    }
    if s.base {
        return true;
    }
    if !s.on.is_empty() {
        return s.on.iter().all(|&o| match filled[o] {
            Some(below) => {
                if decreasing {
                    value <= below
                } else {
                    value >= below
                }
            }
            None => false,
        });
    }
    s.neighbours.iter().any(|&n| filled[n].is_some())
}

/// Every number that some dice of `result` add up to, with one way of
/// making it (die positions), smallest number first.
pub fn sums(result: &[u32]) -> BTreeMap<u32, Vec<usize>> {
    let mut out = BTreeMap::new();
    let n = result.len().min(16);
    for mask in 1u32..(1 << n) {
        let dice: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let sum = dice.iter().map(|&i| result[i]).sum();
        out.entry(sum).or_insert(dice);
    }
    out
}

/// The squares that accept a number made from the dice of `result` not yet
/// used: for each square, the numbers it could take now.
pub fn playable(
    sheet: &Sheet,
    filled: &[Option<u32>],
    result: &[u32],
    used: &[bool],
    decreasing: bool,
) -> Vec<(usize, Vec<u32>)> {
    let free: Vec<u32> = result
        .iter()
        .zip(used)
        .filter(|(_, u)| !**u)
        .map(|(v, _)| *v)
        .collect();
    let numbers: Vec<u32> = sums(&free).into_keys().collect();
    (0..sheet.len())
        .filter_map(|sq| {
            let ok: Vec<u32> = numbers
                .iter()
                .copied()
                .filter(|&v| accepts(sheet, filled, sq, v, decreasing))
                .collect();
            (!ok.is_empty()).then_some((sq, ok))
        })
        .collect()
}

impl Rtt {
    /// Checks a player's placements on `result`, in order: each die once,
    /// each square accepting its sum given the ones placed before.
    pub fn check_placements(
        &self,
        player: usize,
        result: &[u32],
        placements: &[Placement],
    ) -> Result<(), Error> {
        let mut used = vec![false; result.len()];
        let mut filled = self.filled[player].clone();
        for p in placements {
            if p.dice.is_empty() {
                return Err(Error::DieReused(usize::MAX));
            }
            let mut value = 0;
            for &d in &p.dice {
                if d >= result.len() || used[d] {
                    return Err(Error::DieReused(d));
                }
                used[d] = true;
                value += result[d];
            }
            if !accepts(
                &self.setup.sheet,
                &filled,
                p.square,
                value,
                self.decreasing(),
            ) {
                return Err(Error::SquareRefuses {
                    square: p.square,
                    value,
                });
            }
            filled[p.square] = Some(value);
        }
        Ok(())
    }

    /// Every placement `player` may add to `draft` (placements already
    /// checked) on the current result: each set of unused dice, in
    /// ascending order, with each square that takes its sum. Empty outside
    /// the placing phase or for a player who is not placing.
    pub fn next_placements(&self, player: usize, draft: &[Placement]) -> Vec<Placement> {
        let Phase::Place { result, waiting } = &self.phase else {
            return Vec::new();
        };
        if !waiting.contains(&player) || self.check_placements(player, result, draft).is_err() {
            return Vec::new();
        }
        let mut filled = self.filled[player].clone();
        let mut used = vec![false; result.len()];
        for p in draft {
            filled[p.square] = Some(p.dice.iter().map(|&d| result[d]).sum());
            for &d in &p.dice {
                used[d] = true;
            }
        }
        let free: Vec<usize> = (0..result.len()).filter(|&d| !used[d]).collect();
        let mut out = Vec::new();
        for mask in 1u32..(1 << free.len()) {
            let dice: Vec<usize> = (0..free.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| free[i])
                .collect();
            let value = dice.iter().map(|&d| result[d]).sum();
            for square in 0..self.sheet().len() {
                if accepts(self.sheet(), &filled, square, value, self.decreasing()) {
                    out.push(Placement {
                        square,
                        dice: dice.clone(),
                    });
                }
            }
        }
        out
    }
}
