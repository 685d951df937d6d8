//! The games of the app and what the app knows of each beyond its rules:
//! its name in saved files and ids, how many players it takes, its
//! roll-off, what its history and the device keep of it. One table, a row
//! per game ([`GameKind::facts`]); the rules of each game are in its own
//! module, and the registry ([`crate::core::games`]) maps a kind to them.

use crate::core::table::MAX_PLAYERS;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

/// The games of the app, a row each: its kind and its facts, in the order
/// the home screen, the history and the statistics list them. Each row
/// makes a variant of [`GameKind`] (named in files, ids and tickets by its
/// `name`: never changed once games are saved) and a row of [`FACTS`]:
/// its `name`, then the facts where it is not as most games are
/// ([`Facts::MOST`]).
macro_rules! game_kinds {
    ($($kind:ident { name: $name:literal $(, $fact:ident: $value:expr)* $(,)? },)*) => {
        /// The games of the app, as named in saved files and ids.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum GameKind {
            $(#[serde(rename = $name)] $kind,)*
        }

        impl GameKind {
            /// Every game, in the order the home screen lists them.
            pub const ALL: [GameKind; FACTS.len()] = [$(GameKind::$kind),*];
        }

        /// Each game's facts, a row per game in the order of [`GameKind`].
        const FACTS: &[Facts] = &[$(Facts { name: $name, $($fact: $value,)* ..Facts::MOST },)*];
    };
}

game_kinds! {
    Serieux { name: "serieux" },
    Genius { name: "genius" },
    Einstein { name: "einstein", record: Record::BestAlone },
    Sequence { name: "sequence", players: 2..=4, roll_off_dice: 2, tally: Tally::WinsOnly },
    Rtt { name: "rtt", tally: Tally::Series, record: Record::Series },
    Words { name: "words", players: 2..=MAX_PLAYERS },
}

/// What the app knows of a game beyond its rules: its row of [`FACTS`].
#[derive(Debug)]
pub struct Facts {
    /// Its name in files, ids and tickets (never changed once games are saved).
    pub name: &'static str,
    /// How many players it takes.
    pub players: RangeInclusive<usize>,
    /// How many dice each player throws in the roll-off for the first
    /// player, their value being the sum (Séquence Dés: two).
    pub roll_off_dice: usize,
    /// What its history keeps of each player.
    pub tally: Tally,
    /// What the device keeps of it once it ends, beside its history.
    pub record: Record,
}

impl Facts {
    /// What most games are: one to six players, a die each in the
    /// roll-off, points, nothing kept beyond the history.
    const MOST: Facts = Facts {
        name: "",
        players: 1..=MAX_PLAYERS,
        roll_off_dice: 1,
        tally: Tally::Points,
        record: Record::Nothing,
    };
}

impl GameKind {
    /// What the app knows of the game beyond its rules.
    pub const fn facts(self) -> &'static Facts {
        &FACTS[self as usize]
    }

    /// The game's name in files and ids.
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    /// How many players the game takes.
    pub fn players(self) -> RangeInclusive<usize> {
        self.facts().players.clone()
    }

    /// What the game's history keeps of each player.
    pub fn tally(self) -> Tally {
        self.facts().tally
    }

    /// What the device keeps of the game once it ends.
    pub fn record(self) -> Record {
        self.facts().record
    }

    /// The game of that name in files and ids.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The game's place in [`GameKind::ALL`]: the order the home screen,
    /// the history and the statistics list games in.
    pub fn order(self) -> usize {
        self as usize
    }
}

/// What a game's history keeps of each player, beside the games played and
/// won: what its statistics show and whether its scores are charted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tally {
    /// Points: each player's best and average, charted over time.
    Points,
    /// The series' running total (Roll to the Top plays a series of games
    /// and ranks its players by it), charted over time.
    Series,
    /// Won or lost, no points (Séquence Dés): nothing more, no chart.
    WinsOnly,
}

impl Tally {
    /// Whether the game's points say something on their own (a chart of
    /// them, an average).
    pub fn has_points(self) -> bool {
        self != Tally::WinsOnly
    }
}

/// What the device keeps of a game once it ends, beside its history: the
/// records that [`crate::records`] stores under the game's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// Nothing beyond the history.
    Nothing,
    /// The best total of a game played alone without the coach (Einstein's
    /// personal best).
    BestAlone,
    /// The running totals of a series of games, each game ended without the
    /// coach counted once (Roll to the Top's series, [`crate::core::rtt::Series`]).
    Series,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Serde writes a kind by its name, which ids and tickets use too; each
    /// row of facts stands at its kind's place.
    #[test]
    fn each_kind_has_its_own_row() {
        for kind in GameKind::ALL {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.name()));
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), kind);
            assert_eq!(GameKind::from_name(kind.name()), Some(kind));
            assert_eq!(GameKind::ALL[kind.order()], kind);
        }
    }
}
