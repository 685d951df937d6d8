//! Setting up a game at the table: players (names remembered), who starts,
//! and the options of the game chosen (each game draws its own, in its UI
//! module: [`GameSetup`]).

use super::active::Active;
use super::parts::colour_class;
use super::{use_default, use_ui, with_screen, GameScreen, Screen, Ui, WithScreen};
use crate::core::game::{Game, GameKind};
use crate::core::save::new_id;
use crate::core::session::Session;
use crate::core::table::{Colour, FirstPlayer, Player, MAX_PLAYERS};
use crate::platform;
use crate::records;
use dioxus::prelude::*;
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
    let mut names = use_signal(|| vec![String::new(), String::new()]);
    let mut roll_off = use_signal(|| true);
    let mut chosen = use_default::<usize>();
    let mut error = use_default::<Option<String>>();
    let recent = use_hook(records::remembered_names);

    let current = names.read().clone();
    let unused: Vec<String> = recent
        .iter()
        .filter(|r| !current.iter().any(|n| n.trim().eq_ignore_ascii_case(r)))
        .take(8)
        .cloned()
        .collect();

    // Starts the game here, or (`on_phones`) opens it to the other phones
    // of the table at once.
    let (options, begin) = use_game_options(game, current.len());
    let start = {
        move |on_phones: bool| {
            let players: Vec<Player> = names
                .read()
                .iter()
                .enumerate()
                .map(|(i, n)| Player::new(n, Colour::ALL[i % Colour::ALL.len()]))
                .collect();
            let first = if roll_off() {
                FirstPlayer::RollOff
            } else {
                FirstPlayer::Chosen(chosen().min(players.len().saturating_sub(1)))
            };
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
            section { class: "info",
                h2 { class: "section-title", "{g.players}" }
                for (i, name) in current.iter().enumerate() {
                    div { key: "{i}", class: "player-row",
                        span { class: "player-symbol {colour_class(Colour::ALL[i])}", "aria-hidden": "true", "{Colour::ALL[i].symbol()}" }
                        input {
                            class: "name-input",
                            "data-testid": "name-{i}",
                            r#type: "text",
                            maxlength: "24",
                            autocomplete: "off",
                            placeholder: "{g.player} {i + 1}",
                            "aria-label": "{g.player} {i + 1}",
                            value: "{name}",
                            oninput: move |e| { names.write()[i] = e.value(); error.set(None); },
                        }
                        if current.len() > 1 {
                            button {
                                class: "icon-button",
                                "data-testid": "remove-player-{i}",
                                "aria-label": "{lang.texts().roller_remove} {g.player} {i + 1}",
                                onclick: move |_| { names.write().remove(i); },
                                "✕"
                            }
                        }
                    }
                }
                if current.len() < *game.players().end() {
                    button {
                        class: "action",
                        "data-testid": "add-player",
                        onclick: move |_| names.write().push(String::new()),
                        "+ {g.add_player}"
                    }
                }
                if !unused.is_empty() {
                    h2 { class: "section-title", "{g.recent_players}" }
                    div { class: "chips",
                        for r in unused {
                            button {
                                key: "{r}",
                                class: "chip",
                                onclick: move |_| {
                                    let mut list = names.write();
                                    if let Some(slot) = list.iter_mut().find(|n| n.trim().is_empty()) {
                                        *slot = r.clone();
                                    } else if list.len() < MAX_PLAYERS {
                                        list.push(r.clone());
                                    }
                                },
                                "{r}"
                            }
                        }
                    }
                }
            }
            fieldset { class: "choice-group",
                legend { "{g.who_starts}" }
                label { class: "choice",
                    input { r#type: "radio", name: "first", "data-testid": "first-rolloff", checked: roll_off(), onchange: move |_| roll_off.set(true) }
                    span { "{g.roll_off}" }
                }
                label { class: "choice",
                    input { r#type: "radio", name: "first", "data-testid": "first-chosen", checked: !roll_off(), onchange: move |_| roll_off.set(false) }
                    span { "{g.chosen}" }
                }
                if !roll_off() {
                    div { class: "chips",
                        for (i, name) in current.iter().enumerate() {
                            button {
                                key: "{i}",
                                class: if chosen() == i { "chip chip-on" } else { "chip" },
                                "aria-pressed": if chosen() == i { "true" } else { "false" },
                                "data-testid": "first-{i}",
                                onclick: move |_| chosen.set(i),
                                if name.trim().is_empty() { "{g.player} {i + 1}" } else { "{name}" }
                            }
                        }
                    }
                }
            }
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
