//! Genius, modes GENIUS, + Simple, Expert and Partie + Longue, as
//! `rulings.md` reads the rulebook.
//!
//! Points are kept in half points (`Halves`) because ÷2 keeps half points
//! (17 ÷ 2 = 8,5).

use super::dice::D6;
use super::dice_kinds::{Challenge, DieKind};
use super::game::{
    Actor, Game, GameKind, Mode, Move, Points, Roll, RollOffAction, RollSource, Rules, Standings,
    Variant,
};
pub use super::table::FirstPlayer;
use super::table::{seat, FirstPlayerError, Player, RollOff, SetupError};
use serde::{Deserialize, Serialize};

mod grid;
mod points;
pub use points::{apply_challenge, on_list, Halves};

/// The GENIUS list (the rulebook prints 1, so 1 counts).
pub const GENIUS_LIST: [i32; 11] = [1, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29];
/// Columns of the grids: 1 to 5 dice (or rounds 1 to 5 in Expert).
pub const COLUMNS: usize = 5;
/// The Expert bonus when the result or its negative is on the list.
pub const EXPERT_BONUS: i32 = 15;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<Player>,
    pub first: FirstPlayer,
    pub mode: Mode,
    /// When a row fills up, finish the round before ending (off by default).
    #[serde(default)]
    pub finish_round: bool,
}

/// One cell of a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    Empty,
    Written(Halves),
    /// Partie + Longue: no legal place for the value; counts as filled, 0 points.
    Crossed,
}

impl Cell {
    pub fn points(self) -> Halves {
        match self {
            Cell::Written(v) => v,
            _ => Halves(0),
        }
    }

    pub fn is_empty(self) -> bool {
        self == Cell::Empty
    }
}

/// Where a value goes in grid n°2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Slot {
    Min,
    Max,
}

/// A cell's address: a column (0-based: 1 die … 5 dice, or round) and, in
/// grid n°2, the MIN or MAX slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellRef {
    pub column: usize,
    pub slot: Option<Slot>,
}

crate::game_actions! {
    pub enum Action {
        /// GENIUS, + Simple, Partie + Longue: the current player rolls k dice
        /// (k = the number of dice given) for column k.
        Roll { dice: Vec<D6>, source: RollSource },
        /// After a hit: the challenge die.
        Challenge { face: Challenge, source: RollSource },
        /// Défi: erase a written number of `player`'s row.
        Erase { player: usize, cell: CellRef },
        /// Défi: erase nothing.
        KeepAll,
        /// Partie + Longue: put the value in the MIN or the MAX cell.
        Place { slot: Slot },
        /// Expert: the five dice and the challenge die, thrown at once.
        Expert {
            dice: Vec<D6>,
            challenge: Challenge,
            source: RollSource,
        },
    }
}

/// What the current player must do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    RollOff(RollOff),
    /// Roll (GENIUS, + Simple, Longue) or throw everything (Expert).
    Roll,
    /// A hit: roll the challenge die for this sum in column k.
    Challenge {
        column: usize,
        sum: Halves,
    },
    /// Défi 1 or 2: erase a number (or not), then `sum` goes in the column.
    Defi {
        column: usize,
        sum: Halves,
        face: Challenge,
    },
    /// Partie + Longue: choose MIN or MAX for the value.
    Place {
        column: usize,
        value: Halves,
    },
    Finished,
}

/// What happened on the last step, for the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Miss {
        player: usize,
        column: usize,
        sum: i32,
    },
    Hit {
        player: usize,
        column: usize,
        sum: i32,
    },
    Challenged {
        player: usize,
        sum: Halves,
        face: Challenge,
        value: Halves,
    },
    Erased {
        by: usize,
        player: usize,
        cell: CellRef,
        value: Halves,
    },
    Written {
        player: usize,
        cell: CellRef,
        value: Halves,
    },
    Crossed {
        player: usize,
        cell: CellRef,
        value: Halves,
    },
    ExpertThrow {
        player: usize,
        sum: i32,
        face: Challenge,
        result: Halves,
        bonus: bool,
        /// What is written: the result, plus the bonus if it is won.
        value: Halves,
    },
    PlaysAgain {
        player: usize,
    },
    Skipped {
        player: usize,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genius {
    setup: Setup,
    phase: Phase,
    first: usize,
    current: usize,
    /// Completed rounds (Expert: the column being played).
    round: usize,
    /// Grid n°1: five cells per player; grid n°2: ten (column × MIN/MAX).
    grid: Vec<Vec<Cell>>,
    /// A row filled up with the "finish the round" option on.
    ending: bool,
    events: Vec<Event>,
}

impl Genius {
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn mode(&self) -> Mode {
        self.setup.mode
    }

    pub fn players(&self) -> &[Player] {
        &self.setup.players
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn current_player(&self) -> Option<usize> {
        (!matches!(self.phase, Phase::RollOff(_) | Phase::Finished)).then_some(self.current)
    }

    pub fn round(&self) -> usize {
        self.round
    }

    pub fn is_ending(&self) -> bool {
        self.ending
    }

    /// What the current turn has done so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
}

/// The sum of a roll of d6.
pub fn sum_of(dice: &[D6]) -> i32 {
    dice.iter().map(|d| i32::from(d.value())).sum()
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Error {
    GameOver,
    /// This action does not fit the moment (e.g. a placement before a roll).
    NotNow,
    /// k dice: 1 to 5 (5 plus the challenge die in Expert).
    WrongDiceCount,
    /// The cell for k dice (or column k) is already filled.
    ColumnFull(usize),
    /// Défi: that cell is not one it can erase (wrong columns, empty, crossed).
    CannotErase,
    /// Partie + Longue: MIN would be above MAX.
    MinAboveMax,
    /// Partie + Longue: that slot is filled.
    SlotTaken,
    Setup(SetupError),
    /// The first player could not be settled (bad choice or roll-off).
    First(FirstPlayerError),
}

crate::seating_errors!(Error);

impl Rules for Genius {
    type Setup = Setup;
    type Action = Action;
    type Error = Error;

    fn start(setup: &Setup) -> Result<Self, Error> {
        let opening = seat(&setup.players, &setup.first, Self::KIND.players())?;
        let (phase, first) = opening.phase(Phase::Roll, Phase::RollOff);
        let n = setup.players.len();
        let cells = if setup.mode == Mode::Longue {
            COLUMNS * 2
        } else {
            COLUMNS
        };
        Ok(Genius {
            setup: setup.clone(),
            phase,
            first,
            current: first,
            round: 0,
            grid: vec![vec![Cell::Empty; cells]; n],
            ending: false,
            events: Vec::new(),
        })
    }

    fn validate(&self, action: &Action) -> Result<(), Error> {
        let mode = self.setup.mode;
        match (&self.phase, action) {
            (Phase::Finished, _) => Err(Error::GameOver),
            (_, Action::Dice(_)) => Ok(()),
            (Phase::RollOff(r), Action::RollOff { values, .. }) => Ok(r.check_d6(values)?),
            (Phase::Roll, Action::Roll { dice, .. }) if mode != Mode::Expert => {
                if dice.is_empty() || dice.len() > COLUMNS {
                    return Err(Error::WrongDiceCount);
                }
                if !self.open_columns(self.current).contains(&(dice.len() - 1)) {
                    return Err(Error::ColumnFull(dice.len()));
                }
                Ok(())
            }
            (Phase::Roll, Action::Expert { dice, .. }) if mode == Mode::Expert => {
                if dice.len() != COLUMNS {
                    return Err(Error::WrongDiceCount);
                }
                Ok(())
            }
            (Phase::Challenge { .. }, Action::Challenge { .. }) => Ok(()),
            (Phase::Defi { face, .. }, Action::Erase { player, cell }) => {
                if self.erasable(*face).contains(&(*player, *cell)) {
                    Ok(())
                } else {
                    Err(Error::CannotErase)
                }
            }
            (Phase::Defi { .. }, Action::KeepAll) => Ok(()),
            (Phase::Place { column, value }, Action::Place { slot }) => {
                self.can_place(self.current, *column, *slot, *value)
            }
            _ => Err(Error::NotNow),
        }
    }

    fn apply_valid(&mut self, action: &Action) {
        // Events tell the story of the turn: a new roll starts a new story.
        if matches!(
            action,
            Action::Roll { .. } | Action::Expert { .. } | Action::RollOff { .. }
        ) {
            self.events.clear();
        }
        let p = self.current;
        match (self.phase.clone(), action) {
            (Phase::RollOff(r), Action::RollOff { values, .. }) => {
                (self.phase, self.first) = r.settle(values).phase(Phase::Roll, Phase::RollOff);
                self.current = self.first;
            }
            (Phase::Roll, Action::Roll { dice, .. }) => {
                let column = dice.len() - 1;
                let sum = sum_of(dice);
                if !GENIUS_LIST.contains(&sum) {
                    self.events.push(Event::Miss {
                        player: p,
                        column,
                        sum,
                    });
                    self.next_player();
                    return;
                }
                self.events.push(Event::Hit {
                    player: p,
                    column,
                    sum,
                });
                if self.setup.mode.uses_challenge_die() {
                    self.phase = Phase::Challenge {
                        column,
                        sum: Halves::whole(sum),
                    };
                } else {
                    self.deliver(column, Halves::whole(sum));
                }
            }
            (Phase::Challenge { column, sum }, Action::Challenge { face, .. }) => {
                let value = apply_challenge(*face, sum);
                self.events.push(Event::Challenged {
                    player: p,
                    sum,
                    face: *face,
                    value,
                });
                match face {
                    Challenge::Defi1 | Challenge::Defi2 => {
                        if self.erasable(*face).is_empty() {
                            self.deliver(column, sum);
                        } else {
                            self.phase = Phase::Defi {
                                column,
                                sum,
                                face: *face,
                            };
                        }
                    }
                    _ => self.deliver(column, value),
                }
            }
            (Phase::Defi { column, sum, .. }, Action::Erase { player, cell }) => {
                if let (Some(i), Some(Cell::Written(value))) =
                    (self.index(*cell), self.cell(*player, *cell))
                {
                    self.grid[*player][i] = Cell::Empty;
                    self.events.push(Event::Erased {
                        by: p,
                        player: *player,
                        cell: *cell,
                        value,
                    });
                }
                self.deliver(column, sum);
            }
            (Phase::Defi { column, sum, .. }, Action::KeepAll) => self.deliver(column, sum),
            (Phase::Place { column, value }, Action::Place { slot }) => {
                self.write(
                    p,
                    CellRef {
                        column,
                        slot: Some(*slot),
                    },
                    value,
                );
                self.after_write();
            }
            (
                Phase::Roll,
                Action::Expert {
                    dice, challenge, ..
                },
            ) => {
                let sum = sum_of(dice);
                let result = apply_challenge(*challenge, Halves::whole(sum));
                let bonus = on_list(result) || on_list(Halves(-result.0));
                let value = if bonus {
                    Halves(result.0 + EXPERT_BONUS * 2)
                } else {
                    result
                };
                self.events.push(Event::ExpertThrow {
                    player: p,
                    sum,
                    face: *challenge,
                    result,
                    bonus,
                    value,
                });
                let column = self.round;
                self.grid[p][column] = Cell::Written(value);
                self.events.push(Event::Written {
                    player: p,
                    cell: CellRef { column, slot: None },
                    value,
                });
                self.next_player();
            }
            _ => {}
        }
    }

    /// d6 values, and the challenge die's face index (0 to 5).
    fn virtual_values() -> std::ops::RangeInclusive<u32> {
        0..=6
    }

    fn legal_moves(&self) -> Vec<Move<Action>> {
        let p = self.current;
        match &self.phase {
            Phase::RollOff(r) => vec![Move::Roll(Roll::roll_off(Self::KIND, r.contenders.len()))],
            Phase::Roll if self.mode() == Mode::Expert => {
                let mut dice = vec![DieKind::D6; COLUMNS];
                dice.push(DieKind::Challenge);
                vec![Move::Roll(Roll::of(dice))]
            }
            Phase::Roll => self
                .open_columns(p)
                .into_iter()
                .map(|column| Move::Roll(Roll::d6(column + 1)))
                .collect(),
            Phase::Challenge { .. } => vec![Move::Roll(Roll::of(vec![DieKind::Challenge]))],
            Phase::Defi { face, .. } => self
                .erasable(*face)
                .into_iter()
                .map(|(player, cell)| Move::Play(Action::Erase { player, cell }))
                .chain([Move::Play(Action::KeepAll)])
                .collect(),
            Phase::Place { column, value } => self
                .legal_slots(p, *column, *value)
                .into_iter()
                .map(|slot| Move::Play(Action::Place { slot }))
                .collect(),
            Phase::Finished => Vec::new(),
        }
    }

    fn rolled(&self, _roll: &Roll, values: &[u32], source: RollSource) -> Option<Action> {
        match &self.phase {
            Phase::RollOff(_) => Some(Action::roll_off(values, source)),
            Phase::Roll if self.mode() == Mode::Expert => {
                let (challenge, dice) = values.split_last()?;
                Some(Action::Expert {
                    dice: D6::all_of(dice)?,
                    challenge: Challenge::from_value(*challenge)?,
                    source,
                })
            }
            Phase::Roll => Some(Action::Roll {
                dice: D6::all_of(values)?,
                source,
            }),
            Phase::Challenge { .. } => match values {
                [face] => Some(Action::Challenge {
                    face: Challenge::from_value(*face)?,
                    source,
                }),
                _ => None,
            },
            _ => None,
        }
    }

    fn roll_values(action: &Action) -> Option<(Vec<u32>, RollSource)> {
        match action {
            Action::RollOff { values, source } => Some((values.clone(), *source)),
            Action::Roll { dice, source } => Some((D6::values_of(dice), *source)),
            Action::Challenge { face, source } => Some((vec![face.value()], *source)),
            Action::Expert {
                dice,
                challenge,
                source,
            } => {
                let mut values = D6::values_of(dice);
                values.push(challenge.value());
                Some((values, *source))
            }
            Action::Erase { .. } | Action::KeepAll | Action::Place { .. } | Action::Dice(_) => None,
        }
    }

    crate::game_rules!(Action, Phase);
}

impl Game for Genius {
    const KIND: GameKind = GameKind::Genius;

    fn players(&self) -> &[Player] {
        &self.setup.players
    }

    fn variant(&self) -> Variant {
        Variant::Genius(self.mode())
    }

    fn standings(&self) -> Standings {
        let scores = self.totals().into_iter().map(|h| Points(i64::from(h.0)));
        let over = self.is_finished();
        Standings::ranked(
            self.players(),
            scores.collect(),
            vec![over; self.players().len()],
        )
    }

    /// Every move but the roll-off is the current player's, a Défi's
    /// erasing included (they erase from any player's grid).
    fn actor(&self, action: &Action) -> Actor {
        match action {
            Action::RollOff { .. } | Action::Dice(_) => Actor::Table,
            _ => Actor::Player(self.current),
        }
    }
}
