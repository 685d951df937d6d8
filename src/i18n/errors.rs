//! The core's refusals as [`std::error::Error`]s, for logs, tests and the
//! native peer: each one's `Display` is its English words, the very words
//! an English-speaking player reads (the screens word them in the player's
//! language through [`Lang`], never through `Display`). Written here
//! rather than beside each type, so that a refusal has one wording, not a
//! second one for logs. Each game's own refusals, and the registry's
//! `AnyError`, get theirs from the line that names the game's wording in
//! `ui::game_screens!`: a new game adds no line here.

use super::Lang;
use crate::core::link::wire::{JoinRefusal, TableRefusal};
use crate::core::session::SessionRefusal;
use crate::core::table::{FirstPlayerError, RollOffError, SetupError};
use crate::core::told::NotPlayed;
use std::error::Error;
use std::fmt::{self, Display};

/// `Display` (in English) and `Error` for core types that `Lang` words
/// with `Lang::$word(&self)`.
macro_rules! in_english {
    ($($ty:ty => $word:ident),* $(,)?) => {
        $(
            impl Display for $ty {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str(&Lang::En.$word(self))
                }
            }

            impl Error for $ty {}
        )*
    };
}

in_english! {
    SetupError => setup_error,
    FirstPlayerError => first_player_error,
    JoinRefusal => join_refusal,
}

/// A roll-off's refusal reads as the first player's it is part of.
impl Display for RollOffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.first_player_error(&FirstPlayerError::RollOff(self.clone())))
    }
}

impl Error for RollOffError {}

/// `Display` (in English, the game's own reason by its own `Display`) and
/// `Error` for the refusals that carry a game's reason.
macro_rules! in_english_with_the_game {
    ($($ty:ident => $word:ident),* $(,)?) => {
        $(
            impl<E: Display> Display for $ty<E> {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str(&Lang::En.$word(self, |e| e.to_string()))
                }
            }

            impl<E: Error> Error for $ty<E> {}
        )*
    };
}

in_english_with_the_game! {
    SessionRefusal => session_refusal,
    TableRefusal => table_refusal,
    NotPlayed => not_played,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::games::Registered;
    use crate::core::genius;

    #[test]
    fn a_refusal_reads_in_english_as_an_error() {
        // The game's own Display is written by `ui::game_screens!`.
        let own = genius::Error::NotNow;
        assert_eq!(own.to_string(), Lang::En.genius_error(&own));
        let any = genius::Genius::error_into_any(own.clone());
        assert_eq!(any.to_string(), own.to_string());
        let why: Box<dyn Error> = Box::new(NotPlayed::Table(TableRefusal::Rules(any)));
        assert_eq!(why.to_string(), own.to_string());
        let seat = NotPlayed::<genius::Error>::Table(TableRefusal::NothingToUndo);
        assert_eq!(seat.to_string(), "Nothing to undo.");
        assert_eq!(
            SetupError::TooManyPlayers { max: 4 }.to_string(),
            "4 players at most."
        );
    }

    #[test]
    fn a_seating_error_is_its_cause_and_a_roll_off_reads_as_the_first_player() {
        use crate::core::table::SeatingError;
        let cause = SetupError::TooManyPlayers { max: 4 };
        let seating = SeatingError::Setup(cause.clone());
        assert_eq!(seating.to_string(), cause.to_string());
        let source = seating.source().map(|e| e.to_string());
        assert_eq!(source.as_deref(), Some("4 players at most."));
        assert_eq!(
            RollOffError::AlreadyDecided.to_string(),
            "The first player is already decided."
        );
    }
}
