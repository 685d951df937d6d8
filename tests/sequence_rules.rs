//! Séquence Dés: the board, every special roll, replacement, teams, lines in
//! every direction and at every edge, and property tests.

use genius::core::dice::D6;
use genius::core::game::{GameKind, RollSource, Rules};
use genius::core::sequence::{
    find_line, six_in_a_row_offered, squares_of, Action, Error, Event, Phase, Sequence, Setup,
    BOARD, SIZE,
};
use genius::core::session::{Session, SessionRefusal};
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn game(n: usize) -> Session<Sequence> {
    let names = ["Anne", "Bruno", "Chloé", "David"];
    Session::new(Setup {
        players: (0..n)
            .map(|i| Player::new(names[i], Colour::ALL[i]))
            .collect(),
        first: FirstPlayer::Chosen(0),
        six_in_a_row: false,
    })
    .unwrap()
}

/// Two dice for a sum.
fn roll(sum: u8) -> Action {
    let a = sum.saturating_sub(1).clamp(1, 6);
    let b = sum - a;
    Action::Roll {
        dice: vec![D6::new(a).unwrap(), D6::new(b).unwrap()],
        source: RollSource::Typed,
    }
}

fn place(r: usize, c: usize) -> Action {
    Action::Place { square: (r, c) }
}

#[test]
fn the_board_fits_every_fact_of_the_rulebook() {
    for sum in [2, 3, 4, 5, 6, 7, 8, 9, 12] {
        assert_eq!(squares_of(sum).len(), 4, "{sum}");
    }
    assert!(squares_of(10).is_empty() && squares_of(11).is_empty());
    assert_eq!(
        squares_of(2),
        vec![(0, 0), (0, 5), (5, 0), (5, 5)],
        "2s in the corners"
    );
    assert_eq!(
        squares_of(12),
        vec![(2, 2), (2, 3), (3, 2), (3, 3)],
        "12s in the centre"
    );
    assert_eq!(BOARD.len() * BOARD[0].len(), 36);
}

#[test]
fn a_sum_places_a_chip_on_a_free_square_showing_it() {
    let mut g = game(2);
    g.act(roll(7)).unwrap();
    assert!(matches!(
        g.state().phase(),
        Phase::Place {
            sum: 7,
            replacing: false,
            ..
        }
    ));
    assert_eq!(
        g.act(place(0, 0)),
        Err(SessionRefusal::Rules(Error::NotAllowed((0, 0))))
    );
    g.act(place(1, 1)).unwrap();
    assert_eq!(g.state().board()[1][1], Some(0));
    assert_eq!(g.state().current_player(), Some(1));
}

fn fill(g: &mut Session<Sequence>, sum: u8, squares: &[(usize, usize)]) {
    for &(r, c) in squares {
        g.act(roll(sum)).unwrap();
        g.act(place(r, c)).unwrap();
    }
}

#[test]
fn all_four_taken_means_replacing_an_opponent_chip() {
    let mut g = game(2);
    // Anne 6 at (0,4), Bruno 6 at (1,0), Anne 6 at (4,5), Bruno 6 at (5,1).
    fill(&mut g, 6, &[(0, 4), (1, 0), (4, 5), (5, 1)]);
    g.act(roll(6)).unwrap(); // Anne: all four taken, replace one of Bruno's
    match g.state().phase() {
        Phase::Place {
            squares,
            replacing: true,
            ..
        } => assert_eq!(squares, &vec![(1, 0), (5, 1)]),
        other => panic!("{other:?}"),
    }
    g.act(place(1, 0)).unwrap();
    assert_eq!(g.state().board()[1][0], Some(0));
    assert!(g.state().events().iter().any(|e| matches!(
        e,
        Event::Placed {
            replaced: Some(1),
            ..
        }
    )));
}

#[test]
fn all_four_yours_ends_the_turn() {
    let mut g = game(2);
    let threes = squares_of(3);
    let sevens = squares_of(7);
    for i in 0..4 {
        fill(&mut g, 3, &threes[i..=i]); // Anne takes every 3
        fill(&mut g, 7, &sevens[i..=i]); // Bruno every 7
    }
    g.act(roll(3)).unwrap(); // Anne owns all four 3s
    assert!(g
        .state()
        .events()
        .iter()
        .any(|e| matches!(e, Event::NothingToDo { sum: 3, .. })));
    assert_eq!(g.state().current_player(), Some(1));
}

#[test]
fn a_ten_removes_an_opponent_chip_but_never_on_a_2_or_a_12() {
    let mut g = game(2);
    fill(&mut g, 12, &[(2, 2)]); // Anne: 12, extra turn
    assert_eq!(g.state().current_player(), Some(0), "a 12 plays again");
    fill(&mut g, 7, &[(1, 1)]); // Anne
    fill(&mut g, 2, &[(0, 0)]); // Bruno: 2, extra turn
    g.act(roll(10)).unwrap(); // Bruno: a 10 may remove Anne's 7, not her 12
    match g.state().phase() {
        Phase::Remove { squares } => assert_eq!(squares, &vec![(1, 1)]),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        g.act(Action::Remove { square: (2, 2) }),
        Err(SessionRefusal::Rules(Error::NotAllowed((2, 2))))
    );
    g.act(Action::Remove { square: (1, 1) }).unwrap();
    assert_eq!(g.state().board()[1][1], None);
}

#[test]
fn a_ten_with_nothing_to_remove_ends_the_turn() {
    let mut g = game(2);
    g.act(roll(10)).unwrap();
    assert!(g
        .state()
        .events()
        .iter()
        .any(|e| matches!(e, Event::NothingToDo { sum: 10, .. })));
    assert_eq!(g.state().current_player(), Some(1));
}

#[test]
fn an_eleven_is_wild() {
    let mut g = game(2);
    g.act(roll(11)).unwrap();
    match g.state().phase() {
        Phase::Place {
            squares,
            replacing: false,
            ..
        } => assert_eq!(squares.len(), 36),
        other => panic!("{other:?}"),
    }
    g.act(place(0, 0)).unwrap(); // an 11 may even take a corner 2
    assert_eq!(g.state().board()[0][0], Some(0));
}

#[test]
fn an_eleven_on_a_full_board_replaces_an_opponent_chip() {
    // Fill the board with 11s, Anne and Bruno in turn, in a pattern with no
    // line of five: Anne where (r + c / 2) is even.
    let mut g = game(2);
    let squares = |owner: usize| -> Vec<(usize, usize)> {
        (0..SIZE)
            .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
            .filter(|&(r, c)| (r + c / 2) % 2 == owner)
            .collect()
    };
    for (a, b) in squares(0).into_iter().zip(squares(1)) {
        fill(&mut g, 11, &[a, b]);
    }
    assert!(!g.is_finished());
    assert!(
        g.state().board().iter().flatten().all(|s| s.is_some()),
        "the board is full"
    );
    g.act(roll(11)).unwrap();
    match g.state().phase() {
        Phase::Place {
            replacing: true,
            squares,
            ..
        } => {
            assert_eq!(squares.len(), 18);
            assert!(squares
                .iter()
                .all(|&(r, c)| g.state().board()[r][c] == Some(1)));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_last_roll_is_the_roller_s_after_the_turn_has_passed() {
    let mut g = game(2);
    assert_eq!(g.state().last_roller(), None, "nothing rolled yet");
    g.act(roll(7)).unwrap();
    assert_eq!(g.state().last_roller(), Some(0));
    g.act(place(1, 1)).unwrap();
    // Bruno's turn has begun: the dice shown are still Anne's.
    assert_eq!(g.state().current_player(), Some(1));
    assert_eq!(g.state().last_roller(), Some(0));
    g.act(roll(7)).unwrap();
    assert_eq!(g.state().last_roller(), Some(1));
}

#[test]
fn two_and_twelve_always_give_another_turn() {
    let mut g = game(3);
    fill(&mut g, 2, &[(0, 0)]);
    assert_eq!(g.state().current_player(), Some(0));
    assert!(g
        .state()
        .events()
        .iter()
        .any(|e| matches!(e, Event::PlaysAgain { player: 0 })));
    fill(&mut g, 12, &[(2, 2), (2, 3), (3, 2), (3, 3)]);
    g.act(roll(12)).unwrap(); // all four 12s are Anne's: nothing to do, but she plays again
    assert_eq!(g.state().current_player(), Some(0));
    g.act(roll(7)).unwrap();
    g.act(place(1, 1)).unwrap();
    assert_eq!(g.state().current_player(), Some(1));
}

#[test]
fn teams_share_chips_and_never_hit_a_partner() {
    let mut g = game(4);
    assert_eq!(g.state().side_count(), 2);
    assert_eq!(g.state().side_of(0), g.state().side_of(2));
    assert_eq!(g.state().side_of(1), g.state().side_of(3));
    fill(&mut g, 7, &[(1, 1)]); // Anne (team 0)
    fill(&mut g, 8, &[(1, 2)]); // Bruno (team 1)
    g.act(roll(10)).unwrap(); // Chloé (team 0): may remove Bruno's 8, not Anne's 7
    match g.state().phase() {
        Phase::Remove { squares } => assert_eq!(squares, &vec![(1, 2)]),
        other => panic!("{other:?}"),
    }
}

fn board_with(chips: &[(usize, usize)]) -> [[Option<usize>; SIZE]; SIZE] {
    let mut b = [[None; SIZE]; SIZE];
    for &(r, c) in chips {
        b[r][c] = Some(0);
    }
    b
}

#[test]
fn lines_are_found_in_every_direction_and_at_every_edge() {
    let mut lines: Vec<Vec<(usize, usize)>> = Vec::new();
    for r in 0..SIZE {
        for start in 0..2 {
            lines.push((start..start + 5).map(|c| (r, c)).collect()); // horizontal, both edges
            lines.push((start..start + 5).map(|c| (c, r)).collect()); // vertical
        }
    }
    for (r0, c0) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        lines.push((0..5).map(|i| (r0 + i, c0 + i)).collect()); // down-right
        lines.push((0..5).map(|i| (r0 + i, SIZE - 1 - c0 - i)).collect()); // down-left
    }
    for line in lines {
        let found = find_line(&board_with(&line), 0, 5).unwrap_or_default();
        assert_eq!(found.len(), 5, "{line:?}");
        let mut sorted = found.clone();
        sorted.sort();
        let mut expected = line.clone();
        expected.sort();
        assert_eq!(sorted, expected);
        // Four of them are not a line.
        assert_eq!(find_line(&board_with(&line[..4]), 0, 5), None);
        assert_eq!(
            find_line(&board_with(&line), 1, 5),
            None,
            "another side's chips"
        );
    }
}

#[test]
fn no_false_line_across_the_end_of_a_row() {
    let wrap = [(0, 3), (0, 4), (0, 5), (1, 0), (1, 1)];
    assert_eq!(find_line(&board_with(&wrap), 0, 5), None);
    let diag_wrap = [(0, 4), (1, 5), (2, 0), (3, 1), (4, 2)];
    assert_eq!(find_line(&board_with(&diag_wrap), 0, 5), None);
}

#[test]
fn six_in_a_row_as_an_option() {
    let row: Vec<(usize, usize)> = (0..6).map(|c| (2, c)).collect();
    assert_eq!(find_line(&board_with(&row[..5]), 0, 6), None);
    assert_eq!(find_line(&board_with(&row), 0, 6).map(|l| l.len()), Some(6));
}

/// Rulings: six in a row is offered only when two sides play (two players,
/// or four in two teams), not with three players; the core refuses it.
#[test]
fn six_in_a_row_is_only_for_two_sides_not_three_players() {
    assert!(six_in_a_row_offered(2));
    assert!(!six_in_a_row_offered(3));
    assert!(six_in_a_row_offered(4));
    for n in 2..=4 {
        let setup = Setup {
            six_in_a_row: true,
            ..game(n).setup().clone()
        };
        match Session::<Sequence>::new(setup) {
            Ok(_) => assert_ne!(n, 3, "{n} players"),
            Err(e) => {
                assert_eq!(n, 3);
                assert_eq!(e, Error::SixInARowNeedsTwoSides);
            }
        }
    }
    // Six in a row really needs six with two teams.
    let mut g = Session::<Sequence>::new(Setup {
        six_in_a_row: true,
        ..game(4).setup().clone()
    })
    .unwrap();
    for c in 0..5 {
        fill(&mut g, 11, &[(1, c)]); // Anne and Chloé's team
        fill(&mut g, 11, &[(5, c)]); // Bruno and David's team
    }
    assert!(!g.is_finished(), "five in a row does not win");
    use genius::i18n::Lang;
    assert!(Lang::Fr
        .sequence_error(&Error::SixInARowNeedsTwoSides)
        .contains("pas à trois joueurs"));
    assert!(Lang::En
        .sequence_error(&Error::SixInARowNeedsTwoSides)
        .contains("not three players"));
}

/// The rules page says six in a row is only for two sides, in both languages.
#[test]
fn the_rules_page_offers_six_in_a_row_only_to_two_sides() {
    use genius::i18n::{Lang, Rulebooks};
    let books = Rulebooks::parse(include_str!("../assets/rules.json")).unwrap();
    for (lang, needle) in [
        (
            Lang::Fr,
            "deux joueurs ou deux équipes), pas à trois joueurs",
        ),
        (
            Lang::En,
            "two players or two teams), not with three players",
        ),
    ] {
        let rulings = &books.of(lang, GameKind::Sequence).rulings;
        assert!(rulings.iter().any(|r| r.contains(needle)), "{lang:?}");
    }
}

#[test]
fn a_line_of_five_wins_the_game() {
    let mut g = game(2);
    // Anne: the second row, columns 0 to 4, with 11s; Bruno: the last row.
    for c in 0..5 {
        fill(&mut g, 11, &[(1, c)]);
        if g.is_finished() {
            break;
        }
        fill(&mut g, 11, &[(5, c)]);
    }
    assert!(g.is_finished());
    let (side, line) = g.state().winner().unwrap();
    assert_eq!(*side, 0);
    assert_eq!(line, &vec![(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)]);
    assert_eq!(g.state().places(), vec![1, 2]);
    assert_eq!(g.act(roll(7)), Err(SessionRefusal::Rules(Error::GameOver)));
}

#[test]
fn setups_need_two_to_four_players() {
    let one = Setup {
        players: vec![Player::new("A", Colour::Blue)],
        first: FirstPlayer::Chosen(0),
        six_in_a_row: false,
    };
    assert!(matches!(Sequence::start(&one), Err(Error::Setup(_))));
    let mut g = game(2);
    let r = Setup {
        first: FirstPlayer::RollOff,
        ..g.setup().clone()
    };
    g = Session::new(r).unwrap();
    assert!(g
        .act(Action::RollOff {
            values: vec![13, 2],
            source: RollSource::Typed
        })
        .is_err());
    g.act(Action::RollOff {
        values: vec![7, 9],
        source: RollSource::Typed,
    })
    .unwrap();
    assert_eq!(g.state().current_player(), Some(1));
}

#[test]
fn the_roll_off_is_on_sums_of_two_dice() {
    // Each player's value is the sum of their two dice: the screens show a
    // sum, never one die, from this fact.
    assert_eq!(GameKind::Sequence.facts().roll_off_dice, 2);
    let setup = Setup {
        first: FirstPlayer::RollOff,
        ..game(3).setup().clone()
    };
    let g = Session::<Sequence>::new(setup).unwrap();
    let roll = g.state().legal_moves()[0].as_roll().cloned().unwrap();
    assert_eq!(roll.per_value, GameKind::Sequence.facts().roll_off_dice);
    assert_eq!(
        roll.dice.len(),
        3 * GameKind::Sequence.facts().roll_off_dice
    );
    assert_eq!(roll.range(0), 2..=12);
}

#[test]
fn random_sequences_keep_every_invariant() {
    for seed in 0..150u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = game(rng.random_range(2..=4));
        for step in 0..600 {
            if rng.random_range(0..15) == 0 {
                let before = g.state().clone();
                if g.undo() {
                    assert!(g.redo());
                    assert_eq!(g.state(), &before, "seed {seed} step {step}");
                }
                continue;
            }
            let sq = (rng.random_range(0..7), rng.random_range(0..7));
            let action = match rng.random_range(0..4) {
                0 => Action::Roll {
                    dice: (0..rng.random_range(1..=3))
                        .map(|_| D6::ALL[rng.random_range(0..6)])
                        .collect(),
                    source: RollSource::Virtual,
                },
                1 => Action::Remove { square: sq },
                _ => Action::Place { square: sq },
            };
            let before = g.state().clone();
            if g.act(action.clone()).is_err() {
                assert_eq!(g.state(), &before, "seed {seed} step {step}: {action:?}");
            }
            if let Some((side, line)) = g.state().winner() {
                assert!(line
                    .iter()
                    .all(|&(r, c)| g.state().board()[r][c] == Some(*side)));
            }
        }
        assert_eq!(
            Session::<Sequence>::replay(g.record().clone())
                .unwrap()
                .state(),
            g.state()
        );
    }
}

#[path = "common/contract.rs"]
mod contract;

#[test]
fn legal_moves_are_exactly_the_actions_that_validate() {
    fn setup(rng: &mut StdRng) -> Setup {
        let n = rng.random_range(2..=4);
        Setup {
            players: (0..n)
                .map(|i| Player::new(&format!("P{i}"), Colour::ALL[i]))
                .collect(),
            first: if rng.random_bool(0.3) {
                FirstPlayer::RollOff
            } else {
                FirstPlayer::Chosen(0)
            },
            six_in_a_row: n != 3 && rng.random_bool(0.3),
        }
    }
    fn any_action(rng: &mut StdRng, _: &Sequence) -> Action {
        let source = if rng.random_bool(0.5) {
            RollSource::Virtual
        } else {
            RollSource::Typed
        };
        let square = (rng.random_range(0..SIZE + 1), rng.random_range(0..SIZE + 1));
        match rng.random_range(0..5) {
            0 => Action::RollOff {
                values: (0..rng.random_range(0..5))
                    .map(|_| rng.random_range(0..14))
                    .collect(),
                source,
            },
            1 => Action::Roll {
                dice: (0..rng.random_range(1..=3))
                    .map(|_| D6::ALL[rng.random_range(0..6)])
                    .collect(),
                source,
            },
            2 => Action::Remove { square },
            _ => Action::Place { square },
        }
    }
    let states = contract::check_games(
        &contract::Contract::<Sequence>::listed(setup, any_action),
        100,
        60,
    );
    assert!(states >= 3_000, "{states} states");
}
