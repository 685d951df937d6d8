//! The game being played, whichever it is, and where it is saved.

use crate::core::game::Game;
use crate::core::save::GameId;
use crate::core::session::{Session, SessionRefusal};
use crate::{records, saves};

#[derive(Clone, Debug)]
pub struct Active<R: Game> {
    pub id: GameId,
    pub session: Session<R>,
    pub save_failed: bool,
    /// How this phone holds it: alone, viewed, or at a table.
    pub mode: PlayMode,
}

/// How this phone holds the game on screen: what it may do with it, and
/// who saves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayMode {
    /// Played on this phone alone: its moves are played and saved here.
    Alone,
    /// A finished game opened from the history: shown, never changed.
    Viewing,
    /// Played on several phones: the table's link changes and saves it
    /// (see `ui::table`); the screens send it their moves.
    AtTable(AtTable),
}

/// A game on several phones, as this phone holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtTable {
    /// Whether this phone may undo and redo the moves they name now (each
    /// phone takes back its own moves).
    pub undo: bool,
    pub redo: bool,
    /// How much of the table's log the session plays: that many entries,
    /// and their digest (`Replica::chain`). The link plays the entries
    /// that arrive after them, one by one.
    pub seen: Option<(u64, u32)>,
}

impl<R: Game> Active<R> {
    /// A game played on this phone alone.
    pub fn new(id: GameId, session: Session<R>) -> Active<R> {
        Active {
            id,
            session,
            save_failed: false,
            mode: PlayMode::Alone,
        }
    }

    /// A finished game opened from the history: its sheet, no undo.
    pub fn viewing(id: GameId, session: Session<R>) -> Active<R> {
        Active {
            mode: PlayMode::Viewing,
            ..Active::new(id, session)
        }
    }

    /// This phone's copy of a table's game, before the link says what this
    /// phone may take back.
    pub fn at_table(id: GameId, session: Session<R>) -> Active<R> {
        let table = AtTable {
            undo: true,
            redo: true,
            seen: None,
        };
        Active {
            mode: PlayMode::AtTable(table),
            ..Active::new(id, session)
        }
    }

    /// Opened from the history: shown, never changed.
    pub fn is_viewed(&self) -> bool {
        self.mode == PlayMode::Viewing
    }

    /// The table the game is played at, if it is.
    pub fn table(&self) -> Option<&AtTable> {
        match &self.mode {
            PlayMode::AtTable(table) => Some(table),
            _ => None,
        }
    }

    pub fn table_mut(&mut self) -> Option<&mut AtTable> {
        match &mut self.mode {
            PlayMode::AtTable(table) => Some(table),
            _ => None,
        }
    }

    /// This phone has left the table: the game is its own (a game viewed
    /// stays viewed).
    pub fn leave_table(&mut self) {
        if self.table().is_some() {
            self.mode = PlayMode::Alone;
        }
    }

    /// On several phones a move the others have seen may be final (the
    /// game says so: Einstein's choices once all are shown).
    pub fn can_undo(&self) -> bool {
        match &self.mode {
            PlayMode::Alone => self.session.can_undo(),
            PlayMode::Viewing => false,
            PlayMode::AtTable(table) => {
                table.undo && self.session.can_undo() && self.session.check_undo_at_table().is_ok()
            }
        }
    }

    pub fn can_redo(&self) -> bool {
        match &self.mode {
            PlayMode::Alone => self.session.can_redo(),
            PlayMode::Viewing => false,
            PlayMode::AtTable(table) => table.redo && self.session.can_redo(),
        }
    }

    /// Plays an action and saves the game if it was accepted; a refused
    /// action changes nothing and comes back as the reason (worded by
    /// `Lang::refusal`).
    pub fn act(&mut self, action: R::Action) -> Result<(), SessionRefusal<R::Error>> {
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
        !self.is_viewed() && self.session.coach().allowed && !self.session.is_finished()
    }

    /// Changes the game through `change` and, if it changed, saves it at
    /// once; a change that ends the game goes into the records (personal
    /// best, series).
    pub fn commit(&mut self, change: impl FnOnce(&mut Session<R>) -> bool) {
        if self.mode != PlayMode::Alone {
            return;
        }
        let was_over = self.session.is_finished();
        if change(&mut self.session) {
            self.save_failed = saves::save(&self.id, R::KIND, &self.session).is_err();
            if let Some(outcome) = self.session.state().outcome().filter(|_| !was_over) {
                records::game_ended(R::KIND, &self.id, &outcome, self.session.coach().consulted);
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

#[cfg(test)]
mod tests {
    use super::{Active, PlayMode};
    use crate::core::save::{test_game, test_id};

    fn id() -> crate::core::save::GameId {
        test_id("serieux-1764000000000-0001")
    }

    #[test]
    fn a_viewed_game_takes_nothing_back_and_is_never_changed() {
        let mut game = Active::viewing(id(), test_game(2));
        assert!(!game.can_undo() && !game.can_redo() && !game.coach_allowed());
        game.commit(|s| s.undo());
        assert!(game.session.can_undo(), "unchanged, unsaved");
    }

    #[test]
    fn at_a_table_the_link_says_what_this_phone_takes_back_until_it_leaves() {
        let mut game = Active::at_table(id(), test_game(2));
        assert!(game.can_undo(), "until the link says otherwise");
        game.table_mut().expect("at a table").undo = false;
        assert!(!game.can_undo());
        // The link changes and saves a table's game, never the screen.
        game.commit(|s| s.undo());
        assert!(game.session.can_undo());
        game.leave_table();
        assert_eq!(game.mode, PlayMode::Alone);
        assert!(game.can_undo(), "its own game again: no right left over");
    }

    #[test]
    fn leaving_a_table_leaves_a_viewed_game_viewed() {
        let mut game = Active::viewing(id(), test_game(1));
        game.leave_table();
        assert!(game.is_viewed() && game.table().is_none());
    }
}
