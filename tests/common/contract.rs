//! The game contract, checked the same way for every game
//! (`#[path]`-included by each game's rule tests): in thousands of seeded
//! states, every move `legal_moves` lists validates, and every random action
//! that validates is one of the moves listed.

#![allow(dead_code)]

use genius::core::game::{Compose, Move, Roll, RollSource, Rules};
use genius::core::session::Session;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// What one game brings to the check: its setups, random actions (legal or
/// not), and how its composed moves are built and recognised.
pub struct Contract<R: Rules> {
    pub setup: fn(&mut StdRng) -> R::Setup,
    /// Any action, legal or not, in the neighbourhood of the state.
    pub any_action: fn(&mut StdRng, &R) -> R::Action,
    /// A random complete action for a composed move.
    pub compose: fn(&mut StdRng, &R, &Compose) -> R::Action,
    /// Whether an action that validates is one that `compose` can build.
    pub composed_by: fn(&R, &Compose, &R::Action) -> bool,
}

fn no_compose<R: Rules>(_: &mut StdRng, _: &R, c: &Compose) -> R::Action {
    panic!("this game composes no moves ({c:?})")
}

fn composes_nothing<R: Rules>(_: &R, _: &Compose, _: &R::Action) -> bool {
    false
}

impl<R: Rules> Contract<R> {
    /// A game whose moves are all listed complete (or rolls).
    pub fn listed(
        setup: fn(&mut StdRng) -> R::Setup,
        any_action: fn(&mut StdRng, &R) -> R::Action,
    ) -> Contract<R> {
        Contract {
            setup,
            any_action,
            compose: no_compose::<R>,
            composed_by: composes_nothing::<R>,
        }
    }
}

/// Random values for a roll, each within its die's (or dice's) range.
pub fn throw(rng: &mut StdRng, roll: &Roll) -> Vec<u32> {
    (0..roll.len())
        .map(|i| rng.random_range(roll.range(i)))
        .collect()
}

fn source(rng: &mut StdRng) -> RollSource {
    if rng.random_bool(0.5) {
        RollSource::Virtual
    } else {
        RollSource::Typed
    }
}

/// Checks one state both ways; returns how many random actions validated.
pub fn check_state<R: Rules>(
    contract: &Contract<R>,
    state: &R,
    rng: &mut StdRng,
    samples: usize,
    at: &str,
) -> usize {
    let moves = state.legal_moves();
    for m in &moves {
        match m {
            Move::Play(action) => {
                assert_eq!(state.validate(action), Ok(()), "{at}: listed {action:?}");
                assert_eq!(&R::normalise(action), action, "{at}: listed in normal form");
            }
            Move::Roll(roll) => {
                for _ in 0..3 {
                    let values = throw(rng, roll);
                    let source = source(rng);
                    let action = state
                        .rolled(roll, &values, source)
                        .unwrap_or_else(|| panic!("{at}: {roll:?} with {values:?}"));
                    assert_eq!(state.validate(&action), Ok(()), "{at}: rolled {action:?}");
                    assert_eq!(R::roll_values(&action), Some((values, source)), "{at}");
                }
            }
            Move::Compose(c) => {
                for _ in 0..3 {
                    let action = (contract.compose)(rng, state, c);
                    assert_eq!(state.validate(&action), Ok(()), "{at}: composed {action:?}");
                    assert!((contract.composed_by)(state, c, &action), "{at}: {c:?}");
                }
            }
        }
    }
    let mut valid = 0;
    for _ in 0..samples {
        let action = (contract.any_action)(rng, state);
        if state.validate(&action).is_err() {
            continue;
        }
        valid += 1;
        let normal = R::normalise(&action);
        let listed = moves.iter().any(|m| match m {
            Move::Play(a) => *a == normal,
            Move::Roll(roll) => R::roll_values(&action)
                .is_some_and(|(v, s)| state.rolled(roll, &v, s).as_ref() == Some(&action)),
            Move::Compose(c) => (contract.composed_by)(state, c, &action),
        });
        assert!(
            listed,
            "{at}: {action:?} validates but is not listed in {moves:?}"
        );
    }
    valid
}

/// A legal move of `state`, made complete, at random.
pub fn random_legal<R: Rules>(
    contract: &Contract<R>,
    state: &R,
    rng: &mut StdRng,
) -> Option<R::Action> {
    let moves = state.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(match &moves[rng.random_range(0..moves.len())] {
        Move::Play(action) => action.clone(),
        Move::Roll(roll) => {
            let values = throw(rng, roll);
            state.rolled(roll, &values, source(rng))?
        }
        Move::Compose(c) => (contract.compose)(rng, state, c),
    })
}

/// Plays `games` seeded games, mostly by legal moves with random actions
/// mixed in, undoing now and then, and checks the contract in every state
/// reached. Returns the number of states checked.
pub fn check_games<R: Rules>(contract: &Contract<R>, games: u64, steps: usize) -> usize {
    let mut states = 0;
    let mut valid = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let Ok(mut session) = Session::<R>::new((contract.setup)(&mut rng)) else {
            continue;
        };
        for step in 0..steps {
            let at = format!("seed {seed} step {step}");
            valid += check_state(contract, session.state(), &mut rng, 8, &at);
            states += 1;
            if rng.random_range(0..20) == 0 {
                session.undo();
                continue;
            }
            let action = if rng.random_bool(0.8) {
                random_legal(contract, session.state(), &mut rng)
            } else {
                Some((contract.any_action)(&mut rng, session.state()))
            };
            match action {
                Some(action) => {
                    let _ = session.act(action);
                }
                None => break,
            }
        }
    }
    assert!(
        valid > states / 20,
        "random actions hardly ever validate: {valid} of {states}"
    );
    states
}
