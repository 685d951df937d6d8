//! Setting up a game at the table: players (names remembered), who starts,
//! and the options of the game chosen (each game draws its own, in its UI
//! module: [`GameSetup`]).

mod draft;
mod players;

use super::active::Active;
use super::table::{use_table, TableRequest};
use super::{
    use_nav, use_play, use_prefs, with_screen, GameScreen, Play, Prefs, Screen, WithScreen,
};
use crate::core::game::GameKind;
use crate::core::games::AnyError;
use crate::core::save::GameId;
use crate::core::session::Session;
use crate::core::table::{FirstPlayer, Player};
use crate::i18n::Lang;
use crate::platform;
use crate::records;
use dioxus::prelude::*;
use draft::{use_kept_setup, SetupDraft};
use players::{PlayerNames, WhoStarts};
use std::rc::Rc;

/// Starts a game of `G` with `setup`, saved at once and open, or says why
/// the setup cannot start.
fn begin<G: GameScreen>(prefs: &Prefs, play: &Play, setup: G::Setup) -> Result<(), AnyError> {
    let session = Session::<G>::new(setup).map_err(G::error_into_any)?;
    let random = platform::random_below(1 << 16) as u16;
    let id = GameId::new(G::KIND, platform::now_ms(), random);
    let mut active = Active::new(id, session);
    let allowed = prefs.settings.read().coach_allowed(G::KIND);
    active.session.allow_coach(allowed);
    active
        .session
        .start_with(prefs.settings.read().dice(G::KIND));
    active.commit(|_| true);
    G::active(play).set(Some(active));
    Ok(())
}

/// Starts the chosen game with these players and this first player.
type Begin = Rc<dyn Fn(&Prefs, &Play, Vec<Player>, FirstPlayer) -> Result<(), AnyError>>;

/// The chosen game's part of the setup screen (see [`use_game_setup`]).
struct GameForm {
    /// Its setup as it was left (see [`draft`]).
    draft: SetupDraft,
    /// Its options, drawn for the players typed.
    options: Element,
    /// How its game begins (which empties the setup).
    begin: Begin,
    /// Why its last start was refused, in `lang`.
    refused: Option<String>,
}

/// The chosen game's part of the setup screen, worded in `lang`. The
/// screen is keyed by the game, so its hooks never change type.
fn use_game_setup(game: GameKind, lang: Lang) -> GameForm {
    struct Form(Lang);
    impl WithScreen for Form {
        type Output = GameForm;
        fn run<G: GameScreen>(self) -> Self::Output {
            let kept = use_kept_setup::<G>();
            let begin: Begin = Rc::new(move |prefs, play, players, first| {
                let setup = G::setup(players, first, &kept.options.read());
                begin::<G>(prefs, play, setup).map(|()| kept.clear())
            });
            let players = kept.draft.names.read().len();
            let refused = (kept.draft.error.read().as_ref()).map(|e| G::any_refusal(self.0, e));
            GameForm {
                draft: kept.draft,
                options: G::options(kept.options, players),
                begin,
                refused,
            }
        }
    }
    with_screen(game, Form(lang))
}

#[component(lazy)]
pub fn SetupScreen(game: GameKind) -> Element {
    let (prefs, play, nav, table) = (use_prefs(), use_play(), use_nav(), use_table());
    let lang = prefs.lang();
    let g = lang.game();
    let GameForm {
        draft,
        options,
        begin,
        refused,
    } = use_game_setup(game, lang);
    let mut error = draft.error;

    // Starts the game here, or (`on_phones`) opens it to the other phones
    // of the table at once.
    let start = {
        move |on_phones: bool| {
            let players = draft.players();
            let first = draft.first(players.len());
            let mut nav = nav;
            let player_names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
            let started = begin(&prefs, &play, players, first);
            match started.map(|()| Screen::Game(game)) {
                Ok(screen) => {
                    records::remember_names(&player_names);
                    if on_phones {
                        table.open(game, TableRequest::Host(game), nav);
                    } else {
                        nav.go(screen);
                    }
                }
                Err(why) => error.set(Some(why)),
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
            if let Some(message) = refused {
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
                "{lang.table().open}"
            }
            button {
                class: "action",
                onclick: move |_| {
                    let mut nav = nav;
                    nav.go(Screen::Rules(game))
                },
                "{g.rules}"
            }
        }
    }
}

/// Whether the coach may be asked in this game (kept per game).
#[component]
fn CoachAllowed(game: GameKind, lang: Lang) -> Element {
    let prefs = use_prefs();
    rsx! {
        label { class: "choice coach-allowed",
            input {
                r#type: "checkbox",
                "data-testid": "coach-allowed",
                checked: prefs.settings.read().coach_allowed(game),
                onchange: move |e| { let mut prefs = prefs; prefs.update(|s| s.allow_coach(game, e.checked())) },
            }
            span { class: "choice-text",
                strong { "{lang.coach().allowed}" }
                small { "{lang.coach().allowed_hint}" }
            }
        }
    }
}
