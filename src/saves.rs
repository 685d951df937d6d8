//! Saved games as the app sees them: every game saved as it happens, and at
//! start the list of games to resume. A file that cannot be loaded (corrupted,
//! truncated, hand-edited, from a newer version) is set aside untouched and
//! reported; every other game still loads.

use crate::core::save::{check, LoadError, SavedGame};

/// What loading the saved games found.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Games that load, newest first.
    pub games: Vec<SavedGame>,
    /// Ids of games whose file was damaged and whose backup was used.
    pub from_backup: Vec<String>,
    /// Files set aside, with why they could not be loaded.
    pub set_aside: Vec<(String, LoadError)>,
}

/// Storage the saved games live in (files natively, `localStorage` on the web).
pub trait GameStore {
    fn ids(&self) -> Vec<String>;
    /// The text of a game (or of its backup when `accept` refuses the main one).
    fn read(&self, id: &str, accept: &dyn Fn(&str) -> bool) -> Option<(String, bool)>;
    fn set_aside(&self, id: &str);
}

pub fn load_all(store: &dyn GameStore) -> Loaded {
    let mut loaded = Loaded::default();
    for id in store.ids() {
        // The game the accepted text gave is kept: each file is replayed
        // once at start-up, not twice (only a refused one is checked again,
        // for its error).
        let accepted = std::cell::RefCell::new(None);
        let accept = |text: &str| match check(text) {
            Ok(game) => {
                *accepted.borrow_mut() = Some(game);
                true
            }
            Err(_) => false,
        };
        let Some((text, from_backup)) = store.read(&id, &accept) else {
            continue;
        };
        match accepted.into_inner().map_or_else(|| check(&text), Ok) {
            Ok(game) => {
                if from_backup {
                    loaded.from_backup.push(id.clone());
                }
                // Newest first, ties in id order: each game goes in its place
                // (no sort of the whole list, so no sort code in the web build).
                let at = loaded.games.partition_point(|g| {
                    g.saved_at > game.saved_at || (g.saved_at == game.saved_at && g.id < game.id)
                });
                loaded.games.insert(at, game);
            }
            Err(error) => {
                store.set_aside(&id);
                loaded.set_aside.push((id, error));
            }
        }
    }
    loaded
}

impl GameStore for crate::platform::GameFiles {
    fn ids(&self) -> Vec<String> {
        crate::platform::GameFiles::ids(self).unwrap_or_default()
    }

    fn read(&self, id: &str, accept: &dyn Fn(&str) -> bool) -> Option<(String, bool)> {
        crate::platform::GameFiles::read(self, id, accept)
            .ok()
            .flatten()
    }

    fn set_aside(&self, id: &str) {
        let _ = crate::platform::GameFiles::set_aside(self, id);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::core::dice::D6;
    use crate::core::save::{GameKind, SavedGame};
    use crate::core::serieux::{Action, FirstPlayer, Serieux, Setup};
    use crate::core::session::{RollSource, Session};
    use crate::core::table::{Colour, Player};
    use crate::platform::GameFiles;
    use std::fs;

    fn game(rolls: usize) -> Session<Serieux> {
        let setup = Setup {
            players: vec![
                Player::new("Anne", Colour::Blue),
                Player::new("Bruno", Colour::Red),
            ],
            first: FirstPlayer::Chosen(0),
        };
        let mut s = Session::new(setup).unwrap();
        for i in 0..rolls {
            let dice = vec![D6::ALL[i % 6]];
            s.act(Action::Roll {
                dice,
                source: RollSource::Virtual,
            })
            .unwrap();
        }
        s
    }

    #[test]
    fn every_kind_of_damaged_file_is_set_aside_and_the_others_load() {
        let dir = std::env::temp_dir().join(format!("genius-saves-damaged-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = GameFiles::at(dir.clone());
        let good = SavedGame::of("serieux-1-0001", GameKind::Serieux, 5, &game(3)).to_json();
        store.write("serieux-1-0001", &good).unwrap();
        let damaged: [(&str, String); 6] = [
            ("serieux-2-0001", good[..good.len() / 3].to_string()),
            ("serieux-3-0001", "\u{0}\u{7f}binary".to_string()),
            ("serieux-4-0001", "{\"hello\": \"world\"}".to_string()),
            (
                "serieux-5-0001",
                good.replace("\"version\":1", "\"version\":99"),
            ),
            (
                "serieux-6-0001",
                good.replace("\"dice\":[1]", "\"dice\":[]"),
            ),
            ("serieux-7-0001", String::new()),
        ];
        for (id, text) in &damaged {
            fs::create_dir_all(&dir).unwrap();
            fs::write(dir.join(format!("{id}.json")), text).unwrap();
        }
        let loaded = load_all(&store);
        assert_eq!(loaded.games.len(), 1);
        assert_eq!(loaded.games[0].id, "serieux-1-0001");
        assert_eq!(loaded.set_aside.len(), damaged.len());
        assert!(loaded
            .set_aside
            .iter()
            .any(|(_, e)| *e == LoadError::NewerVersion(99)));
        // Set aside untouched, and no longer offered.
        for (id, text) in &damaged {
            assert_eq!(
                &fs::read_to_string(dir.join("set-aside").join(format!("{id}.json"))).unwrap(),
                text
            );
        }
        assert_eq!(load_all(&store).set_aside.len(), 0);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn games_come_newest_first_with_ties_in_id_order() {
        struct Memory(Vec<(String, String)>);
        impl GameStore for Memory {
            fn ids(&self) -> Vec<String> {
                self.0.iter().map(|(id, _)| id.clone()).collect()
            }
            fn read(&self, id: &str, _: &dyn Fn(&str) -> bool) -> Option<(String, bool)> {
                let (_, text) = self.0.iter().find(|(i, _)| i == id)?;
                Some((text.clone(), false))
            }
            fn set_aside(&self, _: &str) {}
        }
        let saved = |id: &str, at: u64| {
            let text = SavedGame::of(id, GameKind::Serieux, at, &game(1)).to_json();
            (id.to_string(), text)
        };
        let store = Memory(vec![
            saved("serieux-c", 5),
            saved("serieux-a", 5),
            saved("serieux-d", 1),
            saved("serieux-b", 9),
        ]);
        let ids: Vec<String> = load_all(&store).games.into_iter().map(|g| g.id).collect();
        assert_eq!(ids, ["serieux-b", "serieux-a", "serieux-c", "serieux-d"]);
    }

    #[test]
    fn a_damaged_file_falls_back_to_its_backup() {
        let dir =
            std::env::temp_dir().join(format!("genius-saves-fallback-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = GameFiles::at(dir.clone());
        let id = "serieux-9-0001";
        store
            .write(
                id,
                &SavedGame::of(id, GameKind::Serieux, 1, &game(2)).to_json(),
            )
            .unwrap();
        store
            .write(
                id,
                &SavedGame::of(id, GameKind::Serieux, 2, &game(3)).to_json(),
            )
            .unwrap();
        fs::write(dir.join(format!("{id}.json")), "{\"format\":\"genius-ga").unwrap();
        let loaded = load_all(&store);
        assert_eq!(loaded.games.len(), 1);
        assert_eq!(
            loaded.games[0].saved_at, 1,
            "the previous version, from the backup"
        );
        assert_eq!(loaded.from_backup, vec![id.to_string()]);
        fs::remove_dir_all(dir).unwrap();
    }
}

/// The device's store of saved games, if it has one.
pub fn device_store() -> Option<crate::platform::GameFiles> {
    crate::platform::GameFiles::default_location().ok()
}

/// Saves a game in the device's store; the error is for the player to see.
pub fn save<R: crate::core::session::Rules>(
    id: &str,
    kind: crate::core::save::GameKind,
    session: &crate::core::session::Session<R>,
) -> Result<(), crate::platform::StorageError> {
    let store = crate::platform::GameFiles::default_location()?;
    let saved = SavedGame::of(id, kind, crate::platform::now_ms(), session);
    store.write(id, &saved.to_json())
}

/// Removes a game from the device's store.
pub fn forget(id: &str) {
    if let Some(store) = device_store() {
        let _ = store.delete(id);
    }
}

const NAMES_KEY: &str = "players";
/// How many past player names are remembered.
pub const NAMES_KEPT: usize = 24;

/// A value stored as JSON under `key`; the default when there is none or it
/// does not read. The text goes through `serde_json::Value`, as saved games
/// and settings do: one JSON reader in the web build rather than one per type.
pub fn load_json<T: serde::de::DeserializeOwned + Default>(key: &str) -> T {
    crate::platform::load(key)
        .ok()
        .flatten()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|value| serde_json::from_value(value).ok())
        .unwrap_or_default()
}

/// Stores `value` as JSON under `key`, as well as the device allows.
pub fn save_json<T: serde::Serialize>(key: &str, value: &T) {
    if let Ok(json) = serde_json::to_string(value) {
        let _ = crate::platform::save(key, &json);
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
pub fn aliases() -> crate::core::history::Aliases {
    let stored = crate::platform::load(ALIASES_KEY)
        .ok()
        .flatten()
        .and_then(|t| serde_json::from_str::<StoredAliases>(&t).ok())
        .filter(|s| s.version == 1);
    crate::core::history::Aliases::from_pairs(stored.map(|s| s.renames).unwrap_or_default())
}

pub fn save_aliases(
    aliases: &crate::core::history::Aliases,
) -> Result<(), crate::platform::StorageError> {
    let stored = StoredAliases {
        version: 1,
        renames: aliases
            .pairs()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
    };
    let json = serde_json::to_string(&stored).unwrap_or_default();
    crate::platform::save(ALIASES_KEY, &json)
}

/// Every game on the device that loads (finished or not), newest first,
/// and how many files were set aside.
pub fn all_games() -> (Vec<SavedGame>, usize) {
    let loaded = device_store().map(|s| load_all(&s)).unwrap_or_default();
    (loaded.games, loaded.set_aside.len())
}

/// Stores imported games; how many were written.
pub fn store_imported(games: &[SavedGame]) -> Result<usize, crate::platform::StorageError> {
    let store = crate::platform::GameFiles::default_location()?;
    for (n, g) in games.iter().enumerate() {
        if let Err(e) = store.write(&g.id, &g.to_json()) {
            return if n == 0 { Err(e) } else { Ok(n) };
        }
    }
    Ok(games.len())
}
