//! The web: saved games in IndexedDB (see [`games_db`]), settings in
//! `localStorage`, and `navigator.language`.

use super::StorageError;
use crate::core::save::GameId;

const PREFIX: &str = "genius.";

fn storage() -> Result<web_sys::Storage, StorageError> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| StorageError::failed("localStorage is not available"))
}

/// Reads a stored value; `Ok(None)` when nothing was stored under `key`.
pub fn load(key: &str) -> Result<Option<String>, StorageError> {
    storage()?
        .get_item(&format!("{PREFIX}{key}"))
        .map_err(|_| StorageError::failed("localStorage refused to read"))
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
                StorageError::failed("localStorage is disabled")
            }
        })
}

/// The key of game `id` (a [`GameId`], so never another game's key).
fn game_key(id: &GameId, suffix: &str) -> String {
    format!("game.{id}{suffix}")
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// Runs `f`, recorded in the page's performance timeline as a measure named
/// `name` (User Timing): DevTools shows it, and the browser bench reads the
/// coach's computing time from it, apart from drawing its answer.
pub fn timed<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
        return f();
    };
    let start = format!("{name}:start");
    let _ = performance.mark(&start);
    let out = f();
    let _ = performance.measure_with_start_mark(name, &start);
    performance.clear_marks_with_mark_name(&start);
    out
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

/// Resolves once the browser has painted a frame: the app starts after the
/// page's copy of the home screen is on screen, never in its place. (When
/// the wasm arrives before the stylesheet lets the page paint, its start
/// would otherwise hold the first paint back behind the app's own.)
pub async fn painted() {
    // The page's own promise (index.html), settled after its first paint:
    // when the wasm arrives later, as it mostly does, there is no frame to
    // wait for.
    let page = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"geniusPainted".into()).ok())
        .and_then(|p| wasm_bindgen::JsCast::dyn_into::<js_sys::Promise>(p).ok());
    match page {
        Some(page) => {
            let _ = wasm_bindgen_futures::JsFuture::from(page).await;
        }
        None => next_frame().await,
    }
}

/// What lies below the fold of a screen is drawn one frame after the rest
/// ([`next_frame`]): the part a player taps first is painted sooner.
pub const DRAWS_BELOW_THE_FOLD_LATER: bool = true;

/// Resolves after the browser's next paint (a task queued from the next
/// frame's callback).
pub async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let Some(window) = web_sys::window() else {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
            return;
        };
        let after_paint = wasm_bindgen::closure::Closure::once_into_js(move || {
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback(&resolve);
            }
        });
        let _ = window.request_animation_frame(wasm_bindgen::JsCast::unchecked_ref(&after_paint));
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// On the release web build the page holds the app's first stylesheet and
/// links the second, the other screens', once the app has painted its first
/// screen (index.html, `geniusScreensStyle`). Elsewhere (`dx serve` too) the
/// app links both from the start.
pub const LINKS_STYLESHEETS_LATER: bool = !cfg!(debug_assertions);

/// The page's promise of the screens' stylesheet, settled once the browser
/// is done with the file: loaded, or failed (a screen then shows unstyled
/// rather than never). `None` where the page does not link it.
fn screens_style_promise() -> Option<js_sys::Promise> {
    if !LINKS_STYLESHEETS_LATER {
        return None;
    }
    let window = web_sys::window()?;
    let promise = js_sys::Reflect::get(&window, &"geniusScreensStyle".into()).ok()?;
    wasm_bindgen::JsCast::dyn_into::<js_sys::Promise>(promise).ok()
}

/// Whether the other screens' stylesheet is in the page: the page says so
/// (`geniusScreensStyled`), or links none (see [`LINKS_STYLESHEETS_LATER`]).
pub fn screens_styled() -> bool {
    !LINKS_STYLESHEETS_LATER
        || web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"geniusScreensStyled".into()).ok())
            .is_none_or(|styled| styled.is_undefined() || styled.is_truthy())
}

/// This phone is at its table (welcomed by the host): the page hears it
/// once (`genius-at-table`). On a join link the page registers the service
/// worker only then, so that the worker's download of every file of the app
/// does not share a slow network with the join (see `index.html`).
pub fn at_table() {
    thread_local! {
        static TOLD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if TOLD.with(|told| told.replace(true)) {
        return;
    }
    if let (Some(window), Ok(event)) = (web_sys::window(), web_sys::Event::new("genius-at-table")) {
        let _ = window.dispatch_event(&event);
    }
}

/// Resolves once [`screens_styled`].
pub async fn screens_style() {
    if let Some(promise) = screens_style_promise() {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
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
    let fail = |what: &str| StorageError::failed(format!("rules.json: {what}"));
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
    let fail = |what: &str| StorageError::failed(format!("could not {what}"));
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

/// The card of the page's copy of the home screen that was tapped before
/// the app ran (`open-checker`, `open-serieux`…; index.html keeps it in
/// `window.geniusTap`). Taken once: the app then starts on that card's
/// screen, and the page no longer passes the tap on to the app's home.
pub fn tapped_before_start() -> Option<String> {
    let window = web_sys::window()?;
    let tap = js_sys::Reflect::get(&window, &"geniusTap".into())
        .ok()?
        .as_string()?;
    js_sys::Reflect::delete_property(&window, &"geniusTap".into()).ok()?;
    Some(tap)
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
    use crate::core::save::GameId;

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
    pub fn mark(id: &GameId, unfinished: bool) {
        let Some(local) = local() else { return };
        let mut ids = ids(&local);
        let known = ids.iter().any(|i| id == i.as_str());
        if unfinished && !known {
            ids.push(id.to_string());
        } else if !unfinished && known {
            ids.retain(|i| id != i.as_str());
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
    pub fn set(ids: Vec<GameId>) {
        if let Some(local) = local() {
            // Written even when empty: "kept, and none unfinished".
            let ids: Vec<&str> = ids.iter().map(GameId::as_str).collect();
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
    /// Keys that are not a [`GameId`]'s are no game of the app's.
    pub fn ids(&self) -> Result<Vec<GameId>, StorageError> {
        let keys = match games_db::keys() {
            Some(keys) => keys,
            None => {
                let s = storage()?;
                let len = s
                    .length()
                    .map_err(|_| StorageError::failed("localStorage refused to list"))?;
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
            .filter(|id| seen.insert(*id))
            .filter_map(|id| GameId::parse(id).ok())
            .collect())
    }

    pub fn read(
        &self,
        id: &GameId,
        accept: impl Fn(&str) -> bool,
    ) -> Result<Option<(String, bool)>, StorageError> {
        let backup = game_key(id, ".bak");
        super::main_or_backup(self.get(&game_key(id, ""))?, || self.get(&backup), accept)
    }

    /// Writes a game, the previous version kept as its backup, in one
    /// transaction: a tab closed at any moment leaves one or the other.
    pub fn write(&self, id: &GameId, text: &str) -> Result<(), StorageError> {
        let key = game_key(id, "");
        let mut changes = Vec::new();
        if let Some(previous) = self.get(&key)? {
            changes.push((game_key(id, ".bak"), Some(previous)));
        }
        changes.push(put(key, text));
        self.apply(changes)?;
        unfinished::mark(id, true);
        Ok(())
    }

    /// Writes a finished game, which keeps no backup: the old backup goes
    /// first and none is made, so a nearly full quota still takes it.
    pub fn write_finished(&self, id: &GameId, text: &str) -> Result<(), StorageError> {
        self.apply(vec![
            remove(game_key(id, ".bak")),
            put(game_key(id, ""), text),
        ])?;
        unfinished::mark(id, false);
        Ok(())
    }

    /// Drops a game's backup (a finished game needs none).
    pub fn drop_backup(&self, id: &GameId) -> Result<(), StorageError> {
        self.apply(vec![remove(game_key(id, ".bak"))])
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

    /// [`Self::ids`]: there is nothing to tidy.
    pub fn tidy_ids(&self) -> Result<Vec<GameId>, StorageError> {
        self.ids()
    }

    /// Keeps the damaged copy under `aside.<id>` and puts `text` (the
    /// backup, which loaded) back as the game.
    pub fn repair(&self, id: &GameId, text: &str) -> Result<(), StorageError> {
        let key = game_key(id, "");
        let mut changes = Vec::new();
        if let Some(damaged) = self.get(&key)? {
            changes.push((format!("aside.{id}"), Some(damaged)));
        }
        changes.push(put(key, text));
        self.apply(changes)
    }

    pub fn set_aside(&self, id: &GameId) -> Result<(), StorageError> {
        let mut changes = Vec::new();
        for suffix in ["", ".bak"] {
            let key = game_key(id, suffix);
            if let Some(text) = self.get(&key)? {
                changes.push((format!("aside.{id}{suffix}"), Some(text)));
                changes.push(remove(key));
            }
        }
        self.apply(changes)?;
        unfinished::mark(id, false);
        Ok(())
    }

    pub fn delete(&self, id: &GameId) -> Result<(), StorageError> {
        self.apply(vec![remove(game_key(id, "")), remove(game_key(id, ".bak"))])?;
        unfinished::mark(id, false);
        Ok(())
    }
}

pub mod camera;
pub mod games_db;

pub use games_db::open_games;

/// Waits until a save fails after it has returned (an IndexedDB
/// transaction ends later), and says why (see [`games_db::failure`]).
pub async fn storage_failure() -> StorageError {
    games_db::failure().await
}

/// The invitation in the page's address (`…/#join=<ticket>`), if the app
/// was opened by a table's link. The fragment never reaches a server; it
/// stays in the address, so a reload joins the same table again.
pub fn join_in_address() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#join=").map(str::to_string)
}

/// From now on, a table's link opened in this tab while the app runs opens
/// that table. The browser then changes only the address's fragment and
/// nothing reloads, so the app, which reads the link when it starts (see
/// [`join_in_address`]), would stay where it was: the page loads again on
/// the new address instead, as when the link opens a new tab. The app's
/// own changes of the address (`replaceState`) fire no `hashchange`.
/// Listens once, whatever the number of calls.
pub fn listen_for_join_links() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use wasm_bindgen::{closure::Closure, JsCast};
    static LISTENING: AtomicBool = AtomicBool::new(false);
    let Some(window) = web_sys::window() else {
        return;
    };
    if LISTENING.swap(true, Ordering::SeqCst) {
        return;
    }
    let opened = Closure::<dyn FnMut()>::new(|| {
        if join_in_address().is_some() {
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        }
    });
    let _ = window.add_event_listener_with_callback("hashchange", opened.as_ref().unchecked_ref());
    opened.forget();
}

/// The link that opens this app at a table: this page's address with the
/// ticket in its fragment.
pub fn join_url(ticket: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let base = location
        .and_then(|l| Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?)))
        .unwrap_or_default();
    format!("{base}#join={ticket}")
}

/// Leaves the table's link: the address no longer joins it on a reload.
pub fn forget_join_in_address() {
    if let Some(window) = web_sys::window() {
        if let Ok(history) = window.history() {
            let path = window.location().pathname().unwrap_or_default();
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
        }
    }
}

/// Hands a link to the phone's share sheet (Web Share), or copies it where
/// there is none. True if shared, false if copied (or neither could be).
pub fn share_link(url: &str, title: &str) -> bool {
    use wasm_bindgen::{JsCast, JsValue};
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let method = |name: &str, on: &JsValue| {
        js_sys::Reflect::get(on, &name.into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    };
    if let Some(share) = method("share", &navigator) {
        let data = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&data, &"url".into(), &url.into());
        let _ = js_sys::Reflect::set(&data, &"title".into(), &title.into());
        if share.call1(&navigator, &data).is_ok() {
            return true;
        }
    }
    if let Ok(clipboard) = js_sys::Reflect::get(&navigator, &"clipboard".into()) {
        if let Some(write) = method("writeText", &clipboard) {
            let _ = write.call1(&clipboard, &url.into());
        }
    }
    false
}

/// Whether the relay at `url` answers its probe (`/ping`, which iroh's
/// relay server answers to any page) within five seconds.
pub async fn relay_answers(url: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else {
        return false;
    };
    let ping = format!("{}/ping", url.trim_end_matches('/'));
    let fetch = window.fetch_with_str(&ping);
    let timeout = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 5_000);
    });
    let first = js_sys::Promise::race(&js_sys::Array::of2(&fetch, &timeout));
    match wasm_bindgen_futures::JsFuture::from(first).await {
        Ok(value) => value
            .dyn_into::<web_sys::Response>()
            .is_ok_and(|response| response.ok()),
        Err(_) => false,
    }
}
