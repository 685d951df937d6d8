//! Setting up a game at the table: players (names remembered), who starts,
//! and the options of the game chosen (each game draws its own, in its UI
//! module: [`GameSetup`]).

mod draft;
mod players;

use super::active::Active;
use super::{use_ui, with_screen, GameScreen, Screen, Ui, WithScreen};
use crate::core::game::{Game, GameKind};
use crate::core::save::new_id;
use crate::core::session::Session;
use crate::core::table::{FirstPlayer, Player};
use crate::i18n::Lang;
use crate::platform;
use crate::records;
use dioxus::prelude::*;
use draft::use_setup_draft;
use players::{PlayerNames, WhoStarts};
use std::rc::Rc;

/// A game's own part of the setup screen: its options (a mode, a sheet, a
/// card…), drawn by the game's UI module, and the setup they make.
pub trait GameSetup: Game {
    /// What the setup screen keeps of the game's options while it is open.
    type Options: Clone + Default + PartialEq + 'static;

    /// The setup of these players, this first player and these options.
    fn setup(players: Vec<Player>, first: FirstPlayer, options: &Self::Options) -> Self::Setup;

    /// The options' controls, for `players` players; none by default.
    fn options(options: Signal<Self::Options>, players: usize) -> Element {
        let _ = (options, players);
        rsx! {}
    }
}

/// Starts a game of `G` with `setup`, saved at once and open, or says why
/// the setup cannot start.
fn begin<G: GameScreen>(ui: &Ui, setup: G::Setup) -> Result<(), String> {
    let session = Session::<G>::new(setup).map_err(|e| G::refusal(ui.lang(), &e))?;
    let random = platform::random_below(1 << 16) as u16;
    let id = new_id(G::KIND, platform::now_ms(), random);
    let mut active = Active::new(id, G::KIND, session);
    let allowed = ui.settings.read().coach_allowed(G::KIND);
    active.session.allow_coach(allowed);
    active.session.start_with(ui.settings.read().dice(G::KIND));
    active.commit(|_| true);
    G::active(ui).set(Some(active));
    Ok(())
}

/// Starts the chosen game with these players and this first player.
type Begin = Rc<dyn Fn(&Ui, Vec<Player>, FirstPlayer) -> Result<(), String>>;

/// The chosen game's options, kept while the setup screen is open (the
/// screen is keyed by the game, so its hooks never change type), drawn for
/// `players` players, and how its game begins.
fn use_game_options(game: GameKind, players: usize) -> (Element, Begin) {
    struct Form(usize);
    impl WithScreen for Form {
        type Output = (Element, Begin);
        fn run<G: GameScreen>(self) -> (Element, Begin) {
            let options = use_signal(G::Options::default);
            let begin: Begin = Rc::new(move |ui, players, first| {
                begin::<G>(ui, G::setup(players, first, &options.read()))
            });
            (G::options(options, self.0), begin)
        }
    }
    with_screen(game, Form(players))
}

#[component(lazy)]
pub fn SetupScreen(game: GameKind) -> Element {
    let ui = use_ui();
    let lang = ui.lang();
    let g = lang.game();
    let draft = use_setup_draft();
    let mut error = draft.error;

    // Starts the game here, or (`on_phones`) opens it to the other phones
    // of the table at once.
    let (options, begin) = use_game_options(game, draft.names.read().len());
    let start = {
        move |on_phones: bool| {
            let players = draft.players();
            let first = draft.first(players.len());
            let mut ui = ui;
            let player_names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
            let started = begin(&ui, players, first);
            match started.map(|()| Screen::Game(game)) {
                Ok(screen) => {
                    records::remember_names(&player_names);
                    if on_phones {
                        super::table::open_table(ui, game, super::TableRequest::Host(game));
                    } else {
                        ui.go(screen);
                    }
                }
                Err(message) => error.set(Some(message)),
            }
        }
    };

    rsx! {
        div { class: "setup", "data-testid": "setup",
            {options}
            PlayerNames { draft, game, lang }
            WhoStarts { draft, lang }
            CoachAllowed { game, lang }
            super::dice::DiceSetup { game }
            if let Some(message) = error() {
                p { class: "entry-error", role: "alert", "data-testid": "setup-error", "⚠ {message}" }
            }
            button {
                class: "roll-main",
                "data-testid": "start-game",
                onclick: { let mut start = start.clone(); move |_| start(false) },
                "{g.start}"
            }
            button {
                class: "action",
                "data-testid": "start-on-phones",
                onclick: { let mut start = start.clone(); move |_| start(true) },
                "{ui.lang().table().open}"
            }
            button {
                class: "action",
                onclick: move |_| {
                    let mut ui = ui;
                    ui.go(Screen::Rules(game))
                },
                "{g.rules}"
            }
        }
    }
}

/// Whether the coach may be asked in this game (kept per game).
#[component]
fn CoachAllowed(game: GameKind, lang: Lang) -> Element {
    let ui = use_ui();
    rsx! {
        label { class: "choice coach-allowed",
            input {
                r#type: "checkbox",
                "data-testid": "coach-allowed",
                checked: ui.settings.read().coach_allowed(game),
                onchange: move |e| { let mut ui = ui; ui.update_settings(|s| s.allow_coach(game, e.checked())) },
            }
            span { class: "choice-text",
                strong { "{lang.coach().allowed}" }
                small { "{lang.coach().allowed_hint}" }
            }
        }
    }
}
