//! The games tab of the history: exporting every game or the scores,
//! importing games, deleting those ticked or those before a date, and the
//! list of finished games, a page at a time.

use super::state::{HistoryState, PAGE};
use super::today;
use crate::core::export;
use crate::core::history::{self, Aliases, Outcome};
use crate::core::save::GameId;
use crate::i18n::Lang;
use crate::platform;
use crate::saves;
use crate::ui::{use_nav, use_play, GameTitles, Screen};
use dioxus::prelude::*;

/// The tab: its actions, then the games, `aliases` resolving their
/// players' names, dated in the device's time zone (`offset`).
#[component]
pub fn GamesTab(state: HistoryState, aliases: Signal<Aliases>, offset: i32, lang: Lang) -> Element {
    let h = lang.history();
    let (nav, play) = (use_nav(), use_play());
    let mut shown = state.shown;
    // Read in place: thousands of games are not copied at each render, only
    // the page shown (the statistics and players tabs take them all).
    let count = state.done.read().len();
    let page: Vec<Outcome> = state.done.read().iter().take(shown()).cloned().collect();
    let selected = state.selected;
    rsx! {
        section { class: "info",
            FileActions { state, aliases, offset, lang }
            DeleteActions { state, offset, lang }
        }
        if count == 0 {
            p { class: "info", "data-testid": "history-empty", "{h.empty}" }
        }
        for o in page {
            HistoryRow { key: "{o.id}", selected: selected().contains(&o.id), outcome: o, aliases: aliases(), lang, offset,
                on_select: move |id: GameId| state.toggle(id),
                on_delete: move |id: GameId| state.delete(vec![id]),
                on_view: move |id: GameId| {
                    let mut nav = nav;
                    match saves::game(&id) {
                        Some(s) => if play.open(&s, true) { nav.go(Screen::Game(s.game)) },
                        None => state.set_aside(),
                    }
                },
                on_export: move |id: GameId| match saves::game(&id) {
                    Some(s) => state.share(format!("genius-{id}.json"), "application/json", export::export(&[s], platform::now_ms())),
                    None => state.set_aside(),
                },
            }
        }
        if count > shown() {
            button {
                class: "action",
                "data-testid": "show-more",
                onclick: move |_| shown += PAGE,
                "{lang.show_more(count - shown())}"
            }
        }
    }
}

/// Every game exported as a file, the scores as a table, and games
/// imported from a file.
#[component]
fn FileActions(state: HistoryState, aliases: Signal<Aliases>, offset: i32, lang: Lang) -> Element {
    let h = lang.history();
    rsx! {
        div { class: "actions",
            button {
                class: "action",
                "data-testid": "export-all",
                onclick: move |_| state.share(format!("genius-export-{}.json", today()), "application/json", export::export(&saves::all_games().0, platform::now_ms())),
                "{h.export_all}"
            }
            button {
                class: "action",
                "data-testid": "export-csv",
                onclick: move |_| {
                    let csv = history::csv(&state.done.peek(), &aliases.read(), &lang.csv_words(), offset, |o| {
                        (lang.game_title(o.game).to_string(), lang.variant_name(&o.variant))
                    });
                    state.share(format!("genius-scores-{}.csv", today()), "text/csv", csv)
                },
                "{h.export_csv}"
            }
        }
        label { class: "action import-button",
            "{h.import}"
            for round in [(state.import_round)()] {
            input {
                key: "{round}",
                r#type: "file",
                // .txt too: the copy Chrome's share sheet takes (see public/shell.js).
                accept: ".json,application/json,.txt,text/plain",
                "data-testid": "import-file",
                onchange: move |e| async move {
                    let Some(file) = e.files().into_iter().next() else { return };
                    state.import(file).await
                },
            }
            }
        }
        p { class: "caption", "{h.import_hint}" }
    }
}

/// Deleting the games ticked, or every game finished before a date.
#[component]
fn DeleteActions(state: HistoryState, offset: i32, lang: Lang) -> Element {
    let st = lang.storage();
    let (selected, mut before) = (state.selected, state.before);
    rsx! {
        div { class: "actions",
            if !selected().is_empty() {
                button {
                    class: "action",
                    "data-testid": "delete-selected",
                    onclick: move |_| {
                        state.delete(selected())
                    },
                    "{lang.delete_selected(selected().len())}"
                }
            }
        }
        div { class: "actions",
            label { "{st.delete_before} "
                input {
                    r#type: "date",
                    "data-testid": "delete-before-date",
                    value: "{before}",
                    oninput: move |e| before.set(e.value()),
                }
            }
            button {
                class: "action",
                "data-testid": "delete-before",
                disabled: before().len() != 10,
                onclick: move |_| {
                    let day = before();
                    let gone = state
                        .done
                        .peek()
                        .iter()
                        .filter(|o| history::date_text(o.finished_at, offset)[..10] < *day)
                        .map(|o| o.id.clone())
                        .collect();
                    state.delete(gone)
                },
                "{st.delete}"
            }
        }
    }
}

/// One finished game: when, what, who with what score, and its actions.
#[component]
fn HistoryRow(
    outcome: Outcome,
    aliases: Aliases,
    lang: Lang,
    offset: i32,
    on_view: EventHandler<GameId>,
    on_export: EventHandler<GameId>,
    selected: bool,
    on_select: EventHandler<GameId>,
    on_delete: EventHandler<GameId>,
) -> Element {
    let h = lang.history();
    let st = lang.storage();
    let id = outcome.id.clone();
    let places = &outcome.places;
    let order = history::order(places.len(), &|a, b| places[a].cmp(&places[b]));
    let (view, export, gone) = (id.clone(), id.clone(), id.clone());
    rsx! {
        article { class: "info history-row", "data-testid": "hist-{id}",
            div { class: "hist-head",
                strong { "{lang.outcome_title(lang.game_title(outcome.game), &outcome)}" }
                if outcome.coached {
                    span { class: "coached-mark", "data-testid": "coached-{id}", crate::ui::coach::CoachIcon {} "{lang.coach().coached}" }
                }
                small { "{history::date_text(outcome.finished_at, offset)}" }
            }
            ol { class: "hist-players",
                for i in order {
                    li { key: "{i}", class: if outcome.places[i] == 1 { "winner" } else { "" },
                        span { class: "place", "{lang.place(outcome.places[i])}" }
                        span { class: "rank-name", if outcome.places[i] == 1 { "★ " } "{aliases.resolve(&outcome.players[i])}" }
                        if outcome.has_points() {
                            span { class: "rank-total", "{lang.score(outcome.scores[i])}" }
                        }
                    }
                }
            }
            div { class: "actions",
                button { class: "action", "data-testid": "view-{id}", onclick: move |_| on_view.call(view.clone()), "{h.view}" }
                button { class: "action", "data-testid": "export-{id}", onclick: move |_| on_export.call(export.clone()), "{h.export}" }
                label { class: "action",
                    input {
                        r#type: "checkbox",
                        "data-testid": "select-{id}",
                        checked: selected,
                        onchange: {
                            let id = id.clone();
                            move |_| on_select.call(id.clone())
                        },
                    }
                    " {st.select}"
                }
                button { class: "action", "data-testid": "delete-{id}", onclick: move |_| on_delete.call(gone.clone()), "{st.delete}" }
            }
        }
    }
}
