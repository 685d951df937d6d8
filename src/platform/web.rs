//! The web: `localStorage` and `navigator.language`.

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

/// Stores a value under `key`, replacing the previous one.
pub fn save(key: &str, value: &str) -> Result<(), StorageError> {
    storage()?
        .set_item(&format!("{PREFIX}{key}"), value)
        .map_err(|_| StorageError("localStorage is full or disabled".into()))
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
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

/// Saved games in `localStorage`: `genius.game.<id>`, its backup
/// `genius.game.<id>.bak`, and games set aside under `genius.aside.<id>`.
/// One `setItem` replaces a value atomically; the previous value is copied to
/// the backup key first.
pub struct GameFiles;

impl GameFiles {
    pub fn default_location() -> Result<GameFiles, StorageError> {
        storage().map(|_| GameFiles)
    }

    /// The ids of the stored games, once each, in storage order (the saved
    /// games are sorted when loaded, so no sort is needed here).
    pub fn ids(&self) -> Result<Vec<String>, StorageError> {
        let s = storage()?;
        let len = s
            .length()
            .map_err(|_| StorageError("localStorage refused to list".into()))?;
        let prefix = format!("{PREFIX}game.");
        let mut ids: Vec<String> = Vec::new();
        for key in (0..len).filter_map(|i| s.key(i).ok().flatten()) {
            if let Some(id) = key.strip_prefix(&prefix) {
                let id = id.trim_end_matches(".bak");
                if !ids.iter().any(|known| known == id) {
                    ids.push(id.to_string());
                }
            }
        }
        Ok(ids)
    }

    pub fn read(
        &self,
        id: &str,
        accept: impl Fn(&str) -> bool,
    ) -> Result<Option<(String, bool)>, StorageError> {
        super::main_or_backup(
            load(&format!("game.{id}"))?,
            || load(&format!("game.{id}.bak")),
            accept,
        )
    }

    pub fn write(&self, id: &str, text: &str) -> Result<(), StorageError> {
        if let Some(previous) = load(&format!("game.{id}"))? {
            save(&format!("game.{id}.bak"), &previous)?;
        }
        save(&format!("game.{id}"), text)
    }

    pub fn set_aside(&self, id: &str) -> Result<(), StorageError> {
        let s = storage()?;
        for suffix in ["", ".bak"] {
            if let Some(text) = load(&format!("game.{id}{suffix}"))? {
                save(&format!("aside.{id}{suffix}"), &text)?;
                let _ = s.remove_item(&format!("{PREFIX}game.{id}{suffix}"));
            }
        }
        Ok(())
    }

    pub fn delete(&self, id: &str) -> Result<(), StorageError> {
        let s = storage()?;
        for suffix in ["", ".bak"] {
            let _ = s.remove_item(&format!("{PREFIX}game.{id}{suffix}"));
        }
        Ok(())
    }
}
