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

/// The browser's preferred language, such as `fr-FR`.
pub fn device_locale() -> Option<String> {
    web_sys::window().and_then(|w| w.navigator().language())
}

/// Mirrors the theme and language on the page's root element, so the page
/// background and the `lang` of the document match the app.
pub fn reflect_in_document(theme: &str, lang: &str) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.set_attribute("lang", lang);
        root.set_class_name(if theme == "system" { "" } else { theme });
    }
}
