//! A saved game's id: the name it is stored and looked up under.

use super::game::GameKind;
use serde::{Deserialize, Serialize};

/// The longest id this app accepts (its own are about 30 characters).
pub const MAX_ID: usize = 64;

/// The id of a saved game: the only name a game is ever stored or looked
/// up under (its file name natively, its key in the browser's storage).
///
/// It always holds 1 to [`MAX_ID`] characters from `a`–`z`, `0`–`9` and
/// `-`, not starting with `-`: no dot, slash, backslash, colon or upper
/// case, so never a path and never two names for one file on a case-blind
/// disk. The app makes its own with [`GameId::new`]; any other text
/// becomes one only through [`GameId::parse`], JSON included (where it is
/// a plain string, as it always was).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameId(String);

/// A text that is not a [`GameId`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidId;

impl std::fmt::Display for InvalidId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a game id")
    }
}

impl std::error::Error for InvalidId {}

impl GameId {
    /// A new game's id: the game, the time and four hex digits of
    /// randomness (`serieux-1764000000000-3f2a`).
    pub fn new(game: GameKind, now_ms: u64, random: u16) -> GameId {
        GameId(format!("{}-{now_ms}-{random:04x}", game.name()))
    }

    /// `id` if it is a game id (see [`GameId`]).
    pub fn parse(id: &str) -> Result<GameId, InvalidId> {
        GameId::try_from(id.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether `id` is a game id: see [`GameId`].
fn is_valid(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID
        && !id.starts_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl TryFrom<String> for GameId {
    type Error = InvalidId;

    fn try_from(id: String) -> Result<GameId, InvalidId> {
        if is_valid(&id) {
            Ok(GameId(id))
        } else {
            Err(InvalidId)
        }
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for GameId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for GameId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// Written as a plain JSON string.
impl Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// Read from a plain JSON string, refused if it is not a game id.
impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameId, D::Error> {
        let id = String::deserialize(deserializer)?;
        GameId::try_from(id).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_ids_are_game_ids() {
        let id = GameId::new(GameKind::Serieux, 1_764_000_000_000, 0x3f2a);
        assert_eq!(id.as_str(), "serieux-1764000000000-3f2a");
        assert_eq!(GameId::parse(id.as_str()), Ok(id.clone()));
        assert_eq!(id.to_string(), "serieux-1764000000000-3f2a");
        assert_eq!(GameId::new(GameKind::Rtt, 0, 1).as_str(), "rtt-0-0001");
    }

    #[test]
    fn only_the_apps_alphabet_parses() {
        for good in [
            "a",
            "0",
            "serieux-1-0001",
            "a-",
            "a--b",
            &"z".repeat(MAX_ID),
        ] {
            assert_eq!(GameId::parse(good).map(String::from), Ok(good.to_string()));
            assert!(GameId::try_from(good.to_string()).is_ok(), "{good:?}");
        }
        let too_long = "a".repeat(MAX_ID + 1);
        for bad in [
            "",
            too_long.as_str(),
            "Serieux-1-0001",
            "serieux-A",
            "-leading",
            "-",
            "a/b",
            "../../etc/passwd",
            "a\\b",
            "a.json",
            ".",
            "..",
            "C:x",
            "a:b",
            "a b",
            "a_b",
            "partie-é",
            "a\0",
        ] {
            assert_eq!(GameId::parse(bad), Err(InvalidId), "{bad:?}");
            assert_eq!(GameId::try_from(bad.to_string()), Err(InvalidId), "{bad:?}");
        }
    }

    #[test]
    fn it_is_a_plain_json_string() {
        let id = GameId::parse("serieux-1764000000000-3f2a").unwrap();
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, "\"serieux-1764000000000-3f2a\"");
        assert_eq!(serde_json::from_str::<GameId>(&json).unwrap(), id);
        // As a field, beside strings as before.
        let pair = serde_json::to_string(&(&id, "x")).unwrap();
        assert_eq!(pair, "[\"serieux-1764000000000-3f2a\",\"x\"]");
        for bad in ["\"../x\"", "\"\"", "\"UPPER\"", "3", "null"] {
            assert!(serde_json::from_str::<GameId>(bad).is_err(), "{bad}");
        }
    }
}
