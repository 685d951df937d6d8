//! Roll to the Top: the dice pool and the white die, each player's tower of
//! squares (only squares that accept the chosen number are enabled), the
//! adjustments the white die asks for, and the series.

use super::parts::{Notices, Ranking, RollOffPanel, RulesPage, StatusLine, UndoRedo};
use super::serieux::symbol;
use super::{use_default, use_ui, Screen};
use crate::core::dice_kinds::{DieKind, Face, White};
use crate::core::rtt::{accepts, Action, Adjustment, Phase, Placement, Rtt, Sheet, COLOURED};
use crate::core::save::GameKind;
use crate::core::session::{RollSource, Session};
use crate::i18n::Lang;
use crate::platform;
use crate::records;
use dioxus::prelude::*;

fn die_class(kind: DieKind) -> String {
    // The roller draws a d6 with pips; here every die shows its number.
    match kind {
        DieKind::D6 => "rdie rdie-d6n".to_string(),
        other => format!("rdie rdie-d{}", other.sides()),
    }
}

const WHITE_FACES: [White; 6] = [
    White::AddOne,
    White::AddOne,
    White::RemoveOne,
    White::RemoveOne,
    White::AddOrRemove,
    White::AddAndRemove,
];

#[component]
pub fn RttGameScreen() -> Element {
    let ui = use_ui();
    let mut active = ui.rtt;
    let lang = ui.lang();
    let g = lang.game();
    let t = lang.rtt();
    let mut refused = use_default::<Option<String>>();
    // The current player's draft: placements made so far and the dice picked.
    let mut draft = use_default::<Vec<Placement>>();
    let mut picked = use_default::<Vec<usize>>();
    let mut chooser = use_default::<Option<usize>>();
    let mut shown = use_default::<Option<usize>>();
    let mut typed = use_default::<Vec<String>>();
    let mut typed_white = use_default::<usize>();
    let mut add_pick = use_default::<Option<DieKind>>();
    let mut remove_pick = use_default::<Option<DieKind>>();
    let mut series = use_signal(records::rtt_series);

    let read = active.read();
    let Some(game) = read.as_ref() else {
        return rsx! {
            div { class: "info",
                button { class: "roll-main", onclick: ui.go_to(Screen::RttSetup), "{g.new_game}" }
            }
        };
    };
    let state = game.session.state();
    let players = state.players().to_vec();
    let sheet = state.sheet().clone();
    let decreasing = state.setup().decreasing;
    let can_undo = game.can_undo();
    let can_redo = game.can_redo();

    let mut reset_draft = move || {
        draft.set(Vec::new());
        picked.set(Vec::new());
        typed.set(Vec::new());
        add_pick.set(None);
        remove_pick.set(None);
    };
    let mut act = move |action: Action| {
        if let Some(game) = active.write().as_mut() {
            refused.set(
                game.act(action)
                    .err()
                    .map(|e| lang.refusal(&e, |e| lang.rtt_error(e))),
            );
        }
        // The move may have ended the game and counted it in the series.
        series.set(records::rtt_series());
        reset_draft();
        chooser.set(None);
    };
    let virtual_values = move |kinds: Vec<DieKind>, white: bool| -> Vec<u32> {
        let read = active.read();
        let session: &Session<Rtt> = &read.as_ref().expect("a game").session;
        let n = kinds.len() + usize::from(white);
        // A coloured die shows 1 to its number of sides; the white die, a face index 0 to 5.
        let roll = |i: usize| match kinds.get(i) {
            Some(k) => 1 + platform::random_below(k.sides() as u32),
            None => platform::random_below(6),
        };
        let values = session.virtual_dice(n, roll);
        // Kept dice from an undone roll may not fit a changed set: roll those afresh.
        values
            .into_iter()
            .enumerate()
            .map(|(i, v)| match kinds.get(i) {
                Some(k) if v == 0 || v > k.sides() as u32 => roll(i),
                None if v > 5 => roll(i),
                _ => v,
            })
            .collect()
    };

    let waiting: Vec<usize> = match state.phase() {
        Phase::Place { waiting, .. } => waiting.clone(),
        _ => Vec::new(),
    };
    let placing = chooser()
        .filter(|c| waiting.contains(c))
        .or(waiting.first().copied());
    let sheet_of = shown().or(placing).unwrap_or(0).min(players.len() - 1);
    let status = match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Start | Phase::Roll | Phase::Adjust { .. } => {
            lang.rolls_dice(&players[state.roller()].name)
        }
        Phase::Place { .. } => lang.to_play(&players[placing.unwrap_or(0)].name),
        Phase::Finished => g.game_over.to_string(),
    };

    // The draft's board for the placing player.
    let (result, used) = match state.phase() {
        Phase::Place { result, .. } => {
            let mut used = vec![false; result.len()];
            for p in draft.read().iter() {
                for &d in &p.dice {
                    used[d] = true;
                }
            }
            (result.clone(), used)
        }
        _ => (Vec::new(), Vec::new()),
    };
    let mut board: Vec<Option<u32>> = state.filled(sheet_of).to_vec();
    if Some(sheet_of) == placing {
        for p in draft.read().iter() {
            board[p.square] = Some(p.dice.iter().map(|&d| result[d]).sum());
        }
    }
    let picked_sum: u32 = picked
        .read()
        .iter()
        .map(|&d| result.get(d).copied().unwrap_or(0))
        .sum();
    let drafted: Vec<usize> = draft.read().iter().map(|p| p.square).collect();

    rsx! {
        div { class: "game", "data-testid": "rtt-game",
            StatusLine { player: (placing.or(matches!(state.phase(), Phase::Start | Phase::Roll | Phase::Adjust { .. }).then_some(state.roller()))).map(|p| players[p].colour), text: status.clone() }
            Notices { refused: refused(), save_failed: game.save_failed, lang }
            div { class: "pool", "data-testid": "pool",
                for (i, kind) in COLOURED.into_iter().enumerate() {
                    span {
                        key: "{i}",
                        class: if state.dice_in_play().contains(&kind) { "pool-die in" } else { "pool-die out" },
                        span { class: "{die_class(kind)}", "d{kind.sides()}" }
                    }
                }
                if let Some(w) = state.white() {
                    span { class: "pool-die white", title: t.white_next,
                        span { class: "rdie rdie-white", "{lang.face_label(Face::White(w))}" }
                    }
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
                            move |_| act(Action::RollOff { values: virtual_values(vec![DieKind::D6; n], false), source: RollSource::Virtual })
                        },
                    }
                },
                Phase::Start => rsx! {
                    section { class: "info play",
                        if let Some(values) = state.start_values() {
                            p { class: "caption", {COLOURED.iter().zip(values).map(|(k, v)| format!("d{} {v}", k.sides())).collect::<Vec<_>>().join(" · ")} }
                        }
                        p { class: "caption", "{t.start_hint}" }
                        button {
                            class: "roll-main",
                            "data-testid": "rtt-start",
                            "data-haptic": "roll",
                            onclick: move |_| act(Action::StartRoll { values: virtual_values(COLOURED.to_vec(), false), source: RollSource::Virtual }),
                            "{t.start}"
                        }
                        TypedValues { kinds: COLOURED.to_vec(), values: typed, lang }
                        button {
                            class: "action",
                            "data-testid": "rtt-start-typed",
                            onclick: move |_| {
                                let values = typed.read().iter().map(|v| v.trim().parse().unwrap_or(0)).collect();
                                act(Action::StartRoll { values, source: RollSource::Typed });
                            },
                            "{g.record}"
                        }
                    }
                },
                Phase::Roll => rsx! {
                    section { class: "info play",
                        button {
                            class: "roll-main",
                            "data-testid": "rtt-roll",
                            "data-haptic": "roll",
                            onclick: move |_| {
                                let kinds = active.read().as_ref().map(|a| a.session.state().dice_in_play().to_vec()).unwrap_or_default();
                                let mut values = virtual_values(kinds.clone(), true);
                                let white = values.pop().unwrap_or(0) as usize;
                                act(Action::Roll { values, white, source: RollSource::Virtual });
                            },
                            "{t.roll}"
                        }
                        TypedValues { kinds: state.dice_in_play().to_vec(), values: typed, lang }
                        div { class: "chips",
                            for (i, face) in [0usize, 2, 4, 5].into_iter().map(|i| (i, WHITE_FACES[i])) {
                                button {
                                    key: "{i}",
                                    class: if typed_white() == i { "chip chip-on" } else { "chip" },
                                    "data-testid": "typed-white-{i}",
                                    onclick: move |_| typed_white.set(i),
                                    "{lang.face_label(Face::White(face))}"
                                }
                            }
                        }
                        button {
                            class: "action",
                            "data-testid": "rtt-roll-typed",
                            onclick: move |_| {
                                let values = typed.read().iter().map(|v| v.trim().parse().unwrap_or(0)).collect();
                                act(Action::Roll { values, white: typed_white(), source: RollSource::Typed });
                            },
                            "{g.record}"
                        }
                    }
                },
                Phase::Place { result, .. } => {
                    let who = placing.unwrap_or(0);
                    let kinds = state.dice_in_play().to_vec();
                    rsx! {
                        section { class: "info play", "data-testid": "place",
                            if waiting.len() > 1 {
                                div { class: "chips",
                                    for p in waiting.iter().copied() {
                                        button {
                                            key: "{p}",
                                            class: if p == who { "chip chip-on" } else { "chip" },
                                            "data-testid": "placer-{p}",
                                            onclick: move |_| { chooser.set(Some(p)); shown.set(Some(p)); reset_draft(); },
                                            "{players[p].name}"
                                        }
                                    }
                                }
                            }
                            p { class: "caption", "{t.pick_dice}" }
                            div { class: "roller-dice",
                                for (i, v) in result.iter().copied().enumerate() {
                                    button {
                                        key: "{i}",
                                        class: if picked.read().contains(&i) { "rdie-slot kept" } else { "rdie-slot" },
                                        "data-testid": "rd-{i}",
                                        disabled: used[i],
                                        onclick: move |_| {
                                            let mut p = picked.write();
                                            if let Some(pos) = p.iter().position(|&x| x == i) { p.remove(pos); } else { p.push(i); }
                                        },
                                        span { class: "{die_class(kinds.get(i).copied().unwrap_or(DieKind::D6))}", span { class: "rdie-label", "{v}" } }
                                        span { class: "rdie-name", "d{kinds.get(i).map(|k| k.sides()).unwrap_or(6)}" }
                                    }
                                }
                            }
                            if !picked.read().is_empty() {
                                p { class: "pair-sums", "data-testid": "picked-sum", "= {picked_sum}" }
                            }
                            div { class: "actions",
                                button { class: "action", "data-testid": "take-back", disabled: draft.read().is_empty(),
                                    onclick: move |_| { draft.write().pop(); },
                                    "↶ {t.take_back}"
                                }
                                button {
                                    class: "roll-main",
                                    "data-testid": "rtt-done",
                                    onclick: move |_| {
                                        let placements = draft.read().clone();
                                        act(Action::Place { player: who, placements });
                                    },
                                    if draft.read().is_empty() { "{t.pass}" } else { "{t.done} ({draft.read().len()})" }
                                }
                            }
                        }
                    }
                }
                Phase::Adjust { must, because } => {
                    let set = state.dice_in_play().to_vec();
                    let can_add = matches!(must, Adjustment::Add | Adjustment::AddOrRemove | Adjustment::AddAndRemove);
                    let can_remove = matches!(must, Adjustment::Remove | Adjustment::AddOrRemove | Adjustment::AddAndRemove);
                    rsx! {
                        section { class: "info play", "data-testid": "adjust",
                            p { class: "fifth-rule", "data-testid": "adjustment", "{lang.rtt_adjustment(must, because)}" }
                            if can_add {
                                div { class: "chips",
                                    span { class: "caption", "{t.add} :" }
                                    for (i, k) in COLOURED.into_iter().filter(|k| !set.contains(k)).enumerate() {
                                        button {
                                            key: "{i}",
                                            class: if add_pick() == Some(k) { "chip chip-on" } else { "chip" },
                                            "data-testid": "add-d{k.sides()}",
                                            onclick: move |_| add_pick.set(if add_pick() == Some(k) { None } else { Some(k) }),
                                            "+ d{k.sides()}"
                                        }
                                    }
                                }
                            }
                            if can_remove {
                                div { class: "chips",
                                    span { class: "caption", "{t.remove} :" }
                                    for (i, k) in set.iter().copied().enumerate() {
                                        button {
                                            key: "{i}",
                                            class: if remove_pick() == Some(k) { "chip chip-on" } else { "chip" },
                                            "data-testid": "remove-d{k.sides()}",
                                            onclick: move |_| remove_pick.set(if remove_pick() == Some(k) { None } else { Some(k) }),
                                            "− d{k.sides()}"
                                        }
                                    }
                                }
                            }
                            button {
                                class: "roll-main",
                                "data-testid": "rtt-adjust",
                                onclick: move |_| act(Action::Adjust { add: add_pick(), remove: remove_pick() }),
                                "{t.confirm}"
                            }
                        }
                    }
                }
                Phase::Finished => {
                    let totals = series.read().totals.clone();
                    rsx! {
                        Ranking {
                            players: players.clone(),
                            places: state.places(),
                            scores: (0..players.len()).map(|i| format!("{} {}", state.open_squares(i), t.open)).collect::<Vec<String>>(),
                            lang,
                            h2 { class: "section-title", "{t.series}" }
                            ul { class: "ranking-list", "data-testid": "series",
                                for p in players.iter() {
                                    li { key: "{p.name}", span { class: "rank-name", "{p.name}" } span { class: "rank-total", "{totals.get(&p.name).copied().unwrap_or(0)}" } }
                                }
                            }
                            button { class: "action", onclick: move |_| series.set(records::reset_rtt_series()), "{t.series_reset}" }
                            button { class: "roll-main", onclick: ui.go_to(Screen::RttSetup), "{g.new_game}" }
                        }
                    }
                }
            }

            if players.len() > 1 {
                div { class: "chips", role: "tablist",
                    for (p, player) in players.iter().enumerate() {
                        button {
                            key: "{p}",
                            class: if p == sheet_of { "chip chip-on" } else { "chip" },
                            "data-testid": "tower-tab-{p}",
                            onclick: move |_| shown.set(Some(p)),
                            "{symbol(player)} {player.name} · {state.open_squares(p)}"
                        }
                    }
                }
            }
            Tower {
                sheet: sheet.clone(),
                board: board.clone(),
                highlight: state.last_filled(sheet_of).iter().copied().chain(drafted.iter().copied()).collect::<Vec<usize>>(),
                accept: if Some(sheet_of) == placing && !picked.read().is_empty() {
                    (0..sheet.len()).filter(|&sq| accepts(&sheet, &board, sq, picked_sum, decreasing)).collect::<Vec<usize>>()
                } else { Vec::new() },
                on_square: move |sq: usize| {
                    let dice = picked.read().clone();
                    if dice.is_empty() || Some(sheet_of) != placing { return; }
                    if accepts(&sheet, &board, sq, picked_sum, decreasing) {
                        draft.write().push(Placement { square: sq, dice });
                        picked.set(Vec::new());
                        refused.set(None);
                    } else {
                        refused.set(Some(lang.rtt_error(&crate::core::rtt::Error::SquareRefuses { square: sq, value: picked_sum })));
                    }
                },
            }

            UndoRedo {
                can_undo,
                can_redo,
                lang,
                on_step: move |undo| { if let Some(game) = active.write().as_mut() { game.step(undo); } reset_draft(); refused.set(None); },
            }
            button { class: "action", "data-testid": "open-rules", onclick: ui.go_to(Screen::RttRules), "{g.rules}" }
        }
    }
}

/// Number fields for dice typed in from real dice.
#[component]
fn TypedValues(kinds: Vec<DieKind>, values: Signal<Vec<String>>, lang: Lang) -> Element {
    let mut values = values;
    if values.read().len() != kinds.len() {
        values.set(vec![String::new(); kinds.len()]);
    }
    rsx! {
        p { class: "caption", "{lang.rtt().enter_values}" }
        div { class: "typed-values",
            for (i, k) in kinds.iter().enumerate() {
                label { key: "{i}", class: "typed-value",
                    span { "d{k.sides()}" }
                    input {
                        r#type: "number",
                        inputmode: "numeric",
                        min: "1",
                        max: "{k.sides()}",
                        "data-testid": "value-{i}",
                        value: values.read().get(i).cloned().unwrap_or_default(),
                        oninput: move |e| { if let Some(v) = values.write().get_mut(i) { *v = e.value(); } },
                    }
                }
            }
        }
    }
}

/// A tower of squares drawn from the sheet's data.
#[component]
fn Tower(
    sheet: Sheet,
    board: Vec<Option<u32>>,
    highlight: Vec<usize>,
    accept: Vec<usize>,
    on_square: EventHandler<usize>,
) -> Element {
    let unit = 26; // px per half-square
    let rows = sheet.rows();
    let width = sheet.width() * unit;
    let height = rows * unit * 2;
    rsx! {
        div { class: "tower-wrap",
            div { class: "tower", "data-testid": "tower", style: "width: {width}px; height: {height}px;",
                for s in sheet.squares.iter() {
                    button {
                        key: "{s.id}",
                        class: if accept.contains(&s.id) { "tsq accept" } else if highlight.contains(&s.id) { "tsq new" } else if board[s.id].is_some() { "tsq filled" } else { "tsq" },
                        "data-testid": "tsq-{s.id}",
                        style: "left: {s.x * unit}px; bottom: {s.row * unit * 2}px; width: {unit * 2 - 4}px; height: {unit * 2 - 4}px;",
                        onclick: { let id = s.id; move |_| on_square.call(id) },
                        if let Some(v) = board[s.id] { "{v}" }
                        if s.base && board[s.id].is_none() { span { class: "tsq-base", "▁" } }
                    }
                }
            }
        }
    }
}

#[component]
pub fn RttRulesScreen() -> Element {
    let lang = use_ui().lang();
    let t = lang.rtt();
    rsx! {
        RulesPage { id: "rtt-rules", game: GameKind::Rtt, title: t.title, lang }
    }
}

/// A saved game's one-line summary for the home screen.
pub fn summary(session: &Session<Rtt>, lang: Lang) -> String {
    let s = session.state();
    let names = super::parts::names(s.players());
    format!(
        "{} · {} · {names}",
        lang.rtt().title,
        lang.sheet_name(&s.sheet().name)
    )
}
