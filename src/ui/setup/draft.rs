//! What the setup screen keeps while it is open: the names typed, who
//! starts, and why the last start was refused.

use crate::core::table::{Colour, FirstPlayer, Player};
use crate::ui::use_default;
use dioxus::prelude::*;

#[derive(Clone, Copy, PartialEq)]
pub struct SetupDraft {
    /// One name per seat, as typed (two empty seats at first).
    pub names: Signal<Vec<String>>,
    /// Who starts is rolled for (else chosen).
    pub roll_off: Signal<bool>,
    /// The seat chosen to start, when it is not rolled for.
    pub chosen: Signal<usize>,
    /// Why the last start was refused, until the names change.
    pub error: Signal<Option<String>>,
}

pub fn use_setup_draft() -> SetupDraft {
    SetupDraft {
        names: use_signal(|| vec![String::new(), String::new()]),
        roll_off: use_signal(|| true),
        chosen: use_default::<usize>(),
        error: use_default::<Option<String>>(),
    }
}

impl SetupDraft {
    /// The players as typed, each with the colour of their seat.
    pub fn players(&self) -> Vec<Player> {
        self.names
            .read()
            .iter()
            .enumerate()
            .map(|(i, n)| Player::new(n, Colour::ALL[i % Colour::ALL.len()]))
            .collect()
    }

    /// Who starts, for `players` players: rolled for, or the seat chosen.
    pub fn first(&self, players: usize) -> FirstPlayer {
        if (self.roll_off)() {
            FirstPlayer::RollOff
        } else {
            FirstPlayer::Chosen((self.chosen)().min(players.saturating_sub(1)))
        }
    }
}
