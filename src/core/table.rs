//! What every game at the table shares: players, who starts (a roll-off in
//! which only tied players roll again, or a choice), turn order and the
//! final ranking with shared places.

use serde::{Deserialize, Serialize};

/// The colours players pick from; each also has a symbol so that two
/// players never differ by colour alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Red,
    Green,
    Yellow,
    Purple,
    Orange,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Blue,
        Colour::Red,
        Colour::Green,
        Colour::Yellow,
        Colour::Purple,
        Colour::Orange,
    ];

    /// A symbol that tells players apart without colour.
    pub fn symbol(self) -> &'static str {
        match self {
            Colour::Blue => "●",
            Colour::Red => "▲",
            Colour::Green => "■",
            Colour::Yellow => "◆",
            Colour::Purple => "★",
            Colour::Orange => "✚",
        }
    }
}

/// The longest player name kept, in characters.
pub const MAX_NAME: usize = 24;
/// The most players the games allow at one table.
pub const MAX_PLAYERS: usize = 6;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub colour: Colour,
}

/// Why a list of players cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupError {
    TooFewPlayers { min: usize },
    TooManyPlayers { max: usize },
    EmptyName { index: usize },
    DuplicateName { name: String },
}

impl Player {
    pub fn new(name: &str, colour: Colour) -> Player {
        Player {
            name: clean_name(name),
            colour,
        }
    }
}

/// Trims a name, folds inner runs of white space and cuts it at [`MAX_NAME`].
pub fn clean_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_NAME)
        .collect()
}

/// Checks a list of players for a game that takes `min..=max` of them.
pub fn validate_players(players: &[Player], min: usize, max: usize) -> Result<(), SetupError> {
    if players.len() < min {
        return Err(SetupError::TooFewPlayers { min });
    }
    if players.len() > max {
        return Err(SetupError::TooManyPlayers { max });
    }
    for (index, p) in players.iter().enumerate() {
        if clean_name(&p.name).is_empty() {
            return Err(SetupError::EmptyName { index });
        }
    }
    for (i, p) in players.iter().enumerate() {
        let key = clean_name(&p.name).to_lowercase();
        if players[..i]
            .iter()
            .any(|q| clean_name(&q.name).to_lowercase() == key)
        {
            return Err(SetupError::DuplicateName {
                name: clean_name(&p.name),
            });
        }
    }
    Ok(())
}

/// A roll-off for the first player: everyone still in contention rolls; the
/// highest roll wins; players tied on the highest roll again, alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOff {
    /// Players (indices) still in contention, in table order.
    pub contenders: Vec<usize>,
    /// Every round of rolls so far: (player, value).
    pub rounds: Vec<Vec<(usize, u32)>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollOffError {
    /// One value per contender is needed.
    WrongCount {
        expected: usize,
    },
    AlreadyDecided,
}

impl RollOff {
    pub fn new(players: usize) -> RollOff {
        RollOff {
            contenders: (0..players).collect(),
            rounds: Vec::new(),
        }
    }

    /// The winner, once a single contender is left.
    pub fn winner(&self) -> Option<usize> {
        match self.contenders.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Records one roll per contender (in the order of `contenders`).
    pub fn roll(&self, values: &[u32]) -> Result<RollOff, RollOffError> {
        if self.winner().is_some() {
            return Err(RollOffError::AlreadyDecided);
        }
        if values.len() != self.contenders.len() {
            return Err(RollOffError::WrongCount {
                expected: self.contenders.len(),
            });
        }
        let best = values.iter().copied().max().unwrap_or(0);
        let round: Vec<(usize, u32)> = self
            .contenders
            .iter()
            .copied()
            .zip(values.iter().copied())
            .collect();
        let contenders = round
            .iter()
            .filter(|(_, v)| *v == best)
            .map(|(p, _)| *p)
            .collect();
        let mut rounds = self.rounds.clone();
        rounds.push(round);
        Ok(RollOff { contenders, rounds })
    }
}

/// Places for scores where higher is better; ties share a place and the next
/// place is skipped (100, 80, 80, 50 → 1, 2, 2, 4).
pub fn places<T: PartialOrd + Copy>(scores: &[T]) -> Vec<usize> {
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|other| *other > s).count())
        .collect()
}

/// The player after `current`, clockwise.
pub fn next_player(current: usize, players: usize) -> usize {
    (current + 1) % players.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(names: &[&str]) -> Vec<Player> {
        names
            .iter()
            .zip(Colour::ALL)
            .map(|(n, c)| Player::new(n, c))
            .collect()
    }

    #[test]
    fn names_are_cleaned_and_capped() {
        assert_eq!(clean_name("  Anne   Marie "), "Anne Marie");
        assert_eq!(clean_name(&"x".repeat(40)).chars().count(), MAX_NAME);
    }

    #[test]
    fn player_lists_are_validated() {
        assert_eq!(
            validate_players(&players(&["A"]), 2, 6),
            Err(SetupError::TooFewPlayers { min: 2 })
        );
        assert!(validate_players(&players(&["A", "B"]), 2, 6).is_ok());
        let seven: Vec<Player> = (0..7)
            .map(|i| Player::new(&format!("P{i}"), Colour::Blue))
            .collect();
        assert_eq!(
            validate_players(&seven, 1, 6),
            Err(SetupError::TooManyPlayers { max: 6 })
        );
        assert_eq!(
            validate_players(&players(&["A", " "]), 1, 6),
            Err(SetupError::EmptyName { index: 1 })
        );
        assert_eq!(
            validate_players(&players(&["Léa", "léa "]), 1, 6),
            Err(SetupError::DuplicateName {
                name: "léa".into()
            })
        );
    }

    #[test]
    fn roll_off_rerolls_only_the_tied() {
        let r = RollOff::new(4);
        let r = r.roll(&[3, 6, 2, 6]).unwrap();
        assert_eq!(r.contenders, vec![1, 3]);
        assert_eq!(r.winner(), None);
        assert_eq!(
            r.roll(&[1, 2, 3]),
            Err(RollOffError::WrongCount { expected: 2 })
        );
        let r = r.roll(&[4, 4]).unwrap();
        assert_eq!(r.contenders, vec![1, 3]);
        let r = r.roll(&[2, 5]).unwrap();
        assert_eq!(r.winner(), Some(3));
        assert_eq!(r.rounds.len(), 3);
        assert_eq!(r.roll(&[1]), Err(RollOffError::AlreadyDecided));
    }

    #[test]
    fn ties_share_a_place() {
        assert_eq!(places(&[100, 80, 80, 50]), vec![1, 2, 2, 4]);
        assert_eq!(places(&[0, 0]), vec![1, 1]);
        assert_eq!(places::<i32>(&[]), Vec::<usize>::new());
        assert_eq!(places(&[1.5, 2.0]), vec![2, 1]);
    }

    #[test]
    fn turn_order_wraps() {
        assert_eq!(next_player(0, 3), 1);
        assert_eq!(next_player(2, 3), 0);
    }
}
