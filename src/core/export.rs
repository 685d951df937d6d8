//! Exporting games and importing them back, version 1 (compact JSON, UTF-8):
//!
//! ```json
//! {"format":"genius-export","version":1,"exported_at":1764000000000,
//!  "games":[{"format":"genius-game","version":2,…,"crc32":"…"},…]}
//! ```
//!
//! Each entry of `games` is a saved game exactly as the device stores it,
//! checksum included (see [`super::save`]). An import also takes a single
//! saved-game file. Nothing is trusted: every game is replayed by its rules
//! before it is kept, and a file over [`MAX_IMPORT_BYTES`] is refused before
//! it is read. The games of an import are read one at a time from the
//! file's text (no second copy of the whole file is built).

use super::save::{GameId, LoadError, SavedGame};

use super::games::check;
use serde::Deserialize;
use serde_json::value::RawValue;

pub const FORMAT: &str = "genius-export";
pub const VERSION: u32 = 1;
/// More games than this in one file is not something the app wrote.
pub const MAX_GAMES: usize = 10_000;
/// Larger files are refused before being read whole. It is above anything
/// the app writes: [`MAX_GAMES`] games of the longest kind played to its
/// end (`tests/history_export.rs` measures the longest finished game of
/// each kind and checks that many of them fit, with room to spare).
pub const MAX_IMPORT_BYTES: u64 = 256 * 1024 * 1024;

/// The export file for `games`, built entry by entry (each game's text as
/// [`SavedGame::to_json`] writes it). A game played on several phones goes
/// without its table mark ([`SavedGame::alone`]): the mark holds the
/// phone's key, the table's secret and the openings of choices not shown
/// yet, with which the file's reader could act, vote and connect as this
/// phone.
pub fn export(games: &[SavedGame], exported_at: u64) -> String {
    let texts: Vec<String> = games.iter().map(|g| g.alone().to_json()).collect();
    let mut out = String::with_capacity(texts.iter().map(|t| t.len() + 1).sum::<usize>() + 96);
    out.push_str(&format!(
        "{{\"format\":\"{FORMAT}\",\"version\":{VERSION},\"exported_at\":{exported_at},\"games\":["
    ));
    for (n, text) in texts.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str(text);
    }
    out.push_str("]}");
    out
}

/// An export's envelope, its games left as slices of the file's text.
#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(borrow)]
    format: Option<std::borrow::Cow<'a, str>>,
    version: Option<u64>,
    #[serde(borrow)]
    games: Option<Vec<&'a RawValue>>,
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

impl std::fmt::Display for ImportError {
    /// A plain description for logs; the UI words it through `i18n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportError::TooLarge { bytes } => write!(f, "too large ({bytes} bytes)"),
            ImportError::NotJson(e) => write!(f, "not JSON: {e}"),
            ImportError::NotAnExport => f.write_str("neither an export nor a saved game"),
            ImportError::NewerVersion(v) => write!(f, "written by a newer version ({v})"),
            ImportError::TooManyGames(n) => write!(f, "too many games ({n})"),
        }
    }
}

impl std::error::Error for ImportError {}

/// What an import found, game by game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportReport {
    /// Games that replay and are new to this device.
    pub added: Vec<SavedGame>,
    /// Ids already on the device (left as they are).
    pub already: Vec<GameId>,
    /// Games refused: their position in the file, the id they say if
    /// readable (any text, cut to [`super::save::MAX_ID`] characters), why.
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
/// already on the device. A game whose id is not a [`GameId`] is refused
/// as [`LoadError::NotAGame`] (see [`check`]).
pub fn import(text: &str, have: impl Fn(&GameId) -> bool) -> Result<ImportReport, ImportError> {
    check_size(text.len() as u64)?;
    // The envelope is read with each game borrowed from `text`: only the
    // games that pass are copied, once, into the report.
    let envelope: Envelope = match serde_json::from_str(text) {
        Ok(envelope) => envelope,
        Err(e) => {
            return Err(match serde_json::from_str::<serde::de::IgnoredAny>(text) {
                Ok(_) => ImportError::NotAnExport,
                Err(_) => ImportError::NotJson(e.to_string()),
            })
        }
    };
    let single;
    let entries: &[&RawValue] = match envelope.format.as_deref() {
        Some(FORMAT) => {
            match envelope.version {
                Some(v) if v > u64::from(VERSION) => {
                    return Err(ImportError::NewerVersion(v.min(u64::from(u32::MAX)) as u32))
                }
                Some(_) => {}
                None => return Err(ImportError::NotAnExport),
            }
            match &envelope.games {
                Some(games) => games,
                None => return Err(ImportError::NotAnExport),
            }
        }
        Some(super::save::FORMAT) => {
            single = [serde_json::from_str::<&RawValue>(text)
                .map_err(|e| ImportError::NotJson(e.to_string()))?];
            &single
        }
        _ => return Err(ImportError::NotAnExport),
    };
    if entries.len() > MAX_GAMES {
        return Err(ImportError::TooManyGames(entries.len()));
    }
    let mut report = ImportReport::default();
    let mut seen = std::collections::BTreeSet::new();
    for (index, entry) in entries.iter().enumerate() {
        match check(entry.get()) {
            Ok(game) if have(&game.id) || seen.contains(&game.id) => {
                report.already.push(game.id);
            }
            Ok(game) => {
                seen.insert(game.id.clone());
                // A table game (a file written before exports dropped the
                // mark, or a crafted one) opens as a game of one phone.
                report.added.push(game.alone());
            }
            Err(e) => report.refused.push((index, entry_id(entry), e)),
        }
    }
    Ok(report)
}

/// The id a refused entry gives itself, if it says one (for the message).
fn entry_id(entry: &RawValue) -> Option<String> {
    #[derive(Deserialize)]
    struct Id {
        id: Option<String>,
    }
    serde_json::from_str::<Id>(entry.get())
        .ok()
        .and_then(|i| i.id)
        .map(|id| id.chars().take(super::save::MAX_ID).collect())
}
