//! Every die the app knows, with its faces as data: the polyhedral dice
//! d4–d20, the Genius challenge die, the Roll to the Top white die, the five
//! letter dice, the colour die and the theme die of the word game.
//!
//! A roll is a list of face indices; the same validation serves virtual rolls
//! and values typed in from physical dice.

use serde::{Deserialize, Serialize};

/// The faces of the Genius challenge die ("dé défi").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Challenge {
    Double,
    Half,
    Plus10,
    Minus10,
    Defi1,
    Defi2,
}

impl Challenge {
    /// The faces in the order of the die (×2, ÷2, +10, −10, Défi 1, Défi 2).
    pub const ALL: [Challenge; 6] = [
        Challenge::Double,
        Challenge::Half,
        Challenge::Plus10,
        Challenge::Minus10,
        Challenge::Defi1,
        Challenge::Defi2,
    ];

    /// The value a roll records for this face (its index on the die).
    pub fn value(self) -> u32 {
        DieKind::Challenge
            .index_of(Face::Challenge(self))
            .unwrap_or(0) as u32
    }

    /// The face a roll's value stands for.
    pub fn from_value(value: u32) -> Option<Challenge> {
        match DieKind::Challenge.face_of(value)? {
            Face::Challenge(c) => Some(c),
            _ => None,
        }
    }
}

/// The faces of the Roll to the Top white die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum White {
    AddOne,
    RemoveOne,
    AddOrRemove,
    AddAndRemove,
}

impl White {
    /// The face a roll's value (a face index, 0–5: two faces show +1 and
    /// two −1) stands for.
    pub fn from_value(value: u32) -> Option<White> {
        match DieKind::White.face_of(value)? {
            Face::White(w) => Some(w),
            _ => None,
        }
    }
}

/// The colours of the word game's dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DieColour {
    Green,
    White,
    Yellow,
    Red,
    Blue,
    Black,
}

impl DieColour {
    pub const LETTER_DICE: [DieColour; 5] = [
        DieColour::Green,
        DieColour::White,
        DieColour::Yellow,
        DieColour::Red,
        DieColour::Blue,
    ];
}

/// One face of any die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    Number(u32),
    Challenge(Challenge),
    White(White),
    Letter(char),
    Colour(DieColour),
}

impl Face {
    /// The number on the face, for dice whose faces add up.
    pub fn number(self) -> Option<u32> {
        match self {
            Face::Number(n) => Some(n),
            _ => None,
        }
    }
}

/// A kind of die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DieKind {
    D4,
    D6,
    D8,
    D10,
    D12,
    D20,
    Challenge,
    White,
    Letter(DieColour),
    Colour,
    Theme,
}

const WHITE_FACES: [Face; 6] = [
    Face::White(White::AddOne),
    Face::White(White::AddOne),
    Face::White(White::RemoveOne),
    Face::White(White::RemoveOne),
    Face::White(White::AddOrRemove),
    Face::White(White::AddAndRemove),
];

const COLOUR_FACES: [Face; 6] = [
    Face::Colour(DieColour::Green),
    Face::Colour(DieColour::White),
    Face::Colour(DieColour::Yellow),
    Face::Colour(DieColour::Red),
    Face::Colour(DieColour::Blue),
    Face::Colour(DieColour::Black),
];

/// The app's own letter faces (the rulebook does not print them): common
/// initials of French words, each die with vowels, tunable here. The
/// rulebook's example roll (green B, white O, yellow R, red V, blue A) is on
/// them.
pub const LETTER_FACES: [(DieColour, [char; 6]); 5] = [
    (DieColour::Green, ['A', 'B', 'C', 'D', 'E', 'L']),
    (DieColour::White, ['O', 'I', 'U', 'E', 'T', 'M']),
    (DieColour::Yellow, ['R', 'S', 'N', 'P', 'G', 'A']),
    (DieColour::Red, ['V', 'L', 'M', 'C', 'D', 'O']),
    (DieColour::Blue, ['A', 'E', 'I', 'S', 'R', 'F']),
];

impl DieKind {
    /// Every die the roller offers, in the order it lists them.
    pub const ALL: [DieKind; 15] = [
        DieKind::D4,
        DieKind::D6,
        DieKind::D8,
        DieKind::D10,
        DieKind::D12,
        DieKind::D20,
        DieKind::Challenge,
        DieKind::White,
        DieKind::Letter(DieColour::Green),
        DieKind::Letter(DieColour::White),
        DieKind::Letter(DieColour::Yellow),
        DieKind::Letter(DieColour::Red),
        DieKind::Letter(DieColour::Blue),
        DieKind::Colour,
        DieKind::Theme,
    ];

    pub fn sides(self) -> usize {
        match self {
            DieKind::D4 => 4,
            DieKind::D8 => 8,
            DieKind::D10 => 10,
            DieKind::D12 => 12,
            DieKind::D20 => 20,
            _ => 6,
        }
    }

    /// The face at `index` (0-based), or `None` past the last face.
    pub fn face(self, index: usize) -> Option<Face> {
        if index >= self.sides() {
            return None;
        }
        Some(match self {
            DieKind::D4
            | DieKind::D6
            | DieKind::D8
            | DieKind::D10
            | DieKind::D12
            | DieKind::D20
            | DieKind::Theme => Face::Number(index as u32 + 1),
            DieKind::Challenge => Face::Challenge(Challenge::ALL[index]),
            DieKind::White => WHITE_FACES[index],
            DieKind::Colour => COLOUR_FACES[index],
            DieKind::Letter(colour) => {
                let letters = LETTER_FACES
                    .iter()
                    .find(|(c, _)| *c == colour)
                    .map(|(_, l)| l);
                Face::Letter(letters.map(|l| l[index]).unwrap_or('?'))
            }
        })
    }

    pub fn faces(self) -> Vec<Face> {
        (0..self.sides()).filter_map(|i| self.face(i)).collect()
    }

    /// True when the faces are numbers that add up into a sum.
    pub fn is_numeric(self) -> bool {
        matches!(
            self,
            DieKind::D4 | DieKind::D6 | DieKind::D8 | DieKind::D10 | DieKind::D12 | DieKind::D20
        )
    }

    /// The index of the first face equal to `face`, if this die has it
    /// (a typed value must be a face that exists on that die).
    pub fn index_of(self, face: Face) -> Option<usize> {
        self.faces().iter().position(|f| *f == face)
    }

    /// How a roll records the face at `index`: its number for the dice
    /// with numbers (d4–d20 and the theme die, 1 to the number of sides),
    /// its index (0–5) for the others.
    pub fn value(self, index: usize) -> u32 {
        if self.numbered() {
            index as u32 + 1
        } else {
            index as u32
        }
    }

    /// Every value a roll may record for this die (see [`DieKind::value`]).
    pub fn values(self) -> std::ops::RangeInclusive<u32> {
        self.value(0)..=self.value(self.sides() - 1)
    }

    /// The face a recorded value stands for.
    pub fn face_of(self, value: u32) -> Option<Face> {
        let index = if self.numbered() {
            value.checked_sub(1)?
        } else {
            value
        };
        self.face(index as usize)
    }

    fn numbered(self) -> bool {
        self.is_numeric() || self == DieKind::Theme
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polyhedral_dice_number_their_faces() {
        for (kind, sides) in [
            (DieKind::D4, 4),
            (DieKind::D6, 6),
            (DieKind::D8, 8),
            (DieKind::D10, 10),
            (DieKind::D12, 12),
            (DieKind::D20, 20),
        ] {
            let faces = kind.faces();
            assert_eq!(faces.len(), sides);
            assert_eq!(faces.first(), Some(&Face::Number(1)));
            assert_eq!(faces.last(), Some(&Face::Number(sides as u32)));
            assert_eq!(kind.face(sides), None);
        }
    }

    #[test]
    fn special_dice_have_their_faces() {
        assert_eq!(DieKind::Challenge.faces().len(), 6);
        assert!(DieKind::Challenge
            .faces()
            .contains(&Face::Challenge(Challenge::Defi2)));
        let white = DieKind::White.faces();
        assert_eq!(
            white
                .iter()
                .filter(|f| **f == Face::White(White::AddOne))
                .count(),
            2
        );
        assert_eq!(
            white
                .iter()
                .filter(|f| **f == Face::White(White::RemoveOne))
                .count(),
            2
        );
        assert!(DieKind::Colour
            .faces()
            .contains(&Face::Colour(DieColour::Black)));
        for colour in DieColour::LETTER_DICE {
            assert!(DieKind::Letter(colour)
                .faces()
                .iter()
                .all(|f| matches!(f, Face::Letter(c) if c.is_ascii_uppercase())));
        }
    }

    #[test]
    fn typed_faces_must_exist() {
        assert_eq!(DieKind::D8.index_of(Face::Number(8)), Some(7));
        assert_eq!(DieKind::D8.index_of(Face::Number(9)), None);
        assert_eq!(DieKind::D6.index_of(Face::Challenge(Challenge::Half)), None);
        assert_eq!(
            DieKind::Letter(DieColour::Green).index_of(Face::Letter('Z')),
            None
        );
    }
}
