//! One phone's copy of a table game: the start, the entries of the log, and
//! the session they replay to.

use super::super::game::Game;
use super::super::session::{Refusal, Session};
use super::wire::{Denied, Entry, PhoneId, Start, Step};
use serde::{Deserialize, Serialize};

/// A copy of the game. The host's is the table's log; a guest's is a prefix
/// of it, extended as entries arrive.
#[derive(Clone, Debug)]
pub struct Replica<G: Game> {
    game: String,
    start: Start<G::Setup>,
    session: Session<G>,
    entries: Vec<Entry<G::Action>>,
    /// `chain[n]`: the digest of the first `n` entries (see [`chain_next`]).
    chain: Vec<u32>,
}

/// Entries of a copy's log, in order.
type Played<'a, G> = Vec<&'a Entry<<G as super::super::game::Rules>::Action>>;

/// What a copy saves: the game's id, its start and its entries (the session
/// is their replay).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SavedReplica<G: Game> {
    pub game: String,
    pub start: Start<G::Setup>,
    pub entries: Vec<Entry<G::Action>>,
}

/// Why saved entries do not make a game.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplicaError<E> {
    Setup(E),
    /// Entry `seq` is refused by the copy built from those before it.
    Entry {
        seq: u64,
        denied: Denied<E>,
    },
}

impl<G: Game> Replica<G> {
    /// A game with no entries yet.
    pub fn new(game: String, start: Start<G::Setup>) -> Result<Self, G::Error> {
        let mut session = Session::new(start.setup.clone())?;
        session.allow_coach(start.coach_allowed);
        session.start_with(start.dice);
        Ok(Replica {
            game,
            start,
            session,
            entries: Vec::new(),
            chain: vec![0],
        })
    }

    /// A saved copy, its entries replayed.
    pub fn restore(saved: SavedReplica<G>) -> Result<Self, ReplicaError<G::Error>> {
        let mut replica = Replica::new(saved.game, saved.start).map_err(ReplicaError::Setup)?;
        for (i, entry) in saved.entries.into_iter().enumerate() {
            replica
                .append(entry)
                .map_err(|denied| ReplicaError::Entry {
                    seq: i as u64 + 1,
                    denied,
                })?;
        }
        Ok(replica)
    }

    pub fn saved(&self) -> SavedReplica<G> {
        SavedReplica {
            game: self.game.clone(),
            start: self.start.clone(),
            entries: self.entries.clone(),
        }
    }

    /// The game's id, the same on every phone of the table.
    pub fn game(&self) -> &str {
        &self.game
    }

    pub fn start(&self) -> &Start<G::Setup> {
        &self.start
    }

    pub fn session(&self) -> &Session<G> {
        &self.session
    }

    pub fn entries(&self) -> &[Entry<G::Action>] {
        &self.entries
    }

    /// How many entries the copy holds: the sequence number of the last.
    pub fn head(&self) -> u64 {
        self.entries.len() as u64
    }

    /// The digest of the first `n` entries, if the copy holds that many.
    pub fn chain(&self, n: u64) -> Option<u32> {
        self.chain.get(usize::try_from(n).ok()?).copied()
    }

    /// The phone whose move an undo (`Step::Undo`) or a redo would take
    /// back or put back: `Some(None)` for the host's own steps, `None` if
    /// there is none.
    pub fn maker_of(&self, step: &Step<G::Action>) -> Option<Option<PhoneId>> {
        let (mut done, mut undone) = self.played();
        let entry = match step {
            Step::Act(_) => None,
            Step::Undo => done.pop(),
            Step::Redo => undone.pop(),
        };
        entry.map(|e| e.origin.map(|o| o.phone))
    }

    /// Who made each switch of the dice still played (in the order of
    /// `Session::dice_changes`): the phone, or `None` for the host's own.
    pub fn dice_makers(&self) -> Vec<Option<PhoneId>> {
        self.played()
            .0
            .into_iter()
            .filter(|e| matches!(&e.step, Step::Act(action) if G::dice_change(action).is_some()))
            .map(|e| e.origin.map(|o| o.phone))
            .collect()
    }

    /// The actions still played, in order, and those an undo took back
    /// (the redo list, the next to put back last), read from the entries:
    /// an action ends the redo list, an undo moves the last action to it, a
    /// redo moves it back (each entry was applied, so the session agrees).
    fn played(&self) -> (Played<'_, G>, Played<'_, G>) {
        let (mut done, mut undone) = (Vec::new(), Vec::new());
        for entry in &self.entries {
            match entry.step {
                Step::Act(_) => {
                    done.push(entry);
                    undone.clear();
                }
                Step::Undo => undone.extend(done.pop()),
                Step::Redo => done.extend(undone.pop()),
            }
        }
        (done, undone)
    }

    /// Checks `step` against the game now, changing nothing.
    pub fn check(&self, step: &Step<G::Action>) -> Result<(), Denied<G::Error>> {
        match step {
            Step::Act(action) => self.session.check(action).map_err(denied),
            Step::Undo if !self.session.can_undo() => Err(Denied::NothingToUndo),
            // A move the others have seen may be final (Einstein's choices).
            Step::Undo => self.session.check_undo_at_table().map_err(Denied::Rules),
            Step::Redo if !self.session.can_redo() => Err(Denied::NothingToRedo),
            Step::Redo => Ok(()),
        }
    }

    /// Applies an entry to the session and appends it to the log, or says
    /// why the game refuses it (nothing changes then).
    pub fn append(&mut self, entry: Entry<G::Action>) -> Result<u64, Denied<G::Error>> {
        play(&mut self.session, &entry.step)?;
        let last = *self.chain.last().unwrap_or(&0);
        self.chain.push(chain_next(last, &entry));
        self.entries.push(entry);
        Ok(self.head())
    }

    /// Keeps the first `len` entries only, replaying them.
    pub fn truncate(&mut self, len: u64) {
        if len >= self.head() {
            return;
        }
        let saved = SavedReplica {
            game: self.game.clone(),
            start: self.start.clone(),
            entries: self.entries[..len as usize].to_vec(),
        };
        // Entries this copy accepted once replay again.
        if let Ok(replica) = Replica::restore(saved) {
            *self = replica;
        }
    }
}

fn denied<E>(refusal: Refusal<E>) -> Denied<E> {
    match refusal {
        Refusal::Rules(error) => Denied::Rules(error),
        Refusal::AlreadyRolled => Denied::AlreadyRolled,
        Refusal::TableDice => Denied::TableDice,
        Refusal::SameDice => Denied::SameDice,
    }
}

/// The digest of a log one entry longer: CRC-32 of the previous digest and
/// the entry's JSON. Not a defence against anyone (the secret is): it tells
/// a host whether a returning phone's entries are a prefix of its own.
pub fn chain_next<A: Serialize>(previous: u32, entry: &Entry<A>) -> u32 {
    const CRC: crc::Crc<u32, crc::Table<1>> =
        crc::Crc::<u32, crc::Table<1>>::new(&crc::CRC_32_ISO_HDLC);
    let mut digest = CRC.digest();
    digest.update(&previous.to_be_bytes());
    digest.update(&serde_json::to_vec(entry).unwrap_or_default());
    digest.finalize()
}

/// Plays one step of the log on `session` (a copy's, or a screen's copy of
/// it kept in step entry by entry), or says why the game refuses it
/// (nothing changes then).
pub fn play<G: Game>(
    session: &mut Session<G>,
    step: &Step<G::Action>,
) -> Result<(), Denied<G::Error>> {
    match step {
        Step::Act(action) => session.act(action.clone()).map_err(denied),
        Step::Undo if session.undo() => Ok(()),
        Step::Undo => Err(Denied::NothingToUndo),
        Step::Redo => {
            // A redo that no longer applies empties the redo list: on every
            // copy alike, since each replays the same steps.
            if !session.can_redo() {
                return Err(Denied::NothingToRedo);
            }
            let mut trial = session.clone();
            if !trial.redo() {
                return Err(Denied::NothingToRedo);
            }
            *session = trial;
            Ok(())
        }
    }
}
