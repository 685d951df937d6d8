//! The one-time move of the games earlier versions saved in
//! `localStorage` (`genius.game.*`, `genius.aside.*`, `genius.index`) into
//! IndexedDB (see the parent module).

use super::{committed, error_of, name_of, StorageError, STORE};
use crate::platform::web::PREFIX;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{IdbDatabase, IdbTransaction};

/// Moves the games `localStorage` holds into the store (see the parent module).
pub(super) async fn migrate(
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
            k.strip_prefix(PREFIX)
                .is_some_and(|k| k.starts_with("game.") || k.starts_with("aside.") || k == "index")
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
pub(super) fn with_local_games(mut values: BTreeMap<String, JsValue>) -> BTreeMap<String, JsValue> {
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
