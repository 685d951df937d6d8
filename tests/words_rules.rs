//! The letter-dice word game: the rulebook's examples, letters and accents,
//! the black face, the last speakers, the token cap and the end, both
//! variants, and property tests.

use genius::core::dice_kinds::{DieColour, DieKind, Face};
use genius::core::game::{Game, RollSource, Rules};
use genius::core::session::{Session, SessionRefusal};
use genius::core::table::{Colour, FirstPlayer, Player};
use genius::core::words::{
    avoids, letters, matches, score, Action, Error, Event, Phase, Setup, Variants, Words,
    THEME_CARDS, TOKENS,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn game(n: usize, variants: Variants) -> Session<Words> {
    let names = ["Anne", "Bruno", "Chloé", "David", "Emma", "Farid"];
    Session::new(Setup {
        players: (0..n)
            .map(|i| Player::new(names[i], Colour::ALL[i]))
            .collect(),
        first: FirstPlayer::Chosen(0),
        card: 0,
        variants,
        timer: None,
    })
    .unwrap()
}

/// Face index of `letter` on the letter die of `colour`.
fn face(colour: DieColour, letter: char) -> usize {
    DieKind::Letter(colour)
        .index_of(Face::Letter(letter))
        .unwrap()
}

/// The rulebook's roll: green B, white O, yellow R, red V, blue A; `colour`
/// is the colour die's face (0 = green … 5 = black).
fn rulebook_roll(colour: usize) -> Action {
    let letters = DieColour::LETTER_DICE
        .iter()
        .zip(['B', 'O', 'R', 'V', 'A'])
        .map(|(c, l)| face(*c, l))
        .collect();
    Action::RollDice {
        letters,
        colour,
        source: RollSource::Typed,
    }
}

fn propose(g: &mut Session<Words>, player: usize, word: &str, accept: bool) {
    g.act(Action::Propose {
        player,
        word: word.into(),
        theme: None,
    })
    .unwrap();
    g.act(Action::Judge { accept }).unwrap();
}

fn awarded(g: &Session<Words>) -> Vec<(String, u32)> {
    g.state()
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Awarded { word, tokens, .. } => Some((word.clone(), *tokens)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_rulebook_example() {
    assert_eq!(score("Bono", &['B', 'O', 'R', 'V', 'A']), 2);
    assert_eq!(score("Brejnev", &['B', 'O', 'R', 'V', 'A']), 3);
    assert_eq!(score("Buñuel", &['B', 'O', 'R', 'V', 'A']), 1);
    let mut g = game(4, Variants::default());
    g.act(Action::RollTheme {
        value: 1,
        source: RollSource::Typed,
    })
    .unwrap();
    assert_eq!(THEME_CARDS[0][0].0, "Personnalités");
    g.act(rulebook_roll(0)).unwrap(); // green: words start with B
    propose(&mut g, 1, "Bono", true);
    propose(&mut g, 2, "Brejnev", true);
    propose(&mut g, 3, "Buñuel", true);
    propose(&mut g, 0, "Brecht", true); // the last to speak at four scores nothing
    assert_eq!(
        awarded(&g),
        vec![
            ("Bono".into(), 2),
            ("Brejnev".into(), 3),
            ("Buñuel".into(), 1),
            ("Brecht".into(), 0)
        ]
    );
    assert_eq!(g.state().tokens(), &[0, 2, 3, 1]);
    assert_eq!(g.state().centre(), TOKENS - 6);
    assert_eq!(g.state().roller(), 1, "the roller rotates");
    assert_eq!(*g.state().phase(), Phase::RollTheme);
}

#[test]
fn letters_match_as_multisets_and_accents_are_ignored() {
    assert_eq!(letters("Éléphant-Œuf ç"), "ELEPHANTOEUFC");
    assert_eq!(
        score("Boston", &['O', 'O', 'B', 'X', 'Y']),
        3,
        "two O dice, two O's"
    );
    assert_eq!(
        score("Bord", &['O', 'O', 'B', 'X', 'Y']),
        2,
        "two O dice, one O"
    );
    assert_eq!(score("Noël", &['E', 'N', 'Z', 'Z', 'Z']), 2);
    assert_eq!(score("", &['A']), 0);
    // Die by die, for the screen: the second O die finds no second O.
    assert_eq!(
        matches("Bord", &['O', 'O', 'B', 'X', 'Y']),
        vec![true, false, true, false, false]
    );
    assert_eq!(
        matches("Brejnev", &['B', 'O', 'R', 'V', 'A']),
        vec![true, false, true, true, false]
    );
}

#[test]
fn a_word_must_start_with_the_chosen_dies_letter() {
    let mut g = game(2, Variants::default());
    g.act(Action::RollTheme {
        value: 2,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rulebook_roll(1)).unwrap(); // white: O
    assert_eq!(
        g.act(Action::Propose {
            player: 0,
            word: "Bordeaux".into(),
            theme: None
        }),
        Err(SessionRefusal::Rules(Error::WrongInitial('O')))
    );
    assert_eq!(
        g.act(Action::Propose {
            player: 0,
            word: " - ".into(),
            theme: None
        }),
        Err(SessionRefusal::Rules(Error::NoWord))
    );
    g.act(Action::Propose {
        player: 0,
        word: "Orléans".into(),
        theme: None,
    })
    .unwrap();
    assert_eq!(
        g.act(Action::Propose {
            player: 1,
            word: "Oslo".into(),
            theme: None
        }),
        Err(SessionRefusal::Rules(Error::AwaitingJudgement))
    );
    g.act(Action::Judge { accept: false }).unwrap(); // the table rejects: try again
    propose(&mut g, 0, "Oran", true);
    assert_eq!(g.state().tokens()[0], 3, "O, R, A");
    assert_eq!(
        g.act(Action::Propose {
            player: 0,
            word: "Oslo".into(),
            theme: None
        }),
        Err(SessionRefusal::Rules(Error::NotPlaying(0)))
    );
}

#[test]
fn with_two_players_nobody_is_silenced_and_with_six_the_last_two_are() {
    let mut g = game(2, Variants::default());
    g.act(Action::RollTheme {
        value: 1,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rulebook_roll(0)).unwrap();
    propose(&mut g, 0, "Bono", true);
    propose(&mut g, 1, "Brel", true);
    assert_eq!(g.state().tokens(), &[2, 2]);
    let mut g = game(6, Variants::default());
    g.act(Action::RollTheme {
        value: 1,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rulebook_roll(0)).unwrap();
    for (p, w) in ["Bono", "Brel", "Bowie", "Brassens", "Borg", "Bardot"]
        .iter()
        .enumerate()
    {
        propose(&mut g, p, w, true);
    }
    let t = g.state().tokens().to_vec();
    assert_eq!(&t[4..], &[0, 0]);
    assert!(t[..4].iter().all(|&x| x > 0));
}

#[test]
fn the_black_face_both_ways() {
    let mut g = game(3, Variants::default());
    g.act(Action::RollTheme {
        value: 3,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rulebook_roll(5)).unwrap(); // black
                                      // Anne first earns nothing, so her wrong word costs what she has: 0.
    g.act(Action::Propose {
        player: 0,
        word: "Zèbre".into(),
        theme: None,
    })
    .unwrap(); // has B, R
    assert!(matches!(
        g.state().events().last(),
        Some(Event::Penalty { tokens: 0, .. })
    ));
    assert!(matches!(g.state().phase(), Phase::Propose(_)));
    assert!(avoids("Chien", &['B', 'O', 'R', 'V', 'A']));
    propose(&mut g, 1, "Chien", true); // none of B O R V A: 4 tokens, round over
    assert_eq!(g.state().tokens(), &[0, 4, 0]);
    assert_eq!(*g.state().phase(), Phase::RollTheme);
    // Next round, black again: Bruno's wrong word costs him 4.
    g.act(Action::RollTheme {
        value: 3,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rulebook_roll(5)).unwrap();
    g.act(Action::Propose {
        player: 1,
        word: "Vache".into(),
        theme: None,
    })
    .unwrap();
    assert_eq!(g.state().tokens()[1], 0);
    assert_eq!(
        g.state().centre(),
        TOKENS,
        "the tokens go back to the centre"
    );
}

#[test]
fn awards_are_capped_by_the_centre_and_the_game_ends_when_it_is_empty() {
    let mut g = game(2, Variants::default());
    let mut rounds = 0;
    while !g.is_finished() && rounds < 100 {
        rounds += 1;
        g.act(Action::RollTheme {
            value: 1,
            source: RollSource::Typed,
        })
        .unwrap();
        g.act(rulebook_roll(0)).unwrap();
        propose(&mut g, 0, "Bravo", true); // B, R, V, A, O: 5
        if !g.is_finished() {
            propose(&mut g, 1, "Brave", true); // B, R, A, V: 4
        }
    }
    assert!(g.is_finished());
    assert_eq!(g.state().centre(), 0);
    assert_eq!(
        g.state().tokens().iter().sum::<u32>(),
        TOKENS,
        "never more than the 90 tokens"
    );
    assert_eq!(g.state().places(), vec![1, 2]);
    assert_eq!(
        g.act(Action::Pass { player: 0 }),
        Err(SessionRefusal::Rules(Error::GameOver))
    );
}

#[test]
fn variant_propositions_limitees() {
    let mut g = game(
        3,
        Variants {
            limited: true,
            open_themes: false,
        },
    );
    assert_eq!(g.state().centre(), 6, "2 tokens per player in the centre");
    assert_eq!(g.state().reserve(), TOKENS - 6);
    g.act(Action::RollTheme {
        value: 1,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rulebook_roll(0)).unwrap();
    propose(&mut g, 0, "Bono", true); // 2
    propose(&mut g, 0, "Brel", true); // players go on: 2 more
    assert_eq!(g.state().tokens()[0], 4);
    propose(&mut g, 1, "Bravo", true); // 5 wanted, 2 left: the round ends
    assert_eq!(g.state().tokens(), &[4, 2, 0]);
    assert_eq!(*g.state().phase(), Phase::RollTheme);
    assert_eq!(g.state().centre(), 6);
}

/// Rulings, Propositions limitées: the black round's winner takes 4 tokens
/// from the reserve, and the next round starts with the centre as it is (no
/// 2 tokens per player added), whether the black round was won or passed.
#[test]
fn propositions_limitees_the_round_after_a_black_face_round_adds_no_tokens() {
    let mut g = game(
        3,
        Variants {
            limited: true,
            open_themes: false,
        },
    );
    let theme = |g: &mut Session<Words>| {
        g.act(Action::RollTheme {
            value: 2,
            source: RollSource::Typed,
        })
        .unwrap()
    };
    assert_eq!((g.state().centre(), g.state().reserve()), (6, TOKENS - 6));
    // Round 1, black: Bruno wins, paid from the reserve.
    theme(&mut g);
    g.act(rulebook_roll(5)).unwrap();
    propose(&mut g, 1, "Chien", true);
    assert_eq!(g.state().tokens(), &[0, 4, 0]);
    assert_eq!(g.state().rounds(), 2);
    assert_eq!(
        (g.state().centre(), g.state().reserve()),
        (6, TOKENS - 6 - 4),
        "round 2 starts with the centre as it is: nothing added"
    );
    // Round 2, black again, and everyone passes: round 3 adds nothing either.
    theme(&mut g);
    g.act(rulebook_roll(5)).unwrap();
    for p in 0..3 {
        g.act(Action::Pass { player: p }).unwrap();
    }
    assert_eq!(g.state().rounds(), 3);
    assert_eq!((g.state().centre(), g.state().reserve()), (6, TOKENS - 10));
    // Round 3 on a colour empties the centre; round 4 gets its 2 per player.
    theme(&mut g);
    g.act(rulebook_roll(0)).unwrap();
    propose(&mut g, 0, "Bravo", true); // 5
    propose(&mut g, 2, "Bono", true); // 2 wanted, 1 left: the round ends
    assert_eq!(g.state().tokens(), &[5, 4, 1]);
    assert_eq!(g.state().rounds(), 4);
    assert_eq!(
        (g.state().centre(), g.state().reserve()),
        (6, TOKENS - 16),
        "after a colour round, 2 tokens per player again"
    );
}

/// Rulings: a word the table rejects lets its author try again; their first
/// accepted word ends their round (classic rules).
#[test]
fn a_rejected_word_lets_its_author_try_again_and_the_first_accepted_one_ends_their_round() {
    let mut g = game(3, Variants::default());
    g.act(Action::RollTheme {
        value: 1,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rulebook_roll(0)).unwrap(); // initial B
    propose(&mut g, 0, "Bruxelles", false);
    propose(&mut g, 0, "Berlin", false);
    assert!(matches!(
        g.state().events().last(),
        Some(Event::Rejected { player: 0, .. })
    ));
    assert_eq!(
        g.state().tokens(),
        &[0, 0, 0],
        "a rejected word costs nothing"
    );
    let Phase::Propose(round) = g.state().phase() else {
        panic!("still proposing")
    };
    assert!(round.done.is_empty(), "Anne may try again");
    propose(&mut g, 0, "Bono", true);
    assert_eq!(g.state().tokens()[0], 2);
    let Phase::Propose(round) = g.state().phase() else {
        panic!("still proposing")
    };
    assert_eq!(round.done, vec![0], "her accepted word ends her round");
    assert_eq!(
        g.act(Action::Propose {
            player: 0,
            word: "Brejnev".into(),
            theme: None,
        }),
        Err(SessionRefusal::Rules(Error::NotPlaying(0)))
    );
}

/// The screen's line after a rejection says its author may try again.
#[test]
fn the_screen_says_a_rejected_author_may_propose_again() {
    use genius::i18n::Lang;
    assert_eq!(
        Lang::Fr.words_rejected("Anne", "Berlin"),
        "Anne · « Berlin » : mot refusé par la table, Anne peut proposer un autre mot"
    );
    assert_eq!(
        Lang::En.words_rejected("Anne", "Berlin"),
        "Anne · “Berlin”: word rejected by the table, Anne may propose another one"
    );
}

/// The rules page states both corrected rulings, in both languages.
#[test]
fn the_rules_page_states_the_retry_and_the_round_after_a_black_face() {
    use genius::core::game::GameKind;
    use genius::i18n::{Lang, Rulebooks};
    let books = Rulebooks::parse(include_str!("../assets/rules.json")).unwrap();
    for (lang, needles) in [
        (
            Lang::Fr,
            [
                "son auteur peut proposer un autre mot ; son premier mot accepté termine sa manche",
                "la manche suivante commence avec le centre tel qu'il est",
            ],
        ),
        (
            Lang::En,
            [
                "its author may propose another; their first accepted word ends their round",
                "the next round starts with the centre as it is",
            ],
        ),
    ] {
        let rulings = &books.of(lang, GameKind::Words).rulings;
        for needle in needles {
            assert!(
                rulings.iter().any(|r| r.contains(needle)),
                "{lang:?}: {needle}"
            );
        }
    }
}

#[test]
fn variant_themes_ouverts() {
    let mut g = game(
        2,
        Variants {
            limited: false,
            open_themes: true,
        },
    );
    assert!(
        matches!(g.state().phase(), Phase::RollDice { theme: None }),
        "no theme die"
    );
    g.act(rulebook_roll(0)).unwrap();
    assert_eq!(
        g.act(Action::Propose {
            player: 0,
            word: "Bono".into(),
            theme: None
        }),
        Err(SessionRefusal::Rules(Error::ThemeNeeded))
    );
    g.act(Action::Propose {
        player: 0,
        word: "Bono".into(),
        theme: Some(0),
    })
    .unwrap();
    g.act(Action::Judge { accept: true }).unwrap();
    assert_eq!(
        g.act(Action::Propose {
            player: 1,
            word: "Brel".into(),
            theme: Some(0)
        }),
        Err(SessionRefusal::Rules(Error::ThemeClosed(0)))
    );
    for (t, w) in [
        (1, "Bordeaux"),
        (2, "Baleine"),
        (3, "Banane"),
        (4, "Boulanger"),
    ] {
        g.act(Action::Propose {
            player: t % 2,
            word: w.into(),
            theme: Some(t),
        })
        .unwrap();
        g.act(Action::Judge { accept: true }).unwrap();
    }
    assert!(matches!(g.state().phase(), Phase::Propose(_)));
    g.act(Action::Propose {
        player: 1,
        word: "Brésil".into(),
        theme: Some(5),
    })
    .unwrap();
    g.act(Action::Judge { accept: true }).unwrap();
    assert!(
        matches!(g.state().phase(), Phase::RollDice { theme: None }),
        "all six themes closed"
    );
}

#[test]
fn everyone_passing_ends_the_round() {
    let mut g = game(3, Variants::default());
    g.act(Action::RollTheme {
        value: 4,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rulebook_roll(2)).unwrap();
    for p in 0..3 {
        g.act(Action::Pass { player: p }).unwrap();
    }
    assert_eq!(*g.state().phase(), Phase::RollTheme);
    assert_eq!(g.state().rounds(), 2);
}

#[test]
fn setups_need_two_to_six_players_and_a_card() {
    let one = Setup {
        players: vec![Player::new("A", Colour::Blue)],
        first: FirstPlayer::Chosen(0),
        card: 0,
        variants: Variants::default(),
        timer: None,
    };
    assert!(matches!(Words::start(&one), Err(Error::Setup(_))));
    let mut bad = game(2, Variants::default()).setup().clone();
    bad.card = 4;
    assert_eq!(Words::start(&bad).err(), Some(Error::BadCard));
}

#[test]
fn random_sequences_keep_every_invariant() {
    let words = [
        "Bono",
        "Brel",
        "Oran",
        "Chien",
        "Zèbre",
        "Rome",
        "Venise",
        "Amiens",
        "",
        "Éléphant",
    ];
    for seed in 0..120u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let variants = Variants {
            limited: rng.random_bool(0.4),
            open_themes: rng.random_bool(0.4),
        };
        let mut g = game(rng.random_range(2..=6), variants);
        for step in 0..400 {
            if rng.random_range(0..15) == 0 {
                let before = g.state().clone();
                if g.undo() {
                    assert!(g.redo());
                    assert_eq!(g.state(), &before, "seed {seed} step {step}");
                }
                continue;
            }
            let n = g.state().players().len();
            let action = match rng.random_range(0..7) {
                0 => Action::RollTheme {
                    value: rng.random_range(0..8),
                    source: RollSource::Virtual,
                },
                1 => Action::RollDice {
                    letters: (0..rng.random_range(4..=6))
                        .map(|_| rng.random_range(0..7))
                        .collect(),
                    colour: rng.random_range(0..7),
                    source: RollSource::Virtual,
                },
                2 | 3 => Action::Propose {
                    player: rng.random_range(0..n + 1),
                    word: words[rng.random_range(0..words.len())].into(),
                    theme: rng.random_bool(0.8).then(|| rng.random_range(0..7)),
                },
                4 | 5 => Action::Judge {
                    accept: rng.random_bool(0.7),
                },
                _ => Action::Pass {
                    player: rng.random_range(0..n + 1),
                },
            };
            let before = g.state().clone();
            if g.act(action.clone()).is_err() {
                assert_eq!(g.state(), &before, "seed {seed} step {step}: {action:?}");
            }
            let s = g.state();
            assert_eq!(
                s.tokens().iter().sum::<u32>() + s.centre() + s.reserve(),
                TOKENS,
                "seed {seed}: tokens are kept"
            );
        }
        assert_eq!(
            Session::<Words>::replay(g.record().clone())
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
    use genius::core::game::Compose;
    fn setup(rng: &mut StdRng) -> Setup {
        let n = rng.random_range(2..=6);
        let mut s = game(n, Variants::default()).setup().clone();
        s.variants = Variants {
            limited: rng.random_bool(0.4),
            open_themes: rng.random_bool(0.4),
        };
        s.card = rng.random_range(0..THEME_CARDS.len());
        if rng.random_bool(0.3) {
            s.first = FirstPlayer::RollOff;
        }
        s
    }
    const WORDS: [&str; 10] = [
        "Bono",
        "Brel",
        "Oran",
        "Chien",
        "Zèbre",
        "Rome",
        "Venise",
        "Amiens",
        "",
        "Éléphant",
    ];
    fn any_action(rng: &mut StdRng, state: &Words) -> Action {
        let n = state.players().len();
        let source = if rng.random_bool(0.5) {
            RollSource::Virtual
        } else {
            RollSource::Typed
        };
        match rng.random_range(0..8) {
            0 => Action::RollOff {
                values: (0..rng.random_range(0..7))
                    .map(|_| rng.random_range(0..8))
                    .collect(),
                source,
            },
            1 => Action::RollTheme {
                value: rng.random_range(0..8),
                source,
            },
            2 => Action::RollDice {
                letters: (0..rng.random_range(4..=6))
                    .map(|_| rng.random_range(0..7))
                    .collect(),
                colour: rng.random_range(0..7),
                source,
            },
            3 | 4 => {
                let word = match state.phase() {
                    // Often a word with the right initial.
                    Phase::Propose(round) if rng.random_bool(0.6) => {
                        format!("{}ar", round.initial().unwrap_or('Z'))
                    }
                    _ => WORDS[rng.random_range(0..WORDS.len())].into(),
                };
                Action::Propose {
                    player: rng.random_range(0..n + 1),
                    word,
                    theme: rng.random_bool(0.8).then(|| rng.random_range(0..7)),
                }
            }
            5 => Action::Judge {
                accept: rng.random_bool(0.7),
            },
            _ => Action::Pass {
                player: rng.random_range(0..n + 1),
            },
        }
    }
    fn compose(rng: &mut StdRng, _: &Words, c: &Compose) -> Action {
        let Compose::Word {
            player,
            theme,
            initial,
        } = *c
        else {
            panic!("{c:?}")
        };
        let tail: String = (0..rng.random_range(0..6))
            .map(|_| ['a', 'é', 'r', 's', 't', 'o'][rng.random_range(0..6)])
            .collect();
        Action::Propose {
            player,
            word: format!("{}{tail}", initial.unwrap_or('Z')),
            theme,
        }
    }
    fn composed_by(_: &Words, c: &Compose, action: &Action) -> bool {
        let (
            Compose::Word {
                player,
                theme,
                initial,
            },
            Action::Propose {
                player: p,
                word,
                theme: t,
            },
        ) = (c, action)
        else {
            return false;
        };
        let folded = letters(word);
        player == p
            // Without open themes, no theme is named (one given is ignored).
            && (theme.is_none() || theme == t)
            && !folded.is_empty()
            && initial.is_none_or(|i| folded.starts_with(i))
    }
    let states = contract::check_games(
        &contract::Contract::<Words> {
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
