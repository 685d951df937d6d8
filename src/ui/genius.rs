//! Genius modes GENIUS, + Simple, Expert and Partie + Longue: the grid as on
//! paper (n°1 or n°2) with the cells playable now marked, the challenge die
//! shown as its face, the arithmetic spelled out, and the GENIUS list at hand.

mod events;
mod setup;
mod turn;

use super::coach::Panel;
use super::frame::{use_coach, use_game, GameFrame, NoGame, UseGame};
use super::parts::{colour_class, symbol, use_typed, NewGame, Ranking, RulesPage};
use super::use_prefs;
use crate::core::coach::genius as coach;
use crate::core::game::{GameKind, Mode, Roll, Rules};
use crate::core::genius::{Cell, CellRef, Error, Event, Genius, Phase, Slot, COLUMNS, GENIUS_LIST};
use crate::core::told::NotPlayed;
use crate::i18n::Lang;
use dioxus::prelude::*;
use events::{event_lines, GeniusList, TurnEvents};
use turn::{ChallengePanel, ColumnRoll, DefiPanel, ExpertRoll, PlacePanel};

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
    let coach = use_coach(game);
    let lang = game.lang;
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
    let on_act = move |action| {
        game.act(action);
    };
    let on_throw = move |()| {
        game.dice().throw_next();
    };

    rsx! {
        GameFrame {
            game: game.frame(),
            player: current.map(|p| players[p].colour),
            status: status(state, lang),
            coach: Some(coach.panel(None, move |state| coach_panel(state, lang))),
            sheet: rsx! {
                GeniusGrid { state: state.clone(), lang, on_cell: move |(player, cell)| tap_cell(game, player, cell) }
            },
            if state.is_ending() && !state.is_finished() {
                p { class: "notice", "{lang.genius().last_round}" }
            }
            if !lines.is_empty() {
                TurnEvents { lines }
            }
            GeniusList { last_sum, lang }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.dice().roll_off(&r, &players)}
                },
                Phase::Roll if mode == Mode::Expert => rsx! {
                    ExpertRoll { typed, lang, app_rolls: game.dice().app_rolls(), on_throw, on_act }
                },
                Phase::Roll => rsx! {
                    ColumnRoll {
                        typed,
                        lang,
                        rolls: game.dice().rolls(),
                        app_rolls: game.dice().app_rolls(),
                        caption: game.dice().enter_dice(),
                        on_roll: move |k| { game.dice().throw(&Roll::d6(k)); },
                        on_act,
                    }
                },
                Phase::Challenge { sum, .. } => rsx! {
                    ChallengePanel { sum, lang, app_rolls: game.dice().app_rolls(), on_throw, on_act }
                },
                Phase::Defi { face, sum, .. } => rsx! {
                    DefiPanel { face, sum, lang, on_act }
                },
                Phase::Place { column, value } => rsx! {
                    PlacePanel { column, value, slots: state.legal_slots(current.unwrap_or(0), column, value), lang, on_act }
                },
                Phase::Finished => rsx! {
                    Ranking {
                        players: players.clone(),
                        places: state.places(),
                        scores: state.totals().iter().map(|t| lang.points(*t)).collect::<Vec<String>>(),
                        lang,
                        NewGame { kind: GameKind::Genius, lang }
                    }
                },
            }

        }
    }
}

/// The status line: who starts, whose turn it is in which round or mode,
/// or the end.
fn status(state: &Genius, lang: Lang) -> String {
    let g = lang.game();
    match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Finished => g.game_over.to_string(),
        _ => {
            let current = state.current_player().unwrap_or(0);
            let who = lang.to_play(&state.players()[current].name);
            if state.mode() == Mode::Expert {
                format!("{} · {who}", lang.round_of(state.round() + 1, COLUMNS))
            } else {
                format!("{} · {who}", lang.mode_name(state.mode()))
            }
        }
    }
}

/// A tap on a grid's cell: the action the game maps it to, or its refusal
/// (out of turn: whose turn it is).
fn tap_cell(game: UseGame<Genius>, player: usize, cell: CellRef) {
    let tapped = game.active.read().as_ref().map(|a| {
        let state = a.session.state();
        let current = state
            .current_player()
            .map(|p| state.players()[p].name.clone());
        (state.tap(player, cell), current)
    });
    match tapped {
        Some((Ok(Some(action)), _)) => {
            game.act(action);
        }
        Some((Err(Error::NotNow), Some(name))) => {
            game.refuse(NotPlayed::OutOfTurn { to_play: name })
        }
        Some((Err(e), _)) => game.refuse(NotPlayed::Rules(e)),
        _ => {}
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
    let lang = use_prefs().lang();
    let t = lang.genius();
    rsx! {
        RulesPage { id: "genius-rules", game: GameKind::Genius, title: t.title, lang,
            h2 { class: "section-title", "{t.list}" }
            p { class: "genius-list", for n in GENIUS_LIST { span { key: "{n}", class: "list-n", "{n}" } } }
        }
    }
}
