//! A game as a setup plus an ordered log of actions, with undo and redo.
//!
//! The state is never stored: it is the setup with the log replayed, so a
//! saved game is its setup and its log, and replaying rebuilds it exactly.
//! Randomness is an input: a roll is an action that carries its dice.
//!
//! Undo never re-rolls. Undoing a virtual roll keeps its dice: the next
//! virtual roll of the game gives the same dice back, so a bad roll cannot be
//! undone away. While such dice wait to come back, typed dice are refused
//! (switching to physical dice must not replace a bad virtual roll); dice
//! that were typed in from physical dice can be corrected freely.
//!
//! Whose dice the table plays with ([`WhoseDice`]) is part of the game:
//! chosen at setup, changed by an action of the log. With the table's real
//! dice the app's rolls are refused ([`SessionRefusal::TableDice`]), so no
//! mistaken tap can roll for the table (the one exception: the dice of an
//! undone roll of the app's, which come back).

use super::dice_kinds::DieKind;
use super::game::{Game, Roll, RollSource, Rules, WhoseDice};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::collections::VecDeque;
use std::fmt::Debug;

/// What a saved session holds; the state is rebuilt from it.
///
/// In JSON: `{"setup": …, "log": [action…], "redo": [action…], "kept_rolls":
/// [[die…]…], "coach": {…}, "dice": "table"}`, `redo`, `kept_rolls`, `coach`
/// and `dice` optional (a game saved without `dice` plays with the app's).
#[derive(Clone, Debug, PartialEq)]
pub struct Record<R: Rules> {
    pub setup: R::Setup,
    pub log: Vec<R::Action>,
    pub redo: Vec<R::Action>,
    pub kept_rolls: VecDeque<Vec<u32>>,
    pub coach: CoachUse,
    /// Whose dice the table chose at setup; the log's changes follow.
    pub dice: WhoseDice,
}

/// The coach at this table: allowed or not (chosen at setup), and whether
/// anyone opened it (such a game counts for no personal best).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoachUse {
    pub allowed: bool,
    pub consulted: bool,
}

impl Default for CoachUse {
    fn default() -> CoachUse {
        CoachUse {
            allowed: true,
            consulted: false,
        }
    }
}

/// A record's JSON as it is read, with the setup and the actions left as JSON
/// values: its shape is read by this one piece of code for every game, and
/// only the setup and each action go through the game's own types.
#[derive(Deserialize)]
struct Stored {
    setup: Value,
    log: Vec<Value>,
    #[serde(default)]
    redo: Vec<Value>,
    #[serde(default)]
    kept_rolls: VecDeque<Vec<u32>>,
    #[serde(default)]
    coach: CoachUse,
    #[serde(default)]
    dice: WhoseDice,
}

impl<R: Rules> Serialize for Record<R> {
    /// Written field by field in [`Stored`]'s shape, without building JSON
    /// values on the way (a long log saves several times faster).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("Record", 6)?;
        out.serialize_field("setup", &self.setup)?;
        out.serialize_field("log", &self.log)?;
        out.serialize_field("redo", &self.redo)?;
        out.serialize_field("kept_rolls", &self.kept_rolls)?;
        // Written only when it says something, so that a game the coach
        // never touched is stored as before.
        if self.coach != CoachUse::default() {
            out.serialize_field("coach", &self.coach)?;
        } else {
            out.skip_field("coach")?;
        }
        // Likewise: a game with the app's dice is stored as before the choice.
        if self.dice != WhoseDice::App {
            out.serialize_field("dice", &self.dice)?;
        } else {
            out.skip_field("dice")?;
        }
        out.end()
    }
}

impl<'de, R: Rules> Deserialize<'de> for Record<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let stored = Stored::deserialize(deserializer)?;
        let actions = |values: Vec<Value>| -> Result<Vec<R::Action>, D::Error> {
            let mut actions = Vec::with_capacity(values.len());
            for value in values {
                actions.push(R::Action::deserialize(value).map_err(D::Error::custom)?);
            }
            Ok(actions)
        };
        Ok(Record {
            setup: R::Setup::deserialize(stored.setup).map_err(D::Error::custom)?,
            log: actions(stored.log)?,
            redo: actions(stored.redo)?,
            kept_rolls: stored.kept_rolls,
            coach: stored.coach,
            dice: stored.dice,
        })
    }
}

/// Why a session refused a new action; a refused action changes nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionRefusal<E> {
    /// The game's rules refuse it.
    Rules(E),
    /// Typed dice while the dice of an undone virtual roll wait to come back:
    /// the app already rolled for this turn, and rolling again gives the
    /// same dice back.
    AlreadyRolled,
    /// A roll of the app's dice while the table plays with its own.
    TableDice,
    /// A change to the dice already played with, or once the game is over.
    SameDice,
}

impl<E> SessionRefusal<E> {
    /// The same refusal, the rules' own reason turned by `f` (into the
    /// registry's [`crate::core::games::AnyError`], say).
    pub fn map<F>(self, f: impl FnOnce(E) -> F) -> SessionRefusal<F> {
        match self {
            SessionRefusal::Rules(e) => SessionRefusal::Rules(f(e)),
            SessionRefusal::AlreadyRolled => SessionRefusal::AlreadyRolled,
            SessionRefusal::TableDice => SessionRefusal::TableDice,
            SessionRefusal::SameDice => SessionRefusal::SameDice,
        }
    }
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError<E> {
    Setup(E),
    /// Action number `index` (0-based) of the log was refused.
    Action {
        index: usize,
        error: E,
    },
}

impl<E: std::fmt::Display> std::fmt::Display for ReplayError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "the setup does not start a game: {e}"),
            ReplayError::Action { index, error } => {
                write!(f, "action {index} of the log is refused: {error}")
            }
        }
    }
}

impl<E: std::error::Error> std::error::Error for ReplayError<E> {}

/// A snapshot of the state is kept every this many actions, so undo replays
/// at most this many actions instead of the whole game.
const CHECKPOINT_EVERY: usize = 64;

/// A game in progress: its record and the state it gives.
#[derive(Clone, Debug)]
pub struct Session<R: Rules> {
    record: Record<R>,
    state: R,
    /// (log length, state at that point), every [`CHECKPOINT_EVERY`] actions,
    /// starting with the start of the game.
    checkpoints: Vec<(usize, R)>,
}

impl<R: Rules> Session<R> {
    pub fn new(setup: R::Setup) -> Result<Self, R::Error> {
        let state = R::start(&setup)?;
        Ok(Session {
            record: Record {
                setup,
                log: Vec::new(),
                redo: Vec::new(),
                kept_rolls: VecDeque::new(),
                coach: CoachUse::default(),
                dice: WhoseDice::App,
            },
            checkpoints: vec![(0, state.clone())],
            state,
        })
    }

    /// Rebuilds a session from a saved record by replaying its log.
    pub fn replay(record: Record<R>) -> Result<Self, ReplayError<R::Error>> {
        let mut state = R::start(&record.setup).map_err(ReplayError::Setup)?;
        let mut checkpoints = vec![(0, state.clone())];
        for (index, action) in record.log.iter().enumerate() {
            state
                .validate(action)
                .map_err(|error| ReplayError::Action { index, error })?;
            state.apply_valid(action);
            if (index + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push((index + 1, state.clone()));
            }
        }
        Ok(Session {
            record,
            state,
            checkpoints,
        })
    }

    pub fn state(&self) -> &R {
        &self.state
    }

    pub fn record(&self) -> &Record<R> {
        &self.record
    }

    pub fn setup(&self) -> &R::Setup {
        &self.record.setup
    }

    pub fn log(&self) -> &[R::Action] {
        &self.record.log
    }

    /// Checks a new action, changing nothing: the game's rules, then the
    /// table's dice. While dice kept from an undone virtual roll wait, a
    /// roll of typed dice is refused ([`SessionRefusal::AlreadyRolled`]), so that
    /// an undone bad roll cannot be replaced by physical dice; so is a change
    /// to the table's dice. With the table's dice, a roll of the app's is
    /// refused ([`SessionRefusal::TableDice`]), except the kept dice coming back.
    pub fn check(&self, action: &R::Action) -> Result<(), SessionRefusal<R::Error>> {
        if let Some(dice) = R::dice_change(action) {
            if dice == self.dice() || self.is_finished() {
                return Err(SessionRefusal::SameDice);
            }
            if dice == WhoseDice::Table && self.waiting_roll() {
                return Err(SessionRefusal::AlreadyRolled);
            }
        }
        self.state.validate(action).map_err(SessionRefusal::Rules)?;
        match R::roll_values(action) {
            Some((_, RollSource::Typed)) if self.waiting_roll() => {
                Err(SessionRefusal::AlreadyRolled)
            }
            Some((_, RollSource::Virtual)) if !self.app_rolls() => Err(SessionRefusal::TableDice),
            _ => Ok(()),
        }
    }

    /// Whose dice the table plays with now: the last change in the log, or
    /// the choice made at setup.
    pub fn dice(&self) -> WhoseDice {
        let mut changes = self.record.log.iter().rev();
        changes.find_map(R::dice_change).unwrap_or(self.record.dice)
    }

    /// Each change of dice in the log, with how many rolls came before it
    /// (what the game's record shows of them).
    pub fn dice_changes(&self) -> Vec<(usize, WhoseDice)> {
        let mut rolls = 0;
        let mut changes = Vec::new();
        for action in &self.record.log {
            if let Some(dice) = R::dice_change(action) {
                changes.push((rolls, dice));
            }
            rolls += usize::from(R::roll_values(action).is_some());
        }
        changes
    }

    /// Whether the app rolls now: with its dice, or to give back the dice
    /// of an undone roll (undoing a change to the app's dice after the app
    /// rolled does not take its roll away).
    pub fn app_rolls(&self) -> bool {
        self.dice() == WhoseDice::App || self.waiting_roll()
    }

    /// Chooses whose dice the table plays with from the start (the table's
    /// choice at setup, as [`Session::allow_coach`]); a change during the
    /// game is an action ([`Rules::dice_action`]).
    pub fn start_with(&mut self, dice: WhoseDice) {
        self.record.dice = dice;
    }

    /// Applies a new action. A refused action changes nothing (see
    /// [`Session::check`]). An accepted one ends the redo list; if it is a
    /// virtual roll, it uses up the dice kept from an undone roll (see
    /// [`Session::throw`]).
    pub fn act(&mut self, action: R::Action) -> Result<(), SessionRefusal<R::Error>> {
        self.check(&action)?;
        let mut next = self.state.clone();
        next.apply_valid(&action);
        if R::virtual_roll(&action).is_some() {
            self.record.kept_rolls.pop_front();
        }
        self.record.redo.clear();
        self.push(action, next);
        Ok(())
    }

    fn push(&mut self, action: R::Action, next: R) {
        self.record.log.push(action);
        if self.record.log.len() % CHECKPOINT_EVERY == 0 {
            self.checkpoints.push((self.record.log.len(), next.clone()));
        }
        self.state = next;
    }

    /// True while the dice of an undone virtual roll wait to come back: the
    /// next roll can only be a virtual one, which gives them back.
    pub fn waiting_roll(&self) -> bool {
        !self.record.kept_rolls.is_empty()
    }

    pub fn can_undo(&self) -> bool {
        !self.record.log.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.record.redo.is_empty()
    }

    /// Takes back the last action. The dice of an undone virtual roll are kept
    /// for the next virtual roll.
    pub fn undo(&mut self) -> bool {
        let Some(action) = self.record.log.pop() else {
            return false;
        };
        if let Some(dice) = R::virtual_roll(&action) {
            self.record.kept_rolls.push_front(dice);
        }
        self.record.redo.push(action);
        let len = self.record.log.len();
        self.checkpoints.retain(|(at, _)| *at <= len);
        if let Some((at, snapshot)) = self.checkpoints.last() {
            let mut state = snapshot.clone();
            // Every action of the log was accepted once from this very state.
            for action in &self.record.log[*at..] {
                state.apply_valid(action);
            }
            self.state = state;
        }
        true
    }

    /// Puts back the last undone action. Redo restores the game as it was,
    /// so an undone roll of typed dice is put back even while the dice of a
    /// later undone virtual roll are kept: the undone actions come back in
    /// order, and that virtual roll uses up its kept dice when it does.
    pub fn redo(&mut self) -> bool {
        let Some(action) = self.record.redo.pop() else {
            return false;
        };
        match self.state.apply(&action) {
            Ok(next) => {
                if R::virtual_roll(&action).is_some() {
                    self.record.kept_rolls.pop_front();
                }
                self.push(action, next);
                true
            }
            Err(_) => {
                self.record.redo.clear();
                false
            }
        }
    }

    /// The first undone action (counted from the next one to redo) that does
    /// not replay, if any: a file's redo list is checked like its log.
    pub fn unreplayable_redo(&self) -> Option<usize> {
        let mut state = self.state.clone();
        for (n, action) in self.record.redo.iter().rev().enumerate() {
            if state.validate(action).is_err() {
                return Some(n);
            }
            state.apply_valid(action);
        }
        None
    }

    /// The coach at this table.
    pub fn coach(&self) -> CoachUse {
        self.record.coach
    }

    /// Allows the coach or not (the table's choice at setup).
    pub fn allow_coach(&mut self, allowed: bool) {
        self.record.coach.allowed = allowed;
    }

    /// Marks the game as coached: someone opened the coach. True if that
    /// changed anything (the game is then to be saved).
    pub fn consult_coach(&mut self) -> bool {
        let changed = !self.record.coach.consulted;
        self.record.coach.consulted = true;
        changed
    }

    /// The values of the undone virtual roll waiting to come back, if any.
    pub fn kept_roll(&self) -> Option<&[u32]> {
        self.record.kept_rolls.front().map(Vec::as_slice)
    }

    /// The action of a throw of `roll` by the app: the values kept from an
    /// undone roll come back first (those that fit), then fresh ones, each
    /// die's face index from `face`.
    pub fn throw(&self, roll: &Roll, face: impl FnMut(DieKind) -> usize) -> Option<R::Action> {
        let values = roll.throw_keeping(self.kept_roll().unwrap_or_default(), face);
        self.state.rolled(roll, &values, RollSource::Virtual)
    }

    pub fn is_finished(&self) -> bool {
        self.state.is_finished()
    }
}

impl<G: Game> Session<G> {
    /// Whether the last action may be taken back at a table of several
    /// phones (see [`Game::take_back_at_table`]); nothing to take back is
    /// not this refusal (see [`Session::can_undo`]).
    pub fn check_undo_at_table(&self) -> Result<(), G::Error> {
        match self.record.log.last() {
            Some(last) => self.state.take_back_at_table(last),
            None => Ok(()),
        }
    }
}
