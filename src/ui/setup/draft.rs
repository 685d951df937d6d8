//! What the setup screen keeps of a game being set up: the names typed, who
//! starts, the game's options and why the last start was refused. The app
//! keeps it, not the screen: a table that reads the rules, or opens the
//! settings, finds the setup as it left it. It starts again empty once a
//! game of that kind starts.

use crate::core::games::AnyError;
use crate::core::table::{Colour, FirstPlayer, Player};
use crate::ui::GameSetup;
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
    pub error: Signal<Option<AnyError>>,
}

/// The setup of a game of `G` being made: the draft and the game's options.
pub struct KeptSetup<G: GameSetup> {
    pub draft: SetupDraft,
    pub options: Signal<G::Options>,
}

impl<G: GameSetup> Clone for KeptSetup<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: GameSetup> Copy for KeptSetup<G> {}

/// The setup of `G` as it was left, or a new one: owned by the app's root
/// (one per game), so it outlives the setup screen.
pub fn use_kept_setup<G: GameSetup>() -> KeptSetup<G> {
    use_root_context(|| {
        fn kept<T: 'static>(value: T) -> Signal<T> {
            Signal::new_in_scope(value, ScopeId::ROOT)
        }
        KeptSetup {
            draft: SetupDraft {
                names: kept(two_seats()),
                roll_off: kept(true),
                chosen: kept(0),
                error: kept(None),
            },
            options: kept(G::Options::default()),
        }
    })
}

/// A new setup's seats: two, empty.
fn two_seats() -> Vec<String> {
    vec![String::new(), String::new()]
}

impl<G: GameSetup> KeptSetup<G> {
    /// Empty again, as a new setup: two seats, a roll-off, the game's
    /// default options.
    pub fn clear(mut self) {
        self.draft.names.set(two_seats());
        self.draft.roll_off.set(true);
        self.draft.chosen.set(0);
        self.draft.error.set(None);
        self.options.set(G::Options::default());
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
