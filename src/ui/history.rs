//! History, statistics and players: every finished game by its summary
//! (from the store's index, see `core::index`; a game is read whole only to
//! view, export or delete it), who wins most, scores over time, renaming and
//! merging players, and export/import of games as files. The list shows a
//! page of games at a time.

mod games;
mod players;
mod state;
mod stats;

use super::use_prefs;
use crate::core::history::{self, Outcome};
use crate::platform;
use crate::{records, saves};
use dioxus::prelude::*;
use games::GamesTab;
use players::PlayersTab;
use state::use_history;
use stats::StatsTab;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Games,
    Stats,
    Players,
}

/// Finished games, newest first, with their outcome from their summary.
fn finished() -> Vec<Outcome> {
    saves::with_index(saves::Replays::NOW, |index| {
        index
            .entries
            .iter()
            .map(|e| Outcome::of(&e.id, e.saved_at, &e.summary))
            .collect()
    })
}

/// "2026-11-21".
fn today() -> String {
    history::date_text(platform::now_ms(), platform::local_offset_minutes())[..10].to_string()
}

#[component(lazy)]
pub fn HistoryScreen() -> Element {
    let lang = use_prefs().lang();
    let h = lang.history();
    let mut tab = use_signal(|| Tab::Games);
    let aliases = use_signal(records::aliases);
    let state = use_history(lang);
    let (message, trash, refusals) = (state.message, state.trash, state.refusals);
    let offset = platform::local_offset_minutes();
    let st = lang.storage();

    rsx! {
        div { class: "history-screen", "data-testid": "history",
            div { class: "tabs", role: "tablist",
                for (t, label) in [(Tab::Games, h.games_tab), (Tab::Stats, h.stats_tab), (Tab::Players, h.players_tab)] {
                    button {
                        key: "{label}",
                        role: "tab",
                        class: if tab() == t { "tab tab-on" } else { "tab" },
                        "aria-selected": if tab() == t { "true" } else { "false" },
                        "data-testid": "tab-{t:?}",
                        onclick: move |_| tab.set(t),
                        "{label}"
                    }
                }
            }
            // What was just done, and beside "1 game deleted" the way to
            // undo it.
            if message().is_some() || !trash().is_empty() {
            div { class: "history-message",
                if let Some((ok, text)) = message() {
                    p { class: if ok { "notice" } else { "entry-error" }, role: "status", "data-testid": "history-message", "{text}" }
                }
                if !trash().is_empty() {
                    button {
                        class: "action",
                        "data-testid": "undo-delete",
                        onclick: move |_| state.undo_delete(),
                        "{st.undo_delete}"
                    }
                }
            }
            }
            if !refusals().is_empty() {
                ul { class: "refusals", "data-testid": "import-refusals",
                    for (i, r) in refusals().iter().enumerate() { li { key: "{i}", "{r}" } }
                }
            }
            match tab() {
                Tab::Games => rsx! { GamesTab { state, aliases, offset, lang } },
                Tab::Stats => rsx! { StatsTab { outcomes: (state.done)(), aliases: aliases(), lang } },
                Tab::Players => rsx! { PlayersTab { outcomes: (state.done)(), aliases, lang } },
            }
        }
    }
}
