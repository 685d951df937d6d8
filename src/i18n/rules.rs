//! The rules pages' texts, in both languages: `assets/rules.json`.
//!
//! They are the longest texts of the app and only the rules pages show them,
//! so they are kept out of the web build's wasm (which every start of the app
//! loads): the web app fetches the file the first time a rules page opens
//! (the service worker keeps it for offline use), desktop and phone builds
//! carry it compiled in. See `platform::bundled_rules` and
//! `platform::fetch_rules`.
//!
//! The file, version 1:
//!
//! ```json
//! {
//!   "format": "genius-rules",
//!   "version": 1,
//!   "fr": {
//!     "serieux": {
//!       "sections": [{ "title": "…", "lines": ["…"] }],
//!       "rulings": ["…"]
//!     },
//!     "genius": …, "einstein": …, "sequence": …, "rtt": …, "words": …
//!   },
//!   "en": { … }
//! }
//! ```
//!
//! A section without a title is headed by the game's name. `rulings` are
//! how the app reads the rulebooks where they are silent or ambiguous
//! (`../shared/rulings.md`), shown under "What the app applies".

use super::Lang;
use crate::core::game::GameKind;
use serde_json::Value;

pub const FORMAT: &str = "genius-rules";
pub const VERSION: u64 = 1;

/// One game's rules page.
#[derive(Clone, Debug, PartialEq)]
pub struct Rulebook {
    pub sections: Vec<Section>,
    pub rulings: Vec<String>,
    /// How the coach thinks in this game: what is exact, what is
    /// estimated, and from what (shown after the rulings).
    pub coach: Vec<String>,
}

/// A part of the rules (a mode of Genius, or the whole rules of a game).
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: Option<String>,
    pub lines: Vec<String>,
}

/// The whole file: every game's rules, French first, then English.
#[derive(Clone, Debug, PartialEq)]
pub struct Rulebooks {
    books: Vec<Rulebook>,
}

/// What is wrong with a rules file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesFileError {
    /// It is not JSON.
    NotJson,
    /// It is JSON, but not a [`FORMAT`] file.
    NotRules,
    /// Its version is not [`VERSION`] (`None`: it gives none).
    Version(Option<u64>),
    /// A game's page is not as the format says: `page` is where
    /// (`fr.serieux`).
    Page { page: String, fault: PageFault },
}

impl std::fmt::Display for RulesFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulesFileError::NotJson => f.write_str("the rules file is not JSON"),
            RulesFileError::NotRules => f.write_str("not a rules file"),
            RulesFileError::Version(v) => write!(f, "a rules file of version {v:?}"),
            RulesFileError::Page { page, fault } => write!(f, "the page {page}: {fault:?}"),
        }
    }
}

impl std::error::Error for RulesFileError {}

/// What is wrong with a game's page in a rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageFault {
    Missing,
    NoSections,
    /// A list of lines is not a list.
    NoList,
    /// A line is not text.
    NotText,
}

/// `value` as a list of strings, or what is wrong with it.
fn strings(value: Option<&Value>) -> Result<Vec<String>, PageFault> {
    let list = value.and_then(Value::as_array).ok_or(PageFault::NoList)?;
    list.iter()
        .map(|v| v.as_str().map(str::to_string).ok_or(PageFault::NotText))
        .collect()
}

fn rulebook(value: Option<&Value>) -> Result<Rulebook, PageFault> {
    let value = value.ok_or(PageFault::Missing)?;
    let sections = value
        .get("sections")
        .and_then(Value::as_array)
        .ok_or(PageFault::NoSections)?
        .iter()
        .map(|s| {
            Ok(Section {
                title: s.get("title").and_then(Value::as_str).map(str::to_string),
                lines: strings(s.get("lines"))?,
            })
        })
        .collect::<Result<Vec<_>, PageFault>>()?;
    Ok(Rulebook {
        sections,
        rulings: strings(value.get("rulings"))?,
        coach: match value.get("coach") {
            Some(lines) => strings(Some(lines))?,
            None => Vec::new(),
        },
    })
}

impl Rulebooks {
    /// Reads the file; the error says what is wrong with it. (Read by hand
    /// from the JSON value rather than derived: the web build carries less
    /// code for it.)
    pub fn parse(text: &str) -> Result<Rulebooks, RulesFileError> {
        let value: Value = serde_json::from_str(text).map_err(|_| RulesFileError::NotJson)?;
        if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(RulesFileError::NotRules);
        }
        match value.get("version").and_then(Value::as_u64) {
            Some(VERSION) => {}
            other => return Err(RulesFileError::Version(other)),
        }
        let mut books = Vec::new();
        for lang in ["fr", "en"] {
            for game in GameKind::ALL.map(GameKind::name) {
                let page = value.get(lang).and_then(|l| l.get(game));
                books.push(rulebook(page).map_err(|fault| RulesFileError::Page {
                    page: format!("{lang}.{game}"),
                    fault,
                })?);
            }
        }
        Ok(Rulebooks { books })
    }

    /// The rules of `game` in `lang`.
    pub fn of(&self, lang: Lang, game: GameKind) -> &Rulebook {
        let g = GameKind::ALL.iter().position(|k| *k == game).unwrap_or(0);
        let l = match lang {
            Lang::Fr => 0,
            Lang::En => GameKind::ALL.len(),
        };
        &self.books[l + g]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPPED: &str = include_str!("../../assets/rules.json");

    #[test]
    fn the_shipped_rules_read_and_every_game_has_rules_and_rulings_in_both_languages() {
        let books = Rulebooks::parse(SHIPPED).unwrap();
        for game in GameKind::ALL {
            let (fr, en) = (books.of(Lang::Fr, game), books.of(Lang::En, game));
            for book in [fr, en] {
                assert!(!book.sections.is_empty(), "{game:?}");
                assert!(!book.rulings.is_empty(), "{game:?}");
                let lines = book.sections.iter().flat_map(|s| &s.lines);
                for line in lines.chain(&book.rulings) {
                    assert!(!line.trim().is_empty(), "{game:?}: an empty line");
                }
            }
            // The two languages say the same things: the same sections,
            // lines and rulings, one for one.
            assert_eq!(fr.sections.len(), en.sections.len(), "{game:?}");
            for (a, b) in fr.sections.iter().zip(&en.sections) {
                assert_eq!(a.lines.len(), b.lines.len(), "{game:?}");
                assert_eq!(a.title.is_some(), b.title.is_some(), "{game:?}");
            }
            assert_eq!(fr.rulings.len(), en.rulings.len(), "{game:?}");
        }
        // The four modes of Genius each have their section.
        let genius = books.of(Lang::Fr, GameKind::Genius);
        let titles: Vec<_> = genius
            .sections
            .iter()
            .filter_map(|s| s.title.as_deref())
            .collect();
        assert_eq!(titles, ["GENIUS", "+ Simple", "Expert", "Partie + Longue"]);
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused_with_a_reason() {
        let page = |page: &str, fault| {
            Err(RulesFileError::Page {
                page: page.to_string(),
                fault,
            })
        };
        assert_eq!(Rulebooks::parse(""), Err(RulesFileError::NotJson));
        assert_eq!(
            Rulebooks::parse(&SHIPPED[..SHIPPED.len() / 2]),
            Err(RulesFileError::NotJson)
        );
        assert_eq!(
            Rulebooks::parse("{\"format\":\"genius-game\",\"version\":1}"),
            Err(RulesFileError::NotRules)
        );
        let future = SHIPPED.replacen("\"version\": 1", "\"version\": 2", 1);
        assert_eq!(
            Rulebooks::parse(&future),
            Err(RulesFileError::Version(Some(2)))
        );
        let no_words = SHIPPED.replacen("\"words\"", "\"letters\"", 1);
        assert_eq!(
            Rulebooks::parse(&no_words),
            page("fr.words", PageFault::Missing)
        );
        let bad_line = SHIPPED.replacen("\"lines\": [", "\"lines\": [1, ", 1);
        assert_eq!(
            Rulebooks::parse(&bad_line),
            page("fr.serieux", PageFault::NotText)
        );
    }
}
