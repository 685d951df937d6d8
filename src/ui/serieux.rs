//! Mode Sérieux, complete: setup, the five-round grid, rolls from the app or
//! from real dice with the checker's verdict inline, undo/redo, the ranking,
//! and the rules page with the rulings the app applies.

use super::{use_ui, DieFace, Screen};
use crate::core::checker::{Checker, Input};
use crate::core::dice::{D6, MAX_DICE};
use crate::core::save::{new_id, GameKind};
use crate::core::serieux::{Action, Cell, FirstPlayer, Phase, Serieux, Setup, ROUNDS};
use crate::core::session::{RollSource, Rules, Session};
use crate::core::table::{Colour, Player, MAX_PLAYERS};
use crate::i18n::Lang;
use crate::platform;
use crate::saves;
use dioxus::prelude::*;
use rand::Rng;
use std::cell::RefCell;
use std::rc::Rc;

/// The game being played and where it is saved.
#[derive(Clone, Debug)]
pub struct ActiveGame {
    pub id: String,
    pub session: Session<Serieux>,
    pub save_failed: bool,
}

impl ActiveGame {
    /// Changes the game through `change` and saves it at once.
    pub fn commit(&mut self, change: impl FnOnce(&mut Session<Serieux>) -> bool) {
        if change(&mut self.session) {
            self.save_failed = saves::save(&self.id, GameKind::Serieux, &self.session).is_err();
        }
    }
}

fn symbol(p: &Player) -> &'static str {
    p.colour.symbol()
}

fn colour_class(c: Colour) -> String {
    format!("pc-{c:?}").to_lowercase()
}

#[component]
pub fn SerieuxSetupScreen() -> Element {
    let ui = use_ui();
    let lang = ui.lang();
    let g = lang.game();
    let mut names = use_signal(|| vec![String::new(), String::new()]);
    let mut roll_off = use_signal(|| true);
    let mut chosen = use_signal(|| 0usize);
    let mut error = use_signal(|| None::<String>);
    let recent = use_hook(saves::remembered_names);

    let current = names.read().clone();
    let unused: Vec<String> = recent
        .iter()
        .filter(|r| !current.iter().any(|n| n.trim().eq_ignore_ascii_case(r)))
        .take(8)
        .cloned()
        .collect();

    let start = move |_| {
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
        let setup = Setup {
            players: players.clone(),
            first,
        };
        match Session::<Serieux>::new(setup) {
            Ok(session) => {
                let id = new_id(
                    GameKind::Serieux,
                    platform::now_ms(),
                    platform::seeded_rng().random(),
                );
                let mut game = ActiveGame {
                    id,
                    session,
                    save_failed: false,
                };
                game.commit(|_| true);
                saves::remember_names(&players.iter().map(|p| p.name.clone()).collect::<Vec<_>>());
                let mut ui = ui;
                ui.game.set(Some(game));
                ui.go(Screen::SerieuxGame);
            }
            Err(crate::core::serieux::Error::Setup(e)) => error.set(Some(lang.setup_error(&e))),
            Err(e) => error.set(Some(format!("{e:?}"))),
        }
    };

    rsx! {
        div { class: "setup", "data-testid": "serieux-setup",
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
                if current.len() < MAX_PLAYERS {
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
            if let Some(message) = error() {
                p { class: "entry-error", role: "alert", "data-testid": "setup-error", "⚠ {message}" }
            }
            button { class: "roll-main", "data-testid": "start-game", onclick: start, "{g.start}" }
            button { class: "action", onclick: move |_| { let mut ui = ui; ui.go(Screen::SerieuxRules) }, "{g.rules}" }
        }
    }
}

#[component]
pub fn SerieuxGameScreen() -> Element {
    let ui = use_ui();
    let mut game_signal = ui.game;
    let lang = ui.lang();
    let g = lang.game();
    let rng = use_hook(|| Rc::new(RefCell::new(platform::seeded_rng())));
    let mut typed = use_signal(Checker::new);
    let mut typed_rolloff = use_signal(String::new);
    let mut refused = use_signal(|| None::<crate::core::serieux::Error>);

    let Some(game) = game_signal.read().clone() else {
        return rsx! {
            div { class: "info",
                p { "{g.new_game}" }
                button { class: "roll-main", onclick: move |_| { let mut ui = ui; ui.go(Screen::SerieuxSetup) }, "{g.new_game}" }
            }
        };
    };
    let state = game.session.state().clone();
    let players = state.players().to_vec();
    let totals = state.totals();
    let places = state.places();
    let can_undo = game.session.can_undo();
    let can_redo = game.session.can_redo();

    // Rolls `count` d6 from the app: the dice kept from an undone roll first.
    let virtual_d6 = {
        let rng = rng.clone();
        move |count: usize| -> Vec<u32> {
            let mut rng = rng.borrow_mut();
            let read = game_signal.read();
            let session = &read.as_ref().expect("a game").session;
            session.virtual_dice(count, |_| rng.random_range(1..=6))
        }
    };

    let mut act = move |action: Action| {
        if let Some(game) = game_signal.write().as_mut() {
            game.commit(|s| match s.act(action) {
                Ok(()) => {
                    refused.set(None);
                    true
                }
                Err(e) => {
                    refused.set(Some(e));
                    false
                }
            });
        }
    };

    let header = match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Playing => format!(
            "{} · {}",
            lang.round_of(state.round() + 1, ROUNDS),
            lang.to_play(&players[state.current_player().unwrap_or(0)].name)
        ),
        Phase::Finished => g.game_over.to_string(),
    };

    rsx! {
        div { class: "game", "data-testid": "serieux-game",
            p { class: "game-status", "data-testid": "game-status", role: "status",
                if let Some(p) = state.current_player() {
                    span { class: "player-symbol {colour_class(players[p].colour)}", "aria-hidden": "true", "{symbol(&players[p])}" }
                }
                "{header}"
            }
            if let Some(e) = refused() {
                p { class: "entry-error", role: "alert", "data-testid": "move-error", "⚠ {lang.serieux_error(&e)}" }
            }
            if game.save_failed {
                p { class: "entry-error", role: "alert", "⚠ {g.not_saved}" }
            }

            if let Some(last) = state.last_turn() {
                div {
                    class: if last.verdict.is_prime() { "turn-result verdict-prime" } else { "turn-result verdict-not-prime" },
                    "data-testid": "last-turn",
                    span { class: "verdict-icon small", "aria-hidden": "true", if last.verdict.is_prime() { "✓" } else { "✗" } }
                    span { class: "turn-text",
                        strong { "{players[last.player].name}" }
                        " · {last.verdict.number} · {lang.verdict_word(&last.verdict)}"
                        br {}
                        small { "{lang.reason(&last.verdict)}" }
                    }
                }
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    section { class: "info", "data-testid": "roll-off",
                        for (n, round) in r.rounds.iter().enumerate() {
                            p { key: "{n}",
                                {round.iter().map(|(p, v)| format!("{} {}", players[*p].name, v)).collect::<Vec<_>>().join(" · ")}
                            }
                        }
                        if !r.rounds.is_empty() {
                            p { class: "caption", {lang.roll_off_tie(&r.contenders.iter().map(|p| players[*p].name.as_str()).collect::<Vec<_>>())} }
                        }
                        button {
                            class: "roll-main",
                            "data-testid": "roll-off",
                            onclick: {
                                let virtual_d6 = virtual_d6.clone();
                                let n = r.contenders.len();
                                move |_| {
                                    let values = virtual_d6(n);
                                    act(Action::RollOff { values, source: RollSource::Virtual });
                                }
                            },
                            "{g.roll_off_all}"
                        }
                        p { class: "caption", "{g.enter_dice}" }
                        div { class: "typed-rolloff",
                            input {
                                class: "name-input",
                                "data-testid": "typed-rolloff",
                                r#type: "text",
                                inputmode: "numeric",
                                placeholder: {r.contenders.iter().map(|p| players[*p].name.clone()).collect::<Vec<_>>().join(", ")},
                                value: "{typed_rolloff}",
                                oninput: move |e| typed_rolloff.set(e.value()),
                            }
                            button {
                                class: "action",
                                "data-testid": "typed-rolloff-ok",
                                onclick: move |_| {
                                    let values: Vec<u32> = typed_rolloff().chars().filter_map(|c| c.to_digit(10)).collect();
                                    act(Action::RollOff { values, source: RollSource::Typed });
                                    typed_rolloff.set(String::new());
                                },
                                "OK"
                            }
                        }
                    }
                },
                Phase::Playing => rsx! {
                    section { class: "info play",
                        h2 { class: "section-title", "{g.choose_k}" }
                        div { class: "roll-buttons",
                            for k in 1..=MAX_DICE {
                                button {
                                    key: "{k}",
                                    class: "roll-button",
                                    "data-testid": "serieux-roll-{k}",
                                    "aria-label": lang.roll_label(k),
                                    onclick: {
                                        let virtual_d6 = virtual_d6.clone();
                                        move |_| {
                                            let dice: Vec<D6> = virtual_d6(k).into_iter().filter_map(|v| D6::new(v as u8)).collect();
                                            act(Action::Roll { dice, source: RollSource::Virtual });
                                            typed.set(Checker::new());
                                        }
                                    },
                                    span { class: "roll-count", "{k}" }
                                    span { class: "roll-unit", "aria-hidden": "true", "{lang.dice_word(k)}" }
                                }
                            }
                        }
                        p { class: "caption", "{g.enter_dice}" }
                        TypedDice { checker: typed, lang }
                        button {
                            class: "action record",
                            "data-testid": "record-typed",
                            disabled: typed.read().hand().is_empty(),
                            onclick: move |_| {
                                let dice = typed.read().hand().entered().to_vec();
                                act(Action::Roll { dice, source: RollSource::Typed });
                                typed.set(Checker::new());
                            },
                            "{g.record}"
                        }
                    }
                },
                Phase::Finished => rsx! {
                    section { class: "info ranking", "data-testid": "ranking",
                        h2 { class: "section-title", "{g.ranking}" }
                        ol { class: "ranking-list",
                            for i in order_by_place(&places) {
                                li { key: "{i}",
                                    span { class: "place", "{lang.place(places[i])}" }
                                    span { class: "player-symbol {colour_class(players[i].colour)}", "aria-hidden": "true", "{symbol(&players[i])}" }
                                    span { class: "rank-name", "{players[i].name}" }
                                    span { class: "rank-total", "{totals[i]}" }
                                }
                            }
                        }
                        button { class: "roll-main", onclick: move |_| { let mut ui = ui; ui.go(Screen::SerieuxSetup) }, "{g.new_game}" }
                    }
                },
            }

            div { class: "actions",
                button {
                    class: "action",
                    "data-testid": "undo",
                    disabled: !can_undo,
                    onclick: move |_| { if let Some(game) = game_signal.write().as_mut() { game.commit(|s| s.undo()); } },
                    "↶ {g.undo}"
                }
                button {
                    class: "action",
                    "data-testid": "redo",
                    disabled: !can_redo,
                    onclick: move |_| { if let Some(game) = game_signal.write().as_mut() { game.commit(|s| s.redo()); } },
                    "↷ {g.redo}"
                }
            }

            Grid { state: state.clone(), lang }

            button { class: "action", "data-testid": "open-rules", onclick: move |_| { let mut ui = ui; ui.go(Screen::SerieuxRules) }, "{g.rules}" }
        }
    }
}

/// Players in ranking order (ties in table order).
fn order_by_place(places: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..places.len()).collect();
    order.sort_by_key(|&i| places[i]);
    order
}

/// The face keypad for entering the dice of a real roll, with the verdict
/// shown live before the roll is recorded.
#[component]
fn TypedDice(checker: Signal<Checker>, lang: Lang) -> Element {
    let mut checker = checker;
    let state = checker.read().clone();
    let verdict = state.verdict();
    rsx! {
        div { class: "typed",
            div { class: "keypad small", role: "group",
                for face in D6::ALL {
                    button {
                        key: "{face}",
                        class: "face-button",
                        "data-testid": "typed-face-{face}",
                        "aria-label": lang.add_face_label(face),
                        onclick: move |_| { let _ = checker.write().apply(Input::Face(face)); },
                        DieFace { face }
                    }
                }
            }
            div { class: "typed-preview",
                for (i, d) in state.hand().sorted().iter().enumerate() {
                    DieFace { key: "{i}", face: *d, class: "mini" }
                }
                if let Some(v) = verdict {
                    span {
                        class: if v.is_prime() { "preview-verdict ok" } else { "preview-verdict ko" },
                        "data-testid": "typed-verdict",
                        if v.is_prime() { "✓ " } else { "✗ " }
                        "{v.number} · {lang.verdict_word(&v)}"
                    }
                    button { class: "chip", "data-testid": "typed-clear", onclick: move |_| { let _ = checker.write().apply(Input::Clear); }, "✕" }
                }
            }
            if let Some(e) = state.error() {
                p { class: "entry-error", role: "alert", "⚠ {lang.entry_error(e)}" }
            }
        }
    }
}

/// The score grid: one row per player, one column per round, and the total.
#[component]
fn Grid(state: Serieux, lang: Lang) -> Element {
    let g = lang.game();
    let players = state.players().to_vec();
    let now = state.current_player().map(|p| (p, state.round()));
    rsx! {
        div { class: "grid-wrap",
            table { class: "score-grid", "data-testid": "grid",
                thead {
                    tr {
                        th { scope: "col", class: "name-col", "{g.players}" }
                        for r in 1..=ROUNDS {
                            th { key: "{r}", scope: "col", class: if state.round() + 1 == r && !state.is_finished() { "round-now" }, "{r}" }
                        }
                        th { scope: "col", "{g.total}" }
                    }
                }
                tbody {
                    for (p, player) in players.iter().enumerate() {
                        tr { key: "{p}", class: if now.map(|(c, _)| c) == Some(p) { "row-now" }, "data-testid": "grid-row-{p}",
                            th { scope: "row", class: "name-col",
                                span { class: "player-symbol {colour_class(player.colour)}", "aria-hidden": "true", "{symbol(player)}" }
                                span { class: "grid-name", title: "{player.name}", "{player.name}" }
                            }
                            for (r, cell) in state.grid()[p].iter().enumerate() {
                                td {
                                    key: "{r}",
                                    class: match cell { Cell::Prime(_) => "cell prime", Cell::Miss(_) => "cell miss", Cell::Empty if now == Some((p, r)) => "cell now", Cell::Empty => "cell" },
                                    "data-testid": "cell-{p}-{r}",
                                    title: if let Cell::Miss(n) = cell { "{n}" } else { "" },
                                    match cell {
                                        Cell::Prime(n) => rsx! { "{n}" },
                                        Cell::Miss(_) => rsx! { "—" },
                                        Cell::Empty => rsx! {},
                                    }
                                }
                            }
                            td { class: "cell total", "data-testid": "total-{p}", "{state.total(p)}" }
                        }
                    }
                }
            }
        }
    }
}

#[component]
pub fn SerieuxRulesScreen() -> Element {
    let ui = use_ui();
    let g = ui.lang().game();
    rsx! {
        div { class: "rules", "data-testid": "serieux-rules",
            section { class: "info",
                h2 { class: "section-title", "{g.serieux_title}" }
                for (i, line) in g.rules_body.iter().enumerate() {
                    p { key: "{i}", "{line}" }
                }
            }
            section { class: "info",
                h2 { class: "section-title", "{g.rulings_title}" }
                ul {
                    for (i, line) in g.rulings_body.iter().enumerate() {
                        li { key: "{i}", "{line}" }
                    }
                }
            }
        }
    }
}

/// A saved game's one-line summary for the home screen.
pub fn summary(session: &Session<Serieux>, lang: Lang) -> String {
    let s = session.state();
    let names = s
        .players()
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "{} · {names} · {}",
        lang.game().serieux_title,
        lang.round_of(s.round() + 1, ROUNDS)
    )
}

/// Opens a saved game for play.
pub fn resume(id: &str, session: Session<Serieux>) -> ActiveGame {
    ActiveGame {
        id: id.to_string(),
        session,
        save_failed: false,
    }
}
