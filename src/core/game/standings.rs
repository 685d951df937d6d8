//! Scores and places: one type that home, the history, the export, the end
//! screen and the statistics all read.

use crate::core::table::{places, Player};

/// A score in half points, so Genius's 8,5 is exact; every other game
/// scores whole points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub i64);

impl Points {
    pub fn whole(n: i64) -> Points {
        Points(n * 2)
    }

    /// "17", "8,5" (French) or "8.5" (English), "-3": for files such as
    /// the CSV export (an ASCII minus, which spreadsheets read as negative;
    /// the screens write points with `Lang::points`).
    pub fn text(self, decimal: char) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs % 2 == 0 {
            format!("{sign}{}", abs / 2)
        } else {
            format!("{sign}{}{decimal}5", abs / 2)
        }
    }
}

/// Where one player stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub name: String,
    /// The side the player plays for: their own index, or their team's
    /// (Séquence Dés with four players).
    pub side: usize,
    /// Their score; in a game won or lost without points (Séquence Dés),
    /// 1 for the winners and 0 for the others.
    pub score: Points,
    /// 1 for the leaders; ties share a place (100, 80, 80, 50 → 1, 2, 2, 4).
    pub place: usize,
    /// This player has nothing left to play (their game or the game is over).
    pub finished: bool,
}

/// Every player's standing, in table order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub players: Vec<Standing>,
    /// Whether the scores say something on their own (Séquence Dés is won
    /// or lost: no points).
    pub has_points: bool,
}

impl Standings {
    /// Standings from scores where more is better, places shared on ties.
    pub fn ranked(players: &[Player], scores: Vec<Points>, finished: Vec<bool>) -> Standings {
        let places = places(&scores);
        Standings {
            players: players
                .iter()
                .enumerate()
                .map(|(i, p)| Standing {
                    name: p.name.clone(),
                    side: i,
                    score: scores[i],
                    place: places[i],
                    finished: finished.get(i).copied().unwrap_or(false),
                })
                .collect(),
            has_points: true,
        }
    }

    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|s| s.name.clone()).collect()
    }

    pub fn scores(&self) -> Vec<Points> {
        self.players.iter().map(|s| s.score).collect()
    }

    pub fn places(&self) -> Vec<usize> {
        self.players.iter().map(|s| s.place).collect()
    }
}
