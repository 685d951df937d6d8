//! Séquence Dés (*Sequence Dice*), as `rulings.md` reads the rulebook: two
//! dice, a 6×6 board of sums, chips, and five (or six) in a row.

use super::dice::D6;
use super::game::{Actor, Game, GameKind, Move, Points, Roll, RollSource, Rules, Standings};
use super::table::{
    places, seat, FirstPlayer, FirstPlayerError, Player, RollOff, SetupError, Sides,
};
use serde::{Deserialize, Serialize};

/// The dice of a roll, whose sum is the square played.
pub const DICE: usize = 2;
pub const SIZE: usize = 6;

/// The board (rulings: the layout every public implementation uses).
pub const BOARD: [[u8; SIZE]; SIZE] = [
    [2, 3, 4, 5, 6, 2],
    [6, 7, 8, 9, 7, 3],
    [5, 9, 12, 12, 8, 4],
    [4, 8, 12, 12, 9, 5],
    [3, 7, 9, 8, 7, 6],
    [2, 6, 5, 4, 3, 2],
];

/// A square: (row, column), both 0–5.
pub type Square = (usize, usize);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// 2 or 3 players, or 4 in two teams (1st and 3rd against 2nd and 4th).
    pub players: Vec<Player>,
    pub first: FirstPlayer,
    /// Six in a row instead of five: offered only when two sides play (see
    /// [`six_in_a_row_offered`]).
    #[serde(default)]
    pub six_in_a_row: bool,
}

/// Whether the six-in-a-row option is offered for this many players: only
/// when two sides play, two players or four in two teams (as the rulebook
/// suggests), not with three players.
pub fn six_in_a_row_offered(players: usize) -> bool {
    players == 2 || players == 4
}

crate::game_actions! {
    pub enum Action {
        Roll {
            dice: Vec<D6>,
            source: RollSource,
        },
        /// Place (or replace) a chip on a square, as the roll allows.
        Place {
            square: Square,
        },
        /// With a 10: remove an opponent's chip.
        Remove {
            square: Square,
        },
    }
}

/// What the current roll allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    RollOff(RollOff),
    Roll,
    /// Place or replace on one of these squares.
    Place {
        sum: u8,
        squares: Vec<Square>,
        replacing: bool,
    },
    /// A 10: remove one of these opponent chips.
    Remove {
        squares: Vec<Square>,
    },
    Finished,
}

/// What happened, for the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Rolled {
        player: usize,
        sum: u8,
    },
    Placed {
        player: usize,
        square: Square,
        replaced: Option<usize>,
    },
    Removed {
        player: usize,
        square: Square,
        side: usize,
    },
    /// Nothing this roll could do: the turn ends.
    NothingToDo {
        player: usize,
        sum: u8,
    },
    PlaysAgain {
        player: usize,
    },
    Won {
        side: usize,
        line: Vec<Square>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    players: Vec<Player>,
    sides: Sides,
    line: usize,
    phase: Phase,
    current: usize,
    /// Each square: the side whose chip is on it.
    board: [[Option<usize>; SIZE]; SIZE],
    events: Vec<Event>,
    winner: Option<(usize, Vec<Square>)>,
    extra_turn: bool,
}

/// The squares showing `sum`.
pub fn squares_of(sum: u8) -> Vec<Square> {
    (0..SIZE)
        .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
        .filter(|&(r, c)| BOARD[r][c] == sum)
        .collect()
}

/// A run of at least `len` chips of `side` in a straight line, if any: rows,
/// columns and both diagonals, never wrapping from one row to the next.
pub fn find_line(
    board: &[[Option<usize>; SIZE]; SIZE],
    side: usize,
    len: usize,
) -> Option<Vec<Square>> {
    let directions: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    for r in 0..SIZE {
        for c in 0..SIZE {
            for (dr, dc) in directions {
                let mut run = Vec::new();
                let (mut rr, mut cc) = (r as isize, c as isize);
                while (0..SIZE as isize).contains(&rr)
                    && (0..SIZE as isize).contains(&cc)
                    && board[rr as usize][cc as usize] == Some(side)
                {
                    run.push((rr as usize, cc as usize));
                    rr += dr;
                    cc += dc;
                }
                if run.len() >= len {
                    return Some(run);
                }
            }
        }
    }
    None
}

impl Sequence {
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn sides(&self) -> &Sides {
        &self.sides
    }

    /// The side a player plays for (teams share one).
    pub fn side_of(&self, player: usize) -> usize {
        self.sides.side_of(player)
    }

    /// The players of each side, in seat order.
    pub fn side_players(&self, side: usize) -> Vec<usize> {
        (0..self.players.len())
            .filter(|&p| self.side_of(p) == side)
            .collect()
    }

    pub fn side_count(&self) -> usize {
        match &self.sides {
            Sides::Individual => self.players.len(),
            Sides::Teams(t) => t.len(),
        }
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn current_player(&self) -> Option<usize> {
        (!matches!(self.phase, Phase::RollOff(_) | Phase::Finished)).then_some(self.current)
    }

    pub fn board(&self) -> &[[Option<usize>; SIZE]; SIZE] {
        &self.board
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The player whose roll the events follow (the last roll's), even
    /// once the next player's turn has begun; none before the first roll.
    pub fn last_roller(&self) -> Option<usize> {
        self.events.iter().find_map(|e| match e {
            Event::Rolled { player, .. } => Some(*player),
            _ => None,
        })
    }

    pub fn winner(&self) -> Option<&(usize, Vec<Square>)> {
        self.winner.as_ref()
    }

    pub fn line_length(&self) -> usize {
        self.line
    }

    /// Final places: the winning side first, the others share second.
    pub fn places(&self) -> Vec<usize> {
        let scores: Vec<u8> = (0..self.players.len())
            .map(|p| {
                u8::from(
                    self.winner
                        .as_ref()
                        .is_some_and(|(s, _)| *s == self.side_of(p)),
                )
            })
            .collect();
        places(&scores)
    }

    fn free(&self, (r, c): Square) -> bool {
        self.board[r][c].is_none()
    }

    fn opponent(&self, (r, c): Square, side: usize) -> bool {
        self.board[r][c].is_some_and(|s| s != side)
    }

    /// Placing a chip of `sum` on one of `squares`: a free one, else (none
    /// free) one of the other side's, which it replaces; `None` if neither.
    fn place_on(&self, sum: u8, squares: &[Square], side: usize) -> Option<Phase> {
        let free: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&sq| self.free(sq))
            .collect();
        if !free.is_empty() {
            return Some(Phase::Place {
                sum,
                squares: free,
                replacing: false,
            });
        }
        let theirs: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&sq| self.opponent(sq, side))
            .collect();
        (!theirs.is_empty()).then_some(Phase::Place {
            sum,
            squares: theirs,
            replacing: true,
        })
    }

    /// What a roll of `sum` lets the current player do, or `None` if nothing.
    fn options(&self, sum: u8) -> Option<Phase> {
        let side = self.side_of(self.current);
        let all: Vec<Square> = (0..SIZE)
            .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
            .collect();
        let phase = match sum {
            10 => {
                let squares: Vec<Square> = all
                    .iter()
                    .copied()
                    .filter(|&sq| self.opponent(sq, side) && !matches!(BOARD[sq.0][sq.1], 2 | 12))
                    .collect();
                (!squares.is_empty()).then_some(Phase::Remove { squares })?
            }
            // 11: any square, as the rulebook's joker.
            11 => self.place_on(sum, &all, side)?,
            _ => self.place_on(sum, &squares_of(sum), side)?,
        };
        Some(phase)
    }

    fn end_turn(&mut self) {
        if self.extra_turn {
            self.extra_turn = false;
            self.events.push(Event::PlaysAgain {
                player: self.current,
            });
        } else {
            self.current = (self.current + 1) % self.players.len();
        }
        self.phase = Phase::Roll;
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Error {
    GameOver,
    NotNow,
    WrongDiceCount,
    /// That square is not one this roll allows.
    NotAllowed(Square),
    /// Six in a row with three players: only two sides may choose it.
    SixInARowNeedsTwoSides,
    Setup(SetupError),
    First(FirstPlayerError),
}

crate::seating_errors!(Error);

impl Rules for Sequence {
    type Setup = Setup;
    type Action = Action;
    type Error = Error;

    fn start(setup: &Setup) -> Result<Self, Error> {
        let opening = seat(&setup.players, &setup.first, Self::KIND.players())?;
        let n = setup.players.len();
        if setup.six_in_a_row && !six_in_a_row_offered(n) {
            return Err(Error::SixInARowNeedsTwoSides);
        }
        let sides = if n == 4 {
            Sides::alternate_pairs()
        } else {
            Sides::Individual
        };
        let (phase, first) = opening.phase(Phase::Roll, Phase::RollOff);
        Ok(Sequence {
            players: setup.players.clone(),
            sides,
            line: if setup.six_in_a_row { 6 } else { 5 },
            phase,
            current: first,
            board: [[None; SIZE]; SIZE],
            events: Vec::new(),
            winner: None,
            extra_turn: false,
        })
    }

    fn validate(&self, action: &Action) -> Result<(), Error> {
        match (&self.phase, action) {
            (Phase::Finished, _) => Err(Error::GameOver),
            (_, Action::Dice(_)) => Ok(()),
            (Phase::RollOff(r), Action::RollOff { values, .. }) => {
                Ok(r.check_within(values, 2..=12)?)
            }
            (Phase::Roll, Action::Roll { dice, .. }) => {
                if dice.len() == DICE {
                    Ok(())
                } else {
                    Err(Error::WrongDiceCount)
                }
            }
            (Phase::Place { squares, .. }, Action::Place { square })
            | (Phase::Remove { squares }, Action::Remove { square }) => {
                if squares.contains(square) {
                    Ok(())
                } else {
                    Err(Error::NotAllowed(*square))
                }
            }
            _ => Err(Error::NotNow),
        }
    }

    fn apply_valid(&mut self, action: &Action) {
        let p = self.current;
        let side = self.side_of(p);
        match (self.phase.clone(), action) {
            (Phase::RollOff(r), Action::RollOff { values, .. }) => {
                (self.phase, self.current) = r.settle(values).phase(Phase::Roll, Phase::RollOff);
            }
            (Phase::Roll, Action::Roll { dice, .. }) => {
                self.events.clear();
                let sum = dice.iter().map(|d| d.value()).sum::<u8>();
                self.events.push(Event::Rolled { player: p, sum });
                self.extra_turn = matches!(sum, 2 | 12);
                match self.options(sum) {
                    Some(phase) => self.phase = phase,
                    None => {
                        self.events.push(Event::NothingToDo { player: p, sum });
                        self.end_turn();
                    }
                }
            }
            (Phase::Place { .. }, Action::Place { square }) => {
                let (r, c) = *square;
                let replaced = self.board[r][c];
                self.board[r][c] = Some(side);
                self.events.push(Event::Placed {
                    player: p,
                    square: *square,
                    replaced,
                });
                if let Some(line) = find_line(&self.board, side, self.line) {
                    self.events.push(Event::Won {
                        side,
                        line: line.clone(),
                    });
                    self.winner = Some((side, line));
                    self.phase = Phase::Finished;
                    return;
                }
                self.end_turn();
            }
            (Phase::Remove { .. }, Action::Remove { square }) => {
                let (r, c) = *square;
                if let Some(owner) = self.board[r][c].take() {
                    self.events.push(Event::Removed {
                        player: p,
                        square: *square,
                        side: owner,
                    });
                }
                self.end_turn();
            }
            _ => {}
        }
    }

    /// d6 values, and the roll-off's sums of two dice (2 to 12).
    fn virtual_values() -> std::ops::RangeInclusive<u32> {
        1..=12
    }

    fn legal_moves(&self) -> Vec<Move<Action>> {
        match &self.phase {
            Phase::RollOff(r) => vec![Move::Roll(Roll::roll_off(Self::KIND, r.contenders.len()))],
            Phase::Roll => vec![Move::Roll(Roll::d6(2))],
            Phase::Place { squares, .. } => squares
                .iter()
                .map(|&square| Move::Play(Action::Place { square }))
                .collect(),
            Phase::Remove { squares } => squares
                .iter()
                .map(|&square| Move::Play(Action::Remove { square }))
                .collect(),
            Phase::Finished => Vec::new(),
        }
    }

    crate::d6_rolls!(Action, Phase::Roll);
    crate::game_rules!(Action, Phase);
}

impl Game for Sequence {
    const KIND: GameKind = GameKind::Sequence;

    fn players(&self) -> &[Player] {
        &self.players
    }

    /// Won or lost: 1 for the winning side's players, 0 for the others.
    fn standings(&self) -> Standings {
        let over = self.is_finished();
        let mut standings = Standings::ranked(
            &self.players,
            self.places()
                .iter()
                .map(|&place| Points::whole(i64::from(over && place == 1)))
                .collect(),
            vec![over; self.players.len()],
        );
        for (p, s) in standings.players.iter_mut().enumerate() {
            s.side = self.side_of(p);
        }
        standings.has_points = false;
        standings
    }

    fn actor(&self, action: &Action) -> Actor {
        match action {
            Action::RollOff { .. } | Action::Dice(_) => Actor::Table,
            _ => Actor::Player(self.current),
        }
    }
}
