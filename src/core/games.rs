//! The registry of games: the one module that names every game's rules, and
//! the one place that dispatches on a [`GameKind`]. Adding a game adds a
//! line to [`with_game`] (see docs/adding-a-game.md).

use super::game::{Game, GameKind};
use super::save::{LoadError, SavedGame};
use super::summary::Summary;
use std::ops::RangeInclusive;

/// The registry of games: runs `job` with the rules of `kind`. Adding a
/// game adds one line here (and one to `game_kinds!`, in the contract).
pub fn with_game<J: WithGame>(kind: GameKind, job: J) -> J::Output {
    match kind {
        GameKind::Serieux => job.run::<super::serieux::Serieux>(),
        GameKind::Genius => job.run::<super::genius::Genius>(),
        GameKind::Einstein => job.run::<super::einstein::Einstein>(),
        GameKind::Sequence => job.run::<super::sequence::Sequence>(),
        GameKind::Rtt => job.run::<super::rtt::Rtt>(),
        GameKind::Words => job.run::<super::words::Words>(),
    }
}

/// Something to do with a game whose type is only known from its kind:
/// [`with_game`] calls `run` with that type.
pub trait WithGame {
    type Output;
    fn run<G: Game>(self) -> Self::Output;
}

impl GameKind {
    /// How many players the game takes.
    pub fn players(self) -> RangeInclusive<usize> {
        struct Limits;
        impl WithGame for Limits {
            type Output = RangeInclusive<usize>;
            fn run<G: Game>(self) -> RangeInclusive<usize> {
                G::PLAYERS
            }
        }
        with_game(self, Limits)
    }
}

/// Replays a saved game by the rules of its kind and sums it up.
pub fn summarise(saved: &SavedGame) -> Result<Summary, LoadError> {
    struct Summarise<'a>(&'a SavedGame);
    impl WithGame for Summarise<'_> {
        type Output = Result<Summary, LoadError>;
        fn run<G: Game>(self) -> Self::Output {
            self.0.session::<G>().map(|session| Summary::of(&session))
        }
    }
    with_game(saved.game, Summarise(saved))
}

/// Reads a saved file completely: the envelope, then a replay of its log by
/// the rules of its game. Only a file that passes is offered for resuming.
pub fn check(text: &str) -> Result<SavedGame, LoadError> {
    check_summary(text).map(|(saved, _)| saved)
}

/// [`check`], also giving the game's summary from that one replay; the
/// game carries that summary, whatever its file said.
pub fn check_summary(text: &str) -> Result<(SavedGame, Summary), LoadError> {
    let mut saved = SavedGame::parse(text)?;
    let summary = summarise(&saved)?;
    saved.summary = Some(summary.clone());
    Ok((saved, summary))
}
