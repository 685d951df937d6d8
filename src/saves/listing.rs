//! Home's and History's lists, through the index of summaries
//! ([`crate::core::index`]): finished games are listed from their
//! summaries, and only the games the index does not hold (the unfinished
//! ones) are read whole. The app keeps the device's index, and the set of
//! its unfinished games, in memory once listed, in step with its own saves,
//! deletes and reads: later visits to Home read the unfinished games only,
//! with no listing of the store's names.

use super::{load_one, GameStore, Loaded, Replays};
use crate::core::index::{Entry, Index, Unread};
use crate::core::save::{GameId, SavedGame};
#[cfg(all(feature = "web", target_arch = "wasm32"))]
use dioxus::wasm_split::{self, wasm_split};
use std::cell::RefCell;
use std::collections::HashSet;

/// What Home and History list: every finished game by its summary from the
/// index, and the games that had to be read whole (the unfinished ones,
/// and finished ones the index did not know yet, now added to it).
#[derive(Debug, Default)]
pub struct Listing {
    /// Every finished game's summary, newest first.
    pub index: Index,
    /// The games read whole this time, with what reading them found.
    pub loaded: Loaded,
}

/// Lists the store's games through its index of summaries: only the games
/// the index does not hold are read (as `replays` says), and the index is
/// brought in step with the store (written back when that changed it).
pub fn list(store: &dyn GameStore, replays: Replays) -> Listing {
    let (mut summaries, loaded) = scan(store, replays);
    Listing {
        index: std::mem::take(summaries.read(store)),
        loaded,
    }
}

/// [`list`] as Home needs it at start: the games read whole (the
/// unfinished ones), the finished games' summaries left unread when the
/// listing did not change them.
pub fn list_for_home(store: &dyn GameStore) -> Loaded {
    scan(store, Replays::Later).1
}

/// The index as listing the games needs it: its ids, the summaries read
/// only when shown or changed.
enum Summaries {
    Unread(Unread),
    Read(Index),
}

impl Summaries {
    /// The indexed games' ids.
    fn ids(&self) -> Box<dyn Iterator<Item = &GameId> + '_> {
        match self {
            Summaries::Unread(unread) => Box::new(unread.ids.iter()),
            Summaries::Read(index) => Box::new(index.entries.iter().map(|e| &e.id)),
        }
    }

    /// The index, its summaries read; if they do not read (the index was
    /// not written by the app), rebuilt from the store's games (those
    /// without a summary join it at the next listing that replays them).
    fn read(&mut self, store: &dyn GameStore) -> &mut Index {
        if let Summaries::Unread(unread) = self {
            let index = match std::mem::take(unread).read() {
                Some(index) => index,
                None => {
                    let empty = Summaries::Read(Index::default());
                    let ids = store.ids();
                    let (mut rebuilt, _) = list_from(store, empty, ids, Replays::Later);
                    std::mem::take(rebuilt.read(store))
                }
            };
            *self = Summaries::Read(index);
        }
        match self {
            Summaries::Read(index) => index,
            Summaries::Unread(_) => unreachable!("read just above"),
        }
    }
}

/// Lists the store's names, checks its index, and brings the two in step.
fn scan(store: &dyn GameStore, replays: Replays) -> (Summaries, Loaded) {
    let ids = store.tidy_ids();
    let summaries = match store.read_index().and_then(Unread::check) {
        Some(unread) => Summaries::Unread(unread),
        None => Summaries::Read(Index::default()),
    };
    list_from(store, summaries, ids, replays)
}

/// Brings `summaries` in step with the store's games `ids`: the summaries
/// of games gone are dropped, and the games the index does not hold are
/// read whole as `replays` says (the finished ones join it once they have
/// their summary). With `Now`, every game then has its summary: the flag
/// of [`super::unsummarised`] is cleared.
fn list_from(
    store: &dyn GameStore,
    mut summaries: Summaries,
    ids: Vec<GameId>,
    replays: Replays,
) -> (Summaries, Loaded) {
    // The stored games the index does not hold, once the indexed ones are
    // taken out (an index holds each id once).
    let mut unknown: HashSet<&GameId> = ids.iter().collect();
    let all_stored = summaries
        .ids()
        .fold(true, |all, id| unknown.remove(id) & all);
    if !all_stored {
        // A game deleted or set aside outside the app: its summary goes.
        let stored: HashSet<&GameId> = ids.iter().collect();
        let index = summaries.read(store);
        index.entries.retain(|e| stored.contains(&e.id));
    }
    // In the store's order, so that games are read in the same order at
    // every listing.
    let unknown = ids.iter().filter(|id| unknown.contains(id));
    let loaded = read_whole(
        store,
        &mut summaries,
        unknown.cloned(),
        !all_stored,
        replays,
    );
    if let Replays::Now(_) = replays {
        super::UNSUMMARISED.with(|flag| flag.set(false));
    }
    (summaries, loaded)
}

/// Reads games `ids` whole as `replays` says; the finished ones with
/// their summary join the index, which is written back if that (or
/// `changed`) changed it.
fn read_whole(
    store: &dyn GameStore,
    summaries: &mut Summaries,
    ids: impl Iterator<Item = GameId>,
    mut changed: bool,
    replays: Replays,
) -> Loaded {
    let mut loaded = Loaded::default();
    for id in ids {
        if let Some((game, text)) = load_one(store, id, &mut loaded, replays) {
            if let (true, Some(summary)) = (game.finished, game.summary.clone()) {
                changed |= summaries
                    .read(store)
                    .insert(Entry::of(&game, &text, summary));
            }
        }
    }
    if changed {
        store.write_index(&summaries.read(store).to_json());
    }
    loaded
}

/// Reads game `id` whole (as `replays` says) to act on it (view, export,
/// delete), bringing its summary in `index` in step: an entry that
/// disagrees with the stored game is rebuilt from it, and dropped if the
/// game no longer loads (it is then set aside, as at start) or is read
/// without a summary. True in the second item if `index` changed.
pub fn read_game(
    store: &dyn GameStore,
    index: &mut Index,
    id: &GameId,
    replays: Replays,
) -> (Option<SavedGame>, bool) {
    let mut loaded = Loaded::default();
    match load_one(store, id.clone(), &mut loaded, replays) {
        Some((game, text)) => {
            let changed = match (game.finished, game.summary.clone()) {
                (true, Some(summary)) => index.insert(Entry::of(&game, &text, summary)),
                _ => index.remove(id),
            };
            (Some(game), changed)
        }
        None => (None, index.remove(id)),
    }
}

/// What the app keeps of the device's store once listed.
struct Kept {
    summaries: Summaries,
    /// The stored games the index does not hold: the unfinished ones (and
    /// finished ones read without their summary), read whole at each visit
    /// to Home.
    unindexed: HashSet<GameId>,
}

impl Kept {
    fn of((summaries, loaded): (Summaries, Loaded)) -> Kept {
        Kept {
            summaries,
            unindexed: unindexed_of(&loaded),
        }
    }
}

/// The ids of the games in `loaded` that the index does not hold: the
/// unfinished ones, and finished ones without a summary.
fn unindexed_of(loaded: &Loaded) -> HashSet<GameId> {
    let unindexed = loaded
        .games
        .iter()
        .filter(|g| !g.finished || g.summary.is_none());
    unindexed.map(|g| g.id.clone()).collect()
}

thread_local! {
    /// The device store's index of summaries and unfinished games, once
    /// listed: saves, deletes and reads keep them in step with the store,
    /// so a save need not read the index back, nor Home list the store.
    static KEPT: RefCell<Option<Kept>> = const { RefCell::new(None) };
}

/// Runs `change` on the device's index and set of unindexed games
/// (listed from the store the first time), and writes the index back if
/// `change` says it changed.
pub(super) fn change_index(
    store: &crate::platform::GameFiles,
    change: impl FnOnce(&mut Index, &mut HashSet<GameId>) -> bool,
) {
    KEPT.with(|cell| {
        let mut cell = cell.borrow_mut();
        let kept = cell.get_or_insert_with(|| Kept::of(scan(store, Replays::Later)));
        let index = kept.summaries.read(store);
        if change(index, &mut kept.unindexed) {
            GameStore::write_index(store, &index.to_json());
        }
    });
}

/// Lists the device's games (see [`list`]) for Home: at start with the
/// index read from the store (its summaries left unread), then from what
/// is kept in memory (the index and the unfinished games, which alone are
/// read again). The games read whole (those in progress). No game is
/// replayed: one saved without its summary is listed without it (see
/// [`replayed_listing`]).
pub fn listing() -> Loaded {
    listing_with(Replays::Later)
}

/// [`listing`], every game saved without its summary replayed for one (a
/// game that does not replay is set aside): what Home asks for once it is
/// on screen, if it lists a game without its summary ([`super::unsummarised`]).
/// The store is listed again, so that a finished game read without its
/// summary joins the index. On the web this code, with the rules of every
/// game, is a file of its own, fetched only then (dx's wasm splitting).
pub async fn replayed_listing() -> Loaded {
    replayed().await
}

/// [`replayed_listing`] (the split function: dx's macro keeps no `pub`).
#[cfg_attr(all(feature = "web", target_arch = "wasm32"), wasm_split(replays))]
async fn replayed() -> Loaded {
    listing_with(Replays::NOW)
}

/// [`listing`] or [`replayed_listing`].
fn listing_with(replays: Replays) -> Loaded {
    let Some(store) = super::device_store() else {
        return Loaded::default();
    };
    let kept = KEPT.with(|cell| cell.borrow_mut().take());
    let (summaries, loaded) = match (kept, replays) {
        (
            Some(Kept {
                mut summaries,
                unindexed,
            }),
            Replays::Later,
        ) => {
            let unindexed = unindexed.into_iter();
            let loaded = read_whole(&store, &mut summaries, unindexed, false, replays);
            (summaries, loaded)
        }
        (Some(kept), Replays::Now(_)) => complete(&store, kept.summaries, replays),
        (None, _) => scan(&store, replays),
    };
    let unindexed = unindexed_of(&loaded);
    KEPT.with(|cell| {
        *cell.borrow_mut() = Some(Kept {
            summaries,
            unindexed,
        })
    });
    loaded
}

/// The store listed again from the kept `summaries` (see [`list_from`]).
fn complete(store: &dyn GameStore, summaries: Summaries, replays: Replays) -> (Summaries, Loaded) {
    list_from(store, summaries, store.tidy_ids(), replays)
}

/// Runs `read` on the device's index of summaries (History's list). It is
/// listed from the store the first time (or after an import), then kept in
/// memory in step with the app's own saves, deletes and reads; games added
/// to the store's folder by hand while the app runs appear at its next
/// start. With `Replays::Now`, the games read without their summary so far
/// are replayed first, and the finished ones join the index.
pub fn with_index<T>(replays: Replays, read: impl FnOnce(&Index) -> T) -> T {
    let Some(store) = super::device_store() else {
        return read(&Index::default());
    };
    KEPT.with(|cell| {
        let mut cell = cell.borrow_mut();
        let kept = match cell.take() {
            None => Kept::of(scan(&store, replays)),
            Some(kept) if matches!(replays, Replays::Now(_)) && super::unsummarised() => {
                Kept::of(complete(&store, kept.summaries, replays))
            }
            Some(kept) => kept,
        };
        let kept = cell.insert(kept);
        read(kept.summaries.read(&store))
    })
}

/// Drops what is kept in memory: the next listing reads the store.
pub(super) fn forget_index() {
    KEPT.with(|cell| *cell.borrow_mut() = None);
}
