//! Setting up a game at the table: players (names remembered), who starts,
//! and the options of the game chosen.

use super::active::Active;
use super::parts::colour_class;
use super::{use_default, use_ui, GameScreen, Screen, Ui};
use crate::core::einstein::{self, Einstein};
use crate::core::game::{GameKind, Mode};
use crate::core::genius::{self, Genius};
use crate::core::rtt::{self, shipped_sheets, Rtt};
use crate::core::save::new_id;
use crate::core::sequence::{self, Sequence};
use crate::core::serieux::{self, Serieux};
use crate::core::session::Session;
use crate::core::table::{Colour, FirstPlayer, Player, MAX_PLAYERS};
use crate::core::words::{self, Variants, Words, THEME_CARDS};
use crate::platform;
use crate::records;
use dioxus::prelude::*;

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

#[component(lazy)]
pub fn SetupScreen(game: GameKind) -> Element {
    let ui = use_ui();
    let lang = ui.lang();
    let g = lang.game();
    let mut names = use_signal(|| vec![String::new(), String::new()]);
    let mut roll_off = use_signal(|| true);
    let mut chosen = use_default::<usize>();
    let mut mode = use_signal(|| Mode::Genius);
    let mut finish_round = use_default::<bool>();
    let mut six = use_default::<bool>();
    let sheets = use_hook(shipped_sheets);
    let mut sheet_index = use_default::<usize>();
    let mut decreasing = use_default::<bool>();
    let mut error = use_default::<Option<String>>();
    let card = use_default::<usize>();
    let variants = use_default::<Variants>();
    let timer = use_default::<Option<u32>>();
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
    let start = {
        let sheets = sheets.clone();
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
            let started = match game {
                GameKind::Serieux => begin::<Serieux>(&ui, serieux::Setup { players, first }),
                GameKind::Genius => begin::<Genius>(
                    &ui,
                    genius::Setup {
                        players,
                        first,
                        mode: mode(),
                        finish_round: finish_round() && mode() != Mode::Expert,
                    },
                ),
                GameKind::Einstein => begin::<Einstein>(&ui, einstein::Setup { players, first }),
                GameKind::Sequence => {
                    let six_in_a_row = six() && sequence::six_in_a_row_offered(players.len());
                    let setup = sequence::Setup {
                        players,
                        first,
                        six_in_a_row,
                    };
                    begin::<Sequence>(&ui, setup)
                }
                GameKind::Rtt => {
                    let sheet = sheets.get(sheet_index()).unwrap_or(&sheets[0]).clone();
                    let decreasing = decreasing();
                    begin::<Rtt>(
                        &ui,
                        rtt::Setup {
                            players,
                            first,
                            sheet,
                            decreasing,
                        },
                    )
                }
                GameKind::Words => begin::<Words>(
                    &ui,
                    words::Setup {
                        players,
                        first,
                        card: card(),
                        variants: variants(),
                        timer: timer(),
                    },
                ),
            };
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
            if game == GameKind::Genius {
                fieldset { class: "choice-group",
                    legend { "{lang.genius().mode}" }
                    for (i, m) in Mode::ALL.into_iter().enumerate() {
                        label { class: "choice", key: "{i}",
                            input {
                                r#type: "radio",
                                name: "mode",
                                "data-testid": "mode-{lang.mode_id(m)}",
                                checked: mode() == m,
                                onchange: move |_| mode.set(m),
                            }
                            span { class: "choice-text",
                                strong { "{lang.mode_name(m)}" }
                                small { "{lang.mode_blurb(m)}" }
                            }
                        }
                    }
                    if mode() != Mode::Expert {
                        label { class: "choice",
                            input {
                                r#type: "checkbox",
                                "data-testid": "finish-round",
                                checked: finish_round(),
                                onchange: move |e| finish_round.set(e.checked()),
                            }
                            span { "{lang.genius().finish_round}" }
                        }
                    }
                }
            }
            if game == GameKind::Rtt {
                fieldset { class: "choice-group",
                    legend { "{lang.rtt().sheet}" }
                    for (i, sh) in sheets.iter().enumerate() {
                        label { class: "choice", key: "{sh.id}",
                            input {
                                r#type: "radio",
                                name: "sheet",
                                "data-testid": "sheet-{sh.id}",
                                checked: sheet_index() == i,
                                onchange: move |_| sheet_index.set(i),
                            }
                            span { class: "choice-text",
                                strong { "{lang.sheet_name(&sh.name)}" }
                                small { "{sh.len()} ▢" }
                            }
                        }
                    }
                    label { class: "choice",
                        input { r#type: "checkbox", "data-testid": "decreasing", checked: decreasing(), onchange: move |e| decreasing.set(e.checked()) }
                        span { "{lang.rtt().decreasing}" }
                    }
                }
            }
            if game == GameKind::Sequence {
                fieldset { class: "choice-group",
                    legend { "{lang.sequence().title}" }
                    p { class: "caption", "{lang.sequence().teams}" }
                    if sequence::six_in_a_row_offered(current.len()) {
                        label { class: "choice",
                            input { r#type: "checkbox", "data-testid": "six-in-a-row", checked: six(), onchange: move |e| six.set(e.checked()) }
                            span { "{lang.sequence().six_in_a_row}" }
                        }
                    }
                }
            }
            if game == GameKind::Words {
                WordsOptions { card, variants, timer }
            }
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

/// The word game's options: the theme card (its six themes shown), the two
/// variants and the round timer.
#[component]
fn WordsOptions(
    card: Signal<usize>,
    variants: Signal<Variants>,
    timer: Signal<Option<u32>>,
) -> Element {
    let lang = super::use_ui().lang();
    let w = lang.words();
    let mut card = card;
    let mut variants = variants;
    let mut timer = timer;
    let v = variants();
    rsx! {
        fieldset { class: "choice-group",
            legend { "{w.card}" }
            for c in 0..THEME_CARDS.len() {
                label { class: "choice", key: "{c}",
                    input { r#type: "radio", name: "card", "data-testid": "card-{c + 1}", checked: card() == c, onchange: move |_| card.set(c) }
                    span { class: "choice-text",
                        strong { "{w.card_n} {c + 1}" }
                        small { {(0..6).map(|t| format!("{} {}", t + 1, lang.theme_name(c, t))).collect::<Vec<_>>().join(" · ")} }
                    }
                }
            }
        }
        fieldset { class: "choice-group",
            legend { "{w.variants}" }
            label { class: "choice",
                input { r#type: "checkbox", "data-testid": "variant-limited", checked: v.limited, onchange: move |e| variants.write().limited = e.checked() }
                span { class: "choice-text", strong { "{w.limited}" } small { "{w.limited_blurb}" } }
            }
            label { class: "choice",
                input { r#type: "checkbox", "data-testid": "variant-open", checked: v.open_themes, onchange: move |e| variants.write().open_themes = e.checked() }
                span { class: "choice-text", strong { "{w.open_themes}" } small { "{w.open_themes_blurb}" } }
            }
        }
        fieldset { class: "choice-group",
            legend { "{w.timer}" }
            div { class: "chips",
                for (i, choice) in [None, Some(30u32), Some(60), Some(90), Some(120)].into_iter().enumerate() {
                    button {
                        key: "{i}",
                        class: if timer() == choice { "chip chip-on" } else { "chip" },
                        "aria-pressed": if timer() == choice { "true" } else { "false" },
                        "data-testid": "timer-{choice.unwrap_or(0)}",
                        onclick: move |_| timer.set(choice),
                        match choice { None => w.timer_off.to_string(), Some(s) => format!("{s} s") }
                    }
                }
            }
        }
    }
}
