//! One phone's copy of a table game: the start, the entries of the log, and
//! the session they replay to.
//!
//! **Hidden choices** (Einstein's, see [`Game::hidden_choice`]) are
//! committed and then revealed (see [`super::sealed`]): every copy holds
//! the same entries, and a commitment is played only on the copy that knows
//! its content (the phone that made it) until its reveal comes. While the
//! game waits for hidden choices (a *round*), each copy replays the round
//! from where it began with the choices it can read, so its game is the
//! table's as far as it may know it; once every commitment standing is
//! revealed, every copy replays the same steps to the same game.

use super::super::game::Game;
use super::super::game_id::GameId;
use super::super::session::{Session, SessionRefusal};
use super::sealed::{Commitment, Nonce, Opening};
use super::stand_in::stand_in;
use super::wire::{Entry, PhoneId, Start, Step, TableRefusal};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};

/// A copy of the game. The host's is the table's log; a guest's is a prefix
/// of it, extended as entries arrive.
#[derive(Clone, Debug)]
pub struct Replica<G: Game> {
    game: GameId,
    start: Start<G::Setup>,
    session: Session<G>,
    entries: Vec<Entry<G::Action>>,
    /// `chain[n]`: the digest of the first `n` entries (see [`chain_next`]).
    chain: Vec<u32>,
    /// The round of hidden choices under way, if the game waits for some.
    round: Option<Round<G>>,
    /// The openings of this phone's own commitments not revealed yet.
    own: BTreeMap<Commitment, Opening<G::Action>>,
    /// Where each revealed commitment's reveal is: its entry's place in
    /// the log, by the commitment's place.
    reveals: HashMap<usize, usize>,
    /// The places of the commitments made void (`Step::Void`): never
    /// played, on any copy.
    voided: HashSet<usize>,
    /// The commitments stood in for (`Step::StandIn`), by place, and the
    /// coach's choice played in their place.
    stood_in: HashMap<usize, G::Action>,
    /// The moves still played and those an undo took back, kept entry by
    /// entry (see [`Played::next`]).
    played: Played,
    /// The steps the rounds' games were played again to follow the log
    /// (see [`Replica::replayed`]).
    replayed: u64,
}

/// A round of hidden choices: from the entry after which the game began
/// waiting for them until every choice standing is shown.
#[derive(Clone, Debug)]
struct Round<G: Game> {
    /// How many entries the log held when it began.
    from: usize,
    /// The game then: the round is replayed from it.
    before: Session<G>,
    /// The players whose choice the game awaited then.
    choosers: Vec<usize>,
    /// The moves played then.
    played: Played,
    /// The withdrawals of each phone in the round (`None`: the host's own
    /// steps), bounded by [`WITHDRAWALS_MAX`].
    withdrawals: HashMap<Option<PhoneId>, usize>,
}

/// The most commitments one phone may withdraw in a round of hidden
/// choices (an undo of its commitment, or a void): a player changes their
/// mind a few times; a phone that withdraws and commits again at the rate
/// limit would grow the round, which every copy keeps, without end.
pub const WITHDRAWALS_MAX: usize = 8;

/// The moves still played and those an undo took back (the redo list, the
/// next to put back last), as places in the log.
#[derive(Clone, Debug, Default)]
struct Played {
    done: Vec<usize>,
    undone: Vec<usize>,
}

/// What a copy saves: the game's id, its start and its entries (the session
/// is their replay), and the openings of its own commitments not yet
/// revealed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SavedReplica<G: Game> {
    pub game: GameId,
    pub start: Start<G::Setup>,
    /// A copy saved by an older version may hold entries this one cannot
    /// read (a choice held sealed before commitments): it keeps those
    /// before, and the host sends the rest again.
    #[serde(deserialize_with = "readable_prefix")]
    pub entries: Vec<Entry<G::Action>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub openings: Vec<Opening<G::Action>>,
}

/// The entries of a saved log up to the first one this version cannot read.
fn readable_prefix<'de, D, A>(deserializer: D) -> Result<Vec<Entry<A>>, D::Error>
where
    D: Deserializer<'de>,
    A: serde::de::DeserializeOwned,
{
    // Each entry kept as its text and read as the wire's frames are, with
    // the same decoder (`from_slice`).
    let raw = Vec::<Box<serde_json::value::RawValue>>::deserialize(deserializer)?;
    Ok(raw
        .iter()
        .map_while(|entry| serde_json::from_slice(entry.get().as_bytes()).ok())
        .collect())
}

/// Why saved entries do not make a game.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplicaError<E> {
    Setup(E),
    /// Entry `seq` is refused by the copy built from those before it.
    Entry {
        seq: u64,
        denied: TableRefusal<E>,
    },
}

impl<E: std::fmt::Display> std::fmt::Display for ReplicaError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplicaError::Setup(e) => write!(f, "the table's setup does not start a game: {e}"),
            ReplicaError::Entry { seq, denied } => write!(f, "entry {seq} is refused: {denied}"),
        }
    }
}

impl<E: std::error::Error> std::error::Error for ReplicaError<E> {}

impl<G: Game> Replica<G> {
    /// A game with no entries yet.
    pub fn new(game: GameId, start: Start<G::Setup>) -> Result<Self, G::Error> {
        let mut session = Session::new(start.setup.clone())?;
        session.allow_coach(start.coach_allowed);
        session.start_with(start.dice);
        let mut replica = Replica {
            game,
            start,
            session,
            entries: Vec::new(),
            chain: vec![0],
            round: None,
            own: BTreeMap::new(),
            reveals: HashMap::new(),
            voided: HashSet::new(),
            stood_in: HashMap::new(),
            played: Played::default(),
            replayed: 0,
        };
        replica.begin_round();
        Ok(replica)
    }

    /// A saved copy, its entries replayed.
    pub fn restore(saved: SavedReplica<G>) -> Result<Self, ReplicaError<G::Error>> {
        let mut replica = Replica::new(saved.game, saved.start).map_err(ReplicaError::Setup)?;
        for opening in saved.openings {
            replica.own.insert(opening.commitment(), opening);
        }
        for (i, entry) in saved.entries.into_iter().enumerate() {
            replica
                .append_as(entry, true)
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
            openings: self.own.values().cloned().collect(),
        }
    }

    /// The game's id, the same on every phone of the table.
    pub fn game(&self) -> &GameId {
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

    /// While the game waits for hidden choices, the first entry of the
    /// round.
    pub fn round_start(&self) -> Option<u64> {
        self.round.as_ref().map(|r| r.from as u64 + 1)
    }

    /// Whether `step` is a hidden choice, to be committed rather than sent
    /// (see [`Replica::seal`]).
    pub fn hides(&self, step: &Step<G::Action>) -> bool {
        match (step, &self.round) {
            (Step::Act(action), Some(_)) => self.session.state().hidden_choice(action).is_some(),
            _ => false,
        }
    }

    /// The commitment of this phone's hidden choice `action` (checked
    /// against the game first), its opening kept: the step to propose.
    pub fn seal(
        &mut self,
        action: G::Action,
        nonce: Nonce,
    ) -> Result<Step<G::Action>, TableRefusal<G::Error>> {
        let player = self
            .session
            .state()
            .hidden_choice(&action)
            .ok_or(TableRefusal::BadSeal)?;
        self.session.check(&action).map_err(denied)?;
        let opening = Opening { nonce, action };
        let commitment = opening.commitment();
        self.own.insert(commitment, opening);
        Ok(Step::Commit { player, commitment })
    }

    /// The reveals this copy owes the table: once every awaited player has
    /// committed, the opening of each of this phone's commitments standing
    /// and not revealed yet.
    pub fn due_reveals(&self) -> Vec<Step<G::Action>> {
        if !self.revealing() {
            return Vec::new();
        }
        self.unrevealed()
            .into_iter()
            .filter_map(|i| match &self.entries[i].step {
                Step::Commit { commitment, .. } => self.own.get(commitment).map(reveal),
                _ => None,
            })
            .collect()
    }

    /// The commitments standing and not revealed that `made_here` says
    /// this phone made and whose opening it no longer holds (it closed
    /// before saving it): each made void, for its player to choose again
    /// (or, once a choice of the round is shown, stood in for).
    pub fn lost_openings(
        &self,
        made_here: impl Fn(&Entry<G::Action>) -> bool,
    ) -> Vec<Step<G::Action>> {
        self.voids(|i| made_here(&self.entries[i]))
    }

    /// The commitments standing and not revealed of `player` that this
    /// copy cannot read (another phone's): each made void when the seat is
    /// freed, for the host to choose afresh (a ruling); once a choice of
    /// the round is shown, the coach's stands in instead.
    pub fn unread_choices_of(&self, player: usize) -> Vec<Step<G::Action>> {
        self.voids(
            |i| matches!(self.entries[i].step, Step::Commit { player: p, .. } if p == player),
        )
    }

    /// A void for each commitment standing, not revealed, unread here and
    /// `chosen`; once a choice of the round is shown (none of it is
    /// withdrawn then), the coach's choice standing in for it instead
    /// (`Step::StandIn`).
    fn voids(&self, chosen: impl Fn(usize) -> bool) -> Vec<Step<G::Action>> {
        let shown = self.shown();
        self.unrevealed()
            .into_iter()
            .filter(|i| !self.knows(*i) && chosen(*i))
            .filter_map(|i| match &self.entries[i].step {
                Step::Commit { commitment, .. } if shown => Some(Step::StandIn {
                    commitment: *commitment,
                }),
                Step::Commit { commitment, .. } => Some(Step::Void {
                    commitment: *commitment,
                }),
                _ => None,
            })
            .collect()
    }

    /// Whether `commit`, this phone's commitment about to be proposed, is
    /// the last the round awaits as this copy stands: its reveal may then
    /// follow it at once (if another player's undo got there first, the
    /// host refuses the reveal, and it goes again when due).
    pub fn completes_round(&self, commit: &Step<G::Action>) -> Option<Step<G::Action>> {
        let (Some(round), Step::Commit { player, commitment }) = (&self.round, commit) else {
            return None;
        };
        let committed = self.committed_players(round);
        let last = round
            .choosers
            .iter()
            .all(|p| p == player || committed.contains(p));
        last.then(|| self.own.get(commitment).map(reveal)).flatten()
    }

    /// Every player the round awaits has committed: the table waits for
    /// the choices to be shown.
    pub fn revealing(&self) -> bool {
        let Some(round) = &self.round else {
            return false;
        };
        let committed = self.committed_players(round);
        round.choosers.iter().all(|p| committed.contains(p))
    }

    /// While the choices are being shown, the players whose choice is not
    /// shown yet: the table waits for their phones.
    pub fn awaited_reveals(&self) -> Vec<usize> {
        if !self.revealing() {
            return Vec::new();
        }
        self.players_of(self.unrevealed())
    }

    /// The players whose choice the coach's stood in for (`Step::StandIn`)
    /// in the table's last entries: every phone says so until the game
    /// moves on (reveals and stand-ins are not moves).
    pub fn stood_in(&self) -> Vec<usize> {
        let mut players = Vec::new();
        for entry in self.entries.iter().rev() {
            match &entry.step {
                Step::Reveal { .. } => {}
                Step::StandIn { commitment } => {
                    players.extend(self.entries.iter().find_map(|e| match e.step {
                        Step::Commit {
                            player,
                            commitment: c,
                        } if c == *commitment => Some(player),
                        _ => None,
                    }))
                }
                _ => break,
            }
        }
        players.sort_unstable();
        players.dedup();
        players
    }

    /// The players whose hidden choice stands committed and this copy
    /// cannot read: they have chosen, but what is not shown.
    pub fn sealed_choices(&self) -> Vec<usize> {
        let unread = self.unrevealed().into_iter().filter(|i| !self.knows(*i));
        self.players_of(unread.collect())
    }

    /// The digest of the first `n` entries, if the copy holds that many.
    pub fn chain(&self, n: u64) -> Option<u32> {
        self.chain.get(usize::try_from(n).ok()?).copied()
    }

    /// The phone whose move an undo (`Step::Undo`), a redo or a reveal
    /// names: `Some(None)` for the host's own steps, `None` if there is
    /// none.
    pub fn maker_of(&self, step: &Step<G::Action>) -> Option<Option<PhoneId>> {
        let at = match step {
            Step::Act(_) | Step::Commit { .. } => None,
            Step::Undo => self.played.done.last().copied(),
            Step::Redo => self.played.undone.last().copied(),
            Step::Reveal { nonce, action } => self.opened_by(*nonce, action),
            Step::Void { commitment } | Step::StandIn { commitment } => self.standing(commitment),
        };
        let entry = self.entries.get(at?)?;
        Some(entry.origin.map(|o| o.phone))
    }

    /// Who made each switch of the dice still played (in the order of
    /// `Session::dice_changes`): the phone, or `None` for the host's own.
    pub fn dice_switchers(&self) -> Vec<Option<PhoneId>> {
        (self.played.done.iter().map(|i| &self.entries[*i]))
            .filter(|e| matches!(&e.step, Step::Act(action) if G::dice_change(action).is_some()))
            .map(|e| e.origin.map(|o| o.phone))
            .collect()
    }

    /// Whether `step` withdraws a commitment of the round under way: an
    /// undo of one, or a void.
    pub fn withdraws(&self, step: &Step<G::Action>) -> bool {
        let Some(round) = &self.round else {
            return false;
        };
        match step {
            Step::Undo => (self.played.done.last()).is_some_and(|i| {
                *i >= round.from && matches!(self.entries[*i].step, Step::Commit { .. })
            }),
            Step::Void { .. } => true,
            _ => false,
        }
    }

    /// Refuses `step` if it is a withdrawal (see [`Replica::withdraws`])
    /// and `phone` (`None`: the host's own steps) made
    /// [`WITHDRAWALS_MAX`] of them in the round already.
    pub fn may_withdraw(
        &self,
        step: &Step<G::Action>,
        phone: Option<PhoneId>,
    ) -> Result<(), TableRefusal<G::Error>> {
        let made = (self.round.as_ref())
            .and_then(|round| round.withdrawals.get(&phone))
            .copied()
            .unwrap_or(0);
        if made >= WITHDRAWALS_MAX && self.withdraws(step) {
            return Err(TableRefusal::Withdrawals);
        }
        Ok(())
    }

    /// How many entries of rounds of hidden choices the copy played to
    /// keep its game in step with its log, since it was made: each once as
    /// it came, and a round's entries again only when a choice in it
    /// becomes readable (a reveal, a stand-in) or one read is made void.
    /// So opening a copy costs about its length, whatever withdrawals it
    /// saw (the tests hold it to that).
    pub fn replayed(&self) -> u64 {
        self.replayed
    }

    /// The commitment standing and not revealed that `nonce` and `action`
    /// open, as its place in the log.
    fn opened_by(&self, nonce: Nonce, action: &G::Action) -> Option<usize> {
        let opening = Opening {
            nonce,
            action: action.clone(),
        };
        self.standing(&opening.commitment())
    }

    /// The player of the commitment standing and not revealed
    /// `commitment`.
    pub fn player_of(&self, commitment: &Commitment) -> Option<usize> {
        match self.entries[self.standing(commitment)?].step {
            Step::Commit { player, .. } => Some(player),
            _ => None,
        }
    }

    /// The commitment standing and not revealed `commitment`, as its place
    /// in the log.
    fn standing(&self, commitment: &Commitment) -> Option<usize> {
        self.unrevealed()
            .into_iter()
            .find(|i| is_commit_of(&self.entries[*i], commitment))
    }

    /// The commitments standing and not revealed, as places in the log.
    fn unrevealed(&self) -> Vec<usize> {
        let is_commit = |i: &usize| matches!(self.entries[*i].step, Step::Commit { .. });
        (self.played.done.iter().copied())
            .filter(is_commit)
            .filter(|i| !self.reveals.contains_key(i) && !self.stood_in.contains_key(i))
            .collect()
    }

    /// The players of the commitments at `places`, in order, once each.
    fn players_of(&self, places: Vec<usize>) -> Vec<usize> {
        let mut players: Vec<usize> = places
            .into_iter()
            .filter_map(|i| match self.entries[i].step {
                Step::Commit { player, .. } => Some(player),
                _ => None,
            })
            .collect();
        players.sort_unstable();
        players.dedup();
        players
    }

    /// The players whose commitment stands in `round` (revealed or not).
    fn committed_players(&self, round: &Round<G>) -> Vec<usize> {
        let standing = (self.played.done.iter().copied())
            .filter(|i| *i >= round.from || !self.reveals.contains_key(i));
        self.players_of(standing.collect())
    }

    /// The content of the commitment of entry `seq`, if this copy can read
    /// it: its reveal is in the log, or this phone made it.
    pub fn opening_of(&self, seq: u64) -> Option<&G::Action> {
        self.opening(usize::try_from(seq.checked_sub(1)?).ok()?)
    }

    /// [`Replica::opening_of`] the commitment at place `i` in the log.
    fn opening(&self, i: usize) -> Option<&G::Action> {
        let Step::Commit { commitment, .. } = &self.entries.get(i)?.step else {
            return None;
        };
        if self.voided.contains(&i) {
            return None;
        }
        if let Some(action) = self.stood_in.get(&i) {
            return Some(action);
        }
        match self.reveals.get(&i).map(|r| &self.entries[*r].step) {
            Some(Step::Reveal { action, .. }) => Some(action),
            _ => self.own.get(commitment).map(|o| &o.action),
        }
    }

    fn knows(&self, i: usize) -> bool {
        self.opening(i).is_some()
    }

    /// Checks `step` against the game now, changing nothing.
    pub fn check(&self, step: &Step<G::Action>) -> Result<(), TableRefusal<G::Error>> {
        self.check_as(step, false)
    }

    /// [`Replica::check`]; `lenient` for the entries of a copy saved by an
    /// older version, which took a void after a reveal.
    fn check_as(
        &self,
        step: &Step<G::Action>,
        lenient: bool,
    ) -> Result<(), TableRefusal<G::Error>> {
        let revealing = self.revealing();
        if revealing
            && !matches!(
                step,
                Step::Reveal { .. } | Step::Void { .. } | Step::StandIn { .. }
            )
        {
            return Err(TableRefusal::Revealing);
        }
        let Played { done, undone } = &self.played;
        match step {
            // A hidden choice is committed, never sent as it is.
            Step::Act(_) if self.hides(step) => Err(TableRefusal::BadSeal),
            Step::Act(action) => self.session.check(action).map_err(denied),
            Step::Undo => match done.last() {
                None => Err(TableRefusal::NothingToUndo),
                // Shown once every choice was in: final (a ruling), even
                // while the round waits again for a choice made void.
                Some(i) if self.round.is_some() && self.reveals.contains_key(i) => {
                    Err(TableRefusal::Shown)
                }
                Some(i) if self.is_unread_commit(*i) => Ok(()),
                // A move the others have seen may be final (Einstein's choices).
                Some(_) => self
                    .session
                    .check_undo_at_table()
                    .map_err(TableRefusal::Rules),
            },
            Step::Redo => match undone.last() {
                None => Err(TableRefusal::NothingToRedo),
                Some(i) if self.is_unread_commit(*i) => Ok(()),
                Some(_) => play(&mut self.session.clone(), &Step::Redo),
            },
            Step::Commit { player, .. } => {
                let Some(round) = &self.round else {
                    return Err(TableRefusal::BadSeal);
                };
                let awaited = round.choosers.contains(player)
                    && !self.committed_players(round).contains(player);
                awaited.then_some(()).ok_or(TableRefusal::BadSeal)
            }
            Step::Reveal { nonce, action } => {
                let i = self
                    .opened_by(*nonce, action)
                    .ok_or(TableRefusal::BadSeal)?;
                match (&self.round, &self.entries[i].step) {
                    (Some(round), Step::Commit { player, .. })
                        if revealing
                            && round.before.state().hidden_choice(action) == Some(*player) =>
                    {
                        self.replay(round, Some((i, action))).map(|_| ())
                    }
                    _ => Err(TableRefusal::BadSeal),
                }
            }
            Step::Void { commitment } => match (&self.round, self.standing(commitment)) {
                // Once a choice of the round is shown, none of it is
                // withdrawn (a ruling): a phone that voided its own then
                // would choose again knowing the others'.
                (Some(_), Some(_)) if self.shown() && !lenient => Err(TableRefusal::Shown),
                (Some(_), Some(_)) => Ok(()),
                _ => Err(TableRefusal::BadSeal),
            },
            // Only once a choice is shown: before, the choice is made again.
            Step::StandIn { commitment } => {
                let (Some(round), Some(i), true) =
                    (&self.round, self.standing(commitment), self.shown())
                else {
                    return Err(TableRefusal::BadSeal);
                };
                let action = self.stand_in_at(round, i).ok_or(TableRefusal::BadSeal)?;
                self.replay(round, Some((i, &action))).map(|_| ())
            }
        }
    }

    /// The coach's choice for the player of the commitment at place `i`,
    /// from the round's start (see [`super::stand_in`]).
    fn stand_in_at(&self, round: &Round<G>, i: usize) -> Option<G::Action> {
        match self.entries[i].step {
            Step::Commit { player, .. } => stand_in(round.before.state(), player),
            _ => None,
        }
    }

    /// Whether a choice of the round under way has been shown (revealed).
    pub fn shown(&self) -> bool {
        self.round
            .as_ref()
            .is_some_and(|round| self.reveals.values().any(|at| *at >= round.from))
    }

    /// A commitment whose content this copy does not know: its game never
    /// played it, so an undo or redo of it changes nothing here.
    fn is_unread_commit(&self, i: usize) -> bool {
        matches!(self.entries[i].step, Step::Commit { .. }) && !self.knows(i)
    }

    /// Applies an entry to the session and appends it to the log, or says
    /// why the game refuses it (nothing changes then). A commitment or a
    /// reveal is checked as the host checked it: a reveal that does not
    /// open its commitment is refused on every copy.
    pub fn append(&mut self, entry: Entry<G::Action>) -> Result<u64, TableRefusal<G::Error>> {
        self.append_as(entry, false)
    }

    /// [`Replica::append`]; `lenient` for a saved copy's entries (see
    /// [`Replica::check_as`]).
    fn append_as(
        &mut self,
        entry: Entry<G::Action>,
        lenient: bool,
    ) -> Result<u64, TableRefusal<G::Error>> {
        match (&entry.step, &self.round) {
            (
                Step::Commit { .. }
                | Step::Reveal { .. }
                | Step::Void { .. }
                | Step::StandIn { .. },
                _,
            ) => self.check_as(&entry.step, lenient)?,
            (_, None) => play(&mut self.session, &entry.step)?,
            (_, Some(_)) => {}
        }
        let rereads = self.rereads(&entry.step);
        if self.withdraws(&entry.step) {
            let by = entry.origin.map(|o| o.phone);
            if let Some(round) = &mut self.round {
                *round.withdrawals.entry(by).or_default() += 1;
            }
        }
        let last = *self.chain.last().unwrap_or(&0);
        self.chain.push(chain_next(last, &entry));
        match &entry.step {
            Step::Reveal { nonce, action } => {
                if let Some(i) = self.opened_by(*nonce, action) {
                    self.reveals.insert(i, self.entries.len());
                }
            }
            Step::Void { commitment } => {
                if let Some(i) = self.standing(commitment) {
                    self.voided.insert(i);
                    self.own.remove(commitment);
                }
            }
            Step::StandIn { commitment } => {
                let at = self.standing(commitment);
                let stood = at
                    .zip(self.round.as_ref())
                    .and_then(|(i, round)| Some((i, self.stand_in_at(round, i)?)));
                if let Some((i, action)) = stood {
                    self.stood_in.insert(i, action);
                    self.own.remove(commitment);
                }
            }
            _ => {}
        }
        self.entries.push(entry);
        if let Err(denied) = self.follow_round(rereads) {
            self.truncate(self.head() - 1);
            return Err(denied);
        }
        let at = self.entries.len() - 1;
        self.played.next(&self.entries, at);
        self.end_round();
        self.begin_round();
        Ok(self.head())
    }

    /// Whether `step` changes what this copy reads of the round's entries
    /// before it, so that the round is played again from its start: a
    /// reveal of a choice it could not read, any stand-in (the coach's
    /// choice in place of a commitment), a void of a choice it read.
    fn rereads(&self, step: &Step<G::Action>) -> bool {
        match step {
            Step::Reveal { nonce, action } => self
                .opened_by(*nonce, action)
                .is_some_and(|i| !self.knows(i)),
            Step::StandIn { .. } => true,
            Step::Void { commitment } => self.standing(commitment).is_some_and(|i| self.knows(i)),
            _ => false,
        }
    }

    /// The game of the round under way (if any) after its last entry, just
    /// appended: played again from the round's start if it `rereads`, else
    /// that one step played on the game as it stood.
    fn follow_round(&mut self, rereads: bool) -> Result<(), TableRefusal<G::Error>> {
        let Some(round) = &self.round else {
            return Ok(());
        };
        let at = self.entries.len() - 1;
        let session = if rereads {
            self.replayed += (self.entries.len() - round.from) as u64;
            self.replay(round, None)?
        } else {
            self.replayed += 1;
            let mut session = self.session.clone();
            let read = |i: usize| self.opening(i);
            self.play_in_round(&mut session, &self.played, at, read)?;
            session
        };
        self.session = session;
        Ok(())
    }

    /// The game of `round` replayed from its start with the choices this
    /// copy can read (and `extra`'s: a reveal being checked).
    fn replay(
        &self,
        round: &Round<G>,
        extra: Option<(usize, &G::Action)>,
    ) -> Result<Session<G>, TableRefusal<G::Error>> {
        let mut session = round.before.clone();
        let mut played = round.played.clone();
        let read = |i: usize| match extra {
            Some((at, action)) if at == i => Some(action),
            _ => self.opening(i),
        };
        for i in round.from..self.entries.len() {
            self.play_in_round(&mut session, &played, i, read)?;
            played.next(&self.entries, i);
        }
        Ok(session)
    }

    /// Plays entry `i` of a round on `session` (the game before it, with
    /// `played` its moves), as far as this copy can `read` the round's
    /// choices: a commitment it cannot read is not played, nor is an undo
    /// or a redo of one; a reveal, a stand-in or a void plays nothing
    /// (they change what is read: see [`Replica::rereads`]).
    fn play_in_round<'a>(
        &'a self,
        session: &mut Session<G>,
        played: &Played,
        i: usize,
        read: impl Fn(usize) -> Option<&'a G::Action>,
    ) -> Result<(), TableRefusal<G::Error>> {
        let plays =
            |i: usize| !matches!(self.entries[i].step, Step::Commit { .. }) || read(i).is_some();
        match &self.entries[i].step {
            Step::Act(action) => play(session, &Step::Act(action.clone())),
            Step::Commit { .. } => match read(i) {
                Some(action) => play(session, &Step::Act(action.clone())),
                None => Ok(()),
            },
            Step::Undo => match played.done.last() {
                None => Err(TableRefusal::NothingToUndo),
                Some(at) if plays(*at) => play(session, &Step::Undo),
                Some(_) => Ok(()),
            },
            Step::Redo => match played.undone.last() {
                None => Err(TableRefusal::NothingToRedo),
                Some(at) if plays(*at) => play(session, &Step::Redo),
                Some(_) => Ok(()),
            },
            Step::Reveal { .. } | Step::StandIn { .. } | Step::Void { .. } => Ok(()),
        }
    }

    /// The round is over once every commitment standing is revealed and
    /// the game no longer waits: every copy then holds the same game. The
    /// openings of this phone's revealed commitments are no longer kept.
    fn end_round(&mut self) {
        if self.round.is_none()
            || !self.unrevealed().is_empty()
            || self.session.state().choices_hidden()
        {
            return;
        }
        self.round = None;
        let revealed: Vec<Commitment> = self
            .reveals
            .keys()
            .filter_map(|i| match &self.entries[*i].step {
                Step::Commit { commitment, .. } => Some(*commitment),
                _ => None,
            })
            .collect();
        for commitment in revealed {
            self.own.remove(&commitment);
        }
    }

    /// A round begins when the game starts waiting for hidden choices
    /// (every copy holds the same game then).
    fn begin_round(&mut self) {
        if self.round.is_some() || !self.session.state().choices_hidden() {
            return;
        }
        self.round = Some(Round {
            from: self.entries.len(),
            before: self.session.clone(),
            choosers: self.session.state().hidden_choosers(),
            played: self.played.clone(),
            withdrawals: HashMap::new(),
        });
    }

    /// Keeps the first `len` entries only, replaying them (this phone's
    /// openings kept).
    pub fn truncate(&mut self, len: u64) {
        if len >= self.head() {
            return;
        }
        let mut saved = self.saved();
        saved.entries.truncate(len as usize);
        // Entries this copy accepted once replay again.
        if let Ok(replica) = Replica::restore(saved) {
            *self = replica;
        }
    }
}

/// The reveal an opening makes.
fn reveal<A: Clone>(opening: &Opening<A>) -> Step<A> {
    Step::Reveal {
        nonce: opening.nonce,
        action: opening.action.clone(),
    }
}

impl Played {
    /// The moves once entry `at` of `entries` (the last so far) is in: an
    /// action or a commitment ends the redo list, an undo moves the last
    /// move to it, a redo moves it back; a reveal or a stand-in is not a
    /// move; a void takes its commitment out of the moves.
    fn next<A>(&mut self, entries: &[Entry<A>], at: usize) {
        match &entries[at].step {
            Step::Act(_) | Step::Commit { .. } => {
                self.done.push(at);
                self.undone.clear();
            }
            Step::Undo => self.undone.extend(self.done.pop()),
            Step::Redo => self.done.extend(self.undone.pop()),
            Step::Reveal { .. } | Step::StandIn { .. } => {}
            Step::Void { commitment } => {
                (self.done).retain(|i| !is_commit_of(&entries[*i], commitment))
            }
        }
    }
}

fn is_commit_of<A>(entry: &Entry<A>, commitment: &Commitment) -> bool {
    matches!(&entry.step, Step::Commit { commitment: c, .. } if c == commitment)
}

fn denied<E>(refusal: SessionRefusal<E>) -> TableRefusal<E> {
    match refusal {
        SessionRefusal::Rules(error) => TableRefusal::Rules(error),
        SessionRefusal::AlreadyRolled => TableRefusal::AlreadyRolled,
        SessionRefusal::TableDice => TableRefusal::TableDice,
        SessionRefusal::SameDice => TableRefusal::SameDice,
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
/// (nothing changes then). A commitment or a reveal is the copy's to play
/// (see [`Replica::append`]): refused here.
pub fn play<G: Game>(
    session: &mut Session<G>,
    step: &Step<G::Action>,
) -> Result<(), TableRefusal<G::Error>> {
    match step {
        Step::Act(action) => session.act(action.clone()).map_err(denied),
        Step::Undo if session.undo() => Ok(()),
        Step::Undo => Err(TableRefusal::NothingToUndo),
        // Played by the copy, which knows whether it can read them.
        Step::Commit { .. } | Step::Reveal { .. } | Step::Void { .. } | Step::StandIn { .. } => {
            Err(TableRefusal::BadSeal)
        }
        Step::Redo => {
            // A redo that no longer applies empties the redo list: on every
            // copy alike, since each replays the same steps.
            if !session.can_redo() {
                return Err(TableRefusal::NothingToRedo);
            }
            let mut trial = session.clone();
            if !trial.redo() {
                return Err(TableRefusal::NothingToRedo);
            }
            *session = trial;
            Ok(())
        }
    }
}
