//! The moves a game lists: a complete action, a roll the game waits for,
//! or an action composed step by step.

use super::GameKind;
use crate::core::dice_kinds::DieKind;
use std::ops::RangeInclusive;

/// One legal move of the current state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move<A> {
    /// This action, as it is.
    Play(A),
    /// A roll the game waits for: any faces of these dice make a legal
    /// action, built by [`Rules::rolled`].
    Roll(Roll),
    /// An action the player builds in steps (see [`Compose`]).
    Compose(Compose),
}

impl<A> Move<A> {
    pub fn as_play(&self) -> Option<&A> {
        match self {
            Move::Play(action) => Some(action),
            _ => None,
        }
    }

    pub fn as_roll(&self) -> Option<&Roll> {
        match self {
            Move::Roll(roll) => Some(roll),
            _ => None,
        }
    }
}

/// Dice to throw, and how the roll records them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    /// The dice thrown, in the order the action lists them.
    pub dice: Vec<DieKind>,
    /// How many dice make one recorded value: 1 (each die its own value,
    /// see [`DieKind::value`]) or 2 (Séquence Dés's roll-off records the sum
    /// of each player's two dice).
    pub per_value: usize,
}

impl Roll {
    /// One value per die.
    pub fn of(dice: Vec<DieKind>) -> Roll {
        Roll { dice, per_value: 1 }
    }

    /// `count` six-sided dice.
    pub fn d6(count: usize) -> Roll {
        Roll::of(vec![DieKind::D6; count])
    }

    /// A round of the roll-off for the first player of a game of `kind`
    /// between `contenders`: each throws the game's
    /// [`Facts::roll_off_dice`](super::Facts::roll_off_dice) d6s, their
    /// sum being one value.
    pub fn roll_off(kind: GameKind, contenders: usize) -> Roll {
        let per_value = kind.facts().roll_off_dice;
        Roll {
            dice: vec![DieKind::D6; per_value * contenders],
            per_value,
        }
    }

    /// How many values the action records.
    pub fn len(&self) -> usize {
        self.dice.len() / self.per_value.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The dice behind value `i`.
    fn dice_of(&self, i: usize) -> &[DieKind] {
        let n = self.per_value.max(1);
        &self.dice[i * n..(i + 1) * n]
    }

    /// The values value `i` may take.
    pub fn range(&self, i: usize) -> RangeInclusive<u32> {
        match self.dice_of(i) {
            [one] => one.values(),
            several => {
                let low = several.iter().map(|d| *d.values().start()).sum();
                let high = several.iter().map(|d| *d.values().end()).sum();
                low..=high
            }
        }
    }

    /// The recorded values of a throw: `face(die)` gives each die's face
    /// index (0 to its sides − 1).
    pub fn throw(&self, mut face: impl FnMut(DieKind) -> usize) -> Vec<u32> {
        (0..self.len())
            .map(|i| {
                self.dice_of(i)
                    .iter()
                    .map(|d| d.value(face(*d) % d.sides()))
                    .sum()
            })
            .collect()
    }

    /// The values of a throw, taking each value from `kept` where it has
    /// one that fits (the dice of an undone roll come back), else from
    /// `face`.
    pub fn throw_keeping(&self, kept: &[u32], face: impl FnMut(DieKind) -> usize) -> Vec<u32> {
        let fresh = self.throw(face);
        fresh
            .into_iter()
            .enumerate()
            .map(|(i, v)| match kept.get(i) {
                Some(k) if self.range(i).contains(k) => *k,
                _ => v,
            })
            .collect()
    }
}

/// An action the player builds in steps, because listing every complete
/// one would be too large or impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compose {
    /// Roll to the Top: `player` fills squares from the result, one
    /// placement at a time; [`super::rtt::Rtt::next_placements`] lists
    /// exactly the placements legal after a draft, and an empty list of
    /// placements is a pass.
    Placements { player: usize },
    /// The word game: `player` says a word (for `theme` with open themes;
    /// without them no theme is named, and one given is ignored) that must
    /// start with `initial` (none on the black face). Only the table can
    /// judge a word, so words are not listed.
    Word {
        player: usize,
        theme: Option<usize>,
        initial: Option<char>,
    },
    /// The dice roller: any set of 1 to `max` of the app's dice.
    Dice { max: usize },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_records_numbers_and_face_indices() {
        let roll = Roll::of(vec![DieKind::D6, DieKind::Challenge, DieKind::Theme]);
        assert_eq!(roll.throw(|_| 5), vec![6, 5, 6]);
        assert_eq!(roll.throw(|_| 0), vec![1, 0, 1]);
        assert_eq!(roll.range(1), 0..=5);
    }

    #[test]
    fn a_roll_off_on_two_dice_records_sums() {
        let roll = Roll {
            dice: vec![DieKind::D6; 4],
            per_value: 2,
        };
        assert_eq!(roll.len(), 2);
        assert_eq!(roll.range(0), 2..=12);
        assert_eq!(roll.throw(|_| 2), vec![6, 6]);
        // Kept sums come back; a kept value out of range is thrown afresh.
        assert_eq!(roll.throw_keeping(&[11, 40], |_| 0), vec![11, 2]);
    }
}
