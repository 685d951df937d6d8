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
    TooFewPlayers {
        min: usize,
    },
    TooManyPlayers {
        max: usize,
    },
    EmptyName {
        index: usize,
    },
    DuplicateName {
        name: String,
    },
    /// A name longer than [`MAX_NAME`] or with stray white space: not as
    /// the setup screen writes names (a hand-edited or damaged file).
    NameNotClean {
        index: usize,
    },
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
/// `name` in lower case, letter by letter: how names are compared ("Anne"
/// and "ANNE" are one player). Unlike `str::to_lowercase` it has no special
/// case for a final Greek sigma, which names compared for equality do not need.
pub fn fold_case(name: &str) -> String {
    name.chars().flat_map(char::to_lowercase).collect()
}

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
        if p.name.len() <= 4 * MAX_NAME && clean_name(&p.name).is_empty() {
            return Err(SetupError::EmptyName { index });
        }
        if p.name.len() > 4 * MAX_NAME || clean_name(&p.name) != p.name {
            return Err(SetupError::NameNotClean { index });
        }
    }
    for (i, p) in players.iter().enumerate() {
        let key = fold_case(&clean_name(&p.name));
        if players[..i]
            .iter()
            .any(|q| fold_case(&clean_name(&q.name)) == key)
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

/// How the first player is found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstPlayer {
    /// Picked by the table (index in the player list).
    Chosen(usize),
    /// Everyone rolls a die; highest starts; ties roll again.
    RollOff,
}

/// Why the first player could not be settled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstPlayerError {
    OutOfRange,
    /// A roll-off value that no face of a d6 shows.
    NotAFace(u32),
    RollOff(RollOffError),
}

impl FirstPlayer {
    /// The first player, or the roll-off to hold, for `players` players.
    pub fn begin(&self, players: usize) -> Result<Opening, FirstPlayerError> {
        match *self {
            FirstPlayer::Chosen(i) if i < players => Ok(Opening::First(i)),
            FirstPlayer::Chosen(_) => Err(FirstPlayerError::OutOfRange),
            FirstPlayer::RollOff if players == 1 => Ok(Opening::First(0)),
            FirstPlayer::RollOff => Ok(Opening::RollOff(RollOff::new(players))),
        }
    }
}

/// How a game opens, and how it goes on after each round of a roll-off:
/// the first player is known, or the roll-off goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    First(usize),
    RollOff(RollOff),
}

impl Opening {
    /// The game's phase and the seat that plays first: the game's `first`
    /// phase once the first player is known, else its roll-off phase (the
    /// seat is then 0 until the roll-off settles it).
    pub fn phase<P>(self, first: P, roll_off: fn(RollOff) -> P) -> (P, usize) {
        match self {
            Opening::First(seat) => (first, seat),
            Opening::RollOff(r) => (roll_off(r), 0),
        }
    }
}

impl RollOff {
    /// After `values` (already checked): who starts, once one contender is
    /// left, or the roll-off still going.
    pub fn settle(&self, values: &[u32]) -> Opening {
        let next = self.roll(values).unwrap_or_else(|_| self.clone());
        match next.winner() {
            Some(first) => Opening::First(first),
            None => Opening::RollOff(next),
        }
    }

    /// Checks one d6 per contender: faces 1–6 and the right count.
    pub fn check_d6(&self, values: &[u32]) -> Result<(), FirstPlayerError> {
        self.check_within(values, 1..=6)
    }

    /// Checks one value per contender within `range` (2–12 when each rolls
    /// two dice).
    pub fn check_within(
        &self,
        values: &[u32],
        range: std::ops::RangeInclusive<u32>,
    ) -> Result<(), FirstPlayerError> {
        if let Some(v) = values.iter().find(|v| !range.contains(*v)) {
            return Err(FirstPlayerError::NotAFace(*v));
        }
        self.roll(values)
            .map(drop)
            .map_err(FirstPlayerError::RollOff)
    }
}

/// Why a table could not be seated: its players, or its first player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatingError {
    Setup(SetupError),
    First(FirstPlayerError),
}

impl std::fmt::Display for SeatingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatingError::Setup(e) => e.fmt(f),
            SeatingError::First(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SeatingError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SeatingError::Setup(e) => Some(e),
            SeatingError::First(e) => Some(e),
        }
    }
}

/// Checks a setup's players against a game's limits, then settles who
/// starts: the first player, or the roll-off to hold. `?` turns the error
/// into the game's own (see [`seating_errors!`](crate::seating_errors)).
pub fn seat(
    players: &[Player],
    first: &FirstPlayer,
    limits: std::ops::RangeInclusive<usize>,
) -> Result<Opening, SeatingError> {
    validate_players(players, *limits.start(), *limits.end()).map_err(SeatingError::Setup)?;
    first.begin(players.len()).map_err(SeatingError::First)
}

/// Turns a [`SeatingError`] and a [`FirstPlayerError`] into a game's own
/// error, whose enum has `Setup(SetupError)` and `First(FirstPlayerError)`
/// variants, so that a game's `start` can write `seat(…)?` and its roll-off
/// `r.check_d6(values)?`: one line beside each game's `Error`.
#[macro_export]
macro_rules! seating_errors {
    ($error:ident) => {
        impl From<$crate::core::table::SeatingError> for $error {
            fn from(error: $crate::core::table::SeatingError) -> $error {
                match error {
                    $crate::core::table::SeatingError::Setup(e) => $error::Setup(e),
                    $crate::core::table::SeatingError::First(e) => $error::First(e),
                }
            }
        }

        impl From<$crate::core::table::FirstPlayerError> for $error {
            fn from(error: $crate::core::table::FirstPlayerError) -> $error {
                $error::First(error)
            }
        }
    };
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

/// Who plays for whom: each player alone, or teams (Séquence Dés with four
/// players: 1st and 3rd against 2nd and 4th).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sides {
    Individual,
    /// Each team lists its players' indices.
    Teams(Vec<Vec<usize>>),
}

impl Sides {
    /// Two teams of two, seated alternately: players 0 and 2 against 1 and 3.
    pub fn alternate_pairs() -> Sides {
        Sides::Teams(vec![vec![0, 2], vec![1, 3]])
    }

    /// The side a player belongs to (their own index when playing alone).
    pub fn side_of(&self, player: usize) -> usize {
        match self {
            Sides::Individual => player,
            Sides::Teams(teams) => teams
                .iter()
                .position(|t| t.contains(&player))
                .unwrap_or(player),
        }
    }
}

/// Whose turn it is, with extra turns and players whose own game has ended
/// (they are skipped; the game is over when everyone is done).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turns {
    pub current: usize,
    pub done: Vec<bool>,
}

impl Turns {
    pub fn new(players: usize, first: usize) -> Turns {
        Turns {
            current: first,
            done: vec![false; players],
        }
    }

    /// Ends the current turn: the same player again on an extra turn (unless
    /// their game just ended), else the next player still playing.
    pub fn end_turn(&mut self, extra_turn: bool) {
        if extra_turn && !self.done[self.current] {
            return;
        }
        let n = self.done.len();
        for step in 1..=n {
            let candidate = (self.current + step) % n;
            if !self.done[candidate] {
                self.current = candidate;
                return;
            }
        }
    }

    /// Marks a player's own game as over.
    pub fn finish(&mut self, player: usize) {
        if let Some(d) = self.done.get_mut(player) {
            *d = true;
        }
    }
}

/// A phase in which every player still playing acts once, in any order
/// (Einstein's choices for a shared roll, Roll to the Top's placements).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Simultaneous {
    pub waiting: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SimultaneousError {
    NotWaitingFor(usize),
}

impl std::fmt::Display for SimultaneousError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SimultaneousError::NotWaitingFor(player) => {
                write!(f, "player {player} is not awaited this turn")
            }
        }
    }
}

impl std::error::Error for SimultaneousError {}

impl Simultaneous {
    /// Every player not yet done is expected.
    pub fn of(turns: &Turns) -> Simultaneous {
        Simultaneous {
            waiting: (0..turns.done.len()).filter(|p| !turns.done[*p]).collect(),
        }
    }

    /// Records that `player` has acted; refused if they are not expected.
    pub fn act(&mut self, player: usize) -> Result<(), SimultaneousError> {
        let i = self
            .waiting
            .iter()
            .position(|p| *p == player)
            .ok_or(SimultaneousError::NotWaitingFor(player))?;
        self.waiting.remove(i);
        Ok(())
    }

    pub fn complete(&self) -> bool {
        self.waiting.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_sit_alternately() {
        let sides = Sides::alternate_pairs();
        assert_eq!(sides.side_of(0), sides.side_of(2));
        assert_eq!(sides.side_of(1), sides.side_of(3));
        assert_ne!(sides.side_of(0), sides.side_of(1));
        assert_ne!(Sides::Individual.side_of(0), Sides::Individual.side_of(2));
    }

    #[test]
    fn extra_turns_and_players_who_are_done() {
        let mut t = Turns::new(3, 0);
        t.end_turn(true);
        assert_eq!(t.current, 0, "an extra turn keeps the player");
        t.end_turn(false);
        assert_eq!(t.current, 1);
        t.finish(2);
        t.end_turn(false);
        assert_eq!(t.current, 0, "a player whose game ended is skipped");
        t.finish(0);
        t.end_turn(true);
        assert_eq!(t.current, 1, "no extra turn once their game ended");
        t.finish(1);
        assert!(t.done.iter().all(|d| *d), "everyone is done");
    }

    #[test]
    fn a_simultaneous_phase_waits_for_everyone_still_playing() {
        let mut turns = Turns::new(3, 0);
        turns.finish(1);
        let mut phase = Simultaneous::of(&turns);
        assert_eq!(phase.waiting, vec![0, 2]);
        assert_eq!(phase.act(1), Err(SimultaneousError::NotWaitingFor(1)));
        phase.act(2).unwrap();
        assert_eq!(phase.act(2), Err(SimultaneousError::NotWaitingFor(2)));
        assert!(!phase.complete());
        phase.act(0).unwrap();
        assert!(phase.complete());
    }

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
