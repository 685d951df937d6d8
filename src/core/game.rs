//! The contract every game keeps, and the one registry of games.
//!
//! A game is a [`Rules`] state (start, validate, apply — see
//! [`super::session`]) that also answers, at any moment:
//! - **what is legal now**: [`Rules::legal_moves`] enumerates every move —
//!   a complete action, a roll the game waits for (any faces of the dice
//!   make it an action, [`Rules::rolled`]), or an action the player composes
//!   step by step where the whole set is too large to list ([`Compose`]:
//!   Roll to the Top's placements, answered exactly square by square, and
//!   the word game's words, which only the table can judge);
//! - **who stands where**: [`Game::standings`], one type that home, the
//!   history, the export, the end screen and the statistics all read;
//! - **how it ended**: [`Game::outcome`], the standings once it is over.
//!
//! Randomness stays in the actions: a roll is an action that carries its
//! dice, so the same functions serve the app's dice, typed dice and replays.
//! [`with_game`] is the one place that maps a [`GameKind`] to its rules.

use super::dice_kinds::DieKind;
use super::save::{LoadError, SavedGame};
use super::session::{Rules, Session};
use super::table::Player;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

/// One legal move of the current state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move<A> {
    /// This action, as it is.
    Play(A),
    /// A roll the game waits for: any faces of these dice make a legal
    /// action, built by [`Rules::rolled`].
    Roll(Roll),
    /// An action the player builds in steps (see [`Compose`]).
    Compose(Compose),
}

impl<A> Move<A> {
    pub fn as_play(&self) -> Option<&A> {
        match self {
            Move::Play(action) => Some(action),
            _ => None,
        }
    }

    pub fn as_roll(&self) -> Option<&Roll> {
        match self {
            Move::Roll(roll) => Some(roll),
            _ => None,
        }
    }
}

/// Dice to throw, and how the roll records them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    /// The dice thrown, in the order the action lists them.
    pub dice: Vec<DieKind>,
    /// How many dice make one recorded value: 1 (each die its own value,
    /// see [`DieKind::value`]) or 2 (Séquence Dés's roll-off records the sum
    /// of each player's two dice).
    pub per_value: usize,
}

impl Roll {
    /// One value per die.
    pub fn of(dice: Vec<DieKind>) -> Roll {
        Roll { dice, per_value: 1 }
    }

    /// `count` six-sided dice.
    pub fn d6(count: usize) -> Roll {
        Roll::of(vec![DieKind::D6; count])
    }

    /// How many values the action records.
    pub fn len(&self) -> usize {
        self.dice.len() / self.per_value.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The dice behind value `i`.
    fn dice_of(&self, i: usize) -> &[DieKind] {
        let n = self.per_value.max(1);
        &self.dice[i * n..(i + 1) * n]
    }

    /// The values value `i` may take.
    pub fn range(&self, i: usize) -> RangeInclusive<u32> {
        match self.dice_of(i) {
            [one] => one.values(),
            several => {
                let low = several.iter().map(|d| *d.values().start()).sum();
                let high = several.iter().map(|d| *d.values().end()).sum();
                low..=high
            }
        }
    }

    /// The recorded values of a throw: `face(die)` gives each die's face
    /// index (0 to its sides − 1).
    pub fn throw(&self, mut face: impl FnMut(DieKind) -> usize) -> Vec<u32> {
        (0..self.len())
            .map(|i| {
                self.dice_of(i)
                    .iter()
                    .map(|d| d.value(face(*d) % d.sides()))
                    .sum()
            })
            .collect()
    }

    /// The values of a throw, taking each value from `kept` where it has
    /// one that fits (the dice of an undone roll come back), else from
    /// `face`.
    pub fn throw_keeping(&self, kept: &[u32], face: impl FnMut(DieKind) -> usize) -> Vec<u32> {
        let fresh = self.throw(face);
        fresh
            .into_iter()
            .enumerate()
            .map(|(i, v)| match kept.get(i) {
                Some(k) if self.range(i).contains(k) => *k,
                _ => v,
            })
            .collect()
    }
}

/// An action the player builds in steps, because listing every complete
/// one would be too large or impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compose {
    /// Roll to the Top: `player` fills squares from the result, one
    /// placement at a time; [`super::rtt::Rtt::next_placements`] lists
    /// exactly the placements legal after a draft, and an empty list of
    /// placements is a pass.
    Placements { player: usize },
    /// The word game: `player` says a word (for `theme` with open themes;
    /// without them no theme is named, and one given is ignored) that must
    /// start with `initial` (none on the black face). Only the table can
    /// judge a word, so words are not listed.
    Word {
        player: usize,
        theme: Option<usize>,
        initial: Option<char>,
    },
    /// The dice roller: any set of 1 to `max` of the app's dice.
    Dice { max: usize },
}

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
        let places = super::table::places(&scores);
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

/// What a game was played with, beyond its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variant {
    None,
    Genius(super::genius::Mode),
    /// Roll to the Top: the sheet's name (French, English).
    Sheet(String, String),
}

/// How far a game has gone, for a one-line summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Progress {
    /// Nothing to say beyond the players (the sheet says it all).
    None,
    /// Round `round` (1-based) of `of`.
    Round { round: usize, of: usize },
    /// The `n`th roll (1-based) is next.
    Roll(usize),
    /// The word game: the round being played and the tokens left in the centre.
    Centre { round: usize, centre: u32 },
}

/// A game of the rulebooks: rules that also name the game, give its
/// standings and say how it ended.
pub trait Game: Rules + 'static {
    /// Which game this is.
    const KIND: GameKind;
    /// How many players it takes.
    const PLAYERS: RangeInclusive<usize>;
    /// How many dice each player throws in the roll-off for the first
    /// player, their value being the sum (Séquence Dés: two).
    const ROLL_OFF_DICE: usize = 1;

    fn players(&self) -> &[Player];

    /// What the game is played with beyond its kind (a mode, a sheet).
    fn variant(&self) -> Variant {
        Variant::None
    }

    /// Every player's score and place now, and who has finished.
    fn standings(&self) -> Standings;

    /// How far the game has gone.
    fn progress(&self) -> Progress {
        Progress::None
    }

    /// The final standings, once the game is over.
    fn outcome(&self) -> Option<Standings> {
        self.is_finished().then(|| self.standings())
    }

    /// Whose move `action` is, for a game played on several phones (see
    /// [`super::link`]): a phone holding a player's seat proposes that
    /// player's moves only. Answered for any action, legal now or not.
    fn actor(&self, action: &Self::Action) -> Actor;
}

/// Who makes a move: one player, or the whole table (a roll-off, which
/// every player takes part in; a word judged by the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    Player(usize),
    Table,
}

/// Who is to move now: the actors of the legal moves (a roll's is the
/// actor of the action it makes), each once, players in seat order then
/// the table. On several phones, the phones of these players have the
/// controls; the others wait.
pub fn actors<G: Game>(state: &G) -> Vec<Actor> {
    let mut actors = Vec::new();
    for m in state.legal_moves() {
        let actor = match m {
            Move::Play(action) => state.actor(&action),
            Move::Roll(roll) => {
                let values: Vec<u32> = (0..roll.len()).map(|i| *roll.range(i).start()).collect();
                match state.rolled(&roll, &values, super::session::RollSource::Typed) {
                    Some(action) => state.actor(&action),
                    None => continue,
                }
            }
            Move::Compose(Compose::Placements { player } | Compose::Word { player, .. }) => {
                Actor::Player(player)
            }
            Move::Compose(Compose::Dice { .. }) => Actor::Table,
        };
        if !actors.contains(&actor) {
            actors.push(actor);
        }
    }
    actors.sort_by_key(|a| match a {
        Actor::Player(p) => *p,
        Actor::Table => usize::MAX,
    });
    actors
}

/// What the home screen, the history and the statistics show of a saved
/// game: read from one replay of its log, and kept for finished games in
/// the store's index (see [`super::index`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub kind: GameKind,
    pub variant: Variant,
    pub standings: Standings,
    pub progress: Progress,
    pub finished: bool,
    /// Someone opened the coach during the game.
    pub coached: bool,
}

impl Summary {
    /// What a game being played sums up to now: saved with it at each save
    /// (see [`SavedGame::summary`]), so that the home screen lists the games
    /// in progress without replaying them.
    pub fn of<G: Game>(session: &Session<G>) -> Summary {
        let game = session.state();
        Summary {
            kind: G::KIND,
            variant: game.variant(),
            standings: game.standings(),
            progress: game.progress(),
            finished: game.is_finished(),
            coached: session.coach().consulted,
        }
    }
}

/// Replays a saved game by the rules of its kind and sums it up.
pub fn summarise(saved: &SavedGame) -> Result<Summary, LoadError> {
    struct Summarise<'a>(&'a SavedGame);
    impl WithGame for Summarise<'_> {
        type Output = Result<Summary, LoadError>;
        fn run<G: Game>(self) -> Self::Output {
            self.0.session::<G>().map(|session| Summary::of(&session))
        }
    }
    with_game(saved.game, Summarise(saved))
}

/// Something to do with a game whose type is only known from its kind:
/// [`with_game`] calls `run` with that type.
pub trait WithGame {
    type Output;
    fn run<G: Game>(self) -> Self::Output;
}

/// The games of the app, as named in saved files and ids.
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

    /// The game of that name in files and ids.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// Every game, in the order the home screen lists them.
    pub const ALL: [GameKind; 6] = [
        GameKind::Serieux,
        GameKind::Genius,
        GameKind::Einstein,
        GameKind::Sequence,
        GameKind::Rtt,
        GameKind::Words,
    ];

    /// How many players the game takes.
    pub fn players(self) -> RangeInclusive<usize> {
        struct Limits;
        impl WithGame for Limits {
            type Output = RangeInclusive<usize>;
            fn run<G: Game>(self) -> RangeInclusive<usize> {
                G::PLAYERS
            }
        }
        with_game(self, Limits)
    }
}

/// The registry of games: runs `job` with the rules of `kind`. Adding a
/// game adds one line here (and one to [`GameKind::ALL`]).
pub fn with_game<J: WithGame>(kind: GameKind, job: J) -> J::Output {
    use super::{einstein, genius, rtt, sequence, serieux, words};
    match kind {
        GameKind::Serieux => job.run::<serieux::Serieux>(),
        GameKind::Genius => job.run::<genius::Genius>(),
        GameKind::Einstein => job.run::<einstein::Einstein>(),
        GameKind::Sequence => job.run::<sequence::Sequence>(),
        GameKind::Rtt => job.run::<rtt::Rtt>(),
        GameKind::Words => job.run::<words::Words>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_records_numbers_and_face_indices() {
        let roll = Roll::of(vec![DieKind::D6, DieKind::Challenge, DieKind::Theme]);
        assert_eq!(roll.throw(|_| 5), vec![6, 5, 6]);
        assert_eq!(roll.throw(|_| 0), vec![1, 0, 1]);
        assert_eq!(roll.range(1), 0..=5);
    }

    #[test]
    fn a_roll_off_on_two_dice_records_sums() {
        let roll = Roll {
            dice: vec![DieKind::D6; 4],
            per_value: 2,
        };
        assert_eq!(roll.len(), 2);
        assert_eq!(roll.range(0), 2..=12);
        assert_eq!(roll.throw(|_| 2), vec![6, 6]);
        // Kept sums come back; a kept value out of range is thrown afresh.
        assert_eq!(roll.throw_keeping(&[11, 40], |_| 0), vec![11, 2]);
    }
}
