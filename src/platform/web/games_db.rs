//! The saved games in IndexedDB: database `genius`, object store `games`,
//! text values under the keys of [`super::GameFiles`].
//!
//! The app's storage calls are synchronous, so every value is read into
//! memory once, before the app starts ([`open_games`]), and kept as the
//! browser's string until the app reads it (most finished games are never
//! read: History lists them from the index of summaries); reads come from
//! there, and each change updates it at once and is written in one
//! IndexedDB transaction (transactions on one store run in the order they
//! are made).
//!
//! A transaction that fails (a full quota) fails after the change has
//! returned. The game screen waits for such a failure ([`failure`]) and
//! tells the player at once, at the action whose save failed; without
//! anyone waiting, the next change reports it. Nothing is lost meanwhile:
//! the values in memory keep the change, its keys are noted as unsaved
//! (and journaled, see [`JOURNAL`]), and every later change is followed by
//! a transaction that writes them again, so they are stored as soon as
//! there is room (after a delete, say).
//!
//! At the first start, games saved in `localStorage` by earlier versions
//! (`genius.game.*`, `genius.aside.*`, `genius.index`) are copied in one
//! transaction, and removed from `localStorage` only once it has
//! completed; a key IndexedDB already holds is not copied again, so an
//! interrupted move is finished at the next start with nothing lost.

mod migrate;

use super::StorageError;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet, VecDeque};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbRequest, IdbTransaction, IdbTransactionMode};

const DB: &str = "genius";
const STORE: &str = "games";

struct Open {
    db: IdbDatabase,
    values: BTreeMap<String, JsValue>,
    /// Why the last transaction failed, until [`failure`] or a change
    /// reports it.
    failed: Option<StorageError>,
    /// Resolves the waits of [`failure`] when a transaction fails.
    waiting: Vec<js_sys::Function>,
    /// Keys whose last write failed: written again after every change.
    unsaved: HashSet<String>,
    /// The journal entry holding the unsaved keys' values, if any.
    unsaved_entry: Option<u64>,
    /// Notes a failed transaction (one closure for every transaction).
    on_abort: Closure<dyn FnMut(web_sys::Event)>,
    /// Drops the journal entry of a completed transaction.
    on_complete: Closure<dyn FnMut(web_sys::Event)>,
    /// The transactions not ended yet, oldest first (they end in the
    /// order they were made), and the number of the next journal entry.
    pending: VecDeque<Pending>,
    next: u64,
}

/// A transaction not ended yet: its journal entry and the keys it writes.
struct Pending {
    entry: Option<u64>,
    keys: Vec<String>,
}

/// The journal: each change is also written, synchronously, to
/// `localStorage` under `genius.pending.<n>` until its transaction has
/// completed, since a transaction still running when the tab closes or
/// reloads is lost (localStorage's `setItem` was stored at once). At the
/// next start, entries left are applied again, in order. The index of
/// summaries is journaled as removed: it is then rebuilt from the games.
const JOURNAL: &str = "genius.pending.";

fn journal() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

thread_local! {
    static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
}

pub fn is_open() -> bool {
    OPEN.with(|o| o.borrow().is_some())
}

/// The value under `key`: `None` if the games are not in IndexedDB.
pub fn get(key: &str) -> Option<Option<String>> {
    OPEN.with(|o| {
        o.borrow()
            .as_ref()
            .map(|open| open.values.get(key).and_then(JsValue::as_string))
    })
}

/// Every key, in order: `None` if the games are not in IndexedDB.
pub fn keys() -> Option<Vec<String>> {
    OPEN.with(|o| {
        o.borrow()
            .as_ref()
            .map(|open| open.values.keys().cloned().collect())
    })
}

/// The error of a failed transaction or request, told apart when the
/// quota is full.
fn error_of(name: Option<String>) -> StorageError {
    match name.as_deref() {
        Some("QuotaExceededError") => StorageError::full("IndexedDB"),
        Some(other) => StorageError::failed(format!("IndexedDB: {other}")),
        None => StorageError::failed("IndexedDB refused to write"),
    }
}

fn name_of(error: &JsValue) -> Option<String> {
    js_sys::Reflect::get(error, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
}

/// Applies `changes` to the values in memory and writes them in one
/// transaction, then writes the unsaved keys again in another (after the
/// first, so that a delete makes room for them). Reports a failure no one
/// was told of yet.
pub fn apply(changes: Vec<super::Change>) -> Result<(), StorageError> {
    OPEN.with(|o| {
        let mut o = o.borrow_mut();
        let open = o
            .as_mut()
            .ok_or_else(|| StorageError::failed("IndexedDB is closed"))?;
        let earlier = open.failed.take();
        let entry = journal_entry(open.next, changes.iter().map(|(k, v)| (k, v.as_deref())));
        open.next += 1;
        let writes: Vec<(String, Option<JsValue>)> = changes
            .into_iter()
            .map(|(key, value)| (key, value.map(|text| JsValue::from_str(&text))))
            .collect();
        for (key, value) in &writes {
            match value {
                Some(text) => open.values.insert(key.clone(), text.clone()),
                None => open.values.remove(key),
            };
        }
        let written = open.transact(&writes, entry);
        let again: Vec<(String, Option<JsValue>)> = open
            .unsaved
            .iter()
            .filter(|key| !writes.iter().any(|(k, _)| k == *key))
            .map(|key| (key.clone(), open.values.get(key).cloned()))
            .collect();
        if !again.is_empty() {
            // Its failure is noted as any other's.
            let _ = open.transact(&again, None);
        }
        written?;
        match earlier {
            Some(error) => Err(error),
            None => Ok(()),
        }
    })
}

/// Writes journal entry `n` for `changes` (see [`JOURNAL`]); `None` if
/// `localStorage` has no room for it (the change then goes to IndexedDB
/// alone).
fn journal_entry<'a>(
    n: u64,
    changes: impl Iterator<Item = (&'a String, Option<&'a str>)>,
) -> Option<u64> {
    let entry: Vec<(&str, Option<&str>)> = changes
        .map(|(key, value)| match key.as_str() {
            "index" => (key.as_str(), None),
            _ => (key.as_str(), value),
        })
        .collect();
    let text = serde_json::to_string(&entry).ok()?;
    journal()?
        .set_item(&format!("{JOURNAL}{n}"), &text)
        .ok()
        .map(|()| n)
}

fn drop_entry(n: Option<u64>) {
    if let (Some(n), Some(local)) = (n, journal()) {
        let _ = local.remove_item(&format!("{JOURNAL}{n}"));
    }
}

impl Open {
    /// Writes `writes` in one transaction, noted as pending with its
    /// journal entry.
    fn transact(
        &mut self,
        writes: &[(String, Option<JsValue>)],
        entry: Option<u64>,
    ) -> Result<(), StorageError> {
        let fail = |e: JsValue| error_of(name_of(&e));
        let tx = self
            .db
            .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
            .map_err(fail);
        let tx = match tx {
            Ok(tx) => tx,
            Err(error) => {
                // No transaction, so no event: its keys are unsaved now.
                drop_entry(entry);
                self.unsaved.extend(writes.iter().map(|(k, _)| k.clone()));
                self.journal_unsaved();
                return Err(error);
            }
        };
        tx.set_onabort(Some(self.on_abort.as_ref().unchecked_ref()));
        tx.set_oncomplete(Some(self.on_complete.as_ref().unchecked_ref()));
        self.pending.push_back(Pending {
            entry,
            keys: writes.iter().map(|(k, _)| k.clone()).collect(),
        });
        let store = tx.object_store(STORE).map_err(fail)?;
        for (key, value) in writes {
            let written = match value {
                Some(text) => store.put_with_key(text, &JsValue::from_str(key)),
                None => store.delete(&JsValue::from_str(key)),
            };
            if let Err(e) = written {
                // Its abort event notes the keys as unsaved.
                let _ = tx.abort();
                return Err(fail(e));
            }
        }
        // Sent now rather than when the page's events have run: the
        // sooner it is in the browser's hands, the less a closing tab loses.
        // (`commit()` is in every current browser; web-sys marks it
        // deprecated. Where it is missing, the call fails harmlessly and
        // the transaction commits by itself.)
        #[allow(deprecated)]
        let _ = tx.commit();
        Ok(())
    }

    /// Journals the unsaved keys' values as they are now, as the newest
    /// entry (replacing the previous one), so that a reload keeps them.
    fn journal_unsaved(&mut self) {
        drop_entry(self.unsaved_entry.take());
        if self.unsaved.is_empty() {
            return;
        }
        let values: Vec<(&String, Option<String>)> = self
            .unsaved
            .iter()
            .map(|key| (key, self.values.get(key).and_then(JsValue::as_string)))
            .collect();
        self.unsaved_entry = journal_entry(
            self.next,
            values.iter().map(|(key, value)| (*key, value.as_deref())),
        );
        self.next += 1;
    }
}

/// The oldest transaction has ended: completed (`failure` is `None`), its
/// keys are stored; or failed, its keys are unsaved, and the failure is
/// told to whoever waits for one ([`failure`]). Its journal entry goes.
fn ended(failure: Option<StorageError>) {
    OPEN.with(|o| {
        let mut o = o.borrow_mut();
        let Some(open) = o.as_mut() else { return };
        let Some(done) = open.pending.pop_front() else {
            return;
        };
        drop_entry(done.entry);
        match failure {
            None => {
                let before = open.unsaved.len();
                for key in &done.keys {
                    open.unsaved.remove(key);
                }
                if open.unsaved.len() != before {
                    open.journal_unsaved();
                }
            }
            Some(error) => {
                open.unsaved.extend(done.keys);
                open.journal_unsaved();
                open.failed = Some(error);
                for resolve in open.waiting.drain(..) {
                    let _ = resolve.call0(&JsValue::NULL);
                }
            }
        }
    });
}

/// Waits until a transaction fails, and says why: the game screen shows it
/// at once, at the action whose save failed. A failure is told once: here,
/// or, if no one was waiting, by the next change. Never resolves where the
/// games are not in IndexedDB (`localStorage` fails at once).
pub async fn failure() -> StorageError {
    loop {
        let failed = OPEN.with(|o| o.borrow_mut().as_mut().and_then(|open| open.failed.take()));
        if let Some(error) = failed {
            return error;
        }
        let told = js_sys::Promise::new(&mut |resolve, _| {
            OPEN.with(|o| {
                if let Some(open) = o.borrow_mut().as_mut() {
                    open.waiting.push(resolve);
                }
            })
        });
        let _ = JsFuture::from(told).await;
    }
}

/// What the journal a closed tab left held.
struct Replayed {
    /// The number of the next journal entry.
    next: u64,
    /// The keys that could not be stored (a full quota), and their entry.
    unsaved: HashSet<String>,
    unsaved_entry: Option<u64>,
    failed: Option<StorageError>,
}

/// Applies the journal entries a closed tab left (see [`JOURNAL`]) to
/// `values` and the store, then drops them. If the store refuses them (a
/// full quota), `values` still holds them and they stay journaled, as one
/// entry, as unsaved keys.
async fn replay_journal(db: &IdbDatabase, values: &mut BTreeMap<String, JsValue>) -> Replayed {
    let mut replayed = Replayed {
        next: 0,
        unsaved: HashSet::new(),
        unsaved_entry: None,
        failed: None,
    };
    let Some(local) = journal() else {
        return replayed;
    };
    let mut entries: Vec<(u64, String)> = (0..local.length().unwrap_or(0))
        .filter_map(|i| local.key(i).ok().flatten())
        .filter_map(|k| Some((k.strip_prefix(JOURNAL)?.parse().ok()?, k)))
        .collect();
    if entries.is_empty() {
        return replayed;
    }
    entries.sort_unstable();
    let mut changes = Vec::new();
    for (_, key) in &entries {
        let Ok(Some(text)) = local.get_item(key) else {
            continue;
        };
        let Ok(entry) = serde_json::from_str::<Vec<(String, Option<String>)>>(&text) else {
            continue;
        };
        for (key, value) in entry {
            let value = value.map(|v| JsValue::from_str(&v));
            match &value {
                Some(v) => values.insert(key.clone(), v.clone()),
                None => values.remove(&key),
            };
            changes.push((key, value));
        }
    }
    let last = entries.last().map_or(0, |(n, _)| *n);
    replayed.next = last + 1;
    if let Err(error) = store_changes(db, &changes).await {
        // Kept as one entry, the newest, of the values now in memory.
        replayed.unsaved = changes.into_iter().map(|(key, _)| key).collect();
        let kept: Vec<(&String, Option<String>)> = replayed
            .unsaved
            .iter()
            .map(|key| (key, values.get(key).and_then(JsValue::as_string)))
            .collect();
        replayed.unsaved_entry = journal_entry(
            replayed.next,
            kept.iter().map(|(key, value)| (*key, value.as_deref())),
        );
        replayed.next += 1;
        replayed.failed = Some(error);
    }
    for (_, key) in entries {
        let _ = local.remove_item(&key);
    }
    replayed
}

/// Writes `changes` in one transaction and waits until it has completed.
async fn store_changes(
    db: &IdbDatabase,
    changes: &[(String, Option<JsValue>)],
) -> Result<(), StorageError> {
    let fail = |e: JsValue| error_of(name_of(&e));
    let tx = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .map_err(fail)?;
    let store = tx.object_store(STORE).map_err(fail)?;
    for (key, value) in changes {
        match value {
            Some(v) => store.put_with_key(v, &JsValue::from_str(key)),
            None => store.delete(&JsValue::from_str(key)),
        }
        .map_err(fail)?;
    }
    committed(&tx).await
}

/// Listens to a request at once (before anything else is awaited, so
/// its event cannot be missed); [`done`] then waits for it.
fn listen(request: &IdbRequest) -> JsFuture {
    JsFuture::from(js_sys::Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    }))
}

/// Waits for a request: its result, or its error's name.
async fn done(request: &IdbRequest, listening: JsFuture) -> Result<JsValue, StorageError> {
    let outcome = listening.await;
    match outcome {
        Ok(_) => request.result().map_err(|e| error_of(name_of(&e))),
        Err(_) => Err(error_of(request.error().ok().flatten().map(|e| e.name()))),
    }
}

/// Waits until `tx` has completed (its writes are stored) or failed.
async fn committed(tx: &IdbTransaction) -> Result<(), StorageError> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        tx.set_oncomplete(Some(&resolve));
        tx.set_onabort(Some(&reject));
        tx.set_onerror(Some(&reject));
    });
    let outcome = JsFuture::from(promise).await;
    match outcome {
        Ok(_) => Ok(()),
        Err(_) => Err(error_of(tx.error().map(|e| e.name()))),
    }
}

/// Opens the database, creating its store the first time.
async fn open_db() -> Result<IdbDatabase, StorageError> {
    let fail = |e: JsValue| error_of(name_of(&e));
    let factory = web_sys::window()
        .and_then(|w| w.indexed_db().ok().flatten())
        .ok_or_else(|| StorageError::failed("IndexedDB is not available"))?;
    let request = factory.open_with_u32(DB, 1).map_err(fail)?;
    let upgrade = Closure::once(move |event: web_sys::Event| {
        let db = event
            .target()
            .and_then(|t| t.dyn_into::<IdbRequest>().ok())
            .and_then(|r| r.result().ok())
            .and_then(|d| d.dyn_into::<IdbDatabase>().ok());
        if let Some(db) = db {
            let _ = db.create_object_store(STORE);
        }
    });
    request.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
    let listening = listen(&request);
    let db = done(&request, listening).await;
    request.set_onupgradeneeded(None);
    db?.dyn_into::<IdbDatabase>()
        .map_err(|_| StorageError::failed("IndexedDB: not a database"))
}

/// The database and its keys and values as the page's script read them
/// while the wasm loaded (`window.geniusGames`, in index.html).
async fn read_early() -> Result<(IdbDatabase, BTreeMap<String, JsValue>), StorageError> {
    let early = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"geniusGames".into()).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
        .ok_or_else(|| StorageError::failed("not read by the page"))?;
    let read: js_sys::Array = JsFuture::from(early)
        .await
        .map_err(|e| error_of(name_of(&e)))?
        .unchecked_into();
    let db = read
        .get(0)
        .dyn_into::<IdbDatabase>()
        .map_err(|_| StorageError::failed("IndexedDB: not a database"))?;
    let values = pairs(read.get(1).unchecked_into(), read.get(2).unchecked_into());
    Ok((db, values))
}

/// The database opened and read by the app itself.
async fn open_and_read() -> Result<(IdbDatabase, BTreeMap<String, JsValue>), StorageError> {
    let db = open_db().await?;
    let values = read_all(&db).await?;
    Ok((db, values))
}

/// The store's string values by their keys.
fn pairs(keys: js_sys::Array, values: js_sys::Array) -> BTreeMap<String, JsValue> {
    keys.iter()
        .zip(values.iter())
        .filter(|(_, v)| v.is_string())
        .filter_map(|(k, v)| Some((k.as_string()?, v)))
        .collect()
}

/// Every key and value of the store.
async fn read_all(db: &IdbDatabase) -> Result<BTreeMap<String, JsValue>, StorageError> {
    let fail = |e: JsValue| error_of(name_of(&e));
    let tx = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readonly)
        .map_err(fail)?;
    let store = tx.object_store(STORE).map_err(fail)?;
    let keys = store.get_all_keys().map_err(fail)?;
    let values = store.get_all().map_err(fail)?;
    let (keys_heard, values_heard) = (listen(&keys), listen(&values));
    let keys: js_sys::Array = done(&keys, keys_heard).await?.unchecked_into();
    let values: js_sys::Array = done(&values, values_heard).await?.unchecked_into();
    Ok(pairs(keys, values))
}

/// Opens the games' database, moves earlier versions' games in, reads
/// every value into memory and asks the browser to keep the site's
/// storage (`navigator.storage.persist()`). Where IndexedDB cannot be
/// used, the games stay in `localStorage`.
pub async fn open_games() {
    if let Some(storage) = web_sys::window().map(|w| w.navigator().storage()) {
        // The browser may say no; the games are kept either way.
        let _ = storage.persist();
    }
    let read = match read_early().await {
        Ok(read) => Ok(read),
        Err(_) => open_and_read().await,
    };
    let Ok((db, mut values)) = read else { return };
    if migrate::migrate(&db, &mut values).await.is_err() {
        // Not moved this time (a full quota): the games stay in
        // localStorage and the move is tried at the next start. With
        // nothing in IndexedDB yet, the app keeps to localStorage;
        // otherwise the games left there are read too.
        if values.is_empty() {
            return;
        }
        values = migrate::with_local_games(values);
    }
    // Left in the journal, the entries are applied at the next start.
    let replayed = replay_journal(&db, &mut values).await;
    if !super::unfinished::is_kept() {
        // The first start of a build that keeps the list: made once
        // from the games.
        super::unfinished::set(
            values
                .iter()
                .filter_map(|(key, value)| Some((key.strip_prefix("game.")?, value)))
                .filter(|(id, value)| {
                    !id.ends_with(".bak")
                        && value
                            .as_string()
                            .is_some_and(|text| text.contains("\"finished\":false"))
                })
                .filter_map(|(id, _)| crate::core::save::GameId::parse(id).ok())
                .collect(),
        );
    }
    let on_abort = Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
        let name = event
            .target()
            .and_then(|t| t.dyn_into::<IdbTransaction>().ok())
            .and_then(|tx| tx.error())
            .map(|e| e.name());
        ended(Some(error_of(name)));
    });
    let on_complete = Closure::<dyn FnMut(web_sys::Event)>::new(|_: web_sys::Event| ended(None));
    OPEN.with(|o| {
        *o.borrow_mut() = Some(Open {
            db,
            values,
            failed: replayed.failed,
            waiting: Vec::new(),
            unsaved: replayed.unsaved,
            unsaved_entry: replayed.unsaved_entry,
            on_abort,
            on_complete,
            pending: VecDeque::new(),
            next: replayed.next,
        })
    });
}
