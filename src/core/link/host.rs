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

use super::super::game::{Actor, Game};
use super::heartbeat::Heartbeat;
use super::replica::{Replica, SavedReplica};
use super::wire::{
    encode, Denied, Entry, FrameError, Frames, Held, JoinRefusal, Origin, PhoneId, SeatView,
    Secret, Step, ToGuest, ToHost, MAX_FRAME, PROTOCOL,
};
use super::{seat_may, Output, PeerId};
use ::core::time::Duration;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, VecDeque};

/// A peer may send this many messages at once…
const BURST: f64 = 64.0;
/// …and this many a second after that; more is a flood, and the peer is
/// dropped. A player sends a few a minute.
const PER_SECOND: f64 = 32.0;
/// The most entries in one frame of a catch-up.
const ENTRIES_PER_FRAME: usize = 256;

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
    /// The log grew to `head` entries (a guest's step or the host's own).
    Applied { head: u64 },
    /// A joined phone took a seat (or watches from now on, `None`).
    Seated { phone: PhoneId, seat: Option<usize> },
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
}

struct Peer {
    frames: Frames,
    /// Set by its hello.
    phone: Option<PhoneId>,
    tokens: f64,
    at: Duration,
    heartbeat: Heartbeat,
}

/// What the host saves beside its copy: the secret of its ticket and who
/// holds which seat, so that seats stay held across a restart of the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SavedHost<G: Game> {
    pub replica: SavedReplica<G>,
    pub secret: Secret,
    pub me: PhoneId,
    pub seats: Vec<Option<PhoneId>>,
}

/// The host of a table.
pub struct Host<G: Game> {
    replica: Replica<G>,
    secret: Secret,
    /// The host's own phone.
    me: PhoneId,
    /// The phone holding each player's seat; the host plays the others.
    seats: Vec<Option<PhoneId>>,
    peers: BTreeMap<PeerId, Peer>,
    /// How each guest proposal was answered: the entry it became, or why
    /// it was refused. A proposal sent again gets the same answer.
    answers: HashMap<Origin, Result<u64, Denied<G::Error>>>,
    /// The highest proposal number seen from each phone.
    last_proposal: HashMap<PhoneId, u64>,
    output: VecDeque<Output<HostEvent>>,
    /// The time of the call being handled.
    now: Duration,
}

impl<G: Game> Host<G> {
    /// Hosts `replica` (a new game, or a copy carried on from a table whose
    /// host left) under a new `secret`; `seat` is the host's own player. A
    /// carried copy holding others' hidden choices sealed goes on from
    /// before them: that round's choices are made again.
    pub fn new(replica: Replica<G>, secret: Secret, me: PhoneId, seat: Option<usize>) -> Self {
        let players = replica.session().state().players().len();
        let mut seats = vec![None; players];
        if let Some(held) = seat.and_then(|s| seats.get_mut(s)) {
            *held = Some(me);
        }
        Self::with_seats(replica, secret, me, seats)
    }

    /// The host as it was saved.
    pub fn restore(saved: SavedHost<G>, replica: Replica<G>) -> Self {
        let mut seats = saved.seats;
        seats.resize(replica.session().state().players().len(), None);
        Self::with_seats(replica, saved.secret, saved.me, seats)
    }

    fn with_seats(
        replica: Replica<G>,
        secret: Secret,
        me: PhoneId,
        seats: Vec<Option<PhoneId>>,
    ) -> Self {
        let mut replica = replica;
        replica.truncate(replica.verified());
        let mut host = Host {
            replica,
            secret,
            me,
            seats,
            peers: BTreeMap::new(),
            answers: HashMap::new(),
            last_proposal: HashMap::new(),
            output: VecDeque::new(),
            now: Duration::ZERO,
        };
        let origins: Vec<(u64, Origin)> = (1..)
            .zip(host.replica.entries())
            .filter_map(|(seq, entry)| entry.origin.map(|origin| (seq, origin)))
            .collect();
        for (seq, origin) in origins {
            host.note_proposal(origin);
            host.answers.insert(origin, Ok(seq));
        }
        host
    }

    pub fn saved(&self) -> SavedHost<G> {
        SavedHost {
            replica: self.replica.saved(),
            secret: self.secret,
            me: self.me,
            seats: self.seats.clone(),
        }
    }

    pub fn replica(&self) -> &Replica<G> {
        &self.replica
    }

    pub fn secret(&self) -> Secret {
        self.secret
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
            })
            .collect()
    }

    /// The seat `phone` holds.
    pub fn seat_of(&self, phone: PhoneId) -> Option<usize> {
        self.seats.iter().position(|p| *p == Some(phone))
    }

    fn peer_of(&self, phone: PhoneId) -> Option<PeerId> {
        self.peers
            .iter()
            .find(|(_, peer)| peer.phone == Some(phone))
            .map(|(id, _)| *id)
    }

    /// A connection opened.
    pub fn connected(&mut self, peer: PeerId, now: Duration) {
        self.now = now;
        self.peers.insert(
            peer,
            Peer {
                frames: Frames::default(),
                phone: None,
                tokens: BURST,
                at: now,
                heartbeat: Heartbeat::new(now),
            },
        );
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
                        return self.turn(peer, Misbehaviour::Flood);
                    }
                    self.handle(peer, message);
                }
                Err(error) => return self.turn(peer, Misbehaviour::Frame(error)),
            }
        }
    }

    fn handle(&mut self, peer: PeerId, message: ToHost<G::Action>) {
        let phone = self.peers.get(&peer).and_then(|p| p.phone);
        match (message, phone) {
            (
                ToHost::Hello {
                    protocol,
                    secret,
                    phone,
                    seat,
                    held,
                },
                None,
            ) => self.hello(peer, protocol, secret, phone, seat, held),
            (_, None) => self.turn(peer, Misbehaviour::NoHello),
            (ToHost::Hello { .. }, Some(_)) => self.turn(peer, Misbehaviour::NoHello),
            (ToHost::Propose { id, step }, Some(phone)) => self.propose(peer, phone, id, step),
            (ToHost::Resend { from }, Some(_)) => self.send_entries(peer, from),
            (ToHost::Claim { seat }, Some(phone)) => self.claim(peer, phone, seat),
            (ToHost::Bye, Some(_)) => {
                self.output.push_back(Output::Close { peer });
                self.disconnected(peer, self.now);
            }
            (ToHost::Ping, Some(_)) => {}
        }
    }

    fn hello(
        &mut self,
        peer: PeerId,
        protocol: u32,
        secret: Secret,
        phone: PhoneId,
        seat: Option<usize>,
        held: Option<Held>,
    ) {
        let refusal = if protocol != PROTOCOL {
            Some(JoinRefusal::Protocol { host: PROTOCOL })
        } else if !secret.matches(&self.secret) {
            Some(JoinRefusal::WrongSecret)
        } else if let Some(s) = seat.filter(|s| *s >= self.seats.len()) {
            Some(JoinRefusal::NoSuchSeat(s))
        } else {
            seat.filter(|s| self.seats[*s].is_some_and(|p| p != phone))
                .map(JoinRefusal::SeatTaken)
        };
        if let Some(refusal) = refusal {
            self.send(peer, &ToGuest::Refused(refusal.clone()));
            return self.turn(peer, Misbehaviour::Refused(refusal));
        }
        if phone == self.me {
            // Another phone using this host's own id is not this host.
            let refusal = JoinRefusal::SeatTaken(seat.unwrap_or(0));
            self.send(peer, &ToGuest::Refused(refusal.clone()));
            return self.turn(peer, Misbehaviour::Refused(refusal));
        }
        if let Some(old) = self.peer_of(phone) {
            self.turn(old, Misbehaviour::Replaced);
        }
        for held_seat in self.seats.iter_mut() {
            if *held_seat == Some(phone) {
                *held_seat = None;
            }
        }
        if let Some(s) = seat {
            self.seats[s] = Some(phone);
        }
        if let Some(state) = self.peers.get_mut(&peer) {
            state.phone = Some(phone);
        }
        let from = match held {
            Some(held)
                if held.game == self.replica.game()
                    && self.replica.chain(held.seen) == Some(held.chain) =>
            {
                held.seen + 1
            }
            _ => 1,
        };
        let welcome = ToGuest::Welcome {
            game: self.replica.game().to_string(),
            start: self.replica.start().clone(),
            from,
            last_proposal: self.last_proposal.get(&phone).copied().unwrap_or(0),
            seats: self.seats(),
        };
        self.send(peer, &welcome);
        self.send_entries(peer, from);
        self.event(HostEvent::Joined { peer, phone, seat });
        self.broadcast_seats();
    }

    /// A joined phone asks for `seat`: granted if no other phone (the host's
    /// own included: its seats are not offered until it frees them) holds
    /// it, and every phone hears the seats; refused, only the asking phone
    /// hears them (unchanged).
    fn claim(&mut self, peer: PeerId, phone: PhoneId, seat: Option<usize>) {
        let free = seat.is_none_or(|s| {
            self.seats
                .get(s)
                .is_some_and(|held| held.is_none_or(|p| p == phone))
        });
        if !free {
            let seats = self.seats();
            return self.send(peer, &ToGuest::Seats(seats));
        }
        for held in self.seats.iter_mut() {
            if *held == Some(phone) {
                *held = None;
            }
        }
        if let Some(s) = seat {
            self.seats[s] = Some(phone);
        }
        self.event(HostEvent::Seated { phone, seat });
        self.broadcast_seats();
    }

    fn propose(&mut self, peer: PeerId, phone: PhoneId, id: u64, step: Step<G::Action>) {
        let origin = Origin {
            phone,
            proposal: id,
        };
        // Sent again after a lost answer: answered again, applied once.
        let outcome = match self.answers.get(&origin) {
            Some(answer) => answer.clone(),
            None => self.apply(self.seat_of(phone), step, Some(origin)),
        };
        self.answers.insert(origin, outcome.clone());
        self.note_proposal(origin);
        self.send(peer, &ToGuest::Answer { id, outcome });
    }

    fn note_proposal(&mut self, origin: Origin) {
        let last = self.last_proposal.entry(origin.phone).or_insert(0);
        *last = (*last).max(origin.proposal);
    }

    /// A step of the host's own player, or of a player with no phone (the
    /// host's screen plays every seat no other phone holds), or an undo or
    /// redo of the host's own moves or of a phone no longer seated.
    pub fn act(&mut self, step: Step<G::Action>, now: Duration) -> Result<u64, Denied<G::Error>> {
        self.now = now;
        if !self.may(&step) {
            return Err(Denied::OthersMove);
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
                    return Err(Denied::NotYourSeat {
                        seat: self.seat_of(self.me),
                        actor,
                    });
                }
            }
        }
        self.append(step, None)
    }

    /// Whether the host may take back (undo) or put back (redo) the move
    /// `step` names: its own (made here, or on this phone while it was a
    /// guest of a table it now hosts), and those of phones that hold no
    /// seat now.
    pub fn may(&self, step: &Step<G::Action>) -> bool {
        match self.replica.maker_of(step) {
            Some(Some(maker)) => maker == self.me || self.seat_of(maker).is_none(),
            _ => true,
        }
    }

    fn apply(
        &mut self,
        seat: Option<usize>,
        step: Step<G::Action>,
        origin: Option<Origin>,
    ) -> Result<u64, Denied<G::Error>> {
        let Some(seat) = seat else {
            return Err(Denied::Watching);
        };
        // Each phone takes back (and puts back) its own moves only.
        if let (Some(maker), Some(phone)) = (self.replica.maker_of(&step), origin.map(|o| o.phone))
        {
            if maker != Some(phone) {
                return Err(Denied::OthersMove);
            }
        }
        seat_may(self.replica.session().state(), seat, &step)?;
        self.append(step, origin)
    }

    fn append(
        &mut self,
        step: Step<G::Action>,
        origin: Option<Origin>,
    ) -> Result<u64, Denied<G::Error>> {
        if matches!(step, Step::Undo | Step::Sealed { .. }) {
            self.replica.check(&step)?;
        }
        let entry = Entry { step, origin };
        // Every phone gets the entry in one frame, encoded once; a step too
        // long for a frame (a word of thousands of letters) is refused.
        let message = ToGuest::<G::Setup, G::Action, G::Error>::Entries {
            from: self.replica.head() + 1,
            entries: vec![entry.clone()],
        };
        let frame = encode(&message).map_err(|_| Denied::TooLarge)?;
        let round = self.replica.round_start();
        let seq = self.replica.append(entry)?;
        let peers: Vec<PeerId> = self.joined().collect();
        match (round, self.replica.round_start()) {
            // Every player has chosen: each phone gets the round in full.
            (Some(from), None) => peers.into_iter().for_each(|p| self.send_entries(p, from)),
            // Hidden choices: each phone gets the entry as it may read it.
            (_, Some(_)) => peers.into_iter().for_each(|p| self.send_entries(p, seq)),
            (None, None) => self.broadcast(frame),
        }
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
    /// the host plays it until a phone claims it.
    pub fn free_seat(&mut self, seat: usize, now: Duration) {
        self.now = now;
        if let Some(held) = self.seats.get_mut(seat) {
            if held.is_some() {
                *held = None;
                self.broadcast_seats();
            }
        }
    }

    /// The host leaves: every guest is told, then every connection closed.
    pub fn close(&mut self, now: Duration) {
        self.now = now;
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
        let silent: Vec<PeerId> = self
            .peers
            .iter()
            .filter(|(_, p)| p.heartbeat.is_silent(now))
            .map(|(id, _)| *id)
            .collect();
        for peer in silent {
            self.turn(peer, Misbehaviour::Silent);
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
    }

    /// When [`Host::handle_timeout`] has something to do, if ever (not
    /// while no phone is connected).
    pub fn poll_timeout(&self) -> Option<Duration> {
        self.peers
            .values()
            .map(|p| p.heartbeat.next(p.phone.is_some()))
            .min()
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

    fn turn(&mut self, peer: PeerId, why: Misbehaviour) {
        let phone = self.peers.remove(&peer).and_then(|p| p.phone);
        self.output.push_back(Output::Close { peer });
        self.event(HostEvent::Turned { peer, why });
        if let Some(phone) = phone {
            self.event(HostEvent::Left { peer, phone });
            self.broadcast_seats();
        }
    }

    fn broadcast_seats(&mut self) {
        let seats = ToGuest::<G::Setup, G::Action, G::Error>::Seats(self.seats());
        if let Ok(frame) = encode(&seats) {
            self.broadcast(frame);
        }
    }

    /// The same frame to every phone that has joined.
    fn broadcast(&mut self, frame: Vec<u8>) {
        let peers: Vec<PeerId> = self.joined().collect();
        for peer in peers {
            self.transmit(peer, frame.clone());
        }
    }

    /// Entries `from` to the head, in frames of at most
    /// [`ENTRIES_PER_FRAME`] entries and [`MAX_FRAME`] bytes, as the peer's
    /// phone may read them (others' hidden choices sealed).
    fn send_entries(&mut self, peer: PeerId, from: u64) {
        let seats: Vec<usize> = self
            .peers
            .get(&peer)
            .and_then(|p| p.phone)
            .and_then(|phone| self.seat_of(phone))
            .into_iter()
            .collect();
        let from = from.max(1);
        let mut next = from;
        while next <= self.replica.head() {
            let mut count = ENTRIES_PER_FRAME.min((self.replica.head() + 1 - next) as usize);
            loop {
                let message = ToGuest::<G::Setup, G::Action, G::Error>::Entries {
                    from: next,
                    entries: (next..next + count as u64)
                        .filter_map(|seq| self.replica.entry_for(seq, &seats))
                        .collect(),
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
        // Every message but entries is far below the limit; entries are
        // split by send_entries.
        if let Ok(frame) = encode(message) {
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
