//! The web: saved games in IndexedDB (see [`games_db`]), settings in
//! `localStorage`, and `navigator.language`.

use super::StorageError;

const PREFIX: &str = "genius.";

fn storage() -> Result<web_sys::Storage, StorageError> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| StorageError("localStorage is not available".into()))
}

/// Reads a stored value; `Ok(None)` when nothing was stored under `key`.
pub fn load(key: &str) -> Result<Option<String>, StorageError> {
    storage()?
        .get_item(&format!("{PREFIX}{key}"))
        .map_err(|_| StorageError("localStorage refused to read".into()))
}

/// Stores a value under `key`, replacing the previous one. A full quota
/// (`QuotaExceededError`) is told apart: the player can make room.
pub fn save(key: &str, value: &str) -> Result<(), StorageError> {
    storage()?
        .set_item(&format!("{PREFIX}{key}"), value)
        .map_err(|e| {
            let name = js_sys::Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|n| n.as_string())
                .unwrap_or_default();
            if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
                StorageError::full("localStorage")
            } else {
                StorageError("localStorage is disabled".into())
            }
        })
}

/// The key of game `id`; only for ids of the app's alphabet.
fn game_key(id: &str, suffix: &str) -> Result<String, StorageError> {
    if crate::core::save::is_valid_id(id) {
        Ok(format!("game.{id}{suffix}"))
    } else {
        Err(StorageError::bad_id())
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// Resolves after about `ms` milliseconds: the tick of the round timer.
pub async fn sleep_ms(ms: u32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The URL of a bundled file, relative to the page (`assets/…`), so that the
/// app works wherever it is served from: at the root of a site or under a
/// sub-path such as `https://<owner>.github.io/genius/`. dx's release build
/// names them from the root (`/assets/…`).
pub fn asset_url(asset: dioxus::prelude::Asset) -> String {
    let url = asset.to_string();
    match url.strip_prefix('/') {
        Some(relative) => relative.to_string(),
        None => url,
    }
}

/// The rules pages' texts are not in the web build's wasm (see
/// `i18n::rules`): they are fetched when a rules page first opens.
pub fn bundled_rules() -> Option<&'static str> {
    None
}

/// Fetches `assets/rules.json` from the app's own server (from the service
/// worker's cache when offline).
pub async fn fetch_rules() -> Result<String, StorageError> {
    use dioxus::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    const RULES: Asset = asset!("/assets/rules.json");
    let fail = |what: &str| StorageError(format!("rules.json: {what}"));
    let window = web_sys::window().ok_or_else(|| fail("no window"))?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(&asset_url(RULES)))
        .await
        .map_err(|_| fail("network error"))?
        .dyn_into()
        .map_err(|_| fail("not a response"))?;
    if !response.ok() {
        return Err(fail("not found"));
    }
    let text = response.text().map_err(|_| fail("unreadable"))?;
    JsFuture::from(text)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| fail("unreadable"))
}

/// Minutes east of UTC where the device is (for dates in the history).
pub fn local_offset_minutes() -> i32 {
    -(js_sys::Date::new_0().get_timezone_offset() as i32)
}

/// Hands a file to the player: the phone's share sheet where the browser
/// shares files (through `geniusShare` in public/shell.js, which also
/// downloads the file if sharing then fails), else a download.
pub fn share_file(name: &str, mime: &str, text: &str) -> Result<super::Handed, StorageError> {
    use wasm_bindgen::{JsCast, JsValue};
    let shared = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("geniusShare")).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| {
            f.call3(&JsValue::NULL, &name.into(), &mime.into(), &text.into())
                .ok()
        })
        .and_then(|v| v.as_bool());
    if shared == Some(true) {
        return Ok(super::Handed::ShareSheet(name.to_string()));
    }
    let fail = |what: &str| StorageError(format!("could not {what}"));
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| fail("make the file"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| fail("make a link"))?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| fail("reach the page"))?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| fail("make a link"))?
        .dyn_into()
        .map_err(|_| fail("make a link"))?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(super::Handed::Downloaded(name.to_string()))
}

/// The browser's preferred language, such as `fr-FR`.
pub fn device_locale() -> Option<String> {
    web_sys::window().and_then(|w| w.navigator().language())
}

/// Mirrors the theme and language on the page's root element, so the page
/// background and the `lang` of the document match the app, and shows
/// `title` as the page's title.
pub fn reflect_in_document(theme: &str, lang: &str, title: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    document.set_title(title);
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", lang);
        root.set_class_name(if theme == "system" { "" } else { theme });
    }
}

/// Which games are unfinished, kept in `localStorage` (`genius.unfinished`,
/// their ids) beside the games in IndexedDB: the page's script reads it
/// before the app runs, and paints its copy of the home screen only when
/// there is no game to resume (index.html), since the app's home would
/// then show that game above the cards.
mod unfinished {
    const KEY: &str = "genius.unfinished";

    fn local() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    fn ids(local: &web_sys::Storage) -> Vec<String> {
        local
            .get_item(KEY)
            .ok()
            .flatten()
            .map(|ids| ids.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default()
    }

    fn write(local: &web_sys::Storage, ids: &[String]) {
        let _ = if ids.is_empty() {
            local.remove_item(KEY)
        } else {
            local.set_item(KEY, &ids.join(" "))
        };
    }

    /// The game `id` is unfinished (`true`) or finished or gone.
    pub fn mark(id: &str, unfinished: bool) {
        let Some(local) = local() else { return };
        let mut ids = ids(&local);
        let known = ids.iter().any(|i| i == id);
        if unfinished && !known {
            ids.push(id.to_string());
        } else if !unfinished && known {
            ids.retain(|i| i != id);
        } else {
            return;
        }
        write(&local, &ids);
    }

    /// Whether the list was ever written (not by a build before it).
    pub fn is_kept() -> bool {
        local().is_some_and(|l| l.get_item(KEY).ok().flatten().is_some())
    }

    /// The whole list at once (the first start of a build that keeps it).
    pub fn set(ids: Vec<String>) {
        if let Some(local) = local() {
            // Written even when empty: "kept, and none unfinished".
            let _ = local.set_item(KEY, &ids.join(" "));
        }
    }
}

/// Saved games: `game.<id>`, its backup `game.<id>.bak`, games set aside
/// under `aside.<id>` and the index of summaries under `index`, kept in
/// IndexedDB ([`games_db`]) or, where the browser has none, in
/// `localStorage` under the same keys prefixed with `genius.`.
pub struct GameFiles;

/// One change to the stored games: a value put under a key, or the key
/// removed. The changes of one call are written in one transaction.
type Change = (String, Option<String>);

fn put(key: String, text: &str) -> Change {
    (key, Some(text.to_string()))
}

fn remove(key: String) -> Change {
    (key, None)
}

impl GameFiles {
    pub fn default_location() -> Result<GameFiles, StorageError> {
        if games_db::is_open() {
            Ok(GameFiles)
        } else {
            storage().map(|_| GameFiles)
        }
    }

    fn get(&self, key: &str) -> Result<Option<String>, StorageError> {
        match games_db::get(key) {
            Some(found) => Ok(found),
            None => load(key),
        }
    }

    /// Applies `changes` in order: in IndexedDB as one transaction, in
    /// `localStorage` one by one.
    fn apply(&self, changes: Vec<Change>) -> Result<(), StorageError> {
        if games_db::is_open() {
            return games_db::apply(changes);
        }
        let s = storage()?;
        for (key, value) in changes {
            match value {
                Some(text) => save(&key, &text)?,
                None => {
                    let _ = s.remove_item(&format!("{PREFIX}{key}"));
                }
            }
        }
        Ok(())
    }

    /// The ids of the stored games, once each, in storage order (the saved
    /// games are sorted when loaded, so no sort is needed here).
    pub fn ids(&self) -> Result<Vec<String>, StorageError> {
        let keys = match games_db::keys() {
            Some(keys) => keys,
            None => {
                let s = storage()?;
                let len = s
                    .length()
                    .map_err(|_| StorageError("localStorage refused to list".into()))?;
                (0..len)
                    .filter_map(|i| s.key(i).ok().flatten())
                    .filter_map(|k| k.strip_prefix(PREFIX).map(str::to_string))
                    .collect()
            }
        };
        // A game and its backup give one id.
        let mut seen = std::collections::HashSet::new();
        Ok(keys
            .iter()
            .filter_map(|key| key.strip_prefix("game."))
            .map(|id| id.strip_suffix(".bak").unwrap_or(id))
            .filter(|id| crate::core::save::is_valid_id(id) && seen.insert(*id))
            .map(str::to_string)
            .collect())
    }

    pub fn read(
        &self,
        id: &str,
        accept: impl Fn(&str) -> bool,
    ) -> Result<Option<(String, bool)>, StorageError> {
        let backup = game_key(id, ".bak")?;
        super::main_or_backup(self.get(&game_key(id, "")?)?, || self.get(&backup), accept)
    }

    /// Writes a game, the previous version kept as its backup, in one
    /// transaction: a tab closed at any moment leaves one or the other.
    pub fn write(&self, id: &str, text: &str) -> Result<(), StorageError> {
        let key = game_key(id, "")?;
        let mut changes = Vec::new();
        if let Some(previous) = self.get(&key)? {
            changes.push((game_key(id, ".bak")?, Some(previous)));
        }
        changes.push(put(key, text));
        self.apply(changes)?;
        unfinished::mark(id, true);
        Ok(())
    }

    /// Writes a finished game, which keeps no backup: the old backup goes
    /// first and none is made, so a nearly full quota still takes it.
    pub fn write_finished(&self, id: &str, text: &str) -> Result<(), StorageError> {
        self.apply(vec![
            remove(game_key(id, ".bak")?),
            put(game_key(id, "")?, text),
        ])?;
        unfinished::mark(id, false);
        Ok(())
    }

    /// Drops a game's backup (a finished game needs none).
    pub fn drop_backup(&self, id: &str) -> Result<(), StorageError> {
        self.apply(vec![remove(game_key(id, ".bak")?)])
    }

    /// The index of finished games' summaries (`core::index`), under
    /// `index`, outside the games' keys.
    pub fn read_index(&self) -> Option<String> {
        self.get("index").ok().flatten()
    }

    pub fn write_index(&self, text: &str) -> Result<(), StorageError> {
        self.apply(vec![put("index".into(), text)])
    }

    /// Nothing is left half-written: each change is one transaction (one
    /// `setItem` in `localStorage`).
    pub fn tidy(&self) {}

    /// Keeps the damaged copy under `aside.<id>` and puts `text` (the
    /// backup, which loaded) back as the game.
    pub fn repair(&self, id: &str, text: &str) -> Result<(), StorageError> {
        let key = game_key(id, "")?;
        let mut changes = Vec::new();
        if let Some(damaged) = self.get(&key)? {
            changes.push((format!("aside.{id}"), Some(damaged)));
        }
        changes.push(put(key, text));
        self.apply(changes)
    }

    pub fn set_aside(&self, id: &str) -> Result<(), StorageError> {
        let mut changes = Vec::new();
        for suffix in ["", ".bak"] {
            let key = game_key(id, suffix)?;
            if let Some(text) = self.get(&key)? {
                changes.push((format!("aside.{id}{suffix}"), Some(text)));
                changes.push(remove(key));
            }
        }
        self.apply(changes)?;
        unfinished::mark(id, false);
        Ok(())
    }

    pub fn delete(&self, id: &str) -> Result<(), StorageError> {
        self.apply(vec![
            remove(game_key(id, "")?),
            remove(game_key(id, ".bak")?),
        ])?;
        unfinished::mark(id, false);
        Ok(())
    }
}

/// The saved games in IndexedDB: database `genius`, object store `games`,
/// text values under the keys of [`GameFiles`].
///
/// The app's storage calls are synchronous, so every value is read into
/// memory once, before the app starts ([`open_games`]), and kept as the
/// browser's string until the app reads it (most finished games are never
/// read: History lists them from the index of summaries); reads come from
/// there, and each change updates it at once and is written in one
/// IndexedDB transaction (transactions on one store run in the order they
/// are made). A transaction that fails (a full quota) is remembered and
/// reported by the next change, so the player is told.
///
/// At the first start, games saved in `localStorage` by earlier versions
/// (`genius.game.*`, `genius.aside.*`, `genius.index`) are copied in one
/// transaction, and removed from `localStorage` only once it has
/// completed; a key IndexedDB already holds is not copied again, so an
/// interrupted move is finished at the next start with nothing lost.
pub mod games_db {
    use super::{StorageError, PREFIX};
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{IdbDatabase, IdbRequest, IdbTransaction, IdbTransactionMode};

    const DB: &str = "genius";
    const STORE: &str = "games";

    struct Open {
        db: IdbDatabase,
        values: BTreeMap<String, JsValue>,
        /// Why the last transaction failed, until a change reports it.
        failed: Option<StorageError>,
        /// Notes a failed transaction (one closure for every transaction).
        on_abort: Closure<dyn FnMut(web_sys::Event)>,
        /// Drops the journal entry of a completed transaction.
        on_complete: Closure<dyn FnMut(web_sys::Event)>,
        /// The journal entries of the transactions not completed yet, oldest
        /// first (they complete in the order they were made), and the next.
        pending: std::collections::VecDeque<u64>,
        next: u64,
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
            Some(other) => StorageError(format!("IndexedDB: {other}")),
            None => StorageError("IndexedDB refused to write".into()),
        }
    }

    fn name_of(error: &JsValue) -> Option<String> {
        js_sys::Reflect::get(error, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
    }

    /// Applies `changes` to the values in memory and writes them in one
    /// transaction. Reports a transaction that failed since the last call.
    pub fn apply(changes: Vec<super::Change>) -> Result<(), StorageError> {
        OPEN.with(|o| {
            let mut o = o.borrow_mut();
            let open = o
                .as_mut()
                .ok_or_else(|| StorageError("IndexedDB is closed".into()))?;
            let earlier = open.failed.take();
            let tx = open
                .db
                .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
                .map_err(|e| error_of(name_of(&e)))?;
            tx.set_onabort(Some(open.on_abort.as_ref().unchecked_ref()));
            tx.set_oncomplete(Some(open.on_complete.as_ref().unchecked_ref()));
            let entry: Vec<(&str, Option<&str>)> = changes
                .iter()
                .map(|(key, value)| match key.as_str() {
                    "index" => (key.as_str(), None),
                    _ => (key.as_str(), value.as_deref()),
                })
                .collect();
            if let (Some(local), Ok(text)) = (journal(), serde_json::to_string(&entry)) {
                // Without room for it, the change goes to IndexedDB alone.
                let _ = local.set_item(&format!("{JOURNAL}{}", open.next), &text);
            }
            open.pending.push_back(open.next);
            open.next += 1;
            let store = tx.object_store(STORE).map_err(|e| error_of(name_of(&e)))?;
            for (key, value) in changes {
                let value = value.map(|text| JsValue::from_str(&text));
                let written = match &value {
                    Some(text) => store.put_with_key(text, &JsValue::from_str(&key)),
                    None => store.delete(&JsValue::from_str(&key)),
                };
                if let Err(e) = written {
                    let _ = tx.abort();
                    return Err(error_of(name_of(&e)));
                }
                match value {
                    Some(text) => open.values.insert(key, text),
                    None => open.values.remove(&key),
                };
            }
            // Sent now rather than when the page's events have run: the
            // sooner it is in the browser's hands, the less a closing tab loses.
            // (`commit()` is in every current browser; web-sys marks it
            // deprecated. Where it is missing, the call fails harmlessly and
            // the transaction commits by itself.)
            #[allow(deprecated)]
            let _ = tx.commit();
            match earlier {
                Some(error) => Err(error),
                None => Ok(()),
            }
        })
    }

    /// The oldest transaction has ended (completed, or failed and noted):
    /// its journal entry goes.
    fn ended() {
        OPEN.with(|o| {
            if let Some(open) = o.borrow_mut().as_mut() {
                if let (Some(n), Some(local)) = (open.pending.pop_front(), journal()) {
                    let _ = local.remove_item(&format!("{JOURNAL}{n}"));
                }
            }
        });
    }

    /// Applies the journal entries a closed tab left (see [`JOURNAL`]) to
    /// `values` and the store, then drops them; the number after the last.
    async fn replay_journal(
        db: &IdbDatabase,
        values: &mut BTreeMap<String, JsValue>,
    ) -> Result<u64, StorageError> {
        let Some(local) = journal() else { return Ok(0) };
        let mut entries: Vec<(u64, String)> = (0..local.length().unwrap_or(0))
            .filter_map(|i| local.key(i).ok().flatten())
            .filter_map(|k| Some((k.strip_prefix(JOURNAL)?.parse().ok()?, k)))
            .collect();
        if entries.is_empty() {
            return Ok(0);
        }
        entries.sort_unstable();
        let fail = |e: JsValue| error_of(name_of(&e));
        let tx = db
            .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
            .map_err(fail)?;
        let store = tx.object_store(STORE).map_err(fail)?;
        let mut replayed = Vec::new();
        for (_, key) in &entries {
            let Ok(Some(text)) = local.get_item(key) else {
                continue;
            };
            let Ok(changes) = serde_json::from_str::<Vec<(String, Option<String>)>>(&text) else {
                continue;
            };
            for (key, value) in changes {
                let value = value.map(|v| JsValue::from_str(&v));
                match &value {
                    Some(v) => store.put_with_key(v, &JsValue::from_str(&key)),
                    None => store.delete(&JsValue::from_str(&key)),
                }
                .map_err(fail)?;
                replayed.push((key, value));
            }
        }
        committed(&tx).await?;
        for (key, value) in replayed {
            match value {
                Some(v) => values.insert(key, v),
                None => values.remove(&key),
            };
        }
        let next = entries.last().map_or(0, |(n, _)| n + 1);
        for (_, key) in entries {
            let _ = local.remove_item(&key);
        }
        Ok(next)
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
            .ok_or_else(|| StorageError("IndexedDB is not available".into()))?;
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
            .map_err(|_| StorageError("IndexedDB: not a database".into()))
    }

    /// The database and its keys and values as the page's script read them
    /// while the wasm loaded (`window.geniusGames`, in index.html).
    async fn read_early() -> Result<(IdbDatabase, BTreeMap<String, JsValue>), StorageError> {
        let early = web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"geniusGames".into()).ok())
            .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
            .ok_or_else(|| StorageError("not read by the page".into()))?;
        let read: js_sys::Array = JsFuture::from(early)
            .await
            .map_err(|e| error_of(name_of(&e)))?
            .unchecked_into();
        let db = read
            .get(0)
            .dyn_into::<IdbDatabase>()
            .map_err(|_| StorageError("IndexedDB: not a database".into()))?;
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

    /// Moves the games `localStorage` holds into the store (see the module).
    async fn migrate(
        db: &IdbDatabase,
        values: &mut BTreeMap<String, JsValue>,
    ) -> Result<(), StorageError> {
        let Some(local) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else {
            return Ok(());
        };
        let len = local.length().unwrap_or(0);
        let keys: Vec<String> = (0..len)
            .filter_map(|i| local.key(i).ok().flatten())
            .filter(|k| {
                k.strip_prefix(PREFIX).is_some_and(|k| {
                    k.starts_with("game.") || k.starts_with("aside.") || k == "index"
                })
            })
            .collect();
        if keys.is_empty() {
            return Ok(());
        }
        let fail = |e: JsValue| error_of(name_of(&e));
        // On disk before it completes ("strict" durability, which web-sys
        // only has behind an unstable flag): localStorage's copies go after.
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"durability".into(), &"strict".into());
        let tx: IdbTransaction = js_sys::Reflect::get(db, &"transaction".into())
            .and_then(|f| f.dyn_into::<js_sys::Function>())
            .and_then(|f| f.call3(db, &STORE.into(), &"readwrite".into(), &options))
            .and_then(|tx| tx.dyn_into::<IdbTransaction>())
            .map_err(fail)?;
        let store = tx.object_store(STORE).map_err(fail)?;
        let mut copied = Vec::new();
        for full in &keys {
            let key = &full[PREFIX.len()..];
            if values.contains_key(key) {
                continue;
            }
            if let Ok(Some(text)) = local.get_item(full) {
                let text = JsValue::from_str(&text);
                store
                    .put_with_key(&text, &JsValue::from_str(key))
                    .map_err(fail)?;
                copied.push((key.to_string(), text));
            }
        }
        committed(&tx).await?;
        values.extend(copied);
        // Stored in IndexedDB: now they may go.
        for full in keys {
            let _ = local.remove_item(&full);
        }
        Ok(())
    }

    /// `values` with the games `localStorage` still holds that `values`
    /// lacks.
    fn with_local_games(mut values: BTreeMap<String, JsValue>) -> BTreeMap<String, JsValue> {
        if let Some(local) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
            for i in 0..local.length().unwrap_or(0) {
                let Some(full) = local.key(i).ok().flatten() else {
                    continue;
                };
                let Some(key) = full.strip_prefix(PREFIX) else {
                    continue;
                };
                if key.starts_with("game.") && !values.contains_key(key) {
                    if let Ok(Some(text)) = local.get_item(&full) {
                        values.insert(key.to_string(), JsValue::from_str(&text));
                    }
                }
            }
        }
        values
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
        if migrate(&db, &mut values).await.is_err() {
            // Not moved this time (a full quota): the games stay in
            // localStorage and the move is tried at the next start. With
            // nothing in IndexedDB yet, the app keeps to localStorage;
            // otherwise the games left there are read too.
            if values.is_empty() {
                return;
            }
            values = with_local_games(values);
        }
        // Left in the journal, the entries are applied at the next start.
        let next = replay_journal(&db, &mut values)
            .await
            .unwrap_or(u64::MAX / 2);
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
                    .map(|(id, _)| id.to_string())
                    .collect(),
            );
        }
        let on_abort = Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
            let name = event
                .target()
                .and_then(|t| t.dyn_into::<IdbTransaction>().ok())
                .and_then(|tx| tx.error())
                .map(|e| e.name());
            OPEN.with(|o| {
                if let Some(open) = o.borrow_mut().as_mut() {
                    open.failed = Some(error_of(name));
                }
            });
            ended();
        });
        let on_complete = Closure::<dyn FnMut(web_sys::Event)>::new(|_: web_sys::Event| ended());
        OPEN.with(|o| {
            *o.borrow_mut() = Some(Open {
                db,
                values,
                failed: None,
                on_abort,
                on_complete,
                pending: Default::default(),
                next,
            })
        });
    }
}

pub use games_db::open_games;
