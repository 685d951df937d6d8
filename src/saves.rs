//! Saved games as the app sees them: every game saved as it happens, and at
//! start the list of games to resume. A file that cannot be loaded (corrupted,
//! truncated, hand-edited, from a newer version) is set aside untouched and
//! reported; every other game still loads.

//!
//! A game's identity is the name it is stored under (its file name or
//! storage key), never the id written inside it: a copied file is a game of
//! its own, listed and deleted under its own name, and an id that is not one
//! of the app's (a [`GameId`]) is never used as a file name or key.

mod listing;

use listing::{change_index, forget_index};
pub use listing::{list, list_for_home, listing, read_game, replayed_listing, with_index, Listing};

use crate::core::index::Entry;
use crate::core::save::{GameId, LoadError, SavedGame};
use crate::core::summary::Summary;
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// How reading a game treats one whose file carries no summary (saved
/// before summaries were saved with games, see `core::save`).
#[derive(Clone, Copy)]
pub enum Replays {
    /// It is read as it is, listed without a summary: the home screen at
    /// start, whose code holds no game's rules. A game that does not
    /// replay is found when it is replayed.
    Later,
    /// It is replayed by `summarise` for its summary, and set aside if it
    /// does not replay. `summarise` is `core::games::summarise`, passed in
    /// so that the rules of every game are only in the code that asks for
    /// this (History, [`replayed_listing`]), not in the app's start.
    ///
    /// A function pointer, not a `&dyn Fn`: dx 0.7.10's splitter counts a
    /// trait object's vtable as the start file's, and the rules of every
    /// game came back into it with one (measured: 137 KB of code, 53 KB
    /// gzipped).
    Now(fn(&SavedGame) -> Result<Summary, LoadError>),
}

impl Replays {
    /// `Now`, by the rules of each game (`core::games::summarise`).
    pub const NOW: Replays = Replays::Now(crate::core::games::summarise);
}

thread_local! {
    /// A game was read without a summary since the last listing that
    /// replayed every such game ([`replayed_listing`], History).
    static UNSUMMARISED: Cell<bool> = const { Cell::new(false) };
}

/// Whether some game was read without its summary since the last listing
/// that replayed them all.
pub fn unsummarised() -> bool {
    UNSUMMARISED.with(Cell::get)
}

/// What loading the saved games found.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Games that load, newest first.
    pub games: Vec<SavedGame>,
    /// Ids of games whose file was damaged and whose backup was used: each
    /// went back one action, and the player is told which.
    pub from_backup: Vec<GameId>,
    /// Ids of games whose file said another id inside (a copied or renamed
    /// file): loaded under the name they are stored under.
    pub repaired: Vec<GameId>,
    /// Files set aside, with why they could not be loaded.
    pub set_aside: Vec<(GameId, LoadError)>,
}

/// Storage the saved games live in (files natively, `localStorage` on the web).
pub trait GameStore {
    /// The names of the stored games (a stored name that is not a
    /// [`GameId`] is no game of the app's, and is left alone).
    fn ids(&self) -> Vec<GameId>;
    /// The text of a game (or of its backup when `accept` refuses the main one).
    fn read(&self, id: &GameId, accept: &dyn Fn(&str) -> bool) -> Option<(String, bool)>;
    fn set_aside(&self, id: &GameId);
    /// Removes what an unfinished write left behind.
    fn tidy(&self) {}
    /// [`Self::tidy`], then [`Self::ids`] (a store that can do both in one
    /// reading of its folder does).
    fn tidy_ids(&self) -> Vec<GameId> {
        self.tidy();
        self.ids()
    }
    /// Puts `text` (the backup that loaded) back as the game's file, the
    /// damaged file set aside: the player is told once, not at every start.
    fn repair(&self, _id: &GameId, _text: &str) {}
    /// Stores `text`, the same game as game `id`'s file with more said of
    /// it (its summary), as a save does; if it cannot, the file stays as
    /// it was.
    fn rewrite(&self, _id: &GameId, _text: &str) {}
    /// The stored index of summaries ([`crate::core::index`]), if any.
    fn read_index(&self) -> Option<String> {
        None
    }
    /// Stores the index of summaries. It is a cache of what the games say:
    /// when it cannot be written, the games it lacks are read whole.
    fn write_index(&self, _text: &str) {}
}

/// Every game of `store` read whole, as `replays` says.
pub fn load_all(store: &dyn GameStore, replays: Replays) -> Loaded {
    let mut loaded = Loaded::default();
    store.tidy();
    for id in store.ids() {
        load_one(store, id, &mut loaded, replays);
    }
    loaded
}

/// A text stored under `id` read as `replays` says: its envelope checked,
/// the game named `id` (true in the third item if its inside said another
/// id), and, when it carries no summary and `replays` says `Now`, replayed
/// for one (then true in the second item).
fn read_text(
    text: &str,
    id: &GameId,
    replays: Replays,
) -> Result<(SavedGame, bool, bool), LoadError> {
    let (mut game, renamed) = SavedGame::parse_as(text, id)?;
    match (&game.summary, replays) {
        (None, Replays::Now(summarise)) => {
            game.summary = Some(summarise(&game)?);
            Ok((game, true, renamed))
        }
        _ => Ok((game, false, renamed)),
    }
}

/// Reads and checks game `id` into `loaded` (or sets it aside), giving it
/// with its stored text when it loads. Its summary is the one saved with
/// it; without one, the one `replays` gives, else none.
fn load_one(
    store: &dyn GameStore,
    id: GameId,
    loaded: &mut Loaded,
    replays: Replays,
) -> Option<(SavedGame, String)> {
    // Each text is checked once: the last verdict is kept.
    let last = RefCell::new(None);
    let accept = |text: &str| {
        let verdict = read_text(text, &id, replays);
        let ok = verdict.is_ok();
        *last.borrow_mut() = Some(verdict);
        ok
    };
    let (text, from_backup) = store.read(&id, &accept)?;
    let verdict = match last.into_inner() {
        Some(Ok(game)) => Ok(game),
        // Both copies refused: the main one's reason is reported.
        _ => read_text(&text, &id, replays),
    };
    match verdict {
        Ok((game, replayed, renamed)) => {
            if game.summary.is_none() {
                UNSUMMARISED.with(|flag| flag.set(true));
            }
            if from_backup {
                store.repair(&id, &text);
                loaded.from_backup.push(id.clone());
            }
            if renamed {
                loaded.repaired.push(id.clone());
            }
            // A game in progress saved without its summary and replayed for
            // one: its file gets it (the same game, sealed again), so that
            // the next start lists it without a replay. (A finished one's
            // summary goes into the index.)
            if replayed && !game.finished {
                store.rewrite(&id, &game.to_json());
            }
            // Newest first, ties in id order: each game goes in its place
            // (no sort of the whole list, so no sort code in the web build).
            let at = loaded.games.partition_point(|g| {
                g.saved_at > game.saved_at || (g.saved_at == game.saved_at && g.id < game.id)
            });
            loaded.games.insert(at, game.clone());
            Some((game, text))
        }
        Err(error) => {
            store.set_aside(&id);
            loaded.set_aside.push((id, error));
            None
        }
    }
}

impl GameStore for crate::platform::GameFiles {
    fn ids(&self) -> Vec<GameId> {
        crate::platform::GameFiles::ids(self).unwrap_or_default()
    }

    fn read(&self, id: &GameId, accept: &dyn Fn(&str) -> bool) -> Option<(String, bool)> {
        crate::platform::GameFiles::read(self, id, accept)
            .ok()
            .flatten()
    }

    fn set_aside(&self, id: &GameId) {
        let _ = crate::platform::GameFiles::set_aside(self, id);
    }

    fn tidy(&self) {
        crate::platform::GameFiles::tidy(self);
    }

    fn tidy_ids(&self) -> Vec<GameId> {
        crate::platform::GameFiles::tidy_ids(self).unwrap_or_default()
    }

    fn repair(&self, id: &GameId, text: &str) {
        let _ = crate::platform::GameFiles::repair(self, id, text);
    }

    fn rewrite(&self, id: &GameId, text: &str) {
        let _ = crate::platform::GameFiles::write(self, id, text);
    }

    fn read_index(&self) -> Option<String> {
        crate::platform::GameFiles::read_index(self)
    }

    fn write_index(&self, text: &str) {
        let _ = crate::platform::GameFiles::write_index(self, text);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

/// The device's store of saved games, if it has one.
pub fn device_store() -> Option<crate::platform::GameFiles> {
    crate::platform::GameFiles::default_location().ok()
}

/// Whether the last save failed because the device (or the browser's
/// quota) is full: the game screen and Home then say so and what to do.
static STORAGE_FULL: AtomicBool = AtomicBool::new(false);

pub fn storage_full() -> bool {
    STORAGE_FULL.load(Ordering::Relaxed)
}

fn note_result<T>(
    result: Result<T, crate::platform::StorageError>,
) -> Result<T, crate::platform::StorageError> {
    match &result {
        Ok(_) => STORAGE_FULL.store(false, Ordering::Relaxed),
        Err(e) if e.is_full() => STORAGE_FULL.store(true, Ordering::Relaxed),
        Err(_) => {}
    }
    result
}

/// Waits until a save fails after it returned (on the web, an IndexedDB
/// transaction ends after the action that made it), notes it as a failed
/// [`save`] would (the device full, or not), and says why: the game screen
/// then tells the player at once.
pub async fn late_failure() -> crate::platform::StorageError {
    let error = crate::platform::storage_failure().await;
    let _ = note_result::<()>(Err(error.clone()));
    error
}

/// Saves a game in the device's store; the error is for the player to see.
/// A finished game keeps no backup copy: it no longer changes, and its
/// checksum says if it is ever damaged. Its summary goes in the index once
/// it is stored; a game no longer finished (an undo after the end) leaves
/// the index before it is stored, so a crash between the two never leaves
/// a summary that disagrees with its game.
pub fn save<G: crate::core::game::Game>(
    id: &GameId,
    kind: crate::core::game::GameKind,
    session: &crate::core::session::Session<G>,
) -> Result<(), crate::platform::StorageError> {
    save_game(&SavedGame::of_game(
        id,
        kind,
        crate::platform::now_ms(),
        session,
    ))
}

/// [`save`] for a game already in its envelope (a table game's, with its
/// link's state).
pub fn save_game(saved: &SavedGame) -> Result<(), crate::platform::StorageError> {
    let store = crate::platform::GameFiles::default_location()?;
    let id = &saved.id;
    let text = saved.to_json();
    if saved.finished {
        note_result(store.write_finished(id, &text))?;
        if let Some(summary) = saved.summary.clone() {
            change_index(&store, |index, unindexed| {
                unindexed.remove(id);
                index.insert(Entry::of(saved, &text, summary))
            });
        }
        Ok(())
    } else {
        change_index(&store, |index, unindexed| {
            unindexed.insert(id.clone());
            index.remove(id)
        });
        note_result(store.write(id, &text))
    }
}

/// Sets game `id` aside, untouched (it did not replay when it was opened),
/// as a listing sets aside a file it cannot load.
pub fn set_aside(id: &GameId) {
    if let Some(store) = device_store() {
        GameStore::set_aside(&store, id);
        change_index(&store, |index, unindexed| {
            unindexed.remove(id);
            index.remove(id)
        });
    }
}

/// Removes a game from the device's store (and its summary from the index).
pub fn forget(id: &GameId) -> Result<(), crate::platform::StorageError> {
    let store = crate::platform::GameFiles::default_location()?;
    store.delete(id)?;
    STORAGE_FULL.store(false, Ordering::Relaxed);
    change_index(&store, |index, unindexed| {
        unindexed.remove(id);
        index.remove(id)
    });
    Ok(())
}

/// Deletes games `ids` from the device's store, each read whole first so
/// that the delete can be undone (a game that no longer loads is set aside
/// instead). The index is written once for them all. The games deleted,
/// and the last error if some could not be.
pub fn forget_many(ids: &[GameId]) -> (Vec<SavedGame>, Option<crate::platform::StorageError>) {
    let store = match crate::platform::GameFiles::default_location() {
        Ok(store) => store,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let mut deleted = Vec::new();
    let mut failure = None;
    change_index(&store, |index, unindexed| {
        let mut changed = false;
        for id in ids {
            let (game, _) = read_game(&store, index, id, Replays::NOW);
            let Some(game) = game else {
                // Set aside: it no longer loads.
                unindexed.remove(id);
                changed |= index.remove(id);
                continue;
            };
            match store.delete(id) {
                Ok(()) => {
                    unindexed.remove(id);
                    changed |= index.remove(id);
                    deleted.push(game);
                }
                Err(e) => failure = Some(e),
            }
        }
        changed
    });
    if !deleted.is_empty() {
        STORAGE_FULL.store(false, Ordering::Relaxed);
    }
    (deleted, failure)
}

/// Game `id` read whole from the device's store, to view, export or
/// delete it; its summary is checked against it (see [`read_game`]).
pub fn game(id: &GameId) -> Option<SavedGame> {
    read_stored(id, Replays::NOW)
}

/// Game `id` as it is stored, not replayed for a summary (the table link
/// reads its table's mark and replays the table's log by its own game's
/// rules): on the web each game's table part then carries no other game's
/// rules.
pub fn game_as_stored(id: &GameId) -> Option<SavedGame> {
    read_stored(id, Replays::Later)
}

/// Game `id`, read as `replays` says, the index kept in step.
fn read_stored(id: &GameId, replays: Replays) -> Option<SavedGame> {
    let store = device_store()?;
    let mut found = None;
    change_index(&store, |index, unindexed| {
        let (game, changed) = read_game(&store, index, id, replays);
        match &game {
            Some(game) if !game.finished => unindexed.insert(id.clone()),
            _ => unindexed.remove(id),
        };
        found = game;
        changed
    });
    found
}

/// Every game on the device that loads (finished or not), newest first,
/// and how many files were set aside: every game read whole, for an export
/// of everything.
pub fn all_games() -> (Vec<SavedGame>, usize) {
    let loaded = device_store()
        .map(|s| load_all(&s, Replays::NOW))
        .unwrap_or_default();
    (loaded.games, loaded.set_aside.len())
}

/// The ids of every game stored on the device, loadable or not (an import
/// skips them).
pub fn stored_ids() -> HashSet<GameId> {
    device_store()
        .map(|s| GameStore::ids(&s).into_iter().collect())
        .unwrap_or_default()
}

/// Stores imported games; how many were written. They are indexed when the
/// games are next listed (read and checked once, as any game the index
/// does not know).
pub fn store_imported(games: &[SavedGame]) -> Result<usize, crate::platform::StorageError> {
    let store = crate::platform::GameFiles::default_location()?;
    // A summary under one of these ids is of another game: it goes first.
    change_index(&store, |index, _| {
        games
            .iter()
            .fold(false, |changed, g| index.remove(&g.id) | changed)
    });
    for (n, g) in games.iter().enumerate() {
        let text = g.to_json();
        let written = if g.finished {
            store.write_finished(&g.id, &text)
        } else {
            store.write(&g.id, &text)
        };
        if let Err(e) = note_result(written) {
            forget_index();
            return if n == 0 { Err(e) } else { Ok(n) };
        }
    }
    forget_index();
    Ok(games.len())
}
