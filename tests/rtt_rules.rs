//! Roll to the Top: the shipped sheets, the placement rules on each of them,
//! the dice-set changes and overrides, the start sequence, the end, and
//! property tests.

use genius::core::dice_kinds::DieKind;
use genius::core::game::{Game, RollSource};
use genius::core::rtt::{
    accepts, playable, shipped_sheets, sums, Action, Adjustment, Because, Error, Phase, Placement,
    Rtt, Setup, Sheet, SheetError, COLOURED,
};
use genius::core::session::{Session, SessionRefusal};
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn sheet(id: &str) -> Sheet {
    shipped_sheets().into_iter().find(|s| s.id == id).unwrap()
}

fn game(n: usize, id: &str, decreasing: bool) -> Session<Rtt> {
    let names = ["Anne", "Bruno", "Chloé"];
    Session::new(Setup {
        players: (0..n)
            .map(|i| Player::new(names[i], Colour::ALL[i]))
            .collect(),
        first: FirstPlayer::Chosen(0),
        sheet: sheet(id),
        decreasing,
    })
    .unwrap()
}

#[test]
fn six_shipped_sheets_of_different_shapes_and_lengths() {
    let sheets = shipped_sheets();
    assert_eq!(sheets.len(), 6);
    let mut lengths: Vec<usize> = sheets.iter().map(|s| s.len()).collect();
    lengths.sort();
    lengths.dedup();
    assert!(lengths.len() >= 4, "{lengths:?}");
    let all: Vec<_> = sheets.iter().flat_map(|s| s.squares.iter()).collect();
    assert!(
        all.iter().any(|s| s.on.len() == 1),
        "towers resting on one square"
    );
    assert!(
        all.iter().any(|s| s.on.len() == 2),
        "squares resting on two"
    );
    assert!(
        all.iter().any(|s| !s.base && s.on.is_empty()),
        "squares resting on nothing"
    );
    assert_eq!(sheets[0].id, "first-steps", "a short one first");
    assert!(sheets
        .iter()
        .all(|s| !s.name.fr.is_empty() && !s.name.en.is_empty()));
}

#[test]
fn bad_sheets_are_refused_with_the_reason() {
    let good = include_str!("../src/core/sheets/first-steps.json");
    assert!(Sheet::parse(good).is_ok());
    assert!(matches!(Sheet::parse("{"), Err(SheetError::NotJson(_))));
    assert_eq!(
        Sheet::parse("{\"format\":\"other\"}"),
        Err(SheetError::NotASheet)
    );
    assert_eq!(
        Sheet::parse(&good.replace("\"version\": 1", "\"version\": 2")),
        Err(SheetError::NewerVersion(2))
    );
    let bad = |edit: &dyn Fn(&mut Sheet)| {
        let mut s = Sheet::parse(good).unwrap();
        edit(&mut s);
        s.validate()
    };
    assert_eq!(bad(&|s| s.squares.clear()), Err(SheetError::Empty));
    assert_eq!(
        bad(&|s| s.squares[1].id = 7),
        Err(SheetError::BadId { at: 1 })
    );
    assert_eq!(
        bad(&|s| s.squares[3].on = vec![5]),
        Err(SheetError::BadSupport { square: 3, on: 5 })
    );
    assert_eq!(
        bad(&|s| s.squares[0].on = vec![1]),
        Err(SheetError::BadBase { square: 0 })
    );
    assert_eq!(
        bad(&|s| s.squares[3].base = true),
        Err(SheetError::BadBase { square: 3 })
    );
    assert_eq!(
        bad(&|s| {
            s.squares[5].on.clear();
            s.squares[5].neighbours = vec![3];
        }),
        Err(SheetError::BadNeighbour {
            square: 5,
            neighbour: 3
        })
    );
    assert_eq!(
        bad(&|s| s.squares[5].on.clear()),
        Err(SheetError::Unreachable { square: 5 })
    );
    assert_eq!(
        bad(&|s| s.squares[1].x = 1),
        Err(SheetError::Overlap { a: 0, b: 1 })
    );
}

#[test]
fn placement_rules_on_every_shipped_sheet() {
    for s in shipped_sheets() {
        let empty = vec![None; s.len()];
        for sq in &s.squares {
            let ok = accepts(&s, &empty, sq.id, 5, false);
            assert_eq!(
                ok, sq.base,
                "{} square {}: only base squares at the start",
                s.id, sq.id
            );
        }
        // Fill bottom-up with rising numbers: every square accepts its turn.
        let mut filled = vec![None; s.len()];
        let mut order: Vec<usize> = (0..s.len()).collect();
        order.sort_by_key(|&i| {
            (
                s.squares[i].row,
                !s.squares[i].base,
                s.squares[i].on.is_empty(),
            )
        });
        let mut progress = true;
        while progress {
            progress = false;
            for &i in &order {
                let value = 10 * (s.squares[i].row as u32 + 1);
                if filled[i].is_none() && accepts(&s, &filled, i, value, false) {
                    filled[i] = Some(value);
                    progress = true;
                }
            }
        }
        assert!(
            filled.iter().all(|f| f.is_some()),
            "{}: every square can be filled",
            s.id
        );
        // Resting squares need numbers ≥ each below (≤ when decreasing).
        for sq in s.squares.iter().filter(|q| !q.on.is_empty()) {
            let mut f = filled.clone();
            f[sq.id] = None;
            let below = sq.on.iter().map(|&o| f[o].unwrap()).max().unwrap();
            assert!(
                accepts(&s, &f, sq.id, below, false),
                "{} {}: equal allowed",
                s.id,
                sq.id
            );
            assert!(
                !accepts(&s, &f, sq.id, below - 1, false),
                "{} {}: lower refused",
                s.id,
                sq.id
            );
            let least = sq.on.iter().map(|&o| f[o].unwrap()).min().unwrap();
            assert!(
                accepts(&s, &f, sq.id, least, true),
                "{} {}: decreasing",
                s.id,
                sq.id
            );
            assert!(
                !accepts(&s, &f, sq.id, least + 1, true),
                "{} {}: decreasing refuses higher",
                s.id,
                sq.id
            );
            // A missing support refuses everything.
            f[sq.on[0]] = None;
            assert!(!accepts(&s, &f, sq.id, 99, false));
        }
        // Floating squares need a filled neighbour.
        for sq in s.squares.iter().filter(|q| !q.base && q.on.is_empty()) {
            let mut f = filled.clone();
            for &n in &sq.neighbours {
                f[n] = None;
            }
            f[sq.id] = None;
            assert!(
                !accepts(&s, &f, sq.id, 3, false),
                "{} {}: no neighbour",
                s.id,
                sq.id
            );
            f[sq.neighbours[0]] = Some(1);
            assert!(
                accepts(&s, &f, sq.id, 3, false),
                "{} {}: a neighbour",
                s.id,
                sq.id
            );
        }
    }
}

#[test]
fn dice_are_used_once_and_can_be_summed() {
    let s = sums(&[1, 8, 5]);
    assert_eq!(s.get(&9), Some(&vec![0, 1]), "the rulebook's 1 + 8 = 9");
    assert_eq!(s.get(&14), Some(&vec![0, 1, 2]));
    assert!(!s.contains_key(&2), "no die twice");
    let sheet = sheet("first-steps");
    let options = playable(&sheet, &[None; 6], &[1, 8, 5], &[false, true, false], false);
    assert!(options
        .iter()
        .all(|(sq, values)| sheet.squares[*sq].base && !values.contains(&8)));
}

fn start(g: &mut Session<Rtt>, values: [u32; 5]) {
    g.act(Action::StartRoll {
        values: values.to_vec(),
        source: RollSource::Typed,
    })
    .unwrap();
}

#[test]
fn the_start_sequence() {
    let mut g = game(2, "first-steps", false);
    assert!(g.state().start_roll().is_empty(), "nothing rolled yet");
    start(&mut g, [1, 3, 5, 7, 9]); // all odd: roll again
    assert_eq!(*g.state().phase(), Phase::Start);
    let aside: Vec<_> = COLOURED
        .iter()
        .zip([1, 3, 5, 7, 9])
        .map(|(k, v)| (*k, v, false))
        .collect();
    assert_eq!(g.state().start_roll(), aside, "all shown, all set aside");
    assert_eq!(
        g.act(Action::StartRoll {
            values: vec![5, 1, 1, 1, 1],
            source: RollSource::Typed
        }),
        Err(SessionRefusal::Rules(Error::NotAFace { die: 0, value: 5 })),
        "no 5 on a d4"
    );
    start(&mut g, [2, 3, 8, 5, 20]); // d4, d8 and d20 show even numbers
    assert_eq!(
        g.state().dice_in_play(),
        &[DieKind::D4, DieKind::D8, DieKind::D20]
    );
    assert_eq!(*g.state().phase(), Phase::Roll);
    // The start roll stays shown, with which dice came into play, until
    // the first result is rolled.
    let shown: Vec<bool> = g.state().start_roll().iter().map(|d| d.2).collect();
    assert_eq!(shown, [true, false, true, false, true]);
    assert_eq!(g.state().start_roll()[3], (DieKind::D12, 5, false));
    assert_eq!(
        g.act(Action::Roll {
            values: vec![1, 2],
            white: 0,
            source: RollSource::Typed
        }),
        Err(SessionRefusal::Rules(Error::WrongDiceCount))
    );
    g.act(Action::Roll {
        values: vec![1, 8, 5],
        white: 4,
        source: RollSource::Typed,
    })
    .unwrap();
    assert!(matches!(g.state().phase(), Phase::Place { .. }));
    assert!(
        g.state().start_roll().is_empty(),
        "old news once a result is out"
    );
    g.undo();
    assert_eq!(g.state().start_roll().len(), 5, "and back with an undo");
}

fn place(player: usize, list: &[(usize, &[usize])]) -> Action {
    Action::Place {
        player,
        placements: list
            .iter()
            .map(|(s, d)| Placement {
                square: *s,
                dice: d.to_vec(),
            })
            .collect(),
    }
}

#[test]
fn everyone_uses_the_same_result_and_a_square_filled_now_supports_another() {
    let mut g = game(2, "first-steps", false);
    start(&mut g, [2, 4, 6, 8, 20]); // all even: five dice
    g.act(Action::Roll {
        values: vec![1, 2, 3, 4, 5],
        white: 0,
        source: RollSource::Typed,
    })
    .unwrap();
    // Anne: 1 and 2 in the bottom squares 0 and 1, then 3 on them, same result.
    g.act(place(0, &[(0, &[0]), (1, &[1]), (3, &[2])])).unwrap();
    assert_eq!(g.state().filled(0)[3], Some(3));
    // Bruno: a die twice is refused; a square that cannot take it too.
    assert_eq!(
        g.act(place(1, &[(0, &[0]), (1, &[0])])),
        Err(SessionRefusal::Rules(Error::DieReused(0)))
    );
    assert_eq!(
        g.act(place(1, &[(3, &[4])])),
        Err(SessionRefusal::Rules(Error::SquareRefuses {
            square: 3,
            value: 5
        }))
    );
    assert_eq!(
        g.act(place(0, &[])),
        Err(SessionRefusal::Rules(Error::NotWaitingFor(0)))
    );
    g.act(place(1, &[])).unwrap(); // Bruno passes
                                   // Five dice were rolled: Bruno must remove one, whatever the white die says.
    assert_eq!(
        *g.state().phase(),
        Phase::Adjust {
            must: Adjustment::Remove,
            because: Because::FiveDiceRolled
        }
    );
    assert_eq!(g.state().roller(), 1);
}

/// On several phones: the last to place is told the table waits for them.
#[test]
fn a_phone_knows_when_the_table_waits_for_it_alone() {
    let mut g = game(3, "first-steps", false);
    start(&mut g, [2, 4, 6, 8, 20]);
    assert!(!g.state().waits_only_for(&[2]), "no result to place yet");
    g.act(Action::Roll {
        values: vec![1, 2, 3, 4, 5],
        white: 0,
        source: RollSource::Typed,
    })
    .unwrap();
    assert!(!g.state().waits_only_for(&[2]), "no one has placed");
    g.act(place(0, &[(0, &[0])])).unwrap();
    assert!(!g.state().waits_only_for(&[2]), "Bruno has not placed");
    assert!(g.state().waits_only_for(&[1, 2]), "a phone playing both");
    g.act(place(1, &[])).unwrap();
    assert!(g.state().waits_only_for(&[2]));
    assert!(!g.state().waits_only_for(&[0]));
    assert!(
        !g.state().waits_only_for(&[0, 1, 2]),
        "one phone for everyone: no one else to wait for"
    );
    g.act(place(2, &[])).unwrap();
    assert!(!g.state().waits_only_for(&[2]), "all have placed");
}

fn round(g: &mut Session<Rtt>, values: Vec<u32>, white: usize, writes: bool) {
    g.act(Action::Roll {
        values,
        white,
        source: RollSource::Typed,
    })
    .unwrap();
    for p in 0..g.state().players().len() {
        let placements = if writes && p == 0 {
            let Phase::Place { result, .. } = g.state().phase().clone() else {
                panic!()
            };
            let filled = g.state().filled(0).to_vec();
            let sheet = g.state().sheet().clone();
            let used = vec![false; result.len()];
            playable(&sheet, &filled, &result, &used, false)
                .first()
                .map(|(sq, vals)| {
                    let dice = sums(&result)[&vals[0]].clone();
                    vec![Placement { square: *sq, dice }]
                })
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        g.act(Action::Place {
            player: p,
            placements,
        })
        .unwrap();
    }
}

#[test]
fn the_white_die_and_its_overrides() {
    let mut g = game(2, "pyramid", false);
    start(&mut g, [2, 3, 8, 5, 7]); // d4 and d8 in play
    round(&mut g, vec![2, 6], 0, true); // white +1, Anne writes
    assert_eq!(
        *g.state().phase(),
        Phase::Adjust {
            must: Adjustment::Add,
            because: Because::WhiteDie
        }
    );
    assert_eq!(
        g.act(Action::Adjust {
            add: None,
            remove: Some(DieKind::D4)
        }),
        Err(SessionRefusal::Rules(Error::WrongAdjustment(
            Adjustment::Add
        )))
    );
    assert_eq!(
        g.act(Action::Adjust {
            add: Some(DieKind::D8),
            remove: None
        }),
        Err(SessionRefusal::Rules(Error::WrongAdjustment(
            Adjustment::Add
        ))),
        "the d8 is already in play"
    );
    g.act(Action::Adjust {
        add: Some(DieKind::D20),
        remove: None,
    })
    .unwrap();
    assert_eq!(
        g.state().dice_in_play(),
        &[DieKind::D4, DieKind::D8, DieKind::D20]
    );
    round(&mut g, vec![1, 1, 1], 5, true); // +1 and −1
    g.act(Action::Adjust {
        add: Some(DieKind::D6),
        remove: Some(DieKind::D4),
    })
    .unwrap();
    assert_eq!(
        g.state().dice_in_play(),
        &[DieKind::D6, DieKind::D8, DieKind::D20]
    );
    round(&mut g, vec![1, 1, 1], 2, false); // −1, but nobody wrote: must add
    assert_eq!(
        *g.state().phase(),
        Phase::Adjust {
            must: Adjustment::Add,
            because: Because::NobodyWrote
        }
    );
    g.act(Action::Adjust {
        add: Some(DieKind::D4),
        remove: None,
    })
    .unwrap();
    round(&mut g, vec![1, 1, 1, 1], 4, true); // +1 or −1
    g.act(Action::Adjust {
        add: None,
        remove: Some(DieKind::D20),
    })
    .unwrap();
    round(&mut g, vec![1, 1, 1], 2, true);
    g.act(Action::Adjust {
        add: None,
        remove: Some(DieKind::D8),
    })
    .unwrap();
    round(&mut g, vec![1, 1], 2, true);
    g.act(Action::Adjust {
        add: None,
        remove: Some(DieKind::D6),
    })
    .unwrap();
    assert_eq!(g.state().dice_in_play(), &[DieKind::D4]);
    round(&mut g, vec![3], 2, true); // one die rolled: must add even on −1
    assert_eq!(
        *g.state().phase(),
        Phase::Adjust {
            must: Adjustment::Add,
            because: Because::OneDieRolled
        }
    );
}

#[test]
fn everyone_who_finishes_on_the_same_result_wins_and_others_rank_by_open_squares() {
    let mut g = game(3, "first-steps", false);
    start(&mut g, [2, 4, 6, 8, 20]);
    g.act(Action::Roll {
        values: vec![1, 1, 1, 1, 1],
        white: 0,
        source: RollSource::Typed,
    })
    .unwrap();
    let full: &[(usize, &[usize])] = &[(0, &[0]), (1, &[1]), (2, &[2]), (3, &[3]), (4, &[4])];
    g.act(place(0, full)).unwrap();
    g.act(place(1, full)).unwrap();
    g.act(place(2, &[(0, &[0])])).unwrap();
    g.act(Action::Adjust {
        add: None,
        remove: Some(DieKind::D20),
    })
    .unwrap();
    g.act(Action::Roll {
        values: vec![1, 1, 1, 1],
        white: 0,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(place(0, &[(5, &[0, 1])])).unwrap();
    g.act(place(1, &[(5, &[2, 3])])).unwrap();
    g.act(place(2, &[])).unwrap();
    assert!(g.is_finished());
    assert_eq!(g.state().winners(), &[0, 1], "no tie-breaker");
    assert_eq!(g.state().places(), vec![1, 1, 3]);
    assert_eq!(g.state().series_points(2), -5);
    assert_eq!(g.state().series_points(0), 0);
}

#[test]
fn decreasing_variant() {
    let mut g = game(1, "first-steps", true);
    start(&mut g, [2, 4, 6, 8, 20]);
    g.act(Action::Roll {
        values: vec![4, 6, 8, 12, 20],
        white: 0,
        source: RollSource::Typed,
    })
    .unwrap();
    assert_eq!(
        g.act(place(0, &[(0, &[0]), (1, &[1]), (3, &[4])])),
        Err(SessionRefusal::Rules(Error::SquareRefuses {
            square: 3,
            value: 20
        }))
    );
    g.act(place(0, &[(0, &[1]), (1, &[2]), (3, &[0])])).unwrap(); // 6, 8, then 4 ≤ both
}

#[test]
fn random_sequences_keep_every_invariant() {
    for seed in 0..80u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let sheets = shipped_sheets();
        let id = sheets[rng.random_range(0..sheets.len())].id.clone();
        let mut g = game(rng.random_range(1..=3), &id, rng.random_bool(0.3));
        for step in 0..400 {
            if rng.random_range(0..15) == 0 {
                let before = g.state().clone();
                if g.undo() {
                    assert!(g.redo());
                    assert_eq!(g.state(), &before, "seed {seed} step {step}");
                }
                continue;
            }
            let action = match g.state().phase().clone() {
                Phase::Start => Action::StartRoll {
                    values: COLOURED
                        .iter()
                        .map(|k| rng.random_range(1..=k.sides() as u32 + 1))
                        .collect(),
                    source: RollSource::Virtual,
                },
                Phase::Roll => Action::Roll {
                    values: g
                        .state()
                        .dice_in_play()
                        .iter()
                        .map(|k| rng.random_range(1..=k.sides() as u32))
                        .collect(),
                    white: rng.random_range(0..7),
                    source: RollSource::Virtual,
                },
                Phase::Place { result, waiting } => {
                    let p = if rng.random_bool(0.9) {
                        waiting[0]
                    } else {
                        rng.random_range(0..4)
                    };
                    let n = rng.random_range(0..3);
                    let placements = (0..n)
                        .map(|_| Placement {
                            square: rng.random_range(0..g.state().sheet().len() + 1),
                            dice: (0..rng.random_range(1..3))
                                .map(|_| rng.random_range(0..result.len() + 1))
                                .collect(),
                        })
                        .collect();
                    Action::Place {
                        player: p,
                        placements,
                    }
                }
                Phase::Adjust { .. } => {
                    let pick = |rng: &mut StdRng| COLOURED[rng.random_range(0..5)];
                    Action::Adjust {
                        add: rng.random_bool(0.5).then(|| pick(&mut rng)),
                        remove: rng.random_bool(0.5).then(|| pick(&mut rng)),
                    }
                }
                _ => Action::Adjust {
                    add: None,
                    remove: None,
                },
            };
            let before = g.state().clone();
            if g.act(action.clone()).is_err() {
                assert_eq!(g.state(), &before, "seed {seed} step {step}: {action:?}");
            }
            let set = g.state().dice_in_play();
            assert!(set.len() <= 5);
            if !matches!(g.state().phase(), Phase::Start | Phase::RollOff(_)) {
                assert!(!set.is_empty(), "seed {seed}: never an empty set");
            }
        }
        assert_eq!(
            Session::<Rtt>::replay(g.record().clone()).unwrap().state(),
            g.state()
        );
    }
}

#[path = "common/contract.rs"]
mod contract;

#[test]
fn legal_moves_are_exactly_the_actions_that_validate() {
    use genius::core::game::Compose;
    fn setup(rng: &mut StdRng) -> Setup {
        let sheets = shipped_sheets();
        let n = rng.random_range(1..=3);
        Setup {
            players: (0..n)
                .map(|i| Player::new(&format!("P{i}"), Colour::ALL[i]))
                .collect(),
            first: if rng.random_bool(0.3) {
                FirstPlayer::RollOff
            } else {
                FirstPlayer::Chosen(0)
            },
            sheet: sheets[rng.random_range(0..sheets.len())].clone(),
            decreasing: rng.random_bool(0.3),
        }
    }
    fn any_action(rng: &mut StdRng, state: &Rtt) -> Action {
        let source = if rng.random_bool(0.5) {
            RollSource::Virtual
        } else {
            RollSource::Typed
        };
        match (rng.random_range(0..6), state.phase()) {
            (0, _) => Action::RollOff {
                values: (0..rng.random_range(0..4))
                    .map(|_| rng.random_range(0..8))
                    .collect(),
                source,
            },
            (1, _) => Action::StartRoll {
                values: COLOURED
                    .iter()
                    .map(|k| rng.random_range(0..=k.sides() as u32 + 1))
                    .collect(),
                source,
            },
            (2, _) => Action::Roll {
                values: state
                    .dice_in_play()
                    .iter()
                    .map(|k| rng.random_range(0..=k.sides() as u32))
                    .collect(),
                white: rng.random_range(0..7),
                source,
            },
            (3, _) => {
                let pick = |rng: &mut StdRng| COLOURED[rng.random_range(0..5)];
                Action::Adjust {
                    add: rng.random_bool(0.5).then(|| pick(rng)),
                    remove: rng.random_bool(0.5).then(|| pick(rng)),
                }
            }
            (_, Phase::Place { result, .. }) => Action::Place {
                player: rng.random_range(0..4),
                placements: (0..rng.random_range(0..3))
                    .map(|_| Placement {
                        square: rng.random_range(0..state.sheet().len() + 1),
                        dice: (0..rng.random_range(1..3))
                            .map(|_| rng.random_range(0..result.len() + 1))
                            .collect(),
                    })
                    .collect(),
            },
            _ => Action::Place {
                player: 0,
                placements: Vec::new(),
            },
        }
    }
    fn compose(rng: &mut StdRng, state: &Rtt, c: &Compose) -> Action {
        let Compose::Placements { player } = *c else {
            panic!("{c:?}")
        };
        let mut placements = Vec::new();
        for _ in 0..rng.random_range(1..=4) {
            let next = state.next_placements(player, &placements);
            if next.is_empty() {
                break;
            }
            placements.push(next[rng.random_range(0..next.len())].clone());
        }
        Action::Place { player, placements }
    }
    fn composed_by(state: &Rtt, c: &Compose, action: &Action) -> bool {
        let (
            Compose::Placements { player },
            Action::Place {
                player: p,
                placements,
            },
        ) = (c, action)
        else {
            return false;
        };
        let mut sorted = placements.clone();
        for p in &mut sorted {
            p.dice.sort_unstable();
        }
        player == p
            && (0..sorted.len())
                .all(|i| state.next_placements(*p, &sorted[..i]).contains(&sorted[i]))
    }
    let states = contract::check_games(
        &contract::Contract::<Rtt> {
            setup,
            any_action,
            compose,
            composed_by,
        },
        100,
        60,
    );
    assert!(states >= 3_000, "{states} states");
}
