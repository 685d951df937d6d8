//! What a Roll to the Top player composes before the move is sent: the
//! placements made so far and the dice picked for the next, the values
//! typed from real dice and the white face chosen, the dice picked to add
//! or remove, and the refusals shown while composing.

use crate::core::dice_kinds::DieKind;
use crate::core::rtt::{Error, Placement};
use crate::core::save::GameId;
use crate::platform;
use crate::ui::use_default;
use dioxus::prelude::*;
use serde::{Deserialize, Serialize};

/// The screen's draft of the move at hand (see [`use_rtt_draft`]).
#[derive(Clone, Copy, PartialEq)]
pub struct RttDraft {
    /// The current player's placements so far.
    pub placements: Signal<Vec<Placement>>,
    /// The dice of the result picked for the next placement.
    pub picked: Signal<Vec<usize>>,
    /// The values typed from real dice, one field per die.
    pub typed: Signal<Vec<String>>,
    /// The white face typed (none until the player taps one).
    pub white: Signal<Option<usize>>,
    /// The die picked to add, and to remove.
    pub add: Signal<Option<DieKind>>,
    pub remove: Signal<Option<DieKind>>,
    /// A square's refusal, shown under the tower the player is looking at.
    pub square_refused: Signal<Option<Error>>,
    /// A typed roll without its white face, said beside the Record button.
    pub white_missing: Signal<bool>,
}

/// The draft of a Roll to the Top move, kept across renders.
pub fn use_rtt_draft() -> RttDraft {
    RttDraft {
        placements: use_default(),
        picked: use_default(),
        typed: use_default(),
        white: use_default(),
        add: use_default(),
        remove: use_default(),
        square_refused: use_default(),
        white_missing: use_default(),
    }
}

impl RttDraft {
    /// Forgets the whole draft.
    pub fn reset(mut self) {
        self.placements.set(Vec::new());
        self.picked.set(Vec::new());
        self.typed.set(Vec::new());
        self.white.set(None);
        self.add.set(None);
        self.remove.set(None);
        self.square_refused.set(None);
        self.white_missing.set(false);
    }

    /// The values typed, a field that is not a number read as 0 (the game
    /// refuses it).
    pub fn values(&self) -> Vec<u32> {
        self.typed
            .read()
            .iter()
            .map(|v| v.trim().parse().unwrap_or(0))
            .collect()
    }

    /// The dice of `count` that the placements so far use.
    pub fn used(&self, count: usize) -> Vec<bool> {
        let mut used = vec![false; count];
        for p in self.placements.read().iter() {
            for &d in &p.dice {
                used[d] = true;
            }
        }
        used
    }

    /// What the picked dice of `result` add up to.
    pub fn picked_sum(&self, result: &[u32]) -> u32 {
        self.picked
            .read()
            .iter()
            .map(|&d| result.get(d).copied().unwrap_or(0))
            .sum()
    }

    /// The picked dice, in the order of the result.
    pub fn picked_dice(&self) -> Vec<usize> {
        let mut dice = self.picked.read().clone();
        dice.sort_unstable();
        dice
    }

    /// Picks die `i`, or lets it go; true if any die is picked after.
    pub fn toggle_pick(mut self, i: usize) -> bool {
        let mut picked = self.picked.write();
        if let Some(pos) = picked.iter().position(|&x| x == i) {
            picked.remove(pos);
        } else {
            picked.push(i);
        }
        !picked.is_empty()
    }

    /// The picked dice go to `square`.
    pub fn place(mut self, square: usize) {
        let dice = self.picked_dice();
        self.placements.write().push(Placement { square, dice });
        self.picked.set(Vec::new());
        self.square_refused.set(None);
    }
}

/// Where the squares kept across a reload are stored on this phone.
const KEPT_KEY: &str = "rtt.placing";

/// A player's turn to place in a game: the game, the roll (how
/// many came before it, and its result) and the player. Other players'
/// moves meanwhile do not change it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlacingTurn {
    pub game: GameId,
    pub rolls: usize,
    pub result: Vec<u32>,
    pub player: usize,
}

/// The squares a player placed and has not confirmed, at a moment.
#[derive(Serialize, Deserialize)]
struct KeptSquares {
    moment: PlacingTurn,
    placements: Vec<Placement>,
}

/// Keeps the squares placed and not yet confirmed on this phone across a
/// reload (or the app closed): `moment` is the game and player placing
/// now (none: no one places here). When a moment opens, the squares kept
/// for it come back; while it lasts, each change is kept.
pub fn use_kept_squares(moment: Option<PlacingTurn>, draft: RttDraft) {
    let mut at = use_signal(|| None::<PlacingTurn>);
    use_effect(use_reactive!(|moment| {
        if *at.peek() == moment {
            return;
        }
        let mut placements = draft.placements;
        let kept = platform::load(KEPT_KEY)
            .ok()
            .flatten()
            .and_then(|text| serde_json::from_str::<KeptSquares>(&text).ok())
            .filter(|kept| Some(&kept.moment) == moment.as_ref());
        if let Some(kept) = kept.filter(|_| placements.peek().is_empty()) {
            placements.set(kept.placements);
        }
        at.set(moment);
    }));
    use_effect(move || {
        let placements = draft.placements.read().clone();
        let Some(moment) = at.read().clone() else {
            return;
        };
        let text = serde_json::to_string(&KeptSquares { moment, placements }).unwrap_or_default();
        let _ = platform::save(KEPT_KEY, &text);
    });
}
