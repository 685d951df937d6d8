//! The series: Roll to the Top's scores counted over several games, as the
//! rulebook counts them ("each open square is 1 minus point"): each game's
//! points ([`super::Rtt::series_points`], in its standings) added to each
//! player's total, by name, once per game.

use crate::core::game::{Points, Standings};
use crate::core::save::GameId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Each player's total over the series, and the games already counted.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Series {
    pub totals: BTreeMap<String, i32>,
    /// The ids of the games counted, as stored (read as any text, so that
    /// the totals always load).
    pub counted: Vec<String>,
}

impl Series {
    /// Counts game `id`, ended with `standings`, once: a game counted
    /// already (an undo, then the same end again) or played with the coach
    /// (a ruling: a coached game is no record) changes nothing. Whether it
    /// counted now.
    pub fn count(&mut self, id: &GameId, standings: &Standings, coached: bool) -> bool {
        if coached || self.counted.iter().any(|c| id == c.as_str()) {
            return false;
        }
        for p in &standings.players {
            *self.totals.entry(p.name.clone()).or_insert(0) += whole(p.score);
        }
        self.counted.push(id.to_string());
        true
    }

    /// The series with game `id` counted, whether or not it was stored yet:
    /// what the end of that game shows.
    pub fn with(&self, id: &GameId, standings: &Standings, coached: bool) -> Series {
        let mut series = self.clone();
        series.count(id, standings, coached);
        series
    }

    /// `name`'s total (0 before their first game of the series).
    pub fn total(&self, name: &str) -> Points {
        Points::whole(self.totals.get(name).copied().unwrap_or(0).into())
    }

    /// Every total back to 0. The games counted stay counted: a game
    /// ended again after an undo does not come back into the new series.
    pub fn reset(&mut self) {
        self.totals.clear();
    }
}

/// A game's points in whole points (Roll to the Top has no halves).
fn whole(points: Points) -> i32 {
    (points.0 / 2) as i32
}
