//! What an Einstein player composes before the choice is sent, and whom
//! the phone is with: the dice tapped into pairs, whose choice is on
//! screen, whose sheet is shown, and whether the phone is being handed on.

use crate::ui::use_default;
use dioxus::prelude::*;

/// The screen's draft of a choice (see [`use_einstein_draft`]).
#[derive(Clone, Copy, PartialEq)]
pub struct EinsteinDraft {
    /// The dice tapped so far for the current chooser, in order: pair A,
    /// pair B.
    pub picked: Signal<Vec<usize>>,
    /// Whose choice is on screen (any player still waiting).
    pub chooser: Signal<Option<usize>>,
    /// The sheet shown below.
    pub sheet_of: Signal<Option<usize>>,
    /// After a choice, the phone goes to the next player: the screen waits
    /// for them, the choices made so far hidden.
    pub handing_over: Signal<bool>,
}

/// The draft of an Einstein choice, kept across renders; `handing_over`
/// says whether the game opens with the phone being handed on (a game
/// resumed or reloaded at that point opens there too).
pub fn use_einstein_draft(handing_over: impl FnOnce() -> bool) -> EinsteinDraft {
    EinsteinDraft {
        picked: use_default(),
        chooser: use_default(),
        sheet_of: use_default(),
        handing_over: use_signal(handing_over),
    }
}

impl EinsteinDraft {
    /// After a move: the draft forgotten, and the phone handed on or not.
    pub fn moved(mut self, hand_over: bool) {
        self.picked.set(Vec::new());
        self.chooser.set(None);
        self.sheet_of.set(None);
        self.handing_over.set(hand_over);
    }

    /// `player` takes the phone to choose, their sheet shown.
    pub fn take_phone(mut self, player: usize) {
        self.chooser.set(Some(player));
        self.sheet_of.set(Some(player));
        self.handing_over.set(false);
    }

    /// `player` chooses instead, from no die tapped.
    pub fn choose(mut self, player: usize) {
        self.picked.set(Vec::new());
        self.take_phone(player);
    }

    /// Die `i` tapped: added to the pairs (four at most), or, if it is in
    /// one, taken out with its pair and any pair after it.
    pub fn tap(mut self, i: usize) {
        let mut list = self.picked.write();
        if let Some(pos) = list.iter().position(|&x| x == i) {
            list.truncate(pos - pos % 2);
        } else if list.len() < 4 {
            list.push(i);
        }
    }
}
