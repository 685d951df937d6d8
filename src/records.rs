//! What the device keeps beside the saved games: the names of past
//! players, the renamed and merged players of the history, and each game's
//! record as its contract names it ([`Record`]: Einstein's personal best
//! alone, Roll to the Top's series). The records change
//! when a game ends, from the handler of the move that ended it
//! ([`game_ended`], called by `ui::Active`), never while a screen renders.

use crate::core::game::{GameKind, Record, Standings};
use crate::core::history::Aliases;
use crate::core::save::GameId;
use crate::platform::{self, StorageError};

const NAMES_KEY: &str = "players";
/// How many past player names are remembered.
pub const NAMES_KEPT: usize = 24;

/// A value stored as JSON under `key`; the default when there is none or it
/// does not read. The text goes through `serde_json::Value`, as saved games
/// and settings do: one JSON reader in the web build rather than one per type.
pub fn load_json<T: serde::de::DeserializeOwned + Default>(key: &str) -> T {
    platform::load(key)
        .ok()
        .flatten()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|value| serde_json::from_value(value).ok())
        .unwrap_or_default()
}

/// Stores `value` as JSON under `key`, as well as the device allows.
pub fn save_json<T: serde::Serialize>(key: &str, value: &T) {
    if let Ok(json) = serde_json::to_string(value) {
        let _ = platform::save(key, &json);
    }
}

/// Past players' names, most recent first.
pub fn remembered_names() -> Vec<String> {
    load_json(NAMES_KEY)
}

/// Puts `names` first in the remembered names.
pub fn remember_names(names: &[String]) {
    let mut all: Vec<String> = names.to_vec();
    for old in remembered_names() {
        if !all.iter().any(|n| n.eq_ignore_ascii_case(&old)) {
            all.push(old);
        }
    }
    all.truncate(NAMES_KEPT);
    save_json(NAMES_KEY, &all);
}

const ALIASES_KEY: &str = "aliases";

/// The renamed and merged players, as stored: `{"version":1,"renames":[[from,to],…]}`.
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredAliases {
    version: u32,
    renames: Vec<(String, String)>,
}

/// The players renamed or merged on this device (none if unreadable).
pub fn aliases() -> Aliases {
    let stored = platform::load(ALIASES_KEY)
        .ok()
        .flatten()
        .and_then(|t| serde_json::from_str::<StoredAliases>(&t).ok())
        .filter(|s| s.version == 1);
    Aliases::from_pairs(stored.map(|s| s.renames).unwrap_or_default())
}

pub fn save_aliases(aliases: &Aliases) -> Result<(), StorageError> {
    let stored = StoredAliases {
        version: 1,
        renames: aliases
            .pairs()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
    };
    let json = serde_json::to_string(&stored).unwrap_or_default();
    platform::save(ALIASES_KEY, &json)
}

/// Where the record of `kind` is stored: `einstein-best`, `rtt-series`.
fn record_key(kind: GameKind, record: &str) -> String {
    format!("{}-{record}", kind.name())
}

/// The best total of a game of `kind` played alone on this device, for a
/// game whose record is its best alone ([`Record::BestAlone`]: Einstein).
pub fn best_alone(kind: GameKind) -> Option<i32> {
    platform::load(&record_key(kind, "best"))
        .ok()
        .flatten()
        .and_then(|t| t.trim().parse().ok())
}

pub use crate::core::rtt::Series;

/// The series of `kind`, for a game that keeps one ([`Record::Series`]:
/// Roll to the Top).
pub fn series(kind: GameKind) -> Series {
    load_json(&record_key(kind, "series"))
}

/// Starts the series of `kind` again from nothing.
pub fn reset_series(kind: GameKind) -> Series {
    let mut series = series(kind);
    series.reset();
    save_json(&record_key(kind, "series"), &series);
    series
}

/// Records the end of game `id` of `kind` as the game's contract says
/// ([`Record`]): a total alone above the best becomes the best; a game of
/// a series adds its points to the series, once (see [`Series::count`]).
/// A game played with the coach's help is no record.
pub fn game_ended(kind: GameKind, id: &GameId, standings: &Standings, coached: bool) {
    let whole = |points: crate::core::game::Points| (points.0 / 2) as i32;
    match (kind.record(), standings.players.as_slice()) {
        (Record::BestAlone, [alone]) if !coached => {
            let total = whole(alone.score);
            if best_alone(kind).is_none_or(|best| total > best) {
                let _ = platform::save(&record_key(kind, "best"), &total.to_string());
            }
        }
        (Record::Series, _) => {
            let mut series = series(kind);
            if series.count(id, standings, coached) {
                save_json(&record_key(kind, "series"), &series);
            }
        }
        _ => {}
    }
}
