//! What the history screen holds while it is open and what its buttons do
//! with it: the finished games (read again after each change), the page
//! shown, the games ticked and the date for deleting, the last games
//! deleted (for undo), what was just done and the games an import refused.

use super::finished;
use crate::core::export::{self, check_size, ImportError};
use crate::core::history::Outcome;
use crate::core::save::{GameId, SavedGame};
use crate::i18n::Lang;
use crate::platform;
use crate::saves;
use dioxus::html::FileData;
use dioxus::prelude::*;

/// How many games the list shows at first, and more at each tap.
pub const PAGE: usize = 20;

/// The history screen's state (see [`use_history`]).
#[derive(Clone, Copy, PartialEq)]
pub struct HistoryState {
    /// The finished games, newest first.
    pub done: Memo<Vec<Outcome>>,
    /// Bumped to read the games again.
    generation: Signal<u32>,
    /// How many games the list shows.
    pub shown: Signal<usize>,
    /// What was just done, and whether it went well.
    pub message: Signal<Option<(bool, String)>>,
    /// Why an import refused some games.
    pub refusals: Signal<Vec<String>>,
    /// Each import gets a fresh file field, so the same file can be chosen
    /// again.
    pub import_round: Signal<u32>,
    /// The games ticked for deleting.
    pub selected: Signal<Vec<GameId>>,
    /// The last games deleted, for undo.
    pub trash: Signal<Vec<SavedGame>>,
    /// The date before which games are deleted.
    pub before: Signal<String>,
    lang: Lang,
}

/// The history screen's state, in `lang`.
pub fn use_history(lang: Lang) -> HistoryState {
    let generation = use_signal(|| 0u32);
    HistoryState {
        done: use_memo(move || {
            generation();
            finished()
        }),
        generation,
        shown: use_signal(|| PAGE),
        message: use_signal(|| None),
        refusals: use_signal(Vec::new),
        import_round: use_signal(|| 0),
        selected: use_signal(Vec::new),
        trash: use_signal(Vec::new),
        before: use_signal(String::new),
        lang,
    }
}

impl HistoryState {
    /// The games are read again.
    fn changed(mut self) {
        self.generation += 1;
    }

    fn say(mut self, ok: bool, text: String) {
        self.message.set(Some((ok, text)));
    }

    /// A game that cannot be read any more: said, and the list read again.
    pub fn set_aside(self) {
        self.say(false, format!("⚠ {}", self.lang.games_set_aside(1)));
        self.changed();
    }

    /// Deletes the games `gone`, each read whole first, so that the delete
    /// can be undone.
    pub fn delete(mut self, gone: Vec<GameId>) {
        let lang = self.lang;
        let (deleted, failure) = saves::forget_many(&gone);
        self.message.set(Some(match failure {
            None => (true, lang.n_deleted(deleted.len())),
            Some(e) => (false, format!("{} ⚠ {e}", lang.n_deleted(deleted.len()))),
        }));
        self.selected.set(Vec::new());
        self.trash.set(deleted);
        self.changed();
    }

    /// Stores the games last deleted again.
    pub fn undo_delete(mut self) {
        let lang = self.lang;
        let back = (self.trash)();
        let result = saves::store_imported(&back);
        self.message.set(Some(match result {
            Ok(n) if n == back.len() => (true, lang.n_restored(n)),
            Ok(n) if saves::storage_full() => (
                false,
                format!("{} ⚠ {}", lang.n_restored(n), lang.storage().full_home),
            ),
            Ok(n) => (
                false,
                format!("{} ⚠ {}", lang.n_restored(n), lang.game().not_saved),
            ),
            Err(e) if e.is_full() => (false, format!("⚠ {}", lang.storage().full_home)),
            Err(e) => (false, format!("⚠ {e}")),
        }));
        self.trash.set(Vec::new());
        self.changed();
    }

    /// Ticks game `id` for deleting, or unticks it.
    pub fn toggle(mut self, id: GameId) {
        let mut now = (self.selected)();
        match now.iter().position(|s| *s == id) {
            Some(at) => {
                now.remove(at);
            }
            None => now.push(id),
        }
        self.selected.set(now);
    }

    /// Hands `text` to the device as a file named `name`.
    pub fn share(self, name: String, mime: &str, text: String) {
        let result = platform::share_file(&name, mime, &text);
        match result {
            Ok(handed) => self.say(true, self.lang.handed(&handed)),
            Err(e) => self.say(false, format!("⚠ {e}")),
        }
    }

    /// Imports the games of `file`, said with what was refused.
    pub async fn import(mut self, file: FileData) {
        let lang = self.lang;
        self.import_round += 1;
        self.refusals.set(Vec::new());
        if let Err(err) = check_size(file.size()) {
            self.say(false, format!("⚠ {}", lang.import_error(&err)));
            return;
        }
        let text = match file.read_string().await {
            Ok(t) => t,
            Err(err) => {
                let err = ImportError::NotJson(err.to_string());
                self.say(false, format!("⚠ {}", lang.import_error(&err)));
                return;
            }
        };
        let have = saves::stored_ids();
        match export::import(&text, |id| have.contains(id)) {
            Err(err) => self.say(false, format!("⚠ {}", lang.import_error(&err))),
            Ok(report) => {
                let stored = saves::store_imported(&report.added);
                let added = stored.as_ref().copied().unwrap_or(0);
                let mut text =
                    lang.import_summary(added, report.already.len(), report.refused.len());
                let all_stored = matches!(stored, Ok(n) if n == report.added.len());
                match stored {
                    Err(e) if e.is_full() => {
                        text = format!("{text} ⚠ {}", lang.storage().full_home)
                    }
                    Err(e) => text = format!("{text} ⚠ {e}"),
                    Ok(n) if n < report.added.len() && saves::storage_full() => {
                        text = format!("{text} ⚠ {}", lang.storage().full_home)
                    }
                    Ok(_) => {}
                }
                self.say(report.refused.is_empty() && all_stored, text);
                self.refusals.set(
                    report
                        .refused
                        .iter()
                        .map(|(i, id, e)| lang.refused_game(*i, id.as_deref(), e))
                        .collect(),
                );
                self.changed();
            }
        }
    }
}
