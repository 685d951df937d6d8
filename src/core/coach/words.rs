//! The letter-dice word game: the app cannot judge a word, so the coach
//! says which letters count. A word scores one token per die whose letter
//! it contains (two dice showing the same letter need it twice); it must
//! start with the colour die's letter; on the black face a word must use
//! none of the dice letters.

use crate::core::words::{Phase, Words};

/// What a word should do this round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Start with `initial` (when the colour die names one) and use as many
    /// of `letters` as possible: each brings one token, up to `most`.
    UseLetters {
        initial: Option<char>,
        letters: Vec<char>,
        most: usize,
    },
    /// The black face: a word with any of these letters costs tokens.
    Avoid { letters: Vec<char> },
}

/// The coach during a round's proposals; `None` before the dice are rolled.
pub fn advise(game: &Words) -> Option<Advice> {
    let Phase::Propose(round) = game.phase() else {
        return None;
    };
    let mut letters = round.letters.clone();
    letters.sort_unstable();
    Some(match round.initial() {
        None => {
            letters.dedup();
            Advice::Avoid { letters }
        }
        Some(initial) => Advice::UseLetters {
            initial: Some(initial),
            most: letters.len(),
            letters,
        },
    })
}
