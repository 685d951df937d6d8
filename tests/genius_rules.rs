//! Genius modes: one named test per rule of the rulebook and per ruling of
//! `rulings.md`, then property tests over random action sequences.

use genius::core::dice::D6;
use genius::core::dice_kinds::Challenge;
use genius::core::game::{Mode, RollSource, Rules};
use genius::core::genius::{
    apply_challenge, Action, Cell, CellRef, Error, Event, FirstPlayer, Genius, Halves, Phase,
    Setup, Slot,
};
use genius::core::session::{Session, SessionRefusal};
use genius::core::table::{Colour, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn setup(n: usize, mode: Mode) -> Setup {
    let names = ["Anne", "Bruno", "Chloé", "David", "Emma", "Farid"];
    Setup {
        players: (0..n)
            .map(|i| Player::new(names[i], Colour::ALL[i]))
            .collect(),
        first: FirstPlayer::Chosen(0),
        mode,
        finish_round: false,
    }
}

fn game(n: usize, mode: Mode) -> Session<Genius> {
    Session::new(setup(n, mode)).unwrap()
}

fn roll(values: &[u8]) -> Action {
    Action::Roll {
        dice: values.iter().map(|&v| D6::new(v).unwrap()).collect(),
        source: RollSource::Typed,
    }
}

fn roll_virtual(values: &[u8]) -> Action {
    Action::Roll {
        dice: values.iter().map(|&v| D6::new(v).unwrap()).collect(),
        source: RollSource::Virtual,
    }
}

fn challenge(face: Challenge) -> Action {
    Action::Challenge {
        face,
        source: RollSource::Typed,
    }
}

fn col(column: usize) -> CellRef {
    CellRef { column, slot: None }
}

fn at(column: usize, slot: Slot) -> CellRef {
    CellRef {
        column,
        slot: Some(slot),
    }
}

fn written(n: i32) -> Cell {
    Cell::Written(Halves::whole(n))
}

#[test]
fn rulebook_example_five_dice_17_times_2_writes_34_in_the_5_dice_column() {
    let mut g = game(2, Mode::Genius);
    g.act(roll(&[5, 4, 3, 3, 2])).unwrap();
    assert!(matches!(
        g.state().phase(),
        Phase::Challenge { column: 4, .. }
    ));
    g.act(challenge(Challenge::Double)).unwrap();
    assert_eq!(g.state().cell(0, col(4)), Some(written(34)));
    assert_eq!(g.state().current_player(), Some(1));
}

#[test]
fn a_sum_off_the_list_writes_nothing_and_passes_the_turn() {
    let mut g = game(2, Mode::Genius);
    g.act(roll(&[4, 5])).unwrap(); // 9
    assert!(g.state().row(0).iter().all(|c| *c == Cell::Empty));
    assert_eq!(g.state().current_player(), Some(1));
    assert!(matches!(g.state().events()[0], Event::Miss { sum: 9, .. }));
}

#[test]
fn one_is_on_the_genius_list() {
    let mut g = game(1, Mode::Genius);
    g.act(roll(&[1])).unwrap();
    assert!(matches!(
        g.state().phase(),
        Phase::Challenge { column: 0, .. }
    ));
}

#[test]
fn half_keeps_half_points() {
    assert_eq!(
        apply_challenge(Challenge::Half, Halves::whole(17)),
        Halves(17)
    );
    assert_eq!(Halves(17).as_f64(), 8.5);
    let mut g = game(1, Mode::Genius);
    g.act(roll(&[6, 6, 5])).unwrap(); // 17
    g.act(challenge(Challenge::Half)).unwrap();
    assert_eq!(g.state().cell(0, col(2)), Some(Cell::Written(Halves(17))));
    assert_eq!(g.state().total(0), Halves(17));
}

#[test]
fn minus_ten_may_go_negative_and_plus_ten_adds() {
    let mut g = game(1, Mode::Genius);
    g.act(roll(&[1, 2])).unwrap(); // 3
    g.act(challenge(Challenge::Minus10)).unwrap();
    assert_eq!(g.state().cell(0, col(1)), Some(written(-7)));
    g.act(roll(&[2])).unwrap();
    g.act(challenge(Challenge::Plus10)).unwrap();
    assert_eq!(g.state().cell(0, col(0)), Some(written(12)));
    assert_eq!(g.state().total(0), Halves::whole(5));
}

fn with_cells(mode: Mode, rows: &[&[(usize, i32)]]) -> Session<Genius> {
    // Fill cells through real turns: each player rolls ones for a sum on the list.
    let mut g = game(rows.len(), mode);
    let rounds = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    for round in 0..rounds {
        for row in rows {
            match row.get(round) {
                Some(&(column, _)) => {
                    let dice = vec![1u8; column + 1];
                    g.act(roll(&dice)).unwrap();
                    if matches!(g.state().phase(), Phase::Challenge { .. }) {
                        g.act(challenge(Challenge::Plus10)).unwrap();
                    }
                }
                None => g.act(roll(&[6, 6])).unwrap(),
            }
        }
    }
    g
}

#[test]
fn defi_1_erases_a_number_in_columns_1_to_3_of_any_player_then_writes_the_sum() {
    // Anne has 11 in column 1; Bruno 12 in column 2 and 15 in column 5.
    let mut g = with_cells(Mode::Genius, &[&[(0, 11)], &[(1, 12), (4, 15)]]);
    assert_eq!(g.state().cell(1, col(1)), Some(written(12)));
    assert_eq!(g.state().current_player(), Some(0));
    g.act(roll(&[6, 6, 5])).unwrap(); // 17 in column 3
    g.act(challenge(Challenge::Defi1)).unwrap();
    assert!(matches!(g.state().phase(), Phase::Defi { .. }));
    assert_eq!(
        g.act(Action::Erase {
            player: 1,
            cell: col(4)
        }),
        Err(SessionRefusal::Rules(Error::CannotErase)),
        "column 5 is Défi 2's"
    );
    assert_eq!(
        g.act(Action::Erase {
            player: 1,
            cell: col(2)
        }),
        Err(SessionRefusal::Rules(Error::CannotErase)),
        "an empty cell"
    );
    g.act(Action::Erase {
        player: 1,
        cell: col(1),
    })
    .unwrap();
    assert_eq!(g.state().cell(1, col(1)), Some(Cell::Empty));
    assert_eq!(
        g.state().cell(0, col(2)),
        Some(written(17)),
        "the sum is written unchanged"
    );
}

#[test]
fn defi_2_erases_only_in_columns_4_and_5() {
    let mut g = with_cells(Mode::Genius, &[&[(0, 11)], &[(4, 15)]]);
    g.act(roll(&[6, 6, 5])).unwrap();
    g.act(challenge(Challenge::Defi2)).unwrap();
    assert_eq!(g.state().erasable(Challenge::Defi2), vec![(1, col(4))]);
    assert_eq!(
        g.act(Action::Erase {
            player: 0,
            cell: col(0)
        }),
        Err(SessionRefusal::Rules(Error::CannotErase))
    );
    g.act(Action::Erase {
        player: 1,
        cell: col(4),
    })
    .unwrap();
    assert_eq!(g.state().cell(1, col(4)), Some(Cell::Empty));
}

#[test]
fn defi_is_optional() {
    let mut g = with_cells(Mode::Genius, &[&[(0, 11)], &[(1, 12)]]);
    g.act(roll(&[6, 6, 5])).unwrap();
    g.act(challenge(Challenge::Defi1)).unwrap();
    g.act(Action::KeepAll).unwrap();
    assert_eq!(g.state().cell(1, col(1)), Some(written(12)));
    assert_eq!(g.state().cell(0, col(2)), Some(written(17)));
}

#[test]
fn defi_with_nothing_to_erase_writes_the_sum_at_once() {
    let mut g = game(2, Mode::Genius);
    g.act(roll(&[6, 6, 5])).unwrap();
    g.act(challenge(Challenge::Defi2)).unwrap();
    assert_eq!(g.state().cell(0, col(2)), Some(written(17)));
    assert_eq!(g.state().current_player(), Some(1));
}

#[test]
fn a_filled_column_cannot_be_picked() {
    let mut g = game(1, Mode::Genius);
    g.act(roll(&[2])).unwrap();
    g.act(challenge(Challenge::Double)).unwrap();
    assert_eq!(
        g.act(roll(&[3])),
        Err(SessionRefusal::Rules(Error::ColumnFull(1)))
    );
    assert_eq!(
        g.act(roll(&[])),
        Err(SessionRefusal::Rules(Error::WrongDiceCount))
    );
    assert_eq!(
        g.act(roll(&[1, 1, 1, 1, 1, 1])),
        Err(SessionRefusal::Rules(Error::WrongDiceCount))
    );
    assert_eq!(
        g.act(challenge(Challenge::Double)),
        Err(SessionRefusal::Rules(Error::NotNow))
    );
}

fn fill_row_of_anne(g: &mut Session<Genius>, others_miss: bool) {
    let dice: [&[u8]; 5] = [&[2], &[1, 1], &[1, 1, 1], &[1, 1, 2, 1], &[1, 1, 1, 1, 1]];
    for (i, d) in dice.iter().enumerate() {
        g.act(roll(d)).unwrap();
        if matches!(g.state().phase(), Phase::Challenge { .. }) {
            g.act(challenge(Challenge::Plus10)).unwrap();
        }
        if i < 4 || !others_miss {
            while g.state().current_player().is_some_and(|p| p != 0) {
                g.act(roll(&[6, 6])).unwrap();
            }
        }
    }
}

#[test]
fn the_game_ends_as_soon_as_a_row_is_full() {
    let mut g = game(3, Mode::Genius);
    fill_row_of_anne(&mut g, true);
    assert!(g.is_finished());
    assert_eq!(g.state().places()[0], 1);
}

#[test]
fn option_finish_the_round_lets_the_others_play() {
    let mut s = setup(3, Mode::Genius);
    s.finish_round = true;
    let mut g = Session::<Genius>::new(s).unwrap();
    fill_row_of_anne(&mut g, true);
    assert!(!g.is_finished());
    assert!(g.state().is_ending());
    assert_eq!(g.state().current_player(), Some(1));
    g.act(roll(&[6, 6])).unwrap();
    g.act(roll(&[6, 6])).unwrap();
    assert!(g.is_finished(), "the round is over");
}

#[test]
fn simple_a_hit_is_written_without_the_challenge_die_and_the_player_plays_again() {
    let mut g = game(2, Mode::Simple);
    g.act(roll(&[6, 5])).unwrap(); // 11
    assert_eq!(g.state().cell(0, col(1)), Some(written(11)));
    assert_eq!(g.state().current_player(), Some(0));
    assert!(g
        .state()
        .events()
        .contains(&Event::PlaysAgain { player: 0 }));
    assert_eq!(
        g.act(challenge(Challenge::Double)),
        Err(SessionRefusal::Rules(Error::NotNow))
    );
    g.act(roll(&[4])).unwrap(); // miss
    assert_eq!(g.state().current_player(), Some(1));
}

#[test]
fn simple_ends_when_a_row_is_full() {
    let mut g = game(2, Mode::Simple);
    for d in [
        &[2u8][..],
        &[1, 1],
        &[1, 1, 1],
        &[1, 1, 2, 1],
        &[1, 1, 1, 1, 1],
    ] {
        g.act(roll(d)).unwrap();
    }
    assert!(g.is_finished());
    assert_eq!(g.state().total(0), Halves::whole(2 + 2 + 3 + 5 + 5));
}

fn expert(dice: &[u8], face: Challenge) -> Action {
    Action::Expert {
        dice: dice.iter().map(|&v| D6::new(v).unwrap()).collect(),
        challenge: face,
        source: RollSource::Typed,
    }
}

#[test]
fn expert_bonus_of_15_when_the_result_is_on_the_list() {
    let mut g = game(1, Mode::Expert);
    g.act(expert(&[1, 1, 1, 1, 1], Challenge::Plus10)).unwrap(); // 15 → not on list
    assert_eq!(g.state().cell(0, col(0)), Some(written(15)));
    g.act(expert(&[1, 1, 1, 1, 3], Challenge::Defi1)).unwrap(); // 7 → 22
    assert_eq!(g.state().cell(0, col(1)), Some(written(22)));
}

#[test]
fn expert_bonus_when_the_negative_is_on_the_list() {
    let mut g = game(1, Mode::Expert);
    g.act(expert(&[1, 1, 1, 1, 1], Challenge::Minus10)).unwrap(); // −5 → 10
    assert_eq!(g.state().cell(0, col(0)), Some(written(10)));
}

#[test]
fn expert_defi_faces_change_nothing_and_erase_nothing() {
    let mut g = game(2, Mode::Expert);
    g.act(expert(&[2, 2, 2, 2, 2], Challenge::Double)).unwrap(); // 20
    g.act(expert(&[6, 6, 6, 6, 6], Challenge::Defi2)).unwrap(); // 30
    assert_eq!(g.state().cell(0, col(0)), Some(written(20)));
    assert_eq!(g.state().cell(1, col(0)), Some(written(30)));
    assert_eq!(
        g.act(Action::KeepAll),
        Err(SessionRefusal::Rules(Error::NotNow))
    );
}

#[test]
fn expert_half_points_and_five_rounds() {
    let mut g = game(2, Mode::Expert);
    for round in 0..5 {
        assert_eq!(g.state().round(), round);
        g.act(expert(&[3, 3, 3, 4, 4], Challenge::Half)).unwrap(); // 17/2
        g.act(expert(&[6, 6, 6, 6, 5], Challenge::Double)).unwrap(); // 58
    }
    assert!(g.is_finished());
    assert_eq!(g.state().total(0), Halves(17 * 5));
    assert_eq!(g.state().total(1), Halves::whole(58 * 5));
    assert_eq!(
        g.act(roll(&[1])),
        Err(SessionRefusal::Rules(Error::GameOver))
    );
}

#[test]
fn expert_takes_five_dice_and_the_challenge_die_at_once() {
    let mut g = game(1, Mode::Expert);
    assert_eq!(
        g.act(roll(&[1, 2])),
        Err(SessionRefusal::Rules(Error::NotNow))
    );
    assert_eq!(
        g.act(expert(&[1, 2], Challenge::Double)),
        Err(SessionRefusal::Rules(Error::WrongDiceCount))
    );
}

#[test]
fn longue_the_player_chooses_min_or_max() {
    let mut g = game(1, Mode::Longue);
    g.act(roll(&[2])).unwrap();
    g.act(challenge(Challenge::Double)).unwrap();
    assert!(matches!(g.state().phase(), Phase::Place { column: 0, .. }));
    g.act(Action::Place { slot: Slot::Max }).unwrap();
    assert_eq!(g.state().cell(0, at(0, Slot::Max)), Some(written(4)));
}

#[test]
fn longue_min_must_not_exceed_max_and_equal_is_allowed() {
    let mut g = game(1, Mode::Longue);
    g.act(roll(&[3, 4])).unwrap(); // 7
    g.act(challenge(Challenge::Double)).unwrap(); // 14
    g.act(Action::Place { slot: Slot::Max }).unwrap();
    g.act(roll(&[1, 1, 2, 3])).unwrap(); // 7, column 4
    g.act(challenge(Challenge::Plus10)).unwrap();
    g.act(Action::Place { slot: Slot::Min }).unwrap();
    // Column 2 again: MIN is open; 14 = MAX is allowed in MIN.
    g.act(roll(&[3, 4])).unwrap();
    g.act(challenge(Challenge::Double)).unwrap();
    assert_eq!(
        g.state().cell(0, at(1, Slot::Min)),
        Some(written(14)),
        "equal is allowed"
    );
    assert!(g
        .state()
        .can_place(0, 1, Slot::Min, Halves::whole(15))
        .is_err());
}

#[test]
fn longue_rulebook_example_a_value_with_no_legal_cell_crosses_it_out() {
    // "MAX à 2 dés = 7, puis 11 pour la case MIN : il faut barrer la case MIN."
    let mut g = game(1, Mode::Longue);
    g.act(roll(&[3, 4])).unwrap(); // 7
    g.act(challenge(Challenge::Defi1)).unwrap(); // nothing to erase: 7
    g.act(Action::Place { slot: Slot::Max }).unwrap();
    g.act(roll(&[5, 6])).unwrap(); // 11
    g.act(challenge(Challenge::Defi1)).unwrap(); // Défi 1 could erase the 7…
    g.act(Action::KeepAll).unwrap(); // …but does not
    assert_eq!(g.state().cell(0, at(1, Slot::Min)), Some(Cell::Crossed));
    assert!(g
        .state()
        .events()
        .iter()
        .any(|e| matches!(e, Event::Crossed { .. })));
    assert_eq!(
        g.act(roll(&[5, 6])),
        Err(SessionRefusal::Rules(Error::ColumnFull(2)))
    );
}

#[test]
fn longue_a_column_can_be_picked_while_one_of_its_cells_is_empty() {
    let mut g = game(1, Mode::Longue);
    g.act(roll(&[2])).unwrap();
    g.act(challenge(Challenge::Double)).unwrap();
    g.act(Action::Place { slot: Slot::Min }).unwrap();
    assert!(g.state().open_columns(0).contains(&0));
    g.act(roll(&[3])).unwrap();
    g.act(challenge(Challenge::Double)).unwrap(); // 6 ≥ 4: MAX, placed directly
    assert_eq!(g.state().cell(0, at(0, Slot::Max)), Some(written(6)));
    assert!(!g.state().open_columns(0).contains(&0));
}

#[test]
fn longue_defi_erases_written_numbers_not_crossed_cells() {
    let mut g = game(2, Mode::Longue);
    g.act(roll(&[3, 4])).unwrap();
    g.act(challenge(Challenge::Defi1)).unwrap();
    g.act(Action::Place { slot: Slot::Max }).unwrap(); // Anne: MAX 2 = 7
    g.act(roll(&[6, 6])).unwrap(); // Bruno misses
    g.act(roll(&[5, 6])).unwrap();
    g.act(challenge(Challenge::Defi1)).unwrap();
    g.act(Action::KeepAll).unwrap(); // Anne: MIN 2 crossed
    g.act(roll(&[6, 6])).unwrap();
    g.act(roll(&[6, 6, 5])).unwrap(); // Anne: 17 in column 3
    g.act(challenge(Challenge::Defi1)).unwrap();
    let erasable = g.state().erasable(Challenge::Defi1);
    assert_eq!(erasable, vec![(0, at(1, Slot::Max))]);
    assert_eq!(
        g.act(Action::Erase {
            player: 0,
            cell: at(1, Slot::Min)
        }),
        Err(SessionRefusal::Rules(Error::CannotErase))
    );
}

#[test]
fn longue_ends_when_a_player_has_all_ten_cells_filled_or_crossed() {
    let mut g = game(1, Mode::Longue);
    let dice: [&[u8]; 5] = [&[2], &[1, 1], &[1, 1, 1], &[1, 1, 2, 1], &[1, 1, 1, 1, 1]];
    for _ in 0..2 {
        for d in dice {
            g.act(roll(d)).unwrap();
            g.act(challenge(Challenge::Plus10)).unwrap();
            if matches!(g.state().phase(), Phase::Place { .. }) {
                g.act(Action::Place { slot: Slot::Min }).unwrap();
            }
        }
    }
    assert!(g.is_finished());
}

#[test]
fn undo_across_the_challenge_die_does_not_reroll_it() {
    let mut g = game(2, Mode::Genius);
    g.act(Action::Roll {
        dice: vec![D6::new(6).unwrap(), D6::new(5).unwrap()],
        source: RollSource::Virtual,
    })
    .unwrap();
    g.act(Action::Challenge {
        face: Challenge::Minus10,
        source: RollSource::Virtual,
    })
    .unwrap();
    assert_eq!(g.state().cell(0, col(1)), Some(written(1)));
    g.undo();
    assert!(matches!(g.state().phase(), Phase::Challenge { .. }));
    // The next virtual challenge roll gives −10 back (face index 3).
    let challenge =
        genius::core::game::Roll::of(vec![genius::core::dice_kinds::DieKind::Challenge]);
    assert_eq!(
        g.throw(&challenge, |_| 0),
        Some(Action::Challenge {
            face: Challenge::Minus10,
            source: RollSource::Virtual
        })
    );
    g.undo();
    assert_eq!(
        g.throw(&genius::core::game::Roll::d6(2), |_| 0),
        Some(roll_virtual(&[6, 5])),
        "the dice come back too"
    );
}

#[test]
fn bad_setups_are_refused() {
    let mut s = setup(2, Mode::Genius);
    s.first = FirstPlayer::Chosen(5);
    assert_eq!(
        Genius::start(&s).err(),
        Some(Error::First(
            genius::core::table::FirstPlayerError::OutOfRange
        ))
    );
    assert!(matches!(
        Genius::start(&setup(0, Mode::Genius)),
        Err(Error::Setup(_))
    ));
}

fn any_action(rng: &mut StdRng, state: &Genius) -> Action {
    let faces = [
        Challenge::Double,
        Challenge::Half,
        Challenge::Plus10,
        Challenge::Minus10,
        Challenge::Defi1,
        Challenge::Defi2,
    ];
    let source = if rng.random_bool(0.5) {
        RollSource::Virtual
    } else {
        RollSource::Typed
    };
    let d6 = |rng: &mut StdRng, n: usize| {
        (0..n)
            .map(|_| D6::ALL[rng.random_range(0..6)])
            .collect::<Vec<_>>()
    };
    match rng.random_range(0..8) {
        0 => Action::RollOff {
            values: (0..rng.random_range(0..7))
                .map(|_| rng.random_range(0..8))
                .collect(),
            source,
        },
        1 | 2 => {
            // Low dice often, so sums land on the list.
            let n = rng.random_range(0..=6);
            Action::Roll {
                dice: (0..n).map(|_| D6::ALL[rng.random_range(0..3)]).collect(),
                source,
            }
        }
        3 => Action::Challenge {
            face: faces[rng.random_range(0..6)],
            source,
        },
        4 => {
            let cells = state.cells();
            Action::Erase {
                player: rng.random_range(0..state.players().len() + 1),
                cell: cells[rng.random_range(0..cells.len())],
            }
        }
        5 => Action::KeepAll,
        6 => Action::Place {
            slot: if rng.random_bool(0.5) {
                Slot::Min
            } else {
                Slot::Max
            },
        },
        _ => {
            let n = if rng.random_bool(0.9) {
                5
            } else {
                rng.random_range(0..7)
            };
            Action::Expert {
                dice: d6(rng, n),
                challenge: faces[rng.random_range(0..6)],
                source,
            }
        }
    }
}

#[test]
fn random_sequences_keep_every_invariant_in_every_mode() {
    for seed in 0..200u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mode = Mode::ALL[(seed % 4) as usize];
        let n = rng.random_range(1..=6);
        let mut s = setup(n, mode);
        s.finish_round = rng.random_bool(0.5);
        if rng.random_bool(0.3) {
            s.first = FirstPlayer::RollOff;
        }
        let mut g = Session::<Genius>::new(s).unwrap();
        for step in 0..400 {
            if rng.random_range(0..12) == 0 {
                let before = g.state().clone();
                if g.undo() {
                    assert!(g.redo());
                    assert_eq!(g.state(), &before, "seed {seed} step {step}: undo+redo");
                }
                continue;
            }
            let action = any_action(&mut rng, g.state());
            let before = g.state().clone();
            if g.act(action.clone()).is_err() {
                assert_eq!(
                    g.state(),
                    &before,
                    "seed {seed} step {step}: refused {action:?} changed the state"
                );
            }
        }
        let replayed = Session::<Genius>::replay(g.record().clone()).unwrap();
        assert_eq!(replayed.state(), g.state(), "seed {seed}: replay");
    }
}

#[path = "common/contract.rs"]
mod contract;

#[test]
fn legal_moves_are_exactly_the_actions_that_validate_in_every_mode() {
    fn random_setup(rng: &mut StdRng) -> Setup {
        let mut s = setup(rng.random_range(1..=6), Mode::ALL[rng.random_range(0..4)]);
        s.finish_round = rng.random_bool(0.5);
        if rng.random_bool(0.3) {
            s.first = FirstPlayer::RollOff;
        }
        s
    }
    let states = contract::check_games(
        &contract::Contract::<Genius>::listed(random_setup, any_action),
        120,
        60,
    );
    assert!(states >= 3_000, "{states} states");
}
