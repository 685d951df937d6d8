//! The core's refusals as [`std::error::Error`]s, for logs, tests and the
//! native peer: each one's `Display` is its English words, the very words
//! an English-speaking player reads (the screens word them in the player's
//! language through [`Lang`], never through `Display`). Written here
//! rather than beside each type, so that a refusal has one wording, not a
//! second one for logs.

use super::Lang;
use crate::core::games::AnyError;
use crate::core::link::wire::{Denied, JoinRefusal};
use crate::core::session::Refusal;
use crate::core::table::{FirstPlayerError, SetupError};
use crate::core::told::NotPlayed;
use crate::core::{einstein, genius, rtt, sequence, serieux, words};
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
    serieux::Error => serieux_error,
    genius::Error => genius_error,
    einstein::Error => einstein_error,
    sequence::Error => sequence_error,
    rtt::Error => rtt_error,
    words::Error => words_error,
    SetupError => setup_error,
    FirstPlayerError => first_player_error,
    JoinRefusal => join_refusal,
}

impl Display for AnyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyError::Serieux(e) => e.fmt(f),
            AnyError::Genius(e) => e.fmt(f),
            AnyError::Einstein(e) => e.fmt(f),
            AnyError::Sequence(e) => e.fmt(f),
            AnyError::Rtt(e) => e.fmt(f),
            AnyError::Words(e) => e.fmt(f),
        }
    }
}

impl Error for AnyError {}

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
    Refusal => refusal,
    Denied => denied,
    NotPlayed => not_played,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::games::Registered;

    #[test]
    fn a_refusal_reads_in_english_as_an_error() {
        let own = genius::Error::NotNow;
        assert_eq!(own.to_string(), Lang::En.genius_error(&own));
        let any = genius::Genius::error_into_any(own.clone());
        assert_eq!(any.to_string(), own.to_string());
        let why: Box<dyn Error> = Box::new(NotPlayed::Table(Denied::Rules(any)));
        assert_eq!(why.to_string(), own.to_string());
        let seat = NotPlayed::<genius::Error>::Table(Denied::NothingToUndo);
        assert_eq!(seat.to_string(), "Nothing to undo.");
        assert_eq!(
            SetupError::TooManyPlayers { max: 4 }.to_string(),
            "4 players at most."
        );
    }
}
