//! The grid of a Genius game: its cells, totals and places, what the
//! decision at hand may fill, erase or tap, and how a value is written (or
//! crossed out) and the turn moves on.

use super::{Action, Cell, CellRef, Error, Event, Genius, Halves, Phase, Slot, COLUMNS};
use crate::core::dice_kinds::Challenge;
use crate::core::game::Mode;
use crate::core::table::places;

impl Genius {
    pub fn uses_grid_two(&self) -> bool {
        self.setup.mode == Mode::Longue
    }

    pub fn index(&self, cell: CellRef) -> Option<usize> {
        match (self.uses_grid_two(), cell.slot) {
            (false, None) if cell.column < COLUMNS => Some(cell.column),
            (true, Some(Slot::Min)) if cell.column < COLUMNS => Some(cell.column * 2),
            (true, Some(Slot::Max)) if cell.column < COLUMNS => Some(cell.column * 2 + 1),
            _ => None,
        }
    }

    pub fn cell(&self, player: usize, cell: CellRef) -> Option<Cell> {
        self.index(cell)
            .and_then(|i| self.grid.get(player).and_then(|row| row.get(i)).copied())
    }

    /// Every cell address of a row, in grid order.
    pub fn cells(&self) -> Vec<CellRef> {
        (0..COLUMNS)
            .flat_map(|column| {
                if self.uses_grid_two() {
                    vec![
                        CellRef {
                            column,
                            slot: Some(Slot::Min),
                        },
                        CellRef {
                            column,
                            slot: Some(Slot::Max),
                        },
                    ]
                } else {
                    vec![CellRef { column, slot: None }]
                }
            })
            .collect()
    }

    pub fn row(&self, player: usize) -> &[Cell] {
        &self.grid[player]
    }

    pub fn total(&self, player: usize) -> Halves {
        Halves(self.grid[player].iter().map(|c| c.points().0).sum())
    }

    pub fn totals(&self) -> Vec<Halves> {
        (0..self.setup.players.len())
            .map(|p| self.total(p))
            .collect()
    }

    pub fn places(&self) -> Vec<usize> {
        places(&self.totals())
    }

    pub(super) fn row_full(&self, player: usize) -> bool {
        self.grid[player].iter().all(|c| !c.is_empty())
    }

    /// Columns where `player` may roll now (an empty cell left).
    pub fn open_columns(&self, player: usize) -> Vec<usize> {
        (0..COLUMNS)
            .filter(|&c| match self.uses_grid_two() {
                false => self.grid[player][c].is_empty(),
                true => {
                    self.grid[player][c * 2].is_empty() || self.grid[player][c * 2 + 1].is_empty()
                }
            })
            .collect()
    }

    /// The cells a Défi face lets the current player erase (any player's row).
    pub fn erasable(&self, face: Challenge) -> Vec<(usize, CellRef)> {
        let columns = match face {
            Challenge::Defi1 => 0..3,
            Challenge::Defi2 => 3..5,
            _ => 0..0,
        };
        let mut out = Vec::new();
        for p in 0..self.setup.players.len() {
            for cell in self.cells() {
                if columns.contains(&cell.column)
                    && matches!(self.cell(p, cell), Some(Cell::Written(_)))
                {
                    out.push((p, cell));
                }
            }
        }
        out
    }

    /// Partie + Longue: may `value` go in `slot` of `column` for `player`?
    pub fn can_place(
        &self,
        player: usize,
        column: usize,
        slot: Slot,
        value: Halves,
    ) -> Result<(), Error> {
        let (min, max) = (
            self.grid[player][column * 2],
            self.grid[player][column * 2 + 1],
        );
        let (here, other) = match slot {
            Slot::Min => (min, max),
            Slot::Max => (max, min),
        };
        if !here.is_empty() {
            return Err(Error::SlotTaken);
        }
        if let Cell::Written(o) = other {
            let ok = match slot {
                Slot::Min => value <= o,
                Slot::Max => value >= o,
            };
            if !ok {
                return Err(Error::MinAboveMax);
            }
        }
        Ok(())
    }

    /// Legal slots for a value in a column.
    pub fn legal_slots(&self, player: usize, column: usize, value: Halves) -> Vec<Slot> {
        [Slot::Min, Slot::Max]
            .into_iter()
            .filter(|s| self.can_place(player, column, *s, value).is_ok())
            .collect()
    }

    /// The cells the decision at hand can fill or erase: the current
    /// player's empty cells before a roll (the round's cell in Expert), the
    /// MIN or MAX cell that can take the value, the cells a Défi can erase.
    pub fn playable_cells(&self) -> Vec<(usize, CellRef)> {
        let p = self.current;
        let mine = |keep: &dyn Fn(CellRef) -> bool| -> Vec<(usize, CellRef)> {
            self.cells()
                .into_iter()
                .filter(|c| keep(*c))
                .map(|c| (p, c))
                .collect()
        };
        match &self.phase {
            Phase::Roll if self.mode() == Mode::Expert => mine(&|c| c.column == self.round),
            Phase::Roll => mine(&|c| self.cell(p, c) == Some(Cell::Empty)),
            Phase::Place { column, value } => {
                let slots = self.legal_slots(p, *column, *value);
                mine(&|c| c.column == *column && c.slot.is_some_and(|s| slots.contains(&s)))
            }
            Phase::Defi { face, .. } => self.erasable(*face),
            _ => Vec::new(),
        }
    }

    /// What a tap on `cell` of `player`'s row plays now: an erase during a
    /// Défi, MIN or MAX when placing; nothing before a roll (the dice are
    /// rolled by number, not by cell); or why it cannot be played.
    pub fn tap(&self, player: usize, cell: CellRef) -> Result<Option<Action>, Error> {
        let mine = player == self.current;
        match &self.phase {
            Phase::Defi { face, .. } if self.erasable(*face).contains(&(player, cell)) => {
                Ok(Some(Action::Erase { player, cell }))
            }
            Phase::Defi { .. } => Err(Error::CannotErase),
            Phase::Place { column, value } if mine && cell.column == *column => match cell.slot {
                Some(slot) => self
                    .can_place(player, *column, slot, *value)
                    .map(|()| Some(Action::Place { slot })),
                None => Err(Error::NotNow),
            },
            Phase::Roll if mine && self.mode() != Mode::Expert => {
                if self.open_columns(player).contains(&cell.column) {
                    Ok(None)
                } else {
                    Err(Error::ColumnFull(cell.column + 1))
                }
            }
            _ => Err(Error::NotNow),
        }
    }

    pub(super) fn write(&mut self, player: usize, cell: CellRef, value: Halves) {
        if let Some(i) = self.index(cell) {
            self.grid[player][i] = Cell::Written(value);
            self.events.push(Event::Written {
                player,
                cell,
                value,
            });
        }
    }

    /// Puts a value in column k: grid n°1 directly; grid n°2 by the player's
    /// choice when both slots are open, else in the one slot or crossed out.
    pub(super) fn deliver(&mut self, column: usize, value: Halves) {
        let p = self.current;
        if !self.uses_grid_two() {
            self.write(p, CellRef { column, slot: None }, value);
            return self.after_write();
        }
        let empty: Vec<Slot> = [Slot::Min, Slot::Max]
            .into_iter()
            .filter(|s| {
                self.cell(
                    p,
                    CellRef {
                        column,
                        slot: Some(*s),
                    },
                ) == Some(Cell::Empty)
            })
            .collect();
        match empty.as_slice() {
            [_, _] => self.phase = Phase::Place { column, value },
            [slot] => {
                let cell = CellRef {
                    column,
                    slot: Some(*slot),
                };
                if self.can_place(p, column, *slot, value).is_ok() {
                    self.write(p, cell, value);
                } else if let Some(i) = self.index(cell) {
                    self.grid[p][i] = Cell::Crossed;
                    self.events.push(Event::Crossed {
                        player: p,
                        cell,
                        value,
                    });
                }
                self.after_write();
            }
            _ => self.after_write(),
        }
    }

    pub(super) fn after_write(&mut self) {
        let p = self.current;
        if self.row_full(p) {
            if !self.setup.finish_round {
                self.phase = Phase::Finished;
                return;
            }
            self.ending = true;
        }
        if self.setup.mode == Mode::Simple && !self.row_full(p) {
            self.phase = Phase::Roll;
            self.events.push(Event::PlaysAgain { player: p });
            return;
        }
        self.next_player();
    }

    pub(super) fn next_player(&mut self) {
        let n = self.setup.players.len();
        loop {
            let next = (self.current + 1) % n;
            if next == self.first {
                self.round += 1;
                if self.ending || (self.setup.mode == Mode::Expert && self.round == COLUMNS) {
                    self.phase = Phase::Finished;
                    return;
                }
            }
            self.current = next;
            self.phase = Phase::Roll;
            // A player with a full row (possible with "finish the round")
            // has nothing to roll for.
            if self.setup.mode == Mode::Expert || !self.open_columns(next).is_empty() {
                return;
            }
            self.events.push(Event::Skipped { player: next });
        }
    }
}
