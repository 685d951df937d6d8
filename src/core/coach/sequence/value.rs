//! The Séquence Dés coach's heuristic: what a board is worth to a side, run
//! by run, so that the search values a board one chip away from another by
//! working out again only the runs through that square.

use super::{Board, WAYS};
use crate::core::sequence::{Square, BOARD, SIZE};

/// Every run of `len` squares in a straight line, and for each square the
/// runs through it.
pub(super) struct Runs {
    pub(super) squares: Vec<Vec<Square>>,
    through: [[Vec<usize>; SIZE]; SIZE],
}

impl Runs {
    pub(super) fn new(len: usize) -> Runs {
        let mut squares = Vec::new();
        for r in 0..SIZE as isize {
            for c in 0..SIZE as isize {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let run: Vec<Square> = (0..len as isize)
                        .map(|k| (r + k * dr, c + k * dc))
                        .filter(|&(rr, cc)| {
                            (0..SIZE as isize).contains(&rr) && (0..SIZE as isize).contains(&cc)
                        })
                        .map(|(rr, cc)| (rr as usize, cc as usize))
                        .collect();
                    if run.len() == len {
                        squares.push(run);
                    }
                }
            }
        }
        let mut through: [[Vec<usize>; SIZE]; SIZE] = Default::default();
        for (k, run) in squares.iter().enumerate() {
            for &(r, c) in run {
                through[r][c].push(k);
            }
        }
        Runs { squares, through }
    }
}

/// The chance that one throw gives each sum (index = sum).
const THROW: [f64; 13] = {
    let mut chance = [0.0; 13];
    let mut sum = 0;
    while sum < 13 {
        chance[sum] = WAYS[sum] as f64 / 36.0;
        sum += 1;
    }
    chance
};

/// The chance that one throw gives a square's sum or the wild 11 (the
/// heuristic asks it for every square of every run: a table). The ways are
/// added before dividing, as the valuation always did: `THROW[sum] +
/// THROW[11]` would differ in the last bit and could reorder tied options.
const REACH: [[f64; SIZE]; SIZE] = {
    let mut chance = [[0.0; SIZE]; SIZE];
    let mut r = 0;
    while r < SIZE {
        let mut c = 0;
        while c < SIZE {
            chance[r][c] = (WAYS[BOARD[r][c] as usize] + WAYS[11]) as f64 / 36.0;
            c += 1;
        }
        r += 1;
    }
    chance
};

/// The weights of the heuristic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// How much the opponents' runs weigh against the player's own.
    pub defence: f64,
    /// What a chip that a 10 can remove (not on a 2 or a 12) is worth, as
    /// a factor of its run's chance (a chip on a 2 or a 12 stays: 1).
    pub removable: f64,
    /// What the player's chance of completing a line with the next throw
    /// (a run missing one square: its sum or an 11) is worth.
    pub threat: f64,
    /// The same for the opponents' lines, counted against.
    pub counter: f64,
    /// An opponent's chip in a run, on a sum whose squares are all taken
    /// (a throw of that sum replaces it): its chance to be taken, as a
    /// factor of the throw's.
    pub replace: f64,
    /// The same while the sum still has a free square (it must be filled,
    /// or the chip removed by a 10, first).
    pub contested: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            defence: 1.0,
            removable: 0.9,
            threat: 1.0,
            counter: 0.0,
            replace: 1.0,
            contested: 0.2,
        }
    }
}

/// The sums of which no square is free: a throw of one replaces an
/// opponent's chip on it (a bit set, bit = sum).
fn full_sums(board: &Board) -> u16 {
    let mut free = 0u16;
    for (r, row) in board.iter().enumerate() {
        for (c, chip) in row.iter().enumerate() {
            if chip.is_none() {
                free |= 1 << BOARD[r][c];
            }
        }
    }
    !free
}

/// What one run holds for one side: the chance of getting all its squares
/// (the product of each square's), and, when one square is missing, the
/// sums that would complete it.
#[derive(Clone, Copy)]
struct RunOdds {
    chance: f64,
    missing: u8,
    /// The missing square's sum when it is free (an 11 also fills it).
    free_sum: u16,
    /// The missing square's sum when an opponent's chip holds it and a
    /// throw of that sum replaces it.
    replace_sum: u16,
}

impl RunOdds {
    const START: RunOdds = RunOdds {
        chance: 1.0,
        missing: 0,
        free_sum: 0,
        replace_sum: 0,
    };

    #[inline]
    fn own(&mut self, sum: u8, w: &Weights) {
        if !matches!(sum, 2 | 12) {
            self.chance *= w.removable;
        }
    }

    #[inline]
    fn free(&mut self, (r, c): Square) {
        let sum = BOARD[r][c];
        self.chance *= REACH[r][c];
        self.missing += 1;
        self.free_sum = 1 << sum;
    }

    #[inline]
    fn held_by_other(&mut self, sum: u8, full: u16, w: &Weights) {
        let throw = THROW[sum as usize];
        self.missing += 1;
        if full & (1 << sum) != 0 {
            self.chance *= w.replace * throw;
            self.replace_sum = 1 << sum;
        } else {
            self.chance *= w.contested * throw;
        }
    }

    /// The sums of a throw that complete this run (a bit set), if only one
    /// square is missing.
    fn completing(&self) -> (u16, u16) {
        if self.missing == 1 {
            (self.free_sum, self.replace_sum)
        } else {
            (0, 0)
        }
    }
}

/// What one run of a board is worth to the side valued (see [`Valued`]).
#[derive(Clone, Copy)]
struct RunValue {
    /// The side's chance of getting all its squares.
    mine: f64,
    /// The opponent's, when a single opponent has chips in it (or none).
    theirs: Option<f64>,
    /// The sums of a throw that complete it, for the side and for the
    /// opponent: (free squares, replaced chips).
    mine_completing: (u16, u16),
    theirs_completing: (u16, u16),
}

impl RunValue {
    fn of(board: &Board, side: usize, run: &[Square], full: u16, w: &Weights) -> RunValue {
        let (mut me, mut them) = (RunOdds::START, RunOdds::START);
        // Chips of two other sides (three players): no one opponent's run.
        let mut other: Option<usize> = None;
        let mut two_others = false;
        for &(r, c) in run {
            let sum = BOARD[r][c];
            match board[r][c] {
                None => {
                    me.free((r, c));
                    them.free((r, c));
                }
                Some(s) if s == side => {
                    me.own(sum, w);
                    them.held_by_other(sum, full, w);
                }
                Some(s) => {
                    two_others |= other.is_some_and(|o| o != s);
                    other = Some(s);
                    them.own(sum, w);
                    me.held_by_other(sum, full, w);
                }
            }
        }
        RunValue {
            mine: me.chance,
            theirs: (!two_others).then_some(them.chance),
            mine_completing: me.completing(),
            theirs_completing: them.completing(),
        }
    }
}

/// The heuristic's value of a board for `side`, run by run, so that a board
/// that differs by one chip is valued by working out again only the runs
/// through that square (3 to 7 of the 32 runs of five, 2 or 3 of the 14 runs of six).
///
/// Each run is worth the chance of getting all its squares (free squares:
/// the chance of a throw of their sum or an 11; an opponent's chip: the
/// chance of replacing it), the opponents' runs counting against, `defence`
/// times; plus the chance of completing a line with the next throw, the
/// player's and (`counter`) the opponents'.
#[derive(Clone)]
pub(super) struct Valued {
    /// The sums of which no square is free ([`full_sums`]).
    full: u16,
    runs: Vec<RunValue>,
}

impl Valued {
    pub(super) fn new(board: &Board, side: usize, runs: &Runs, w: &Weights) -> Valued {
        let full = full_sums(board);
        Valued {
            full,
            runs: runs
                .squares
                .iter()
                .map(|run| RunValue::of(board, side, run, full, w))
                .collect(),
        }
    }

    /// This valuation moved to `next`, a board that differs from its own
    /// by the chip on `square` only. When that changes which sums are full,
    /// every run is worked out again.
    pub(super) fn moved(
        &mut self,
        next: &Board,
        square: Square,
        side: usize,
        runs: &Runs,
        w: &Weights,
    ) {
        if full_sums(next) != self.full {
            *self = Valued::new(next, side, runs, w);
            return;
        }
        for &k in &runs.through[square.0][square.1] {
            self.runs[k] = RunValue::of(next, side, &runs.squares[k], self.full, w);
        }
    }

    pub(super) fn value(&self, w: &Weights) -> f64 {
        let mut total = 0.0;
        let (mut mine, mut theirs) = ((0u16, 0u16), (0u16, 0u16));
        for run in &self.runs {
            total += run.mine;
            let (f, r) = run.mine_completing;
            mine = (mine.0 | f, mine.1 | r);
            if let Some(them) = run.theirs {
                total -= w.defence * them;
                let (f, r) = run.theirs_completing;
                theirs = (theirs.0 | f, theirs.1 | r);
            }
        }
        total + w.threat * throw_chance(mine) - w.counter * throw_chance(theirs)
    }
}

/// The chance that a throw completes a run: one of the sums of `free` (bit
/// sets), or the wild 11 when there is one, or one of `replace`.
fn throw_chance((free, replace): (u16, u16)) -> f64 {
    let sums = free | replace | if free != 0 { 1 << 11 } else { 0 };
    let ways: u8 = (2..=12)
        .filter(|&s| sums & (1 << s) != 0)
        .map(|s| WAYS[s])
        .sum();
    f64::from(ways) / 36.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers for the test's boards, the same at every run (SplitMix64):
    /// the core draws nothing from the environment, in tests either.
    struct Seeded(u64);

    impl Seeded {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    /// A board valued afresh and one moved there from a board a chip away
    /// get the same value to the last bit: the search's ranking, ties
    /// included, does not depend on which of the two ways it took.
    #[test]
    fn a_moved_valuation_is_the_fresh_one_to_the_last_bit() {
        let mut seeded = Seeded(7);
        let w = Weights::default();
        for len in [5, 6] {
            let runs = Runs::new(len);
            for _ in 0..2_000 {
                let mut board: Board = [[None; SIZE]; SIZE];
                for _ in 0..seeded.below(31) {
                    let (r, c) = (seeded.below(SIZE), seeded.below(SIZE));
                    board[r][c] = Some(seeded.below(3));
                }
                let side = seeded.below(3);
                let mut moved = Valued::new(&board, side, &runs, &w);
                let square = (seeded.below(SIZE), seeded.below(SIZE));
                let mut next = board;
                next[square.0][square.1] = match seeded.below(4) {
                    0 => None,
                    s => Some(s - 1),
                };
                moved.moved(&next, square, side, &runs, &w);
                let fresh = Valued::new(&next, side, &runs, &w);
                assert_eq!(moved.value(&w).to_bits(), fresh.value(&w).to_bits());
            }
        }
    }
}
