//! What every game's actions share: a round of the roll-off for the first
//! player, `RollOff { values, source }` (one value a contender), and the
//! table's change of dice, `Dice(WhoseDice)`, written once for all by
//! [`game_actions!`](crate::game_actions); and the roll-off a log decided.

use super::rules::RollSource;
use super::Game;
use crate::core::table::RollOff;

/// A game's action that may be a round of the roll-off for the first
/// player: its `RollOff { values, source }` variant (see
/// [`game_actions!`](crate::game_actions)).
pub trait RollOffAction: Sized {
    /// A round of the roll-off: each contender's value, in seat order.
    fn roll_off(values: &[u32], source: RollSource) -> Self;

    /// The values of a round of the roll-off, if this action is one.
    fn roll_off_values(&self) -> Option<&[u32]>;
}

/// A game's action enum, with the variants every game has around its own:
/// first the roll-off's round, `RollOff`, last the table's change of dice,
/// `Dice` (which the game's `impl Rules` answers with
/// [`game_rules!`](crate::game_rules)). It makes the enum a
/// [`RollOffAction`]. Saved files and the table link write each action by
/// its variant's name and fields.
#[macro_export]
macro_rules! game_actions {
    ($(#[$attr:meta])* pub enum $action:ident { $($variants:tt)* }) => {
        $(#[$attr])*
        #[derive(Clone, Debug, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        pub enum $action {
            /// A round of the roll-off for the first player: each
            /// contender's value (a d6; Séquence Dés: the sum of two), in
            /// table order.
            RollOff {
                values: Vec<u32>,
                source: $crate::core::game::RollSource,
            },
            $($variants)*
            /// The table changes whose dice it plays with (see
            /// [`WhoseDice`](crate::core::game::WhoseDice)).
            Dice($crate::core::game::WhoseDice),
        }

        impl $crate::core::game::RollOffAction for $action {
            fn roll_off(values: &[u32], source: $crate::core::game::RollSource) -> $action {
                $action::RollOff {
                    values: values.to_vec(),
                    source,
                }
            }

            fn roll_off_values(&self) -> Option<&[u32]> {
                match self {
                    $action::RollOff { values, .. } => Some(values),
                    _ => None,
                }
            }
        }
    };
}

/// The roll-off for the first player that the last action of `log`
/// decided, round by round (every player's die, who rolled again, who
/// starts), if that action decided it: shown until the next move, on every
/// phone of a table, whichever phone rolled.
pub fn decided_roll_off<G: Game>(state: &G, log: &[G::Action]) -> Option<RollOff> {
    log.last()?.roll_off_values()?;
    let mut roll_off = RollOff::new(state.players().len());
    for values in log.iter().filter_map(RollOffAction::roll_off_values) {
        roll_off = roll_off.roll(values).ok()?;
    }
    roll_off.winner().map(|_| roll_off)
}
