//! Genius modes GENIUS, + Simple, Expert and Partie + Longue: the grid as on
//! paper (n°1 or n°2) with the cells playable now marked, the challenge die
//! shown as its face, the arithmetic spelled out, and the GENIUS list at hand.

use super::parts::{FaceKeypad, Notices, Ranking, RollOffPanel, RulesPage, StatusLine, UndoRedo};
use super::serieux::{colour_class, symbol};
use super::{use_default, use_ui, Screen};
use crate::core::checker::Checker;
use crate::core::dice::{D6, MAX_DICE};
use crate::core::dice_kinds::{Challenge, Face};
use crate::core::genius::{
    Action, Cell, CellRef, Error, Event, Genius, Halves, Mode, Phase, Slot, COLUMNS, GENIUS_LIST,
};
use crate::core::save::GameKind;
use crate::core::session::{RollSource, Session};
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;

const FACES: [Challenge; 6] = [
    Challenge::Double,
    Challenge::Half,
    Challenge::Plus10,
    Challenge::Minus10,
    Challenge::Defi1,
    Challenge::Defi2,
];

fn face_of(index: u32) -> Challenge {
    FACES[(index as usize).min(5)]
}

/// The challenge die drawn with its face.
#[component]
fn ChallengeDie(face: Challenge, lang: Lang) -> Element {
    rsx! {
        span { class: "challenge-die", "data-testid": "challenge-face",
            "{lang.face_label(Face::Challenge(face))}"
        }
    }
}

/// One line per event of the last action, for the result banner.
fn event_lines(lang: Lang, game: &Genius) -> Vec<(bool, String)> {
    let names: Vec<&str> = game.players().iter().map(|p| p.name.as_str()).collect();
    let expert = game.mode() == Mode::Expert;
    let cell_name = |cell: CellRef| lang.cell_name(cell, expert);
    game.events()
        .iter()
        .map(|e| match e {
            Event::Miss {
                player,
                column,
                sum,
            } => (false, lang.genius_sum(names[*player], *column, *sum, false)),
            Event::Hit {
                player,
                column,
                sum,
            } => (true, lang.genius_sum(names[*player], *column, *sum, true)),
            Event::Challenged {
                sum, face, value, ..
            } => (true, lang.arithmetic(*sum, *face, *value)),
            Event::Erased {
                by,
                player,
                cell,
                value,
            } => (
                true,
                lang.genius_erased(names[*by], *value, names[*player], &cell_name(*cell)),
            ),
            Event::Written {
                player,
                cell,
                value,
            } => (
                true,
                lang.genius_written(*value, &cell_name(*cell), names[*player]),
            ),
            Event::Crossed {
                player,
                cell,
                value,
            } => (
                false,
                lang.genius_crossed(*value, &cell_name(*cell), names[*player]),
            ),
            Event::ExpertThrow {
                player,
                sum,
                face,
                result,
                bonus,
            } => {
                let maths = lang.arithmetic(Halves::whole(*sum), *face, *result);
                let with_bonus = bonus.then(|| Halves(result.0 + 30));
                (
                    *bonus,
                    lang.genius_expert_throw(names[*player], *sum, &maths, with_bonus),
                )
            }
            Event::PlaysAgain { player } => (
                true,
                format!("{} {}", names[*player], lang.game().plays_again),
            ),
            Event::Skipped { player } => (false, lang.genius_skipped(names[*player])),
        })
        .collect()
}

#[component]
pub fn GeniusGameScreen() -> Element {
    let ui = use_ui();
    let mut active = ui.genius;
    let lang = ui.lang();
    let g = lang.game();
    let t = lang.genius();
    let mut typed = use_default::<Checker>();
    let mut refused = use_default::<Option<String>>();

    let read = active.read();
    let Some(game) = read.as_ref() else {
        return rsx! {
            div { class: "info",
                button { class: "roll-main", onclick: ui.go_to(Screen::GeniusSetup), "{g.new_game}" }
            }
        };
    };
    let state = game.session.state();
    let mode = state.mode();
    let players = state.players().to_vec();
    let current = state.current_player();
    let can_undo = game.can_undo();
    let can_redo = game.can_redo();
    let lines = event_lines(lang, state);
    let last_sum = state.events().iter().find_map(|e| match e {
        Event::Hit { sum, .. } => Some(*sum),
        _ => None,
    });

    let mut act = move |action: Action| {
        if let Some(game) = active.write().as_mut() {
            refused.set(
                game.act(action)
                    .err()
                    .map(|e| lang.refusal(&e, |e| lang.genius_error(e))),
            );
        }
    };
    // Virtual dice: d6 values 1–6, and at `challenge_at` a challenge-die
    // face index 0–5 (as the log records them, so kept dice come back right).
    let virtual_roll = move |count: usize, challenge_at: Option<usize>| -> Vec<u32> {
        let read = active.read();
        let session: &Session<Genius> = &read.as_ref().expect("a game").session;
        let fresh = |i: usize| {
            let face = platform::random_below(6);
            if Some(i) == challenge_at {
                face
            } else {
                face + 1
            }
        };
        // A kept value that does not fit its place (a challenge face where a
        // d6 goes, after a different choice of dice) is rolled afresh: a
        // virtual roll is never refused for the dice it brings back.
        let fits = |i: usize, v: u32| {
            if Some(i) == challenge_at {
                v < 6
            } else {
                (1..=6).contains(&v)
            }
        };
        session
            .virtual_dice(count, fresh)
            .into_iter()
            .enumerate()
            .map(|(i, v)| if fits(i, v) { v } else { fresh(i) })
            .collect()
    };

    let status = match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Finished => g.game_over.to_string(),
        _ => {
            let who = lang.to_play(&players[current.unwrap_or(0)].name);
            if mode == Mode::Expert {
                format!("{} · {who}", lang.round_of(state.round() + 1, COLUMNS))
            } else {
                format!("{} · {who}", lang.mode_name(mode))
            }
        }
    };

    rsx! {
        div { class: "game", "data-testid": "genius-game",
            StatusLine { player: (current).map(|p| players[p].colour), text: status.clone() }
            if state.is_ending() && !state_finished(state) {
                p { class: "notice", "{t.last_round}" }
            }
            Notices { refused: refused(), save_failed: game.save_failed, lang }
            if !lines.is_empty() {
                div { class: "events", "data-testid": "events", "aria-live": "polite",
                    for (i, (good, line)) in lines.iter().enumerate() {
                        p { key: "{i}", class: if *good { "event good" } else { "event bad" },
                            span { "aria-hidden": "true", if *good { "✓ " } else { "✗ " } }
                            "{line}"
                        }
                    }
                }
            }
            div { class: "genius-list", "aria-label": t.list, "data-testid": "genius-list",
                span { class: "genius-list-title", "{t.list}" }
                for n in GENIUS_LIST {
                    span { key: "{n}", class: if last_sum == Some(n) { "list-n hit" } else { "list-n" }, "{n}" }
                }
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    RollOffPanel {
                        roll_off: r.clone(),
                        players: players.clone(),
                        lang,
                        on_roll: {
                            let n = r.contenders.len();
                            move |_| act(Action::RollOff { values: virtual_roll(n, None), source: RollSource::Virtual })
                        },
                    }
                },
                Phase::Roll if mode == Mode::Expert => rsx! {
                    section { class: "info play",
                        button {
                            class: "roll-main",
                            "data-testid": "expert-throw",
                            "data-haptic": "roll",
                            onclick: move |_| {
                                let v = virtual_roll(COLUMNS + 1, Some(COLUMNS));
                                let dice = v[..COLUMNS].iter().filter_map(|x| D6::new(*x as u8)).collect();
                                let challenge = face_of(v[COLUMNS]);
                                act(Action::Expert { dice, challenge, source: RollSource::Virtual });
                                typed.set(Checker::new());
                            },
                            "{t.expert_throw}"
                        }
                        p { class: "caption", "{t.expert_enter}" }
                        FaceKeypad { checker: typed, lang }
                        if typed.read().hand().is_full() {
                            div { class: "face-picker",
                                for (i, face) in FACES.into_iter().enumerate() {
                                    button {
                                        key: "{i}",
                                        class: "challenge-die pick",
                                        "data-testid": "expert-face-{lang.face_label(Face::Challenge(face))}",
                                        onclick: move |_| {
                                            let dice = typed.read().hand().entered().to_vec();
                                            act(Action::Expert { dice, challenge: face, source: RollSource::Typed });
                                            typed.set(Checker::new());
                                        },
                                        "{lang.face_label(Face::Challenge(face))}"
                                    }
                                }
                            }
                        }
                    }
                },
                Phase::Roll => {
                    let open = current.map(|p| state.open_columns(p)).unwrap_or_default();
                    let typed_sum: u32 = typed.read().hand().entered().iter().map(|d| u32::from(d.value())).sum();
                    let typed_len = typed.read().hand().len();
                    rsx! {
                        section { class: "info play",
                            h2 { class: "section-title", "{g.choose_k}" }
                            div { class: "roll-buttons",
                                for k in 1..=MAX_DICE {
                                    button {
                                        key: "{k}",
                                        class: "roll-button",
                                        "data-testid": "genius-roll-{k}",
                                        "data-haptic": "roll",
                                        "aria-disabled": if open.contains(&(k - 1)) { "false" } else { "true" },
                                        "aria-label": lang.roll_label(k),
                                        onclick: {
                                            let open = open.clone();
                                            move |_| {
                                                if !open.contains(&(k - 1)) {
                                                    refused.set(Some(lang.genius_error(&Error::ColumnFull(k))));
                                                    return;
                                                }
                                                let dice = virtual_roll(k, None).into_iter().filter_map(|v| D6::new(v as u8)).collect();
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
                            FaceKeypad { checker: typed, lang }
                            if typed_len > 0 {
                                p { class: "typed-sum", "data-testid": "typed-sum",
                                    "{lang.dice_count(typed_len)} = {typed_sum}"
                                    if GENIUS_LIST.contains(&(typed_sum as i32)) { " ✓" } else { " ✗" }
                                }
                            }
                            button {
                                class: "action record",
                                "data-testid": "record-typed",
                                disabled: typed_len == 0,
                                onclick: move |_| {
                                    let dice = typed.read().hand().entered().to_vec();
                                    act(Action::Roll { dice, source: RollSource::Typed });
                                    typed.set(Checker::new());
                                },
                                "{g.record}"
                            }
                        }
                    }
                }
                Phase::Challenge { sum, .. } => rsx! {
                    section { class: "info play",
                        p { class: "big-sum", "data-testid": "hit-sum", "{lang.points(sum)}" }
                        button {
                            class: "roll-main",
                            "data-testid": "roll-challenge",
                            "data-haptic": "roll",
                            onclick: move |_| {
                                let face = face_of(virtual_roll(1, Some(0))[0]);
                                act(Action::Challenge { face, source: RollSource::Virtual });
                            },
                            "{t.roll_challenge}"
                        }
                        p { class: "caption", "{t.or_pick_face}" }
                        div { class: "face-picker",
                            for (i, face) in FACES.into_iter().enumerate() {
                                button {
                                    key: "{i}",
                                    class: "challenge-die pick",
                                    "data-testid": "face-{lang.face_label(Face::Challenge(face))}",
                                    onclick: move |_| act(Action::Challenge { face, source: RollSource::Typed }),
                                    "{lang.face_label(Face::Challenge(face))}"
                                }
                            }
                        }
                    }
                },
                Phase::Defi { face, sum, .. } => rsx! {
                    section { class: "info play", "data-testid": "defi",
                        p { ChallengeDie { face, lang } " {lang.defi_instruction(face, &lang.points(sum))}" }
                        button { class: "action", "data-testid": "keep-all", onclick: move |_| act(Action::KeepAll), "{t.defi_keep}" }
                    }
                },
                Phase::Place { column, value } => {
                    let p = current.unwrap_or(0);
                    rsx! {
                        section { class: "info play", "data-testid": "place",
                            p { class: "big-sum", "{lang.points(value)}" }
                            h2 { class: "section-title", "{t.place_where} ({lang.column_name(column, false)})" }
                            div { class: "actions",
                                for (i, slot) in [Slot::Min, Slot::Max].into_iter().enumerate() {
                                    button {
                                        key: "{i}",
                                        class: "roll-main",
                                        "data-testid": "place-{slot:?}",
                                        "aria-disabled": if state.can_place(p, column, slot, value).is_ok() { "false" } else { "true" },
                                        onclick: move |_| act(Action::Place { slot }),
                                        "{lang.slot_name(slot)}"
                                    }
                                }
                            }
                        }
                    }
                }
                Phase::Finished => rsx! {
                    Ranking {
                        players: players.clone(),
                        places: state.places(),
                        scores: state.totals().iter().map(|t| lang.points(*t)).collect::<Vec<String>>(),
                        lang,
                        button { class: "roll-main", onclick: ui.go_to(Screen::GeniusSetup), "{g.new_game}" }
                    }
                },
            }

            UndoRedo {
                can_undo,
                can_redo,
                lang,
                on_step: move |undo| { if let Some(game) = active.write().as_mut() { game.step(undo); } refused.set(None); },
            }

            GeniusGrid { state: state.clone(), lang, on_cell: move |(player, cell): (usize, CellRef)| {
                let read = active.read();
                let Some(game) = read.as_ref() else { return };
                let state = game.session.state().clone();
                drop(read);
                match state.phase() {
                    Phase::Defi { face, .. } => {
                        if state.erasable(*face).contains(&(player, cell)) {
                            act(Action::Erase { player, cell });
                        } else {
                            refused.set(Some(lang.genius_error(&Error::CannotErase)));
                        }
                    }
                    Phase::Place { column, .. } if Some(player) == state.current_player() && cell.column == *column => {
                        if let Some(slot) = cell.slot { act(Action::Place { slot }); }
                    }
                    Phase::Roll if Some(player) == state.current_player() && state.mode() != Mode::Expert => {
                        if !state.open_columns(player).contains(&cell.column) {
                            refused.set(Some(lang.genius_error(&Error::ColumnFull(cell.column + 1))));
                        }
                    }
                    _ => {
                        if let Some(p) = state.current_player() {
                            refused.set(Some(lang.to_play(&state.players()[p].name)));
                        }
                    }
                }
            } }

            button { class: "action", "data-testid": "open-rules", onclick: ui.go_to(Screen::GeniusRules), "{g.rules}" }
        }
    }
}

fn state_finished(state: &Genius) -> bool {
    matches!(state.phase(), Phase::Finished)
}

/// Grid n°1 (one cell per column) or n°2 (MIN and MAX per column), every
/// player's row, the cells that can be played now marked.
#[component]
fn GeniusGrid(state: Genius, lang: Lang, on_cell: EventHandler<(usize, CellRef)>) -> Element {
    let g = lang.game();
    let t = lang.genius();
    let expert = state.mode() == Mode::Expert;
    let two = state.uses_grid_two();
    let players = state.players().to_vec();
    let current = state.current_player();
    let erasable: Vec<(usize, CellRef)> = match state.phase() {
        Phase::Defi { face, .. } => state.erasable(*face),
        _ => Vec::new(),
    };
    let playable = |p: usize, cell: CellRef| -> bool {
        match state.phase() {
            Phase::Roll if !expert => {
                current == Some(p) && state.cell(p, cell) == Some(Cell::Empty)
            }
            Phase::Roll => current == Some(p) && cell.column == state.round(),
            Phase::Place { column, value } => {
                current == Some(p)
                    && cell.column == *column
                    && cell
                        .slot
                        .is_some_and(|s| state.can_place(p, *column, s, *value).is_ok())
            }
            Phase::Defi { .. } => erasable.contains(&(p, cell)),
            _ => false,
        }
    };
    let slots: Vec<Option<Slot>> = if two {
        vec![Some(Slot::Min), Some(Slot::Max)]
    } else {
        vec![None]
    };
    rsx! {
        div { class: "grid-wrap",
            table { class: if two { "score-grid genius-grid two" } else { "score-grid genius-grid" }, "data-testid": "grid",
                thead {
                    tr {
                        th { scope: "col", class: "name-col", "{g.players}" }
                        if two { th { scope: "col", "" } }
                        for c in 0..COLUMNS {
                            th { key: "{c}", scope: "col", "{lang.column_name(c, expert)}" }
                        }
                        th { scope: "col", "{g.total}" }
                    }
                }
                tbody {
                    for (p, player) in players.iter().enumerate() {
                        for (si, slot) in slots.iter().copied().enumerate() {
                            tr { key: "{p}-{si}", class: if current == Some(p) { "row-now" }, "data-testid": "grid-row-{p}-{si}",
                                if si == 0 {
                                    th { scope: "row", class: "name-col", rowspan: "{slots.len()}",
                                        span { class: "player-symbol {colour_class(player.colour)}", "aria-hidden": "true", "{symbol(player)}" }
                                        span { class: "grid-name", title: "{player.name}", "{player.name}" }
                                    }
                                }
                                if two {
                                    td { class: "slot-name", if let Some(slot) = slot { "{lang.slot_name(slot)}" } }
                                }
                                for c in 0..COLUMNS {
                                    {
                                        let cell = CellRef { column: c, slot };
                                        let content = state.cell(p, cell).unwrap_or(Cell::Empty);
                                        let open = playable(p, cell);
                                        let class = match (content, open, erasable.contains(&(p, cell))) {
                                            (_, _, true) => "cell erasable",
                                            (Cell::Crossed, _, _) => "cell crossed",
                                            (Cell::Written(v), _, _) if v.0 < 0 => "cell negative",
                                            (Cell::Written(_), _, _) => "cell written",
                                            (Cell::Empty, true, _) => "cell open",
                                            (Cell::Empty, false, _) => "cell",
                                        };
                                        let suffix = match slot { Some(Slot::Min) => "-min", Some(Slot::Max) => "-max", None => "" };
                                        rsx! {
                                            td {
                                                key: "{c}",
                                                class: "{class}",
                                                "data-testid": "cell-{p}-{c}{suffix}",
                                                onclick: move |_| on_cell.call((p, cell)),
                                                match content {
                                                    Cell::Written(v) => rsx! { "{lang.points(v)}" },
                                                    Cell::Crossed => rsx! { span { "aria-label": t.crossed, "✗" } },
                                                    Cell::Empty => rsx! {},
                                                }
                                            }
                                        }
                                    }
                                }
                                if si == 0 {
                                    td { class: "cell total", rowspan: "{slots.len()}", "data-testid": "total-{p}", "{lang.points(state.total(p))}" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[component]
pub fn GeniusRulesScreen() -> Element {
    let lang = use_ui().lang();
    let t = lang.genius();
    rsx! {
        RulesPage { id: "genius-rules", game: GameKind::Genius, title: t.title, lang,
            h2 { class: "section-title", "{t.list}" }
            p { class: "genius-list", for n in GENIUS_LIST { span { key: "{n}", class: "list-n", "{n}" } } }
        }
    }
}

/// A saved game's one-line summary for the home screen.
pub fn summary(session: &Session<Genius>, lang: Lang) -> String {
    let s = session.state();
    let names = super::parts::names(s.players());
    format!(
        "{} {} · {names}",
        lang.genius().title,
        lang.mode_name(s.mode())
    )
}
