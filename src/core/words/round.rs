//! A round of the word game as the screen sees it: the dice, who is done,
//! the word waiting for the table's judgement, and what happened.

use super::{Phase, LIMITED_PER_PLAYER};
use crate::core::dice_kinds::DieColour;
use crate::core::table::Opening;

/// A word waiting for the table's judgement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub player: usize,
    pub word: String,
    pub theme: Option<usize>,
    /// Tokens the word would earn (before the last-speaker rule and the cap).
    pub points: u32,
    /// This player is among the last to speak: the word scores nothing.
    pub last_speaker: bool,
}

/// What the round is about once the dice are rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The theme (index on the card); `None` with open themes.
    pub theme: Option<usize>,
    /// The five letters, in die order (green, white, yellow, red, blue).
    pub letters: Vec<char>,
    /// The colour die: a letter die's colour, or black.
    pub colour: DieColour,
    /// Players done for this round, in the order they finished.
    pub done: Vec<usize>,
    pub pending: Option<Proposal>,
    pub closed: Vec<bool>,
}

/// How many of the last speakers of a round score nothing: 0 with 2
/// players, 1 with 3–4, 2 with 5–6.
pub fn silent_speakers(players: usize) -> usize {
    match players {
        0..=2 => 0,
        3 | 4 => 1,
        _ => 2,
    }
}

impl Round {
    /// A word accepted for `theme` closes it (open themes).
    pub fn close_theme(&mut self, theme: Option<usize>) {
        if let Some(closed) = theme.and_then(|t| self.closed.get_mut(t)) {
            *closed = true;
        }
    }

    /// The letter words must start with (`None` on the black face).
    pub fn initial(&self) -> Option<char> {
        DieColour::LETTER_DICE
            .iter()
            .position(|c| *c == self.colour)
            .map(|i| self.letters[i])
    }
}

/// What happened, for the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Awarded {
        player: usize,
        word: String,
        tokens: u32,
        last_speaker: bool,
    },
    Rejected {
        player: usize,
        word: String,
    },
    /// A black-face proposal with a dice letter: it costs tokens.
    Penalty {
        player: usize,
        word: String,
        tokens: u32,
    },
    Passed {
        player: usize,
    },
    RoundOver,
}

/// How a round flows: tokens taken, rounds started and ended.
impl super::Words {
    pub(super) fn take(&mut self, player: usize, wanted: u32, from_reserve: bool) -> u32 {
        let pot = if from_reserve {
            &mut self.reserve
        } else {
            &mut self.centre
        };
        let got = wanted.min(*pot);
        *pot -= got;
        self.tokens[player] += got;
        got
    }

    /// The first round once the first player is known, else the roll-off.
    pub(super) fn open(&mut self, opening: Opening) {
        match opening {
            Opening::First(roller) => {
                self.roller = roller;
                self.start_round(false);
            }
            Opening::RollOff(r) => self.phase = Phase::RollOff(r),
        }
    }

    /// A new round. In "Propositions limitées" 2 tokens per player go from
    /// the reserve to the centre, except after a black-face round: then the
    /// round starts with the centre as it is ("en gardant simplement les
    /// jetons se trouvant déjà au centre de la table").
    pub(super) fn start_round(&mut self, after_black: bool) {
        self.rounds += 1;
        if self.setup.variants.limited && !after_black {
            let want = LIMITED_PER_PLAYER * self.setup.players.len() as u32;
            let moved = want.min(self.reserve);
            self.reserve -= moved;
            self.centre += moved;
        }
        self.phase = if self.setup.variants.open_themes {
            Phase::RollDice { theme: None }
        } else {
            Phase::RollTheme
        };
    }

    pub(super) fn out_of_tokens(&self) -> bool {
        self.centre == 0 && (!self.setup.variants.limited || self.reserve == 0)
    }

    /// Ends the round (`black`: it was a black-face round) and starts the
    /// next one, unless the tokens have run out.
    pub(super) fn end_round(&mut self, black: bool) {
        self.events.push(Event::RoundOver);
        if self.out_of_tokens() {
            self.phase = Phase::Finished;
            return;
        }
        self.roller = (self.roller + 1) % self.setup.players.len();
        self.start_round(black);
    }

    pub(super) fn round_is_over(&self, round: &Round) -> bool {
        let n = self.setup.players.len();
        if round.done.len() >= n {
            return true;
        }
        if round.colour == DieColour::Black {
            return false;
        }
        if self.setup.variants.open_themes && round.closed.iter().all(|c| *c) {
            return true;
        }
        self.setup.variants.limited && self.centre == 0
    }
}
