//! The coach: at a decision, every legal option with its exact chance and
//! expected points, and the option it recommends, with a reason.
//!
//! One module per game, each built on that game's legal moves
//! ([`super::game::Rules::legal_moves`]). Exact answers are integer
//! fractions ([`Ratio`]); where a recommendation is a policy rather than a
//! fact (Einstein, Séquence Dés, Roll to the Top), the module says so with
//! [`Basis`] and the benchmarks (`cargo bench --bench coach`) prove it by
//! seeded self-play. Like the rest of the core: no I/O, no clock, and no
//! randomness but what the caller passes in.

pub mod einstein;
mod ratio;
pub mod rtt;
pub mod sequence;
mod shortlist;

pub use ratio::Ratio;
pub use shortlist::{shortlist, Figure, Shortlist};

/// One option of a decision, scored.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored<O> {
    pub option: O,
    /// The chance that the option succeeds (what success means is the
    /// game's: a prime, a sum on the list, a square filled…).
    pub chance: Option<Ratio>,
    /// The points it is expected to bring.
    pub expected: Option<Ratio>,
}

/// How an advice's figures were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Counted over every face of every die: exact.
    Exact,
    /// Searched ahead over the next rolls (exact for what it looks at, a
    /// policy beyond).
    Search,
    /// Ranked by a stated heuristic (threats, blocks, open squares).
    Heuristic,
}

/// The coach's answer at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<O, R> {
    /// Every legal option, in the game's own order.
    pub options: Vec<Scored<O>>,
    /// Index into `options` of the recommended one (none when there is
    /// nothing to choose).
    pub best: Option<usize>,
    /// Why `best`, as the game's reason (worded by `i18n`).
    pub reason: R,
    pub basis: Basis,
}

impl<O, R> Advice<O, R> {
    pub fn recommended(&self) -> Option<&Scored<O>> {
        self.best.map(|i| &self.options[i])
    }
}

pub mod checker;
pub mod genius;
pub mod roller;
pub mod serieux;
pub mod words;
