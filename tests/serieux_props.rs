//! Property tests of the table engine on Mode Sérieux, over seeded random
//! sequences of legal and illegal actions (reproducible: the seed is printed
//! on failure).

use genius::core::dice::D6;
use genius::core::game::{RollSource, Rules};
use genius::core::serieux::{Action, FirstPlayer, Serieux, Setup};
use genius::core::session::{Session, SessionRefusal};
use genius::core::table::{Colour, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn setup(rng: &mut StdRng) -> Setup {
    let n = rng.random_range(1..=6);
    let players = (0..n)
        .map(|i| Player::new(&format!("Joueur {i}"), Colour::ALL[i]))
        .collect();
    let first = if rng.random_bool(0.5) {
        FirstPlayer::RollOff
    } else {
        FirstPlayer::Chosen(rng.random_range(0..n))
    };
    Setup { players, first }
}

/// Any action, legal or not: roll-offs of any length and values 0–7, rolls
/// of 0–6 dice, virtual or typed.
fn any_action(rng: &mut StdRng) -> Action {
    let source = if rng.random_bool(0.5) {
        RollSource::Virtual
    } else {
        RollSource::Typed
    };
    if rng.random_bool(0.2) {
        let len = rng.random_range(0..=7);
        Action::RollOff {
            values: (0..len).map(|_| rng.random_range(0..=7)).collect(),
            source,
        }
    } else {
        let len = rng.random_range(0..=6);
        Action::Roll {
            dice: (0..len).map(|_| D6::ALL[rng.random_range(0..6)]).collect(),
            source,
        }
    }
}

#[test]
fn random_sequences_keep_every_invariant() {
    for seed in 0..300u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut session = Session::<Serieux>::new(setup(&mut rng)).unwrap();
        for step in 0..200 {
            let choice = rng.random_range(0..10);
            if choice == 0 {
                let before = session.state().clone();
                if session.undo() {
                    assert!(session.redo(), "seed {seed} step {step}: redo after undo");
                    assert_eq!(
                        session.state(),
                        &before,
                        "seed {seed} step {step}: undo+redo is the identity"
                    );
                }
                continue;
            }
            if choice == 1 {
                session.undo();
                continue;
            }
            let action = any_action(&mut rng);
            let before = session.state().clone();
            let log_len = session.log().len();
            let waiting = session.waiting_roll();
            match session.act(action.clone()) {
                Ok(()) => assert_eq!(session.log().len(), log_len + 1),
                Err(refusal) => {
                    assert_eq!(
                        session.state(),
                        &before,
                        "seed {seed} step {step}: a refused action changed the state"
                    );
                    assert_eq!(
                        session.log().len(),
                        log_len,
                        "seed {seed} step {step}: a refused action was logged"
                    );
                    match refusal {
                        SessionRefusal::Rules(_) => assert!(before.validate(&action).is_err()),
                        SessionRefusal::AlreadyRolled => assert!(
                            waiting
                                && matches!(
                                    Serieux::roll_values(&action),
                                    Some((_, RollSource::Typed))
                                ),
                            "seed {seed} step {step}: only typed dice are refused for a kept roll"
                        ),
                        // These games play with the app's dice and never
                        // change them.
                        SessionRefusal::TableDice | SessionRefusal::SameDice => {
                            panic!("seed {seed} step {step}: {refusal:?}")
                        }
                    }
                }
            }
        }
        let replayed =
            Session::<Serieux>::replay(session.record().clone()).expect("the log replays");
        assert_eq!(
            replayed.state(),
            session.state(),
            "seed {seed}: replay rebuilds the state"
        );
        // Redo what is pending, undo all the way back to the start of the
        // game, then redo everything.
        while session.redo() {}
        let end = session.state().clone();
        let start = Serieux::start(session.setup()).unwrap();
        while session.undo() {}
        assert_eq!(
            session.state(),
            &start,
            "seed {seed}: undo reaches the start"
        );
        while session.redo() {}
        assert_eq!(session.state(), &end, "seed {seed}: redo reaches the end");
    }
}

#[test]
fn a_saved_record_survives_json() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut session = Session::<Serieux>::new(setup(&mut rng)).unwrap();
    for _ in 0..60 {
        let _ = session.act(any_action(&mut rng));
    }
    session.undo();
    let json = serde_json::to_string(session.record()).unwrap();
    let back = serde_json::from_str(&json).unwrap();
    let replayed = Session::<Serieux>::replay(back).unwrap();
    assert_eq!(replayed.state(), session.state());
    assert_eq!(replayed.record(), session.record());
}

#[path = "common/contract.rs"]
mod contract;

#[test]
fn legal_moves_are_exactly_the_actions_that_validate() {
    let states = contract::check_games(
        &contract::Contract::<Serieux>::listed(setup, |rng, _| any_action(rng)),
        150,
        40,
    );
    assert!(states >= 3_000, "{states} states");
}
