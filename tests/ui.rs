//! Component tests: the whole app rendered in-process with dioxus-ssr, from
//! states reached through the same inputs the screen sends.

use dioxus::prelude::*;
use genius::core::checker::{Checker, Input};
use genius::core::dice::D6;
use genius::core::game::GameKind;
use genius::core::save::{TableMark, TableRole};
use genius::i18n::Lang;
use genius::settings::{Settings, SettingsError, Theme};
use genius::ui::app::{Init, Root, RootProps};
use genius::ui::{GameTitles, Screen};

fn init(screen: Screen, lang: Lang) -> Init {
    Init {
        settings: Settings {
            lang: Some(lang),
            ..Settings::default()
        },
        settings_error: None,
        locale: None,
        screen,
        checker: Checker::new(),
        saved: Vec::new(),
        set_aside: 0,
        restored: Vec::new(),
        table: None,
        bad_link: None,
        opening: None,
    }
}

fn render(init: Init) -> String {
    let mut dom = VirtualDom::new_with_props(Root, RootProps { init });
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

fn checker_after(inputs: &[Input]) -> Checker {
    let mut c = Checker::new();
    for i in inputs {
        let _ = c.apply(i.clone());
    }
    c
}

fn faces(values: &[u8]) -> Vec<Input> {
    values
        .iter()
        .map(|&v| Input::Face(D6::new(v).unwrap()))
        .collect()
}

fn checker_html(lang: Lang, inputs: &[Input]) -> String {
    render(Init {
        checker: checker_after(inputs),
        ..init(Screen::Checker, lang)
    })
}

/// The text of the element carrying `data-testid="{id}"`, tags stripped.
fn text_of(html: &str, id: &str) -> String {
    let marker = format!("data-testid=\"{id}\"");
    let start = html
        .find(&marker)
        .unwrap_or_else(|| panic!("no {id} in {html}"));
    let open_end = start + html[start..].find('>').unwrap() + 1;
    let tag_start = html[..start].rfind('<').unwrap();
    let tag: String = html[tag_start + 1..]
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect();
    // Find the matching close tag, counting nested tags of the same name.
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let mut depth = 1;
    let mut i = open_end;
    while depth > 0 {
        let next_open = html[i..].find(&open).map(|p| p + i);
        let next_close = html[i..].find(&close).map(|p| p + i).expect("closed");
        match next_open {
            Some(o) if o < next_close => {
                depth += 1;
                i = o + open.len();
            }
            _ => {
                depth -= 1;
                i = next_close + close.len();
            }
        }
    }
    let inner = &html[open_end..i - close.len()];
    let mut text = String::new();
    let mut in_tag = false;
    for c in inner.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
        .replace("&quot;", "\"")
}

#[test]
fn home_lists_the_checker_first_and_only_what_works() {
    let html = render(init(Screen::Home, Lang::Fr));
    let checker = html.find("data-testid=\"open-checker\"").unwrap();
    let settings = html.find("data-testid=\"open-settings\"").unwrap();
    assert!(checker < settings);
    let order: Vec<usize> = [
        "checker", "serieux", "genius", "einstein", "sequence", "rtt", "words", "history",
        "roller", "settings",
    ]
    .iter()
    .map(|id| html.find(&format!("data-testid=\"open-{id}\"")).unwrap())
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert_eq!(html.matches("<button class=\"card").count(), 10);
    assert!(html.contains("Nombre premier ?"));
}

#[test]
fn every_home_card_names_the_screen_it_opens() {
    // A card tapped on the page's copy of the home screen before the app ran
    // is passed to the app by its name: the app starts on that screen.
    let html = render(init(Screen::Home, Lang::Fr));
    let cards: Vec<&str> = html
        .split("data-testid=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|testid| testid.starts_with("open-"))
        .collect();
    assert_eq!(cards.len(), 10, "{cards:?}");
    let screens: Vec<Screen> = cards
        .iter()
        .map(|card| Screen::of_home_card(card).unwrap_or_else(|| panic!("{card}")))
        .collect();
    assert_eq!(screens[0], Screen::Checker);
    assert!(screens.contains(&Screen::Setup(GameKind::Words)));
    assert!(screens.contains(&Screen::History));
    for (i, a) in screens.iter().enumerate() {
        assert!(!screens[..i].contains(a), "{a:?} twice");
    }
    assert_eq!(Screen::of_home_card("open-nothing"), None);
    assert_eq!(Screen::of_home_card("resume-abc"), None);
    assert_eq!(Screen::of_home_card("checker"), None);
}

#[test]
fn waiting_state_invites_input_without_a_verdict() {
    let html = checker_html(Lang::Fr, &[]);
    assert!(html.contains("verdict-waiting"));
    assert!(text_of(&html, "verdict").contains("En attente des dés"));
    assert!(!html.contains("data-testid=\"verdict-word\""));
}

#[test]
fn the_checker_offers_to_read_the_dice_without_opening_the_camera() {
    // Issue 61: the button is there in both languages; the camera's screen
    // (and the camera) only once it is tapped.
    for (lang, words) in [(Lang::Fr, "Lire les dés"), (Lang::En, "Read the dice")] {
        let html = checker_html(lang, &[]);
        assert_eq!(text_of(&html, "read-dice"), words);
        assert!(!html.contains("data-testid=\"dice-reader\""));
    }
}

#[test]
fn rulebook_example_is_red_with_its_factorisation() {
    let html = checker_html(Lang::Fr, &faces(&[2, 4, 3, 5, 3]));
    assert!(html.contains("verdict verdict-not-prime"));
    assert_eq!(text_of(&html, "verdict-word"), "Pas premier");
    assert_eq!(text_of(&html, "number"), "23345");
    assert_eq!(text_of(&html, "reason"), "23345 = 5 × 7 × 23 × 29");
    assert!(text_of(&html, "verdict").contains('✗'));
    assert!(text_of(&html, "sorted-note").contains("saisis : 2 4 3 5 3"));
    assert!(html.contains("aria-label=\"Dés : 2, 3, 3, 4, 5\""));
    assert_eq!(html.matches("class=\"die tray-die\"").count(), 5);
}

#[test]
fn a_prime_is_green_with_a_check_mark_in_english() {
    let html = checker_html(Lang::En, &faces(&[3, 3, 3, 2, 3]));
    assert!(html.contains("verdict verdict-prime"));
    assert_eq!(text_of(&html, "verdict-word"), "Prime");
    assert_eq!(text_of(&html, "number"), "23333");
    assert!(text_of(&html, "verdict").contains('✓'));
    assert!(text_of(&html, "sorted-note").contains("entered: 3 3 3 2 3"));
}

#[test]
fn sorted_entry_has_no_sorting_note() {
    let html = checker_html(Lang::Fr, &faces(&[1, 1, 2, 3]));
    assert_eq!(text_of(&html, "sorted-note"), "");
    assert_eq!(text_of(&html, "verdict-word"), "Premier");
}

#[test]
fn one_is_explained() {
    let html = checker_html(Lang::Fr, &faces(&[1]));
    assert_eq!(text_of(&html, "verdict-word"), "Pas premier");
    assert!(text_of(&html, "reason").starts_with("1 n'est pas premier"));
    let html = checker_html(Lang::En, &faces(&[1]));
    assert!(text_of(&html, "reason").starts_with("1 is not prime"));
}

#[test]
fn the_verdict_is_announced_to_screen_readers() {
    let html = checker_html(Lang::Fr, &faces(&[2]));
    let start = html.find("data-testid=\"verdict\"").unwrap();
    let tag = &html[html[..start].rfind('<').unwrap()..start + html[start..].find('>').unwrap()];
    assert!(tag.contains("role=\"status\""), "{tag}");
    assert!(tag.contains("aria-live=\"polite\""), "{tag}");
    assert!(html.contains("role=\"alert\""));
}

#[test]
fn every_refusal_gets_a_message_and_keeps_the_dice() {
    let cases: [(Vec<Input>, &str, &str); 4] = [
        (
            vec![Input::Char('2'), Input::Char('7')],
            "7 n'est pas une face de dé",
            "7 is not a die face",
        ),
        (
            vec![Input::Char('2'), Input::Char('a')],
            "« a » n'est pas un chiffre",
            "“a” is not a digit",
        ),
        (
            [faces(&[1, 2, 3, 4, 5]), faces(&[6])].concat(),
            "5 dés au maximum",
            "5 dice at most",
        ),
        (vec![Input::RemoveLast], "Aucun dé", "No dice yet"),
    ];
    for (inputs, fr, en) in cases {
        let html = checker_html(Lang::Fr, &inputs);
        assert!(
            text_of(&html, "error").contains(fr),
            "{fr}: {}",
            text_of(&html, "error")
        );
        let html = checker_html(Lang::En, &inputs);
        assert!(
            text_of(&html, "error").contains(en),
            "{en}: {}",
            text_of(&html, "error")
        );
    }
    // The 2 typed before the 7 is still there, with its verdict.
    let html = checker_html(Lang::Fr, &[Input::Char('2'), Input::Char('7')]);
    assert_eq!(text_of(&html, "number"), "2");
    // An empty entry never gets a verdict.
    let html = checker_html(Lang::Fr, &[Input::RemoveLast]);
    assert!(!html.contains("data-testid=\"verdict-word\""));
}

#[test]
fn odds_are_shown_for_each_number_of_dice() {
    let html = checker_html(Lang::Fr, &[]);
    let rows: Vec<String> = (1..=5)
        .map(|k| text_of(&html, &format!("odds-{k}")))
        .collect();
    for (row, fraction) in rows
        .iter()
        .zip(["1/2", "5/36", "9/216", "28/1296", "10/7776"])
    {
        assert!(row.contains(fraction), "{row} lacks {fraction}");
    }
    assert!(rows[0].contains("50,0"));
    assert_eq!(html.matches("class=\"prime-chip\"").count(), 14);
    let html = checker_html(Lang::En, &[]);
    assert!(text_of(&html, "odds-2").contains("13.9%"));
}

#[test]
fn theme_and_language_reach_the_root() {
    let mut start = init(Screen::Home, Lang::En);
    start.settings.theme = Theme::Dark;
    let html = render(start);
    assert!(html.contains("data-theme=\"dark\""));
    assert!(html.contains("lang=\"en\""));
    assert!(html.contains("Prime or not?"));
}

#[test]
fn language_follows_the_device_until_chosen() {
    let start = Init {
        settings: Settings::default(),
        locale: Some("en-US".into()),
        ..init(Screen::Home, Lang::Fr)
    };
    assert!(render(start).contains("lang=\"en\""));
}

#[test]
fn settings_screen_shows_the_current_choices() {
    let mut start = init(Screen::Settings, Lang::Fr);
    start.settings.theme = Theme::Dark;
    let html = render(start);
    for id in [
        "lang-auto",
        "lang-fr",
        "lang-en",
        "theme-system",
        "theme-light",
        "theme-dark",
        "haptics-on",
        "haptics-off",
    ] {
        assert!(html.contains(&format!("data-testid=\"{id}\"")), "{id}");
    }
    let checked: Vec<&str> = html
        .split("<input")
        .skip(1)
        .filter(|i| i.contains("checked=true"))
        .collect();
    // Language, theme, dice animation and haptics.
    assert_eq!(checked.len(), 4, "{checked:?}");
    assert!(checked.iter().any(|i| i.contains("lang-fr")));
    assert!(checked.iter().any(|i| i.contains("theme-dark")));
    assert!(checked.iter().any(|i| i.contains("haptics-on")));
    assert!(html.contains("data-haptics=\"on\""));
}

#[test]
fn haptics_turned_off_show_on_the_page_for_the_shell() {
    let mut start = init(Screen::Settings, Lang::En);
    start.settings.haptics = false;
    let html = render(start);
    assert!(html.contains("data-haptics=\"off\""));
    assert!(html.contains("Vibration on rolls"));
    let off = html
        .split("<input")
        .find(|i| i.contains("haptics-off"))
        .unwrap();
    assert!(off.contains("checked=true"));
}

#[test]
fn a_broken_settings_file_is_reported_on_the_home_screen() {
    let start = Init {
        settings_error: Some(SettingsError::Unreadable("x".into())),
        ..init(Screen::Home, Lang::Fr)
    };
    assert!(render(start).contains("illisibles"));
}

#[test]
fn the_roller_shows_its_dice_and_offers_every_kind() {
    let html = render(init(Screen::Roller, Lang::Fr));
    assert_eq!(html.matches("data-testid=\"die-").count(), 5);
    for name in [
        "d4",
        "d20",
        "dé défi",
        "dé blanc",
        "dé lettres vert",
        "dé couleur",
        "dé thème",
    ] {
        assert!(
            html.contains(&format!("data-testid=\"add-{name}\"")),
            "{name}"
        );
    }
    assert!(html.contains("Roll to the Top"));
}

#[test]
fn the_word_game_setup_offers_cards_variants_and_the_timer_in_both_languages() {
    let fr = render(init(Screen::Setup(GameKind::Words), Lang::Fr));
    for needle in [
        "Carte de thèmes",
        "Propositions limitées",
        "Thèmes ouverts",
        "Minuteur de manche",
        "1 Personnalités · 2 Villes",
        "data-testid=\"card-4\"",
        "data-testid=\"timer-120\"",
    ] {
        assert!(fr.contains(needle), "{needle}");
    }
    let en = render(init(Screen::Setup(GameKind::Words), Lang::En));
    for needle in [
        "Theme card",
        "Limited proposals",
        "Open themes",
        "Round timer",
        "1 Famous people",
    ] {
        assert!(en.contains(needle), "{needle}");
    }
}

#[test]
fn the_word_game_rules_page_shows_the_cards_the_dice_and_the_rulings() {
    let fr = render(init(Screen::Rules(GameKind::Words), Lang::Fr));
    assert!(
        fr.contains("Ce que l&#39;application applique")
            || fr.contains("Ce que l'application applique")
    );
    assert!(fr.contains("accents ignorés"));
    assert!(fr.contains("Écrivains"));
    for faces in ["ABCDEL", "OIUETM", "RSNPGA", "VLMCDO", "AEISRF"] {
        assert!(fr.contains(faces), "{faces}");
    }
    let en = render(init(Screen::Rules(GameKind::Words), Lang::En));
    assert!(en.contains("What the app applies"));
    assert!(en.contains("accents ignored"));
}

#[test]
fn the_sequence_setup_offers_six_in_a_row_to_two_players() {
    // Two players to start with: two sides, so the option is there. (With a
    // third player the screen asks `sequence::six_in_a_row_offered`, which
    // says no; `tests/sequence_rules.rs` checks it and the core's refusal.)
    let fr = render(init(Screen::Setup(GameKind::Sequence), Lang::Fr));
    assert!(fr.contains("data-testid=\"six-in-a-row\""));
    assert!(fr.contains("Gagner avec six jetons alignés (à deux joueurs ou deux équipes)"));
    let en = render(init(Screen::Setup(GameKind::Sequence), Lang::En));
    assert!(en.contains("Win with six in a row (two players or two teams)"));
}

fn unfinished_game() -> genius::core::save::SavedGame {
    use genius::core::game::GameKind;
    use genius::core::save::SavedGame;
    use genius::core::serieux::{FirstPlayer, Serieux, Setup};
    use genius::core::session::Session;
    use genius::core::table::{Colour, Player};
    let session = Session::<Serieux>::new(Setup {
        players: vec![
            Player::new("Anne", Colour::Blue),
            Player::new("Bruno", Colour::Red),
        ],
        first: FirstPlayer::Chosen(0),
    })
    .unwrap();
    SavedGame::of_game(
        &genius::core::save::GameId::parse("serieux-1764000000000-0001").unwrap(),
        GameKind::Serieux,
        1_764_000_000_000,
        &session,
    )
}

#[test]
fn deleting_an_unfinished_game_from_home_asks_first() {
    let html = render(Init {
        saved: vec![unfinished_game()],
        ..init(Screen::Home, Lang::Fr)
    });
    assert!(html.contains("data-testid=\"resume-serieux-1764000000000-0001\""));
    assert!(html.contains("data-testid=\"delete-serieux-1764000000000-0001\""));
    // The question and its answers come only after the first tap.
    assert!(!html.contains("confirm-delete-"));
    assert!(!html.contains("Supprimer cette partie en cours"));
}

#[test]
fn a_game_that_went_back_one_action_is_named_on_home() {
    for (lang, words) in [
        (Lang::Fr, "est revenue un coup en arrière"),
        (Lang::En, "went back one action"),
    ] {
        let html = render(Init {
            restored: vec![unfinished_game()],
            ..init(Screen::Home, lang)
        });
        let line = text_of(&html, "went-back");
        assert!(line.contains(words), "{line}");
        assert!(line.contains("Anne, Bruno"), "{line}");
        // 2025-11-24 16:00 UTC, in the machine's time zone.
        assert!(line.contains("2025-11-2"), "{line}");
    }
}

/// An invitation link that names no game opens Home, which says so in the
/// player's language (not a table screen of some game).
#[test]
fn a_damaged_invitation_link_is_told_on_home() {
    use genius::core::link::ticket::TicketError;
    for (lang, words) in [(Lang::Fr, "abîmé"), (Lang::En, "damaged")] {
        let html = render(Init {
            bad_link: Some(TicketError::NotATicket),
            ..init(Screen::Home, lang)
        });
        let line = text_of(&html, "link-status");
        assert!(line.contains(words), "{line}");
        assert!(html.contains("role=\"alert\""));
    }
    let html = render(init(Screen::Home, Lang::En));
    assert!(!html.contains("link-status"));
}

#[test]
fn home_lists_a_game_in_progress_by_its_saved_summary_or_else_by_name_and_date() {
    let mut old = unfinished_game();
    let html = render(Init {
        saved: vec![old.clone()],
        ..init(Screen::Home, Lang::En)
    });
    assert!(
        html.contains("Mode Sérieux · Anne, Bruno · Round 1 / 5"),
        "{html}"
    );
    // Saved by an earlier version, without a summary: until a replay gives
    // it, its name and when it was saved (2025-11-24 16:00 UTC, in the
    // machine's time zone).
    old.summary = None;
    let html = render(Init {
        saved: vec![old],
        ..init(Screen::Home, Lang::En)
    });
    let line = text_of(&html, "in-progress");
    assert!(line.contains("Mode Sérieux · 2025-11-2"), "{line}");
    assert!(!line.contains("Anne"), "{line}");
    // A game played at a table says so: Resume opens it there.
    let table = TableMark {
        ticket: "v=1&g=serieux&h=00".into(),
        role: TableRole::Guest,
        link: serde_json::json!({}),
    };
    for (lang, words) in [
        (Lang::Fr, "· à une table de plusieurs téléphones"),
        (Lang::En, "· at a table of several phones"),
    ] {
        let html = render(Init {
            saved: vec![unfinished_game().with_table(&table)],
            ..init(Screen::Home, lang)
        });
        let line = text_of(&html, "in-progress");
        assert!(line.contains(words), "{line}");
    }
    let html = render(Init {
        saved: vec![unfinished_game()],
        ..init(Screen::Home, Lang::En)
    });
    assert!(!text_of(&html, "in-progress").contains("at a table"));
}

/// Issue 37: the app started on the only game in progress (`Init::load`
/// chose it) opens that game, as Home's Resume would.
#[test]
fn the_app_can_start_on_the_game_in_progress() {
    use genius::core::game::GameKind;
    let game = unfinished_game();
    let html = render(Init {
        saved: vec![game.clone()],
        opening: Some(game),
        ..init(Screen::Game(GameKind::Serieux), Lang::Fr)
    });
    assert!(html.contains("data-testid=\"serieux-game\""), "{html}");
    assert!(html.contains("Anne") && html.contains("Bruno"), "{html}");
    assert!(!html.contains("data-testid=\"in-progress\""));
}

/// The checklist of docs/adding-a-game.md, checked for every game of
/// `GameKind::ALL`: its rules, texts and screen (and its coach, if it has
/// one) are files of their own; the registries (`core::games::with_game`, `ui::with_screen`) map the
/// kind to its type; its setup screen, game screen and rules page render in
/// both languages, with a title and a blurb of their own.
#[test]
fn every_game_has_all_its_pieces() {
    use genius::core::game::Game;
    use genius::core::games::{with_game, WithGame};
    use genius::ui::{with_screen, GameScreen, WithScreen};

    /// A job that gives back the kind of the game it runs with: each
    /// registry must run it with the type of the kind it was given.
    struct ItsKind;
    impl WithGame for ItsKind {
        type Output = GameKind;
        fn run<G: Game>(self) -> GameKind {
            G::KIND
        }
    }
    impl WithScreen for ItsKind {
        type Output = GameKind;
        fn run<G: GameScreen>(self) -> GameKind {
            G::KIND
        }
    }

    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut titles = Vec::new();
    for kind in GameKind::ALL {
        let name = kind.name();
        for piece in ["core", "i18n", "ui"] {
            let file = src.join(format!("{piece}/{name}.rs"));
            assert!(file.is_file(), "{name}: no {}", file.display());
        }
        // A coach, where the game has one, is a file of its own too, named
        // in the coach's module.
        let coach = src.join(format!("core/coach/{name}.rs"));
        let coaches = std::fs::read_to_string(src.join("core/coach/mod.rs")).unwrap();
        assert_eq!(
            coach.is_file(),
            coaches.contains(&format!("pub mod {name};")),
            "{name}: its coach's file and its line in core/coach/mod.rs"
        );
        assert_eq!(with_game(kind, ItsKind), kind, "core::games::with_game");
        assert_eq!(with_screen(kind, ItsKind), kind, "ui::with_screen");
        for lang in [Lang::Fr, Lang::En] {
            let (title, blurb) = (lang.game_title(kind), lang.game_blurb(kind));
            assert!(
                !title.is_empty() && !blurb.is_empty(),
                "{name}: {lang:?} title or blurb"
            );
            titles.push((lang, title));
            let setup = render(init(Screen::Setup(kind), lang));
            assert!(
                setup.contains("data-testid=\"start-game\""),
                "{name}: setup"
            );
            let rules = render(init(Screen::Rules(kind), lang));
            assert!(
                rules.contains(&format!("data-testid=\"{name}-rules\"")),
                "{name}: rules page"
            );
            let game = render(init(Screen::Game(kind), lang));
            let screen = format!("screen-{}", Screen::Game(kind).name());
            assert!(game.contains(&screen), "{name}: game screen");
        }
    }
    for (i, a) in titles.iter().enumerate() {
        assert!(
            !titles[i + 1..].contains(a),
            "two games share a title: {a:?}"
        );
    }
}

/// Séquence Dés at four, in two teams (Anne and Chloé against Bruno and
/// David): once Chloé has rolled and placed, the heading shows David's own
/// symbol and colour (◆, as at setup and in the roll-off), not his side's
/// chips' (Bruno's ▲), and the dice still shown are named as Chloé's, not
/// taken for David's roll.
#[test]
fn sequence_heading_shows_the_players_own_symbol_and_names_the_last_roll() {
    use genius::core::game::RollSource;
    use genius::core::save::{GameId, SavedGame};
    use genius::core::sequence::{self, Action, Sequence};
    use genius::core::session::Session;
    use genius::core::table::{Colour, FirstPlayer, Player};
    let colours = [Colour::Blue, Colour::Red, Colour::Green, Colour::Yellow];
    let names = ["Anne", "Bruno", "Chloé", "David"];
    let mut session = Session::<Sequence>::new(sequence::Setup {
        players: (0..4).map(|i| Player::new(names[i], colours[i])).collect(),
        first: FirstPlayer::Chosen(0),
        six_in_a_row: false,
    })
    .unwrap();
    for (a, b) in [(1, 5), (2, 5), (3, 3)] {
        let dice = vec![D6::new(a).unwrap(), D6::new(b).unwrap()];
        session
            .act(Action::Roll {
                dice,
                source: RollSource::Typed,
            })
            .unwrap();
        let square = sequence::squares_of(a + b)
            .into_iter()
            .find(|s| session.state().board()[s.0][s.1].is_none())
            .unwrap();
        session.act(Action::Place { square }).unwrap();
    }
    assert_eq!(session.state().current_player(), Some(3));
    let game = SavedGame::of_game(
        &GameId::parse("sequence-1764000000000-0001").unwrap(),
        GameKind::Sequence,
        1_764_000_000_000,
        &session,
    );
    for (lang, rolled) in [(Lang::Fr, "Chloé a lancé :"), (Lang::En, "Chloé rolled:")] {
        let html = render(Init {
            saved: vec![game.clone()],
            opening: Some(game.clone()),
            ..init(Screen::Game(GameKind::Sequence), lang)
        });
        let status = text_of(&html, "game-status");
        assert!(status.contains('◆') && status.contains("David"), "{status}");
        assert!(!status.contains('▲'), "{status}");
        let dice = text_of(&html, "last-dice");
        assert!(dice.contains(rolled) && dice.contains("= 6"), "{dice}");
    }
}
