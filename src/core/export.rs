//! Exporting games and importing them back, version 1 (JSON, UTF-8):
//!
//! ```json
//! {
//!   "format": "genius-export",
//!   "version": 1,
//!   "exported_at": 1764000000000,
//!   "games": [ { "format": "genius-game", "version": 1, … }, … ]
//! }
//! ```
//!
//! Each entry of `games` is a saved game exactly as stored on the device
//! (see [`super::save`]). An import also takes a single saved-game file.
//! Nothing is trusted: every game is replayed by its rules before it is
//! kept, and a file over [`MAX_IMPORT_BYTES`] is refused before it is read.

use super::save::{check, LoadError, SavedGame};
use serde::Serialize;

pub const FORMAT: &str = "genius-export";
pub const VERSION: u32 = 1;
/// Larger files are refused before being read whole (a year of daily games
/// is well under 1 MiB).
pub const MAX_IMPORT_BYTES: u64 = 4 * 1024 * 1024;
/// More games than this in one file is not something the app wrote.
pub const MAX_GAMES: usize = 10_000;

#[derive(Serialize)]
struct Export<'a> {
    format: &'a str,
    version: u32,
    exported_at: u64,
    games: &'a [SavedGame],
}

/// The export file for `games`.
pub fn export(games: &[SavedGame], exported_at: u64) -> String {
    serde_json::to_string_pretty(&Export {
        format: FORMAT,
        version: VERSION,
        exported_at,
        games,
    })
    .unwrap_or_default()
}

/// Why a whole file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    TooLarge {
        bytes: u64,
    },
    NotJson(String),
    /// JSON, but neither an export nor a saved game of this app.
    NotAnExport,
    NewerVersion(u32),
    TooManyGames(usize),
}

/// What an import found, game by game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportReport {
    /// Games that replay and are new to this device.
    pub added: Vec<SavedGame>,
    /// Ids already on the device (left as they are).
    pub already: Vec<String>,
    /// Games refused: their position in the file, their id if readable, why.
    pub refused: Vec<(usize, Option<String>, LoadError)>,
}

/// Checks a size announced before reading (a file's length).
pub fn check_size(bytes: u64) -> Result<(), ImportError> {
    if bytes > MAX_IMPORT_BYTES {
        Err(ImportError::TooLarge { bytes })
    } else {
        Ok(())
    }
}

/// Reads an export (or one saved game); `have` says whether an id is
/// already on the device.
pub fn import(text: &str, have: impl Fn(&str) -> bool) -> Result<ImportReport, ImportError> {
    check_size(text.len() as u64)?;
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ImportError::NotJson(e.to_string()))?;
    let entries: Vec<serde_json::Value> = match value.get("format").and_then(|f| f.as_str()) {
        Some(FORMAT) => {
            match value.get("version").and_then(|v| v.as_u64()) {
                Some(v) if v > u64::from(VERSION) => {
                    return Err(ImportError::NewerVersion(v.min(u64::from(u32::MAX)) as u32))
                }
                Some(_) => {}
                None => return Err(ImportError::NotAnExport),
            }
            match value.get("games") {
                Some(serde_json::Value::Array(games)) => games.clone(),
                _ => return Err(ImportError::NotAnExport),
            }
        }
        Some(super::save::FORMAT) => vec![value],
        _ => return Err(ImportError::NotAnExport),
    };
    if entries.len() > MAX_GAMES {
        return Err(ImportError::TooManyGames(entries.len()));
    }
    let mut report = ImportReport::default();
    for (index, entry) in entries.iter().enumerate() {
        let id = entry.get("id").and_then(|i| i.as_str()).map(str::to_string);
        match check(&entry.to_string()) {
            Ok(game) if !super::save::is_valid_id(&game.id) => {
                report.refused.push((index, id, LoadError::NotAGame));
            }
            Ok(game) if have(&game.id) || report.added.iter().any(|g| g.id == game.id) => {
                report.already.push(game.id);
            }
            Ok(game) => report.added.push(game),
            Err(e) => report.refused.push((index, id, e)),
        }
    }
    Ok(report)
}
