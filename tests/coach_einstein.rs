//! The Einstein coach: its options are exactly the game's legal choices, its
//! exact figures match the game's own scoring and a count over every roll of
//! five dice, and its baseline is what it says.

use genius::core::coach::einstein::{advise, distinct, greedy, shortlist, Reason, FEW};
use genius::core::coach::{Basis, Figure, Ratio, Shortlist};
use genius::core::dice::D6;
use genius::core::einstein::{Action, Choice, Einstein, Phase, Setup};
use genius::core::game::{Move, RollSource, Rules};
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn start(n: usize) -> Einstein {
    let names = ["Anne", "Bruno", "Chloé"];
    Einstein::start(&Setup {
        players: (0..n)
            .map(|i| Player::new(names[i], Colour::ALL[i]))
            .collect(),
        first: FirstPlayer::Chosen(0),
    })
    .unwrap()
}

fn roll(game: &Einstein, values: [u8; 5]) -> Einstein {
    game.apply(&Action::Roll {
        dice: values.iter().map(|&v| D6::new(v).unwrap()).collect(),
        source: RollSource::Typed,
    })
    .unwrap()
}

fn choose(game: &Einstein, player: usize, a: [usize; 2], b: [usize; 2]) -> Einstein {
    game.apply(&Action::Choose {
        player,
        choice: Choice { pairs: [a, b] },
    })
    .unwrap()
}

/// A solo sheet with three fifth-die values: 6 with seven marks, 5 and 4 with
/// one each (pairs 2 and 4 marked nine times each).
fn seven_sixes() -> Einstein {
    let mut game = start(1);
    for fifth in [6, 6, 6, 6, 6, 6, 6, 5, 4] {
        game = roll(&game, [1, 1, 2, 2, fifth]);
        game = choose(&game, 0, [0, 1], [2, 3]);
    }
    game
}

/// The legal choices of `player` as the game's legal moves list them.
fn legal_moves_of(game: &Einstein, player: usize) -> Vec<Choice> {
    game.legal_moves()
        .into_iter()
        .filter_map(|m| match Einstein::normalise(&action_of(m)?) {
            Action::Choose { player: p, choice } if p == player => Some(choice),
            _ => None,
        })
        .collect()
}

fn action_of(m: Move<Action>) -> Option<Action> {
    match m {
        Move::Play(a) => Some(a),
        _ => None,
    }
}

/// Checks one advice against the game itself: the options are its legal
/// choices, each `expected` is the change of the total the game makes, the
/// recommendation is one of them.
fn check(game: &Einstein, player: usize) {
    let advice = advise(game, player).expect("a decision");
    let choices: Vec<Choice> = advice.options.iter().map(|o| o.option.choice).collect();
    assert_eq!(choices, legal_moves_of(game, player));
    assert_eq!(advice.basis, Basis::Search);
    let before = game.totals()[player];
    for o in &advice.options {
        let after = game
            .apply(&Action::Choose {
                player,
                choice: o.option.choice,
            })
            .unwrap();
        let change = after.totals()[player] - before;
        assert_eq!(o.expected, Some(Ratio::from_int(change.into())));
        assert_eq!(o.option.ends_game, after.sheet(player).done);
        let chance = o.chance.expect("a chance");
        assert!(chance >= Ratio::ZERO && chance <= Ratio::ONE);
        assert_eq!(chance == Ratio::ZERO, o.option.ends_game);
    }
    assert!(advice.best.is_some_and(|b| b < advice.options.len()));
}

#[test]
fn options_are_the_legal_choices_with_their_exact_score_change() {
    let mut rng = StdRng::seed_from_u64(16);
    for players in [1, 2] {
        let mut game = start(players);
        let mut decisions = 0;
        while !game.is_finished() {
            let action = match game.phase().clone() {
                Phase::Roll => Action::Roll {
                    dice: (0..5).map(|_| D6::ALL[rng.random_range(0..6)]).collect(),
                    source: RollSource::Virtual,
                },
                Phase::Choose { dice, waiting } => {
                    let player = waiting[0];
                    // Advise at every fourth decision (the coach is slow in a
                    // debug build); play greedily or at random in between.
                    if decisions % 4 == 0 {
                        check(&game, player);
                    }
                    decisions += 1;
                    let choice = if rng.random_bool(0.5) {
                        greedy(&game, player).unwrap()
                    } else {
                        let legal = game.legal_choices(player, &dice);
                        legal[rng.random_range(0..legal.len())]
                    };
                    Action::Choose { player, choice }
                }
                other => panic!("unexpected {other:?}"),
            };
            game = game.apply(&action).unwrap();
        }
        assert!(decisions >= 8);
    }
}

#[test]
fn splits_alike_on_the_sheet_are_one_option_and_the_recommendation_stays() {
    // 1 1 2 2 3: many splits mark the same sums with the same fifth die.
    let game = roll(&start(1), [1, 1, 2, 2, 3]);
    let all = advise(&game, 0).unwrap();
    let recommended = all.options[all.best.unwrap()].option.effect();
    let grouped = distinct(all.clone());
    let effects: Vec<_> = grouped.options.iter().map(|o| o.option.effect()).collect();
    assert!(grouped.options.len() < all.options.len());
    for (i, e) in effects.iter().enumerate() {
        assert!(!effects[..i].contains(e), "{e:?} listed twice");
        // The first split of each kind, with its figures.
        let first = all
            .options
            .iter()
            .find(|o| o.option.effect() == *e)
            .unwrap();
        assert_eq!(&grouped.options[i], first);
    }
    // Every effect of the full list is still there, and the recommended one
    // is still recommended.
    assert!(all
        .options
        .iter()
        .all(|o| effects.contains(&o.option.effect())));
    assert_eq!(
        grouped.options[grouped.best.unwrap()].option.effect(),
        recommended
    );
}

#[test]
fn the_fifth_die_rule_limits_the_options() {
    // 6 and 5 are chosen and shown: the fifth die must be one of them.
    let game = roll(&seven_sixes(), [6, 6, 3, 3, 5]);
    check(&game, 0);
    let advice = advise(&game, 0).unwrap();
    assert!(advice
        .options
        .iter()
        .all(|o| o.option.fifth == 6 || o.option.fifth == 5));
    // Leaving the 6 ends the game (its eighth mark); the coach keeps playing.
    let best = advice.recommended().unwrap();
    assert_eq!(best.option.fifth, 5);
    assert!(!best.option.ends_game);
}

/// The chance that the game goes on after the next roll, by playing every
/// one of the 7 776 ordered rolls on the game itself.
fn brute_force_goes_on(game: &Einstein, player: usize) -> Ratio {
    let mut going = 0;
    for n in 0..7776u32 {
        let mut rest = n;
        let mut values = [0u8; 5];
        for v in &mut values {
            *v = (rest % 6) as u8 + 1;
            rest /= 6;
        }
        let rolled = roll(game, values);
        let Phase::Choose { dice, .. } = rolled.phase() else {
            unreachable!()
        };
        let can = rolled.legal_choices(player, dice).iter().any(|&choice| {
            !rolled
                .apply(&Action::Choose { player, choice })
                .unwrap()
                .sheet(player)
                .done
        });
        going += i64::from(can);
    }
    Ratio::new(going, 7776)
}

#[test]
fn the_chance_the_game_goes_on_matches_every_roll_counted() {
    let game = roll(&seven_sixes(), [6, 6, 3, 3, 5]);
    let advice = advise(&game, 0).unwrap();
    let ends = advice.options.iter().find(|o| o.option.fifth == 6).unwrap();
    assert_eq!(ends.chance, Some(Ratio::ZERO));
    let goes_on = advice.options.iter().find(|o| o.option.fifth == 5).unwrap();
    let after = game
        .apply(&Action::Choose {
            player: 0,
            choice: goes_on.option.choice,
        })
        .unwrap();
    let counted = brute_force_goes_on(&after, 0);
    assert_eq!(goes_on.chance, Some(counted));
    // By hand: the game ends when the roll shows a 6 and neither 5 nor 4.
    assert_eq!(
        counted,
        Ratio::ONE - Ratio::new(4_i64.pow(5) - 3_i64.pow(5), 7776)
    );
    // Early on nothing can end the game.
    let early = roll(&start(1), [1, 2, 3, 4, 5]);
    let advice = advise(&early, 0).unwrap();
    assert_eq!(advice.options.len(), 15);
    assert!(advice.options.iter().all(|o| o.chance == Some(Ratio::ONE)));
}

#[test]
fn greedy_takes_the_best_change_now() {
    let mut game = start(1);
    game = roll(&game, [3, 4, 3, 4, 6]);
    game = choose(&game, 0, [0, 1], [2, 3]); // two marks on 7
    game = roll(&game, [3, 4, 2, 5, 1]);
    let advice = advise(&game, 0).unwrap();
    let best_now = advice
        .options
        .iter()
        .filter_map(|o| o.expected)
        .max()
        .unwrap();
    let g = greedy(&game, 0).unwrap();
    let g_option = advice
        .options
        .iter()
        .find(|o| o.option.choice == g)
        .unwrap();
    assert_eq!(g_option.expected, Some(best_now));
    // Marking 7 twice more costs nothing (four marks: still −200); any other
    // split opens a sum at −200.
    assert_eq!(best_now, Ratio::ZERO);
    assert_eq!(g_option.option.sums, [7, 7]);
}

#[test]
fn no_advice_outside_a_decision_and_one_per_waiting_player() {
    let game = start(2);
    assert!(advise(&game, 0).is_none());
    assert!(greedy(&game, 0).is_none());
    let rolled = roll(&game, [2, 2, 2, 2, 2]);
    let advice = advise(&rolled, 1).unwrap();
    assert_eq!(advice.reason, Reason::OnlyOne);
    assert_eq!(advice.options.len(), 15);
    let after = choose(&rolled, 1, [0, 1], [2, 3]);
    assert!(advise(&after, 1).is_none(), "player 2 has chosen");
    check(&after, 0);
}

/// The figures a reason gives: the recommended split's change now and the
/// best change now of any split.
fn reason_figures(reason: &Reason) -> Option<(i32, i32)> {
    match *reason {
        Reason::LongerGame { now, best_now, .. }
        | Reason::AvoidsEnding { now, best_now }
        | Reason::BuildsOn { now, best_now, .. }
        | Reason::BetterOutlook { now, best_now, .. } => Some((now, best_now)),
        Reason::BestNow { gain } => Some((gain, gain)),
        Reason::OnlyOne => None,
    }
}

/// Checks what the screen lists of `player`'s advice: the recommended
/// split first, the rest by the advisor's estimate, ties alike, the best
/// change now on a row, the reason's figures those of rows, the rest
/// counted; a figure is a column only where rows differ.
fn check_shortlist(game: &Einstein, player: usize) -> Shortlist {
    let advice = distinct(advise(game, player).unwrap());
    let list = shortlist(&advice);
    let o = |i: usize| &advice.options[i];
    let best = advice.best.unwrap();
    assert_eq!(list.rows[0][0], best);
    let listed: Vec<usize> = list.rows.concat();
    assert_eq!(list.left_out, advice.options.len() - listed.len());
    assert!(list.rows.len() <= FEW + 1);
    for row in &list.rows {
        for &i in row {
            assert_eq!(o(i).expected, o(row[0]).expected);
            assert_eq!(o(i).chance, o(row[0]).chance);
            assert_eq!(o(i).option.outlook, o(row[0]).option.outlook);
        }
    }
    for pair in list.rows.windows(2) {
        assert!(o(pair[0][0]).option.outlook >= o(pair[1][0]).option.outlook);
    }
    let figure = |i: usize| i32::try_from(o(i).expected.unwrap().numer()).unwrap();
    let shown: Vec<i32> = listed.iter().map(|&i| figure(i)).collect();
    let best_now = (0..advice.options.len()).map(figure).max().unwrap();
    assert!(shown.contains(&best_now), "the best score now is on a row");
    if let Some((now, best_now_said)) = reason_figures(&advice.reason) {
        assert_eq!(now, figure(best), "{:?}", advice.reason);
        assert_eq!(best_now_said, best_now, "{:?}", advice.reason);
    }
    let varies = |f: &dyn Fn(usize) -> Option<Ratio>| listed.iter().any(|&i| f(i) != f(listed[0]));
    assert_eq!(list.chance == Figure::Varies, varies(&|i| o(i).chance));
    assert_eq!(list.expected == Figure::Varies, varies(&|i| o(i).expected));
    list
}

#[test]
fn the_first_roll_lists_a_few_splits_with_one_figure_each() {
    // 1 2 3 4 5: fifteen splits; one marks the 5 twice (−200), the others
    // open two sums (−400).
    let game = roll(&start(1), [1, 2, 3, 4, 5]);
    let list = check_shortlist(&game, 0);
    let advice = distinct(advise(&game, 0).unwrap());
    assert_eq!(advice.options.len(), 15);
    assert!(list.rows.len() <= FEW + 1);
    assert!(list.left_out >= 15 - 2 * (FEW + 1));
    // Nothing can end the game yet: the chance it goes on is 1 on every
    // row, no column.
    assert_eq!(list.chance, Figure::Same(Some(Ratio::ONE)));
    assert_eq!(list.expected, Figure::Varies);
    // A −200 split (one sum marked twice) is listed: the reason compares
    // with it.
    assert!(list
        .rows
        .iter()
        .flatten()
        .any(|&i| advice.options[i].expected == Some(Ratio::from_int(-200))));
}

#[test]
fn near_the_end_the_chance_to_go_on_is_a_column() {
    // 6 has seven marks: leaving the 6 ends the game (chance 0), leaving
    // the 5 does not.
    let game = roll(&seven_sixes(), [6, 6, 3, 3, 5]);
    let list = check_shortlist(&game, 0);
    let advice = distinct(advise(&game, 0).unwrap());
    let ends = |i: usize| advice.options[i].option.ends_game;
    // Four ways; the two that leave the 6 end the game alike (−400, chance
    // 0): one row, last.
    assert_eq!(advice.options.len(), 4);
    assert_eq!(list.rows.len(), 3);
    assert_eq!(list.left_out, 0);
    let last = list.rows.last().unwrap();
    assert!(last.len() == 2 && last.iter().all(|&i| ends(i)));
    assert_eq!(list.chance, Figure::Varies);
}

#[test]
fn every_listed_advice_reads_at_a_glance() {
    let mut rng = StdRng::seed_from_u64(37);
    let mut game = start(1);
    let mut checked = 0;
    while !game.is_finished() {
        let action = match game.phase().clone() {
            Phase::Roll => Action::Roll {
                dice: (0..5).map(|_| D6::ALL[rng.random_range(0..6)]).collect(),
                source: RollSource::Virtual,
            },
            Phase::Choose { .. } => {
                if checked % 3 == 0 {
                    check_shortlist(&game, 0);
                }
                checked += 1;
                Action::Choose {
                    player: 0,
                    choice: greedy(&game, 0).unwrap(),
                }
            }
            other => panic!("unexpected {other:?}"),
        };
        game = game.apply(&action).unwrap();
    }
    assert!(checked >= 8);
}
