//! Genius modes GENIUS, + Simple, Expert and Partie + Longue: the grid as on
//! paper (n°1 or n°2) with the cells playable now marked, the challenge die
//! shown as its face, the arithmetic spelled out, and the GENIUS list at hand.

mod setup;
use super::coach::Panel;
use super::parts::{
    colour_class, symbol, use_typed, AppRoll, Ranking, RecordTyped, RollPanel, RulesPage,
};
use super::{use_game, use_ui, GameFrame, NoGame, Screen};
use crate::core::coach::genius as coach;
use crate::core::dice_kinds::{Challenge, Face};
use crate::core::game::{GameKind, Mode, Roll, RollSource, Rules};
use crate::core::genius::{
    on_list, sum_of, Action, Cell, CellRef, Error, Event, Genius, Halves, Phase, Slot, COLUMNS,
    GENIUS_LIST,
};
use crate::i18n::Lang;
use dioxus::prelude::*;

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
                value,
            } => {
                let maths = lang.arithmetic(Halves::whole(*sum), *face, *result);
                let with_bonus = bonus.then_some(*value);
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

/// The coach at the decision at hand (column, challenge die, Défi, MIN or
/// MAX, Expert's throw).
fn coach_panel(state: &Genius, lang: Lang) -> Panel {
    let Some(advice) = coach::advise(state) else {
        return Panel::default();
    };
    let names: Vec<String> = state.players().iter().map(|p| p.name.clone()).collect();
    let mut panel = Panel::of(&advice, |choice| lang.genius_choice(*choice, &names));
    let t = lang.coach();
    match state.phase() {
        Phase::Roll if state.mode() == Mode::Expert => {
            panel.chance_label = Some(t.expert_bonus.into());
        }
        Phase::Roll => panel.chance_label = Some(t.on_list.into()),
        Phase::Challenge { .. } => panel.expected_label = Some(t.written.into()),
        Phase::Defi { .. } => panel.expected_label = Some(t.gap.into()),
        Phase::Place { .. } => panel.chance_label = Some(t.next_fits.into()),
        Phase::RollOff(_) | Phase::Finished => {}
    }
    panel.reason = Some(lang.genius_reason(advice.reason).into());
    panel
}

#[component(lazy)]
pub fn GeniusGameScreen() -> Element {
    let game = use_game::<Genius>();
    let (ui, lang) = (game.ui, game.lang);
    let g = lang.game();
    let t = lang.genius();
    let typed = use_typed();

    let read = game.active.read();
    let Some(active) = read.as_ref() else {
        return rsx! { NoGame { kind: GameKind::Genius } };
    };
    let state = active.session.state();
    let mode = state.mode();
    let players = state.players().to_vec();
    let current = state.current_player();
    let lines = event_lines(lang, state);
    let last_sum = state.events().iter().find_map(|e| match e {
        Event::Hit { sum, .. } => Some(*sum),
        _ => None,
    });
    let rolls = game.rolls();

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
        GameFrame {
            game: game.frame(),
            player: current.map(|p| players[p].colour),
            status: status.clone(),
            coach: Some(game.coach(None, move |state| coach_panel(state, lang))),
            sheet: rsx! {
                GeniusGrid { state: state.clone(), lang, on_cell: move |(player, cell): (usize, CellRef)| {
                    let tapped = game.active.read().as_ref().map(|a| {
                        let state = a.session.state();
                        (state.tap(player, cell), state.current_player().map(|p| state.players()[p].name.clone()))
                    });
                    match tapped {
                        Some((Ok(Some(action)), _)) => { game.act(action); }
                        Some((Err(Error::NotNow), Some(name))) => game.refuse(lang.to_play(&name)),
                        Some((Err(e), _)) => game.refuse(lang.genius_error(&e)),
                        _ => {}
                    }
                } }
            },
            if state.is_ending() && !state.is_finished() {
                p { class: "notice", "{t.last_round}" }
            }
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
                    {game.roll_off(&r, &players)}
                },
                Phase::Roll if mode == Mode::Expert => rsx! {
                    RollPanel {
                        app_roll: AppRoll::One { id: "expert-throw", label: t.expert_throw },
                        typed,
                        lang,
                        app_rolls: game.app_rolls(),
                        on_roll: move |_| { game.throw_next(); },
                        caption: t.expert_enter,
                        if typed.is_full() {
                            div { class: "face-picker",
                                for (i, face) in Challenge::ALL.into_iter().enumerate() {
                                    button {
                                        key: "{i}",
                                        class: "challenge-die pick",
                                        "data-testid": "expert-face-{lang.face_label(Face::Challenge(face))}",
                                        onclick: move |_| {
                                            game.act(Action::Expert { dice: typed.dice(), challenge: face, source: RollSource::Typed });
                                            typed.clear();
                                        },
                                        "{lang.face_label(Face::Challenge(face))}"
                                    }
                                }
                            }
                        }
                    }
                },
                Phase::Roll => {
                    let typed_sum = sum_of(&typed.dice());
                    rsx! {
                        RollPanel {
                            typed,
                            lang,
                            // Enabled when the game lists this roll; a tap on a
                            // full column gets the game's refusal.
                            app_roll: AppRoll::Counts { id: "genius-roll", listed: Some(rolls.clone()) },
                            app_rolls: game.app_rolls(),
                            on_roll: move |k| { game.throw(&Roll::d6(k)); },
                            caption: game.enter_dice(),
                            if !typed.is_empty() {
                                p { class: "typed-sum", "data-testid": "typed-sum",
                                    "{lang.dice_count(typed.len())} = {typed_sum}"
                                    if on_list(Halves::whole(typed_sum)) { " ✓" } else { " ✗" }
                                }
                            }
                            RecordTyped { typed, lang, ready: !typed.is_empty(),
                                on_record: move |dice| { game.act(Action::Roll { dice, source: RollSource::Typed }); },
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
                            hidden: !game.app_rolls(),
                            "data-haptic": "roll",
                            onclick: move |_| { game.throw_next(); },
                            "{t.roll_challenge}"
                        }
                        p { class: "caption", "{t.or_pick_face}" }
                        div { class: "face-picker",
                            for (i, face) in Challenge::ALL.into_iter().enumerate() {
                                button {
                                    key: "{i}",
                                    class: "challenge-die pick",
                                    "data-testid": "face-{lang.face_label(Face::Challenge(face))}",
                                    onclick: move |_| { game.act(Action::Challenge { face, source: RollSource::Typed }); },
                                    "{lang.face_label(Face::Challenge(face))}"
                                }
                            }
                        }
                    }
                },
                Phase::Defi { face, sum, .. } => rsx! {
                    section { class: "info play", "data-testid": "defi",
                        p { ChallengeDie { face, lang } " {lang.defi_instruction(face, &lang.points(sum))}" }
                        button { class: "action", "data-testid": "keep-all", onclick: move |_| { game.act(Action::KeepAll); }, "{t.defi_keep}" }
                    }
                },
                Phase::Place { column, value } => {
                    let slots = state.legal_slots(current.unwrap_or(0), column, value);
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
                                        "aria-disabled": if slots.contains(&slot) { "false" } else { "true" },
                                        onclick: move |_| { game.act(Action::Place { slot }); },
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
                        button { class: "roll-main", onclick: ui.go_to(Screen::Setup(GameKind::Genius)), "{g.new_game}" }
                    }
                },
            }

        }
    }
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
    // The cells the decision at hand can fill or erase, as the game says.
    let playable = state.playable_cells();
    let erasing = matches!(state.phase(), Phase::Defi { .. });
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
                                        let open = playable.contains(&(p, cell));
                                        let class = match (content, open, erasing && open) {
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
