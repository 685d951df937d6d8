//! Six-sided dice as the prime checker reads them: parsing what a player
//! types, keeping the order they were entered in, and sorting them ascending.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most dice a player may roll at once (Genius has five d6).
pub const MAX_DICE: usize = 5;

/// One face of a six-sided die, always 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct D6(u8);

impl D6 {
    /// Every face, in order.
    pub const ALL: [D6; 6] = [D6(1), D6(2), D6(3), D6(4), D6(5), D6(6)];

    /// The face showing `value`, or `None` when no face of a d6 shows it.
    pub const fn new(value: u8) -> Option<D6> {
        if value >= 1 && value <= 6 {
            Some(D6(value))
        } else {
            None
        }
    }

    pub const fn value(self) -> u8 {
        self.0
    }

    /// The dice showing `values` (as a roll records them), or `None` if one
    /// is not a face of a d6.
    pub fn all_of(values: &[u32]) -> Option<Vec<D6>> {
        values
            .iter()
            .map(|&v| u8::try_from(v).ok().and_then(D6::new))
            .collect()
    }

    /// The values a roll records for these dice.
    pub fn values_of(dice: &[D6]) -> Vec<u32> {
        dice.iter().map(|d| u32::from(d.value())).collect()
    }
}

impl TryFrom<u8> for D6 {
    type Error = EntryError;
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        D6::new(value).ok_or(EntryError::NotAFace(value))
    }
}

impl From<D6> for u8 {
    fn from(d: D6) -> u8 {
        d.0
    }
}

impl fmt::Display for D6 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a piece of input was refused. The input itself is never lost: the
/// dice already entered stay as they were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntryError {
    /// A digit that no face of a d6 shows (0, 7, 8, 9).
    NotAFace(u8),
    /// A character that is not a digit at all.
    NotADigit(char),
    /// A sixth die: Genius is played with five.
    TooManyDice,
    /// Nothing to check or remove: no die has been entered.
    Empty,
}

impl fmt::Display for EntryError {
    /// A plain description for logs; the UI words it through `i18n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::NotAFace(d) => write!(f, "{d} is not a face of a d6"),
            EntryError::NotADigit(c) => write!(f, "'{c}' is not a digit"),
            EntryError::TooManyDice => write!(f, "more than {MAX_DICE} dice"),
            EntryError::Empty => write!(f, "no dice"),
        }
    }
}

impl std::error::Error for EntryError {}

/// Reads one typed character as a die face.
pub fn parse_face(c: char) -> Result<D6, EntryError> {
    match c.to_digit(10) {
        // A decimal digit is 0..=9, so it fits in a u8.
        Some(d) => D6::new(d as u8).ok_or(EntryError::NotAFace(d as u8)),
        None => Err(EntryError::NotADigit(c)),
    }
}

/// Up to five dice, in the order they were entered or rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    entered: Vec<D6>,
}

impl Hand {
    pub fn new() -> Self {
        Self::default()
    }

    /// A hand holding `dice`; refused when there are more than five.
    pub fn from_dice(dice: &[D6]) -> Result<Self, EntryError> {
        if dice.len() > MAX_DICE {
            return Err(EntryError::TooManyDice);
        }
        Ok(Hand {
            entered: dice.to_vec(),
        })
    }

    pub fn len(&self) -> usize {
        self.entered.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entered.is_empty()
    }

    pub fn is_full(&self) -> bool {
        self.entered.len() == MAX_DICE
    }

    /// The dice in the order the player gave them.
    pub fn entered(&self) -> &[D6] {
        &self.entered
    }

    /// Adds a die; a sixth one is refused and the hand is unchanged.
    pub fn push(&mut self, die: D6) -> Result<(), EntryError> {
        if self.is_full() {
            return Err(EntryError::TooManyDice);
        }
        self.entered.push(die);
        Ok(())
    }

    /// Removes the die entered last.
    pub fn pop(&mut self) -> Result<D6, EntryError> {
        self.entered.pop().ok_or(EntryError::Empty)
    }

    pub fn clear(&mut self) {
        self.entered.clear();
    }

    /// The dice sorted ascending, as the Mode Sérieux reads them.
    pub fn sorted(&self) -> Vec<D6> {
        sorted(&self.entered)
    }

    /// True when the dice were not entered in ascending order, so the app
    /// had to sort them.
    pub fn was_reordered(&self) -> bool {
        self.entered.windows(2).any(|w| w[0] > w[1])
    }

    /// The number the sorted dice form (2,4,3,5,3 → 23345), if any dice.
    pub fn number(&self) -> Option<u32> {
        if self.is_empty() {
            None
        } else {
            Some(number_of(&self.sorted()))
        }
    }
}

/// `dice` sorted ascending: one pass per face (five dice at most), which
/// keeps a general sort out of the web build.
pub fn sorted(dice: &[D6]) -> Vec<D6> {
    let mut out = Vec::with_capacity(dice.len());
    for face in D6::ALL {
        out.extend(dice.iter().filter(|&&d| d == face));
    }
    out
}

/// Reads dice as the digits of one number, in the order given.
pub fn number_of(dice: &[D6]) -> u32 {
    dice.iter().fold(0, |n, d| n * 10 + u32::from(d.value()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(values: &[u8]) -> Vec<D6> {
        values.iter().map(|&v| D6::new(v).unwrap()).collect()
    }

    #[test]
    fn faces_are_one_to_six() {
        assert_eq!(D6::new(0), None);
        assert_eq!(D6::new(7), None);
        assert_eq!(
            D6::ALL.iter().map(|d| d.value()).collect::<Vec<_>>(),
            vec![1, 2, 3, 4, 5, 6]
        );
    }

    #[test]
    fn rulebook_example_sorts_to_23345() {
        let hand = Hand::from_dice(&dice(&[2, 4, 3, 5, 3])).unwrap();
        assert_eq!(hand.number(), Some(23345));
        assert!(hand.was_reordered());
        assert_eq!(hand.entered(), dice(&[2, 4, 3, 5, 3]).as_slice());
    }

    #[test]
    fn ascending_entry_is_not_reported_as_reordered() {
        let hand = Hand::from_dice(&dice(&[1, 1, 2, 3])).unwrap();
        assert!(!hand.was_reordered());
        assert_eq!(hand.number(), Some(1123));
    }

    #[test]
    fn sixth_die_is_refused_and_changes_nothing() {
        let mut hand = Hand::from_dice(&dice(&[6, 6, 6, 6, 6])).unwrap();
        assert_eq!(hand.push(D6::ALL[0]), Err(EntryError::TooManyDice));
        assert_eq!(hand.len(), 5);
        assert_eq!(hand.number(), Some(66666));
    }

    #[test]
    fn pop_on_empty_hand_says_empty() {
        let mut hand = Hand::new();
        assert_eq!(hand.pop(), Err(EntryError::Empty));
        assert_eq!(hand.number(), None);
    }

    #[test]
    fn typed_characters() {
        assert_eq!(parse_face('4'), Ok(D6::ALL[3]));
        assert_eq!(parse_face('0'), Err(EntryError::NotAFace(0)));
        assert_eq!(parse_face('7'), Err(EntryError::NotAFace(7)));
        assert_eq!(parse_face('9'), Err(EntryError::NotAFace(9)));
        assert_eq!(parse_face('a'), Err(EntryError::NotADigit('a')));
        assert_eq!(parse_face('é'), Err(EntryError::NotADigit('é')));
    }

    #[test]
    fn serde_refuses_impossible_faces() {
        assert_eq!(serde_json::from_str::<D6>("3").unwrap(), D6::ALL[2]);
        assert!(serde_json::from_str::<D6>("7").is_err());
        assert!(serde_json::from_str::<D6>("0").is_err());
    }
}
