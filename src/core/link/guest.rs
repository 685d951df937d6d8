//! A guest: a phone that plays its own seat of a game the host orders.
//!
//! It has the shape of every side of the table (see [`super`]): the driver
//! tells it of its connection to the host ([`HOST`]: `connected`,
//! `disconnected`), the bytes the host sends (`receive`), its player's
//! steps (`act`) and the timer (`handle_timeout` when `poll_timeout` says),
//! each with the time, and carries out its [`Output`]s: frames to send,
//! the connection to close, events for the screen. Steps made while the
//! link is down wait, and go out when it is back: each is then applied
//! once, or refused with a reason. A host silent for
//! [`SILENCE`](super::wire::SILENCE) counts as gone (see
//! [`super::heartbeat`]): the guest closes the connection, and its driver
//! dials again. A host silent for [`DEAD_PATH`] while a step waits for its
//! answer means the path itself is dead: the driver opens a fresh one
//! ([`Output::NewPath`]) rather than wait for the old one to time out.
//!
//! **One table, one host.** The guest follows a [`Lead`]: its host, and
//! that host's term. A host that steps down says where the table went
//! (`Moved`); a host that goes silent is looked for among the phones of
//! the table's roster ([`Guest::roster`]). Whatever this copy held that the
//! table's host does not keep is told, never dropped silently
//! ([`GuestEvent::Dropped`]).

use super::super::game::{Actor, Game};
use super::heartbeat::Heartbeat;
use super::host::ROSTER_MAX;
use super::mandate::{self, Mandate, PhoneKey, Vote};
use super::replica::{Replica, SavedReplica};
use super::sealed::Nonces;
use super::ticket::is_relay_url;
use super::wire::{
    encode, Entry, Frames, HeldCopy, Hello, JoinRefusal, Lead, Member, PhoneId, SeatView, Secret,
    Step, TableRefusal, ToGuest, ToHost, PROTOCOL,
};
use super::{maker_seat, seats_may, Output, PeerId};
use ::core::time::Duration;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::VecDeque;

/// A proposal or a request for missing entries unanswered this long is
/// sent again (the host answers a repeated proposal without applying it
/// twice).
pub const RETRY: Duration = Duration::from_secs(2);
/// The most steps that may wait for the link: a phone offline for long is
/// told so rather than piling up moves made on an old board.
pub const MAX_PENDING: usize = 16;
/// A guest's one connection: to its host.
pub const HOST: PeerId = 0;
/// A host silent this long while a step of this phone waits for its
/// answer: the path is dead (the host pings every
/// [`HEARTBEAT`](super::wire::HEARTBEAT) when it has nothing else to say).
pub const DEAD_PATH: Duration = Duration::from_secs(3);

/// Where the link stands, for the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// No connection (not yet, or lost: the driver is trying again).
    Offline,
    /// Connected, the hello sent, no answer yet.
    Joining,
    /// In the game.
    Joined,
    /// The host turned this phone away; trying again will not help.
    Refused(JoinRefusal),
    /// The host left the table.
    HostLeft,
    /// This phone left the table.
    Left,
}

impl LinkState {
    /// Refused, or the host or this phone left: dialling again will not
    /// help.
    pub fn is_over(&self) -> bool {
        matches!(
            self,
            LinkState::Refused(_) | LinkState::HostLeft | LinkState::Left
        )
    }
}

/// What happened, for the guest's screen.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEvent<E> {
    Joined {
        seat: Option<usize>,
    },
    Refused(JoinRefusal),
    /// The copy changed: it now holds `head` entries.
    Applied {
        head: u64,
    },
    /// A proposal was applied as entry `seq`.
    Accepted {
        id: u64,
        seq: u64,
    },
    /// A proposal was refused; nothing changed.
    Denied {
        id: u64,
        why: TableRefusal<E>,
    },
    /// A proposal went unanswered for [`RETRY`]: sent again (the link may
    /// be dying before the heartbeat can tell).
    Unanswered {
        id: u64,
    },
    Seats,
    HostLeft,
    /// The connection to the host ended; the host has been out of reach
    /// for `down` (since it was last heard).
    Lost {
        down: Duration,
    },
    /// The host stepped down: the table goes on at `lead`'s host, which
    /// the driver dials next.
    Moved(Lead),
    /// The host refused this phone's reveal of a hidden choice (an undo
    /// overtook its commitment): nothing for its player to do; it goes
    /// again when due.
    RevealAgain,
    /// Moves of this phone that the table's host does not hold (made on a
    /// copy that went its own way: while its screen was locked, say) were
    /// dropped from this copy: its player makes them again if they still
    /// apply.
    Dropped {
        moves: usize,
    },
    /// This phone had committed `player`'s hidden choice and closed before
    /// saving what it was: the commitment is made void (`Step::Void`), and
    /// its player chooses again.
    ChoiceLost {
        player: usize,
    },
    /// The host freed these seats this phone held (or gave them to another
    /// phone once freed): its players no longer play here.
    SeatsLost {
        seats: Vec<usize>,
    },
    /// The host sent a phone away: the table has a new secret, this
    /// phone's way in from now on (its ticket changes).
    Rekeyed,
}

/// Where this phone's choice of a seat stands, for the screen. A phone's
/// seat is chosen, never assumed: a new guest has chosen nothing, and
/// watching is a choice of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// Nothing chosen yet: the phone picks a seat or chooses to watch.
    Unchosen,
    /// These seats asked of the host, not answered yet (none: to watch).
    Asked(Vec<usize>),
    /// These seats held (players may share a phone; none: watching).
    Held(Vec<usize>),
}

impl SeatChoice {
    /// The phone chose to watch, and the host has its answer.
    pub fn watching(&self) -> bool {
        matches!(self, SeatChoice::Held(seats) if seats.is_empty())
    }
}

/// A step proposed and not yet answered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pending<A> {
    pub id: u64,
    pub step: Step<A>,
    /// When it was last sent on the current connection.
    #[serde(skip)]
    pub sent: Option<Duration>,
}

/// What a guest saves beside its copy: enough to rejoin as the same phone
/// on the same seat, and the steps not answered yet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SavedGuest<G: Game> {
    pub replica: Option<SavedReplica<G>>,
    pub secret: Secret,
    pub phone: PhoneId,
    /// The seats this phone plays (a copy saved before a phone could play
    /// several holds one, or none).
    #[serde(deserialize_with = "one_or_many")]
    pub claim: Vec<usize>,
    /// A seat (or watching) was chosen on this phone; absent in copies
    /// saved before the choice was asked for.
    #[serde(default)]
    pub chosen: bool,
    pub next_id: u64,
    pub pending: Vec<Pending<G::Action>>,
    /// The host it follows (absent in copies saved before leads).
    #[serde(default)]
    pub lead: Option<Lead>,
    /// The votes for that lead its host's welcome showed (absent in
    /// copies saved before welcomes carried them: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub votes: Vec<Vote>,
    #[serde(default)]
    pub roster: Vec<Member>,
    /// The copy's entries without an origin are this phone's own (it
    /// hosted them before it stepped down).
    #[serde(default)]
    pub hosted_here: bool,
    /// Who held each seat when this phone last heard the host: a phone
    /// that takes the table over keeps them (absent in copies saved before
    /// it: the new host then plays the other phones' seats until they
    /// rejoin).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatView>,
}

/// A saved claim: the seats, or (saved before a phone could play several)
/// one seat or none.
fn one_or_many<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<usize>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Claim {
        Many(Vec<usize>),
        One(Option<usize>),
    }
    Ok(match Claim::deserialize(deserializer)? {
        Claim::Many(seats) => seats,
        Claim::One(seat) => seat.into_iter().collect(),
    })
}

/// A guest of a table.
pub struct Guest<G: Game> {
    secret: Secret,
    phone: PhoneId,
    /// The seats this phone asks for at each hello.
    claim: Vec<usize>,
    /// Whether this phone has chosen a seat or to watch.
    chosen: bool,
    /// A claim sent and not answered yet (see [`Guest::claim_seats`]).
    asking: Option<Vec<usize>>,
    /// The last claim the host refused: another phone holds that seat.
    refused: Option<usize>,
    replica: Option<Replica<G>>,
    state: LinkState,
    seats: Vec<SeatView>,
    frames: Frames,
    next_id: u64,
    pending: VecDeque<Pending<G::Action>>,
    /// The gap asked to be filled: (first missing entry, when asked).
    asked: Option<(u64, Duration)>,
    heartbeat: Heartbeat,
    /// Since when the host has been out of reach (when it was last heard),
    /// while it is.
    offline_since: Option<Duration>,
    /// The host this phone follows.
    lead: Option<Lead>,
    /// The votes for `lead` its host's welcome showed: with it, the
    /// mandate this phone knows (see [`mandate::may_follow`]).
    votes: Vec<Vote>,
    /// The key the connection reached, if the driver said
    /// ([`Guest::connected_to`]).
    remote: Option<PhoneId>,
    /// This phone's key, once its endpoint is open: it signs the lead of
    /// every host that welcomes it (see [`super::mandate`]).
    key: Option<PhoneKey>,
    /// The phones of the table, where a silent host is looked for.
    roster: Vec<Member>,
    /// The relay this phone is reachable through (said in its hello).
    relay: Option<String>,
    /// See [`SavedGuest::hosted_here`].
    hosted_here: bool,
    /// This phone's entries cut from its copy at the last welcome, until
    /// the host's catch-up shows which it holds (the roster ends it).
    orphans: Vec<Entry<G::Action>>,
    /// The nonces of this phone's hidden choices (see
    /// [`Guest::with_entropy`]).
    nonces: Nonces,
    output: VecDeque<Output<GuestEvent<G::Error>>>,
    /// The time of the call being handled.
    now: Duration,
}

impl<G: Game> Guest<G> {
    /// A phone joining with `secret` (from the ticket) for `claim`'s seat,
    /// with its copy of the game if it has one. With no seat, it has
    /// chosen nothing yet (it joins watching until it does).
    pub fn new(
        secret: Secret,
        phone: PhoneId,
        claim: Option<usize>,
        replica: Option<Replica<G>>,
    ) -> Self {
        let mut guest = Guest {
            secret,
            phone,
            chosen: claim.is_some(),
            claim: claim.into_iter().collect(),
            asking: None,
            refused: None,
            replica,
            state: LinkState::Offline,
            seats: Vec::new(),
            frames: Frames::default(),
            next_id: 1,
            pending: VecDeque::new(),
            asked: None,
            heartbeat: Heartbeat::new(Duration::ZERO),
            offline_since: None,
            lead: None,
            votes: Vec::new(),
            remote: None,
            key: None,
            roster: Vec::new(),
            relay: None,
            hosted_here: false,
            orphans: Vec::new(),
            nonces: Nonces::new([0; 32]),
            output: VecDeque::new(),
            now: Duration::ZERO,
        };
        guest.next_id = guest.first_unused_proposal();
        guest
    }

    /// The guest as it was saved.
    pub fn restore(saved: SavedGuest<G>, replica: Option<Replica<G>>) -> Self {
        let mut guest =
            Guest::new(saved.secret, saved.phone, None, replica).with_seats(saved.claim);
        guest.chosen |= saved.chosen;
        guest.next_id = guest.next_id.max(saved.next_id);
        guest.pending = saved.pending.into();
        guest.lead = saved.lead;
        guest.votes = saved.votes;
        guest.roster = saved.roster;
        guest.hosted_here = saved.hosted_here;
        guest.seats = saved.seats;
        guest
    }

    /// 32 random bytes from the driver, which this phone's hidden choices
    /// are committed with: a driver gives fresh ones to every guest it
    /// makes (without them, the others could guess those choices).
    pub fn with_entropy(mut self, entropy: [u8; 32]) -> Self {
        self.nonces = Nonces::new(entropy);
        self
    }

    /// A phone that plays `seats` (a host that stepped down, with the
    /// players on it), asked for at each hello.
    pub fn with_seats(mut self, seats: Vec<usize>) -> Self {
        self.chosen = !seats.is_empty();
        self.claim = seats;
        self
    }

    /// A host that stepped down, joining the table's host with its copy:
    /// the copy's entries without an origin are its own moves.
    pub fn hosted_here(mut self) -> Self {
        self.hosted_here = true;
        self
    }

    /// The phones of the table as a host knew them (a host that stepped
    /// down): where to look should the new host go silent.
    pub fn with_roster(mut self, roster: Vec<Member>) -> Self {
        self.roster = roster;
        self
    }

    /// The phone's key, once its endpoint is open (a new phone had none
    /// yet, a copy saved before phones were their keys another id).
    pub fn identify(&mut self, key: PhoneKey) {
        self.phone = key.phone();
        self.key = Some(key);
        self.next_id = self.next_id.max(self.first_unused_proposal());
    }

    /// This phone's key, if its endpoint gave it one.
    pub fn key(&self) -> Option<PhoneKey> {
        self.key
    }

    /// The first proposal number this phone has not used in its copy's
    /// log: a phone that was a guest, hosted, and joins again goes on
    /// numbering from there (a number used already is one the host has an
    /// answer for, and would give it again).
    fn first_unused_proposal(&self) -> u64 {
        let used = self.replica.iter().flat_map(|r| r.entries());
        used.filter_map(|e| e.origin)
            .filter(|o| o.phone == self.phone)
            .map(|o| o.proposal.saturating_add(1))
            .max()
            .unwrap_or(1)
    }

    /// The relay this phone is reachable through, said in its hellos.
    pub fn reachable_at(&mut self, relay: Option<String>) {
        self.relay = relay;
    }

    /// The host this phone follows: the ticket's at first, then the one
    /// each welcome or move names.
    pub fn follow(&mut self, lead: Lead) {
        if self.lead != Some(lead) {
            self.votes.clear();
        }
        self.lead = Some(lead);
    }

    pub fn lead(&self) -> Option<Lead> {
        self.lead
    }

    /// The phones of the table, where a host gone silent is looked for.
    pub fn roster(&self) -> &[Member] {
        &self.roster
    }

    /// This phone's moves cut from its copy at a welcome whose catch-up
    /// has not ended yet (the connection lost before the roster came): not
    /// known to be kept or dropped. A phone that takes the table over from
    /// this copy, or that closes, drops them: its player is to be told.
    pub fn unsettled(&self) -> usize {
        self.orphans.len()
    }

    pub fn saved(&self) -> SavedGuest<G> {
        SavedGuest {
            replica: self.replica.as_ref().map(Replica::saved),
            secret: self.secret,
            phone: self.phone,
            claim: self.claim.clone(),
            chosen: self.chosen,
            next_id: self.next_id,
            pending: self.pending.iter().cloned().collect(),
            lead: self.lead,
            votes: self.votes.clone(),
            roster: self.roster.clone(),
            hosted_here: self.hosted_here,
            seats: self.seats.clone(),
        }
    }

    pub fn replica(&self) -> Option<&Replica<G>> {
        self.replica.as_ref()
    }

    pub fn state(&self) -> &LinkState {
        &self.state
    }

    /// The table's secret (from its ticket).
    pub fn secret(&self) -> Secret {
        self.secret
    }

    pub fn phone(&self) -> PhoneId {
        self.phone
    }

    /// The first seat this phone holds now (none: it watches).
    pub fn seat(&self) -> Option<usize> {
        self.seats_held().first().copied()
    }

    /// Every seat this phone holds now (players may share a phone; none:
    /// it watches).
    pub fn seats_held(&self) -> Vec<usize> {
        match self.state {
            LinkState::Joined => (0..self.seats.len())
                .filter(|s| self.seats[*s].phone == Some(self.phone))
                .collect(),
            _ => self.claim.clone(),
        }
    }

    pub fn seats(&self) -> &[SeatView] {
        &self.seats
    }

    /// Where this phone's choice of a seat stands: nothing chosen, asked
    /// of the host, or held.
    pub fn seat_choice(&self) -> SeatChoice {
        match &self.asking {
            Some(seats) => SeatChoice::Asked(seats.clone()),
            None if self.chosen => SeatChoice::Held(self.seats_held()),
            None => SeatChoice::Unchosen,
        }
    }

    /// The seat this phone last asked for and the host refused (another
    /// phone held it), until the next claim.
    pub fn refused_claim(&self) -> Option<usize> {
        self.refused
    }

    /// When the host was last heard from (or a connection to it opened):
    /// how long it has been out of reach counts from there.
    pub fn last_heard(&self) -> Duration {
        self.heartbeat.last_heard()
    }

    /// Steps proposed and not answered yet, oldest first.
    pub fn pending(&self) -> impl Iterator<Item = &Pending<G::Action>> {
        self.pending.iter()
    }

    /// A connection to the phone whose key the transport authenticated
    /// (`remote`) opened: says hello. A welcome naming another phone's lead
    /// is not followed, nor signed.
    pub fn connected_to(&mut self, remote: PhoneId, now: Duration) {
        self.connected(now);
        self.remote = Some(remote);
    }

    /// A connection to the host opened: says hello.
    pub fn connected(&mut self, now: Duration) {
        self.now = now;
        self.remote = None;
        if self.state.is_over() {
            return self.output.push_back(Output::Close { peer: HOST });
        }
        self.frames = Frames::default();
        self.asked = None;
        self.heartbeat = Heartbeat::new(now);
        self.state = LinkState::Joining;
        let held = self.replica.as_ref().map(|r| HeldCopy {
            game: r.game().clone(),
            seen: r.head(),
            chain: r.chain(r.head()).unwrap_or(0),
        });
        self.send(&ToHost::Hello(Hello {
            protocol: PROTOCOL,
            secret: self.secret,
            phone: self.phone,
            seats: self.claim.clone(),
            held,
            lead: self.lead,
            relay: self.relay.clone(),
        }));
    }

    /// The connection ended (or a dial failed): what was waiting to be
    /// transmitted on it is dropped (proposals go again on the next
    /// connection), and the screen hears how long the host has been out
    /// of reach.
    pub fn disconnected(&mut self, now: Duration) {
        self.now = now;
        if matches!(self.state, LinkState::Joining | LinkState::Joined) {
            self.state = LinkState::Offline;
        }
        self.output
            .retain(|o| !matches!(o, Output::Transmit { .. } | Output::Close { .. }));
        for pending in &mut self.pending {
            pending.sent = None;
        }
        if !self.state.is_over() {
            let since = *self.offline_since.get_or_insert(self.last_heard());
            self.event(GuestEvent::Lost {
                down: now.saturating_sub(since),
            });
        }
    }

    /// This phone takes `seat` (none: it watches). Joined, the host is
    /// asked at once and its answer comes as [`GuestEvent::Seats`] (the
    /// seat may have been taken first); otherwise the next hello asks.
    /// Until the answer the claim is [`SeatChoice::Asked`]: seats heard
    /// meanwhile that neither give this phone the seat nor show it held by
    /// another phone were sent before the host read the claim.
    pub fn claim(&mut self, seat: Option<usize>, now: Duration) {
        self.claim_seats(seat.into_iter().collect(), now);
    }

    /// This phone plays `seats` from now on (players may share a phone;
    /// none: it watches), asked as [`Guest::claim`] asks for one.
    pub fn claim_seats(&mut self, mut seats: Vec<usize>, now: Duration) {
        self.now = now;
        seats.sort_unstable();
        seats.dedup();
        self.claim = seats.clone();
        self.asking = Some(seats.clone());
        self.refused = None;
        if matches!(self.state, LinkState::Joined) {
            self.send(&ToHost::Claim { seats });
        }
    }

    /// The seats heard (a welcome or a change): settles a claim in flight,
    /// held or refused.
    fn settle_claim(&mut self) {
        let Some(want) = self.asking.clone() else {
            // The seats held are those a reconnection asks for again; any
            // held before and gone now, the host freed.
            let held = self.seats_held();
            let lost: Vec<usize> = self
                .claim
                .iter()
                .copied()
                .filter(|s| !held.contains(s))
                .collect();
            self.claim = held;
            if !lost.is_empty() {
                self.event(GuestEvent::SeatsLost { seats: lost });
            }
            return;
        };
        let held = self.seats_held();
        let taken = want.iter().copied().find(|s| {
            let holder = self.seats.get(*s).and_then(|v| v.phone);
            holder.is_some_and(|p| p != self.phone)
        });
        if held == want {
            self.asking = None;
            self.chosen = true;
        } else if let Some(s) = taken {
            self.asking = None;
            self.refused = Some(s);
            self.claim = held;
        }
    }

    /// The table's next host (the phone that took over when the host
    /// left: see `crate::link`) answered this phone's dial: the table goes
    /// on there. A phone that heard its host leave joins again (a refusal,
    /// or this phone leaving, stays final).
    pub fn host_moved(&mut self, now: Duration) {
        self.now = now;
        if self.state == LinkState::HostLeft {
            self.state = LinkState::Offline;
        }
    }

    /// This phone leaves the table (its copy stays): says goodbye if it
    /// can, and closes the connection.
    pub fn leave(&mut self, now: Duration) {
        self.now = now;
        if matches!(self.state, LinkState::Joined) {
            self.send(&ToHost::Bye);
        }
        self.state = LinkState::Left;
        self.output.push_back(Output::Close { peer: HOST });
    }

    /// A step of this phone's player, proposed to the host: checked against
    /// this copy first (the same refusal as on one phone, at once), then
    /// sent, or kept until the link is back. Returns the proposal's number
    /// (its answer comes as [`GuestEvent::Accepted`] or
    /// [`GuestEvent::Denied`]).
    pub fn act(
        &mut self,
        step: Step<G::Action>,
        now: Duration,
    ) -> Result<u64, TableRefusal<G::Error>> {
        self.now = now;
        let replica = self.replica.as_ref().ok_or(TableRefusal::NotJoined)?;
        let seats = self.seats_held();
        seats_may(replica.session().state(), &seats, &step)?;
        // Each phone takes back its own moves (the host checks it too).
        if self.pending.is_empty() && !self.may_take_back(&step) {
            return Err(TableRefusal::OthersMove);
        }
        // Checked against the copy as it will be once the steps still
        // waiting are applied; a step proposed after them cannot be checked
        // here, only by the host.
        if self.pending.is_empty() && !replica.hides(&step) {
            replica.check(&step)?;
        }
        replica.may_withdraw(&step, Some(self.phone))?;
        // A host that said this phone used the last proposal numbers left
        // it none (only a modified host says so).
        if self.pending.len() >= MAX_PENDING || self.next_id >= u64::MAX - MAX_PENDING as u64 {
            return Err(TableRefusal::TooManyWaiting);
        }
        let id = self.next_id;
        if encode(&ToHost::Propose {
            id,
            step: step.clone(),
        })
        .is_err()
        {
            return Err(TableRefusal::TooLarge);
        }
        // A hidden choice goes as its commitment (see `super::sealed`);
        // the last the round awaits, with its reveal right behind.
        let (step, reveal) = match (step, self.replica.as_mut()) {
            (Step::Act(action), Some(replica)) if replica.hides(&Step::Act(action.clone())) => {
                let commit = replica.seal(action, self.nonces.next(&self.phone.to_bytes()))?;
                let reveal = replica.completes_round(&commit);
                (commit, reveal)
            }
            (step, _) => (step, None),
        };
        let id = self.propose(step);
        if let Some(reveal) = reveal {
            self.propose(reveal);
        }
        self.flush_pending(now);
        Ok(id)
    }

    /// After a move of this phone the host refused by the rules, where
    /// this phone's copy allowed it: whether another phone's move got there
    /// first (the copy's last entry is not this phone's), and if so whose
    /// seat made it: the player whose move it is, or for a move of the
    /// whole table (a roll) the seat of the phone that made it (none: the
    /// host's phone holding no seat).
    pub fn played_first(&self) -> Option<Option<usize>> {
        let replica = self.replica.as_ref()?;
        let last = replica.entries().last()?;
        let maker = last.origin.map(|o| o.phone);
        if maker == Some(self.phone) {
            return None;
        }
        let state = replica.session().state();
        let seat = match &last.step {
            Step::Act(action) => match state.actor(action) {
                Actor::Player(p) => Some(p),
                Actor::Table => None,
            },
            // A hidden choice: whose, not what.
            Step::Commit { player, .. } => Some(*player),
            Step::Undo
            | Step::Redo
            | Step::Reveal { .. }
            | Step::Void { .. }
            | Step::StandIn { .. } => None,
        };
        Some(seat.or_else(|| maker_seat(&self.seats, maker)))
    }

    /// Whether this phone may take back (undo) or put back (redo) the move
    /// `step` names, as its copy stands: only a move made here.
    pub fn may_take_back(&self, step: &Step<G::Action>) -> bool {
        self.replica
            .as_ref()
            .and_then(|r| r.maker_of(step))
            .is_none_or(|maker| maker == Some(self.phone))
    }

    /// Whether this phone follows a host welcoming it under `offered`,
    /// judged against the lead it knows (see [`mandate::may_follow`]): the
    /// votes that count are the seated phones' as this phone last saw the
    /// seats.
    fn may_follow(&self, offered: &Mandate) -> bool {
        let Some(known) = self.lead else {
            return true;
        };
        let voters = mandate::electorate(self.seats.iter().map(|s| s.phone));
        let confirms =
            |m: &Mandate| (self.key).is_some_and(|k| k.confirms(m, self.secret, &voters));
        let known = Mandate {
            lead: known,
            votes: self.votes.clone(),
        };
        mandate::may_follow(
            (confirms(offered), offered.lead),
            (confirms(&known), known.lead),
        )
    }

    /// Bytes from the host. Bytes that cannot be read close the
    /// connection (the driver dials again).
    pub fn receive(&mut self, bytes: &[u8], now: Duration) {
        self.now = now;
        self.heartbeat.heard(now);
        self.frames.push(bytes);
        loop {
            match self.frames.next_message() {
                Ok(Some(message)) => self.handle(message, now),
                Ok(None) => return,
                Err(_) => return self.output.push_back(Output::Close { peer: HOST }),
            }
        }
    }

    fn handle(&mut self, message: ToGuest<G::Setup, G::Action, G::Error>, now: Duration) {
        match message {
            ToGuest::Welcome {
                game,
                start,
                from,
                last_proposal,
                seats,
                lead,
                votes,
            } => {
                // Only the phone the lead names hosts under it, and only
                // under a lead that prevails over the one this phone
                // knows: a phone reached that says another's lead, or an
                // earlier one, is not followed, nor voted for (it signs
                // nothing it has not checked).
                let offered = Mandate { lead, votes };
                let not_its_own = self.remote.is_some_and(|remote| remote != lead.host);
                if not_its_own || !self.may_follow(&offered) {
                    self.state = LinkState::Offline;
                    return self.output.push_back(Output::Close { peer: HOST });
                }
                let keep = from.saturating_sub(1);
                self.lead = Some(lead);
                self.votes = offered.votes;
                match &mut self.replica {
                    Some(replica) if *replica.game() == game && keep <= replica.head() => {
                        let (phone, hosted_here) = (self.phone, self.hosted_here);
                        // Added to those of a welcome whose catch-up did
                        // not end (the connection lost before its roster):
                        // they are no longer in the copy to be found again.
                        for orphan in replica.entries()[keep as usize..]
                            .iter()
                            .filter(|e| e.origin.map_or(hosted_here, |o| o.phone == phone))
                        {
                            if !self.orphans.contains(orphan) {
                                self.orphans.push(orphan.clone());
                            }
                        }
                        replica.truncate(keep)
                    }
                    _ => match Replica::new(game, start) {
                        Ok(fresh) => {
                            // The table's next game: what waited for the
                            // last one goes with it.
                            if self
                                .replica
                                .as_ref()
                                .is_some_and(|r| r.game() != fresh.game())
                            {
                                self.pending.clear();
                                self.orphans.clear();
                            }
                            self.replica = Some(fresh)
                        }
                        // A game this app cannot start: not one to join.
                        Err(_) => return self.host_left(),
                    },
                }
                self.next_id = self.next_id.max(last_proposal.saturating_add(1));
                self.seats = seats;
                self.state = LinkState::Joined;
                // This phone joined that host: it says so, signed.
                if let Some(key) = self.key {
                    let vote = key.vote(self.secret, lead);
                    self.send(&ToHost::Vote(vote.signature));
                }
                self.offline_since = None;
                self.settle_claim();
                // A claim made while the hello was on its way goes now.
                if let Some(seats) = self.asking.clone() {
                    self.send(&ToHost::Claim { seats });
                }
                self.event(GuestEvent::Joined { seat: self.seat() });
                if let Some(head) = self.replica.as_ref().map(Replica::head) {
                    self.event(GuestEvent::Applied { head });
                }
                self.reveal(now);
            }
            ToGuest::Refused(refusal) => {
                self.state = LinkState::Refused(refusal.clone());
                self.event(GuestEvent::Refused(refusal));
                self.output.push_back(Output::Close { peer: HOST });
            }
            ToGuest::Entries { from, entries } => self.entries(from, entries, now),
            ToGuest::Answer { id, outcome } => {
                let Some(at) = self.pending.iter().position(|p| p.id == id) else {
                    return;
                };
                let step = self.pending.remove(at).map(|p| p.step);
                // A reveal or a void is this phone's own doing, not its
                // player's: one refused (a reveal sent on the heels of a
                // commitment another player's undo overtook) goes again
                // when due, at the next entries or heartbeat.
                let reveal = matches!(
                    step,
                    Some(Step::Reveal { .. } | Step::Void { .. } | Step::StandIn { .. })
                );
                self.event(match outcome {
                    Err(_) if reveal => GuestEvent::RevealAgain,
                    Ok(seq) => GuestEvent::Accepted { id, seq },
                    Err(why) => GuestEvent::Denied { id, why },
                });
            }
            ToGuest::Seats(seats) => {
                self.seats = seats;
                self.settle_claim();
                self.event(GuestEvent::Seats);
            }
            ToGuest::Closing => self.host_left(),
            ToGuest::Moved(lead) => {
                self.follow(lead);
                self.state = LinkState::Offline;
                self.event(GuestEvent::Moved(lead));
                self.output.push_back(Output::Close { peer: HOST });
            }
            ToGuest::Roster(mut roster) => {
                // Phones and relays this phone would dial: the host's
                // word, bounded and checked.
                roster.truncate(ROSTER_MAX);
                for member in &mut roster {
                    member.relay = member.relay.take().filter(|r| is_relay_url(r));
                }
                self.roster = roster;
                self.settle_orphans(now);
            }
            ToGuest::Rekey(secret) => {
                self.secret = secret;
                // This phone's vote was for the lead at the old secret.
                if let (Some(key), Some(lead)) = (self.key, self.lead) {
                    let vote = key.vote(secret, lead);
                    self.send(&ToHost::Vote(vote.signature));
                }
                self.event(GuestEvent::Rekeyed);
            }
            // Guests never probe.
            ToGuest::Hosting(_) => {}
            ToGuest::Ping => {}
        }
    }

    /// The host's catch-up after a welcome is over (its roster comes
    /// last): this phone's moves cut from its copy that the host's log does
    /// not hold are told, and so are the steps still waiting, which were
    /// made on a board the table no longer has.
    fn settle_orphans(&mut self, now: Duration) {
        if self.orphans.is_empty() {
            return;
        }
        let entries = self.replica.as_ref().map_or(&[][..], |r| r.entries());
        let lost = self
            .orphans
            .iter()
            .filter(|orphan| !entries.contains(orphan))
            .count();
        self.orphans.clear();
        if lost == 0 {
            // The steps waiting were held until now (see `flush_pending`).
            return self.flush_pending(now);
        }
        let waiting = self.pending.len();
        self.pending.clear();
        self.event(GuestEvent::Dropped {
            moves: lost + waiting,
        });
    }

    fn entries(&mut self, from: u64, entries: Vec<Entry<G::Action>>, now: Duration) {
        // Before the welcome, the copy may not be a prefix of the host's log.
        let (LinkState::Joined, Some(replica)) = (&self.state, &mut self.replica) else {
            return;
        };
        let before = replica.head();
        let mut missing = false;
        for (i, entry) in entries.into_iter().enumerate() {
            // `from` is the host's word: a number past the last is a gap.
            let Some(seq) = u64::try_from(i).ok().and_then(|i| from.checked_add(i)) else {
                missing = true;
                break;
            };
            let head = replica.head();
            if seq <= head {
                continue; // already held
            }
            if seq > head + 1 {
                missing = true; // a gap: asked for below
                break;
            }
            if replica.append(entry).is_err() {
                // The host accepted what this copy refuses: the copy is not
                // the host's. It starts again from the host's first entry.
                replica.truncate(0);
                self.asked = None;
                missing = true;
                break;
            }
        }
        let head = replica.head();
        if head != before {
            self.event(GuestEvent::Applied { head });
        }
        if self.asked.is_some_and(|(first, _)| head >= first) {
            self.asked = None;
        }
        if missing {
            self.ask(head + 1, now);
        }
        self.reveal(now);
    }

    /// Once every awaited player has committed a hidden choice, proposes
    /// the reveal of each of this phone's (once: a reveal waiting goes
    /// again as any step does, on the next connection if need be); and
    /// makes void each of this phone's commitments whose opening it lost,
    /// its player told.
    fn reveal(&mut self, now: Duration) {
        let Some(replica) = &self.replica else { return };
        // Only a guest's commitments name their phone (a host's own name
        // none, and hosts change): those of this phone as a guest.
        let phone = self.phone;
        let lost = replica.lost_openings(|e| e.origin.is_some_and(|o| o.phone == phone));
        let due: Vec<Step<G::Action>> = replica
            .due_reveals()
            .into_iter()
            .chain(lost)
            .filter(|step| !self.pending.iter().any(|p| p.step == *step))
            .collect();
        for step in due {
            if let Step::Void { commitment } = &step {
                let player = self.replica.as_ref().and_then(|r| r.player_of(commitment));
                if let Some(player) = player {
                    self.event(GuestEvent::ChoiceLost { player });
                }
            }
            self.propose(step);
        }
        self.flush_pending(now);
    }

    /// Queues `step` as this phone's next proposal.
    fn propose(&mut self, step: Step<G::Action>) -> u64 {
        let id = self.next_id;
        // Numbers are the host's word too (its welcome): past the last
        // one, none is left, and `act` refuses.
        self.next_id = id.saturating_add(1);
        self.pending.push_back(Pending {
            id,
            step,
            sent: None,
        });
        id
    }

    fn ask(&mut self, from: u64, now: Duration) {
        if self
            .asked
            .is_some_and(|(missing, at)| missing == from && now < at + RETRY)
        {
            return;
        }
        self.asked = Some((from, now));
        self.send(&ToHost::Resend { from });
    }

    /// Sends again what went unanswered for [`RETRY`], says `Ping` when
    /// it has sent nothing for a while, and closes the connection when the
    /// host has been silent too long (the driver then dials again) (see
    /// [`super::heartbeat`]).
    pub fn handle_timeout(&mut self, now: Duration) {
        self.now = now;
        if !self.connecting_or_joined() {
            return;
        }
        if self.heartbeat.is_silent(now) {
            // Offline now; the screen hears it when the driver has closed
            // the connection (`disconnected`).
            self.state = LinkState::Offline;
            return self.output.push_back(Output::Close { peer: HOST });
        }
        if self.path_dead(now) {
            self.state = LinkState::Offline;
            self.output.push_back(Output::NewPath);
            return self.output.push_back(Output::Close { peer: HOST });
        }
        if self.state != LinkState::Joined {
            return;
        }
        if self.heartbeat.ping_due(now) {
            self.send(&ToHost::Ping);
        }
        if let Some((missing, at)) = self.asked {
            if now >= at + RETRY {
                self.asked = None;
                self.ask(missing, now);
            }
        }
        let mut unanswered = None;
        for pending in &mut self.pending {
            if pending.sent.is_some_and(|at| now >= at + RETRY) {
                pending.sent = None;
                unanswered.get_or_insert(pending.id);
            }
        }
        if let Some(id) = unanswered {
            self.event(GuestEvent::Unanswered { id });
        }
        // A reveal refused (or lost with its answer) goes again, at most
        // once a heartbeat: the table waits for it.
        self.reveal(now);
    }

    /// When [`Guest::handle_timeout`] has something to do: always while
    /// connected (the heartbeat), never offline.
    pub fn poll_timeout(&self) -> Option<Duration> {
        if !self.connecting_or_joined() {
            return None;
        }
        let joined = self.state == LinkState::Joined;
        let heartbeat = self.heartbeat.next(joined);
        if !joined {
            return Some(heartbeat);
        }
        let asked = self.asked.map(|(_, at)| at + RETRY);
        let pending = self
            .pending
            .iter()
            .filter_map(|p| p.sent)
            .min()
            .map(|at| at + RETRY);
        let dead_path = self.waiting().then(|| self.last_heard() + DEAD_PATH);
        [heartbeat]
            .into_iter()
            .chain(asked)
            .chain(pending)
            .chain(dead_path)
            .min()
    }

    /// A step has gone to the host and waits for its answer.
    fn waiting(&self) -> bool {
        self.pending.iter().any(|p| p.sent.is_some())
    }

    /// The host has said nothing for [`DEAD_PATH`] while a step waits.
    fn path_dead(&self, now: Duration) -> bool {
        self.state == LinkState::Joined && self.waiting() && now >= self.last_heard() + DEAD_PATH
    }

    fn connecting_or_joined(&self) -> bool {
        matches!(self.state, LinkState::Joining | LinkState::Joined)
    }

    fn flush_pending(&mut self, now: Duration) {
        // Not while the catch-up may still show this phone's moves
        // dropped: the steps waiting would be dropped with them after
        // the host had them.
        if self.state != LinkState::Joined || !self.orphans.is_empty() {
            return;
        }
        let mut frames = Vec::new();
        for pending in &mut self.pending {
            if pending.sent.is_none() {
                pending.sent = Some(now);
                frames.push(ToHost::Propose {
                    id: pending.id,
                    step: pending.step.clone(),
                });
            }
        }
        for message in frames {
            self.send(&message);
        }
    }

    /// The next thing for the driver to do: frames to send, the
    /// connection to close and events for the screen, in the order they
    /// happened.
    pub fn poll_output(&mut self) -> Option<Output<GuestEvent<G::Error>>> {
        self.output.pop_front()
    }

    fn event(&mut self, event: GuestEvent<G::Error>) {
        self.output.push_back(Output::Event(event));
    }

    fn host_left(&mut self) {
        // The host's phone left on purpose: its seats show it gone.
        for seat in self.seats.iter_mut().filter(|s| s.host) {
            seat.left = true;
            seat.connected = false;
        }
        self.state = LinkState::HostLeft;
        self.event(GuestEvent::HostLeft);
        self.output.push_back(Output::Close { peer: HOST });
    }

    fn send(&mut self, message: &ToHost<G::Action>) {
        // Proposals are checked to fit when made; the others always do.
        if let Ok(frame) = encode(message) {
            self.heartbeat.sent(self.now);
            self.output
                .push_back(Output::Transmit { peer: HOST, frame });
        }
    }
}
