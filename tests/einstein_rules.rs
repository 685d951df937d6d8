//! Einstein: the scoring table, the fifth-die rules, the end at the eighth
//! mark, and property tests.

use genius::core::dice::D6;
use genius::core::einstein::{
    all_choices, score, Action, Choice, Einstein, Error, FifthRule, Phase, Setup,
};
use genius::core::game::{RollSource, Rules};
use genius::core::session::{Session, SessionRefusal};
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn game(n: usize) -> Session<Einstein> {
    let names = ["Anne", "Bruno", "Chloé"];
    Session::new(Setup {
        players: (0..n)
            .map(|i| Player::new(names[i], Colour::ALL[i]))
            .collect(),
        first: FirstPlayer::Chosen(0),
    })
    .unwrap()
}

fn roll(values: [u8; 5]) -> Action {
    Action::Roll {
        dice: values.iter().map(|&v| D6::new(v).unwrap()).collect(),
        source: RollSource::Typed,
    }
}

fn choose(player: usize, a: [usize; 2], b: [usize; 2]) -> Action {
    Action::Choose {
        player,
        choice: Choice { pairs: [a, b] },
    }
}

#[test]
fn scoring_table_for_every_sum_and_mark_count() {
    let points = [
        (2, 100),
        (3, 70),
        (4, 60),
        (5, 50),
        (6, 40),
        (7, 30),
        (8, 40),
        (9, 50),
        (10, 60),
        (11, 70),
        (12, 100),
    ];
    for (sum, p) in points {
        for marks in 0..=12u8 {
            let expected = match marks {
                0 => 0,
                1..=4 => -200,
                5 => 0,
                6..=10 => i32::from(marks - 5) * p,
                _ => 5 * p,
            };
            assert_eq!(score(sum, marks), expected, "sum {sum}, {marks} marks");
        }
    }
    assert_eq!(score(8, 9), 160, "the rulebook: 9 marks on 8");
}

#[test]
fn there_are_fifteen_ways_to_split_five_dice() {
    let all = all_choices();
    assert_eq!(all.len(), 15);
    for leftover in 0..5 {
        assert_eq!(
            all.iter()
                .filter(|c| c.leftover() == Some(leftover))
                .count(),
            3
        );
    }
    assert_eq!(
        Choice {
            pairs: [[0, 1], [1, 2]]
        }
        .leftover(),
        None,
        "a die used twice"
    );
    assert_eq!(
        Choice {
            pairs: [[0, 1], [2, 7]]
        }
        .leftover(),
        None,
        "no such die"
    );
}

#[test]
fn one_roll_serves_every_player_who_chooses_in_any_order() {
    let mut g = game(2);
    g.act(roll([1, 3, 4, 4, 6])).unwrap();
    assert_eq!(
        g.act(roll([1, 1, 1, 1, 1])),
        Err(SessionRefusal::Rules(Error::NotNow))
    );
    g.act(choose(1, [0, 1], [3, 4])).unwrap(); // Bruno first: 4 and 10, fifth 4
    assert_eq!(
        g.act(choose(1, [0, 1], [3, 4])),
        Err(SessionRefusal::Rules(Error::NotWaitingFor(1)))
    );
    g.act(choose(0, [0, 4], [1, 2])).unwrap(); // Anne: 7 and 7, fifth 4
    assert_eq!(g.state().sheet(1).marks[4 - 2], 1);
    assert_eq!(g.state().sheet(1).marks[10 - 2], 1);
    assert_eq!(g.state().sheet(0).marks[7 - 2], 2);
    assert_eq!(g.state().sheet(0).fifth, vec![(4, 1)]);
    assert_eq!(*g.state().phase(), Phase::Roll);
    assert_eq!(g.state().roller(), 1, "the roller rotates");
}

fn set_fifth(g: &mut Session<Einstein>, values: [u8; 3]) {
    // Three rolls in which the last die is the fifth die.
    for v in values {
        g.act(roll([1, 1, 2, 2, v])).unwrap();
        for p in 0..g.state().players().len() {
            g.act(choose(p, [0, 1], [2, 3])).unwrap();
        }
    }
}

#[test]
fn the_fifth_die_takes_three_values_then_must_be_one_of_them() {
    let mut g = game(1);
    set_fifth(&mut g, [4, 2, 5]);
    assert_eq!(g.state().sheet(0).fifth_values(), vec![4, 2, 5]);
    g.act(roll([1, 2, 3, 6, 6])).unwrap(); // shows 2: the fifth die must be the 2
    let dice: Vec<D6> = [1, 2, 3, 6, 6]
        .iter()
        .map(|&v| D6::new(v).unwrap())
        .collect();
    assert_eq!(g.state().allowed_fifth(0, &dice), FifthRule::OneOf(vec![2]));
    assert_eq!(
        g.act(choose(0, [1, 2], [3, 4])),
        Err(SessionRefusal::Rules(Error::FifthMustBeChosenValue {
            allowed: vec![2]
        }))
    );
    assert!(g
        .state()
        .legal_choices(0, &dice)
        .iter()
        .all(|c| c.leftover() == Some(1)));
    g.act(choose(0, [0, 2], [3, 4])).unwrap();
    assert_eq!(g.state().sheet(0).fifth, vec![(4, 1), (2, 2), (5, 1)]);
}

#[test]
fn a_pair_tapped_leaves_the_splits_the_rules_allow_with_it() {
    let mut g = game(1);
    set_fifth(&mut g, [4, 2, 5]);
    let dice: Vec<D6> = [1, 2, 3, 6, 6]
        .iter()
        .map(|&v| D6::new(v).unwrap())
        .collect();
    g.act(roll([1, 2, 3, 6, 6])).unwrap();
    // The two 6s: the 2 must be left over, so 1 + 3 is the only other pair.
    assert_eq!(
        g.state().choices_with_pair(0, &dice, [4, 3]),
        vec![Choice {
            pairs: [[4, 3], [0, 2]]
        }]
    );
    // A pair with the 2 in it leaves no legal split at all.
    assert!(g.state().choices_with_pair(0, &dice, [1, 3]).is_empty());
    // Each proposal is a legal choice.
    for pair in [[0, 2], [3, 4], [0, 4]] {
        for c in g.state().choices_with_pair(0, &dice, pair) {
            assert_eq!(c.pairs[0], pair);
            assert!(g.state().legal_choices(0, &dice).contains(&c.normalised()));
        }
    }
    // Fewer than three values chosen: the three splits around a pair are open.
    let mut fresh = game(1);
    fresh.act(roll([1, 2, 3, 6, 6])).unwrap();
    assert_eq!(fresh.state().choices_with_pair(0, &dice, [3, 4]).len(), 3);
}

#[test]
fn a_free_throw_when_the_roll_shows_none_of_the_three_values() {
    let mut g = game(1);
    set_fifth(&mut g, [4, 2, 5]);
    // Rulebook example 3: 1-3-3-6-6 shows none of 4, 2, 5.
    g.act(roll([1, 3, 3, 6, 6])).unwrap();
    g.act(choose(0, [0, 1], [2, 3])).unwrap(); // 4 and 9, fifth 6, no mark
    let s = g.state().sheet(0);
    assert_eq!(s.fifth, vec![(4, 1), (2, 1), (5, 1)]);
    assert_eq!(s.marks[4 - 2], 3 + 1, "three 2+2 pairs before, one 1+3 now");
    assert_eq!(s.marks[9 - 2], 1);
    assert!(g.state().marked().iter().all(|m| !m.fifth.1));
}

#[test]
fn no_free_throw_before_three_values_are_chosen() {
    let mut g = game(1);
    set_fifth(&mut g, [4, 2, 2]);
    g.act(roll([1, 3, 3, 6, 6])).unwrap();
    g.act(choose(0, [0, 1], [2, 3])).unwrap(); // fifth 6 becomes the third value
    assert_eq!(g.state().sheet(0).fifth, vec![(4, 1), (2, 2), (6, 1)]);
}

#[test]
fn a_players_game_ends_at_the_eighth_mark_and_the_others_go_on() {
    let mut g = game(2);
    for i in 0..8 {
        g.act(roll([1, 1, 2, 2, 6])).unwrap();
        g.act(choose(0, [0, 1], [2, 3])).unwrap(); // Anne: fifth 6 every time
        g.act(choose(1, [0, 4], [2, 3])).unwrap(); // Bruno: fifth 1
        if i < 7 {
            assert!(!g.state().sheet(0).done);
        }
    }
    assert!(g.state().sheet(0).done, "eighth mark on 6");
    assert_eq!(
        g.state().sheet(0).marks[2 - 2],
        8,
        "that turn's pairs still count"
    );
    assert!(g.state().sheet(1).done, "Bruno also reached 8 on 1");
    assert!(g.is_finished());
}

#[test]
fn players_who_are_done_neither_choose_nor_roll() {
    let mut g = game(2);
    for i in 0..8 {
        g.act(roll([1, 1, 2, 2, 6])).unwrap();
        g.act(choose(0, [0, 1], [2, 3])).unwrap(); // Anne: fifth 6, eight times
        if i % 2 == 0 {
            g.act(choose(1, [0, 2], [1, 4])).unwrap(); // Bruno: fifth 2
        } else {
            g.act(choose(1, [0, 1], [2, 3])).unwrap(); // Bruno: fifth 6
        }
    }
    assert!(g.state().sheet(0).done);
    assert!(!g.state().sheet(1).done);
    assert!(!g.is_finished());
    // Only Bruno rolls and chooses now.
    assert_eq!(g.state().roller(), 1);
    g.act(roll([1, 2, 3, 4, 5])).unwrap();
    assert_eq!(
        g.act(choose(0, [0, 1], [2, 3])),
        Err(SessionRefusal::Rules(Error::NotWaitingFor(0)))
    );
    g.act(choose(1, [0, 1], [2, 4])).unwrap();
    assert_eq!(g.state().roller(), 1, "Bruno rolls again: Anne is done");
}

#[test]
fn solo_scores_add_up() {
    let mut g = game(1);
    for _ in 0..8 {
        g.act(roll([4, 4, 3, 5, 6])).unwrap();
        g.act(choose(0, [0, 1], [2, 3])).unwrap(); // 8 and 8, fifth 6
    }
    // 8 marks on the fifth die 6: the game ended at the eighth roll.
    assert!(g.is_finished());
    assert_eq!(g.state().sheet(0).marks[8 - 2], 16);
    assert_eq!(g.state().totals(), vec![score(8, 16)]);
}

#[test]
fn random_sequences_keep_every_invariant() {
    for seed in 0..150u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = game(rng.random_range(1..=3));
        for step in 0..500 {
            if rng.random_range(0..15) == 0 {
                let before = g.state().clone();
                if g.undo() {
                    assert!(g.redo());
                    assert_eq!(g.state(), &before, "seed {seed} step {step}");
                }
                continue;
            }
            let action = match rng.random_range(0..4) {
                0 => Action::Roll {
                    dice: (0..rng.random_range(4..=6))
                        .map(|_| D6::ALL[rng.random_range(0..6)])
                        .collect(),
                    source: RollSource::Virtual,
                },
                _ => {
                    let p = rng.random_range(0..4);
                    let mut pick = || rng.random_range(0..6);
                    Action::Choose {
                        player: p,
                        choice: Choice {
                            pairs: [[pick(), pick()], [pick(), pick()]],
                        },
                    }
                }
            };
            let before = g.state().clone();
            if g.act(action.clone()).is_err() {
                assert_eq!(g.state(), &before, "seed {seed} step {step}: {action:?}");
                assert!(before.validate(&action).is_err());
            }
        }
        assert_eq!(
            Session::<Einstein>::replay(g.record().clone())
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
        let n = rng.random_range(1..=4);
        Setup {
            players: (0..n)
                .map(|i| Player::new(&format!("P{i}"), Colour::ALL[i]))
                .collect(),
            first: if rng.random_bool(0.3) {
                FirstPlayer::RollOff
            } else {
                FirstPlayer::Chosen(0)
            },
        }
    }
    fn any_action(rng: &mut StdRng, _: &Einstein) -> Action {
        let source = if rng.random_bool(0.5) {
            RollSource::Virtual
        } else {
            RollSource::Typed
        };
        match rng.random_range(0..6) {
            0 => Action::RollOff {
                values: (0..rng.random_range(0..6))
                    .map(|_| rng.random_range(0..8))
                    .collect(),
                source,
            },
            1 => Action::Roll {
                dice: (0..rng.random_range(4..=6))
                    .map(|_| D6::ALL[rng.random_range(0..6)])
                    .collect(),
                source,
            },
            _ => {
                let player = rng.random_range(0..5);
                let mut pick = || rng.random_range(0..6);
                Action::Choose {
                    player,
                    choice: Choice {
                        pairs: [[pick(), pick()], [pick(), pick()]],
                    },
                }
            }
        }
    }
    let states = contract::check_games(
        &contract::Contract::<Einstein>::listed(setup, any_action),
        100,
        60,
    );
    assert!(states >= 3_000, "{states} states");
}

/// On several phones a player does not see the others' choices of a roll
/// until everyone has chosen: what a phone shows is the game as if only its
/// own players had chosen so far, whatever the order of the choices.
#[test]
fn a_phone_sees_the_other_choices_of_a_roll_only_once_all_have_chosen() {
    use genius::core::autoplay::random_move;
    let mut rng = StdRng::seed_from_u64(36);
    for _ in 0..40 {
        let mut state = game(3).state().clone();
        let mut after_roll = state.clone();
        let mut choices: Vec<Action> = Vec::new();
        while state.phase() != &Phase::Finished {
            let action = random_move(&state, &[0, 1, 2], &mut rng).unwrap();
            state = state.apply(&action).unwrap();
            match &action {
                Action::Roll { .. } => {
                    after_roll = state.clone();
                    choices.clear();
                }
                Action::Choose { .. } => choices.push(action.clone()),
                Action::RollOff { .. } | Action::Dice(_) => {}
            }
            let Phase::Choose { .. } = state.phase() else {
                assert_eq!(state.seen_by(&[0]), state, "all chose: nothing hidden");
                continue;
            };
            for mine in [vec![0], vec![1, 2], vec![]] {
                let mut expected = after_roll.clone();
                for c in &choices {
                    let Action::Choose { player, .. } = c else {
                        unreachable!()
                    };
                    if mine.contains(player) {
                        expected = expected.apply(c).unwrap();
                    }
                }
                assert_eq!(state.seen_by(&mine), expected, "seen by {mine:?}");
            }
        }
    }
}

/// On one phone, once a player has chosen for a roll and others wait, the
/// phone is being passed: a fact of the game (the screen opens on the
/// hand-over, even after a reload), over once everyone has chosen.
#[test]
fn the_phone_is_passed_between_the_choices_of_one_roll() {
    let mut s = game(3);
    assert!(!s.state().passing_phone(), "before the roll");
    s.act(roll([1, 2, 3, 4, 5])).unwrap();
    assert!(!s.state().passing_phone(), "nobody has chosen yet");
    s.act(choose(0, [0, 1], [2, 3])).unwrap();
    assert!(
        s.state().passing_phone(),
        "Anne chose, Bruno and Chloé wait"
    );
    s.act(choose(2, [0, 1], [2, 3])).unwrap();
    assert!(s.state().passing_phone(), "Bruno still waits");
    s.undo();
    s.undo();
    assert!(!s.state().passing_phone(), "Anne's choice undone");
    s.redo();
    s.redo();
    s.act(choose(1, [0, 1], [2, 3])).unwrap();
    assert!(!s.state().passing_phone(), "everyone chose: the next roll");
    // Replayed from its log, as a saved game is: the same.
    let mut replayed = game(3);
    for action in s.log()[..3].iter().cloned() {
        replayed.act(action).unwrap();
    }
    assert!(replayed.state().passing_phone());
}

/// On several phones (rulings): once every player has chosen for a roll
/// and the choices are shown, they are final; before, a player may take
/// theirs back. On one phone, undo is unchanged.
#[test]
fn a_rolls_choices_are_final_at_a_table_once_all_are_shown() {
    use genius::core::game::WhoseDice;
    let mut g = game(3);
    assert_eq!(g.check_undo_at_table(), Ok(()), "nothing to take back");
    g.act(roll([1, 2, 3, 4, 5])).unwrap();
    assert_eq!(g.check_undo_at_table(), Ok(()), "the roll");
    g.act(choose(0, [0, 1], [2, 3])).unwrap();
    g.act(choose(2, [0, 1], [2, 3])).unwrap();
    assert_eq!(g.check_undo_at_table(), Ok(()), "Bruno has not chosen");
    g.act(choose(1, [0, 1], [2, 3])).unwrap();
    assert_eq!(g.check_undo_at_table(), Err(Error::ChoicesFinal));
    // A change of dice on top may be taken back, not the choice beneath.
    g.act(Action::Dice(WhoseDice::Table)).unwrap();
    assert_eq!(g.check_undo_at_table(), Ok(()));
    assert!(g.undo());
    assert_eq!(g.check_undo_at_table(), Err(Error::ChoicesFinal));
    // One phone passed around: undo as ever.
    assert!(g.undo());
    assert_eq!(
        g.state().phase(),
        &Phase::Choose {
            dice: roll_dice([1, 2, 3, 4, 5]),
            waiting: vec![1]
        }
    );
    // The last choice of the game is final too.
    let mut solo = game(1);
    for _ in 0..8 {
        solo.act(roll([1, 1, 1, 1, 1])).unwrap();
        solo.act(choose(0, [0, 1], [2, 3])).unwrap();
    }
    assert!(solo.is_finished());
    assert_eq!(solo.check_undo_at_table(), Err(Error::ChoicesFinal));
}

fn roll_dice(values: [u8; 5]) -> Vec<D6> {
    values.iter().map(|&v| D6::new(v).unwrap()).collect()
}

/// On several phones: the last to choose is told the table waits for
/// them; a player whose game has ended while the others go on is told so.
#[test]
fn a_phone_knows_when_the_table_waits_for_it_and_when_its_game_is_over() {
    let mut g = game(3);
    g.act(roll([1, 2, 3, 4, 5])).unwrap();
    assert!(!g.state().waits_only_for(&[1], &[]), "no one has chosen");
    // Bruno's phone before Anne's choice is shown to it (it has only heard
    // that she chose), and before Chloé's.
    let before = g.state().clone();
    assert!(!before.waits_only_for(&[1], &[0]), "Chloé has not chosen");
    assert!(before.waits_only_for(&[1], &[0, 2]), "Anne and Chloé have");
    g.act(choose(0, [0, 1], [2, 3])).unwrap();
    assert!(!g.state().waits_only_for(&[1], &[]), "Chloé has not chosen");
    assert!(
        g.state().waits_only_for(&[1, 2], &[]),
        "a phone playing both"
    );
    g.act(choose(2, [0, 1], [2, 3])).unwrap();
    assert!(g.state().waits_only_for(&[1], &[]));
    assert!(!g.state().waits_only_for(&[0], &[]));
    g.act(choose(1, [0, 1], [2, 3])).unwrap();
    assert!(!g.state().waits_only_for(&[1], &[]), "all have chosen");
    // Who is still to choose, as a phone that has not received every
    // choice tells it: not those it knows have chosen.
    assert_eq!(before.still_to_choose(&[]), vec![0, 1, 2]);
    assert_eq!(before.still_to_choose(&[0]), vec![1, 2]);
    assert_eq!(before.still_to_choose(&[0, 1, 2]), Vec::<usize>::new());
    assert!(
        g.state().still_to_choose(&[]).is_empty(),
        "not choosing now"
    );
    // Anne leaves a 1 every time, the others a 2 and a 3 in turn: she is
    // done at the eighth mark and the others play on.
    let mut g = game(3);
    let (two, three) = (([0, 3], [2, 4]), ([0, 3], [1, 4]));
    for i in 0.. {
        if g.state().sheet(0).done {
            break;
        }
        let (b, c) = if i % 2 == 0 {
            (two, three)
        } else {
            (three, two)
        };
        g.act(roll([1, 2, 3, 1, 1])).unwrap();
        g.act(choose(0, [0, 1], [2, 3])).unwrap();
        g.act(choose(1, b.0, b.1)).unwrap();
        g.act(choose(2, c.0, c.1)).unwrap();
    }
    assert!(g.state().done_before_the_others(&[0]));
    assert!(!g.state().done_before_the_others(&[1]));
    assert!(!g.state().done_before_the_others(&[0, 1]));
    assert!(!g.state().done_before_the_others(&[]));
}
