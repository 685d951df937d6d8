//! The saved-game file format, version 1 (JSON, UTF-8):
//!
//! ```json
//! {
//!   "format": "genius-game",
//!   "version": 1,
//!   "id": "serieux-1764000000000-3f2a",
//!   "game": "serieux",
//!   "saved_at": 1764000000000,
//!   "finished": false,
//!   "record": { "setup": …, "log": […], "redo": […], "kept_rolls": […] }
//! }
//! ```
//!
//! `record` is the game's setup and its log of actions (see
//! [`super::session::Record`]); the state is rebuilt by replaying it, so a
//! file that does not replay is refused like one that does not parse.
//! `saved_at` is milliseconds since the Unix epoch, given by the platform.
//! A file whose `version` is newer than this app's is refused untouched.

use super::session::{Record, ReplayError, Rules, Session};
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "genius-game";
pub const VERSION: u32 = 1;

/// The games that can be saved, as named in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Serieux,
    Genius,
    Einstein,
    Sequence,
    Rtt,
    Words,
}

/// The envelope every saved game shares, with the record still as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub format: String,
    pub version: u32,
    pub id: String,
    pub game: GameKind,
    pub saved_at: u64,
    pub finished: bool,
    pub record: serde_json::Value,
}

/// Why a saved file could not be loaded. The file is then set aside, untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON (truncated, binary, hand-edited into nonsense).
    NotJson(String),
    /// JSON, but not a Genius saved game.
    NotAGame,
    /// Written by a newer version of the app.
    NewerVersion(u32),
    /// The record does not fit the game's rules.
    BadRecord(String),
    /// The log does not replay: action `index` is refused.
    DoesNotReplay { index: usize },
}

impl SavedGame {
    /// Wraps a session for saving.
    pub fn of<R: Rules>(
        id: &str,
        game: GameKind,
        saved_at: u64,
        session: &Session<R>,
    ) -> SavedGame {
        SavedGame {
            format: FORMAT.into(),
            version: VERSION,
            id: id.into(),
            game,
            saved_at,
            finished: session.is_finished(),
            record: serde_json::to_value(session.record()).unwrap_or(serde_json::Value::Null),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the envelope: format, version, kind. The record is checked by
    /// [`SavedGame::session`].
    pub fn parse(text: &str) -> Result<SavedGame, LoadError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| LoadError::NotJson(e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(LoadError::NotAGame);
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v > u64::from(VERSION) => {
                return Err(LoadError::NewerVersion(v.min(u64::from(u32::MAX)) as u32))
            }
            Some(_) => {}
            None => return Err(LoadError::NotAGame),
        }
        serde_json::from_value(value).map_err(|e| LoadError::BadRecord(e.to_string()))
    }

    /// Rebuilds the session by replaying the record.
    pub fn session<R: Rules>(&self) -> Result<Session<R>, LoadError> {
        let record: Record<R> = serde_json::from_value(self.record.clone())
            .map_err(|e| LoadError::BadRecord(e.to_string()))?;
        Session::replay(record).map_err(|e| match e {
            // The setup's own error is not kept: formatting it would carry
            // every game's error type's Debug code into the web build, for a
            // text no player sees.
            ReplayError::Setup(_) => LoadError::BadRecord("the setup does not start a game".into()),
            ReplayError::Action { index, .. } => LoadError::DoesNotReplay { index },
        })
    }
}

/// Reads a saved file completely: the envelope, then a replay of its log by
/// the rules of its game. Only a file that passes is offered for resuming.
pub fn check(text: &str) -> Result<SavedGame, LoadError> {
    let saved = SavedGame::parse(text)?;
    super::game::summarise(&saved)?;
    Ok(saved)
}

impl GameKind {
    /// The game's name in files and ids.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Serieux => "serieux",
            GameKind::Genius => "genius",
            GameKind::Einstein => "einstein",
            GameKind::Sequence => "sequence",
            GameKind::Rtt => "rtt",
            GameKind::Words => "words",
        }
    }
}

/// A new game id: the game, the time and four hex digits of randomness.
pub fn new_id(game: GameKind, now_ms: u64, random: u16) -> String {
    format!("{}-{now_ms}-{random:04x}", game.name())
}

/// True for ids this app makes (safe to use as file names and keys).
pub fn is_valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice::D6;
    use crate::core::serieux::{Action, FirstPlayer, Serieux, Setup};
    use crate::core::session::RollSource;
    use crate::core::table::{Colour, Player};

    fn session() -> Session<Serieux> {
        let setup = Setup {
            players: vec![
                Player::new("Anne", Colour::Blue),
                Player::new("Bruno", Colour::Red),
            ],
            first: FirstPlayer::Chosen(0),
        };
        let mut s = Session::new(setup).unwrap();
        s.act(Action::Roll {
            dice: vec![D6::new(2).unwrap()],
            source: RollSource::Virtual,
        })
        .unwrap();
        s
    }

    #[test]
    fn round_trip() {
        let s = session();
        let saved = SavedGame::of("serieux-1-0001", GameKind::Serieux, 1, &s);
        let back = SavedGame::parse(&saved.to_json()).unwrap();
        assert_eq!(back, saved);
        let replayed: Session<Serieux> = back.session().unwrap();
        assert_eq!(replayed.state(), s.state());
    }

    #[test]
    fn every_kind_of_bad_file_is_refused() {
        let good = SavedGame::of("serieux-1-0001", GameKind::Serieux, 1, &session()).to_json();
        assert!(matches!(
            SavedGame::parse(&good[..good.len() / 2]),
            Err(LoadError::NotJson(_))
        ));
        assert!(matches!(SavedGame::parse(""), Err(LoadError::NotJson(_))));
        assert!(matches!(
            SavedGame::parse("\u{0}\u{1}garbage"),
            Err(LoadError::NotJson(_))
        ));
        assert_eq!(SavedGame::parse("{\"hello\":1}"), Err(LoadError::NotAGame));
        assert_eq!(SavedGame::parse("[1,2,3]"), Err(LoadError::NotAGame));
        let future = good.replace("\"version\":1", "\"version\":2");
        assert_eq!(SavedGame::parse(&future), Err(LoadError::NewerVersion(2)));
        let wrong_game = good.replace("\"game\":\"serieux\"", "\"game\":\"chess\"");
        assert!(matches!(
            SavedGame::parse(&wrong_game),
            Err(LoadError::BadRecord(_))
        ));
        // A log edited into an illegal move: it parses but does not replay.
        let cheat = good.replace("\"dice\":[2]", "\"dice\":[]");
        let saved = SavedGame::parse(&cheat).unwrap();
        assert_eq!(
            saved.session::<Serieux>().err(),
            Some(LoadError::DoesNotReplay { index: 0 })
        );
        // A die edited to 9 does not even parse as a record.
        let nine = good.replace("\"dice\":[2]", "\"dice\":[9]");
        let saved = SavedGame::parse(&nine).unwrap();
        assert!(matches!(
            saved.session::<Serieux>(),
            Err(LoadError::BadRecord(_))
        ));
    }

    #[test]
    fn ids_are_safe_names() {
        let id = new_id(GameKind::Serieux, 1_764_000_000_000, 0x3f2a);
        assert_eq!(id, "serieux-1764000000000-3f2a");
        assert!(is_valid_id(&id));
        assert!(!is_valid_id("../etc/passwd"));
        assert!(!is_valid_id(""));
    }
}
