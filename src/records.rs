//! What the device keeps beside the saved games: the names of past
//! players, the renamed and merged players of the history, the Einstein
//! solo personal best and the Roll to the Top series. The last two change
//! when a game ends, from the handler of the move that ended it
//! ([`game_ended`], called by `ui::Active`), never while a screen renders.

use crate::core::game::{GameKind, Standings};
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

const EINSTEIN_BEST_KEY: &str = "einstein-best";

/// The best total of an Einstein game played alone on this device.
pub fn einstein_best() -> Option<i32> {
    platform::load(EINSTEIN_BEST_KEY)
        .ok()
        .flatten()
        .and_then(|t| t.trim().parse().ok())
}

const RTT_SERIES_KEY: &str = "rtt-series";

pub use crate::core::rtt::Series;

pub fn rtt_series() -> Series {
    load_json(RTT_SERIES_KEY)
}

/// Starts the series again from nothing.
pub fn reset_rtt_series() -> Series {
    let mut series = rtt_series();
    series.reset();
    save_json(RTT_SERIES_KEY, &series);
    series
}

/// Records the end of game `id`: a solo Einstein total above the personal
/// best becomes the best; a Roll to the Top game adds its points to the
/// series, once (see [`Series::count`]). A game played with the coach's
/// help is no record.
pub fn game_ended(kind: GameKind, id: &GameId, standings: &Standings, coached: bool) {
    let whole = |points: crate::core::game::Points| (points.0 / 2) as i32;
    match (kind, standings.players.as_slice()) {
        (GameKind::Einstein, [solo]) if !coached => {
            let total = whole(solo.score);
            if einstein_best().is_none_or(|best| total > best) {
                let _ = platform::save(EINSTEIN_BEST_KEY, &total.to_string());
            }
        }
        (GameKind::Rtt, _) => {
            let mut series = rtt_series();
            if series.count(id, standings, coached) {
                save_json(RTT_SERIES_KEY, &series);
            }
        }
        _ => {}
    }
}
