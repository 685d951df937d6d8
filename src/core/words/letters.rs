//! The word game's data and letters: the app's theme cards, and how a word
//! is read against the dice (accents and case folded, letters matched as
//! multisets).

use crate::core::dice_kinds::DieColour;

pub const THEMES_PER_CARD: usize = 6;

/// The app's four theme cards (the rulebook does not print them), FR / EN.
pub const THEME_CARDS: [[(&str, &str); THEMES_PER_CARD]; 4] = [
    [
        ("Personnalités", "Famous people"),
        ("Villes", "Cities"),
        ("Animaux", "Animals"),
        ("Fruits et légumes", "Fruit and vegetables"),
        ("Métiers", "Jobs"),
        ("Pays", "Countries"),
    ],
    [
        ("Films", "Films"),
        ("Sports", "Sports"),
        ("Objets de la maison", "Things in a house"),
        ("Prénoms", "First names"),
        ("Marques", "Brands"),
        ("Instruments de musique", "Musical instruments"),
    ],
    [
        ("Chanteurs et groupes", "Singers and bands"),
        ("Plats et desserts", "Dishes and desserts"),
        ("Fleuves, mers et montagnes", "Rivers, seas and mountains"),
        ("Vêtements", "Clothes"),
        ("Personnages de fiction", "Fictional characters"),
        ("Moyens de transport", "Means of transport"),
    ],
    [
        ("Écrivains", "Writers"),
        ("Plantes et arbres", "Plants and trees"),
        ("Couleurs", "Colours"),
        ("Parties du corps", "Parts of the body"),
        ("Boissons", "Drinks"),
        ("Outils", "Tools"),
    ],
];

/// A letter without accent or case: é → E, ñ → N, œ → OE; `None` for what
/// is not a letter (spaces, hyphens, apostrophes).
pub fn fold(c: char) -> Option<&'static str> {
    const TABLE: &[(&str, &str)] = &[
        ("aàâäáãå", "A"),
        ("b", "B"),
        ("cç", "C"),
        ("d", "D"),
        ("eéèêë", "E"),
        ("f", "F"),
        ("g", "G"),
        ("h", "H"),
        ("iîïíì", "I"),
        ("j", "J"),
        ("k", "K"),
        ("l", "L"),
        ("m", "M"),
        ("nñ", "N"),
        ("oôöóòõø", "O"),
        ("p", "P"),
        ("q", "Q"),
        ("r", "R"),
        ("s", "S"),
        ("t", "T"),
        ("uùûüú", "U"),
        ("v", "V"),
        ("w", "W"),
        ("x", "X"),
        ("yÿý", "Y"),
        ("z", "Z"),
        ("œ", "OE"),
        ("æ", "AE"),
        ("ß", "SS"),
    ];
    let lower = c.to_lowercase().next().unwrap_or(c);
    TABLE
        .iter()
        .find(|(from, _)| from.contains(lower))
        .map(|(_, to)| *to)
}

/// A word's letters, folded: "Buñuel" → "BUNUEL".
pub fn letters(word: &str) -> String {
    word.chars().filter_map(fold).collect()
}

/// Which dice the word uses, die by die, matched as multisets: two O dice
/// need two O's. What the screen highlights as the word is typed.
pub fn matches(word: &str, dice: &[char]) -> Vec<bool> {
    let mut pool: Vec<char> = letters(word).chars().collect();
    dice.iter()
        .map(|d| {
            let d = d.to_ascii_uppercase();
            match pool.iter().position(|c| *c == d) {
                Some(i) => {
                    pool.remove(i);
                    true
                }
                None => false,
            }
        })
        .collect()
}

/// One token per die whose letter is in the word, matched as multisets:
/// two O dice need two O's. Dice B O R V A: "Bono" 2, "Brejnev" 3, "Buñuel" 1.
pub fn score(word: &str, dice: &[char]) -> u32 {
    matches(word, dice).iter().filter(|m| **m).count() as u32
}

/// True when the word contains none of the dice letters (the black face).
pub fn avoids(word: &str, dice: &[char]) -> bool {
    let w = letters(word);
    !dice.iter().any(|d| w.contains(d.to_ascii_uppercase()))
}

/// The colour die's faces, in the order its face indices number them.
pub const COLOUR_FACES: [DieColour; 6] = [
    DieColour::Green,
    DieColour::White,
    DieColour::Yellow,
    DieColour::Red,
    DieColour::Blue,
    DieColour::Black,
];
