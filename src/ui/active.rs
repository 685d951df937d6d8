//! The game being played, whichever it is, and where it is saved.

use crate::core::game::{Game, GameKind};
use crate::core::save::GameId;
use crate::core::session::{Refusal, Session};
use crate::{records, saves};

#[derive(Clone, Debug)]
pub struct Active<R: Game> {
    pub id: GameId,
    pub kind: GameKind,
    pub session: Session<R>,
    pub save_failed: bool,
    /// Opened from the history: shown, never changed.
    pub read_only: bool,
    /// Played on several phones: the table's link changes and saves it
    /// (see `ui::table`); the screens send it their moves.
    pub on_table: bool,
    /// On several phones, whether this phone may undo and redo the moves
    /// they name now (each phone takes back its own moves).
    pub undo_here: bool,
    pub redo_here: bool,
    /// On several phones, how much of the table's log the session plays:
    /// that many entries, and their digest (`Replica::chain`). The link
    /// plays the entries that arrive after them, one by one.
    pub table_seen: Option<(u64, u32)>,
}

impl<R: Game> Active<R> {
    pub fn new(id: GameId, kind: GameKind, session: Session<R>) -> Active<R> {
        Active {
            id,
            kind,
            session,
            save_failed: false,
            read_only: false,
            on_table: false,
            undo_here: true,
            redo_here: true,
            table_seen: None,
        }
    }

    /// A finished game opened from the history: its sheet, no undo.
    pub fn viewing(id: GameId, kind: GameKind, session: Session<R>) -> Active<R> {
        Active {
            read_only: true,
            ..Active::new(id, kind, session)
        }
    }

    /// On several phones a move the others have seen may be final (the
    /// game says so: Einstein's choices once all are shown).
    pub fn can_undo(&self) -> bool {
        !self.read_only
            && self.undo_here
            && self.session.can_undo()
            && !(self.on_table && self.session.check_undo_at_table().is_err())
    }

    pub fn can_redo(&self) -> bool {
        !self.read_only && self.redo_here && self.session.can_redo()
    }

    /// Plays an action and saves the game if it was accepted; a refused
    /// action changes nothing and comes back as the reason (worded by
    /// `Lang::refusal`).
    pub fn act(&mut self, action: R::Action) -> Result<(), Refusal<R::Error>> {
        let mut outcome = Ok(());
        self.commit(|s| {
            outcome = s.act(action);
            outcome.is_ok()
        });
        outcome
    }

    /// Takes back the last action or puts back the last undone one, and
    /// saves the game if it changed.
    pub fn step(&mut self, step: UndoOrRedo) {
        self.commit(|s| match step {
            UndoOrRedo::Undo => s.undo(),
            UndoOrRedo::Redo => s.redo(),
        });
    }

    /// Someone opened the coach: the game is marked (and saved) as coached.
    pub fn consult_coach(&mut self) {
        self.commit(|s| s.consult_coach());
    }

    /// The coach may be opened: allowed at this table, in a game being
    /// played (not one viewed from the history).
    pub fn coach_allowed(&self) -> bool {
        !self.read_only && self.session.coach().allowed && !self.session.is_finished()
    }

    /// Changes the game through `change` and, if it changed, saves it at
    /// once; a change that ends the game goes into the records (personal
    /// best, series).
    pub fn commit(&mut self, change: impl FnOnce(&mut Session<R>) -> bool) {
        if self.read_only || self.on_table {
            return;
        }
        let was_over = self.session.is_finished();
        if change(&mut self.session) {
            self.save_failed = saves::save(&self.id, self.kind, &self.session).is_err();
            if let Some(outcome) = self.session.state().outcome().filter(|_| !was_over) {
                records::game_ended(
                    self.kind,
                    &self.id,
                    &outcome,
                    self.session.coach().consulted,
                );
            }
        }
    }
}

/// A tap on Undo or on Redo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoOrRedo {
    /// Takes back the last move.
    Undo,
    /// Puts back the last move taken back.
    Redo,
}
