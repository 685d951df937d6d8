//! The games of the app and what each was played with, as saved files and
//! ids name them. Only names: the rules of each game are in its own module,
//! and the registry ([`crate::core::games`]) maps a kind to them.

use serde::{Deserialize, Serialize};

/// The games of the app, a line each: its kind and its name in saved files,
/// ids and tickets (never changed once games are saved), in the order the
/// home screen, the history and the statistics list them.
macro_rules! game_kinds {
    ($($kind:ident: $name:literal,)*) => {
        /// The games of the app, as named in saved files and ids.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum GameKind {
            $(#[serde(rename = $name)] $kind,)*
        }

        impl GameKind {
            /// Every game, in the order the home screen lists them.
            pub const ALL: [GameKind; [$($name),*].len()] = [$(GameKind::$kind),*];

            /// The game's name in files and ids.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$kind => $name,)*
                }
            }
        }
    };
}

game_kinds! {
    Serieux: "serieux",
    Genius: "genius",
    Einstein: "einstein",
    Sequence: "sequence",
    Rtt: "rtt",
    Words: "words",
}

impl GameKind {
    /// The game of that name in files and ids.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The game's place in [`GameKind::ALL`]: the order the home screen,
    /// the history and the statistics list games in.
    pub fn order(self) -> usize {
        GameKind::ALL
            .iter()
            .position(|k| *k == self)
            .unwrap_or(usize::MAX)
    }
}

/// What a game was played with, beyond its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variant {
    None,
    Genius(Mode),
    /// Roll to the Top: the sheet's name (French, English).
    Sheet(String, String),
}

/// Genius's modes (the rulebook's GENIUS, + Simple, Expert and Partie +
/// Longue): a Genius game's variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    Genius,
    Simple,
    Expert,
    Longue,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Genius, Mode::Simple, Mode::Expert, Mode::Longue];

    pub fn uses_challenge_die(self) -> bool {
        !matches!(self, Mode::Simple)
    }

    /// Whether a round may be finished once a row fills up (an option):
    /// Expert ends with its fifth column, with no round left to finish.
    pub fn offers_finish_round(self) -> bool {
        self != Mode::Expert
    }
}
