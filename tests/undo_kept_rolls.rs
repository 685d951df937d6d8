//! Undo never launders a bad roll, in every game: seeded random sequences of
//! rolls (virtual or typed), other moves, undo and redo. While the dice of an
//! undone virtual roll are kept, every typed roll is refused
//! (`SessionRefusal::AlreadyRolled` when the rules would take it) and changes
//! nothing; a virtual roll brings the kept dice back and uses them up; then
//! typed dice are taken again. Replays, saved records and undo/redo all the
//! way give the same game.

use genius::core::dice::D6;
use genius::core::dice_kinds::DieKind;
use genius::core::game::{Mode, Move, RollSource, Rules};
use genius::core::genius::{self as genius_game, Genius};
use genius::core::rtt::{self, shipped_sheets, Rtt};
use genius::core::sequence::{self, Sequence};
use genius::core::serieux::{self, Serieux};
use genius::core::session::{Session, SessionRefusal};
use genius::core::table::{Colour, FirstPlayer, Player};
use genius::core::words::{self, Variants, Words};
use genius::core::{einstein, einstein::Einstein, roller::Roller};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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

/// What one game's runs exercised, to check the property was really tried.
#[derive(Default, Debug)]
struct Seen {
    typed_refused: usize,
    kept_used: usize,
    typed_taken_after: usize,
}

/// Seeded random games of `R`: each step undoes, redoes, or plays one of the
/// moves the game lists (complete actions, and rolls thrown by the app
/// through `Session::throw` or typed in); moves composed step by step are
/// left out (every game also lists a complete way on).
fn run<R: Rules + PartialEq>(
    name: &str,
    seeds: u64,
    steps: usize,
    setup: fn(&mut StdRng) -> R::Setup,
) -> Seen {
    let mut seen = Seen::default();
    for seed in 0..seeds {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut s = Session::<R>::new(setup(&mut rng)).expect("a playable setup");
        // Set once kept dice were used up: the next typed roll is taken.
        let mut after_kept = false;
        for step in 0..steps {
            let at = format!("{name} seed {seed} step {step}");
            let choice = rng.random_range(0..20);
            if choice < 3 {
                let undone = s.log().last().cloned();
                let kept = s.record().kept_rolls.len();
                if s.undo() {
                    let virtual_roll = undone.as_ref().and_then(R::virtual_roll);
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
            let moves: Vec<_> = s
                .state()
                .legal_moves()
                .into_iter()
                .filter(|m| !matches!(m, Move::Compose(_)))
                .collect();
            if moves.is_empty() {
                continue;
            }
            let kept = s.record().kept_rolls.front().cloned();
            let (action, roll) = match moves[rng.random_range(0..moves.len())].clone() {
                Move::Play(action) => (action, None),
                Move::Roll(roll) if rng.random_bool(0.4) => {
                    let values: Vec<u32> = (0..roll.len())
                        .map(|i| rng.random_range(roll.range(i)))
                        .collect();
                    let action = s.state().rolled(&roll, &values, RollSource::Typed);
                    (
                        action.expect("typed values of the roll's shape"),
                        Some(roll),
                    )
                }
                Move::Roll(roll) => {
                    let action = s.throw(&roll, |kind: DieKind| rng.random_range(0..kind.sides()));
                    (
                        action.expect("the app's throw of a listed roll"),
                        Some(roll),
                    )
                }
                Move::Compose(_) => unreachable!(),
            };
            let source = R::roll_values(&action).map(|(_, source)| source);
            let waiting = s.waiting_roll();
            let (state, record) = (s.state().clone(), s.record().clone());
            let outcome = s.act(action.clone());
            match source {
                Some(RollSource::Typed) if waiting => {
                    assert_eq!(
                        outcome,
                        Err(SessionRefusal::AlreadyRolled),
                        "{at}: typed dice for a kept roll"
                    );
                    assert!(s.state() == &state, "{at}: a refused roll changed the game");
                    assert!(s.record() == &record, "{at}: a refused roll was recorded");
                    seen.typed_refused += 1;
                }
                Some(RollSource::Virtual) if waiting => {
                    assert_eq!(outcome, Ok(()), "{at}");
                    // The kept dice came back, each where it fits the roll.
                    let (roll, kept) = (roll.unwrap(), kept.unwrap());
                    let thrown = R::virtual_roll(&action).unwrap();
                    for (i, k) in kept.iter().enumerate().take(thrown.len()) {
                        if roll.range(i).contains(k) {
                            assert_eq!(thrown[i], *k, "{at}: kept die {i} came back");
                        }
                    }
                    assert_eq!(
                        s.record().kept_rolls.len(),
                        record.kept_rolls.len() - 1,
                        "{at}: a virtual roll uses up the kept dice"
                    );
                    seen.kept_used += 1;
                    after_kept = !s.waiting_roll();
                }
                Some(RollSource::Typed) => {
                    assert_eq!(outcome, Ok(()), "{at}: typed dice are free again");
                    if after_kept {
                        seen.typed_taken_after += 1;
                        after_kept = false;
                    }
                }
                _ => assert_eq!(outcome, Ok(()), "{at}: a listed move is taken"),
            }
        }
        // The same game from its record, through JSON as it is saved.
        let json = serde_json::to_string(s.record()).unwrap();
        let replayed = Session::<R>::replay(serde_json::from_str(&json).unwrap())
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
            s.state() == &R::start(s.setup()).unwrap(),
            "{name} seed {seed}: undo reaches the start"
        );
        while s.redo() {}
        assert!(
            s.state() == &end,
            "{name} seed {seed}: redo reaches the end"
        );
    }
    eprintln!("{name}: {seen:?}");
    assert!(
        seen.typed_refused > 0 && seen.kept_used > 0 && seen.typed_taken_after > 0,
        "{name}: the property was not exercised: {seen:?}"
    );
    seen
}

#[test]
fn after_undoing_a_virtual_roll_typed_dice_are_refused_until_it_comes_back_in_every_game() {
    run::<Serieux>("Sérieux", 60, 150, |rng| serieux::Setup {
        players: players(rng, 1, 4),
        first: first(rng),
    });
    run::<Genius>("Genius", 80, 150, |rng| genius_game::Setup {
        players: players(rng, 1, 4),
        first: first(rng),
        mode: [Mode::Genius, Mode::Simple, Mode::Expert, Mode::Longue][rng.random_range(0..4)],
        finish_round: rng.random_bool(0.3),
    });
    run::<Einstein>("Einstein", 60, 150, |rng| einstein::Setup {
        players: players(rng, 1, 4),
        first: first(rng),
    });
    run::<Sequence>("Séquence Dés", 60, 150, |rng| {
        let players = players(rng, 2, 4);
        sequence::Setup {
            six_in_a_row: sequence::six_in_a_row_offered(players.len()) && rng.random_bool(0.3),
            players,
            first: first(rng),
        }
    });
    run::<Rtt>("Roll to the Top", 60, 150, |rng| {
        let sheets = shipped_sheets();
        rtt::Setup {
            players: players(rng, 1, 4),
            first: first(rng),
            sheet: sheets[rng.random_range(0..sheets.len())].clone(),
            decreasing: rng.random_bool(0.3),
        }
    });
    run::<Words>("Words", 60, 150, |rng| words::Setup {
        players: players(rng, 2, 4),
        first: first(rng),
        card: rng.random_range(0..4),
        variants: Variants {
            limited: rng.random_bool(0.4),
            open_themes: rng.random_bool(0.3),
        },
        timer: None,
    });
    run::<Roller>("the dice roller", 30, 150, |_| {
        vec![DieKind::D6, DieKind::D20, DieKind::White]
    });
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
    assert_eq!(refusal, SessionRefusal::AlreadyRolled);
    assert!(s.log().is_empty());
    let fr = Lang::Fr.session_refusal(&refusal, |e| Lang::Fr.serieux_error(e));
    let en = Lang::En.session_refusal(&refusal, |e| Lang::En.serieux_error(e));
    assert!(fr.contains("déjà lancé les dés pour ce tour"), "{fr}");
    assert!(en.contains("roll again to get the same dice back"), "{en}");
    // Rolling again: the same dice.
    let again = s.kept_roll().unwrap().to_vec();
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

/// The rules page of every game that takes dice (the app's or the table's:
/// see `Rules::dice_action`) states the ruling, in both languages.
#[test]
fn every_rules_page_says_typed_dice_cannot_replace_an_undone_virtual_roll() {
    use genius::core::game::{Game, GameKind, WhoseDice};
    use genius::core::games::{with_game, WithGame};
    use genius::i18n::{Lang, Rulebooks};
    struct TakesDice;
    impl WithGame for TakesDice {
        type Output = bool;
        fn run<G: Game>(self) -> bool {
            G::dice_action(WhoseDice::Table).is_some()
        }
    }
    let books = Rulebooks::parse(include_str!("../assets/rules.json")).unwrap();
    let games: Vec<GameKind> = GameKind::ALL
        .into_iter()
        .filter(|&kind| with_game(kind, TakesDice))
        .collect();
    assert!(!games.is_empty(), "no game takes dice?");
    for game in games {
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
