//! Undo never launders a bad roll, in every game: seeded random sequences of
//! rolls (virtual or typed), other moves, undo and redo. While the dice of an
//! undone virtual roll are kept, every typed roll is refused
//! (`Refusal::AlreadyRolled` when the rules would take it) and changes
//! nothing; a virtual roll brings the kept dice back and uses them up; then
//! typed dice are taken again. Replays, saved records and undo/redo all the
//! way give the same game.

use genius::core::dice::D6;
use genius::core::dice_kinds::{Challenge, DieKind};
use genius::core::einstein::{self, all_choices, Einstein};
use genius::core::genius::{self as genius_game, Genius, Mode, Slot};
use genius::core::rtt::{self, shipped_sheets, Placement, Rtt, COLOURED};
use genius::core::sequence::{self, Sequence};
use genius::core::serieux::{self, Serieux};
use genius::core::session::{Refusal, RollSource, Rules, Session};
use genius::core::table::{Colour, FirstPlayer, Player};
use genius::core::words::{self, Variants, Words};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::ops::RangeInclusive;

/// What the property needs of a game: a setup, the roll its state waits for
/// (one range per value, in the order the game keeps a virtual roll's
/// values), that roll as an action, and any other move.
trait Game: Rules + PartialEq {
    fn setup(rng: &mut StdRng) -> Self::Setup;
    /// The roll the state waits for, if any: the range of each value.
    fn roll_shape(&self, rng: &mut StdRng) -> Option<Vec<RangeInclusive<u32>>>;
    /// That roll, carrying `values`, from `source`.
    fn roll(&self, values: &[u32], source: RollSource) -> Self::Action;
    /// Another move (legal or not), if the state has any.
    fn other(&self, rng: &mut StdRng) -> Option<Self::Action>;
}

fn players(rng: &mut StdRng, min: usize, max: usize) -> Vec<Player> {
    let names = ["Anne", "Bruno", "Chloé", "David", "Emma", "Farid"];
    (0..rng.random_range(min..=max))
        .map(|i| Player::new(names[i], Colour::ALL[i]))
        .collect()
}

fn first(rng: &mut StdRng) -> FirstPlayer {
    if rng.random_bool(0.5) {
        FirstPlayer::RollOff
    } else {
        FirstPlayer::Chosen(0)
    }
}

fn d6s(values: &[u32]) -> Vec<D6> {
    values.iter().filter_map(|&v| D6::new(v as u8)).collect()
}

fn d6_range(n: usize) -> Vec<RangeInclusive<u32>> {
    vec![1..=6; n]
}

fn roll_off_shape(contenders: usize) -> Vec<RangeInclusive<u32>> {
    d6_range(contenders)
}

impl Game for Serieux {
    fn setup(rng: &mut StdRng) -> serieux::Setup {
        serieux::Setup {
            players: players(rng, 1, 4),
            first: first(rng),
        }
    }
    fn roll_shape(&self, rng: &mut StdRng) -> Option<Vec<RangeInclusive<u32>>> {
        match self.phase() {
            serieux::Phase::RollOff(r) => Some(roll_off_shape(r.contenders.len())),
            serieux::Phase::Playing => Some(d6_range(rng.random_range(1..=5))),
            serieux::Phase::Finished => None,
        }
    }
    fn roll(&self, values: &[u32], source: RollSource) -> serieux::Action {
        match self.phase() {
            serieux::Phase::RollOff(_) => serieux::Action::RollOff {
                values: values.to_vec(),
                source,
            },
            _ => serieux::Action::Roll {
                dice: d6s(values),
                source,
            },
        }
    }
    fn other(&self, _: &mut StdRng) -> Option<serieux::Action> {
        None
    }
}

const FACES: [Challenge; 6] = [
    Challenge::Double,
    Challenge::Half,
    Challenge::Plus10,
    Challenge::Minus10,
    Challenge::Defi1,
    Challenge::Defi2,
];

impl Game for Genius {
    fn setup(rng: &mut StdRng) -> genius_game::Setup {
        genius_game::Setup {
            players: players(rng, 1, 4),
            first: first(rng),
            mode: [Mode::Genius, Mode::Simple, Mode::Expert, Mode::Longue][rng.random_range(0..4)],
            finish_round: rng.random_bool(0.3),
        }
    }
    fn roll_shape(&self, rng: &mut StdRng) -> Option<Vec<RangeInclusive<u32>>> {
        match self.phase() {
            genius_game::Phase::RollOff(r) => Some(roll_off_shape(r.contenders.len())),
            genius_game::Phase::Roll if self.mode() == Mode::Expert => {
                let mut shape = d6_range(5);
                shape.push(0..=5);
                Some(shape)
            }
            genius_game::Phase::Roll => Some(d6_range(rng.random_range(1..=5))),
            genius_game::Phase::Challenge { .. } => Some(vec![0..=5]),
            _ => None,
        }
    }
    fn roll(&self, values: &[u32], source: RollSource) -> genius_game::Action {
        let face = |v: u32| FACES[(v as usize).min(5)];
        match self.phase() {
            genius_game::Phase::RollOff(_) => genius_game::Action::RollOff {
                values: values.to_vec(),
                source,
            },
            genius_game::Phase::Roll if self.mode() == Mode::Expert => {
                genius_game::Action::Expert {
                    dice: d6s(&values[..values.len() - 1]),
                    challenge: face(values[values.len() - 1]),
                    source,
                }
            }
            genius_game::Phase::Challenge { .. } => genius_game::Action::Challenge {
                face: face(values[0]),
                source,
            },
            _ => genius_game::Action::Roll {
                dice: d6s(values),
                source,
            },
        }
    }
    fn other(&self, rng: &mut StdRng) -> Option<genius_game::Action> {
        match self.phase() {
            genius_game::Phase::Defi { .. } => Some(genius_game::Action::KeepAll),
            genius_game::Phase::Place { .. } => Some(genius_game::Action::Place {
                slot: if rng.random_bool(0.5) {
                    Slot::Min
                } else {
                    Slot::Max
                },
            }),
            _ => None,
        }
    }
}

impl Game for Einstein {
    fn setup(rng: &mut StdRng) -> einstein::Setup {
        einstein::Setup {
            players: players(rng, 1, 4),
            first: first(rng),
        }
    }
    fn roll_shape(&self, _: &mut StdRng) -> Option<Vec<RangeInclusive<u32>>> {
        match self.phase() {
            einstein::Phase::RollOff(r) => Some(roll_off_shape(r.contenders.len())),
            einstein::Phase::Roll => Some(d6_range(5)),
            _ => None,
        }
    }
    fn roll(&self, values: &[u32], source: RollSource) -> einstein::Action {
        match self.phase() {
            einstein::Phase::RollOff(_) => einstein::Action::RollOff {
                values: values.to_vec(),
                source,
            },
            _ => einstein::Action::Roll {
                dice: d6s(values),
                source,
            },
        }
    }
    fn other(&self, rng: &mut StdRng) -> Option<einstein::Action> {
        let einstein::Phase::Choose { waiting, .. } = self.phase() else {
            return None;
        };
        let player = waiting[rng.random_range(0..waiting.len())];
        let legal: Vec<_> = all_choices()
            .into_iter()
            .filter(|&choice| {
                self.validate(&einstein::Action::Choose { player, choice })
                    .is_ok()
            })
            .collect();
        let choice = if legal.is_empty() || rng.random_bool(0.1) {
            all_choices()[rng.random_range(0..all_choices().len())]
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        Some(einstein::Action::Choose { player, choice })
    }
}

impl Game for Sequence {
    fn setup(rng: &mut StdRng) -> sequence::Setup {
        let players = players(rng, 2, 4);
        sequence::Setup {
            six_in_a_row: sequence::six_in_a_row_offered(players.len()) && rng.random_bool(0.3),
            players,
            first: first(rng),
        }
    }
    fn roll_shape(&self, _: &mut StdRng) -> Option<Vec<RangeInclusive<u32>>> {
        match self.phase() {
            // A roll-off keeps each contender's sum of two dice.
            sequence::Phase::RollOff(r) => Some(vec![2..=12; r.contenders.len()]),
            sequence::Phase::Roll => Some(d6_range(2)),
            _ => None,
        }
    }
    fn roll(&self, values: &[u32], source: RollSource) -> sequence::Action {
        match self.phase() {
            sequence::Phase::RollOff(_) => sequence::Action::RollOff {
                values: values.to_vec(),
                source,
            },
            _ => sequence::Action::Roll {
                dice: d6s(values),
                source,
            },
        }
    }
    fn other(&self, rng: &mut StdRng) -> Option<sequence::Action> {
        let pick = |squares: &[(usize, usize)], rng: &mut StdRng| {
            if squares.is_empty() || rng.random_bool(0.05) {
                (rng.random_range(0..6), rng.random_range(0..6))
            } else {
                squares[rng.random_range(0..squares.len())]
            }
        };
        match self.phase() {
            sequence::Phase::Place { squares, .. } => Some(sequence::Action::Place {
                square: pick(squares, rng),
            }),
            sequence::Phase::Remove { squares } => Some(sequence::Action::Remove {
                square: pick(squares, rng),
            }),
            _ => None,
        }
    }
}

impl Game for Rtt {
    fn setup(rng: &mut StdRng) -> rtt::Setup {
        let sheets = shipped_sheets();
        rtt::Setup {
            players: players(rng, 1, 4),
            first: first(rng),
            sheet: sheets[rng.random_range(0..sheets.len())].clone(),
            decreasing: rng.random_bool(0.3),
        }
    }
    fn roll_shape(&self, _: &mut StdRng) -> Option<Vec<RangeInclusive<u32>>> {
        let sides = |kinds: &[DieKind]| -> Vec<RangeInclusive<u32>> {
            kinds.iter().map(|k| 1..=k.sides() as u32).collect()
        };
        match self.phase() {
            rtt::Phase::RollOff(r) => Some(roll_off_shape(r.contenders.len())),
            rtt::Phase::Start => Some(sides(&COLOURED)),
            rtt::Phase::Roll => {
                let mut shape = sides(self.dice_in_play());
                shape.push(0..=5); // the white die's face index
                Some(shape)
            }
            _ => None,
        }
    }
    fn roll(&self, values: &[u32], source: RollSource) -> rtt::Action {
        match self.phase() {
            rtt::Phase::RollOff(_) => rtt::Action::RollOff {
                values: values.to_vec(),
                source,
            },
            rtt::Phase::Start => rtt::Action::StartRoll {
                values: values.to_vec(),
                source,
            },
            _ => rtt::Action::Roll {
                values: values[..values.len() - 1].to_vec(),
                white: values[values.len() - 1] as usize,
                source,
            },
        }
    }
    fn other(&self, rng: &mut StdRng) -> Option<rtt::Action> {
        match self.phase() {
            rtt::Phase::Place { result, waiting } => {
                let player = waiting[rng.random_range(0..waiting.len())];
                let placements = if rng.random_bool(0.5) {
                    Vec::new()
                } else {
                    vec![Placement {
                        square: rng.random_range(0..self.setup().sheet.len()),
                        dice: vec![rng.random_range(0..result.len())],
                    }]
                };
                Some(rtt::Action::Place { player, placements })
            }
            rtt::Phase::Adjust { .. } => {
                let mut kind = || {
                    rng.random_bool(0.6)
                        .then(|| COLOURED[rng.random_range(0..COLOURED.len())])
                };
                Some(rtt::Action::Adjust {
                    add: kind(),
                    remove: kind(),
                })
            }
            _ => None,
        }
    }
}

impl Game for Words {
    fn setup(rng: &mut StdRng) -> words::Setup {
        words::Setup {
            players: players(rng, 2, 4),
            first: first(rng),
            card: rng.random_range(0..4),
            variants: Variants {
                limited: rng.random_bool(0.4),
                open_themes: rng.random_bool(0.3),
            },
            timer: None,
        }
    }
    fn roll_shape(&self, _: &mut StdRng) -> Option<Vec<RangeInclusive<u32>>> {
        match self.phase() {
            words::Phase::RollOff(r) => Some(roll_off_shape(r.contenders.len())),
            words::Phase::RollTheme => Some(vec![1..=6]),
            // Five letter dice and the colour die, as face indices.
            words::Phase::RollDice { .. } => Some(vec![0..=5; 6]),
            _ => None,
        }
    }
    fn roll(&self, values: &[u32], source: RollSource) -> words::Action {
        match self.phase() {
            words::Phase::RollOff(_) => words::Action::RollOff {
                values: values.to_vec(),
                source,
            },
            words::Phase::RollTheme => words::Action::RollTheme {
                value: values[0],
                source,
            },
            _ => words::Action::RollDice {
                letters: values[..5].iter().map(|&v| v as usize).collect(),
                colour: values[5] as usize,
                source,
            },
        }
    }
    fn other(&self, rng: &mut StdRng) -> Option<words::Action> {
        let words::Phase::Propose(round) = self.phase() else {
            return None;
        };
        if round.pending.is_some() {
            return Some(words::Action::Judge {
                accept: rng.random_bool(0.6),
            });
        }
        let player = rng.random_range(0..self.players().len());
        if rng.random_bool(0.3) {
            return Some(words::Action::Pass { player });
        }
        let initial = round.initial().unwrap_or('X');
        let tail: String = round.letters.iter().take(rng.random_range(0..=5)).collect();
        Some(words::Action::Propose {
            player,
            word: format!("{initial}{tail}"),
            theme: Some(rng.random_range(0..6)),
        })
    }
}

/// What one game's runs exercised, to check the property was really tried.
#[derive(Default, Debug)]
struct Seen {
    typed_refused: usize,
    kept_used: usize,
    typed_taken_after: usize,
}

fn run<G: Game>(name: &str, seeds: u64, steps: usize) -> Seen {
    let mut seen = Seen::default();
    for seed in 0..seeds {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut s = Session::<G>::new(G::setup(&mut rng)).expect("a playable setup");
        // Set once kept dice were used up: the next typed roll is taken.
        let mut after_kept = false;
        for step in 0..steps {
            let at = format!("{name} seed {seed} step {step}");
            let choice = rng.random_range(0..20);
            if choice < 3 {
                let undone = s.log().last().cloned();
                let kept = s.record().kept_rolls.len();
                if s.undo() {
                    let virtual_roll = undone.as_ref().and_then(G::virtual_roll);
                    assert_eq!(
                        s.record().kept_rolls.len(),
                        kept + usize::from(virtual_roll.is_some()),
                        "{at}: an undone virtual roll keeps its dice"
                    );
                    if let Some(dice) = virtual_roll {
                        assert_eq!(s.record().kept_rolls.front(), Some(&dice), "{at}");
                        assert!(s.waiting_roll(), "{at}");
                    }
                }
                continue;
            }
            if choice == 3 {
                s.redo();
                continue;
            }
            let shape = s.state().roll_shape(&mut rng);
            let other = s.state().other(&mut rng);
            let roll_now = match (&shape, &other) {
                (Some(_), None) => true,
                (Some(_), Some(_)) => rng.random_bool(0.5),
                _ => false,
            };
            let action = match (shape, other) {
                (Some(shape), _) if roll_now => {
                    if rng.random_bool(0.4) {
                        let values: Vec<u32> =
                            shape.iter().map(|r| rng.random_range(r.clone())).collect();
                        s.state().roll(&values, RollSource::Typed)
                    } else {
                        let values =
                            s.virtual_dice(shape.len(), |i| rng.random_range(shape[i].clone()));
                        s.state().roll(&values, RollSource::Virtual)
                    }
                }
                (_, Some(other)) => other,
                _ => continue,
            };
            let source = G::roll_source(&action);
            let waiting = s.waiting_roll();
            let legal = s.state().validate(&action).is_ok();
            let (state, record) = (s.state().clone(), s.record().clone());
            let outcome = s.act(action.clone());
            match (&outcome, source) {
                (_, Some(RollSource::Typed)) if waiting => {
                    assert!(outcome.is_err(), "{at}: typed dice taken for a kept roll");
                    if legal {
                        assert_eq!(outcome, Err(Refusal::AlreadyRolled), "{at}");
                        seen.typed_refused += 1;
                    }
                }
                (Ok(()), Some(RollSource::Virtual)) if waiting => {
                    assert_eq!(
                        s.record().kept_rolls.len(),
                        record.kept_rolls.len() - 1,
                        "{at}: a virtual roll uses up the kept dice"
                    );
                    seen.kept_used += 1;
                    after_kept = !s.waiting_roll();
                }
                (_, Some(RollSource::Typed)) => {
                    assert_eq!(outcome.is_ok(), legal, "{at}: typed dice are free again");
                    if legal && after_kept {
                        seen.typed_taken_after += 1;
                        after_kept = false;
                    }
                }
                _ => {
                    assert_ne!(
                        outcome,
                        Err(Refusal::AlreadyRolled),
                        "{at}: only typed dice"
                    );
                    assert_eq!(outcome.is_ok(), legal, "{at}");
                }
            }
            if outcome.is_err() {
                assert!(
                    s.state() == &state,
                    "{at}: a refused action changed the game"
                );
                assert!(s.record() == &record, "{at}: a refused action was recorded");
            }
        }
        // The same game from its record, through JSON as it is saved.
        let json = serde_json::to_string(s.record()).unwrap();
        let replayed = Session::<G>::replay(serde_json::from_str(&json).unwrap())
            .unwrap_or_else(|e| panic!("{name} seed {seed}: {e:?}"));
        assert!(replayed.state() == s.state(), "{name} seed {seed}: replay");
        assert!(
            replayed.record() == s.record(),
            "{name} seed {seed}: record"
        );
        // Redo what is pending, undo to the start, redo to the end.
        while s.redo() {}
        let end = s.state().clone();
        while s.undo() {}
        assert!(
            s.state() == &G::start(s.setup()).unwrap(),
            "{name} seed {seed}: undo reaches the start"
        );
        while s.redo() {}
        assert!(
            s.state() == &end,
            "{name} seed {seed}: redo reaches the end"
        );
    }
    assert!(
        seen.typed_refused > 0 && seen.kept_used > 0 && seen.typed_taken_after > 0,
        "{name}: the property was not exercised: {seen:?}"
    );
    eprintln!("{name}: {seen:?}");
    seen
}

#[test]
fn after_undoing_a_virtual_roll_typed_dice_are_refused_until_it_comes_back_in_every_game() {
    run::<Serieux>("Sérieux", 60, 150);
    run::<Genius>("Genius", 80, 150);
    run::<Einstein>("Einstein", 60, 150);
    run::<Sequence>("Séquence Dés", 60, 150);
    run::<Rtt>("Roll to the Top", 60, 150);
    run::<Words>("Words", 60, 150);
}

/// The case found in Mode Sérieux, as a player met it: five virtual dice give
/// 34445 (not prime); undo; 3 and 2 typed from real dice (23, a prime) are
/// refused with the app's message; rolling again brings 34445 back.
#[test]
fn undo_then_typed_dice_cannot_launder_a_bad_virtual_roll_in_mode_serieux() {
    use genius::i18n::Lang;
    let mut s = Session::<Serieux>::new(serieux::Setup {
        players: vec![Player::new("Anne", Colour::ALL[0])],
        first: FirstPlayer::Chosen(0),
    })
    .unwrap();
    let dice = |v: &[u32]| d6s(v);
    s.act(serieux::Action::Roll {
        dice: dice(&[4, 3, 4, 5, 4]),
        source: RollSource::Virtual,
    })
    .unwrap();
    assert_eq!(s.state().totals(), vec![0], "34445 is not prime");
    assert!(s.undo());
    let typed = serieux::Action::Roll {
        dice: dice(&[3, 2]),
        source: RollSource::Typed,
    };
    assert!(
        s.state().validate(&typed).is_ok(),
        "the rules alone would take it"
    );
    let refusal = s.act(typed).unwrap_err();
    assert_eq!(refusal, Refusal::AlreadyRolled);
    assert!(s.log().is_empty());
    let fr = Lang::Fr.refusal(&refusal, |e| Lang::Fr.serieux_error(e));
    let en = Lang::En.refusal(&refusal, |e| Lang::En.serieux_error(e));
    assert!(fr.contains("déjà lancé les dés pour ce tour"), "{fr}");
    assert!(en.contains("roll again to get the same dice back"), "{en}");
    // Rolling again: the same dice.
    let again = s.virtual_dice(5, |_| 6);
    assert_eq!(again, vec![4, 3, 4, 5, 4]);
    s.act(serieux::Action::Roll {
        dice: dice(&again),
        source: RollSource::Virtual,
    })
    .unwrap();
    assert!(!s.waiting_roll());
    assert_eq!(s.state().totals(), vec![0]);
    // Dice that were typed can be corrected freely: 1 and 2 typed by
    // mistake, undone, and 2 and 3 typed instead.
    let typed = |v: &[u32]| serieux::Action::Roll {
        dice: dice(v),
        source: RollSource::Typed,
    };
    s.act(typed(&[1, 2])).unwrap();
    assert!(s.undo());
    assert!(!s.waiting_roll());
    s.act(typed(&[2, 3])).unwrap();
    assert_eq!(s.state().totals(), vec![23]);
}

/// Every game's rules page states the ruling, in both languages.
#[test]
fn every_rules_page_says_typed_dice_cannot_replace_an_undone_virtual_roll() {
    use genius::core::save::GameKind;
    use genius::i18n::{Lang, Rulebooks};
    let books = Rulebooks::parse(include_str!("../assets/rules.json")).unwrap();
    for game in [
        GameKind::Serieux,
        GameKind::Genius,
        GameKind::Einstein,
        GameKind::Sequence,
        GameKind::Rtt,
        GameKind::Words,
    ] {
        for (lang, needle) in [
            (Lang::Fr, "des dés saisis à la main sont refusés"),
            (Lang::En, "dice typed in are refused"),
        ] {
            assert!(
                books
                    .of(lang, game)
                    .rulings
                    .iter()
                    .any(|r| r.contains(needle)),
                "{game:?} {lang:?}"
            );
        }
    }
}
