//! The registry of games: the one module that names every game's rules, and
//! the one place that maps a [`GameKind`] to its rules' type, for the calls
//! that need the type (a replay, a session). What the app knows of a game
//! beyond its rules is not here but in its row of the contract's table of
//! facts ([`GameKind::facts`]). Adding a game adds a line to its
//! `registry!` (see docs/adding-a-game.md).

use super::game::{Game, GameKind, Rules};
use super::save::{replay, LoadError, SavedGame};
use super::summary::Summary;
use serde_json::value::RawValue;

/// The registry of games: each game's kind and its rules, a line each.
/// Adding a game adds one line to the `registry!` below (and its variant
/// and row of facts to the contract's `GameKind`), which makes of each line:
/// - an arm of [`with_game`], which runs a job with the rules of a kind;
/// - a variant of [`AnyAction`] and of [`AnyError`], and the game's
///   [`Registered`].
macro_rules! registry {
    ($($kind:ident: $game:ty),* $(,)?) => {
        /// Runs `job` with the rules of `kind`.
        pub fn with_game<J: WithGame>(kind: GameKind, job: J) -> J::Output {
            match kind {
                $(GameKind::$kind => job.run::<$game>(),)*
            }
        }

        /// A move of any game, tagged with its game: what a screen hands
        /// the table link, which plays one game and takes its own moves
        /// back out ([`Registered::from_any`]). A move of another game is
        /// then refused by name, not dropped.
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyAction {
            $($kind(<$game as Rules>::Action),)*
        }

        /// Why the rules of any game refused a move or a setup, tagged with
        /// its game: what the table's screens and the setup screen keep of
        /// a refusal where the game's type is not at hand. The game's
        /// screens take their own back out ([`Registered::error_from_any`])
        /// to word it.
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyError {
            $($kind(<$game as Rules>::Error),)*
        }

        $(impl Registered for $game {
            fn into_any(action: Self::Action) -> AnyAction {
                AnyAction::$kind(action)
            }

            fn from_any(action: AnyAction) -> Option<Self::Action> {
                match action {
                    AnyAction::$kind(action) => Some(action),
                    _ => None,
                }
            }

            fn error_into_any(error: Self::Error) -> AnyError {
                AnyError::$kind(error)
            }

            fn error_from_any(error: &AnyError) -> Option<&Self::Error> {
                match error {
                    AnyError::$kind(error) => Some(error),
                    _ => None,
                }
            }
        })*
    };
}

registry! {
    Serieux: super::serieux::Serieux,
    Genius: super::genius::Genius,
    Einstein: super::einstein::Einstein,
    Sequence: super::sequence::Sequence,
    Rtt: super::rtt::Rtt,
    Words: super::words::Words,
}

/// A game of the registry: its moves go in and out of [`AnyAction`], its
/// refusals in and out of [`AnyError`].
pub trait Registered: Game {
    fn into_any(action: Self::Action) -> AnyAction;
    /// The move, if it is one of this game's.
    fn from_any(action: AnyAction) -> Option<Self::Action>;
    fn error_into_any(error: Self::Error) -> AnyError;
    /// The refusal, if it is one of this game's rules'.
    fn error_from_any(error: &AnyError) -> Option<&Self::Error>;
}

/// A move of game `G`, on its way to the table link as a
/// `Box<dyn IntoAnyAction>`: boxed behind a trait, so that what each game's
/// moves are (their drop and move code) stays in that game's part of the
/// web build rather than in the start file, which carries the command.
pub struct TableMove<G: Registered>(pub G::Action);

/// A move of some game, which says which ([`AnyAction`]).
pub trait IntoAnyAction: Send {
    fn into_any(self: Box<Self>) -> AnyAction;
}

impl<G: Registered> IntoAnyAction for TableMove<G> {
    fn into_any(self: Box<Self>) -> AnyAction {
        G::into_any(self.0)
    }
}

/// Something to do with a game whose type is only known from its kind:
/// [`with_game`] calls `run` with that type.
pub trait WithGame {
    type Output;
    fn run<G: Game>(self) -> Self::Output;
}

/// Replays a saved game by the rules of its kind and sums it up.
pub fn summarise(saved: &SavedGame) -> Result<Summary, LoadError> {
    summary_of(saved.game, &saved.record)
}

/// Replays a saved game's `record` by the rules of `kind` and sums it up.
fn summary_of(kind: GameKind, record: &RawValue) -> Result<Summary, LoadError> {
    struct Summarise<'a>(&'a RawValue);
    impl WithGame for Summarise<'_> {
        type Output = Result<Summary, LoadError>;
        fn run<G: Game>(self) -> Self::Output {
            replay::<G>(self.0).map(|session| Summary::of(&session))
        }
    }
    with_game(kind, Summarise(record))
}

/// Reads a saved file completely: the envelope, then a replay of its log by
/// the rules of its game, then its id (see [`SavedGame::parse`]). Only a
/// file that passes is offered for resuming.
pub fn check(text: &str) -> Result<SavedGame, LoadError> {
    check_summary(text).map(|(saved, _)| saved)
}

/// [`check`], also giving the game's summary from that one replay; the
/// game carries that summary, whatever its file said.
pub fn check_summary(text: &str) -> Result<(SavedGame, Summary), LoadError> {
    let (mut saved, summary) = SavedGame::parse_then(text, summary_of)?;
    saved.summary = Some(summary.clone());
    Ok((saved, summary))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::einstein::{Action, Einstein};
    use crate::core::genius::Genius;

    #[test]
    fn a_move_comes_back_out_of_its_own_game_only() {
        let action = Action::Choose {
            player: 1,
            choice: crate::core::einstein::Choice {
                pairs: [[0, 1], [2, 3]],
            },
        };
        let any = Einstein::into_any(action.clone());
        assert!(matches!(any, AnyAction::Einstein(_)));
        assert_eq!(Einstein::from_any(any.clone()), Some(action));
        assert_eq!(Genius::from_any(any), None);
    }

    #[test]
    fn a_refusal_comes_back_out_of_its_own_game_only() {
        let refused = crate::core::einstein::Error::NotWaitingFor(1);
        let any = Einstein::error_into_any(refused.clone());
        assert_eq!(any, AnyError::Einstein(refused.clone()));
        assert_eq!(Einstein::error_from_any(&any), Some(&refused));
        assert_eq!(Genius::error_from_any(&any), None);
    }
}
