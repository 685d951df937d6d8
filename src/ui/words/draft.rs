//! What the table composes before a move of the word game is sent: the
//! letter and colour faces typed from the real dice, who speaks, the word
//! and (with open themes) its theme.

use dioxus::prelude::*;

/// The screen's draft of the move at hand (see [`use_words_draft`]).
#[derive(Clone, Copy, PartialEq)]
pub struct WordsDraft {
    /// The face typed of each letter die, and of the colour die.
    pub letters: Signal<[Option<usize>; 5]>,
    pub colour: Signal<Option<usize>>,
    /// Who speaks, chosen.
    pub speaker: Signal<Option<usize>>,
    /// The word being typed.
    pub word: Signal<String>,
    /// The theme picked for the word (open themes).
    pub theme: Signal<Option<usize>>,
}

/// The draft of a word-game move, kept across renders.
pub fn use_words_draft() -> WordsDraft {
    WordsDraft {
        letters: use_signal(|| [None; 5]),
        colour: use_signal(|| None),
        speaker: use_signal(|| None),
        word: use_signal(String::new),
        theme: use_signal(|| None),
    }
}

impl WordsDraft {
    /// Forgets the whole draft (the dice are on the table: a new round).
    pub fn reset(mut self) {
        self.letters.set([None; 5]);
        self.colour.set(None);
        self.proposed();
    }

    /// Forgets the word, who said it and its theme (it was proposed).
    pub fn proposed(mut self) {
        self.speaker.set(None);
        self.word.set(String::new());
        self.theme.set(None);
    }

    /// The faces typed of the five letter dice and of the colour die, once
    /// every one is.
    pub fn typed_dice(&self) -> Option<(Vec<usize>, usize)> {
        let letters: Option<Vec<usize>> = (self.letters)().iter().copied().collect();
        letters.zip((self.colour)())
    }
}
