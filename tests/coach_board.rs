//! The Séquence Dés and Roll to the Top coaches against brute force: every
//! legal move offered, exact chances counted over every throw, plans the
//! rules accept.

mod sequence {
    use genius::core::coach::sequence::*;
    use genius::core::coach::{Figure, Ratio, Shortlist};
    use genius::core::dice::D6;
    use genius::core::game::{RollSource, Rules};
    use genius::core::sequence::{find_line, Setup};
    use genius::core::sequence::{Action, Phase, Sequence, Square, SIZE};
    use genius::core::table::{Colour, FirstPlayer, Player};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    fn start(n: usize) -> Sequence {
        Sequence::start(&Setup {
            players: (0..n)
                .map(|i| Player::new(["A", "B", "C", "D"][i], Colour::ALL[i]))
                .collect(),
            first: FirstPlayer::Chosen(0),
            six_in_a_row: false,
        })
        .unwrap()
    }

    fn throw(a: u8, b: u8) -> Action {
        Action::Roll {
            dice: vec![D6::new(a).unwrap(), D6::new(b).unwrap()],
            source: RollSource::Virtual,
        }
    }

    /// Random games, stopped at every decision.
    fn decisions(seed: u64, players: usize, games: usize) -> Vec<Sequence> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut g = start(players);
            for _ in 0..400 {
                if g.is_finished() {
                    break;
                }
                let action = match g.phase() {
                    Phase::Roll => throw(rng.random_range(1..=6), rng.random_range(1..=6)),
                    _ => {
                        out.push(g.clone());
                        let moves = g.legal_moves();
                        moves[rng.random_range(0..moves.len())]
                            .as_play()
                            .unwrap()
                            .clone()
                    }
                };
                g = g.apply(&action).unwrap();
            }
        }
        out
    }

    #[test]
    fn every_legal_move_is_an_option_and_nothing_else() {
        for players in 2..=4 {
            for g in decisions(players as u64, players, 2) {
                let advice = advise(&g).expect("a decision");
                let listed: Vec<Action> = g
                    .legal_moves()
                    .into_iter()
                    .map(|m| m.as_play().unwrap().clone())
                    .collect();
                let offered: Vec<Action> = advice
                    .options
                    .iter()
                    .map(|o| o.option.action.clone())
                    .collect();
                assert_eq!(offered, listed);
                assert_eq!(advice.recommended().unwrap().option.rank, 1);
                let mut ranks: Vec<usize> = advice.options.iter().map(|o| o.option.rank).collect();
                ranks.sort_unstable();
                assert_eq!(ranks[0], 1);
            }
        }
    }

    #[test]
    fn the_imagined_rules_are_the_games() {
        // options_for on the real board and the real roll gives exactly the
        // game's legal squares.
        for g in decisions(7, 3, 8) {
            let sum = match g.phase() {
                Phase::Place { sum, .. } => *sum,
                _ => 10,
            };
            let side = g.side_of(g.current_player().unwrap());
            let mine: Vec<Square> = options_for(g.board(), side, sum)
                .into_iter()
                .map(|(s, _)| s)
                .collect();
            let listed: Vec<Square> = g
                .legal_moves()
                .into_iter()
                .map(|m| match m.as_play().unwrap() {
                    Action::Place { square } | Action::Remove { square } => *square,
                    _ => unreachable!(),
                })
                .collect();
            assert_eq!(mine, listed);
        }
    }

    /// Brute force: every throw of two dice on the real game (whose
    /// current player is to roll), and whether some legal move then wins.
    fn brute_win_chance(g: &Sequence) -> Ratio {
        let player = g.current_player().unwrap();
        let side = g.side_of(player);
        let mut wins = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                let h = g.apply(&throw(a, b)).unwrap();
                let won = h.legal_moves().into_iter().any(|m| {
                    let Some(action) = m.as_play() else {
                        return false; // nothing to do with this throw
                    };
                    let after = h.apply(action).unwrap();
                    after.winner().is_some_and(|(s, _)| *s == side)
                });
                wins += i64::from(won);
            }
        }
        Ratio::new(wins, 36)
    }

    #[test]
    fn win_chance_is_the_count_of_winning_throws() {
        let mut rng = SmallRng::seed_from_u64(11);
        let mut checked = 0;
        let mut nonzero = 0;
        for _ in 0..12 {
            let mut g = start(2);
            for _ in 0..200 {
                if g.is_finished() {
                    break;
                }
                if matches!(g.phase(), Phase::Roll) {
                    let p = g.current_player().unwrap();
                    let side = g.side_of(p);
                    let exact = win_chance(g.board(), side, g.line_length());
                    assert_eq!(exact, brute_win_chance(&g));
                    checked += 1;
                    nonzero += usize::from(exact > Ratio::ZERO);
                    g = g
                        .apply(&throw(rng.random_range(1..=6), rng.random_range(1..=6)))
                        .unwrap();
                } else {
                    let moves = g.legal_moves();
                    g = g
                        .apply(moves[rng.random_range(0..moves.len())].as_play().unwrap())
                        .unwrap();
                }
            }
        }
        assert!(checked > 150 && nonzero > 5, "{checked} {nonzero}");
    }

    #[test]
    fn line_through_agrees_with_find_line() {
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..2000 {
            let mut board: Board = [[None; SIZE]; SIZE];
            for square in board.iter_mut().flatten() {
                *square = match rng.random_range(0..5) {
                    0 | 1 => Some(0),
                    2 => Some(1),
                    _ => None,
                };
            }
            let any = (0..SIZE)
                .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
                .any(|sq| line_through(&board, sq, 0, 5));
            assert_eq!(any, find_line(&board, 0, 5).is_some());
        }
    }

    #[test]
    fn it_takes_a_win_and_blocks_a_four() {
        // A has (0,0)…(0,3): 2 3 4 5; the row's fifth square (0,4) is a 6.
        let mut g = start(2);
        let script: [((u8, u8), Square); 8] = [
            ((1, 1), (0, 0)), // A: 2, plays again
            ((1, 2), (0, 1)), // A: 3
            ((3, 4), (1, 1)), // B: 7
            ((1, 3), (0, 2)), // A: 4
            ((3, 4), (1, 4)), // B: 7
            ((2, 3), (0, 3)), // A: 5
            ((4, 4), (1, 2)), // B: 8
            ((4, 5), (1, 3)), // A: 9
        ];
        for ((a, b), sq) in script {
            g = g.apply(&throw(a, b)).unwrap();
            g = g.apply(&Action::Place { square: sq }).unwrap();
        }
        // B rolls 6: (0,4) blocks A's four; the other 6s do not.
        g = g.apply(&throw(3, 3)).unwrap();
        let advice = advise(&g).unwrap();
        let best = advice.recommended().unwrap();
        assert_eq!(best.option.square, (0, 4));
        assert!(
            matches!(advice.reason, Reason::Blocks { .. }),
            "{:?}",
            advice.reason
        );
        if let Reason::Blocks { before, after } = advice.reason {
            // Before: A wins with a 6 (5 ways) or an 11 (2 ways).
            assert_eq!(before, Ratio::new(7, 36));
            assert!(after < before);
        }
        // The list leads with the block; the danger differs between its
        // rows, so it is a column.
        let list = shortlist(&advice);
        assert_eq!(list.rows[0][0], advice.best.unwrap());
        assert_eq!(list.chance, Figure::Varies);
        // Had A rolled the 6 instead, the coach takes the win.
        let mut h = g.clone();
        h = h.apply(&Action::Place { square: (1, 0) }).unwrap(); // B plays a 6 elsewhere
        h = h.apply(&throw(1, 5)).unwrap();
        let advice = advise(&h).unwrap();
        assert_eq!(advice.reason, Reason::Wins);
        assert_eq!(advice.recommended().unwrap().option.square, (0, 4));
        assert!(find_line(
            h.apply(&advice.recommended().unwrap().option.action)
                .unwrap()
                .board(),
            0,
            5
        )
        .is_some());
    }

    /// Checks a shortlist against its advice: each option in one row at
    /// most, the recommended one leading the first, the rows in the
    /// search's order, ties alike, the rest counted.
    fn check_shortlist(advice: &SequenceAdvice) -> Shortlist {
        let list = shortlist(advice);
        let o = |i: usize| &advice.options[i].option;
        assert!(!list.rows.is_empty() && list.rows.len() <= FEW);
        assert_eq!(list.rows[0][0], advice.best.unwrap());
        let mut listed: Vec<usize> = list.rows.concat();
        let shown = listed.len();
        listed.sort_unstable();
        listed.dedup();
        assert_eq!(listed.len(), shown, "an option in two rows");
        assert_eq!(list.left_out, advice.options.len() - shown);
        for row in &list.rows {
            for &i in row {
                assert_eq!(o(i).kind, o(row[0]).kind);
                assert_eq!(o(i).danger, o(row[0]).danger);
                assert!((o(i).value - o(row[0]).value).abs() < 1e-6);
            }
        }
        for pair in list.rows.windows(2) {
            assert!(o(pair[0][0]).value >= o(pair[1][0]).value);
        }
        // Every option left out is ranked below every row's.
        let lowest = list
            .rows
            .iter()
            .map(|r| o(r[0]).value)
            .fold(f64::INFINITY, f64::min);
        for (i, option) in advice.options.iter().enumerate() {
            if !listed.contains(&i) {
                assert!(option.option.value <= lowest + 1e-9);
            }
        }
        list
    }

    #[test]
    fn a_wild_11_lists_the_few_best_squares_not_36() {
        // The first throw is an 11: any of the 36 free squares.
        let g = start(2).apply(&throw(5, 6)).unwrap();
        let advice = advise(&g).unwrap();
        assert_eq!(advice.options.len(), 36);
        let list = check_shortlist(&advice);
        // Ties come from the board's symmetries: at most four squares alike.
        assert_eq!(list.rows.len(), FEW);
        assert!(
            list.rows.iter().all(|row| row.len() <= 4),
            "{:?}",
            list.rows
        );
        let shown: usize = list.rows.iter().map(Vec::len).sum();
        assert_eq!(list.left_out, 36 - shown);
        // No square lets the opponent complete a line: said once, no column.
        assert_eq!(list.chance, Figure::Same(Some(Ratio::ONE)));
        assert_eq!(list.expected, Figure::Same(None));
    }

    #[test]
    fn every_shortlist_keeps_the_best_and_counts_the_rest() {
        for g in decisions(7, 2, 2).into_iter().chain(decisions(8, 3, 1)) {
            check_shortlist(&advise(&g).unwrap());
        }
    }

    #[test]
    fn no_advice_without_a_square_to_choose() {
        let g = start(2);
        assert!(advise(&g).is_none());
        assert!(greedy(&g).is_none());
    }
}

mod rtt {
    use genius::core::coach::rtt::*;
    use genius::core::coach::Ratio;
    use genius::core::dice_kinds::DieKind;
    use genius::core::game::{RollSource, Rules};
    use genius::core::rtt::{accepts, shipped_sheets, sums, Action, Phase, Rtt, Setup, Sheet};
    use genius::core::table::{Colour, FirstPlayer, Player};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    fn sheet(id: &str) -> Sheet {
        shipped_sheets().into_iter().find(|s| s.id == id).unwrap()
    }

    /// Every throw of `dice`, as values.
    fn throws(dice: &[DieKind]) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new()];
        for d in dice {
            out = out
                .into_iter()
                .flat_map(|t| {
                    d.values().map(move |v| {
                        let mut t = t.clone();
                        t.push(v);
                        t
                    })
                })
                .collect();
        }
        out
    }

    /// Brute force: the throws of `dice` from which some set of dice makes
    /// a number the square accepts now.
    fn brute(sheet: &Sheet, filled: &[Option<u32>], dice: &[DieKind], dec: bool) -> Vec<Ratio> {
        let all = throws(dice);
        (0..sheet.len())
            .filter(|&q| filled[q].is_none())
            .map(|q| {
                let n = all
                    .iter()
                    .filter(|t| sums(t).keys().any(|&v| accepts(sheet, filled, q, v, dec)))
                    .count();
                Ratio::new(n as i64, all.len() as i64)
            })
            .collect()
    }

    fn random_filling(rng: &mut SmallRng, sheet: &Sheet, dec: bool) -> Vec<Option<u32>> {
        let mut filled = vec![None; sheet.len()];
        for _ in 0..rng.random_range(0..sheet.len() * 2) {
            let q = rng.random_range(0..sheet.len());
            let v = rng.random_range(1..=24);
            if accepts(sheet, &filled, q, v, dec) {
                filled[q] = Some(v);
            }
        }
        filled
    }

    #[test]
    fn fill_chances_are_the_counts_of_every_throw() {
        use DieKind::*;
        // Up to four dice: five (46 080 throws) take too long in debug,
        // and the count is the same convolution.
        let sets: [&[DieKind]; 4] = [&[D4], &[D6, D12], &[D4, D8, D20], &[D4, D6, D8, D12]];
        let mut rng = SmallRng::seed_from_u64(5);
        let mut between = 0;
        for sheet in shipped_sheets() {
            for dec in [false, true] {
                for dice in sets {
                    let filled = random_filling(&mut rng, &sheet, dec);
                    let exact: Vec<Ratio> = fill_chances(&sheet, &filled, dice, dec)
                        .into_iter()
                        .map(|(_, r)| r)
                        .collect();
                    between += exact
                        .iter()
                        .filter(|r| **r > Ratio::ZERO && **r < Ratio::ONE)
                        .count();
                    assert_eq!(exact, brute(&sheet, &filled, dice, dec), "{}", sheet.id);
                }
            }
        }
        assert!(
            between > 5,
            "some chances strictly between 0 and 1: {between}"
        );
    }

    fn game(sheet: Sheet, decreasing: bool) -> Rtt {
        Rtt::start(&Setup {
            players: vec![Player::new("A", Colour::ALL[0])],
            first: FirstPlayer::Chosen(0),
            sheet,
            decreasing,
        })
        .unwrap()
    }

    #[test]
    fn the_plan_is_legal_and_its_reason_fits() {
        let mut rng = SmallRng::seed_from_u64(9);
        for sheet in shipped_sheets() {
            for dec in [false, true] {
                let mut g = game(sheet.clone(), dec);
                g = g
                    .apply(&Action::StartRoll {
                        values: vec![2, 2, 2, 2, 2],
                        source: RollSource::Typed,
                    })
                    .unwrap();
                for _ in 0..12 {
                    if g.is_finished() {
                        break;
                    }
                    match g.phase().clone() {
                        Phase::Roll => {
                            let values = g
                                .dice_in_play()
                                .iter()
                                .map(|d| rng.random_range(d.values()))
                                .collect();
                            g = g
                                .apply(&Action::Roll {
                                    values,
                                    white: rng.random_range(0..6),
                                    source: RollSource::Virtual,
                                })
                                .unwrap();
                        }
                        Phase::Place { result, .. } => {
                            let advice = advise(&g, 0).unwrap();
                            let could = greedy_plan(g.sheet(), g.filled(0), &result, dec);
                            assert!(advice.plan.len() <= could.len());
                            match advice.reason {
                                Reason::NothingFits => assert!(could.is_empty()),
                                Reason::FillsMost { squares } => {
                                    assert_eq!(squares, could.len())
                                }
                                Reason::HoldsBack { squares, could: c } => {
                                    assert!(squares < c && c == could.len())
                                }
                                Reason::Finishes => {}
                            }
                            let action = Action::Place {
                                player: 0,
                                placements: advice.plan.clone(),
                            };
                            g.validate(&action).expect("the coach's plan is legal");
                            g = g.apply(&action).unwrap();
                            // The chances are for the squares left open.
                            assert_eq!(advice.squares.len(), g.open_squares(0));
                        }
                        Phase::Adjust { .. } => {
                            let moves = g.legal_moves();
                            let m = moves[rng.random_range(0..moves.len())].as_play().unwrap();
                            g = g.apply(m).unwrap();
                        }
                        other => panic!("{other:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn it_keeps_the_bottom_of_a_tower_low() {
        // Staircase, increasing: a 1 and a 20. Square 3 carries a tower of
        // three; square 0 carries nothing: the 20 goes there, or nowhere.
        let s = sheet("staircase");
        let filled = vec![None; s.len()];
        let plan = plan(&s, &filled, &[1, 20], false);
        let after = written(&filled, &[1, 20], &plan);
        assert!(after[3] != Some(20) && after[2] != Some(20) && after[1] != Some(20));
        assert!(after.contains(&Some(1)));
    }

    #[test]
    fn greedy_fills_the_most() {
        let s = sheet("first-steps");
        let filled = vec![None; s.len()];
        let plan = greedy_plan(&s, &filled, &[3, 5, 1], false);
        assert_eq!(plan.len(), 3);
        let mut g = game(s, false);
        g = g
            .apply(&Action::StartRoll {
                values: vec![2, 2, 2, 1, 1],
                source: RollSource::Typed,
            })
            .unwrap();
        g = g
            .apply(&Action::Roll {
                values: vec![3, 5, 1],
                white: 0,
                source: RollSource::Typed,
            })
            .unwrap();
        g.validate(&Action::Place {
            player: 0,
            placements: plan,
        })
        .unwrap();
    }
}
