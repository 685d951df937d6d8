//! Pieces every game screen shares: whose turn it is, refusals, the face
//! keypad for real dice, undo/redo and the ranking.

use super::serieux::colour_class;
use super::DieFace;
use crate::core::checker::{Checker, Input};
use crate::core::dice::D6;
use crate::core::table::{Colour, Player};
use crate::i18n::Lang;
use dioxus::prelude::*;

/// "Anne, Bruno, Chloé": the players of a saved game's summary line.
pub fn names(players: &[Player]) -> String {
    players
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// "À Anne de jouer" with Anne's symbol.
#[component]
pub fn StatusLine(player: Option<Colour>, text: String) -> Element {
    rsx! {
        p { class: "game-status", "data-testid": "game-status", role: "status",
            if let Some(colour) = player {
                span { class: "player-symbol {colour_class(colour)}", "aria-hidden": "true", "{colour.symbol()}" }
            }
            "{text}"
        }
    }
}

/// Why the last move was refused, and a failed save.
#[component]
pub fn Notices(refused: Option<String>, save_failed: bool, lang: Lang) -> Element {
    rsx! {
        if let Some(message) = refused {
            p { class: "entry-error", role: "alert", "data-testid": "move-error", "⚠ {message}" }
        }
        if save_failed {
            p { class: "entry-error", role: "alert", "⚠ {lang.game().not_saved}" }
        }
    }
}

/// Six die faces to tap the dice of a real roll, the dice entered so far
/// (sorted or in order), and `children` beside them (a preview).
#[component]
pub fn FaceKeypad(
    checker: Signal<Checker>,
    lang: Lang,
    #[props(default)] sorted: bool,
    #[props(default)] on_face: Option<EventHandler<()>>,
    children: Element,
) -> Element {
    let mut checker = checker;
    let state = checker.read().clone();
    let shown = if sorted {
        state.hand().sorted()
    } else {
        state.hand().entered().to_vec()
    };
    rsx! {
        div { class: "typed",
            div { class: "keypad small", role: "group",
                for face in D6::ALL {
                    button {
                        key: "{face.value()}",
                        class: "face-button",
                        "data-testid": "typed-face-{face.value()}",
                        "aria-label": lang.add_face_label(face),
                        onclick: move |_| {
                            let _ = checker.write().apply(Input::Face(face));
                            if let Some(handler) = on_face {
                                handler.call(());
                            }
                        },
                        DieFace { face }
                    }
                }
            }
            if !shown.is_empty() {
                div { class: "typed-preview",
                    for (i, d) in shown.iter().enumerate() {
                        DieFace { key: "{i}", face: *d, class: "mini" }
                    }
                    {children}
                    button { class: "chip", "data-testid": "typed-clear", onclick: move |_| { let _ = checker.write().apply(Input::Clear); }, "✕" }
                }
            }
            if let Some(e) = state.error() {
                p { class: "entry-error", role: "alert", "⚠ {lang.entry_error(e)}" }
            }
        }
    }
}

/// Undo and redo; `on_step` gets `true` for undo, `false` for redo.
#[component]
pub fn UndoRedo(
    can_undo: bool,
    can_redo: bool,
    on_step: EventHandler<bool>,
    lang: Lang,
) -> Element {
    let g = lang.game();
    rsx! {
        div { class: "actions",
            button { class: "action", "data-testid": "undo", disabled: !can_undo, onclick: move |_| on_step.call(true), "↶ {g.undo}" }
            button { class: "action", "data-testid": "redo", disabled: !can_redo, onclick: move |_| on_step.call(false), "↷ {g.redo}" }
        }
    }
}

/// The final ranking: places (ties shared), players and what they scored,
/// then `children` (series, records, a new game button).
#[component]
pub fn Ranking(
    players: Vec<Player>,
    places: Vec<usize>,
    scores: Vec<String>,
    lang: Lang,
    children: Element,
) -> Element {
    // By place, players sharing a place in seat order (no sort needed: places
    // run from 1 to the number of players).
    let n = players.len();
    let mut order = Vec::with_capacity(n);
    for place in 1..=n {
        order.extend((0..n).filter(|&i| places[i] == place));
    }
    rsx! {
        section { class: "info ranking", "data-testid": "ranking",
            h2 { class: "section-title", "{lang.game().ranking}" }
            ol { class: "ranking-list",
                for i in order {
                    li { key: "{i}",
                        span { class: "place", "{lang.place(places[i])}" }
                        span { class: "player-symbol {colour_class(players[i].colour)}", "aria-hidden": "true", "{players[i].colour.symbol()}" }
                        span { class: "rank-name", "{players[i].name}" }
                        span { class: "rank-total", "{scores[i]}" }
                    }
                }
            }
            {children}
        }
    }
}

/// The roll-off for the first player: the rounds so far, who rolls again,
/// and the button that rolls for everyone still in it.
#[component]
pub fn RollOffPanel(
    roll_off: crate::core::table::RollOff,
    players: Vec<Player>,
    lang: Lang,
    on_roll: EventHandler<()>,
) -> Element {
    let tied: Vec<&str> = roll_off
        .contenders
        .iter()
        .map(|p| players[*p].name.as_str())
        .collect();
    rsx! {
        section { class: "info", "data-testid": "roll-off",
            for (n, round) in roll_off.rounds.iter().enumerate() {
                p { key: "{n}",
                    {round.iter().map(|(p, v)| format!("{} {}", players[*p].name, v)).collect::<Vec<_>>().join(" · ")}
                }
            }
            if !roll_off.rounds.is_empty() {
                p { class: "caption", "{lang.roll_off_tie(&tied)}" }
            }
            button { class: "roll-main", "data-testid": "roll-off", "data-haptic": "roll", onclick: move |_| on_roll.call(()), "{lang.game().roll_off_all}" }
        }
    }
}

/// A game's rules page: the rules, `children` (a table, a board), then the
/// rulings the app applies.
#[component]
pub fn RulesPage(
    id: &'static str,
    title: &'static str,
    rules: &'static [&'static str],
    rulings: &'static [&'static str],
    lang: Lang,
    children: Element,
) -> Element {
    rsx! {
        div { class: "rules", "data-testid": "{id}",
            section { class: "info",
                h2 { class: "section-title", "{title}" }
                for (i, line) in rules.iter().enumerate() {
                    p { key: "{i}", "{line}" }
                }
                {children}
            }
            section { class: "info",
                h2 { class: "section-title", "{lang.game().rulings_title}" }
                ul {
                    for (i, line) in rulings.iter().enumerate() {
                        li { key: "{i}", "{line}" }
                    }
                }
            }
        }
    }
}
