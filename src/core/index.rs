//! The index of summaries: one stored value, beside the saved games, that
//! holds the [`Summary`] of every **finished** game, so that Home and
//! History list games without reading and replaying each one.
//!
//! ```json
//! {"format":"genius-index","version":1,"games":[
//!  ["serieux-1764000000000-3f2a",1764000000000,469834323,"serieux","None",
//!   {"Round":{"round":5,"of":5}},true,[["Anne",0,136,1,true],["Bruno",1,98,2,true]],false],
//!  …],"crc32":"…"}
//! ```
//!
//! Each game is one array (id, saved at, text fingerprint, then the
//! summary: kind, variant, progress, whether scores count, and each
//! player's name, side, score in half points, place and whether finished;
//! last, whether the coach was opened),
//! about 150 bytes, so that 10 000 games read back in a few milliseconds.
//!
//! Each entry names the game it was read from by its id and the
//! fingerprint of its stored text (`text`, see [`fingerprint`]). The saved
//! games stay the truth, and the index is only a cache of what their replay
//! says:
//! - an index that is damaged (its own checksum), from another version or
//!   missing is rebuilt from the games;
//! - a stored game the index does not know is read whole (and indexed if
//!   finished); an entry whose game is gone is dropped;
//! - a summary is only shown: whatever acts on a game (view, export,
//!   delete) reads the game itself, and an entry that disagrees with it
//!   (another fingerprint or summary) is rebuilt from it.
//!
//! Unfinished games are not indexed: they change at every action (the index
//! would be rewritten at each) and are few; they are read whole, with the
//! summary saved in their own file (see [`super::save`]), which has the
//! same form as an entry's without its first three items.

use super::game::{GameKind, Points, Progress, Standing, Standings, Variant};

use super::save::{fingerprint, seal, verify_checksum, GameId, SavedGame};
use super::summary::Summary;
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "genius-index";
pub const VERSION: u32 = 1;

/// One finished game as the index keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name the game is stored under.
    pub id: GameId,
    /// When it was last saved (when it ended), ms since the Unix epoch.
    pub saved_at: u64,
    /// The [`fingerprint`] of the stored text the summary was read from.
    pub text: u32,
    pub summary: Summary,
}

/// A player as an entry (and a saved game's summary) stores them: name,
/// side, score in half points, place, finished.
type Player = (String, usize, i64, usize, bool);

/// The players of some standings, stored as [`Player`]s.
struct Players<'a>(&'a [Standing]);

impl Serialize for Players<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.0
                .iter()
                .map(|p| (&p.name, p.side, p.score.0, p.place, p.finished)),
        )
    }
}

/// The standings that stored [`Player`]s give.
fn standings(has_points: bool, players: Vec<Player>) -> Standings {
    Standings {
        has_points,
        players: players
            .into_iter()
            .map(|(name, side, score, place, finished)| Standing {
                name,
                side,
                score: Points(score),
                place,
                finished,
            })
            .collect(),
    }
}

/// An entry as it is stored: one array.
#[derive(Deserialize)]
struct Compact(
    GameId,
    u64,
    u32,
    GameKind,
    Variant,
    Progress,
    bool,
    Vec<Player>,
    /// Someone opened the coach during the game.
    bool,
);

impl Serialize for Entry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let summary = &self.summary;
        let mut t = serializer.serialize_tuple(9)?;
        t.serialize_element(&self.id)?;
        t.serialize_element(&self.saved_at)?;
        t.serialize_element(&self.text)?;
        t.serialize_element(&summary.kind)?;
        t.serialize_element(&summary.variant)?;
        t.serialize_element(&summary.progress)?;
        t.serialize_element(&summary.standings.has_points)?;
        t.serialize_element(&Players(&summary.standings.players))?;
        t.serialize_element(&summary.coached)?;
        t.end()
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Entry, D::Error> {
        let Compact(id, saved_at, text, kind, variant, progress, has_points, players, coached) =
            Compact::deserialize(deserializer)?;
        Ok(Entry {
            id,
            saved_at,
            text,
            summary: Summary {
                kind,
                variant,
                progress,
                finished: true,
                coached,
                standings: standings(has_points, players),
            },
        })
    }
}

/// A summary as a saved game carries it (`"summary"`, see
/// [`SavedGame::summary`]): one array, an entry's without its first three
/// items and with whether the game is finished after its progress.
///
/// ```json
/// ["rtt","None",{"Round":{"round":3,"of":10}},false,true,[["Anne",0,36,1,false]],false]
/// ```
impl Serialize for Summary {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let mut t = serializer.serialize_tuple(7)?;
        t.serialize_element(&self.kind)?;
        t.serialize_element(&self.variant)?;
        t.serialize_element(&self.progress)?;
        t.serialize_element(&self.finished)?;
        t.serialize_element(&self.standings.has_points)?;
        t.serialize_element(&Players(&self.standings.players))?;
        t.serialize_element(&self.coached)?;
        t.end()
    }
}

impl<'de> Deserialize<'de> for Summary {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Summary, D::Error> {
        #[derive(Deserialize)]
        struct Stored(GameKind, Variant, Progress, bool, bool, Vec<Player>, bool);
        let Stored(kind, variant, progress, finished, has_points, players, coached) =
            Stored::deserialize(deserializer)?;
        Ok(Summary {
            kind,
            variant,
            progress,
            finished,
            coached,
            standings: standings(has_points, players),
        })
    }
}

impl Entry {
    /// The entry of a stored game whose text `text` was checked into
    /// `saved` and replayed into `summary`.
    pub fn of(saved: &SavedGame, text: &str, summary: Summary) -> Entry {
        Entry {
            id: saved.id.clone(),
            saved_at: saved.saved_at,
            text: fingerprint(text),
            summary,
        }
    }
}

/// The finished games' summaries, newest first (ties in id order, as the
/// saved games are listed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Index {
    pub entries: Vec<Entry>,
}

#[derive(Serialize, Deserialize)]
struct Stored {
    format: String,
    version: u32,
    games: Vec<Entry>,
}

impl Index {
    /// Reads a stored index; `None` when it is damaged, not an index or from
    /// another version: it is then rebuilt from the games.
    pub fn parse(text: &str) -> Option<Index> {
        Unread::check(text.to_string())?.read()
    }

    /// The text to store: compact JSON ending with its checksum.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Borrowed<'a> {
            format: &'a str,
            version: u32,
            games: &'a [Entry],
        }
        seal(
            serde_json::to_string(&Borrowed {
                format: FORMAT,
                version: VERSION,
                games: &self.entries,
            })
            .unwrap_or_default(),
        )
    }

    pub fn get(&self, id: &GameId) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == *id)
    }

    /// Adds `entry`, replacing the one of the same id; true if that changed
    /// the index.
    pub fn insert(&mut self, entry: Entry) -> bool {
        if self.get(&entry.id) == Some(&entry) {
            return false;
        }
        self.remove(&entry.id);
        let at = self.entries.partition_point(|e| {
            e.saved_at > entry.saved_at || (e.saved_at == entry.saved_at && e.id < entry.id)
        });
        self.entries.insert(at, entry);
        true
    }

    /// Drops the entry of `id`; true if there was one.
    pub fn remove(&mut self, id: &GameId) -> bool {
        let before = self.entries.len();
        self.entries.retain(|e| e.id != *id);
        self.entries.len() != before
    }
}

/// A stored index whose checks passed (its checksum, format and version,
/// newest first, each id once), its summaries not read yet. Listing the
/// stored games needs only the ids, and reading 10 000 summaries costs
/// more than all the checks (natively at start, 8 ms of the 12 it takes to
/// read the index whole): they are read ([`Unread::read`]) when they are
/// shown or changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unread {
    text: String,
    /// The games' ids, newest first.
    pub ids: Vec<GameId>,
}

impl Unread {
    /// Checks a stored index, reading only each game's id and date; `None`
    /// when it is damaged, not an index, from another version, or not as
    /// the app writes it.
    pub fn check(text: String) -> Option<Unread> {
        use serde::de::IgnoredAny as Skip;
        /// An entry's id and date (ids are never escaped, so borrowed).
        #[derive(Deserialize)]
        struct Head<'a>(&'a str, u64, Skip, Skip, Skip, Skip, Skip, Skip, Skip);
        #[derive(Deserialize)]
        struct Heads<'a> {
            format: &'a str,
            version: u32,
            #[serde(borrow)]
            games: Vec<Head<'a>>,
        }
        if verify_checksum(&text) != Ok(true) {
            return None;
        }
        let stored: Heads = serde_json::from_str(&text).ok()?;
        if stored.format != FORMAT || stored.version != VERSION {
            return None;
        }
        // Written newest first and once per id: anything else was not
        // written by the app, and is rebuilt.
        let games = &stored.games;
        let in_order = games
            .windows(2)
            .all(|w| w[0].1 > w[1].1 || (w[0].1 == w[1].1 && w[0].0 < w[1].0));
        let mut once = std::collections::HashSet::with_capacity(games.len());
        if !in_order || !games.iter().all(|g| once.insert(g.0)) {
            return None;
        }
        // An id that is not a game id was not written by the app either.
        let ids = games.iter().map(|g| GameId::parse(g.0).ok());
        let ids = ids.collect::<Option<Vec<GameId>>>()?;
        Some(Unread { text, ids })
    }

    /// The summaries; `None` if they do not read (the index was not
    /// written by the app, and is rebuilt).
    pub fn read(self) -> Option<Index> {
        let stored: Stored = serde_json::from_str(&self.text).ok()?;
        Some(Index {
            entries: stored.games,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::{GameKind, Progress, Standing, Standings, Variant};
    use crate::core::games::summarise;
    use crate::core::save::{reseal, test_id, SavedGame};

    fn entry(id: &str, at: u64) -> Entry {
        Entry {
            id: GameId::parse(id).unwrap(),
            saved_at: at,
            text: 7,
            summary: Summary {
                kind: GameKind::Genius,
                variant: Variant::Sheet("Tour".into(), "Tower".into()),
                standings: Standings {
                    players: vec![Standing {
                        name: "Zoé \"=1+1\"".into(),
                        side: 0,
                        score: crate::core::game::Points(17),
                        place: 1,
                        finished: true,
                    }],
                    has_points: true,
                },
                progress: Progress::Round { round: 5, of: 5 },
                finished: true,
                coached: true,
            },
        }
    }

    #[test]
    fn an_index_reads_back_as_written_newest_first() {
        let mut index = Index::default();
        assert!(index.insert(entry("b", 5)));
        assert!(index.insert(entry("a", 5)));
        assert!(index.insert(entry("c", 9)));
        assert!(
            !index.insert(entry("c", 9)),
            "the same entry changes nothing"
        );
        let ids: Vec<&str> = index.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["c", "a", "b"]);
        let back = Index::parse(&index.to_json()).unwrap();
        assert_eq!(back, index);
        let a = GameId::parse("a").unwrap();
        assert!(back.clone().remove(&a));
        assert!(!Index::default().remove(&a));
    }

    #[test]
    fn a_damaged_or_foreign_index_is_not_read() {
        let mut index = Index::default();
        index.insert(entry("a", 1));
        let text = index.to_json();
        // A flipped score that still parses.
        assert_eq!(Index::parse(&text.replace(",0,17,1,", ",0,19,1,")), None);
        assert!(text.contains(",0,17,1,"));
        assert_eq!(Index::parse(&text[..text.len() - 4]), None);
        assert_eq!(Index::parse(""), None);
        // Out of order or twice the same id: not written by the app.
        let mut twice = index.clone();
        twice.entries.push(entry("a", 0));
        assert_eq!(Index::parse(&twice.to_json()), None);
        let mut backwards = index.clone();
        backwards.entries.push(entry("z", 9));
        assert_eq!(Index::parse(&backwards.to_json()), None);
        // An id that is no game id: not written by the app either.
        let foreign = reseal(&text.replacen("[\"a\",", "[\"../a\",", 1));
        assert_ne!(foreign, reseal(&text));
        assert_eq!(Index::parse(&foreign), None);
        let newer = reseal(&text.replace("\"version\":1", "\"version\":2"));
        assert_eq!(Index::parse(&newer), None);
        let unsealed = text[..text.rfind(",\"crc32\"").unwrap()].to_string() + "}";
        assert_eq!(Index::parse(&unsealed), None);
    }

    #[test]
    fn an_entry_is_what_the_replay_says() {
        use crate::core::dice::D6;
        use crate::core::game::RollSource;
        use crate::core::serieux::{Action, FirstPlayer, Serieux, Setup};
        use crate::core::session::Session;
        use crate::core::table::{Colour, Player};
        let mut s: Session<Serieux> = Session::new(Setup {
            players: vec![Player::new("Anne", Colour::Blue)],
            first: FirstPlayer::Chosen(0),
        })
        .unwrap();
        s.act(Action::Roll {
            dice: vec![D6::ALL[2]],
            source: RollSource::Virtual,
        })
        .unwrap();
        let saved = SavedGame::of(&test_id("serieux-1-0001"), GameKind::Serieux, 3, &s);
        let text = saved.to_json();
        let (checked, summary) = crate::core::games::check_summary(&text).unwrap();
        let e = Entry::of(&checked, &text, summary.clone());
        assert_eq!(e.summary, summarise(&saved).unwrap());
        assert_eq!(e.saved_at, 3);
        assert_eq!(e.text, fingerprint(&text));
        // Another text of the game has another fingerprint.
        let other = SavedGame::of(&test_id("serieux-1-0001"), GameKind::Serieux, 4, &s).to_json();
        assert_ne!(fingerprint(&other), e.text);
    }
}
