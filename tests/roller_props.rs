//! Property tests of the engine on the dice roller: long logs (past the
//! undo checkpoints), random legal and illegal actions.

use genius::core::dice_kinds::DieKind;
use genius::core::game::{RollSource, Rules};
use genius::core::roller::{Action, Roller};
use genius::core::session::{Record, Session};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn any_action(rng: &mut StdRng, state: &Roller) -> Action {
    match rng.random_range(0..10) {
        0 => {
            let n = rng.random_range(0..=13);
            Action::SetDice(
                (0..n)
                    .map(|_| DieKind::ALL[rng.random_range(0..DieKind::ALL.len())])
                    .collect(),
            )
        }
        1..=3 => Action::Keep {
            die: rng.random_range(0..=state.dice().len()),
            kept: rng.random_bool(0.5),
        },
        _ => {
            let n = if rng.random_bool(0.9) {
                state.to_roll()
            } else {
                rng.random_range(0..5)
            };
            Action::Roll {
                values: (0..n).map(|_| rng.random_range(0..22)).collect(),
                source: if rng.random_bool(0.5) {
                    RollSource::Virtual
                } else {
                    RollSource::Typed
                },
            }
        }
    }
}

#[test]
fn undo_past_checkpoints_matches_a_replay_of_the_shorter_log() {
    for seed in 0..20u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut s =
            Session::<Roller>::new(vec![DieKind::D6, DieKind::D20, DieKind::White]).unwrap();
        for _ in 0..400 {
            let action = any_action(&mut rng, s.state());
            let before = s.state().clone();
            if s.act(action.clone()).is_err() {
                assert_eq!(
                    s.state(),
                    &before,
                    "seed {seed}: refused action changed the state"
                );
                assert!(before.validate(&action).is_err());
            }
        }
        for _ in 0..rng.random_range(50..300) {
            if !s.undo() {
                break;
            }
            let shorter = Record::<Roller> {
                redo: Vec::new(),
                ..s.record().clone()
            };
            let replayed = Session::<Roller>::replay(shorter).unwrap();
            assert_eq!(replayed.state(), s.state(), "seed {seed}: undo");
        }
        let here = s.state().clone();
        if s.undo() {
            s.redo();
        }
        assert_eq!(s.state(), &here, "seed {seed}: undo then redo");
    }
}

#[path = "common/contract.rs"]
mod contract;

#[test]
fn legal_moves_are_exactly_the_actions_that_validate() {
    use genius::core::game::Compose;
    fn setup(rng: &mut StdRng) -> Vec<DieKind> {
        (0..rng.random_range(1..=6))
            .map(|_| DieKind::ALL[rng.random_range(0..DieKind::ALL.len())])
            .collect()
    }
    fn compose(rng: &mut StdRng, _: &Roller, c: &Compose) -> Action {
        let Compose::Dice { max } = *c else {
            panic!("{c:?}")
        };
        Action::SetDice(
            (0..rng.random_range(1..=max))
                .map(|_| DieKind::ALL[rng.random_range(0..DieKind::ALL.len())])
                .collect(),
        )
    }
    fn composed_by(_: &Roller, c: &Compose, action: &Action) -> bool {
        matches!((c, action), (Compose::Dice { max }, Action::SetDice(dice))
            if (1..=*max).contains(&dice.len()))
    }
    let states = contract::check_games(
        &contract::Contract::<Roller> {
            setup,
            any_action,
            compose,
            composed_by,
        },
        60,
        60,
    );
    assert!(states >= 3_000, "{states} states");
}
