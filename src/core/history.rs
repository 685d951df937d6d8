//! Finished games as the history and the statistics see them: each one
//! replayed from its log to its final scores, players renamed or merged
//! through aliases, statistics per game and player, and the scores as CSV.

use super::game::GameKind;
use super::save::{GameId, LoadError, SavedGame};
use std::cmp::Ordering;
use std::collections::BTreeMap;

pub use super::game::{Points, Variant};

/// One finished game: who played, what they scored, who won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub id: GameId,
    pub game: GameKind,
    pub variant: Variant,
    /// When the game ended (its last save), ms since the Unix epoch.
    pub finished_at: u64,
    pub players: Vec<String>,
    pub scores: Vec<Points>,
    /// 1 for the winners; ties share a place.
    pub places: Vec<usize>,
    /// Someone opened the coach during the game.
    pub coached: bool,
}

impl Outcome {
    pub fn winners(&self) -> impl Iterator<Item = &str> {
        self.players
            .iter()
            .zip(&self.places)
            .filter(|(_, p)| **p == 1)
            .map(|(n, _)| n.as_str())
    }

    /// Whether the game's points say something on their own (Séquence Dés is
    /// won or lost: no points).
    pub fn has_points(&self) -> bool {
        self.game.tally().has_points()
    }
}

/// Replays a saved game to its final scores.
pub fn outcome(saved: &SavedGame) -> Result<Outcome, LoadError> {
    let summary = super::games::summarise(saved)?;
    Ok(Outcome::of(&saved.id, saved.saved_at, &summary))
}

impl Outcome {
    /// The outcome a game's summary gives (from a replay, or from the
    /// index of summaries), the game having ended at `finished_at`.
    pub fn of(id: &GameId, finished_at: u64, summary: &super::summary::Summary) -> Outcome {
        let standings = &summary.standings;
        Outcome {
            id: id.clone(),
            game: summary.kind,
            variant: summary.variant.clone(),
            finished_at,
            players: standings.names(),
            scores: standings.scores(),
            places: standings.places(),
            coached: summary.coached,
        }
    }
}

/// Renamed and merged players: each old name points to the name it became.
/// Names compare without regard to case, as the setup screen does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aliases {
    /// Lower-cased old name → (old name as written, new name).
    map: BTreeMap<String, (String, String)>,
}

fn key(name: &str) -> String {
    super::table::fold_case(name.trim())
}

impl Aliases {
    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> Aliases {
        let mut a = Aliases::default();
        for (from, to) in pairs {
            a.rename(&from, &to);
        }
        a
    }

    /// Every rename, (old name, new name).
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.map.values().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The name a player is known by now.
    pub fn resolve(&self, name: &str) -> String {
        let mut current = name.trim().to_string();
        // Renames are kept flat, but a hand-edited file could hold a cycle.
        for _ in 0..=self.map.len() {
            match self.map.get(&key(&current)) {
                Some((_, next)) if key(next) != key(&current) => current = next.clone(),
                _ => break,
            }
        }
        current
    }

    /// Renames `from` to `to`; if `to` is another player's name, the two
    /// become one (a merge). Renaming back to a former name undoes a rename.
    pub fn rename(&mut self, from: &str, to: &str) {
        let from = from.trim();
        let from_key = key(from);
        // `to` may be a name since renamed: that player now, unless it is one
        // of `from`'s own former names (renaming back).
        let resolved = self.resolve(to);
        let to = if key(&resolved) == from_key {
            to.trim().to_string()
        } else {
            resolved
        };
        if from_key.is_empty() || key(&to).is_empty() {
            return;
        }
        // Everyone who became `from` becomes `to`, flat.
        for (_, v) in self.map.values_mut() {
            if key(v) == from_key {
                *v = to.clone();
            }
        }
        self.map.remove(&key(&to));
        if from_key != key(&to) {
            self.map.insert(from_key, (from.to_string(), to));
        }
    }

    /// Undoes the rename of `from`: it is its own player again.
    pub fn forget(&mut self, from: &str) {
        self.map.remove(&key(from));
    }
}

/// One player's record in one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub name: String,
    pub games: usize,
    pub wins: usize,
    pub best: Option<Points>,
    pub total: Points,
}

impl PlayerStats {
    /// The average score in half points, rounded to the nearest half.
    pub fn average(&self) -> Option<Points> {
        (self.games > 0).then(|| {
            let n = self.games as i64;
            Points((self.total.0 * 2 + n).div_euclid(2 * n))
        })
    }
}

/// Statistics of one game, its players ordered by wins then games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStats {
    pub game: GameKind,
    pub games: usize,
    pub players: Vec<PlayerStats>,
}

/// The statistics of every game played, players under their current names.
pub fn stats(outcomes: &[Outcome], aliases: &Aliases) -> Vec<GameStats> {
    let mut by_game: BTreeMap<usize, GameStats> = BTreeMap::new();
    for o in outcomes {
        let entry = by_game.entry(o.game.order()).or_insert(GameStats {
            game: o.game,
            games: 0,
            players: Vec::new(),
        });
        entry.games += 1;
        for (i, raw) in o.players.iter().enumerate() {
            let name = aliases.resolve(raw);
            let at = match entry
                .players
                .iter()
                .position(|p| key(&p.name) == key(&name))
            {
                Some(at) => at,
                None => {
                    entry.players.push(PlayerStats {
                        name,
                        ..PlayerStats::default()
                    });
                    entry.players.len() - 1
                }
            };
            let p = &mut entry.players[at];
            let score = o.scores[i];
            p.games += 1;
            p.wins += usize::from(o.places[i] == 1);
            p.total = Points(p.total.0 + score.0);
            p.best = Some(p.best.map_or(score, |b| b.max(score)));
        }
    }
    let mut all: Vec<GameStats> = by_game.into_values().collect();
    for g in &mut all {
        let p = &g.players;
        let ranked = order(p.len(), &|a, b| {
            (p[b].wins, p[b].games)
                .cmp(&(p[a].wins, p[a].games))
                .then_with(|| p[a].name.cmp(&p[b].name))
        });
        g.players = ranked.into_iter().map(|i| p[i].clone()).collect();
    }
    all
}

/// The positions `0..n` in the order `cmp` puts them, equal ones kept as they
/// were (a stable sort). Every list the app sorts goes through this one
/// function, so the web build carries one copy of the sort code rather than
/// one per call site.
pub fn order(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut positions: Vec<usize> = (0..n).collect();
    positions.sort_by(|&a, &b| cmp(a, b));
    positions
}

/// `outcomes` oldest first.
fn oldest_first(outcomes: &[&Outcome]) -> Vec<usize> {
    order(outcomes.len(), &|a, b| {
        outcomes[a].finished_at.cmp(&outcomes[b].finished_at)
    })
}

/// One player's scores over time in one game, oldest first: what the chart draws.
pub fn series(
    outcomes: &[Outcome],
    game: GameKind,
    aliases: &Aliases,
) -> Vec<(String, Vec<(u64, Points)>)> {
    let mut out: Vec<(String, Vec<(u64, Points)>)> = Vec::new();
    let games: Vec<&Outcome> = outcomes.iter().filter(|o| o.game == game).collect();
    for o in oldest_first(&games).into_iter().map(|i| games[i]) {
        for (i, raw) in o.players.iter().enumerate() {
            let name = aliases.resolve(raw);
            let at = match out.iter().position(|(n, _)| key(n) == key(&name)) {
                Some(at) => at,
                None => {
                    out.push((name, Vec::new()));
                    out.len() - 1
                }
            };
            out[at].1.push((o.finished_at, o.scores[i]));
        }
    }
    out
}

/// A moment as a calendar date and time: (year, month, day, hour, minute),
/// `offset_minutes` east of UTC.
pub fn civil(ms: u64, offset_minutes: i32) -> (i64, u32, u32, u32, u32) {
    let secs = (ms / 1000) as i64 + i64::from(offset_minutes) * 60;
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        month,
        day,
        (rem / 3600) as u32,
        ((rem % 3600) / 60) as u32,
    )
}

/// "2026-11-21 14:05".
pub fn date_text(ms: u64, offset_minutes: i32) -> String {
    let (y, mo, d, h, mi) = civil(ms, offset_minutes);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}")
}

/// The words a CSV export needs, in the player's language.
pub struct CsvWords<'a> {
    /// The column names: date, game, variant, player, score, place, winner.
    pub header: [&'a str; 7],
    /// Field separator: ';' where the decimal mark is a comma (French
    /// spreadsheets), ',' otherwise.
    pub separator: char,
    pub decimal: char,
    pub yes: &'a str,
    pub no: &'a str,
}

/// A cell of text (a name, a game, a variant) that a spreadsheet must show
/// as text: one starting with `=`, `+`, `-`, `@`, a tab or a carriage return
/// would be read as a formula, so it gets a leading apostrophe, as
/// spreadsheet guidance (OWASP's "CSV injection") recommends. Scores are
/// numbers and keep their minus sign.
pub fn text_cell(s: &str) -> String {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_string()
    }
}

fn csv_field(s: &str, sep: char) -> String {
    if s.contains(sep) || s.contains('"') || s.contains('\n') || s.contains('\r') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The scores as CSV, one line per player per game, with a byte-order mark
/// so spreadsheets read the accents right. `label` names a game and its
/// variant in the player's language.
pub fn csv(
    outcomes: &[Outcome],
    aliases: &Aliases,
    words: &CsvWords,
    offset_minutes: i32,
    label: impl Fn(&Outcome) -> (String, String),
) -> String {
    let sep = words.separator;
    let mut out = String::from("\u{feff}");
    let line = |fields: &[&str]| -> String {
        let cells: Vec<String> = fields.iter().map(|f| csv_field(f, sep)).collect();
        cells.join(&sep.to_string()) + "\r\n"
    };
    out += &line(&words.header);
    let all: Vec<&Outcome> = outcomes.iter().collect();
    for o in oldest_first(&all).into_iter().map(|i| all[i]) {
        let date = date_text(o.finished_at, offset_minutes);
        let (game, variant) = label(o);
        for (i, raw) in o.players.iter().enumerate() {
            let name = aliases.resolve(raw);
            let score = if o.has_points() {
                o.scores[i].text(words.decimal)
            } else {
                String::new()
            };
            let place = o.places[i].to_string();
            let winner = if o.places[i] == 1 {
                words.yes
            } else {
                words.no
            };
            let (game, variant, name) = (text_cell(&game), text_cell(&variant), text_cell(&name));
            out += &line(&[&date, &game, &variant, &name, &score, &place, winner]);
        }
    }
    out
}
