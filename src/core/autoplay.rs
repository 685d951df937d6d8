//! A player that makes random legal moves for some seats: the native
//! table peer's `auto` command, and the player of the table link's tests
//! and benchmark. Its randomness is given (any [`Rng`]), like a roll's.

use super::game::{Actor, Game, Move, RollSource};
use rand::Rng;

/// Whether a phone holding `seat` may make a move of `actor`'s.
pub fn seat_makes(seat: usize, actor: Actor) -> bool {
    actor == Actor::Table || actor == Actor::Player(seat)
}

/// A legal move of `seats` now (the host plays its own seat and those of
/// players without a phone), at random; rolls take the app's dice or typed
/// ones at random.
pub fn random_move<G: Game>(state: &G, seats: &[usize], rng: &mut impl Rng) -> Option<G::Action> {
    let mut moves: Vec<G::Action> = Vec::new();
    for m in state.legal_moves() {
        let action = match m {
            Move::Play(action) => Some(action),
            Move::Roll(roll) => {
                let values: Vec<u32> = (0..roll.len())
                    .map(|i| rng.random_range(roll.range(i)))
                    .collect();
                let source = if rng.random_bool(0.8) {
                    RollSource::Virtual
                } else {
                    RollSource::Typed
                };
                state.rolled(&roll, &values, source)
            }
            Move::Compose(c) => state.compose_at_random(rng, &c),
        };
        if let Some(action) = action {
            if seats.iter().any(|s| seat_makes(*s, state.actor(&action))) {
                moves.push(action);
            }
        }
    }
    if moves.is_empty() {
        return None;
    }
    let i = rng.random_range(0..moves.len());
    Some(moves.swap_remove(i))
}
