//! The host: the phone that orders the table's log.
//!
//! It has the shape of every side of the table (see [`super`]): the driver
//! tells it of each guest's connection (`connected`, `disconnected`), the
//! bytes each sends (`receive`), its own player's steps (`act`) and the
//! timer (`handle_timeout` when `poll_timeout` says), each with the time,
//! and carries out its [`Output`]s: frames to send, connections to close,
//! events for the screen. It never touches a socket or a clock. A guest
//! silent for a while is dropped, its seat shown not connected (see
//! [`super::heartbeat`]).
//!
//! **One table, one host.** A host hosts under a [`Lead`] (its phone and
//! term), with the votes of the phones that joined it (a [`Mandate`]).
//! While a phone of its roster is not joined to it, it probes that phone
//! now and then ([`Output::Probe`], answered through [`Host::probed`]): a
//! phone that hosts the same table under a mandate that prevails over this
//! one's (it took the table over while this phone's screen was locked, and
//! the others joined it; or at the same moment) makes this host step down
//! ([`HostEvent::SteppedDown`]): every guest is told where the table went
//! (`Moved`), and the driver joins it as a guest with this copy. A phone
//! claiming a later term that no one else signed does not (see
//! [`super::mandate`]).
//!
//! **Bounded.** Every phone is its key (the connection's, given to
//! [`Host::connected`]); a hello in another's name is refused. A peer that
//! floods, that stops reading (the driver tells [`Host::stalled`]) or that
//! asks for the log again and again gets no more than its share.

use super::super::game::{Actor, Game};
use super::door::{self, Door};
use super::heartbeat::Heartbeat;
use super::mandate::{electorate, prevails, Mandate, PhoneKey, Signature, Vote};
use super::replica::{Replica, SavedReplica};
use super::sealed::Nonces;
use super::ticket::is_relay_url;
use super::wire::{
    encode, Entry, FrameError, Frames, Hello, JoinRefusal, Lead, Member, Origin, PhoneId, SeatView,
    Secret, Step, TableRefusal, ToGuest, ToHost, MAX_FRAME, PROTOCOL,
};
use super::{seats_may, Output, PeerId};
use ::core::time::Duration;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

/// A peer may send this many messages at once…
const BURST: f64 = 64.0;
/// …and this many a second after that; more is a flood, and the peer is
/// dropped. A player sends a few a minute.
const PER_SECOND: f64 = 32.0;
/// The most entries in one frame of a catch-up.
const ENTRIES_PER_FRAME: usize = 256;
/// A peer's requests for entries again are served at most this often (an
/// honest guest asks again after [`RETRY`](super::guest::RETRY)); one
/// asking more often is not sent the log again and again.
const RESEND_GAP: Duration = Duration::from_secs(1);
/// The answers kept per phone, its highest-numbered: a guest sends again
/// only its proposals still waiting
/// ([`MAX_PENDING`](super::guest::MAX_PENDING) at most).
const ANSWERS_KEPT: usize = 64;
/// The most phones a roster names (a table holds a handful): a phone not
/// in it is not let in once it is full, so that what the host keeps per
/// phone (answers, proposal numbers, votes) is bounded whatever keys
/// knock.
pub const ROSTER_MAX: usize = 16;
/// The table's earlier secrets a host keeps (see [`Host::send_away`]).
const OLD_SECRETS: usize = 4;
/// The first pause between probes of the roster's phones not joined here;
/// it doubles up to [`PROBE_MAX`], and starts again when a phone leaves.
const PROBE_FIRST: Duration = Duration::from_secs(1);
const PROBE_MAX: Duration = Duration::from_secs(30);

/// What happened, for the host's screen.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent {
    /// A phone joined (or came back), on a seat or watching.
    Joined {
        peer: PeerId,
        phone: PhoneId,
        seat: Option<usize>,
    },
    /// A joined phone's connection ended.
    Left { peer: PeerId, phone: PhoneId },
    /// A peer was refused or dropped, and why; nothing changed.
    Turned { peer: PeerId, why: Misbehaviour },
    /// A message did not fit in a frame and was not sent (nothing is
    /// dropped untold): the host's screen says so.
    Unsent(Unsent),
    /// The log grew to `head` entries (a guest's step or the host's own).
    Applied { head: u64 },
    /// A joined phone took a seat (or watches from now on, `None`).
    Seated { phone: PhoneId, seat: Option<usize> },
    /// Another phone hosts this table under a lead that supersedes this
    /// host's: this phone no longer hosts (every guest was told), and joins
    /// `lead`'s host (where the roster says it is).
    SteppedDown { lead: Lead },
    /// The host sent `phone` away: it left the roster and its seats, and
    /// the table has a new secret (its ticket changed).
    SentAway { phone: PhoneId },
}

/// A message the host could not send: longer than a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsent {
    /// A welcome, an answer or another message to one phone.
    Message,
    /// Who holds which seat, to every phone.
    Seats,
    /// The table's phones, to every phone.
    Roster,
    /// The host's mandate, to a phone it probes.
    Probe,
}

/// What the host keeps per phone and in all, bounded whatever ids or keys
/// arrive (for the tests' invariants and the benches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Footprint {
    /// Phones the host keeps proposal numbers or answers for.
    pub phones: usize,
    /// Answers kept, for all phones; the most for one phone.
    pub answers: usize,
    pub answers_per_phone: usize,
    pub votes: usize,
    pub roster: usize,
}

/// Why a peer was turned away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Misbehaviour {
    Refused(JoinRefusal),
    Frame(FrameError),
    /// Anything before its hello.
    NoHello,
    /// More messages than [`PER_SECOND`] allows.
    Flood,
    /// The same phone connected again: this older connection is dropped.
    Replaced,
    /// Nothing heard for [`SILENCE`](super::wire::SILENCE): the phone is gone (closed, asleep,
    /// off the network); it rejoins by itself when it can.
    Silent,
    /// It stopped reading what the host sends (its queue is full).
    Stalled,
    /// A probe from another host, answered.
    Probed,
    /// This host stepped down: the phone was told where the table went.
    Moved,
    /// The host is leaving: the phone was told.
    Closing,
    /// The host sent the phone away (see [`Host::send_away`]).
    SentAway,
    /// It had not joined its door's wait after it connected (see
    /// [`super::door`]): its slot is another's.
    Knocked,
}

struct Peer {
    frames: Frames,
    /// The phone at the other end: the key the connection authenticated.
    remote: PhoneId,
    /// Set by its hello (the same as `remote`).
    phone: Option<PhoneId>,
    tokens: f64,
    at: Duration,
    heartbeat: Heartbeat,
    /// When its last request for entries again was served.
    resent: Option<Duration>,
    /// When it must have joined by (see [`Door::wait`]).
    join_by: Duration,
}

/// How a proposal was answered: the entry it became, or why it was refused.
type Answer<E> = Result<u64, TableRefusal<E>>;

/// What the host saves beside its copy: the secret of its ticket and who
/// holds which seat, so that seats stay held across a restart of the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SavedHost<G: Game> {
    pub replica: SavedReplica<G>,
    pub secret: Secret,
    pub me: PhoneId,
    pub seats: Vec<Option<PhoneId>>,
    /// The host's term (absent in copies saved before terms: 0).
    #[serde(default)]
    pub term: u32,
    #[serde(default)]
    pub roster: Vec<Member>,
    /// The votes for the host's lead (absent in copies saved before
    /// hand-overs were signed).
    #[serde(default)]
    pub votes: Vec<Vote>,
    /// The table's earlier secrets (before a phone was sent away), still a
    /// way in for the phones of the roster.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub old_secrets: Vec<Secret>,
}

/// The host of a table.
pub struct Host<G: Game> {
    replica: Replica<G>,
    secret: Secret,
    /// The table's earlier secrets, the last [`OLD_SECRETS`]: a phone of
    /// the roster away when one was sent away still comes in with one (and
    /// is told the new); a phone no longer in it does not.
    old_secrets: Vec<Secret>,
    /// The host's own phone.
    me: PhoneId,
    /// The phone holding each player's seat; the host plays the others.
    seats: Vec<Option<PhoneId>>,
    peers: BTreeMap<PeerId, Peer>,
    /// How each phone's proposals were answered, by number: the entry it
    /// became, or why it was refused. A proposal sent again gets the same
    /// answer. The [`ANSWERS_KEPT`] highest of each phone.
    answers: HashMap<PhoneId, BTreeMap<u64, Answer<G::Error>>>,
    /// The highest proposal number seen from each phone.
    last_proposal: HashMap<PhoneId, u64>,
    /// Who hosts: this phone, and since which hand-over.
    lead: Lead,
    /// The phones' votes for `lead`, this one's own among them.
    votes: Vec<Vote>,
    /// This phone's key, once its endpoint is open: none, and the host
    /// signs and confirms nothing (see [`super::mandate`]).
    key: Option<PhoneKey>,
    /// Every phone that has been at the table, this one included.
    roster: Vec<Member>,
    /// Set once another phone's mandate prevailed over this host's.
    stepped_down: Option<Mandate>,
    /// Set once the host left: a phone that knocks while its last frames
    /// leave is told so.
    closed: bool,
    /// When to probe the roster's phones not joined here, how long to wait
    /// after that, and the probes not answered yet.
    probe_at: Duration,
    probe_gap: Duration,
    probing: BTreeSet<PhoneId>,
    output: VecDeque<Output<HostEvent>>,
    /// The nonces of the host's own hidden choices (see
    /// [`Host::with_entropy`]).
    nonces: Nonces,
    /// The time of the call being handled.
    now: Duration,
    /// The moves this phone dropped when it took the table over (see
    /// [`super::handover::take_over`]), for its player to be told.
    dropped: usize,
    /// The phones that said goodbye (`Bye`) and have not come back: shown
    /// as gone ([`SeatView::left`]).
    left: BTreeSet<PhoneId>,
}

impl<G: Game> Host<G> {
    /// This host took the table over dropping `moves` of its phone's (see
    /// [`Host::dropped`]).
    pub fn with_dropped(mut self, moves: usize) -> Self {
        self.dropped = moves;
        self
    }

    /// The moves this phone dropped when it took the table over: its moves
    /// not known to be kept and its steps still waiting for the old host,
    /// made on a board that may be gone. Its player is told, never left to
    /// find out.
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// 32 random bytes from the driver, which the host's own hidden
    /// choices are committed with: a driver gives fresh ones to every host
    /// it makes (without them, the others could guess those choices).
    pub fn with_entropy(mut self, entropy: [u8; 32]) -> Self {
        self.nonces = Nonces::new(entropy);
        self
    }

    /// Hosts `replica` (a new game, or a copy carried on from a table whose
    /// host left) under a new `secret`; `seat` is the host's own player. A
    /// carried copy goes on whole: the phones that committed hidden
    /// choices reveal them to this host as they did to the last.
    pub fn new(replica: Replica<G>, secret: Secret, me: PhoneId, seat: Option<usize>) -> Self {
        let players = replica.session().state().players().len();
        let mut seats = vec![None; players];
        if let Some(held) = seat.and_then(|s| seats.get_mut(s)) {
            *held = Some(me);
        }
        Self::with_seats(replica, secret, me, seats)
    }

    /// Hosts a copy carried on from a table whose host left, each seat
    /// held by the phone `seats` names (none: this host plays it).
    pub fn carried_on(
        replica: Replica<G>,
        secret: Secret,
        me: PhoneId,
        mut seats: Vec<Option<PhoneId>>,
    ) -> Self {
        seats.resize(replica.session().state().players().len(), None);
        Self::with_seats(replica, secret, me, seats)
    }

    /// The host as it was saved.
    pub fn restore(saved: SavedHost<G>, replica: Replica<G>) -> Self {
        let mut seats = saved.seats;
        seats.resize(replica.session().state().players().len(), None);
        let mut host = Self::with_seats(replica, saved.secret, saved.me, seats)
            .with_term(saved.term)
            .with_roster(saved.roster);
        host.votes = saved.votes;
        host.old_secrets = saved.old_secrets;
        host
    }

    /// This host is the `term`-th to take the table over (0: the phone
    /// that started it).
    pub fn with_term(mut self, term: u32) -> Self {
        self.lead.term = term;
        self.votes.clear();
        self.vote_for_self();
        self
    }

    /// The phones known to have been at the table (a guest's roster, when
    /// it takes the table over): where this host looks for another host.
    pub fn with_roster(mut self, roster: Vec<Member>) -> Self {
        for member in roster {
            self.meet(member);
        }
        self
    }

    /// The phone's key, once its endpoint is open (a new table's phone,
    /// or a copy saved before phones were their keys, had none): its seats
    /// and its lead are that key's from now on, and it signs its lead.
    pub fn identify(&mut self, key: PhoneKey) {
        let (old, me) = (self.me, key.phone());
        if me != old {
            self.votes.clear();
        }
        self.key = Some(key);
        for held in self.seats.iter_mut().filter(|p| **p == Some(old)) {
            *held = Some(me);
        }
        self.roster.retain(|m| m.phone != old && m.phone != me);
        self.roster.insert(
            0,
            Member {
                phone: me,
                relay: None,
            },
        );
        self.me = me;
        self.lead.host = me;
        self.vote_for_self();
    }

    /// This phone's own vote for its lead, if it has a key.
    fn vote_for_self(&mut self) {
        if let Some(key) = self.key {
            let vote = key.vote(self.secret, self.lead);
            self.votes.retain(|v| v.phone != vote.phone);
            self.votes.push(vote);
        }
    }

    /// This phone's key, if its endpoint gave it one.
    pub fn key(&self) -> Option<PhoneKey> {
        self.key
    }

    /// This host's lead and the votes for it.
    pub fn mandate(&self) -> Mandate {
        Mandate {
            lead: self.lead,
            votes: self.votes.clone(),
        }
    }

    /// Whether more than half the seated phones signed `mandate` (never,
    /// for a host without a key: leads then compare as terms alone).
    fn confirms(&self, mandate: &Mandate) -> bool {
        let voters = electorate(self.seats.iter().copied());
        self.key
            .is_some_and(|k| k.confirms(mandate, self.secret, &voters))
    }

    /// Whether more than half the seated phones signed this host's lead.
    pub fn confirmed(&self) -> bool {
        self.confirms(&self.mandate())
    }

    /// The relay this host is reachable through (told to the guests with
    /// the roster: where to look for it should it go silent).
    pub fn reachable_at(&mut self, relay: Option<String>) {
        self.meet(Member {
            phone: self.me,
            relay,
        });
    }

    fn with_seats(
        replica: Replica<G>,
        secret: Secret,
        me: PhoneId,
        seats: Vec<Option<PhoneId>>,
    ) -> Self {
        let mut host = Host {
            replica,
            nonces: Nonces::new([0; 32]),
            secret,
            old_secrets: Vec::new(),
            me,
            seats,
            peers: BTreeMap::new(),
            answers: HashMap::new(),
            last_proposal: HashMap::new(),
            lead: Lead { term: 0, host: me },
            votes: Vec::new(),
            key: None,
            roster: vec![Member {
                phone: me,
                relay: None,
            }],
            stepped_down: None,
            closed: false,
            probe_at: Duration::ZERO,
            probe_gap: PROBE_FIRST,
            probing: BTreeSet::new(),
            output: VecDeque::new(),
            now: Duration::ZERO,
            dropped: 0,
            left: BTreeSet::new(),
        };
        let origins: Vec<(u64, Origin)> = (1..)
            .zip(host.replica.entries())
            .filter_map(|(seq, entry)| entry.origin.map(|origin| (seq, origin)))
            .collect();
        for (seq, origin) in origins {
            host.keep_answer(origin, Ok(seq));
        }
        host
    }

    pub fn saved(&self) -> SavedHost<G> {
        SavedHost {
            replica: self.replica.saved(),
            secret: self.secret,
            me: self.me,
            seats: self.seats.clone(),
            term: self.lead.term,
            roster: self.roster.clone(),
            votes: self.votes.clone(),
            old_secrets: self.old_secrets.clone(),
        }
    }

    /// Who hosts the table: this phone under its term, or, once it stepped
    /// down, the phone that does.
    pub fn lead(&self) -> Lead {
        self.stepped_down.as_ref().map_or(self.lead, |m| m.lead)
    }

    /// Whether another phone superseded this host (see
    /// [`HostEvent::SteppedDown`]).
    pub fn stepped_down(&self) -> bool {
        self.stepped_down.is_some()
    }

    pub fn roster(&self) -> &[Member] {
        &self.roster
    }

    pub fn replica(&self) -> &Replica<G> {
        &self.replica
    }

    pub fn secret(&self) -> Secret {
        self.secret
    }

    /// The ALPNs this host takes connections of, its doors (see
    /// [`super::door`]): the table's, its earlier secrets', the knock door.
    pub fn alpns(&self) -> Vec<Vec<u8>> {
        door::accepted(&self.secret, &self.old_secrets)
    }

    pub fn me(&self) -> PhoneId {
        self.me
    }

    /// Who holds each player's seat, and whether they are connected.
    pub fn seats(&self) -> Vec<SeatView> {
        self.seats
            .iter()
            .map(|phone| SeatView {
                phone: *phone,
                connected: phone.is_some_and(|p| p == self.me || self.peer_of(p).is_some()),
                host: *phone == Some(self.me),
                left: phone.is_some_and(|p| self.left.contains(&p)),
            })
            .collect()
    }

    /// Whether this host, with no phone joined, is asking the table's
    /// other phones whether one of them hosts the table now (a host whose
    /// screen was locked, woken: the others may have gone on elsewhere).
    pub fn looking(&self) -> bool {
        self.stepped_down.is_none() && !self.probing.is_empty() && self.phones_joined() == 0
    }

    /// Whether `phone` is joined to this host now.
    pub fn is_joined(&self, phone: PhoneId) -> bool {
        self.peer_of(phone).is_some()
    }

    /// How many other phones are joined now, seated or watching.
    pub fn phones_joined(&self) -> usize {
        let phones: BTreeSet<PhoneId> = self.peers.values().filter_map(|p| p.phone).collect();
        phones.len()
    }

    /// The seats this phone plays: its own, and every seat no phone holds
    /// (played on the host's screen).
    pub fn seats_played(&self) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|s| self.seats[*s].is_none_or(|p| p == self.me))
            .collect()
    }

    /// The first seat `phone` holds.
    pub fn seat_of(&self, phone: PhoneId) -> Option<usize> {
        self.seats.iter().position(|p| *p == Some(phone))
    }

    /// Every seat `phone` holds (players may share a phone).
    pub fn seats_of(&self, phone: PhoneId) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|s| self.seats[*s] == Some(phone))
            .collect()
    }

    /// `phone` holds `seats` and no other.
    fn seat(&mut self, phone: PhoneId, seats: &[usize]) {
        for (s, held) in self.seats.iter_mut().enumerate() {
            if seats.contains(&s) {
                *held = Some(phone);
            } else if *held == Some(phone) {
                *held = None;
            }
        }
    }

    fn peer_of(&self, phone: PhoneId) -> Option<PeerId> {
        self.peers
            .iter()
            .find(|(_, peer)| peer.phone == Some(phone))
            .map(|(id, _)| *id)
    }

    /// A connection opened at the table's door (see [`super::door`]),
    /// from the phone whose key the transport authenticated (`remote`).
    pub fn connected(&mut self, peer: PeerId, remote: PhoneId, now: Duration) {
        self.connected_at(peer, remote, Door::Table, now);
    }

    /// A connection opened at `door`: it has the door's wait from then to
    /// join (or be told why not: [`door::KNOCK_WAIT`] at the knock door), and is
    /// dropped after that, whatever bytes it dribbles meanwhile.
    pub fn connected_at(&mut self, peer: PeerId, remote: PhoneId, door: Door, now: Duration) {
        self.now = now;
        self.peers.insert(
            peer,
            Peer {
                frames: Frames::default(),
                remote,
                phone: None,
                tokens: BURST,
                at: now,
                heartbeat: Heartbeat::new(now),
                resent: None,
                join_by: now + door.wait(),
            },
        );
    }

    /// The peer stopped reading: what the host has for it piles up (the
    /// driver's queue for it is full). It is dropped, not buffered; it
    /// rejoins and catches up when it reads again.
    pub fn stalled(&mut self, peer: PeerId, now: Duration) {
        self.now = now;
        if self.peers.contains_key(&peer) {
            self.drop_peer(peer, Misbehaviour::Stalled);
        }
    }

    /// A connection ended (closed by either side, or lost).
    pub fn disconnected(&mut self, peer: PeerId, now: Duration) {
        self.now = now;
        if let Some(Peer {
            phone: Some(phone), ..
        }) = self.peers.remove(&peer)
        {
            self.event(HostEvent::Left { peer, phone });
            self.broadcast_seats();
            self.probe_soon();
        }
    }

    /// Bytes from a peer, however they were cut.
    pub fn receive(&mut self, peer: PeerId, bytes: &[u8], now: Duration) {
        self.now = now;
        let Some(state) = self.peers.get_mut(&peer) else {
            return;
        };
        state.heartbeat.heard(now);
        state.frames.push(bytes);
        loop {
            let Some(state) = self.peers.get_mut(&peer) else {
                return;
            };
            match state.frames.next_message::<ToHost<G::Action>>() {
                Ok(None) => return,
                Ok(Some(message)) => {
                    let elapsed = now.saturating_sub(state.at).as_secs_f64();
                    state.at = now;
                    state.tokens = (state.tokens + elapsed * PER_SECOND).min(BURST) - 1.0;
                    if state.tokens < 0.0 {
                        return self.drop_peer(peer, Misbehaviour::Flood);
                    }
                    self.handle(peer, message);
                }
                Err(error) => return self.drop_peer(peer, Misbehaviour::Frame(error)),
            }
        }
    }

    fn handle(&mut self, peer: PeerId, message: ToHost<G::Action>) {
        let phone = self.peers.get(&peer).and_then(|p| p.phone);
        match (message, phone) {
            (ToHost::Hello(hello), None) => self.hello(peer, hello),
            (
                ToHost::Probe {
                    protocol,
                    secret,
                    mandate,
                },
                None,
            ) => self.probe(peer, protocol, secret, mandate),
            (_, None) => self.drop_peer(peer, Misbehaviour::NoHello),
            (ToHost::Hello(_) | ToHost::Probe { .. }, Some(_)) => {
                self.drop_peer(peer, Misbehaviour::NoHello)
            }
            (ToHost::Propose { id, step }, Some(phone)) => self.propose(peer, phone, id, step),
            (ToHost::Resend { from }, Some(_)) => self.resend(peer, from),
            (ToHost::Claim { seats }, Some(phone)) => self.claim(peer, phone, seats),
            (ToHost::Vote(signature), Some(phone)) => self.vote(phone, signature),
            (ToHost::Bye, Some(phone)) => {
                self.left.insert(phone);
                self.output.push_back(Output::Close { peer });
                self.disconnected(peer, self.now);
            }
            (ToHost::Ping, Some(_)) => {}
        }
    }

    /// Why a phone may not join, if it may not.
    fn refusal(&self, peer: PeerId, protocol: u32, secret: &Secret) -> Option<JoinRefusal> {
        if protocol != PROTOCOL {
            Some(JoinRefusal::Protocol { host: PROTOCOL })
        } else if !secret.matches(&self.secret) && !self.old_secret_of_a_member(peer, secret) {
            Some(JoinRefusal::WrongSecret)
        } else if self.peers.get(&peer).is_some_and(|p| p.remote == self.me) {
            // Another endpoint with this host's own key is not this host.
            Some(JoinRefusal::NotThisPhone)
        } else {
            None
        }
    }

    /// Whether `secret` is one the table had before a phone was sent away,
    /// and `peer` a phone of the roster (still at the table).
    fn old_secret_of_a_member(&self, peer: PeerId, secret: &Secret) -> bool {
        let remote = self.peers.get(&peer).map(|p| p.remote);
        self.old_secrets.iter().any(|old| secret.matches(old))
            && self.roster.iter().any(|m| Some(m.phone) == remote)
    }

    fn refuse(&mut self, peer: PeerId, refusal: JoinRefusal) {
        self.send(peer, &ToGuest::Refused(refusal.clone()));
        self.drop_peer(peer, Misbehaviour::Refused(refusal));
    }

    fn hello(&mut self, peer: PeerId, hello: Hello) {
        let Hello {
            protocol,
            secret,
            phone,
            seats: wanted,
            held,
            lead,
            relay,
        } = hello;
        let remote = self.peers.get(&peer).map(|p| p.remote);
        let refusal = self.refusal(peer, protocol, &secret).or_else(|| {
            if remote != Some(phone) {
                Some(JoinRefusal::NotThisPhone)
            } else if self.roster.len() >= ROSTER_MAX
                && !self.roster.iter().any(|m| m.phone == phone)
            {
                Some(JoinRefusal::TableFull)
            } else if let Some(s) = wanted.iter().find(|s| **s >= self.seats.len()) {
                Some(JoinRefusal::NoSuchSeat(*s))
            } else {
                wanted
                    .iter()
                    .find(|s| self.seats[**s].is_some_and(|p| p != phone))
                    .map(|s| JoinRefusal::SeatTaken(*s))
            }
        });
        if let Some(refusal) = refusal {
            return self.refuse(peer, refusal);
        }
        if let Some(lead) = self.stepped_down.as_ref().map(|m| m.lead) {
            return self.moved(peer, lead);
        }
        if self.closed {
            self.send(peer, &ToGuest::Closing);
            return self.drop_peer(peer, Misbehaviour::Closing);
        }
        // The relay it is reachable through is its word: one that is not
        // a relay's address (or is kilobytes long) is not kept, nor sent
        // to the others to dial.
        let relay = relay.filter(|r| is_relay_url(r));
        self.meet(Member { phone, relay });
        // A phone that follows a later host: that host is asked at once
        // (this one steps down if it answers; the phone is welcomed
        // meanwhile, for that host may be gone: why it is here).
        if let Some(lead) = lead.filter(|l| l.supersedes(&self.lead)) {
            self.probe_at = self.now;
            self.probe_gap = PROBE_FIRST;
            self.probing.remove(&lead.host);
        }
        if let Some(old) = self.peer_of(phone) {
            self.drop_peer(old, Misbehaviour::Replaced);
        }
        self.left.remove(&phone);
        self.seat(phone, &wanted);
        let seat = wanted.first().copied();
        if let Some(state) = self.peers.get_mut(&peer) {
            state.phone = Some(phone);
        }
        // Every phone holds the same entries (no choice in them before it
        // is shown): a copy that is a prefix of the log keeps it.
        let from = match held {
            Some(held)
                if held.game == *self.replica.game()
                    && self.replica.chain(held.seen) == Some(held.chain) =>
            {
                held.seen + 1
            }
            _ => 1,
        };
        self.welcome(peer, phone, from);
        // Come in with a secret of before: told the table's own.
        if !secret.matches(&self.secret) {
            self.send(peer, &ToGuest::Rekey(self.secret));
        }
        self.event(HostEvent::Joined { peer, phone, seat });
        self.broadcast_seats();
    }

    /// Welcomes `phone` on `peer` to the game, its copy kept up to entry
    /// `from`: the welcome, the entries from there, and the roster last
    /// (the end of the catch-up).
    fn welcome(&mut self, peer: PeerId, phone: PhoneId, from: u64) {
        let welcome = ToGuest::Welcome {
            game: self.replica.game().clone(),
            start: self.replica.start().clone(),
            from,
            last_proposal: self.last_proposal.get(&phone).copied().unwrap_or(0),
            seats: self.seats(),
            lead: self.lead,
            votes: self.votes.clone(),
        };
        self.send(peer, &welcome);
        self.send_entries(peer, from);
        self.send(peer, &ToGuest::Roster(self.roster.clone()));
    }

    /// A guest's vote for this host's lead, kept if it is that phone's
    /// signature of it (a modified phone's other bytes count for nothing).
    fn vote(&mut self, phone: PhoneId, signature: Signature) {
        let vote = Vote { phone, signature };
        let valid = self
            .key
            .is_some_and(|k| k.checks(&vote, self.secret, self.lead));
        if valid && self.stepped_down.is_none() {
            self.votes.retain(|v| v.phone != phone);
            self.votes.push(vote);
        }
    }

    /// Another host asks whether this phone hosts the table: answered with
    /// this host's mandate (or the one it stepped down to). A prober whose
    /// mandate prevails (a phone speaks for its own lead only) makes it
    /// step down.
    fn probe(&mut self, peer: PeerId, protocol: u32, secret: Secret, mandate: Mandate) {
        let remote = self.peers.get(&peer).map(|p| p.remote);
        let refusal = self
            .refusal(peer, protocol, &secret)
            .or_else(|| (remote != Some(mandate.lead.host)).then_some(JoinRefusal::NotThisPhone));
        if let Some(refusal) = refusal {
            return self.refuse(peer, refusal);
        }
        let answer = self.stepped_down.clone().unwrap_or_else(|| self.mandate());
        self.send(peer, &ToGuest::Hosting(answer));
        self.drop_peer(peer, Misbehaviour::Probed);
        self.learn(mandate);
    }

    /// The answer to an [`Output::Probe`] of `phone`: the mandate it hosts
    /// under (the driver read it from a connection to that phone's key),
    /// or none (not hosting, out of reach).
    pub fn probed(&mut self, phone: PhoneId, answer: Option<Mandate>, now: Duration) {
        self.now = now;
        self.probing.remove(&phone);
        if let Some(mandate) = answer.filter(|m| m.lead.host == phone) {
            self.learn(mandate);
        }
    }

    /// What the phone probed answered, as bytes read from a connection to
    /// its key (none: it could not be reached): its first message.
    pub fn probe_answer(&mut self, phone: PhoneId, bytes: Option<&[u8]>, now: Duration) {
        let mut frames = Frames::default();
        frames.push(bytes.unwrap_or_default());
        let mandate = match frames.next_message::<ToGuest<G::Setup, G::Action, G::Error>>() {
            Ok(Some(ToGuest::Hosting(mandate))) => Some(mandate),
            _ => None,
        };
        self.probed(phone, mandate, now);
    }

    /// A phone hosts this table under `mandate`: if it prevails over this
    /// host's, this one steps down, every guest told where to go.
    fn learn(&mut self, mandate: Mandate) {
        if self.stepped_down.is_some() {
            return;
        }
        let learned = (self.confirms(&mandate), mandate.lead);
        let own = (self.confirms(&self.mandate()), self.lead);
        if !prevails(learned, own) {
            return;
        }
        let lead = mandate.lead;
        self.stepped_down = Some(mandate);
        let peers: Vec<PeerId> = self.peers.keys().copied().collect();
        for peer in peers {
            self.moved(peer, lead);
        }
        self.event(HostEvent::SteppedDown { lead });
    }

    fn moved(&mut self, peer: PeerId, lead: Lead) {
        self.send(peer, &ToGuest::Moved(lead));
        self.drop_peer(peer, Misbehaviour::Moved);
    }

    /// A phone of the table, and where it is reachable now.
    fn meet(&mut self, member: Member) {
        let full = self.roster.len() >= ROSTER_MAX;
        match self.roster.iter_mut().find(|m| m.phone == member.phone) {
            Some(known) if known.relay == member.relay || member.relay.is_none() => return,
            Some(known) => known.relay = member.relay,
            None if full => return,
            None => self.roster.push(member),
        }
        self.send_roster();
    }

    /// The roster to every joined phone.
    fn send_roster(&mut self) {
        let roster = ToGuest::<G::Setup, G::Action, G::Error>::Roster(self.roster.clone());
        if let Some(frame) = self.encoded(&roster, Unsent::Roster) {
            self.broadcast(frame);
        }
    }

    /// The roster's phones are probed again soon (a phone left: it may be
    /// hosting elsewhere).
    fn probe_soon(&mut self) {
        self.probe_gap = PROBE_FIRST;
        self.probe_at = self.probe_at.min(self.now + PROBE_FIRST);
    }

    /// A request for entries again: served unless the peer asked less than
    /// [`RESEND_GAP`] ago.
    fn resend(&mut self, peer: PeerId, from: u64) {
        let now = self.now;
        let Some(state) = self.peers.get_mut(&peer) else {
            return;
        };
        if state.resent.is_some_and(|at| now < at + RESEND_GAP) {
            return;
        }
        state.resent = Some(now);
        self.send_entries(peer, from);
    }

    /// A joined phone asks to play `seats` (none: to watch): granted if no
    /// other phone (the host's own included: its seats are not offered
    /// until it frees them) holds one of them, and every phone hears the
    /// seats; refused, only the asking phone hears them (unchanged).
    fn claim(&mut self, peer: PeerId, phone: PhoneId, seats: Vec<usize>) {
        let free = seats.iter().all(|s| {
            self.seats
                .get(*s)
                .is_some_and(|held| held.is_none_or(|p| p == phone))
        });
        if !free {
            let seats = self.seats();
            return self.send(peer, &ToGuest::Seats(seats));
        }
        self.seat(phone, &seats);
        let seat = seats.first().copied();
        self.event(HostEvent::Seated { phone, seat });
        self.broadcast_seats();
    }

    fn propose(&mut self, peer: PeerId, phone: PhoneId, id: u64, step: Step<G::Action>) {
        let origin = Origin {
            phone,
            proposal: id,
        };
        // Sent again after a lost answer: answered again, applied once. A
        // proposal numbered before one already seen, whose answer is gone
        // (a host reopened: refusals are not in the log), was made on a
        // game that has moved on since: refused, its player told.
        let seen = self.last_proposal.get(&phone).copied().unwrap_or(0);
        let kept = self.answers.get(&phone).and_then(|a| a.get(&id)).cloned();
        // Only a new proposal's answer is kept: ids sent in decreasing
        // order, all stale, keep nothing.
        let outcome = match kept {
            Some(answer) => answer,
            None if id <= seen => Err(TableRefusal::Stale),
            None => {
                let outcome = self.apply(&self.seats_of(phone), step, Some(origin));
                self.keep_answer(origin, outcome.clone());
                outcome
            }
        };
        self.send(peer, &ToGuest::Answer { id, outcome });
    }

    /// Keeps the answer to `origin`, and the [`ANSWERS_KEPT`] highest of
    /// its phone only (a guest sends again only what still waits).
    fn keep_answer(&mut self, origin: Origin, answer: Answer<G::Error>) {
        let last = self.last_proposal.entry(origin.phone).or_insert(0);
        *last = (*last).max(origin.proposal);
        let kept = self.answers.entry(origin.phone).or_default();
        kept.insert(origin.proposal, answer);
        while kept.len() > ANSWERS_KEPT {
            kept.pop_first();
        }
    }

    /// What the host keeps, per phone and in all.
    pub fn footprint(&self) -> Footprint {
        let phones: BTreeSet<PhoneId> = self
            .answers
            .keys()
            .chain(self.last_proposal.keys())
            .copied()
            .collect();
        Footprint {
            phones: phones.len(),
            answers: self.answers.values().map(BTreeMap::len).sum(),
            answers_per_phone: self.answers.values().map(BTreeMap::len).max().unwrap_or(0),
            votes: self.votes.len(),
            roster: self.roster.len(),
        }
    }

    /// A step of the host's own player, or of a player with no phone (the
    /// host's screen plays every seat no other phone holds), or an undo or
    /// redo of the host's own moves or of a phone no longer seated.
    pub fn act(
        &mut self,
        step: Step<G::Action>,
        now: Duration,
    ) -> Result<u64, TableRefusal<G::Error>> {
        self.now = now;
        if self.stepped_down.is_some() {
            return Err(TableRefusal::NotJoined);
        }
        if !self.may_take_back(&step) {
            return Err(TableRefusal::OthersMove);
        }
        if let Step::Act(action) = &step {
            let actor = self.replica.session().state().actor(action);
            if let Actor::Player(p) = actor {
                if self
                    .seats
                    .get(p)
                    .copied()
                    .flatten()
                    .is_some_and(|h| h != self.me)
                {
                    return Err(TableRefusal::NotYourSeat {
                        seat: self.seat_of(self.me),
                        actor,
                    });
                }
            }
        }
        self.replica.may_withdraw(&step, None)?;
        let step = match step {
            Step::Act(action) if self.replica.hides(&Step::Act(action.clone())) => self
                .replica
                .seal(action, self.nonces.next(&self.me.to_bytes()))?,
            step => step,
        };
        self.append(step, None)
    }

    /// Whether the host may take back (undo) or put back (redo) the move
    /// `step` names: its own (made here, or on this phone while it was a
    /// guest of a table it now hosts), and those of phones that hold no
    /// seat now.
    pub fn may_take_back(&self, step: &Step<G::Action>) -> bool {
        match self.replica.maker_of(step) {
            Some(Some(maker)) => maker == self.me || self.seat_of(maker).is_none(),
            _ => true,
        }
    }

    fn apply(
        &mut self,
        seats: &[usize],
        step: Step<G::Action>,
        origin: Option<Origin>,
    ) -> Result<u64, TableRefusal<G::Error>> {
        // Each phone takes back (and puts back) its own moves only, and
        // reveals (or makes void) its own choices only (seated or not by
        // then). A host's own commitment names no phone, and hosts
        // change: one made by a host that stepped down (a locked screen)
        // is revealed by its phone, a guest now, whose opening proves it
        // made it (no other phone can open it).
        if let (Some(maker), Some(phone)) = (self.replica.maker_of(&step), origin.map(|o| o.phone))
        {
            let a_hosts_reveal = maker.is_none() && matches!(step, Step::Reveal { .. });
            if maker != Some(phone) && !a_hosts_reveal {
                return Err(TableRefusal::OthersMove);
            }
        }
        if !matches!(
            step,
            Step::Reveal { .. } | Step::Void { .. } | Step::StandIn { .. }
        ) {
            seats_may(self.replica.session().state(), seats, &step)?;
        }
        // A phone that withdraws and commits again at the rate limit would
        // grow the round every phone keeps: it is refused past a few.
        (self.replica).may_withdraw(&step, origin.map(|o| o.phone))?;
        self.append(step, origin)
    }

    /// Appends `step` to the log and sends it to every phone; then, once
    /// every awaited player has committed a hidden choice, reveals the
    /// host's own.
    fn append(
        &mut self,
        step: Step<G::Action>,
        origin: Option<Origin>,
    ) -> Result<u64, TableRefusal<G::Error>> {
        let seq = self.log(step, origin)?;
        for reveal in self.replica.due_reveals() {
            // Checked by the copy that made the commitment: it opens.
            let _ = self.log(reveal, None);
        }
        Ok(seq)
    }

    fn log(
        &mut self,
        step: Step<G::Action>,
        origin: Option<Origin>,
    ) -> Result<u64, TableRefusal<G::Error>> {
        self.replica.check(&step)?;
        let entry = Entry { step, origin };
        // Every phone gets the entry in one frame, encoded once; a step too
        // long for a frame (a word of thousands of letters) is refused.
        let message = ToGuest::<G::Setup, G::Action, G::Error>::Entries {
            from: self.replica.head() + 1,
            entries: vec![entry.clone()],
        };
        let frame = encode(&message).map_err(|_| TableRefusal::TooLarge)?;
        let seq = self.replica.append(entry)?;
        self.broadcast(frame);
        self.event(HostEvent::Applied { head: seq });
        Ok(seq)
    }

    /// The host's own phone holds `seat` (a player on this phone): it is no
    /// longer offered to the other phones. Only a seat no phone holds; true
    /// if the host holds it now.
    pub fn take_seat(&mut self, seat: usize, now: Duration) -> bool {
        self.now = now;
        let me = self.me;
        match self.seats.get_mut(seat) {
            Some(held @ None) => {
                *held = Some(me);
                self.broadcast_seats();
                true
            }
            Some(Some(phone)) => *phone == me,
            None => false,
        }
    }

    /// The seat is no longer held by its phone (which watches from now on;
    /// the host's own seat is offered to the other phones from now on);
    /// the host plays it until a phone claims it. A hidden choice that
    /// phone committed and has not shown is made void: the host chooses
    /// for the seat afresh (a ruling).
    pub fn free_seat(&mut self, seat: usize, now: Duration) {
        self.now = now;
        let Some(held) = self.seats.get_mut(seat) else {
            return;
        };
        if held.take().is_none() {
            return;
        }
        self.broadcast_seats();
        for void in self.replica.unread_choices_of(seat) {
            let _ = self.append(void, None);
        }
    }

    /// Sends `phone` away from the table: its connection closed (it is
    /// told), its seats freed and its choices not shown made void (or, once
    /// a choice of the round is shown, the coach's stood in), out of the
    /// roster and its votes, and the table's secret is `secret` from now on
    /// (fresh, from the driver): the phones still at the table are told it
    /// over the link, and the one sent away needs a new invitation to come
    /// back. False, and nothing changes, for this phone or one the table
    /// does not know.
    pub fn send_away(&mut self, phone: PhoneId, secret: Secret, now: Duration) -> bool {
        self.now = now;
        let known = self.roster.iter().any(|m| m.phone == phone)
            || self.seats.contains(&Some(phone))
            || self.peer_of(phone).is_some();
        if phone == self.me || !known || self.stepped_down.is_some() {
            return false;
        }
        if let Some(peer) = self.peer_of(phone) {
            self.send(peer, &ToGuest::Refused(JoinRefusal::SentAway));
            self.drop_peer(peer, Misbehaviour::SentAway);
        }
        self.seat(phone, &[]);
        let made_there = |e: &Entry<G::Action>| e.origin.is_some_and(|o| o.phone == phone);
        for step in self.replica.lost_openings(made_there) {
            let _ = self.append(step, None);
        }
        self.roster.retain(|m| m.phone != phone);
        self.old_secrets.push(self.secret);
        let old = self.old_secrets.len().saturating_sub(OLD_SECRETS);
        self.old_secrets.drain(..old);
        self.secret = secret;
        self.output.push_back(Output::Accept {
            alpns: self.alpns(),
        });
        // The votes were for the lead at the old secret.
        self.votes.clear();
        self.vote_for_self();
        if let Some(frame) = self.encoded(
            &ToGuest::<G::Setup, G::Action, G::Error>::Rekey(secret),
            Unsent::Message,
        ) {
            self.broadcast(frame);
        }
        self.send_roster();
        self.broadcast_seats();
        self.event(HostEvent::SentAway { phone });
        true
    }

    /// The next game at this table, `replica` (the same players, a new
    /// game id), once this one is over: every phone keeps its seat, and
    /// every joined guest is welcomed to it at once (a guest away is, when
    /// back). False, and nothing changes, if this game is not over or the
    /// next has other players.
    pub fn next_game(&mut self, replica: Replica<G>, now: Duration) -> bool {
        self.now = now;
        let players = replica.session().state().players().len();
        if !self.replica.session().is_finished()
            || players != self.seats.len()
            || replica.game() == self.replica.game()
            || self.stepped_down.is_some()
        {
            return false;
        }
        self.replica = replica;
        self.answers.clear();
        let joined: Vec<(PeerId, PhoneId)> = self
            .peers
            .iter()
            .filter_map(|(peer, state)| Some((*peer, state.phone?)))
            .collect();
        for (peer, phone) in joined {
            self.welcome(peer, phone, 1);
        }
        self.event(HostEvent::Applied { head: 0 });
        true
    }

    /// The host leaves: every guest is told, then every connection closed.
    pub fn close(&mut self, now: Duration) {
        self.now = now;
        self.closed = true;
        let peers: Vec<PeerId> = self.peers.keys().copied().collect();
        for peer in peers {
            self.send(peer, &ToGuest::Closing);
            self.output.push_back(Output::Close { peer });
        }
        self.peers.clear();
    }

    /// The heartbeat: says `Ping` to every joined phone that has heard
    /// nothing from this host for [`HEARTBEAT`](super::wire::HEARTBEAT),
    /// and drops a connection silent for [`SILENCE`](super::wire::SILENCE).
    pub fn handle_timeout(&mut self, now: Duration) {
        self.now = now;
        let late: Vec<PeerId> = self
            .peers
            .iter()
            .filter(|(_, p)| p.phone.is_none() && now >= p.join_by)
            .map(|(id, _)| *id)
            .collect();
        for peer in late {
            self.drop_peer(peer, Misbehaviour::Knocked);
        }
        let silent: Vec<PeerId> = self
            .peers
            .iter()
            .filter(|(_, p)| p.heartbeat.is_silent(now))
            .map(|(id, _)| *id)
            .collect();
        for peer in silent {
            self.drop_peer(peer, Misbehaviour::Silent);
        }
        let due: Vec<PeerId> = self
            .peers
            .iter()
            .filter(|(_, p)| p.phone.is_some() && p.heartbeat.ping_due(now))
            .map(|(id, _)| *id)
            .collect();
        for peer in due {
            self.send(peer, &ToGuest::Ping);
        }
        if now >= self.probe_at && self.stepped_down.is_none() {
            self.probe_unjoined(now);
        }
    }

    /// Asks every phone of the roster that is not joined here (nor being
    /// asked already) whether it hosts the table, then waits longer.
    fn probe_unjoined(&mut self, now: Duration) {
        let joined: BTreeSet<PhoneId> = self.peers.values().filter_map(|p| p.phone).collect();
        let due: Vec<Member> = self
            .roster
            .iter()
            .filter(|m| m.phone != self.me && !joined.contains(&m.phone))
            .filter(|m| !self.probing.contains(&m.phone))
            .cloned()
            .collect();
        let probe = ToHost::<G::Action>::Probe {
            protocol: PROTOCOL,
            secret: self.secret,
            mandate: self.mandate(),
        };
        self.probe_at = now + self.probe_gap;
        self.probe_gap = (self.probe_gap * 2).min(PROBE_MAX);
        let Some(frame) = self.encoded(&probe, Unsent::Probe) else {
            return;
        };
        for member in due {
            self.probing.insert(member.phone);
            self.output.push_back(Output::Probe {
                phone: member.phone,
                relay: member.relay,
                frame: frame.clone(),
            });
        }
    }

    /// When [`Host::handle_timeout`] has something to do, if ever (not
    /// while no phone is connected).
    pub fn poll_timeout(&self) -> Option<Duration> {
        let heartbeats = self
            .peers
            .values()
            .map(|p| p.heartbeat.next(p.phone.is_some()));
        let knocks = self
            .peers
            .values()
            .filter(|p| p.phone.is_none())
            .map(|p| p.join_by);
        let probe = (self.stepped_down.is_none() && self.roster.len() > 1).then_some(self.probe_at);
        heartbeats.chain(knocks).chain(probe).min()
    }

    /// The next thing for the driver to do: frames to send, connections to
    /// close and events for the screen, in the order they happened.
    pub fn poll_output(&mut self) -> Option<Output<HostEvent>> {
        self.output.pop_front()
    }

    fn event(&mut self, event: HostEvent) {
        self.output.push_back(Output::Event(event));
    }

    fn joined(&self) -> impl Iterator<Item = PeerId> + '_ {
        self.peers
            .iter()
            .filter(|(_, p)| p.phone.is_some())
            .map(|(id, _)| *id)
    }

    /// Closes `peer`'s connection, saying why (a phone that had joined
    /// left: the others hear the seats, and the roster is probed soon).
    fn drop_peer(&mut self, peer: PeerId, why: Misbehaviour) {
        let phone = self.peers.remove(&peer).and_then(|p| p.phone);
        self.output.push_back(Output::Close { peer });
        self.event(HostEvent::Turned { peer, why });
        if let Some(phone) = phone {
            self.event(HostEvent::Left { peer, phone });
            self.broadcast_seats();
            self.probe_soon();
        }
    }

    fn broadcast_seats(&mut self) {
        let seats = ToGuest::<G::Setup, G::Action, G::Error>::Seats(self.seats());
        if let Some(frame) = self.encoded(&seats, Unsent::Seats) {
            self.broadcast(frame);
        }
    }

    /// `message` as a frame, or none and the host's screen told (see
    /// [`HostEvent::Unsent`]).
    fn encoded<T: Serialize>(&mut self, message: &T, what: Unsent) -> Option<Vec<u8>> {
        let frame = encode(message).ok();
        if frame.is_none() {
            self.event(HostEvent::Unsent(what));
        }
        frame
    }

    /// The same frame to every phone that has joined.
    fn broadcast(&mut self, frame: Vec<u8>) {
        let peers: Vec<PeerId> = self.joined().collect();
        for peer in peers {
            self.transmit(peer, frame.clone());
        }
    }

    /// Entries `from` to the head, in frames of at most
    /// [`ENTRIES_PER_FRAME`] entries and [`MAX_FRAME`] bytes.
    fn send_entries(&mut self, peer: PeerId, from: u64) {
        let from = from.max(1);
        let mut next = from;
        while next <= self.replica.head() {
            let mut count = ENTRIES_PER_FRAME.min((self.replica.head() + 1 - next) as usize);
            loop {
                let message = ToGuest::<G::Setup, G::Action, G::Error>::Entries {
                    from: next,
                    entries: self.replica.entries()[next as usize - 1..][..count].to_vec(),
                };
                match encode(&message) {
                    Ok(frame) => {
                        self.transmit(peer, frame);
                        break;
                    }
                    // A single entry always fits: its proposal did.
                    Err(_) if count > 1 => count /= 2,
                    Err(_) => return,
                }
            }
            next += count as u64;
        }
    }

    fn send(&mut self, peer: PeerId, message: &ToGuest<G::Setup, G::Action, G::Error>) {
        // Every message but entries is far below the limit (the roster and
        // the votes are bounded); entries are split by send_entries.
        let what = match message {
            ToGuest::Roster(_) => Unsent::Roster,
            ToGuest::Seats(_) => Unsent::Seats,
            _ => Unsent::Message,
        };
        if let Some(frame) = self.encoded(message, what) {
            debug_assert!(frame.len() <= MAX_FRAME + 4);
            self.transmit(peer, frame);
        }
    }

    fn transmit(&mut self, peer: PeerId, frame: Vec<u8>) {
        if let Some(state) = self.peers.get_mut(&peer) {
            state.heartbeat.sent(self.now);
        }
        self.output.push_back(Output::Transmit { peer, frame });
    }
}
