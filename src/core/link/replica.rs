//! One phone's copy of a table game: the start, the entries of the log, and
//! the session they replay to.
//!
//! **Hidden choices** (Einstein's, see [`Game::hidden_choice`]): while the
//! game waits for them, the host sends each phone the entries of the
//! others' choices sealed ([`Step::Sealed`]: whose, and whether made or
//! taken back, without the content), and every entry of the round in
//! full once it ends. A copy holding sealed entries plays the game without
//! them (each player's choice touches only their own sheet), and replays
//! the round when the full entries come. Its stored copy holds no other
//! player's choice before they are all shown.

use super::super::game::Game;
use super::super::session::{Refusal, Session};
use super::wire::{Denied, Entry, PhoneId, Start, Step, StepKind};
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
    /// `hidden[n − 1]`: the player whose hidden choice entry `n` makes,
    /// takes back or puts back, if any.
    hidden: Vec<Option<usize>>,
    /// While the game waits for hidden choices: how many entries the log
    /// held when it began (the round's entries come after).
    round_from: Option<u64>,
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
            hidden: Vec::new(),
            round_from: None,
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

    /// How many entries the copy holds before its first sealed one: what it
    /// can vouch for when it rejoins, and what it carries on with if it
    /// becomes the host.
    pub fn verified(&self) -> u64 {
        self.entries
            .iter()
            .position(|e| matches!(e.step, Step::Sealed { .. }))
            .map_or(self.head(), |at| at as u64)
    }

    /// Whether entry `seq` is sealed for the phone `reader`: another
    /// phone's hidden choice (or the host's, made on its screen), in a
    /// round of hidden choices still open. Only the phone that made a
    /// choice reads it before the reveal: not a phone that claims its seat
    /// afterwards.
    pub fn sealed_for(&self, seq: u64, reader: PhoneId) -> Option<usize> {
        let from = self.round_from?;
        if seq <= from {
            return None;
        }
        let owner = self.hidden_of(seq)?;
        let maker = self.entries.get(seq as usize - 1)?.origin.map(|o| o.phone);
        (maker != Some(reader)).then_some(owner)
    }

    /// The player whose hidden choice entry `seq` makes, takes back or
    /// puts back, if it does (see [`Game::hidden_choice`]).
    pub fn hidden_of(&self, seq: u64) -> Option<usize> {
        self.hidden
            .get(seq.checked_sub(1)? as usize)
            .copied()
            .flatten()
    }

    /// Entry `seq` as the phone `reader` receives it.
    pub fn entry_for(&self, seq: u64, reader: PhoneId) -> Option<Entry<G::Action>> {
        let entry = self.entries.get(seq.checked_sub(1)? as usize)?;
        Some(match self.sealed_for(seq, reader) {
            Some(player) => Entry {
                step: entry.step.sealed(player),
                origin: None,
            },
            None => entry.clone(),
        })
    }

    /// While the game waits for hidden choices, the first entry of the
    /// round (the entries a phone received sealed are from there on).
    pub fn round_start(&self) -> Option<u64> {
        self.round_from.map(|from| from + 1)
    }

    /// The players whose hidden choice this copy holds sealed and standing
    /// (made, not taken back): they have chosen, but what is not shown.
    pub fn sealed_choices(&self) -> Vec<usize> {
        let mut players: Vec<usize> = self
            .played()
            .0
            .into_iter()
            .filter_map(|e| match e.step {
                Step::Sealed { player, .. } => Some(player),
                _ => None,
            })
            .collect();
        players.sort_unstable();
        players.dedup();
        players
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
            Step::Act(_) | Step::Sealed { .. } => None,
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
    /// Sealed entries count as what they are (an action, an undo, a redo).
    fn played(&self) -> (Played<'_, G>, Played<'_, G>) {
        let (done, undone) = self.played_at();
        let at = |seqs: Vec<usize>| seqs.into_iter().map(|i| &self.entries[i]).collect();
        (at(done), at(undone))
    }

    /// [`Replica::played`], as places in the log.
    fn played_at(&self) -> (Vec<usize>, Vec<usize>) {
        let (mut done, mut undone) = (Vec::new(), Vec::new());
        for (i, entry) in self.entries.iter().enumerate() {
            match entry.step.kind() {
                StepKind::Act => {
                    done.push(i);
                    undone.clear();
                }
                StepKind::Undo => undone.extend(done.pop()),
                StepKind::Redo => done.extend(undone.pop()),
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
            // Only the host seals, and only what it holds.
            Step::Sealed { .. } => Err(Denied::OthersMove),
        }
    }

    /// Applies an entry to the session and appends it to the log, or says
    /// why the game refuses it (nothing changes then).
    pub fn append(&mut self, entry: Entry<G::Action>) -> Result<u64, Denied<G::Error>> {
        let hidden = self.hidden_owner(&entry.step);
        play(&mut self.session, &entry.step)?;
        let last = *self.chain.last().unwrap_or(&0);
        self.chain.push(chain_next(last, &entry));
        self.entries.push(entry);
        self.hidden.push(hidden);
        self.round_from = match self.session.state().choices_hidden() {
            true => self.round_from.or(Some(self.head())),
            false => None,
        };
        Ok(self.head())
    }

    /// The player whose hidden choice `step` makes, takes back or puts
    /// back, played now.
    fn hidden_owner(&self, step: &Step<G::Action>) -> Option<usize> {
        let state = self.session.state();
        if !state.choices_hidden() {
            return None;
        }
        let (mut done, mut undone) = match step {
            Step::Act(action) => return state.hidden_choice(action),
            Step::Sealed { player, .. } => return Some(*player),
            Step::Undo | Step::Redo => self.played_at(),
        };
        let moved = match step {
            Step::Undo => done.pop(),
            _ => undone.pop(),
        };
        moved.and_then(|i| self.hidden[i])
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
        // Played when its content comes (see the module's note).
        Step::Sealed { .. } => Ok(()),
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
