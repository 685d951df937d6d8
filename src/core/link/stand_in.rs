//! The choice played for a player whose hidden choice cannot be shown once
//! another of its round is (a ruling, see `Step::StandIn`): the coach's
//! recommendation for that player's sheet, from the round's start, so that
//! it never sees the others' choices. Every copy computes the same.
//!
//! Only Einstein hides choices; the contract names no game, so the game
//! is recognised here, as the one whose state this is.

use super::super::coach::einstein::advise;
use super::super::einstein::{Action, Einstein};
use super::super::game::Game;
use std::any::Any;

/// The coach's choice for `player` in `state` (the round's start), as a
/// move of `G`; none if `G` hides no choice or `player` has none to make.
pub fn stand_in<G: Game>(state: &G, player: usize) -> Option<G::Action> {
    let einstein = (state as &dyn Any).downcast_ref::<Einstein>()?;
    let advice = advise(einstein, player)?;
    let choice = advice.recommended()?.option.choice;
    // `G` is Einstein: its move, through the text both share (read as the
    // wire's frames are, with no second decoder in the table's part).
    let action = serde_json::to_vec(&Action::Choose { player, choice }).ok()?;
    serde_json::from_slice(&action).ok()
}
