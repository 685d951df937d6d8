//! The saved-game file format, version 2 (compact JSON, UTF-8):
//!
//! ```json
//! {"format":"genius-game","version":2,"id":"serieux-1764000000000-3f2a",
//!  "game":"serieux","saved_at":1764000000000,"finished":false,
//!  "summary":["serieux","None",{"Round":{"round":2,"of":5}},false,true,[["Anne",0,12,1,false]],false],
//!  "record":{"setup":…,"log":[…],"redo":[…],"kept_rolls":[…]},"crc32":"1c291ca3"}
//! ```
//!
//! `summary` is what the record's replay sums up to (see
//! [`super::game::Summary`] and its stored form in [`super::index`]),
//! written by the app with the record at each save, so that the home screen
//! lists the games in progress without replaying them. It is only shown:
//! whatever acts on a game replays its record. Files written before it
//! (and by older versions of the app, which skip it) have none: a replay
//! gives it (and a game in progress is then saved again with it, see
//! `saves::Replays`). A summary that does not match the envelope (its game or
//! whether it is finished) is not read.
//!
//! `record` is the game's setup and its log of actions (see
//! [`super::session::Record`]); the state is rebuilt by replaying it, so a
//! file that does not replay is refused like one that does not parse.
//! `saved_at` is milliseconds since the Unix epoch, given by the platform.
//! A file whose `version` is newer than this app's is refused untouched.
//!
//! `crc32` comes last: the CRC-32 (IEEE) of every byte before `,"crc32"`, in
//! eight lower-case hex digits. A file that carries it and does not match, or
//! a version-2 file without it, is damaged (a flipped bit that still parses
//! would otherwise load a different game). Version-1 files, written before
//! the checksum, load as they are and get one at their next save.
//!
//! The `id` inside is informative: a game's identity is the name it is
//! stored under (file name or storage key), a [`GameId`]. A stored game is
//! read under that name whatever its inside says ([`SavedGame::parse_as`]);
//! elsewhere (an import) the id inside names the game, and a file whose id
//! is not a [`GameId`] is no game of the app's ([`SavedGame::parse`]).

use super::game::{Game, GameKind, Rules};
pub use super::game_id::{GameId, InvalidId, MAX_ID};

use super::session::{Record, ReplayError, Session};
use super::summary::Summary;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

pub const FORMAT: &str = "genius-game";
pub const VERSION: u32 = 2;
/// The most actions a saved game may hold, log and redo together: far more
/// than the longest game of any kind (a 6-player Roll to the Top game on the
/// largest sheet is under 3 000), so a file longer than that was not
/// written by the app and is refused before its actions are read.
pub const MAX_ACTIONS: usize = 20_000;
/// The most dice one kept roll may hold.
pub const MAX_KEPT_DICE: usize = 32;
const CRC_KEY: &str = ",\"crc32\":\"";

/// The envelope every saved game shares, with the record still as JSON text:
/// kept as text, not as a parsed tree (about 25 times its size in memory),
/// since History and an import hold thousands of games at once. It is read
/// only through [`SavedGame::parse`] or [`SavedGame::parse_as`], which say
/// how the id written inside is taken.
#[derive(Clone, Debug, Serialize)]
pub struct SavedGame {
    pub format: String,
    pub version: u32,
    pub id: GameId,
    pub game: GameKind,
    pub saved_at: u64,
    pub finished: bool,
    /// What the record's replay sums up to, when saved with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Summary>,
    /// A game played on several phones: this phone's part in it, a
    /// [`TableMark`] kept as JSON text (see [`SavedGame::table_mark`]): only
    /// the link reads it, so listing games does not parse it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<Box<RawValue>>,
    pub record: Box<RawValue>,
}

/// A game played on several phones (see [`super::link`]): every phone saves
/// its own copy, the record as for any game plus this mark, so that the
/// game survives any phone, and this one can rejoin the table or carry the
/// game on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableMark {
    /// The table's ticket: the host's own, or the one this phone joined by.
    pub ticket: String,
    pub role: TableRole,
    /// The link's own state (`link::host::SavedHost` or
    /// `link::guest::SavedGuest`): the entries of the table's log and this
    /// phone's seat.
    pub link: serde_json::Value,
}

/// This phone's part at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableRole {
    Host,
    Guest,
}

impl PartialEq for SavedGame {
    /// The same envelope and the same record (the same text, or the same
    /// JSON written with its keys in another order or other spacing).
    fn eq(&self, other: &SavedGame) -> bool {
        let tree = |g: &SavedGame| serde_json::from_str::<serde_json::Value>(g.record.get()).ok();
        self.format == other.format
            && self.version == other.version
            && self.id == other.id
            && self.game == other.game
            && self.saved_at == other.saved_at
            && self.finished == other.finished
            && self.summary == other.summary
            && self.table.as_ref().map(|t| t.get()) == other.table.as_ref().map(|t| t.get())
            && (self.record.get() == other.record.get() || tree(self) == tree(other))
    }
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
    /// Its checksum does not match: some bytes changed after it was written.
    Damaged,
}

impl std::fmt::Display for LoadError {
    /// A plain description for logs; the UI words it through `i18n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotJson(e) => write!(f, "not JSON: {e}"),
            LoadError::NotAGame => f.write_str("not a saved game"),
            LoadError::NewerVersion(v) => write!(f, "saved by a newer version ({v})"),
            LoadError::BadRecord(e) => write!(f, "a record that does not fit the rules: {e}"),
            LoadError::DoesNotReplay { index } => write!(f, "action {index} is refused"),
            LoadError::Damaged => f.write_str("damaged: its checksum does not match"),
        }
    }
}

impl std::error::Error for LoadError {}

impl SavedGame {
    /// This phone's part in a game played on several phones, if it is one
    /// (and its mark reads).
    pub fn table_mark(&self) -> Option<TableMark> {
        serde_json::from_str(self.table.as_ref()?.get()).ok()
    }

    /// The same game as a game of one phone: without its table mark (and
    /// the link's state in it: the phone's key, the table's secret, the
    /// openings of its choices not shown yet).
    pub fn alone(&self) -> SavedGame {
        SavedGame {
            table: None,
            ..self.clone()
        }
    }

    /// The same game, marked as played on several phones.
    pub fn with_table(self, mark: &TableMark) -> SavedGame {
        SavedGame {
            table: serde_json::value::to_raw_value(mark).ok(),
            ..self
        }
    }

    /// Wraps a game for saving, with its summary.
    pub fn of_game<G: Game>(
        id: &GameId,
        game: GameKind,
        saved_at: u64,
        session: &Session<G>,
    ) -> SavedGame {
        SavedGame {
            summary: Some(Summary::of(session)),
            ..SavedGame::of(id, game, saved_at, session)
        }
    }

    /// Wraps a session for saving, without a summary (as files were written
    /// before summaries were saved with games).
    pub fn of<R: Rules>(
        id: &GameId,
        game: GameKind,
        saved_at: u64,
        session: &Session<R>,
    ) -> SavedGame {
        SavedGame {
            format: FORMAT.into(),
            version: VERSION,
            id: id.clone(),
            game,
            saved_at,
            finished: session.is_finished(),
            summary: None,
            table: None,
            record: serde_json::value::to_raw_value(session.record()).unwrap_or_default(),
        }
    }

    /// The file's text: compact JSON with its checksum last (always
    /// written as the current version).
    pub fn to_json(&self) -> String {
        let current = SavedGame {
            version: VERSION,
            ..self.clone()
        };
        seal(serde_json::to_string(&current).unwrap_or_default())
    }

    /// Reads the envelope: checksum, format, version, kind. The record is
    /// checked by [`SavedGame::session`]. The game is named by the id
    /// written inside it: one that is not a [`GameId`] is no game of the
    /// app's ([`LoadError::NotAGame`], said once the rest of the envelope
    /// reads).
    pub fn parse(text: &str) -> Result<SavedGame, LoadError> {
        SavedGame::parse_then(text, |_, _| Ok(())).map(|(saved, ())| saved)
    }

    /// [`SavedGame::parse`], `check` run on the game's kind and record
    /// before the id written inside is: a file that `check` refuses is
    /// refused for that, whatever its id.
    pub fn parse_then<T>(
        text: &str,
        check: impl FnOnce(GameKind, &RawValue) -> Result<T, LoadError>,
    ) -> Result<(SavedGame, T), LoadError> {
        let written = Written::read(text)?;
        let checked = check(written.game, &written.record)?;
        let id = GameId::parse(&written.id).map_err(|_| LoadError::NotAGame)?;
        Ok((written.named(id), checked))
    }

    /// The game stored under `name`: [`SavedGame::parse`], the game named
    /// `name` whatever id is written inside (informative: a copied or
    /// renamed file is a game of its own, see the module's doc). True in
    /// the second item if that id is not `name`.
    pub fn parse_as(text: &str, name: &GameId) -> Result<(SavedGame, bool), LoadError> {
        let written = Written::read(text)?;
        let renamed = written.id != name.as_str();
        Ok((written.named(name.clone()), renamed))
    }

    /// Rebuilds the session by replaying the record (see [`replay`]).
    pub fn session<R: Rules>(&self) -> Result<Session<R>, LoadError> {
        replay(&self.record)
    }
}

/// A saved game's envelope as its text writes it, the id inside as it is
/// (any text: see the module's doc), before the game is named.
#[derive(Deserialize)]
struct Written {
    format: String,
    version: u32,
    id: String,
    game: GameKind,
    saved_at: u64,
    finished: bool,
    #[serde(default)]
    summary: Option<Summary>,
    #[serde(default)]
    table: Option<Box<RawValue>>,
    record: Box<RawValue>,
}

impl Written {
    /// Reads the envelope: checksum, format, version, kind (see
    /// [`SavedGame::parse`]).
    fn read(text: &str) -> Result<Written, LoadError> {
        /// The fields read before the rest: other fields are skipped.
        #[derive(Deserialize)]
        struct Header {
            format: Option<serde_json::Value>,
            version: Option<serde_json::Value>,
        }
        let header: Header = match serde_json::from_str(text) {
            Ok(header) => header,
            Err(e) => {
                return Err(match serde_json::from_str::<serde::de::IgnoredAny>(text) {
                    Ok(_) => LoadError::NotAGame,
                    Err(_) => LoadError::NotJson(e.to_string()),
                })
            }
        };
        if header.format.as_ref().and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(LoadError::NotAGame);
        }
        match header.version.as_ref().and_then(|v| v.as_u64()) {
            Some(v) if v > u64::from(VERSION) => {
                return Err(LoadError::NewerVersion(v.min(u64::from(u32::MAX)) as u32))
            }
            // Version 2 and later always carry their checksum.
            Some(v) if v >= 2 && !verify_checksum(text)? => return Err(LoadError::Damaged),
            Some(1) => {
                verify_checksum(text)?;
            }
            Some(v) if v >= 1 => {}
            _ => return Err(LoadError::NotAGame),
        }
        let mut written: Written =
            serde_json::from_str(text).map_err(|e| LoadError::BadRecord(e.to_string()))?;
        let fits = |s: &Summary| s.kind == written.game && s.finished == written.finished;
        if !written.summary.as_ref().is_some_and(fits) {
            written.summary = None;
        }
        Ok(written)
    }

    /// The game, named `id`.
    fn named(self, id: GameId) -> SavedGame {
        SavedGame {
            format: self.format,
            version: self.version,
            id,
            game: self.game,
            saved_at: self.saved_at,
            finished: self.finished,
            summary: self.summary,
            table: self.table,
            record: self.record,
        }
    }
}

/// Rebuilds a saved game's session by replaying its `record`, after
/// checking its sizes; the undone actions must replay too and the kept
/// dice fit the game's dice.
pub fn replay<R: Rules>(record: &RawValue) -> Result<Session<R>, LoadError> {
    /// The lengths of the lists, counted without decoding their items
    /// (`IgnoredAny` takes no memory).
    #[derive(Deserialize)]
    struct Sizes {
        #[serde(default)]
        log: Vec<serde::de::IgnoredAny>,
        #[serde(default)]
        redo: Vec<serde::de::IgnoredAny>,
        #[serde(default)]
        kept_rolls: Vec<serde::de::IgnoredAny>,
    }
    let bad = |e: serde_json::Error| LoadError::BadRecord(e.to_string());
    let sizes: Sizes = serde_json::from_str(record.get()).map_err(bad)?;
    if sizes.log.len() + sizes.redo.len() > MAX_ACTIONS || sizes.kept_rolls.len() > MAX_ACTIONS {
        return Err(LoadError::BadRecord("too many actions".into()));
    }
    let record: Record<R> = serde_json::from_str(record.get()).map_err(bad)?;
    let faces = R::virtual_values();
    let dice_fit = |roll: &Vec<u32>| {
        !roll.is_empty() && roll.len() <= MAX_KEPT_DICE && roll.iter().all(|v| faces.contains(v))
    };
    if !record.kept_rolls.iter().all(dice_fit) {
        return Err(LoadError::BadRecord("kept dice out of range".into()));
    }
    let session = Session::replay(record).map_err(|e| match e {
        // The setup's own error is not kept: formatting it would carry
        // every game's error type's Debug code into the web build, for a
        // text no player sees.
        ReplayError::Setup(_) => LoadError::BadRecord("the setup does not start a game".into()),
        ReplayError::Action { index, .. } => LoadError::DoesNotReplay { index },
    })?;
    if let Some(undone) = session.unreplayable_redo() {
        return Err(LoadError::DoesNotReplay {
            index: session.log().len() + undone,
        });
    }
    Ok(session)
}

/// The CRC-32 (IEEE 802.3, as zip and PNG use) of `bytes`. The web build
/// uses one 1 KiB table (about 8 times faster than none; 16 tables would
/// cost 16 KiB of wasm); the native builds use 16 tables, 9 times faster
/// again: the 1.5 MB index of 10 000 summaries read at start is checked in
/// 0.4 ms instead of 3.4 ms. Both give the same CRC.
fn crc32(bytes: &[u8]) -> u32 {
    #[cfg(target_arch = "wasm32")]
    type Table = crc::Table<1>;
    #[cfg(not(target_arch = "wasm32"))]
    type Table = crc::Table<16>;
    const CRC32: crc::Crc<u32, Table> = crc::Crc::<u32, Table>::new(&crc::CRC_32_ISO_HDLC);
    CRC32.checksum(bytes)
}

/// `text` with its checksum made again: for tests and tools that edit a
/// saved file on purpose (the app itself only writes through
/// [`SavedGame::to_json`]).
pub fn reseal(text: &str) -> String {
    let open = match text.rfind(CRC_KEY) {
        Some(at) => &text[..at],
        None => text.trim_end().strip_suffix('}').unwrap_or(text),
    };
    format!("{open}{CRC_KEY}{:08x}\"}}", crc32(open.as_bytes()))
}

/// A JSON object's text with its checksum added last, as saved games and
/// the index of summaries are written.
pub(crate) fn seal(body: String) -> String {
    let Some(open) = body.strip_suffix('}') else {
        return body;
    };
    format!("{open}{CRC_KEY}{:08x}\"}}", crc32(open.as_bytes()))
}

/// What identifies a stored text: the checksum it ends with (not verified
/// here: [`check`] does), else (a version-1 file) the CRC-32 of the whole
/// text. The index of summaries keeps it to tell whether a summary was read
/// from the text now stored.
pub fn fingerprint(text: &str) -> u32 {
    text.rfind(CRC_KEY)
        .and_then(|at| text.get(at + CRC_KEY.len()..at + CRC_KEY.len() + 8))
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .unwrap_or_else(|| crc32(text.as_bytes()))
}

/// Checks the `crc32` a file ends with: `Ok(true)` if it matches, `Ok(false)`
/// if the file has none (written before checksums), `Damaged` otherwise.
pub(crate) fn verify_checksum(text: &str) -> Result<bool, LoadError> {
    let Some(at) = text.rfind(CRC_KEY) else {
        return Ok(false);
    };
    let tail = text[at + CRC_KEY.len()..].trim_end();
    let stored = tail
        .strip_suffix("\"}")
        .filter(|hex| hex.len() == 8 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .ok_or(LoadError::Damaged)?;
    if crc32(&text.as_bytes()[..at]) == stored {
        Ok(true)
    } else {
        Err(LoadError::Damaged)
    }
}

/// `id` as a [`GameId`], for tests.
#[cfg(test)]
pub(crate) fn test_id(id: &str) -> GameId {
    GameId::parse(id).unwrap()
}

/// Anne and Bruno's Mode Sérieux after `rolls` rolls of one die (1, 2,
/// 3…), the app's: the game the tests of saving save (here and in
/// `crate::saves`).
#[cfg(test)]
pub(crate) fn test_game(rolls: usize) -> Session<crate::core::serieux::Serieux> {
    use crate::core::serieux::{Action, FirstPlayer, Setup};
    use crate::core::table::{Colour, Player};
    let setup = Setup {
        players: vec![
            Player::new("Anne", Colour::Blue),
            Player::new("Bruno", Colour::Red),
        ],
        first: FirstPlayer::Chosen(0),
    };
    let mut s = Session::new(setup).unwrap();
    for i in 0..rolls {
        s.act(Action::Roll {
            dice: vec![crate::core::dice::D6::ALL[i % 6]],
            source: crate::core::game::RollSource::Virtual,
        })
        .unwrap();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::serieux::Serieux;

    fn session() -> Session<Serieux> {
        test_game(1)
    }

    #[test]
    fn round_trip() {
        let s = session();
        let saved = SavedGame::of(&test_id("serieux-1-0001"), GameKind::Serieux, 1, &s);
        let back = SavedGame::parse(&saved.to_json()).unwrap();
        assert_eq!(back, saved);
        let replayed: Session<Serieux> = back.session().unwrap();
        assert_eq!(replayed.state(), s.state());
    }

    #[test]
    fn a_table_game_keeps_its_mark_under_the_checksum() {
        let s = session();
        let mark = TableMark {
            ticket: "v=1&h=…".into(),
            role: TableRole::Guest,
            link: serde_json::json!({"phone": 7}),
        };
        let saved =
            SavedGame::of(&test_id("serieux-1-0001"), GameKind::Serieux, 1, &s).with_table(&mark);
        let text = saved.to_json();
        assert!(text.contains(r#""table":{"ticket":"#), "{text}");
        let back = SavedGame::parse(&text).unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.table_mark(), Some(mark));
        let changed = text.replace(r#""phone":7"#, r#""phone":8"#);
        assert_eq!(SavedGame::parse(&changed), Err(LoadError::Damaged));
        // A game on one phone is written as before, without the field.
        let alone = SavedGame::of(&test_id("serieux-1-0001"), GameKind::Serieux, 1, &s).to_json();
        assert!(!alone.contains("\"table\""));
    }

    #[test]
    fn every_kind_of_bad_file_is_refused() {
        let good =
            SavedGame::of(&test_id("serieux-1-0001"), GameKind::Serieux, 1, &session()).to_json();
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
        let future = reseal(&good.replace("\"version\":2", "\"version\":3"));
        assert_eq!(SavedGame::parse(&future), Err(LoadError::NewerVersion(3)));
        let wrong_game = reseal(&good.replace("\"game\":\"serieux\"", "\"game\":\"chess\""));
        assert!(matches!(
            SavedGame::parse(&wrong_game),
            Err(LoadError::BadRecord(_))
        ));
        // A log edited into an illegal move: it parses but does not replay.
        let cheat = reseal(&good.replace("\"dice\":[1]", "\"dice\":[]"));
        let saved = SavedGame::parse(&cheat).unwrap();
        assert_eq!(
            saved.session::<Serieux>().err(),
            Some(LoadError::DoesNotReplay { index: 0 })
        );
        // A die edited to 9 does not even parse as a record.
        let nine = reseal(&good.replace("\"dice\":[1]", "\"dice\":[9]"));
        let saved = SavedGame::parse(&nine).unwrap();
        assert!(matches!(
            saved.session::<Serieux>(),
            Err(LoadError::BadRecord(_))
        ));
    }

    #[test]
    fn a_summary_saved_with_its_game_reads_back_if_it_fits_the_envelope() {
        let s = session();
        let saved = SavedGame::of_game(&test_id("serieux-1-0001"), GameKind::Serieux, 1, &s);
        let text = saved.to_json();
        assert!(text.contains(
            ",\"finished\":false,\"summary\":[\"serieux\",\"None\",{\"Round\":{\"round\":1,\"of\":5}},false,true,[[\"Anne\",0,"
        ));
        let back = SavedGame::parse(&text).unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.summary, Some(Summary::of(&s)));
        // One that says another game, or another end, is not read.
        for edit in [
            ("[\"serieux\",\"None\"", "[\"genius\",\"None\""),
            (",false,true,[[", ",true,true,[["),
        ] {
            let other = reseal(&text.replacen(edit.0, edit.1, 1));
            assert_ne!(other, reseal(&text));
            assert_eq!(SavedGame::parse(&other).unwrap().summary, None, "{edit:?}");
        }
        // A file without one (an earlier version's) reads without one; the
        // full check gives it the replay's.
        let old = SavedGame::of(&test_id("serieux-1-0001"), GameKind::Serieux, 1, &s).to_json();
        assert!(!old.contains("summary"));
        assert_eq!(SavedGame::parse(&old).unwrap().summary, None);
        let (checked, summary) = crate::core::games::check_summary(&old).unwrap();
        assert_eq!(checked.summary, Some(summary.clone()));
        assert_eq!(summary, Summary::of(&s));
    }

    #[test]
    fn the_checksum_is_the_standard_crc_32() {
        // The check value of CRC-32/ISO-HDLC, as zip and PNG compute it.
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    /// A version-1 file (no checksum, no summary) as earlier builds wrote
    /// it, its id a plain string.
    const VERSION_1: &str = concat!(
        "{\"format\":\"genius-game\",\"version\":1,\"id\":\"serieux-1764000000000-3f2a\",",
        "\"game\":\"serieux\",\"saved_at\":1764000000000,\"finished\":false,",
        "\"record\":{\"setup\":{\"players\":[{\"name\":\"Anne\",\"colour\":\"blue\"},{\"name\":\"Bruno\",\"colour\":\"red\"}],\"first\":{\"Chosen\":0}},\"log\":[{\"Roll\":{\"dice\":[1],\"source\":\"virtual\"}}],\"redo\":[],\"kept_rolls\":[]}}"
    );
    /// The same game as builds before [`GameId`] wrote it at version 2.
    const VERSION_2: &str = concat!(
        "{\"format\":\"genius-game\",\"version\":2,\"id\":\"serieux-1764000000000-3f2a\",",
        "\"game\":\"serieux\",\"saved_at\":1764000000000,\"finished\":false,",
        "\"record\":{\"setup\":{\"players\":[{\"name\":\"Anne\",\"colour\":\"blue\"},{\"name\":\"Bruno\",\"colour\":\"red\"}],\"first\":{\"Chosen\":0}},\"log\":[{\"Roll\":{\"dice\":[1],\"source\":\"virtual\"}}],\"redo\":[],\"kept_rolls\":[]},\"crc32\":\"a6058930\"}"
    );

    #[test]
    fn files_written_before_game_ids_load_and_are_written_the_same() {
        for old in [VERSION_1, VERSION_2] {
            let saved = SavedGame::parse(old).unwrap();
            assert_eq!(saved.id, "serieux-1764000000000-3f2a");
            assert_eq!(saved.summary, None);
            let replayed: Session<Serieux> = saved.session().unwrap();
            assert_eq!(replayed.state(), session().state());
            let name = test_id("serieux-1764000000000-3f2a");
            assert_eq!(SavedGame::parse_as(old, &name), Ok((saved.clone(), false)));
            // Saved again: the text an earlier build wrote, which it reads.
            assert_eq!(saved.to_json(), VERSION_2);
        }
        let new = SavedGame::of(
            &test_id("serieux-1764000000000-3f2a"),
            GameKind::Serieux,
            1_764_000_000_000,
            &session(),
        );
        assert_eq!(new.to_json(), VERSION_2);
    }

    /// A file whose inside says another id (or one that is no game id).
    fn with_inner_id(id: &str) -> String {
        let text =
            SavedGame::of(&test_id("serieux-1-0001"), GameKind::Serieux, 1, &session()).to_json();
        let inner = format!(",\"id\":{},", serde_json::to_string(id).unwrap());
        let edited = text.replacen(",\"id\":\"serieux-1-0001\",", &inner, 1);
        assert_eq!(edited == text, id == "serieux-1-0001", "{id:?}");
        reseal(&edited)
    }

    #[test]
    fn the_id_inside_names_the_game_only_if_it_is_a_game_id() {
        let other = with_inner_id("serieux-2-0002");
        assert_eq!(SavedGame::parse(&other).unwrap().id, "serieux-2-0002");
        for bad in ["../../etc/passwd", "", "UPPER", "-x", "a.b", "a:b"] {
            let text = with_inner_id(bad);
            assert_eq!(SavedGame::parse(&text), Err(LoadError::NotAGame), "{bad:?}");
            // A file that is refused for something else is refused for that.
            let damaged = text.replacen("\"saved_at\":1", "\"saved_at\":2", 1);
            assert_eq!(
                SavedGame::parse(&damaged),
                Err(LoadError::Damaged),
                "{bad:?}"
            );
            let refused = SavedGame::parse_then(&text, |_, _| {
                Err::<(), _>(LoadError::DoesNotReplay { index: 0 })
            });
            assert_eq!(refused, Err(LoadError::DoesNotReplay { index: 0 }));
        }
    }

    #[test]
    fn a_stored_game_takes_the_name_it_is_stored_under() {
        let name = test_id("serieux-1-0001");
        let (same, renamed) = SavedGame::parse_as(&with_inner_id("serieux-1-0001"), &name).unwrap();
        assert_eq!((same.id.as_str(), renamed), ("serieux-1-0001", false));
        for inner in ["serieux-9-0009", "../../etc/passwd", "", "UPPER"] {
            let (game, renamed) = SavedGame::parse_as(&with_inner_id(inner), &name).unwrap();
            assert_eq!(
                (game.id.as_str(), renamed),
                ("serieux-1-0001", true),
                "{inner:?}"
            );
            assert_eq!(game.record.get(), same.record.get());
        }
        assert_eq!(
            SavedGame::parse_as("{\"hello\":1}", &name),
            Err(LoadError::NotAGame)
        );
    }
}
