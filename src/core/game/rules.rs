//! The rules of one game: a state built from a setup, changed by actions
//! that carry their own randomness (a roll carries its dice).

use super::moves::{Move, Roll};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// Where the dice of a roll came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RollSource {
    /// The app's virtual dice.
    Virtual,
    /// Typed in from physical dice.
    Typed,
}

/// Whose dice the table plays with: chosen at setup (the record's
/// [`Record::dice`]), changed during the game by an action of the log (see
/// [`Rules::dice_change`]), so that undo, saving and the table link follow it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WhoseDice {
    /// The app rolls (its buttons), and real dice may still be typed in:
    /// the behaviour of every game saved before the choice existed.
    #[default]
    App,
    /// The table's real dice, typed in: the app does not roll.
    Table,
}

/// The rules of one game: a state built from a setup, changed by actions.
pub trait Rules: Clone + Debug + Sized {
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Serialisable, so that a host phone can send the refusal itself to
    /// the phone that proposed the action (see [`crate::core::link`]).
    type Error: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// The state at the start of the game, or why the setup is not playable.
    fn start(setup: &Self::Setup) -> Result<Self, Self::Error>;

    /// Checks an action against the state without changing anything.
    fn validate(&self, action: &Self::Action) -> Result<(), Self::Error>;

    /// Applies an action that [`Rules::validate`] accepted.
    fn apply_valid(&mut self, action: &Self::Action);

    /// Every move that is legal now: complete actions, the rolls the game
    /// waits for, and actions composed step by step (see [`Move`]). Each
    /// one validates, and every action that validates is one of them.
    fn legal_moves(&self) -> Vec<Move<Self::Action>>;

    /// The action that `roll` (one of [`Rules::legal_moves`]) makes with
    /// these recorded values; `None` if the values do not fit its shape.
    fn rolled(&self, roll: &Roll, values: &[u32], source: RollSource) -> Option<Self::Action>;

    /// The values a roll carries and where they came from, if `action` is
    /// a roll (the inverse of [`Rules::rolled`]).
    fn roll_values(action: &Self::Action) -> Option<(Vec<u32>, RollSource)>;

    /// The form [`Rules::legal_moves`] lists `action` in, where one move can
    /// be written several ways (Einstein's pairs in any order): an action
    /// is legal exactly when its normal form is listed.
    fn normalise(action: &Self::Action) -> Self::Action {
        action.clone()
    }

    /// The values of a virtual roll carried by `action`, if it is one.
    fn virtual_roll(action: &Self::Action) -> Option<Vec<u32>> {
        match Self::roll_values(action) {
            Some((values, RollSource::Virtual)) => Some(values),
            _ => None,
        }
    }

    /// Every value [`Rules::virtual_roll`] can give for this game (a d6's
    /// 1 to 6 unless a game rolls other dice): the dice kept from undone
    /// rolls are checked against it when a game is read from a file.
    fn virtual_values() -> std::ops::RangeInclusive<u32> {
        1..=6
    }

    /// Validates, then applies: the new state or the reason it is refused.
    fn apply(&self, action: &Self::Action) -> Result<Self, Self::Error> {
        self.validate(action)?;
        let mut next = self.clone();
        next.apply_valid(action);
        Ok(next)
    }

    /// True once the game is over.
    fn is_finished(&self) -> bool;

    /// The action that changes whose dice the table plays with, for a game
    /// that takes dice (see [`game_rules!`](crate::game_rules)). It
    /// changes nothing in the game's state and is not one of the
    /// [`Rules::legal_moves`]: the session decides when it is accepted.
    fn dice_action(_dice: WhoseDice) -> Option<Self::Action> {
        None
    }

    /// The dice `action` changes to, if it is such a change.
    fn dice_change(_action: &Self::Action) -> Option<WhoseDice> {
        None
    }
}

/// Writes the items of `impl Rules` that every game of the rulebooks
/// writes alike, for a game whose state has a `phase` field and whose
/// actions are written by [`game_actions!`](crate::game_actions):
/// [`Rules::is_finished`], once its phase is `Finished`, and
/// [`Rules::dice_action`] and [`Rules::dice_change`], its action `Dice`.
/// One line in each game's `impl Rules`.
#[macro_export]
macro_rules! game_rules {
    ($action:ident, $phase:ident) => {
        fn is_finished(&self) -> bool {
            self.phase == $phase::Finished
        }

        fn dice_action(dice: $crate::core::game::WhoseDice) -> Option<$action> {
            Some($action::Dice(dice))
        }

        fn dice_change(action: &$action) -> Option<$crate::core::game::WhoseDice> {
            match action {
                $action::Dice(dice) => Some(*dice),
                _ => None,
            }
        }
    };
}

/// Writes [`Rules::rolled`] and [`Rules::roll_values`] for a game whose
/// only rolls are the roll-off's and d6s thrown in one phase, its action
/// `Roll { dice: Vec<D6>, source }` (Sérieux, Einstein, Séquence Dés):
/// `d6_rolls!(Action, Phase::Roll)`. One line in the game's `impl Rules`.
#[macro_export]
macro_rules! d6_rolls {
    ($action:ident, $phase:ident :: $rolling:ident) => {
        fn rolled(
            &self,
            _roll: &$crate::core::game::Roll,
            values: &[u32],
            source: $crate::core::game::RollSource,
        ) -> Option<$action> {
            match self.phase {
                $phase::RollOff(_) => Some(
                    <$action as $crate::core::game::RollOffAction>::roll_off(values, source),
                ),
                $phase::$rolling => Some($action::Roll {
                    dice: $crate::core::dice::D6::all_of(values)?,
                    source,
                }),
                _ => None,
            }
        }

        fn roll_values(action: &$action) -> Option<(Vec<u32>, $crate::core::game::RollSource)> {
            match action {
                $action::RollOff { values, source } => Some((values.clone(), *source)),
                $action::Roll { dice, source } => {
                    Some(($crate::core::dice::D6::values_of(dice), *source))
                }
                _ => None,
            }
        }
    };
}
