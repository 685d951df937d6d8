//! The table protocol without a network: a host and its guests driven
//! through seeded random interleavings, with frames lost, repeated and
//! reordered, guests dropping off, coming back and restarting from their
//! saved copy. Whatever happens, once the link is healthy again every copy
//! holds the host's log, that log replays on one phone to the same game,
//! and every proposal was applied once or refused with a reason.

use genius::core::autoplay::random_move;
use genius::core::einstein::{self, Einstein};
use genius::core::game::{Actor, Game, GameKind};
use genius::core::link::door::{self, Door, KNOCK_ALPN, KNOCK_WAIT, TABLE_WAIT};
use genius::core::link::guest::{Guest, GuestEvent, LinkState, SavedGuest, SeatChoice, HOST};
use genius::core::link::handover::{rejoin_as_guest, take_over};
use genius::core::link::host::{Host, HostEvent, Misbehaviour, SavedHost};
use genius::core::link::mandate::{Crypto, Mandate, PhoneKey, Signature, Vote};
use genius::core::link::replica::{Replica, WITHDRAWALS_MAX};
use genius::core::link::sealed::{Commitment, Nonce, Opening};
use genius::core::link::ticket::{SaveOver, Ticket};
use genius::core::link::wire::{
    encode, Entry, FrameError, Frames, HeldCopy, Hello, JoinRefusal, Lead, Member, Origin, PhoneId,
    Secret, Start, Step, TableRefusal, ToGuest, ToHost, MAX_FRAME, PROTOCOL, SILENCE,
};
use genius::core::link::{Output, PeerId};
use genius::core::rtt::{self, shipped_sheets, Rtt};
use genius::core::save::{GameId, SavedGame, TableMark, TableRole};
use genius::core::sequence::{self, Sequence};
use genius::core::serieux::{self, Serieux};
use genius::core::session::Session;
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, VecDeque};
use std::time::Duration;

#[path = "common/withdrawals.rs"]
mod withdrawals;

const SECRET: Secret = secret(7);

/// The phones' ed25519 arithmetic, as the app's transport does it (iroh's
/// keys).
const CRYPTO: Crypto = Crypto {
    sign: |secret, message| iroh::SecretKey::from_bytes(secret).sign(message).to_bytes(),
    verify: |phone, message, signature| {
        iroh::PublicKey::from_bytes(phone).is_ok_and(|key| {
            key.verify(message, &iroh::Signature::from_bytes(signature))
                .is_ok()
        })
    },
};

thread_local! {
    static KEYS: std::cell::RefCell<HashMap<u64, PhoneKey>> = Default::default();
}

/// The key of the test's phone `n`: one whose id starts with `n`'s low
/// byte, so that the phones' keys sort as their numbers do (which of two
/// hosts at the same term gives way).
fn key(n: u64) -> PhoneKey {
    KEYS.with_borrow_mut(|keys| {
        *keys.entry(n).or_insert_with(|| {
            (0u32..)
                .find_map(|i| {
                    let mut seed = [0; 32];
                    seed[..8].copy_from_slice(&n.to_be_bytes());
                    seed[8..12].copy_from_slice(&i.to_be_bytes());
                    let public = *iroh::SecretKey::from_bytes(&seed).public().as_bytes();
                    (public[0] == n as u8)
                        .then(|| PhoneKey::new(seed, PhoneId::from_bytes(public), CRYPTO))
                })
                .unwrap()
        })
    })
}

/// The test's phone `n`.
fn phone_id(n: u64) -> PhoneId {
    key(n).phone()
}

const fn secret(b: u8) -> Secret {
    Secret::from_bytes([b; 16])
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

fn players(n: usize) -> Vec<Player> {
    let names = ["Anne", "Bruno", "Chloé", "David", "Emma", "Farid"];
    (0..n)
        .map(|i| Player::new(names[i], Colour::ALL[i]))
        .collect()
}

/// How a proposal was answered: none yet, applied as entry `seq`, or refused.
type Outcome<G> = Option<Result<u64, TableRefusal<<G as genius::core::game::Rules>::Error>>>;

/// One guest phone and its connection, as the test's network sees it.
struct Phone<G: Game> {
    guest: Guest<G>,
    /// The host's number for its connection, while connected.
    peer: Option<PeerId>,
    to_host: VecDeque<Vec<u8>>,
    to_guest: VecDeque<Vec<u8>>,
    /// Every proposal this phone made, and how it was answered.
    outcomes: HashMap<u64, Outcome<G>>,
    /// Every event of its guest, in order.
    events: Vec<GuestEvent<G::Error>>,
    /// How many times its guest asked for a fresh path (`Output::NewPath`).
    new_paths: usize,
    /// Between a welcome delivered and its roster.
    catching_up: bool,
    /// Proposals told dropped (`GuestEvent::Dropped`) before any answer.
    dropped_ids: Vec<u64>,
    /// Its link to the host is cut for now (a pause, a partition): what is
    /// in flight waits, as on a stream, until it heals or the connection
    /// ends.
    cut: bool,
}

impl<G: Game> Phone<G> {
    fn new(guest: Guest<G>) -> Self {
        Phone {
            guest,
            peer: None,
            to_host: VecDeque::new(),
            to_guest: VecDeque::new(),
            outcomes: HashMap::new(),
            events: Vec::new(),
            new_paths: 0,
            catching_up: false,
            dropped_ids: Vec::new(),
            cut: false,
        }
    }

    /// The moves its guest was told were dropped (`GuestEvent::Dropped`).
    fn dropped(&self) -> usize {
        self.events
            .iter()
            .map(|e| match e {
                GuestEvent::Dropped { moves } => *moves,
                _ => 0,
            })
            .sum()
    }
}

/// The table: one host, its guests, the frames in flight, the time.
struct Table<G: Game> {
    host: Host<G>,
    phones: Vec<Phone<G>>,
    next_peer: PeerId,
    now: Duration,
    faults: Faults,
    /// The host's probes of other phones not answered yet: a table alone
    /// answers them at once (no other phone hosts), a [`Mesh`] routes them.
    probes: Vec<PhoneId>,
    /// The ALPNs the host last asked its driver to take (`Output::Accept`).
    doors: Option<Vec<Vec<u8>>>,
    alone: bool,
    /// What the host sent on connections that are no phone's (the answer
    /// to a probe), by connection.
    stray: Vec<(PeerId, Vec<u8>)>,
    /// Every event of the host, in order.
    events: Vec<HostEvent>,
    /// The host's screen is locked: it hears nothing, not even that a
    /// connection ended (it finds out when it wakes).
    host_paused: bool,
    /// A phone that also sends what a modified client would (see
    /// [`Table::hostile_step`]), and how many minted keys it joined.
    hostile: Option<usize>,
    minted: u64,
    /// The hostile phone's last proposal number in its floods of
    /// withdrawals: each flood numbered far above every number it sent,
    /// so that each is new.
    flood_id: u64,
    /// Those numbers: the hostile phone's honest steps may come to take
    /// one again (its copy, behind the host's log, does not know them all),
    /// and are not judged by it.
    forged: std::collections::HashSet<u64>,
}

/// What the network did to the table, for the test's report.
#[derive(Default, Debug)]
struct Faults {
    reordered: usize,
    repeated: usize,
    lost: usize,
    dropped_links: usize,
    restarts: usize,
    /// Connections dropped by a side that heard nothing for too long.
    silences: usize,
}

impl<G: Game> Table<G> {
    /// `n` players: the host plays seat 0, guest `i` seat `claims[i]`.
    /// The host is phone 1000, guest `i` phone `i + 1`, each its key.
    fn new(start: Start<G::Setup>, claims: &[Option<usize>]) -> Self {
        Self::of_phones(start, claims, true)
    }

    /// The same, the phones numbered as copies saved before phones were
    /// their keys (without keys, they sign nothing).
    fn numbered(start: Start<G::Setup>, claims: &[Option<usize>]) -> Self {
        Self::of_phones(start, claims, false)
    }

    fn of_phones(start: Start<G::Setup>, claims: &[Option<usize>], keys: bool) -> Self {
        let replica = Replica::new(GameId::parse("test-game").unwrap(), start).unwrap();
        let id = |n| {
            if keys {
                phone_id(n)
            } else {
                PhoneId::numbered(n)
            }
        };
        let mut host = Host::new(replica, SECRET, id(1000), Some(0));
        if keys {
            host.identify(key(1000));
        }
        let phones = claims
            .iter()
            .enumerate()
            .map(|(i, claim)| {
                let n = i as u64 + 1;
                let mut guest = Guest::new(SECRET, id(n), *claim, None);
                if keys {
                    guest.identify(key(n));
                }
                Phone::new(guest)
            })
            .collect();
        Table::hosted(host, phones)
    }

    fn hosted(host: Host<G>, phones: Vec<Phone<G>>) -> Self {
        Table {
            host,
            phones,
            next_peer: 1,
            now: Duration::ZERO,
            faults: Faults::default(),
            probes: Vec::new(),
            doors: None,
            alone: true,
            stray: Vec::new(),
            events: Vec::new(),
            host_paused: false,
            hostile: None,
            minted: 0,
            flood_id: u64::MAX / 2 + 1,
            forged: Default::default(),
        }
    }

    /// Phone `i` dials the host; an honest phone's connection carries its
    /// own key.
    fn connect(&mut self, i: usize) {
        let key = self.phones[i].guest.phone();
        self.connect_as(i, key);
    }

    /// Phone `i` dials the host with the key `remote`.
    fn connect_as(&mut self, i: usize, remote: PhoneId) {
        let peer = self.next_peer;
        self.next_peer += 1;
        self.host.connected(peer, remote, self.now);
        let host = self.host.me();
        let phone = &mut self.phones[i];
        phone.peer = Some(peer);
        // The transport authenticates the host's key too.
        phone.guest.connected_to(host, self.now);
    }

    fn disconnect(&mut self, i: usize) {
        let phone = &mut self.phones[i];
        if let Some(peer) = phone.peer.take() {
            phone.to_host.clear();
            phone.to_guest.clear();
            phone.catching_up = false;
            phone.guest.disconnected(self.now);
            if !self.host_paused {
                self.host.disconnected(peer, self.now);
            }
        }
    }

    /// Moves what both sides want to send into the network, and closes
    /// what either side closes.
    fn pump(&mut self) {
        while let Some(output) = self.host.poll_output() {
            match output {
                Output::Transmit { peer, frame } => {
                    check_sealed(&frame);
                    match self.phones.iter_mut().find(|p| p.peer == Some(peer)) {
                        Some(p) => p.to_guest.push_back(frame),
                        None => self.stray.push((peer, frame)),
                    }
                }
                Output::Close { peer } => {
                    if let Some(i) = self.phones.iter().position(|p| p.peer == Some(peer)) {
                        // What was queued before the close still arrives.
                        let phone = &mut self.phones[i];
                        while let Some(frame) = phone.to_guest.pop_front() {
                            phone.guest.receive(&frame, self.now);
                        }
                        self.disconnect(i);
                    }
                }
                Output::Probe { phone, .. } => self.probes.push(phone),
                Output::NewPath => unreachable!("a host has no path to renew"),
                Output::Accept { alpns } => self.doors = Some(alpns),
                Output::Event(event) => {
                    if std::env::var("LINK_DEBUG").is_ok() {
                        eprintln!("{:?}: {event:?}", self.host.me());
                    }
                    self.events.push(event);
                }
            }
        }
        if self.alone {
            // No other phone hosts this table: every probe finds none.
            for phone in std::mem::take(&mut self.probes) {
                self.host.probed(phone, None, self.now);
            }
            self.stray.clear();
        }
        let mut closed = Vec::new();
        for (i, phone) in self.phones.iter_mut().enumerate() {
            while let Some(output) = phone.guest.poll_output() {
                match output {
                    Output::Transmit { frame, .. } if phone.peer.is_some() => {
                        check_sealed(&frame);
                        phone.to_host.push_back(frame)
                    }
                    Output::Transmit { .. } => {}
                    Output::Close { .. } => closed.push(i),
                    Output::NewPath => phone.new_paths += 1,
                    Output::Probe { .. } => unreachable!("a guest probes no phone"),
                    Output::Accept { .. } => unreachable!("a guest takes no connections"),
                    Output::Event(event) => {
                        match &event {
                            GuestEvent::Accepted { id, seq } => {
                                phone.outcomes.insert(*id, Some(Ok(*seq)));
                            }
                            GuestEvent::Denied { id, why } => {
                                phone.outcomes.insert(*id, Some(Err(why.clone())));
                            }
                            GuestEvent::Dropped { .. } => {
                                let waiting: Vec<u64> =
                                    phone.guest.pending().map(|p| p.id).collect();
                                let unanswered = phone
                                    .outcomes
                                    .iter()
                                    .filter(|(id, o)| o.is_none() && !waiting.contains(id));
                                let ids: Vec<u64> = unanswered.map(|(id, _)| *id).collect();
                                phone.dropped_ids.extend(ids);
                            }
                            _ => {}
                        }
                        phone.events.push(event);
                    }
                }
            }
        }
        for i in closed {
            self.faults.silences +=
                usize::from(self.phones[i].guest.state() == &LinkState::Offline);
            self.disconnect(i);
        }
    }

    /// Takes one frame off a queue: mostly the first, sometimes another
    /// (reordered); some are lost, some delivered twice.
    fn take(
        queue: &mut VecDeque<Vec<u8>>,
        rng: &mut StdRng,
        faults: Option<&mut Faults>,
    ) -> Option<Vec<u8>> {
        if queue.is_empty() {
            return None;
        }
        let Some(faults) = faults else {
            return queue.pop_front();
        };
        let at = if rng.random_bool(0.15) {
            faults.reordered += usize::from(queue.len() > 1);
            rng.random_range(0..queue.len())
        } else {
            0
        };
        let frame = if rng.random_bool(0.05) {
            faults.repeated += 1;
            queue[at].clone() // delivered now and again later
        } else {
            queue.remove(at)?
        };
        if rng.random_bool(0.05) {
            faults.lost += 1;
            return None;
        }
        Some(frame)
    }

    fn deliver_one(&mut self, rng: &mut StdRng, faults: bool) -> bool {
        let busy: Vec<usize> = (0..self.phones.len())
            .filter(|i| {
                let phone = &self.phones[*i];
                !phone.cut && (!phone.to_host.is_empty() || !phone.to_guest.is_empty())
            })
            .collect();
        let Some(&i) = busy.get(rng.random_range(0..busy.len().max(1))) else {
            return false;
        };
        let now = self.now;
        let phone = &mut self.phones[i];
        let faults = faults.then_some(&mut self.faults);
        if rng.random_bool(0.5) && !phone.to_host.is_empty() || phone.to_guest.is_empty() {
            if let (Some(frame), Some(peer)) =
                (Self::take(&mut phone.to_host, rng, faults), phone.peer)
            {
                self.host.receive(peer, &frame, now);
            }
        } else {
            // A welcome and its catch-up, up to the roster, come in order,
            // as on the transport's stream: the guest tells what the
            // catch-up does not bring back (`GuestEvent::Dropped`).
            let is = |frame: &[u8], what: &str| frame[4..].starts_with(what.as_bytes());
            let faults = faults.filter(|_| {
                !phone.catching_up && !phone.to_guest.iter().any(|f| is(f, "{\"Welcome\""))
            });
            let Some(frame) = Self::take(&mut phone.to_guest, rng, faults) else {
                return true;
            };
            phone.catching_up =
                is(&frame, "{\"Welcome\"") || phone.catching_up && !is(&frame, "{\"Roster\"");
            // Bytes it cannot read: the guest closes (see `pump`).
            phone.guest.receive(&frame, now);
        }
        true
    }

    /// A player makes a move on their own phone (or the host's).
    fn play(&mut self, rng: &mut StdRng) {
        let i = rng.random_range(0..=self.phones.len());
        let now = self.now;
        if i == self.phones.len() {
            // The host: its own seat, and the seats no phone holds.
            let seats: Vec<usize> = self
                .host
                .seats()
                .iter()
                .enumerate()
                .filter(|(s, v)| Some(*s) == self.host.seat_of(self.host.me()) || v.phone.is_none())
                .map(|(s, _)| s)
                .collect();
            let step = if rng.random_bool(0.04) {
                Step::Undo
            } else if rng.random_bool(0.02) {
                Step::Redo
            } else {
                match random_move(self.host.replica().session().state(), &seats, rng) {
                    Some(action) => Step::Act(action),
                    None => return,
                }
            };
            let _ = self.host.act(step, self.now);
            return;
        }
        let phone = &mut self.phones[i];
        let Some(replica) = phone.guest.replica() else {
            return;
        };
        let step = if rng.random_bool(0.03) {
            Step::Undo
        } else if rng.random_bool(0.02) {
            Step::Redo
        } else {
            let seat = phone.guest.seat();
            let seats: Vec<usize> = seat.into_iter().collect();
            match random_move(replica.session().state(), &seats, rng) {
                Some(action) => Step::Act(action),
                None => return,
            }
        };
        if let Ok(id) = phone.guest.act(step, now) {
            phone.outcomes.insert(id, None);
        }
    }

    /// Every guest's copy is a prefix of the host's log (hidden choices
    /// travel as commitments: every phone holds the same entries).
    fn check_prefixes(&self) {
        for (i, phone) in self.phones.iter().enumerate() {
            if let Some(replica) = phone.guest.replica() {
                self.check_copy(i, replica.entries());
            }
        }
    }

    fn check_copy(&self, i: usize, held: &[Entry<G::Action>]) {
        let log = self.host.replica().entries();
        assert!(
            held.len() <= log.len(),
            "guest {i} holds more than the host"
        );
        for (seq, (held, entry)) in (1..).zip(held.iter().zip(log)) {
            assert_eq!(held, entry, "guest {i}'s entry {seq} is not the host's");
        }
    }

    /// One random step of the table's life.
    fn step(&mut self, rng: &mut StdRng) {
        let roll = rng.random_range(0..100);
        let i = rng.random_range(0..self.phones.len());
        match roll {
            0..=44 => {
                self.deliver_one(rng, true);
            }
            45..=69 => self.play(rng),
            70..=74 => {
                self.faults.dropped_links += usize::from(self.phones[i].peer.is_some());
                self.disconnect(i);
            }
            75..=86 => {
                if self.phones[i].peer.is_none() {
                    self.connect(i);
                }
            }
            87..=88 => {
                self.faults.restarts += 1;
                self.restart(i);
            }
            _ => {
                self.now += Duration::from_millis(rng.random_range(0..800));
                self.tick();
            }
        }
        self.pump();
        self.check_prefixes();
        if self.hostile.is_some() {
            let (head, shown) = (self.host.replica().head(), self.host.replica().shown());
            self.hostile_step(rng);
            self.check_no_choice_after_a_reveal(head, shown);
            self.check_bounded();
            self.check_withdrawals_bounded();
        }
    }

    /// What a modified client of the hostile phone sends besides its
    /// honest steps, on its connection (so its own proposals keep their
    /// numbers): a void of its own commitment (after a reveal too), a
    /// commitment for its seat, a flood of commitments each withdrawn (an
    /// undo or a void), proposal numbers from the top and downwards, a request for the log from the last number, and keys
    /// minted to join as watchers with a 60 KiB relay.
    fn hostile_step(&mut self, rng: &mut StdRng) {
        let Some(i) = self.hostile.filter(|_| rng.random_bool(0.3)) else {
            return;
        };
        let Some(peer) = self.phones[i].peer else {
            return;
        };
        let me = self.phones[i].guest.phone();
        let mine = self
            .host
            .replica()
            .entries()
            .iter()
            .rev()
            .find_map(|e| match e.step {
                Step::Commit { commitment, .. } if e.origin.is_some_and(|o| o.phone == me) => {
                    Some(commitment)
                }
                _ => None,
            });
        let id = u64::MAX / 2 - rng.random_range(0..1_000_000);
        let propose = |id, step| encode(&ToHost::<G::Action>::Propose { id, step }).unwrap();
        let frame = match rng.random_range(0..7) {
            0 => match mine {
                Some(commitment) => propose(id, Step::Void { commitment }),
                None => return,
            },
            1 => {
                let seat = self.phones[i].guest.seat().unwrap_or(0);
                let commitment = Commitment::from_bytes(rng.random());
                propose(
                    id,
                    Step::Commit {
                        player: seat,
                        commitment,
                    },
                )
            }
            2 => propose(u64::MAX / 2 + rng.random_range(0..3), Step::Undo),
            3 => encode(&ToHost::<G::Action>::Resend { from: u64::MAX }).unwrap(),
            4 => propose(id, Step::Undo),
            // A flood of withdrawals: commit, undo, commit, void…
            5 => {
                let seat = self.phones[i].guest.seat().unwrap_or(0);
                let mut frames = Vec::new();
                // Far above the numbers its honest steps took since.
                self.flood_id += 1_000_000;
                for _ in 0..6 {
                    let commitment = Commitment::from_bytes(rng.random());
                    let commit = Step::Commit {
                        player: seat,
                        commitment,
                    };
                    let withdraw = if rng.random_bool(0.5) {
                        Step::Undo
                    } else {
                        Step::Void { commitment }
                    };
                    for step in [commit, withdraw] {
                        self.flood_id += 1;
                        self.forged.insert(self.flood_id);
                        frames.extend(propose(self.flood_id, step));
                    }
                }
                frames
            }
            _ => {
                self.minted += 1;
                let minted = phone_id(20_000 + self.minted);
                let hello = ToHost::<G::Action>::Hello(Hello {
                    protocol: PROTOCOL,
                    secret: self.host.secret(),
                    phone: minted,
                    seats: Vec::new(),
                    held: None,
                    lead: None,
                    relay: Some(format!("https://{}", "r".repeat(60 * 1024))),
                });
                let peer = 2_000_000 + self.minted;
                self.host.connected(peer, minted, self.now);
                self.host.receive(peer, &encode(&hello).unwrap(), self.now);
                self.host.disconnected(peer, self.now);
                self.pump();
                return;
            }
        };
        self.host.receive(peer, &frame, self.now);
        self.pump();
    }

    /// No commitment was made void once a choice of its round was shown
    /// (the host's log from entry `head`, `shown` then).
    fn check_no_choice_after_a_reveal(&self, head: u64, mut shown: bool) {
        for entry in &self.host.replica().entries()[head as usize..] {
            match entry.step {
                Step::Reveal { .. } => shown = true,
                Step::Void { .. } => assert!(!shown, "a void after a reveal: {entry:?}"),
                Step::StandIn { .. } => {}
                _ => shown = false,
            }
        }
    }

    /// No phone withdrew its choice more than [`WITHDRAWALS_MAX`] times in
    /// the round under way (an undo that is not a withdrawal ends a round:
    /// one more at most).
    fn check_withdrawals_bounded(&self) {
        let host = self.host.replica();
        let Some(from) = host.round_start() else {
            return;
        };
        let mut made: HashMap<Option<PhoneId>, usize> = HashMap::new();
        for entry in &host.entries()[from as usize - 1..] {
            if matches!(entry.step, Step::Undo | Step::Void { .. }) {
                *made.entry(entry.origin.map(|o| o.phone)).or_default() += 1;
            }
        }
        for (phone, made) in made {
            assert!(made <= WITHDRAWALS_MAX + 1, "{phone:?}: {made}");
        }
    }

    /// What the host keeps per phone and in all stays within its bounds.
    fn check_bounded(&self) {
        let kept = self.host.footprint();
        let roster = genius::core::link::host::ROSTER_MAX;
        assert!(kept.answers_per_phone <= 64, "{kept:?}");
        assert!(kept.roster <= roster && kept.votes <= roster, "{kept:?}");
        assert!(kept.phones <= roster, "{kept:?}");
        let frame = encode(&ToGuest::<G::Setup, G::Action, G::Error>::Roster(
            self.host.roster().to_vec(),
        ));
        assert!(frame.is_ok(), "the roster fits a frame");
    }

    /// The time is given to every side: pings, retries, and the
    /// connections of a side gone silent dropped (as the drivers do).
    fn tick(&mut self) {
        self.host.handle_timeout(self.now);
        for phone in &mut self.phones {
            phone.guest.handle_timeout(self.now);
        }
        self.pump();
    }

    /// The phone is closed and opened again: the guest comes back from what
    /// it saved (through JSON, as a file), offline.
    fn restart(&mut self, i: usize) {
        self.disconnect(i);
        let phone = &mut self.phones[i];
        let json = serde_json::to_string(&phone.guest.saved()).unwrap();
        let saved: SavedGuest<G> = serde_json::from_str(&json).unwrap();
        let replica = saved
            .replica
            .clone()
            .map(|r| Replica::restore(r).expect("a saved copy replays"));
        phone.guest = Guest::restore(saved, replica);
    }

    /// The link healthy again: every phone reconnects, and every frame is
    /// delivered in order until nothing moves.
    fn heal(&mut self, rng: &mut StdRng) {
        for i in 0..self.phones.len() {
            self.disconnect(i);
            self.connect(i);
        }
        self.pump();
        for _ in 0..100_000 {
            if !self.deliver_one(rng, false) {
                // Something still to come: an answer, or missing entries.
                let head = self.host.replica().head();
                let waiting = self.phones.iter().any(|p| {
                    p.guest.pending().count() > 0
                        || p.guest.replica().is_none_or(|r| r.head() < head)
                });
                if !waiting {
                    return;
                }
                self.now += Duration::from_secs(1);
                self.tick();
            }
            self.pump();
        }
        panic!("the table never settled");
    }

    /// The host's log replays on one phone to the host's game, and every
    /// guest is joined and holds it (others' hidden choices sealed while
    /// they are not all made), nothing waiting.
    fn check_converged(&self) {
        let host = self.host.replica();
        // Once no choice is hidden, the log replays on one phone, step by
        // step, to the same game (a commitment played as its reveal says).
        let round_open = host.round_start().is_some();
        if !round_open {
            assert_eq!(
                json(&one_phone(host).record()),
                json(host.session().record())
            );
        }
        for (i, phone) in self.phones.iter().enumerate() {
            assert_eq!(phone.guest.state(), &LinkState::Joined, "guest {i}");
            let copy = phone.guest.replica().expect("joined");
            assert_eq!(copy.head(), host.head(), "guest {i}'s log");
            self.check_copy(i, copy.entries());
            if !round_open {
                assert_eq!(copy.entries(), host.entries(), "guest {i}'s log");
                assert_eq!(
                    json(copy.session().record()),
                    json(host.session().record()),
                    "guest {i}"
                );
            }
            assert_eq!(phone.guest.pending().count(), 0, "guest {i}: unanswered");
        }
    }

    /// Every copy settled on the host's log ([`Table::check_converged`]),
    /// and every proposal was applied once, or refused and not applied.
    fn check_settled(&self) {
        self.check_converged();
        let host = self.host.replica();
        for (i, phone) in self.phones.iter().enumerate() {
            for (id, outcome) in &phone.outcomes {
                // The hostile phone's own: a number its forgeries also
                // took, or an answer they pushed out of the host's 64 kept
                // (sent again, it is stale): its own doing, to itself.
                let forged_past = |id: &u64| self.forged.iter().any(|f| f >= id);
                let stale = matches!(outcome, Some(Err(TableRefusal::Stale)));
                if self.hostile == Some(i) && (self.forged.contains(id) || stale && forged_past(id))
                {
                    continue;
                }
                let entries: Vec<u64> = (1..)
                    .zip(host.entries())
                    .filter(|(_, e)| {
                        e.origin
                            .is_some_and(|o| o.phone == phone.guest.phone() && o.proposal == *id)
                    })
                    .map(|(seq, _)| seq)
                    .collect();
                match outcome {
                    Some(Ok(seq)) => assert_eq!(entries, vec![*seq], "guest {i}, proposal {id}"),
                    Some(Err(_)) => assert!(entries.is_empty(), "guest {i}, proposal {id}"),
                    None => panic!("guest {i}: proposal {id} never answered"),
                }
            }
        }
    }
}

/// Plays `games` seeded tables of `steps` steps each, then heals the link
/// and checks every copy. Returns (entries, proposals) over all tables.
fn interleavings<G: Game>(
    start: impl Fn(&mut StdRng) -> Start<G::Setup>,
    claims: &[Option<usize>],
    games: u64,
    steps: usize,
) -> (usize, usize) {
    hostile_interleavings::<G>(start, claims, None, games, steps)
}

/// [`interleavings`], guest `hostile` also sending what a modified client
/// would ([`Table::hostile_step`]).
fn hostile_interleavings<G: Game>(
    start: impl Fn(&mut StdRng) -> Start<G::Setup>,
    claims: &[Option<usize>],
    hostile: Option<usize>,
    games: u64,
    steps: usize,
) -> (usize, usize) {
    let (mut entries, mut proposals) = (0, 0);
    let mut faults = Faults::default();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut table = Table::<G>::new(start(&mut rng), claims);
        table.hostile = hostile;
        for i in 0..claims.len() {
            table.connect(i);
        }
        table.pump();
        for _ in 0..steps {
            table.step(&mut rng);
            if table.host.replica().session().is_finished() && rng.random_bool(0.05) {
                break;
            }
        }
        table.heal(&mut rng);
        table.check_settled();
        entries += table.host.replica().head() as usize;
        proposals += table.phones.iter().map(|p| p.outcomes.len()).sum::<usize>();
        faults.reordered += table.faults.reordered;
        faults.repeated += table.faults.repeated;
        faults.lost += table.faults.lost;
        faults.dropped_links += table.faults.dropped_links;
        faults.restarts += table.faults.restarts;
        faults.silences += table.faults.silences;
    }
    // Every table settled identical (checked above): 0 copies diverged,
    // 0 entries lost.
    println!(
        "{}: {games} tables, {entries} entries, {proposals} proposals; {faults:?}; copies diverged 0",
        std::any::type_name::<G>()
    );
    (entries, proposals)
}

fn games() -> u64 {
    std::env::var("GENIUS_LINK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40)
}

#[test]
fn einstein_three_phones_and_a_watcher_agree_whatever_the_network_does() {
    let (entries, proposals) = interleavings::<Einstein>(
        |rng| Start {
            setup: einstein::Setup {
                players: players(4),
                first: if rng.random_bool(0.5) {
                    FirstPlayer::RollOff
                } else {
                    FirstPlayer::Chosen(rng.random_range(0..4))
                },
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        // Seat 3 has no phone: the host plays it.
        &[Some(1), Some(2), None],
        games(),
        1500,
    );
    assert!(entries > 20 * games() as usize, "{entries} entries");
    assert!(proposals > 20 * games() as usize, "{proposals} proposals");
}

/// The seeded Einstein table with a hostile guest: besides its honest
/// steps, it voids its own choices (after a reveal too), commits choices
/// it cannot open, numbers proposals from the top and downwards, asks for
/// the log from the last number, and mints keys that join with a 60 KiB
/// relay. After every step: no choice made void once one of its round was
/// shown, and the host's memory per phone and in all within its bounds;
/// at the end, every copy the host's.
#[test]
fn einstein_with_a_hostile_guest_keeps_every_rule_whatever_the_network_does() {
    let (entries, _) = hostile_interleavings::<Einstein>(
        |_| einstein_start(),
        &[Some(1), Some(2)],
        Some(0),
        games() / 2,
        1500,
    );
    assert!(entries > 10 * games() as usize / 2, "{entries} entries");
}

#[test]
fn roll_to_the_top_sheets_filled_at_once_agree() {
    interleavings::<Rtt>(
        |rng| {
            let sheets = shipped_sheets();
            Start {
                setup: rtt::Setup {
                    players: players(3),
                    first: FirstPlayer::RollOff,
                    sheet: sheets[rng.random_range(0..sheets.len())].clone(),
                    decreasing: rng.random_bool(0.3),
                },
                coach_allowed: false,
                dice: Default::default(),
            }
        },
        &[Some(1), Some(2)],
        games() / 2,
        1200,
    );
}

#[test]
fn turn_games_agree() {
    interleavings::<Serieux>(
        |_| Start {
            setup: serieux::Setup {
                players: players(3),
                first: FirstPlayer::RollOff,
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        &[Some(1), Some(2)],
        games() / 2,
        600,
    );
    interleavings::<Sequence>(
        |_| Start {
            setup: sequence::Setup {
                players: players(2),
                first: FirstPlayer::RollOff,
                six_in_a_row: false,
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        &[Some(1)],
        games() / 2,
        800,
    );
}

/// `replica`'s log replayed on one phone: step by step on a session, or,
/// when it holds hidden choices, by a fresh copy that holds none of this
/// phone's openings (only the log's reveals).
fn one_phone<G: Game>(replica: &Replica<G>) -> Session<G> {
    let log = replica.entries();
    if log.iter().any(|e| matches!(e.step, Step::Commit { .. })) {
        let mut saved = replica.saved();
        saved.openings.clear();
        return Replica::restore(saved).unwrap().session().clone();
    }
    let mut session: Session<G> = Session::new(replica.start().setup.clone()).unwrap();
    session.allow_coach(replica.start().coach_allowed);
    session.start_with(replica.start().dice);
    for entry in log {
        match &entry.step {
            Step::Act(action) => session.act(action.clone()).unwrap(),
            Step::Undo => assert!(session.undo()),
            Step::Redo => assert!(session.redo()),
            Step::Commit { .. }
            | Step::Reveal { .. }
            | Step::Void { .. }
            | Step::StandIn { .. } => unreachable!(),
        }
    }
    session
}

/// A three-player Einstein, Anne first.
fn einstein_start() -> Start<einstein::Setup> {
    Start {
        setup: einstein::Setup {
            players: players(3),
            first: FirstPlayer::Chosen(0),
        },
        coach_allowed: true,
        dice: Default::default(),
    }
}

/// A host with two joined guests (seats 1 and 2) of a three-player Einstein.
fn einstein_table() -> Table<Einstein> {
    einstein_table_of(Table::new)
}

/// The same with numbered phones (see [`Table::numbered`]).
fn einstein_table_numbered() -> Table<Einstein> {
    einstein_table_of(Table::numbered)
}

fn einstein_table_of(
    new: fn(Start<einstein::Setup>, &[Option<usize>]) -> Table<Einstein>,
) -> Table<Einstein> {
    let mut table = new(einstein_start(), &[Some(1), Some(2)]);
    table.connect(0);
    table.connect(1);
    settle(&mut table);
    table
}

fn settle<G: Game>(table: &mut Table<G>) {
    let mut rng = StdRng::seed_from_u64(0);
    table.pump();
    while table.deliver_one(&mut rng, false) {
        table.pump();
    }
}

fn roll(dice: [u8; 5]) -> einstein::Action {
    einstein::Action::Roll {
        dice: dice
            .iter()
            .map(|v| genius::core::dice::D6::new(*v).unwrap())
            .collect(),
        source: genius::core::game::RollSource::Typed,
    }
}

fn choose(player: usize) -> einstein::Action {
    einstein::Action::Choose {
        player,
        choice: einstein::Choice {
            pairs: [[0, 1], [2, 3]],
        },
    }
}

#[test]
fn a_guest_proposes_for_its_own_seat_only_and_sees_the_rules_refusal() {
    let mut table = einstein_table();
    // Seat 0 (the host) rolls; a guest may not roll for it.
    let guest = &mut table.phones[0].guest;
    assert_eq!(
        guest.act(Step::Act(roll([1, 2, 3, 4, 5])), Duration::ZERO),
        Err(TableRefusal::NotYourSeat {
            seat: Some(1),
            actor: Actor::Player(0)
        })
    );
    // Nor choose for another player.
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
        .unwrap();
    settle(&mut table);
    let guest = &mut table.phones[0].guest;
    assert!(matches!(
        guest.act(Step::Act(choose(2)), Duration::ZERO),
        Err(TableRefusal::NotYourSeat { .. })
    ));
    // Its own choice goes through, once; the second is refused by the rules.
    let id = guest.act(Step::Act(choose(1)), Duration::ZERO).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(2)));
    let guest = &mut table.phones[0].guest;
    assert_eq!(
        guest.act(Step::Act(choose(1)), Duration::ZERO),
        Err(TableRefusal::Rules(einstein::Error::NotWaitingFor(1)))
    );
    // The host enforces it too: a proposal forged past the guest's own check.
    let forged = encode(&ToHost::Propose {
        id: 99,
        step: Step::Act(choose(2)),
    })
    .unwrap();
    let peer = table.phones[0].peer.unwrap();
    table.host.receive(peer, &forged, Duration::ZERO);
    settle(&mut table);
    assert_eq!(
        table.phones[0].outcomes.get(&99),
        None,
        "answered, but to no proposal the guest made"
    );
    assert_eq!(table.host.replica().head(), 2, "nothing applied");
    // The host may not play a seat a phone holds.
    assert!(matches!(
        table.host.act(Step::Act(choose(2)), table.now),
        Err(TableRefusal::NotYourSeat { .. })
    ));
}

#[test]
fn steps_made_offline_go_out_when_the_link_is_back() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    table.disconnect(0);
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), Duration::ZERO)
        .unwrap();
    // Closed and opened again before the link is back: still waiting.
    table.restart(0);
    assert_eq!(table.phones[0].guest.pending().count(), 1);
    table.connect(0);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(2)));
    assert_eq!(table.phones[1].guest.replica().unwrap().head(), 2);
}

/// A host whose guests all went silent (its screen was locked, say) asks
/// the table's other phones whether one hosts it now: its view says it is
/// looking (its screen then does not invite phones to a table that may
/// have moved) until they have answered or one joins.
#[test]
fn a_host_left_alone_says_it_is_looking_for_the_table() {
    let mut table = einstein_table();
    table.alone = false;
    assert!(!table.host.view().looking);
    for i in 0..table.phones.len() {
        table.disconnect(i);
    }
    let now = table.now + Duration::from_secs(2);
    table.now = now;
    table.host.handle_timeout(now);
    table.pump();
    assert_eq!(table.host.view().phones_joined, Some(0));
    assert!(table.host.view().looking, "probing its roster");
    for phone in std::mem::take(&mut table.probes) {
        table.host.probed(phone, None, now);
    }
    assert!(!table.host.view().looking, "every phone answered");
}

/// A phone that says goodbye is shown as gone on every phone the seats
/// reach, not as one that may be back any moment (its seat stays its own
/// until the host frees it, as the ruling has it); so are the host's seats
/// once the host closes the table. A phone that comes back is back.
#[test]
fn a_phone_that_says_goodbye_is_shown_gone_everywhere() {
    let mut table = einstein_table();
    let now = table.now;
    // Its goodbye leaves before its connection closes (as on a stream).
    let peer = table.phones[0].peer.unwrap();
    table.phones[0].guest.leave(now);
    while let Some(output) = table.phones[0].guest.poll_output() {
        if let Output::Transmit { frame, .. } = output {
            table.host.receive(peer, &frame, now);
        }
    }
    settle(&mut table);
    let seat = table.host.seats()[1];
    assert!(seat.left && !seat.connected && seat.phone == Some(phone_id(1)));
    assert!(table.host.view().left(1));
    let chloe = table.phones[1].guest.view();
    assert!(chloe.left(1) && !chloe.left(0));
    // Anne rolls and chooses: Bruno is waited for as gone, and the host
    // may free his seat.
    host_rolls(&mut table, [6, 5, 4, 3, 2]);
    let now = table.now;
    table.host.act(Step::Act(choose(0)), now).unwrap();
    settle(&mut table);
    let state = table.host.replica().session().state().clone();
    let awaited = table.host.view().awaited(&state);
    assert_eq!((awaited.left, awaited.own), (vec![1], vec![2]));
    assert_eq!(awaited.free_here, vec![1]);
    // The host leaves: Chloé's copy shows Anne's seat gone, and Bruno's.
    table.host.close(now);
    settle(&mut table);
    let chloe = table.phones[1].guest.view();
    assert!(chloe.left(0) && chloe.left(1), "{:?}", chloe.seats);
}

/// The roller's own phone answers at once: a roll made on a guest is
/// pending there (its dice shown rolling) from the tap, before the host
/// has ordered it, its faces in the copy only once ordered; a roll the
/// host refuses (the table switched to real dice meanwhile) leaves the
/// pending roll, is told, and is never in the copy as if it stood.
#[test]
fn a_guests_roll_is_pending_at_once_and_one_refused_never_stands() {
    let mut table = einstein_table();
    // Anne's roll and the round: the next roll is Bruno's.
    host_rolls(&mut table, [6, 5, 4, 3, 2]);
    let now = table.now;
    table.host.act(Step::Act(choose(0)), now).unwrap();
    chooses(&mut table, 0, 1);
    chooses(&mut table, 1, 2);
    let app_roll = |dice: [u8; 5]| einstein::Action::Roll {
        dice: dice
            .iter()
            .map(|v| genius::core::dice::D6::new(*v).unwrap())
            .collect(),
        source: genius::core::game::RollSource::Virtual,
    };
    // Bruno rolls: his phone's view has the roll pending at once, its
    // copy not yet.
    let head = table.phones[0].guest.replica().unwrap().head();
    table.phones[0]
        .guest
        .act(Step::Act(app_roll([1, 2, 3, 4, 5])), now)
        .unwrap();
    let bruno = table.phones[0].guest.view();
    assert_eq!(bruno.pending_roll, Some(5));
    assert_eq!(table.phones[0].guest.replica().unwrap().head(), head);
    assert_eq!(
        table.host.view().pending_roll,
        None,
        "the host's own is ordered at once"
    );
    settle(&mut table);
    assert_eq!(table.phones[0].guest.view().pending_roll, None);
    assert_eq!(table.phones[0].guest.replica().unwrap().head(), head + 1);
    // The next round; Chloé's roll goes while her link is down, and the
    // host switches the table to real dice meanwhile.
    let now = table.now;
    for (i, seat) in [(0, 1), (1, 2)] {
        chooses(&mut table, i, seat);
    }
    table.host.act(Step::Act(choose(0)), now).unwrap();
    settle(&mut table);
    table.disconnect(1);
    let id = table.phones[1]
        .guest
        .act(Step::Act(app_roll([2, 2, 3, 5, 6])), now)
        .unwrap();
    assert_eq!(table.phones[1].guest.view().pending_roll, Some(5));
    let dice = Step::Act(einstein::Action::Dice(genius::core::game::WhoseDice::Table));
    table.host.act(dice, now).unwrap();
    table.connect(1);
    settle(&mut table);
    let chloe = &table.phones[1];
    assert_eq!(chloe.outcomes[&id], Some(Err(TableRefusal::TableDice)));
    assert!(chloe.events.contains(&GuestEvent::Denied {
        id,
        why: TableRefusal::TableDice
    }));
    assert_eq!(chloe.guest.view().pending_roll, None);
    let copy = chloe.guest.replica().unwrap();
    assert!(matches!(
        copy.session().state().phase(),
        einstein::Phase::Roll
    ));
    assert_eq!(copy.entries(), table.host.replica().entries());
}

#[test]
fn each_phone_takes_back_its_own_moves() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(2)));
    // Chloé's phone may not undo Bruno's choice: refused at once…
    assert!(!table.phones[1].guest.may_take_back(&Step::Undo));
    assert_eq!(
        table.phones[1].guest.act(Step::Undo, table.now),
        Err(TableRefusal::OthersMove)
    );
    // …and by the host, had it been sent.
    assert_eq!(
        forge_now(&mut table, 1, 50, Step::Undo),
        Err(TableRefusal::OthersMove)
    );
    settle(&mut table);
    assert_eq!(table.host.replica().head(), 2, "nothing undone");
    // Nor may the host, while Bruno's phone holds his seat.
    assert!(!table.host.may_take_back(&Step::Undo));
    assert_eq!(
        table.host.act(Step::Undo, table.now),
        Err(TableRefusal::OthersMove)
    );
    // Bruno takes it back, and only he puts it back.
    assert!(table.phones[0].guest.may_take_back(&Step::Undo));
    let undo = table.phones[0].guest.act(Step::Undo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&undo], Some(Ok(3)));
    assert_eq!(
        table.phones[1].guest.act(Step::Redo, table.now),
        Err(TableRefusal::OthersMove)
    );
    assert_eq!(
        table.host.act(Step::Redo, table.now),
        Err(TableRefusal::OthersMove)
    );
    let redo = table.phones[0].guest.act(Step::Redo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&redo], Some(Ok(4)));
    // Should Bruno's phone host the game from here, his moves stay his.
    let bruno = &table.phones[0].guest;
    let copy = bruno.replica().unwrap().clone();
    let new_host = Host::new(copy, secret(9), bruno.phone(), Some(1));
    assert!(new_host.may_take_back(&Step::Undo));
    // A phone that leaves its seat leaves its moves to the host; its
    // choice not shown yet is made void (the host chooses for the seat
    // afresh), and the host's own roll is the host's to take back.
    assert!(!table.host.may_take_back(&Step::Undo));
    table.host.free_seat(1, table.now);
    settle(&mut table);
    let last = table.host.replica().entries().last().unwrap();
    assert!(matches!(last.step, Step::Void { .. }), "{last:?}");
    assert!(table.host.may_take_back(&Step::Undo));
    table.host.act(Step::Undo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.host.replica().session().log().len(), 0);
    for phone in &table.phones {
        assert_eq!(phone.guest.replica().unwrap().session().log().len(), 0);
    }
}

/// Counts the pings in a queue of frames.
fn pings(frames: &VecDeque<Vec<u8>>) -> usize {
    let ping = encode(&ToHost::<einstein::Action>::Ping).unwrap();
    frames.iter().filter(|f| **f == ping).count()
}

#[test]
fn a_quiet_table_stays_connected_on_its_heartbeat() {
    let mut table = einstein_table();
    // A minute with no move: both sides ping every two seconds, and the
    // pings keep every connection up.
    for _ in 0..60 {
        table.now += Duration::from_secs(1);
        table.tick();
        table.pump();
        assert!(pings(&table.phones[0].to_host) <= 1, "at most one per 2 s");
        settle(&mut table);
    }
    assert_eq!(table.faults.silences, 0);
    for phone in &table.phones {
        assert_eq!(phone.guest.state(), &LinkState::Joined);
    }
    assert!(table.host.seats().iter().all(|s| s.connected));
    let next = table.host.poll_timeout().unwrap();
    assert!(next > table.now && next <= table.now + Duration::from_secs(2));
}

#[test]
fn a_host_gone_silent_is_told_within_the_silence_and_dialled_again() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    // The host's page is closed without a word: nothing comes from it any
    // more, and what the guest sends goes nowhere.
    let vanished = table.now;
    let mut told = None;
    for _ in 0..20 {
        table.now += Duration::from_millis(500);
        let guest = &mut table.phones[0].guest;
        if let Some(at) = guest.poll_timeout() {
            assert!(at <= vanished + SILENCE, "the guest waits no longer");
        }
        guest.handle_timeout(table.now);
        let closed =
            std::iter::from_fn(|| guest.poll_output()).any(|o| matches!(o, Output::Close { .. }));
        if closed {
            assert_eq!(guest.state(), &LinkState::Offline);
            told = Some(table.now - vanished);
            break;
        }
    }
    assert_eq!(told, Some(SILENCE), "offline once the host was silent 8 s");
    // Its choice made offline waits, and goes out to the next host it
    // reaches (here the same one, back).
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    table.disconnect(0);
    table.connect(0);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(2)));
}

#[test]
fn a_guest_gone_silent_keeps_its_seat_shown_not_connected() {
    let mut table = einstein_table();
    let peer = table.phones[1].peer.unwrap();
    // Only the first guest still speaks.
    for _ in 0..9 {
        table.now += Duration::from_secs(1);
        table.host.handle_timeout(table.now);
        table.phones[0].guest.handle_timeout(table.now);
        table.pump();
        table.phones[1].to_host.clear();
        settle(&mut table);
    }
    // The host closed its connection (the test's network hangs up both
    // ends, as the driver does).
    assert_eq!(table.phones[1].peer, None, "peer {peer} dropped");
    let seats = table.host.seats();
    assert_eq!(
        seats[2].phone,
        Some(table.phones[1].guest.phone()),
        "still its seat"
    );
    assert!(!seats[2].connected, "shown not connected");
    assert!(seats[1].connected);
    // The other guest hears it.
    assert!(!table.phones[0].guest.seats()[2].connected);
}

#[test]
fn the_host_frees_a_seat_and_another_phone_takes_it() {
    let mut table = einstein_table();
    let third = Guest::<Einstein>::new(SECRET, phone_id(77), Some(2), None);
    table.phones.push(Phone::new(third));
    table.connect(2);
    settle(&mut table);
    assert_eq!(
        table.phones[2].guest.state(),
        &LinkState::Refused(JoinRefusal::SeatTaken(2))
    );
    table.host.free_seat(2, table.now);
    settle(&mut table);
    assert_eq!(table.phones[1].guest.seat(), None, "now watching");
    let mut again = Guest::<Einstein>::new(SECRET, phone_id(77), Some(2), None);
    std::mem::swap(&mut table.phones[2].guest, &mut again);
    table.connect(2);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), Some(2));
    assert_eq!(table.host.seats()[2].phone, Some(phone_id(77)));
}

#[test]
fn a_watching_phone_picks_a_free_seat_and_cannot_take_a_held_one() {
    let mut table = einstein_table();
    let watcher = Guest::<Einstein>::new(SECRET, phone_id(78), None, None);
    table.phones.push(Phone::new(watcher));
    table.connect(2);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), None, "joined watching");
    // Seat 1 is another phone's: refused, the seats unchanged.
    table.phones[2].guest.claim(Some(1), table.now);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), None);
    assert_eq!(table.phones[0].guest.seat(), Some(1));
    // Freed by the host, seat 1 may be claimed.
    table.host.free_seat(1, table.now);
    settle(&mut table);
    table.phones[2].guest.claim(Some(1), table.now);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), Some(1));
    assert_eq!(table.host.seats()[1].phone, Some(phone_id(78)));
    assert_eq!(table.phones[1].guest.seats()[1].phone, Some(phone_id(78)));
    // A reconnection asks for the seat it holds.
    table.disconnect(2);
    table.connect(2);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), Some(1));
    // Back to watching.
    table.phones[2].guest.claim(None, table.now);
    settle(&mut table);
    assert_eq!(table.host.seats()[1].phone, None);
}

/// What each phone's screens are given: the table as its own state
/// machine sees it, derived from it (`TableView`), never filled by hand.
#[test]
fn each_phone_sees_the_table_from_its_own_seats() {
    let mut table = einstein_table();
    let host = table.host.view();
    assert_eq!(host.role, TableRole::Host);
    assert_eq!(host.game.as_ref().map(GameId::as_str), Some("test-game"));
    assert_eq!(
        (host.mine.clone(), host.choice.clone()),
        (vec![0], SeatChoice::Held(vec![0]))
    );
    assert!(
        host.plays(Actor::Table) && host.plays(Actor::Player(0)) && !host.plays(Actor::Player(1))
    );
    assert!(host.may_switch_dice && host.chosen() && !host.watching());
    assert_eq!(host.phones_joined, Some(2), "both guests' phones");
    let bruno = table.phones[0].guest.view();
    assert_eq!(bruno.role, TableRole::Guest);
    assert_eq!(bruno.game, host.game);
    assert_eq!(bruno.me, phone_id(1));
    assert_eq!(
        (bruno.mine.clone(), bruno.choice.clone()),
        (vec![1], SeatChoice::Held(vec![1]))
    );
    assert_eq!(
        bruno.seats.iter().map(|s| s.phone).collect::<Vec<_>>(),
        host.seats.iter().map(|s| s.phone).collect::<Vec<_>>()
    );
    assert!(bruno.on_host(0) && !bruno.on_host(1) && bruno.plays(Actor::Player(1)));
    // Anne is to roll: Bruno may not switch the dice. His choice made
    // offline waits, counted; once it reached the table, sealed, the
    // other phones count it chosen and cannot read it.
    assert!(!bruno.may_switch_dice);
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    table.disconnect(0);
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    assert_eq!(table.phones[0].guest.view().pending, 1);
    table.connect(0);
    settle(&mut table);
    assert_eq!(table.phones[0].guest.view().pending, 0);
    assert_eq!(table.host.view().chosen_unseen, vec![1]);
    assert_eq!(table.phones[1].guest.view().chosen_unseen, vec![1]);
    assert!(table.phones[0].guest.view().chosen_unseen.is_empty());
    // Freed by the host, Bruno's seat is played on the host's screen.
    table.host.free_seat(1, table.now);
    settle(&mut table);
    let (host, bruno) = (table.host.view(), table.phones[0].guest.view());
    assert_eq!(host.mine, vec![0, 1]);
    assert!(bruno.watching() && bruno.on_host(1) && bruno.mine.is_empty());
    assert_eq!(
        host.phones_joined,
        Some(2),
        "a phone that watches is joined too"
    );
    assert_eq!(bruno.phones_joined, None);
    // A phone never welcomed holds no copy and has chosen nothing.
    let stranger = Guest::<Einstein>::new(SECRET, phone_id(90), None, None).view();
    assert_eq!(
        (&stranger.game, &stranger.choice),
        (&None, &SeatChoice::Unchosen)
    );
    assert!(!stranger.chosen() && !stranger.may_switch_dice);
}

/// The app takes a table over from the copy it saved (closed and opened
/// again on "host it here"): the other phones keep their seats there too,
/// the phone that hosted included (a take-over moves the hosting, not the
/// seats), so the table waits for their players; a copy saved before the
/// seats were saved lets the new host play them, as it did.
#[test]
fn a_take_over_from_a_saved_copy_keeps_the_other_phones_seats() {
    let mut table = einstein_table();
    table.restart(0);
    let bruno = &table.phones[0].guest;
    let host = take_over(bruno, 0).expect("a copy");
    let held: Vec<_> = host.seats().iter().map(|s| s.phone).collect();
    assert_eq!(
        held,
        vec![Some(phone_id(1000)), Some(phone_id(1)), Some(phone_id(2))]
    );
    assert_eq!(host.view().mine, vec![1]);
    // Saved before the seats were: only its own seat is known.
    let mut old = serde_json::to_value(bruno.saved()).unwrap();
    old.as_object_mut().unwrap().remove("seats");
    let old: SavedGuest<Einstein> = serde_json::from_value(old).unwrap();
    let replica = old.replica.clone().map(|r| Replica::restore(r).unwrap());
    let host = take_over(&Guest::restore(old, replica), 0).expect("a copy");
    let held: Vec<_> = host.seats().iter().map(|s| s.phone).collect();
    assert_eq!(held, vec![None, Some(phone_id(1)), None]);
}

/// Seats another phone (`phone`, asking for `claim`) at `table`, as its
/// phone number `table.phones.len()`.
fn another_phone(table: &mut Table<Einstein>, phone: u64, claim: Option<usize>) -> usize {
    let mut guest = Guest::new(SECRET, phone_id(phone), claim, None);
    guest.identify(key(phone));
    table.phones.push(Phone::new(guest));
    let i = table.phones.len() - 1;
    table.connect(i);
    settle(table);
    i
}

#[test]
fn the_hosts_own_seat_is_refused_to_other_phones_until_the_host_frees_it() {
    let mut table = einstein_table();
    let host = phone_id(1000);
    assert_eq!(table.host.seats()[0].phone, Some(host));
    assert!(table.host.seats()[0].host, "told as the host's");
    assert!(
        table.phones[0].guest.seats()[0].host,
        "every phone hears it"
    );
    // A phone whose hello asks for the host's seat is turned away.
    let i = another_phone(&mut table, 79, Some(0));
    assert_eq!(
        table.phones[i].guest.state(),
        &LinkState::Refused(JoinRefusal::SeatTaken(0))
    );
    // A phone joined with nothing chosen has chosen nothing: it watches
    // until it picks, and says so.
    let i = another_phone(&mut table, 80, None);
    let watcher = &table.phones[i].guest;
    assert_eq!(watcher.state(), &LinkState::Joined);
    assert_eq!(watcher.seat_choice(), SeatChoice::Unchosen);
    assert_eq!(watcher.seat(), None);
    // Its claim of the host's seat is asked, then refused: the host keeps it.
    table.phones[i].guest.claim(Some(0), table.now);
    assert_eq!(
        table.phones[i].guest.seat_choice(),
        SeatChoice::Asked(vec![0])
    );
    settle(&mut table);
    let watcher = &table.phones[i].guest;
    assert_eq!(watcher.refused_claim(), Some(0));
    assert_eq!(watcher.seat_choice(), SeatChoice::Unchosen);
    assert_eq!(table.host.seats()[0].phone, Some(host));
    // Forged past the guest's own state, the claim is refused all the same.
    let forged = encode(&ToHost::<einstein::Action>::Claim { seats: vec![0] }).unwrap();
    let peer = table.phones[i].peer.unwrap();
    table.host.receive(peer, &forged, table.now);
    settle(&mut table);
    assert_eq!(table.host.seats()[0].phone, Some(host));
    // The host still plays its player.
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
        .unwrap();
    // Left to the other phones by the host, the seat is theirs to claim.
    table.host.free_seat(0, table.now);
    settle(&mut table);
    table.phones[i].guest.claim(Some(0), table.now);
    settle(&mut table);
    let watcher = &table.phones[i].guest;
    assert_eq!(watcher.seat_choice(), SeatChoice::Held(vec![0]));
    assert_eq!(watcher.refused_claim(), None);
    assert_eq!(table.host.seats()[0].phone, Some(phone_id(80)));
    assert!(!table.host.seats()[0].host);
    // The host keeps a seat no phone holds; not one a phone holds.
    table.phones[i].guest.claim(None, table.now);
    settle(&mut table);
    assert_eq!(
        table.phones[i].guest.seat_choice(),
        SeatChoice::Held(vec![]),
        "watching, by choice"
    );
    assert!(table.host.take_seat(0, table.now));
    assert!(!table.host.take_seat(1, table.now));
    settle(&mut table);
    assert_eq!(table.phones[0].guest.seats()[0].phone, Some(host));
    assert_eq!(table.phones[0].guest.seat(), Some(1));
}

#[test]
fn a_claim_is_asked_until_the_host_answers_then_held_or_refused() {
    let mut table = einstein_table();
    let w = another_phone(&mut table, 81, None);
    table.host.free_seat(2, table.now);
    settle(&mut table);
    assert_eq!(table.phones[1].guest.seat(), None, "freed: now watching");
    // The watcher asks for seat 2; before the host reads it, seats sent for
    // another reason (a phone gone) reach the watcher: not an answer.
    table.phones[w].guest.claim(Some(2), table.now);
    table.pump();
    table.disconnect(0);
    table.pump();
    let now = table.now;
    let phone = &mut table.phones[w];
    assert!(!phone.to_guest.is_empty());
    while let Some(frame) = phone.to_guest.pop_front() {
        phone.guest.receive(&frame, now);
    }
    assert_eq!(phone.guest.seat_choice(), SeatChoice::Asked(vec![2]));
    assert_eq!(phone.guest.refused_claim(), None, "not refused");
    settle(&mut table);
    assert_eq!(
        table.phones[w].guest.seat_choice(),
        SeatChoice::Held(vec![2])
    );
    // Two phones ask for one free seat at once: one holds it, the other is
    // told it was taken.
    table.phones[w].guest.claim(None, table.now);
    settle(&mut table);
    table.phones[w].guest.claim(Some(2), table.now);
    table.phones[1].guest.claim(Some(2), table.now);
    settle(&mut table);
    let (a, b) = (&table.phones[w].guest, &table.phones[1].guest);
    let held = [a, b]
        .iter()
        .filter(|g| g.seat_choice() == SeatChoice::Held(vec![2]))
        .count();
    let refused = [a, b]
        .iter()
        .filter(|g| g.refused_claim() == Some(2))
        .count();
    assert_eq!((held, refused), (1, 1));
}

#[test]
fn a_guest_saved_with_its_choice_has_it_after_a_restart() {
    let mut table = einstein_table();
    let w = another_phone(&mut table, 82, None);
    table.phones[w].guest.claim(None, table.now);
    settle(&mut table);
    let saved: SavedGuest<Einstein> =
        serde_json::from_str(&json(&table.phones[w].guest.saved())).unwrap();
    let replica = saved.replica.clone().map(|r| Replica::restore(r).unwrap());
    let restored = Guest::restore(saved, replica);
    assert_eq!(restored.seat_choice(), SeatChoice::Held(vec![]));
    // A seat held counts as chosen even in a copy saved before the choice
    // was kept.
    let mut old: serde_json::Value = serde_json::to_value(table.phones[0].guest.saved()).unwrap();
    old.as_object_mut().unwrap().remove("chosen");
    let old: SavedGuest<Einstein> = serde_json::from_value(old).unwrap();
    assert_eq!(
        Guest::restore(old, None).seat_choice(),
        SeatChoice::Held(vec![1])
    );
}

/// A copy saved by protocol 4 (phones numbered, no lead, no roster): its
/// phone ids as numbers, the fields that came with protocol 5 left out.
fn as_protocol_4(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for field in ["lead", "roster", "hosted_here", "term"] {
                map.remove(field);
            }
            for (key, field) in map.iter_mut() {
                match field {
                    serde_json::Value::String(hex) if matches!(key.as_str(), "phone" | "me") => {
                        *field = old_number(hex)
                    }
                    serde_json::Value::Array(seats) if key == "seats" => {
                        for seat in seats.iter_mut() {
                            if let serde_json::Value::String(hex) = seat {
                                *seat = old_number(hex);
                            }
                        }
                    }
                    other => as_protocol_4(other),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(as_protocol_4),
        _ => {}
    }
}

/// A numbered phone's key as the number protocol 4 saved.
fn old_number(hex: &str) -> serde_json::Value {
    let n = u64::from_str_radix(&hex[48..], 16).unwrap();
    assert_eq!(PhoneId::numbered(n).to_hex(), hex, "a numbered phone");
    n.into()
}

#[test]
fn a_table_saved_by_the_previous_protocol_opens_and_carries_on() {
    let mut table = einstein_table_numbered();
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
        .unwrap();
    settle(&mut table);
    let mut old_host = serde_json::to_value(table.host.saved()).unwrap();
    as_protocol_4(&mut old_host);
    assert!(
        old_host["me"].is_u64() && old_host.get("term").is_none(),
        "{old_host}"
    );
    let mut old_guest = serde_json::to_value(table.phones[0].guest.saved()).unwrap();
    as_protocol_4(&mut old_guest);
    assert!(
        old_guest["phone"].is_u64() && old_guest.get("lead").is_none(),
        "{old_guest}"
    );

    // The host's copy hosts again, its seats and log as they were.
    let saved: SavedHost<Einstein> = serde_json::from_value(old_host).unwrap();
    let replica = Replica::restore(saved.replica.clone()).unwrap();
    let host = Host::restore(saved, replica);
    assert_eq!(host.replica().head(), table.host.replica().head());
    let phones = |h: &Host<Einstein>| h.seats().iter().map(|s| s.phone).collect::<Vec<_>>();
    assert_eq!(phones(&host), phones(&table.host));
    assert_eq!(host.lead().term, 0);
    // The guest's copy carries the game on alone, or hosts it.
    let saved: SavedGuest<Einstein> = serde_json::from_value(old_guest).unwrap();
    assert_eq!(saved.phone, table.phones[0].guest.phone());
    let replica = Replica::restore(saved.replica.clone().unwrap()).unwrap();
    let mut carried =
        Host::new(replica, SECRET, saved.phone, saved.claim.first().copied()).with_term(1);
    assert_eq!(carried.seat_of(saved.phone), Some(1));
    carried
        .act(Step::Act(choose(1)), table.now)
        .expect("Bruno chooses on the copy carried on");
}

/// A copy saved by protocol 5 in the middle of a roll's choices holds the
/// others' choices sealed (`Sealed`, gone since commitments): it opens with
/// the entries before the first (the host sends it the rest again), and the
/// host's log of then, which held choices as they were, replays whole.
#[test]
fn a_copy_saved_with_sealed_choices_keeps_what_it_can_read() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
        .unwrap();
    settle(&mut table);
    let mut old = serde_json::to_value(table.phones[1].guest.saved()).unwrap();
    let entries = old["replica"]["entries"].as_array_mut().unwrap();
    entries.push(serde_json::json!({"step": {"Sealed": {"player": 0, "kind": "Act"}}}));
    entries.push(serde_json::json!({"step": "Undo"}));
    // Read from its text, as the app reads it, as from a JSON value.
    let text = serde_json::to_vec(&old).unwrap();
    let from_text: SavedGuest<Einstein> = serde_json::from_slice(&text).unwrap();
    let saved: SavedGuest<Einstein> = serde_json::from_value(old).unwrap();
    assert_eq!(from_text, saved);
    let copy = Replica::restore(saved.replica.unwrap()).unwrap();
    assert_eq!(copy.head(), 1, "the roll");
    // The old host's log held Anne's choice itself: it replays.
    let mut old = serde_json::to_value(table.host.saved()).unwrap();
    let plain = serde_json::to_value(Entry {
        step: Step::Act(choose(0)),
        origin: None,
    })
    .unwrap();
    old["replica"]["entries"]
        .as_array_mut()
        .unwrap()
        .push(plain);
    let saved: SavedHost<Einstein> = serde_json::from_value(old).unwrap();
    let replica = Replica::restore(saved.replica).unwrap();
    assert_eq!(replica.head(), 2);
    assert_eq!(
        replica.session().log().len(),
        2,
        "the roll and Anne's choice"
    );
}

/// Everything `host` sends to `peer`, read as messages.
fn answers_to(
    host: &mut Host<Einstein>,
    peer: PeerId,
) -> Vec<ToGuest<einstein::Setup, einstein::Action, einstein::Error>> {
    let mut frames = Frames::default();
    while let Some(output) = host.poll_output() {
        if let Output::Transmit { peer: to, frame } = output {
            if to == peer {
                frames.push(&frame);
            }
        }
    }
    std::iter::from_fn(|| frames.next_message().ok().flatten()).collect()
}

#[test]
fn a_move_refused_before_the_host_reopened_is_not_applied_when_sent_again() {
    let start = Start {
        setup: einstein::Setup {
            players: players(2),
            first: FirstPlayer::Chosen(0),
        },
        coach_allowed: true,
        dice: Default::default(),
    };
    let bruno = phone_id(2);
    let mut host = Host::new(
        Replica::new(GameId::parse("stale").unwrap(), start).unwrap(),
        SECRET,
        phone_id(1),
        Some(0),
    );
    let now = Duration::ZERO;
    let hello = encode(&ToHost::<einstein::Action>::Hello(Hello {
        protocol: PROTOCOL,
        secret: SECRET,
        phone: bruno,
        seats: vec![1],
        held: None,
        lead: None,
        relay: None,
    }))
    .unwrap();
    let propose = |id, step| encode(&ToHost::Propose { id, step }).unwrap();
    let commitment = Opening {
        nonce: Nonce::from_bytes([5; 32]),
        action: choose(1),
    }
    .commitment();
    let choice = Step::Commit {
        player: 1,
        commitment,
    };
    host.connected(1, bruno, now);
    host.receive(1, &hello, now);
    host.act(Step::Act(roll([1, 2, 3, 4, 5])), now).unwrap();
    // Bruno's roll, not his to make, is refused (the answer lost with the
    // host, which then reopens); his choice after it is applied.
    host.receive(1, &propose(1, Step::Act(roll([6, 6, 6, 6, 6]))), now);
    host.receive(1, &propose(2, choice.clone()), now);
    answers_to(&mut host, 1);
    let head = host.replica().head();
    let saved = host.saved();
    let mut host = Host::restore(saved.clone(), Replica::restore(saved.replica).unwrap());
    host.connected(2, bruno, now);
    host.receive(2, &hello, now);
    // Both are sent again: the applied one answered as before, the refused
    // one told stale, not played on a game that may have moved on.
    host.receive(2, &propose(1, Step::Act(roll([6, 6, 6, 6, 6]))), now);
    host.receive(2, &propose(2, choice), now);
    let heard = answers_to(&mut host, 2);
    let outcome = |id| {
        heard.iter().find_map(|m| match m {
            ToGuest::Answer { id: i, outcome } if *i == id => Some(outcome.clone()),
            _ => None,
        })
    };
    assert_eq!(outcome(1), Some(Err(TableRefusal::Stale)));
    assert_eq!(outcome(2), Some(Ok(head)));
    assert_eq!(host.replica().head(), head, "nothing applied");
}

#[test]
fn hostile_peers_change_nothing() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([1, 1, 2, 2, 3])), table.now)
        .unwrap();
    settle(&mut table);
    let before = table.host.replica().entries().to_vec();
    let now = Duration::ZERO;
    let mallory = phone_id(666);
    let mut turned = |bytes: &[u8]| {
        let peer = 1_000_000 + table.next_peer;
        table.next_peer += 1;
        table.host.connected(peer, mallory, now);
        table.host.receive(peer, bytes, now);
        let mut out = Vec::new();
        let mut why = None;
        while let Some(o) = table.host.poll_output() {
            if let Output::Event(HostEvent::Turned { why: w, .. }) = &o {
                why = Some(w.clone());
            }
            out.push(o);
        }
        assert!(out.contains(&Output::Close { peer }), "{out:?}");
        why.expect("turned away")
    };
    let hello = |secret: Secret, protocol: u32, seat: Option<usize>| {
        encode(&ToHost::<einstein::Action>::Hello(Hello {
            protocol,
            secret,
            phone: mallory,
            seats: seat.into_iter().collect(),
            held: None,
            lead: None,
            relay: None,
        }))
        .unwrap()
    };
    // Knowing the host's key is not enough: a wrong secret gets nothing.
    assert_eq!(
        turned(&hello(secret(8), PROTOCOL, None)),
        Misbehaviour::Refused(JoinRefusal::WrongSecret)
    );
    assert_eq!(
        turned(&hello(SECRET, PROTOCOL + 1, None)),
        Misbehaviour::Refused(JoinRefusal::Protocol { host: PROTOCOL })
    );
    assert_eq!(
        turned(&hello(SECRET, PROTOCOL, Some(9))),
        Misbehaviour::Refused(JoinRefusal::NoSuchSeat(9))
    );
    assert_eq!(
        turned(&hello(SECRET, PROTOCOL, Some(1))),
        Misbehaviour::Refused(JoinRefusal::SeatTaken(1))
    );
    // A proposal before any hello.
    let propose = encode(&ToHost::Propose {
        id: 1,
        step: Step::Act(choose(0)),
    })
    .unwrap();
    assert_eq!(turned(&propose), Misbehaviour::NoHello);
    // Garbage, and a frame announced too large.
    assert_eq!(
        turned(b"\x00\x00\x00\x05hello"),
        Misbehaviour::Frame(FrameError::Garbage)
    );
    assert_eq!(
        turned(&(MAX_FRAME as u32 + 1).to_be_bytes()),
        Misbehaviour::Frame(FrameError::TooLarge(MAX_FRAME + 1))
    );
    // A flood from a joined watcher.
    let mut flood = hello(SECRET, PROTOCOL, None);
    for _ in 0..200 {
        flood.extend(encode(&ToHost::<einstein::Action>::Resend { from: 1 }).unwrap());
    }
    assert_eq!(turned(&flood), Misbehaviour::Flood);
    // A watcher proposing anything is refused.
    let peer = 2_000_000;
    table.host.connected(peer, mallory, now);
    let mut bytes = hello(SECRET, PROTOCOL, None);
    bytes.extend(propose);
    table.host.receive(peer, &bytes, now);
    let mut answered = false;
    let mut frames = genius::core::link::wire::Frames::default();
    while let Some(o) = table.host.poll_output() {
        if let Output::Transmit { frame, .. } = o {
            frames.push(&frame);
        }
    }
    while let Some(m) = frames
        .next_message::<genius::core::link::wire::ToGuest<einstein::Setup, einstein::Action, einstein::Error>>()
        .unwrap()
    {
        if let genius::core::link::wire::ToGuest::Answer { outcome, .. } = m {
            assert_eq!(outcome, Err(TableRefusal::Watching));
            answered = true;
        }
    }
    assert!(answered);
    // A connection that opens and never says a word is dropped at the
    // heartbeat's silence, and holds nothing.
    let mute = 3_000_000;
    table.host.connected(mute, mallory, now);
    table.host.handle_timeout(now + SILENCE);
    let mut silent = false;
    while let Some(o) = table.host.poll_output() {
        silent |= o
            == Output::Event(HostEvent::Turned {
                peer: mute,
                why: Misbehaviour::Silent,
            });
    }
    assert!(silent, "the mute connection was dropped");
    assert_eq!(table.host.replica().entries(), &before[..]);
    settle(&mut table);
    for phone in &table.phones {
        assert_eq!(phone.guest.replica().unwrap().entries(), &before[..]);
    }
}

#[test]
fn a_copy_that_is_not_a_prefix_is_replaced_by_the_hosts() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
        .unwrap();
    settle(&mut table);
    table.disconnect(1);
    // The guest's copy gets an entry the host never had (a copy carried
    // on elsewhere), and the host moves on differently.
    table.host.act(Step::Undo, table.now).unwrap();
    table
        .host
        .act(Step::Act(roll([6, 6, 6, 6, 6])), table.now)
        .unwrap();
    table.pump();
    table.connect(1);
    settle(&mut table);
    let copy = table.phones[1].guest.replica().unwrap();
    assert_eq!(copy.entries(), table.host.replica().entries());
    assert_eq!(
        copy.session().record(),
        table.host.replica().session().record()
    );
}

#[test]
fn a_long_catch_up_comes_in_frames_under_the_limit() {
    let mut table = Table::<Einstein>::new(
        Start {
            setup: einstein::Setup {
                players: players(1),
                first: FirstPlayer::Chosen(0),
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        &[None],
    );
    for _ in 0..2000 {
        table
            .host
            .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
            .unwrap();
        table.host.act(Step::Undo, table.now).unwrap();
    }
    table.connect(0);
    table.pump();
    let hello = table.phones[0].to_host.pop_front().unwrap();
    table
        .host
        .receive(table.phones[0].peer.unwrap(), &hello, Duration::ZERO);
    table.pump();
    let frames = table.phones[0].to_guest.len();
    assert!(frames > 4, "{frames} frames");
    assert!(table.phones[0]
        .to_guest
        .iter()
        .all(|f| f.len() <= MAX_FRAME + 4));
    settle(&mut table);
    assert_eq!(table.phones[0].guest.replica().unwrap().head(), 4000);
}

/// A ruling: at a table, only the host or the player to move switches
/// everyone's dice; every copy knows who made each switch.
#[test]
fn only_the_host_or_the_player_to_move_switches_the_dice() {
    use genius::core::game::WhoseDice;
    let mut table = einstein_table();
    let switch = |dice| Step::Act(einstein::Action::Dice(dice));
    // Anne (the host's seat) is to roll: Bruno's phone may not switch.
    let now = table.now;
    assert_eq!(
        table.phones[0].guest.act(switch(WhoseDice::Table), now),
        Err(TableRefusal::DiceSwitch)
    );
    // The host may, at any time.
    table.host.act(switch(WhoseDice::Table), now).unwrap();
    settle(&mut table);
    assert_eq!(table.host.replica().dice_switchers(), vec![None]);
    // Once the roll is made, every player is to move (they all choose):
    // Bruno may switch back, and every copy says it was his phone.
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), now)
        .unwrap();
    settle(&mut table);
    let id = table.phones[0]
        .guest
        .act(switch(WhoseDice::App), now)
        .unwrap();
    settle(&mut table);
    assert!(matches!(
        table.phones[0].outcomes.get(&id),
        Some(Some(Ok(_)))
    ));
    let bruno = Some(table.phones[0].guest.phone());
    for switchers in [
        table.host.replica().dice_switchers(),
        table.phones[1].guest.replica().unwrap().dice_switchers(),
    ] {
        assert_eq!(switchers, vec![None, bruno]);
    }
}

/// A move sent as the link dies (the host silent, but not for long enough
/// to count as gone): the guest says so after RETRY, sends it again, and
/// the screen can tell the player before the heartbeat's silence.
#[test]
fn a_move_with_no_answer_is_told_and_sent_again() {
    use genius::core::link::guest::RETRY;
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    // The host hears nothing more from Bruno's phone (nothing delivered).
    let now = table.now;
    let guest = &mut table.phones[0].guest;
    let id = guest.act(Step::Act(choose(1)), now).unwrap();
    let sent = |guest: &mut Guest<Einstein>| {
        std::iter::from_fn(|| guest.poll_output()).collect::<Vec<_>>()
    };
    assert!(sent(guest)
        .iter()
        .any(|o| matches!(o, Output::Transmit { .. })));
    guest.handle_timeout(now + RETRY / 2);
    assert!(
        !sent(guest).contains(&Output::Event(GuestEvent::Unanswered { id })),
        "not before RETRY"
    );
    guest.handle_timeout(now + RETRY);
    let out = sent(guest);
    assert!(out.contains(&Output::Event(GuestEvent::Unanswered { id })));
    assert!(
        out.iter().any(|o| matches!(o, Output::Transmit { .. })),
        "sent again"
    );
    assert_eq!(guest.state(), &LinkState::Joined, "not yet counted as gone");
}

/// Rulings (several phones): once every player has chosen for a roll and
/// the choices are shown, that roll's choices are final for everyone; the
/// last chooser may not take theirs back after seeing the others'.
#[test]
fn einsteins_choices_are_final_once_all_are_shown() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    table.host.act(Step::Act(choose(0)), table.now).unwrap();
    settle(&mut table);
    // Before everyone has chosen, a player may take their own choice back.
    let bruno = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&bruno], Some(Ok(3)));
    let undo = table.phones[0].guest.act(Step::Undo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&undo], Some(Ok(4)));
    let redo = table.phones[0].guest.act(Step::Redo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&redo], Some(Ok(5)));
    // Chloé chooses last: the choices are shown, and final.
    let chloe = table.phones[1]
        .guest
        .act(Step::Act(choose(2)), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[1].outcomes[&chloe], Some(Ok(6)));
    let final_ = Err(TableRefusal::Rules(einstein::Error::ChoicesFinal));
    // Refused at once on her phone…
    assert_eq!(table.phones[1].guest.act(Step::Undo, table.now), final_);
    // …and by the host, for a proposal forged past that check.
    assert_eq!(forge_now(&mut table, 1, 70, Step::Undo), final_);
    settle(&mut table);
    assert_eq!(
        table.host.replica().head(),
        9,
        "nothing undone (after the three reveals)"
    );
    assert_eq!(
        table.phones[1]
            .guest
            .replica()
            .unwrap()
            .session()
            .log()
            .len(),
        4,
        "the roll and the three choices"
    );
    // Nor may the host, should it hold the seat of the last chooser.
    table.host.free_seat(2, table.now);
    settle(&mut table);
    assert!(table.host.may_take_back(&Step::Undo));
    assert_eq!(table.host.act(Step::Undo, table.now), final_);
    // The next roll may be taken back (its dice come back), not the
    // choices beneath it.
    let bruno = &mut table.phones[0].guest;
    let rolled = bruno.act(Step::Act(roll([1, 1, 2, 2, 3])), table.now);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&rolled.unwrap()], Some(Ok(10)));
    let undo = table.phones[0].guest.act(Step::Undo, table.now);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&undo.unwrap()], Some(Ok(11)));
    assert_eq!(table.host.act(Step::Undo, table.now), final_);
    assert_eq!(table.host.replica().session().log().len(), 4);
}

/// Two phones roll the roll-off at once: the host takes Bruno's, and
/// Chloé's phone, whose roll the rules then refuse, knows that Bruno's seat
/// played first (what her screen says in words).
#[test]
fn a_phone_whose_move_came_second_knows_who_played_first() {
    let mut table = Table::<Einstein>::new(
        Start {
            setup: einstein::Setup {
                players: players(3),
                first: FirstPlayer::RollOff,
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        &[Some(1), Some(2)],
    );
    table.connect(0);
    table.connect(1);
    settle(&mut table);
    let roll_off = |values: [u32; 3]| {
        Step::Act(einstein::Action::RollOff {
            values: values.to_vec(),
            source: genius::core::game::RollSource::Typed,
        })
    };
    let now = table.now;
    table.phones[0].guest.act(roll_off([6, 1, 2]), now).unwrap();
    let chloe = table.phones[1].guest.act(roll_off([1, 6, 2]), now).unwrap();
    table.pump();
    for i in 0..2 {
        let peer = table.phones[i].peer.unwrap();
        while let Some(frame) = table.phones[i].to_host.pop_front() {
            table.host.receive(peer, &frame, now);
        }
    }
    settle(&mut table);
    assert!(matches!(
        table.phones[1].outcomes[&chloe],
        Some(Err(TableRefusal::Rules(_)))
    ));
    assert_eq!(table.phones[1].guest.played_first(), Some(Some(1)));
    assert_eq!(table.phones[0].guest.played_first(), None, "Bruno's own");
}

/// The Einstein table after the host's roll and Anne's choice (on the
/// host), every frame delivered.
fn anne_has_chosen() -> Table<Einstein> {
    let mut table = einstein_table();
    let now = table.now;
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), now)
        .unwrap();
    table.host.act(Step::Act(choose(0)), now).unwrap();
    settle(&mut table);
    table
}

/// No frame, either way, carries a hidden choice (Einstein's) but in a
/// reveal: not even to the host (see `core::link::sealed`).
fn check_sealed(frame: &[u8]) {
    fn plain_choice(value: &serde_json::Value) -> bool {
        match value {
            serde_json::Value::Object(fields) => {
                !fields.contains_key("Reveal")
                    && (fields.contains_key("Choose") || fields.values().any(plain_choice))
            }
            serde_json::Value::Array(items) => items.iter().any(plain_choice),
            _ => false,
        }
    }
    let message: serde_json::Value = serde_json::from_slice(&frame[4..]).unwrap();
    assert!(
        !plain_choice(&message),
        "a hidden choice on the wire: {message}"
    );
}

/// How many times `text` holds an Einstein choice.
fn choices_in(text: &str) -> usize {
    text.matches("\"Choose\"").count()
}

/// Einstein's choices are committed, then revealed: until every player has
/// chosen, no phone, the host included, holds another player's choice (in
/// its copy, its stored game, or anything it was sent); every phone holds
/// the same entries throughout, and the same game once all are shown.
#[test]
fn no_phone_reads_a_hidden_choice_before_every_player_has_committed() {
    let mut table = anne_has_chosen();
    let now = table.now;
    // Anne chose on the host: every phone holds her commitment, not her
    // choice; only the host, which made it, can read it.
    for i in 0..2 {
        let copy = table.phones[i].guest.replica().unwrap();
        assert!(
            matches!(copy.entries()[1].step, Step::Commit { player: 0, .. }),
            "guest {i}"
        );
        assert_eq!(copy.sealed_choices(), vec![0], "guest {i} knows Anne chose");
        let saved = json(&table.phones[i].guest.saved());
        assert_eq!(choices_in(&saved), 0, "guest {i} stores no choice: {saved}");
    }
    assert!(table.host.replica().sealed_choices().is_empty());
    // Bruno chooses, takes it back and chooses again, on his phone: the
    // host cannot read it either.
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), now)
        .unwrap();
    settle(&mut table);
    table.phones[0].guest.act(Step::Undo, now).unwrap();
    settle(&mut table);
    assert_eq!(
        table.phones[1].guest.replica().unwrap().sealed_choices(),
        vec![0]
    );
    table.phones[0].guest.act(Step::Redo, now).unwrap();
    settle(&mut table);
    let host = table.host.replica();
    assert_eq!(
        host.sealed_choices(),
        vec![1],
        "the host knows Bruno chose, not what"
    );
    assert_eq!(
        choices_in(&json(&table.host.saved())),
        1,
        "the host stores its own player's choice only"
    );
    let chloe = table.phones[1].guest.replica().unwrap();
    assert_eq!(chloe.sealed_choices(), vec![0, 1]);
    assert_eq!(chloe.entries(), host.entries());
    // Bruno's copy plays his own choice, not Anne's.
    let bruno = table.phones[0].guest.replica().unwrap();
    assert_eq!(bruno.session().log().len(), 2, "the roll and his choice");
    assert_eq!(bruno.sealed_choices(), vec![0]);
    // A phone that reconnects now holds the same.
    table.disconnect(1);
    table.connect(1);
    settle(&mut table);
    let chloe = table.phones[1].guest.replica().unwrap();
    assert_eq!(chloe.head(), 5);
    assert_eq!(chloe.sealed_choices(), vec![0, 1]);
    // Chloé chooses last: her reveal goes right behind her commitment,
    // every other phone reveals its own once it sees hers, and every phone
    // holds every choice, checked against its commitment.
    table.phones[1]
        .guest
        .act(Step::Act(choose(2)), now)
        .unwrap();
    let waiting: Vec<_> = table.phones[1].guest.pending().map(|p| &p.step).collect();
    assert!(
        matches!(
            waiting[..],
            [Step::Commit { player: 2, .. }, Step::Reveal { .. }]
        ),
        "{waiting:?}"
    );
    settle(&mut table);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None);
    assert_eq!(
        host.head(),
        9,
        "three commitments, an undo, a redo, three reveals"
    );
    let reveals = host.entries()[6..].iter();
    assert!(reveals
        .clone()
        .all(|e| matches!(e.step, Step::Reveal { .. })));
    for (i, phone) in table.phones.iter().enumerate() {
        let copy = phone.guest.replica().unwrap();
        assert_eq!(copy.entries(), host.entries(), "guest {i}");
        assert_eq!(json(copy.session().record()), json(host.session().record()));
        assert!(copy.sealed_choices().is_empty());
    }
    assert_eq!(host.session().log().len(), 4, "the roll and three choices");
    assert_eq!(
        json(one_phone(host).record()),
        json(host.session().record())
    );
}

/// A modified client gets no choice and forges none: it cannot send a
/// choice as it is, commit for another seat, reveal before every player
/// has committed, reveal another phone's commitment, or open its own to a
/// choice it did not commit to.
#[test]
fn a_modified_client_can_neither_read_nor_forge_a_hidden_choice() {
    let mut table = anne_has_chosen();
    let now = table.now;
    // Bruno commits on his phone.
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), now)
        .unwrap();
    settle(&mut table);
    let bruno = match table.phones[0]
        .guest
        .replica()
        .unwrap()
        .saved()
        .openings
        .as_slice()
    {
        [opening] => opening.clone(),
        other => panic!("Bruno keeps his one opening: {other:?}"),
    };
    let forged = |table: &mut Table<Einstein>, i, id, step| {
        let answer = forge_now(table, i, id, step);
        settle(table);
        answer
    };
    // His phone, modified, sends a choice as it is: refused, not logged.
    assert_eq!(
        forged(&mut table, 0, 50, Step::Act(choose(1))),
        Err(TableRefusal::BadSeal)
    );
    // A commitment for Chloé's seat.
    let chloe = Opening {
        nonce: Nonce::from_bytes([4; 32]),
        action: choose(2),
    };
    let for_chloe = Step::Commit {
        player: 2,
        commitment: chloe.commitment(),
    };
    assert!(matches!(
        forged(&mut table, 0, 51, for_chloe.clone()),
        Err(TableRefusal::NotYourSeat { .. })
    ));
    // A reveal before Chloé has chosen.
    let reveal = |opening: &Opening<einstein::Action>| Step::Reveal {
        nonce: opening.nonce,
        action: opening.action.clone(),
    };
    assert_eq!(
        forged(&mut table, 0, 60, reveal(&bruno)),
        Err(TableRefusal::BadSeal)
    );
    assert_eq!(table.host.replica().head(), 3);
    // Chloé's (modified) phone commits; before the honest reveals arrive,
    // it reveals Bruno's (had it guessed it), and Bruno's phone opens his
    // to another choice: both refused.
    assert_eq!(forge_now(&mut table, 1, 70, for_chloe), Ok(4));
    assert!(
        table.host.replica().revealing(),
        "every awaited player has committed"
    );
    assert_eq!(
        forge_now(&mut table, 1, 71, reveal(&bruno)),
        Err(TableRefusal::OthersMove)
    );
    let other = Opening {
        nonce: bruno.nonce,
        action: einstein::Action::Choose {
            player: 1,
            choice: einstein::Choice {
                pairs: [[0, 2], [1, 3]],
            },
        },
    };
    assert_eq!(
        forge_now(&mut table, 0, 72, reveal(&other)),
        Err(TableRefusal::BadSeal)
    );
    assert_eq!(
        table.host.replica().head(),
        5,
        "Anne's reveal, the host's own, at once"
    );
    // Chloé's phone reveals its own; Bruno's, back on a fresh connection
    // (numbering after the forged proposals), reveals his: the round ends,
    // the same on every phone.
    assert!(forge_now(&mut table, 1, 73, reveal(&chloe)).is_ok());
    table.disconnect(0);
    table.connect(0);
    settle(&mut table);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None);
    assert_eq!(host.session().log().len(), 4, "the roll and three choices");
    for phone in &table.phones {
        assert_eq!(phone.guest.replica().unwrap().entries(), host.entries());
    }
}

/// `copy` (of the phone `me`) reads no commitment not yet revealed but
/// those `me` made (`made_by_me`).
fn check_reads_own_only<G: Game>(
    copy: &Replica<G>,
    me: PhoneId,
    made_by_me: impl Fn(&Entry<G::Action>) -> bool,
) {
    let revealed: Vec<Commitment> = copy
        .entries()
        .iter()
        .filter_map(|e| match &e.step {
            Step::Reveal { nonce, action } => Some(
                Opening {
                    nonce: *nonce,
                    action: action.clone(),
                }
                .commitment(),
            ),
            // The coach's choice stood in for it: shown, not the phone's.
            Step::StandIn { commitment } => Some(*commitment),
            _ => None,
        })
        .collect();
    for (seq, entry) in (1..).zip(copy.entries()) {
        let Step::Commit { commitment, .. } = &entry.step else {
            continue;
        };
        if !made_by_me(entry) && !revealed.contains(commitment) {
            assert!(
                copy.opening_of(seq).is_none(),
                "{me:?} reads another phone's hidden choice {seq} before it is shown"
            );
        }
    }
}

/// Phone `i` proposes `step` as proposal `id`, the answer read off the
/// wire at once (the others' frames left in flight).
fn forge_now(
    table: &mut Table<Einstein>,
    i: usize,
    id: u64,
    step: Step<einstein::Action>,
) -> Result<u64, TableRefusal<einstein::Error>> {
    let forged = encode(&ToHost::Propose { id, step }).unwrap();
    let peer = table.phones[i].peer.unwrap();
    table.host.receive(peer, &forged, table.now);
    table.pump();
    let frames: Vec<Vec<u8>> = table.phones[i].to_guest.iter().cloned().collect();
    frames
        .iter()
        .find_map(|f| {
            let mut frames = Frames::default();
            frames.push(f);
            match frames.next_message::<EinsteinToGuest>() {
                Ok(Some(ToGuest::Answer {
                    id: answered,
                    outcome,
                })) if answered == id => Some(outcome),
                _ => None,
            }
        })
        .expect("answered")
}

/// A guest that carries the table on, its host gone in the middle of a
/// roll's choices, carries the whole round on: the phones that committed
/// reveal to it once the last has chosen.
#[test]
fn a_copy_carried_on_keeps_the_round_and_its_commitments() {
    let mut table = anne_has_chosen();
    let now = table.now;
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), now)
        .unwrap();
    settle(&mut table);
    let copy = table.phones[1].guest.replica().unwrap().clone();
    assert_eq!(copy.head(), 3);
    let mut new_host = Host::new(copy, secret(9), phone_id(2), Some(2));
    let carried = new_host.replica();
    assert_eq!(carried.head(), 3, "the roll and two commitments");
    assert_eq!(carried.sealed_choices(), vec![0, 1]);
    // Chloé, now hosting, chooses last: the round waits for Anne's and
    // Bruno's phones to show theirs.
    new_host.act(Step::Act(choose(2)), now).unwrap();
    let carried = new_host.replica();
    assert!(carried.revealing());
    assert_eq!(carried.awaited_reveals(), vec![0, 1]);
    assert_eq!(carried.head(), 5, "her commitment, and its reveal at once");
}

// Several hosts: take-overs, pauses, partitions.

type EinsteinToGuest = ToGuest<einstein::Setup, einstein::Action, einstein::Error>;

/// Phones that may each host the table (after take-overs): a [`Table`] per
/// phone hosting, each with the phones at it (joined, or last dialling it).
/// Hosts that reach each other answer each other's probes, over a
/// connection of their own; a phone whose host is gone or moved dials the
/// host it follows, else the first phone of its roster that hosts; a host
/// that stepped down joins the table's host with its copy: as the drivers
/// do.
struct Mesh<G: Game> {
    tables: Vec<Table<G>>,
    /// Phones whose screen is locked: they hear and say nothing, and no time
    /// passes for them.
    paused: Vec<PhoneId>,
    /// The side of a partition each phone is on (absent: 0).
    side: HashMap<PhoneId, u8>,
    /// While set, only this host's probes find a phone (the others' fail):
    /// which of two hosts asks first.
    only_prober: Option<PhoneId>,
    now: Duration,
    /// Each phone's own moves ever held in its copy: as a guest, those with
    /// its origin; as a host, those without.
    own: HashMap<PhoneId, Vec<Entry<G::Action>>>,
    /// Moves told dropped to guests no more (their phone took over), and
    /// the host's own choices a take-over's copy cut (the round's choices
    /// are made again, on its screen).
    told: HashMap<PhoneId, usize>,
    /// The hosts that stepped down: their events, their lead and the one
    /// that superseded it.
    retired: HashMap<PhoneId, (Vec<HostEvent>, Lead, Lead)>,
    take_overs: usize,
    /// Proposals told dropped that no copy anywhere held then: none may be
    /// applied afterwards.
    gone: Vec<Origin>,
    /// The next proposal number of each phone that took the table over: it
    /// goes on from there when it is a guest again (a phone never numbers
    /// two proposals alike).
    next_ids: HashMap<PhoneId, u64>,
    /// Lone claims of a later term made by hostile guests (see
    /// [`Mesh::claim_a_later_term`]).
    hostile_claims: usize,
}

impl<G: Game> Mesh<G> {
    fn new(mut table: Table<G>) -> Self {
        table.alone = false;
        let mut mesh = Mesh {
            now: table.now,
            tables: vec![table],
            paused: Vec::new(),
            side: HashMap::new(),
            only_prober: None,
            own: HashMap::new(),
            told: HashMap::new(),
            retired: HashMap::new(),
            take_overs: 0,
            gone: Vec::new(),
            next_ids: HashMap::new(),
            hostile_claims: 0,
        };
        mesh.record();
        mesh
    }

    fn reach(&self, a: PhoneId, b: PhoneId) -> bool {
        let side = |p| self.side.get(&p).copied().unwrap_or(0);
        !self.paused.contains(&a) && !self.paused.contains(&b) && side(a) == side(b)
    }

    /// The table `phone` hosts.
    fn hosted_by(&self, phone: PhoneId) -> Option<usize> {
        self.tables.iter().position(|t| t.host.me() == phone)
    }

    fn table(&mut self, host: PhoneId) -> &mut Table<G> {
        let t = self.hosted_by(host).expect("a host");
        &mut self.tables[t]
    }

    /// Where the guest phone `phone` is: (table, index).
    fn guest_at(&self, phone: PhoneId) -> Option<(usize, usize)> {
        self.tables.iter().enumerate().find_map(|(t, table)| {
            let i = table.phones.iter().position(|p| p.guest.phone() == phone)?;
            Some((t, i))
        })
    }

    fn guest(&self, phone: PhoneId) -> &Phone<G> {
        let (t, i) = self.guest_at(phone).expect("a guest");
        &self.tables[t].phones[i]
    }

    fn guest_mut(&mut self, phone: PhoneId) -> &mut Phone<G> {
        let (t, i) = self.guest_at(phone).expect("a guest");
        &mut self.tables[t].phones[i]
    }

    /// Every phone, hosts first.
    fn phones(&self) -> Vec<PhoneId> {
        let hosts = self.tables.iter().map(|t| t.host.me());
        let guests = self.tables.iter().flat_map(|t| &t.phones);
        hosts.chain(guests.map(|p| p.guest.phone())).collect()
    }

    fn pause(&mut self, phone: PhoneId) {
        if !self.paused.contains(&phone) {
            self.paused.push(phone);
        }
        if let Some(t) = self.hosted_by(phone) {
            self.tables[t].host_paused = true;
        }
    }

    fn resume(&mut self, phone: PhoneId) {
        self.paused.retain(|p| *p != phone);
        if let Some(t) = self.hosted_by(phone) {
            self.tables[t].host_paused = false;
        }
    }

    /// `dt` passes: every phone awake handles its timers.
    fn tick(&mut self, dt: Duration) {
        self.now += dt;
        let now = self.now;
        for table in &mut self.tables {
            table.now = now;
            if !self.paused.contains(&table.host.me()) {
                table.host.handle_timeout(now);
            }
            for phone in &mut table.phones {
                if !self.paused.contains(&phone.guest.phone()) {
                    phone.guest.handle_timeout(now);
                }
            }
        }
        self.pump();
    }

    /// What every side asks is done: frames queued, connections closed,
    /// probes answered, hosts that stepped down made guests, until nothing
    /// more happens.
    fn pump(&mut self) {
        loop {
            let mut probes = Vec::new();
            for table in &mut self.tables {
                table.now = self.now;
                table.pump();
                let me = table.host.me();
                probes.extend(table.probes.drain(..).map(|p| (me, p)));
            }
            let stepped = self.tables.iter().any(|t| t.host.stepped_down());
            if probes.is_empty() && !stepped {
                break;
            }
            for (from, phone) in probes {
                let answer = self.probe(from, phone);
                let now = self.now;
                self.table(from).host.probed(phone, answer, now);
            }
            self.step_down();
        }
        self.record();
        self.note_dropped();
    }

    /// Notes the proposals just told dropped that no copy holds.
    fn note_dropped(&mut self) {
        let mut told = Vec::new();
        for table in &mut self.tables {
            for phone in &mut table.phones {
                let me = phone.guest.phone();
                told.extend(phone.dropped_ids.drain(..).map(|id| Origin {
                    phone: me,
                    proposal: id,
                }));
            }
        }
        for origin in told {
            let held = self.tables.iter().any(|t| {
                let copies = t.phones.iter().filter_map(|p| p.guest.replica());
                [t.host.replica()]
                    .into_iter()
                    .chain(copies)
                    .any(|r| r.entries().iter().any(|e| e.origin == Some(origin)))
            });
            if !held {
                self.gone.push(origin);
            }
        }
    }

    /// Host `from` asks `phone` whether it hosts the table, over a
    /// connection of its own to that phone's key: its answer, if it hosts
    /// and can be reached.
    fn probe(&mut self, from: PhoneId, phone: PhoneId) -> Option<Mandate> {
        if self.only_prober.is_some_and(|p| p != from) || !self.reach(from, phone) {
            return None;
        }
        let u = self.hosted_by(phone)?;
        let mandate = self.table(from).host.mandate();
        let now = self.now;
        let table = &mut self.tables[u];
        let peer = table.next_peer;
        table.next_peer += 1;
        table.host.connected(peer, from, now);
        let probe = ToHost::<G::Action>::Probe {
            protocol: PROTOCOL,
            secret: SECRET,
            mandate,
        };
        table.host.receive(peer, &encode(&probe).unwrap(), now);
        table.pump();
        let mut frames = genius::core::link::wire::Frames::default();
        for (_, frame) in table.stray.iter().filter(|(p, _)| *p == peer) {
            frames.push(frame);
        }
        table.stray.retain(|(p, _)| *p != peer);
        let mut answer = None;
        while let Ok(Some(message)) =
            frames.next_message::<ToGuest<G::Setup, G::Action, G::Error>>()
        {
            if let ToGuest::Hosting(mandate) = message {
                answer = Some(mandate);
            }
        }
        answer
    }

    /// Every host that stepped down joins the host that superseded it, as
    /// a guest with its copy (its own moves that host does not hold are
    /// told dropped); its guests, told where the table went, dial it.
    fn step_down(&mut self) {
        while let Some(t) = self.tables.iter().position(|t| t.host.stepped_down()) {
            self.tables[t].pump();
            let mut table = self.tables.remove(t);
            for i in 0..table.phones.len() {
                table.disconnect(i);
            }
            let host = &table.host;
            let me = host.me();
            let lead = host.lead();
            let own = Lead {
                term: host.saved().term,
                host: me,
            };
            // Its guest knows the table's phones, as the host did (where to
            // look for a host, should it take the table over again), and
            // numbers its proposals after those it made as a guest before.
            let mut saved = rejoin_as_guest(host).expect("stepped down").saved();
            saved.next_id = self.next_ids.get(&me).copied().unwrap_or(saved.next_id);
            let copy = Replica::restore(saved.replica.clone().unwrap()).unwrap();
            let mut guest = Guest::restore(saved, Some(copy));
            if let Some(key) = host.key() {
                guest.identify(key);
            }
            let mut phones = std::mem::take(&mut table.phones);
            phones.push(Phone::new(guest));
            assert!(!self.paused.contains(&me), "a locked phone hears no probe");
            self.retired.insert(me, (table.events, own, lead));
            let home = self.hosted_by(lead.host).unwrap_or(0);
            self.tables[home].phones.extend(phones);
        }
    }

    /// Every phone awake and not connected dials: the host it follows if
    /// it reaches it, else the first phone of its roster that hosts and
    /// that it reaches. True if one did.
    fn dial(&mut self) -> bool {
        let waiting: Vec<PhoneId> = self
            .tables
            .iter()
            .flat_map(|t| &t.phones)
            .filter(|p| p.peer.is_none() && !p.guest.state().is_over())
            .map(|p| p.guest.phone())
            .collect();
        let mut dialled = false;
        for phone in waiting {
            let (t, i) = self.guest_at(phone).unwrap();
            let guest = &self.tables[t].phones[i].guest;
            let candidates = guest
                .lead()
                .map(|l| l.host)
                .into_iter()
                .chain(guest.roster().iter().map(|m| m.phone))
                .chain([self.tables[t].host.me()]);
            let Some(to) = candidates
                .filter(|h| self.hosted_by(*h).is_some() && self.reach(phone, *h))
                .find(|h| !self.tables[self.hosted_by(*h).unwrap()].host.stepped_down())
            else {
                continue;
            };
            let u = self.hosted_by(to).unwrap();
            let i = if u == t {
                i
            } else {
                let moving = self.tables[t].phones.remove(i);
                self.tables[u].phones.push(moving);
                self.tables[u].phones.len() - 1
            };
            self.tables[u].now = self.now;
            self.tables[u].connect(i);
            dialled = true;
        }
        self.pump();
        dialled
    }

    /// One frame across a link that is up (on a link cut by a pause or a
    /// partition, frames wait). False if nothing moves.
    fn deliver(&mut self, rng: &mut StdRng) -> bool {
        for t in 0..self.tables.len() {
            let host = self.tables[t].host.me();
            for i in 0..self.tables[t].phones.len() {
                let phone = self.tables[t].phones[i].guest.phone();
                self.tables[t].phones[i].cut = !self.reach(host, phone);
            }
        }
        let busy: Vec<usize> = (0..self.tables.len())
            .filter(|t| {
                self.tables[*t]
                    .phones
                    .iter()
                    .any(|p| !p.cut && (!p.to_host.is_empty() || !p.to_guest.is_empty()))
            })
            .collect();
        let Some(&t) = busy.get(rng.random_range(0..busy.len().max(1))) else {
            return false;
        };
        self.tables[t].deliver_one(rng, false);
        self.pump();
        true
    }

    /// Every frame delivered and every phone that can dialling, while
    /// something moves (no time passes).
    fn settle(&mut self, rng: &mut StdRng) {
        loop {
            self.pump();
            while self.deliver(rng) {}
            if !self.dial() {
                return;
            }
        }
    }

    /// Time passes, every frame delivered as it goes.
    fn wait(&mut self, rng: &mut StdRng, time: Duration) {
        let end = self.now + time;
        while self.now < end {
            self.tick(Duration::from_millis(500));
            self.settle(rng);
        }
    }

    /// Phone `phone`, a guest, hosts the table from its copy, under the
    /// term after its lead's, looking for other hosts among its roster.
    fn take_over(&mut self, phone: PhoneId) {
        let (t, i) = self.guest_at(phone).unwrap();
        self.tables[t].disconnect(i);
        let old = self.tables[t].phones.remove(i);
        let guest = &old.guest;
        let host = take_over(guest, 0).expect("a copy");
        assert_eq!(host.replica().entries(), guest.replica().unwrap().entries());
        // Its moves cut at a welcome whose catch-up never ended, and its
        // steps still waiting, are made again on its screen (the driver
        // tells them: `Host::dropped`).
        assert!(host.dropped() >= guest.unsettled());
        self.next_ids.insert(phone, guest.saved().next_id);
        *self.told.entry(phone).or_default() += old.dropped() + host.dropped();
        let mut table = Table::hosted(host, Vec::new());
        table.alone = false;
        table.now = self.now;
        table.host_paused = self.paused.contains(&phone);
        self.tables.push(table);
        self.take_overs += 1;
        self.pump();
    }

    /// Whether `phone` made `entry` (as noted by [`Mesh::record`]).
    fn made_by(&self, phone: PhoneId, entry: &Entry<G::Action>) -> bool {
        self.own.get(&phone).is_some_and(|own| own.contains(entry))
    }

    /// Notes each phone's own moves in its copy.
    fn record(&mut self) {
        let mut note = |phone: PhoneId, entry: &Entry<G::Action>| {
            let own = self.own.entry(phone).or_default();
            if !own.contains(entry) {
                own.push(entry.clone());
            }
        };
        for table in &self.tables {
            let me = table.host.me();
            for entry in table.host.replica().entries() {
                if entry.origin.is_none() {
                    note(me, entry);
                }
            }
            for phone in &table.phones {
                let me = phone.guest.phone();
                for entry in phone.guest.replica().map_or(&[][..], |r| r.entries()) {
                    if entry.origin.is_some_and(|o| o.phone == me) {
                        note(me, entry);
                    }
                }
            }
        }
    }

    /// Every joined copy is a prefix of its host's log, and no copy reads
    /// a commitment of a round still open that another phone made.
    fn check_copies(&self) {
        for table in &self.tables {
            for (i, phone) in table.phones.iter().enumerate() {
                let (Some(copy), LinkState::Joined) = (phone.guest.replica(), phone.guest.state())
                else {
                    continue;
                };
                table.check_copy(i, copy.entries());
                let me = phone.guest.phone();
                check_reads_own_only(copy, me, |e| self.made_by(me, e));
            }
            let me = table.host.me();
            check_reads_own_only(table.host.replica(), me, |e| self.made_by(me, e));
        }
    }

    /// Every pause and partition over: the phones find one host and every
    /// copy settles on its log.
    fn heal(&mut self, rng: &mut StdRng) {
        self.only_prober = None;
        for phone in self.paused.clone() {
            self.resume(phone);
        }
        self.side.clear();
        for _ in 0..1000 {
            self.settle(rng);
            if self.settled() {
                return;
            }
            self.tick(Duration::from_millis(500));
        }
        let state: Vec<String> = self
            .tables
            .iter()
            .map(|t| {
                let phones: Vec<String> =
                    t.phones
                        .iter()
                        .map(|p| {
                            format!(
                            "{} {:?} peer {:?} lead {:?} pending {} unsettled {} {:?} head {:?}",
                            &p.guest.phone().to_hex()[60..],
                            p.guest.state(),
                            p.peer,
                            p.guest.lead().map(|l| (l.term, l.host.to_hex()[60..].to_string())),
                            p.guest.pending().count(),
                            p.guest.unsettled(),
                            p.guest.pending().map(|p| p.sent).collect::<Vec<_>>(),
                            p.guest.replica().map(|r| r.head())
                        )
                        })
                        .collect();
                format!(
                    "host {} {:?} roster {:?} head {}: {phones:?}",
                    &t.host.me().to_hex()[60..],
                    t.host.lead().term,
                    t.host
                        .roster()
                        .iter()
                        .map(|m| m.phone.to_hex()[60..].to_string())
                        .collect::<Vec<_>>(),
                    t.host.replica().head()
                )
            })
            .collect();
        panic!("the table never settled on one host: {state:#?}");
    }

    fn settled(&self) -> bool {
        let [table] = &self.tables[..] else {
            return false;
        };
        let head = table.host.replica().head();
        table.phones.iter().all(|p| {
            p.peer.is_some()
                && p.guest.state() == &LinkState::Joined
                && p.guest.pending().count() == 0
                && p.guest.replica().is_some_and(|r| r.head() == head)
        })
    }

    /// Once healed: one host, whose log every copy holds; every hand-over
    /// to a lead that supersedes; every proposal in the log once; every
    /// phone's move no longer in the log told dropped on that phone.
    fn check_healed(&self) {
        assert_eq!(self.tables.len(), 1, "one host");
        let table = &self.tables[0];
        table.check_converged();
        for (phone, (_, own, to)) in &self.retired {
            assert_ne!(to.host, *phone, "{phone:?}: {own:?} gave way to itself");
        }
        let log = table.host.replica().entries();
        let origins: Vec<_> = log.iter().filter_map(|e| e.origin).collect();
        for origin in &origins {
            let times = origins.iter().filter(|o| *o == origin).count();
            assert_eq!(times, 1, "{origin:?} applied {times} times");
        }
        // A step told dropped, that no copy held, was not applied after.
        for origin in &self.gone {
            assert!(
                !origins.contains(origin),
                "{origin:?} told dropped, and applied"
            );
        }
        for (phone, own) in &self.own {
            let lost = own.iter().filter(|e| !log.contains(e)).count();
            let told = self.told.get(phone).copied().unwrap_or(0)
                + self
                    .guest_at(*phone)
                    .map_or(0, |_| self.guest(*phone).dropped());
            assert!(
                told >= lost,
                "phone {} lost {lost} moves, told {told}: {:?}; retired {:?}",
                &phone.to_hex()[56..],
                own.iter().filter(|e| !log.contains(e)).collect::<Vec<_>>(),
                self.retired
                    .keys()
                    .map(|p| p.to_hex()[60..].to_string())
                    .collect::<Vec<_>>(),
            );
        }
    }

    /// One random step of a table whose phones lock, lose each other and
    /// take it over.
    fn step(&mut self, rng: &mut StdRng) {
        let phones = self.phones();
        let who = phones[rng.random_range(0..phones.len())];
        match rng.random_range(0..100) {
            0..=39 => {
                self.deliver(rng);
            }
            40..=57 => {
                let t = rng.random_range(0..self.tables.len());
                self.tables[t].now = self.now;
                self.tables[t].play(rng);
            }
            58..=69 => self.tick(Duration::from_millis(rng.random_range(0..3000))),
            70..=72 if self.paused.len() < 2 => self.pause(who),
            73..=78 => self.resume(who),
            79..=80 => {
                for phone in phones {
                    self.side.insert(phone, rng.random_range(0..2));
                }
            }
            81..=84 => self.side.clear(),
            85..=88 if self.tables.len() < 4 => {
                // A guest that lost its host carries the table on.
                let cut_off = self.guest_at(who).is_some_and(|(t, i)| {
                    let phone = &self.tables[t].phones[i];
                    let host = phone.guest.lead().map(|l| l.host);
                    phone.peer.is_none()
                        && phone.guest.replica().is_some()
                        && *phone.guest.state() == LinkState::Offline
                        && host.is_none_or(|h| !self.reach(who, h))
                });
                if cut_off && !self.paused.contains(&who) {
                    self.take_over(who);
                }
            }
            89 => self.claim_a_later_term(who),
            _ => {
                self.dial();
            }
        }
        self.pump();
        self.check_copies();
    }

    /// `phone`, a guest gone hostile, tells its host it hosts the table
    /// under term 99, signed by itself alone: a host whose lead more than
    /// half the table signed hosts on.
    fn claim_a_later_term(&mut self, phone: PhoneId) {
        let Some((t, _)) = self.guest_at(phone) else {
            return;
        };
        let table = &mut self.tables[t];
        if table.host_paused || !table.host.confirmed() {
            return;
        }
        // The mesh's phones: the host 1000, guests 1 to 3.
        let Some(n) = [1000, 1, 2, 3].into_iter().find(|n| phone_id(*n) == phone) else {
            return;
        };
        let fake = Lead {
            term: 99,
            host: phone,
        };
        let probe = ToHost::<G::Action>::Probe {
            protocol: PROTOCOL,
            secret: SECRET,
            mandate: Mandate {
                lead: fake,
                votes: vec![key(n).vote(SECRET, fake)],
            },
        };
        let peer = 7_000_000 + table.next_peer;
        table.next_peer += 1;
        table.host.connected(peer, phone, self.now);
        table.host.receive(peer, &encode(&probe).unwrap(), self.now);
        table.pump();
        table.stray.retain(|(p, _)| *p != peer);
        assert!(!table.host.stepped_down(), "a lone claim pulled the table");
        self.hostile_claims += 1;
    }
}

/// The Einstein table (host A, guests B on seat 1 and C on seat 2) in a
/// mesh, and the three phones.
fn einstein_mesh() -> (Mesh<Einstein>, [PhoneId; 3]) {
    let phones = [1000, 1, 2].map(phone_id);
    (Mesh::new(einstein_table()), phones)
}

fn choose_pairs(player: usize, pairs: [[usize; 2]; 2]) -> einstein::Action {
    einstein::Action::Choose {
        player,
        choice: einstein::Choice { pairs },
    }
}

/// What the host sends a connection of the test's own (a modified phone):
/// opened with the key `remote`, `bytes` received on it.
fn raw(
    table: &mut Table<Einstein>,
    remote: PhoneId,
    bytes: &[u8],
) -> (PeerId, Vec<EinsteinToGuest>) {
    let peer = 5_000_000 + table.next_peer;
    table.next_peer += 1;
    table.host.connected(peer, remote, table.now);
    table.host.receive(peer, bytes, table.now);
    (peer, sent_to(table, peer))
}

/// The messages the host has sent `peer` since last asked (every output
/// carried out, as `pump` does).
fn sent_to(table: &mut Table<Einstein>, peer: PeerId) -> Vec<EinsteinToGuest> {
    table.alone = false;
    table.pump();
    table.alone = true;
    let mut frames = genius::core::link::wire::Frames::default();
    for (_, frame) in table.stray.iter().filter(|(p, _)| *p == peer) {
        frames.push(frame);
    }
    table.stray.retain(|(p, _)| *p != peer);
    let from_phone = table.phones.iter_mut().find(|p| p.peer == Some(peer));
    for frame in from_phone
        .map(|p| std::mem::take(&mut p.to_guest))
        .unwrap_or_default()
    {
        frames.push(&frame);
    }
    std::iter::from_fn(|| frames.next_message().unwrap()).collect()
}

fn hello_bytes(phone: PhoneId, seat: Option<usize>, held: Option<HeldCopy>) -> Vec<u8> {
    encode(&ToHost::<einstein::Action>::Hello(Hello {
        protocol: PROTOCOL,
        secret: SECRET,
        phone,
        seats: seat.into_iter().collect(),
        held,
        lead: None,
        relay: None,
    }))
    .unwrap()
}

/// Phones are their keys: a phone that says it is another (to take its
/// seat, or to undo its moves) is refused and changes nothing.
#[test]
fn a_hello_in_another_phones_name_is_refused_and_changes_no_seat() {
    let mut table = anne_has_chosen();
    let bruno = table.phones[0].guest.phone();
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(3)));
    let seats = table.host.seats();
    let log = table.host.replica().entries().to_vec();
    // Mallory's phone (its key 666) says it is Bruno's, on his seat, and
    // sends an undo of his choice with its hello.
    let mallory = phone_id(666);
    let mut bytes = hello_bytes(bruno, Some(1), None);
    bytes.extend(
        encode(&ToHost::<einstein::Action>::Propose {
            id: 1,
            step: Step::Undo,
        })
        .unwrap(),
    );
    let (peer, told) = raw(&mut table, mallory, &bytes);
    assert_eq!(
        told,
        vec![ToGuest::Refused(JoinRefusal::NotThisPhone)],
        "no welcome, no entry, no answer"
    );
    assert!(table.events.contains(&HostEvent::Turned {
        peer,
        why: Misbehaviour::Refused(JoinRefusal::NotThisPhone),
    }));
    // Bruno keeps his seat and his connection; his choice stands.
    assert_eq!(table.host.seats(), seats);
    assert!(table.host.seats()[1].connected);
    assert_eq!(table.host.replica().entries(), &log[..]);
    // The same through the test's guest: refused for good.
    table
        .phones
        .push(Phone::new(Guest::new(SECRET, bruno, Some(1), None)));
    let i = table.phones.len() - 1;
    table.connect_as(i, mallory);
    settle(&mut table);
    assert_eq!(
        table.phones[i].guest.state(),
        &LinkState::Refused(JoinRefusal::NotThisPhone)
    );
    assert_eq!(table.host.seats(), seats);
    // Bruno's phone itself still plays: his undo goes through.
    let undo = table.phones[0].guest.act(Step::Undo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&undo], Some(Ok(4)));
}

/// A modified phone that guesses the digest of the log through another
/// player's hidden choice (to learn it: a right guess kept, a wrong one
/// not) has nothing to guess: the log holds Anne's commitment, and no
/// welcome, right digest or wrong, holds her choice.
#[test]
fn a_guessed_digest_of_a_hidden_choice_tells_nothing() {
    let mut table = anne_has_chosen();
    let chloe = table.phones[1].guest.phone();
    let host = table.host.replica();
    assert_eq!(host.round_start(), Some(2), "Anne's choice is entry 2");
    assert!(matches!(
        host.entries()[1].step,
        Step::Commit { player: 0, .. }
    ));
    let right = host.chain(2).unwrap();
    let game = host.game().clone();
    for (seen, chain, from) in [
        (1, host_chain(&table, 1), 2),
        (2, right, 3),
        (2, right ^ 1, 1),
    ] {
        let held = HeldCopy {
            game: game.clone(),
            seen,
            chain,
        };
        let (_, told) = raw(&mut table, chloe, &hello_bytes(chloe, Some(2), Some(held)));
        let welcomed = told.iter().find_map(|m| match m {
            ToGuest::Welcome { from, .. } => Some(*from),
            _ => None,
        });
        assert_eq!(welcomed, Some(from), "a copy that is a prefix keeps it");
        assert_eq!(choices_in(&json(&told)), 0, "no choice in {told:?}");
    }
}

fn host_chain(table: &Table<Einstein>, n: u64) -> u32 {
    table.host.replica().chain(n).unwrap()
}

/// Only the phone that made a hidden choice reads it before the reveal:
/// not a phone that claims that player's seat afterwards and asks for the
/// log again.
#[test]
fn a_phone_that_claims_a_seat_reads_no_choice_made_before() {
    let mut table = anne_has_chosen();
    // Bruno chooses on his phone, then leaves his seat.
    let now = table.now;
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), now)
        .unwrap();
    settle(&mut table);
    table.phones[0].guest.claim(None, now);
    // The host leaves Anne's seat, chosen on its screen.
    table.host.free_seat(0, now);
    settle(&mut table);
    // A phone claims each seat in turn, and asks for the log again.
    let resend = encode(&ToHost::<einstein::Action>::Resend { from: 1 }).unwrap();
    for (phone, seat, choice) in [(90, 0, 2), (91, 1, 3)] {
        let i = another_phone(&mut table, phone, None);
        table.phones[i].guest.claim(Some(seat), table.now);
        settle(&mut table);
        assert_eq!(table.phones[i].guest.seat(), Some(seat));
        let peer = table.phones[i].peer.unwrap();
        table.host.receive(peer, &resend, table.now);
        let sent = sent_to(&mut table, peer);
        let entries: Vec<_> = sent
            .iter()
            .filter_map(|m| match m {
                ToGuest::Entries { from: 1, entries } => Some(entries.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(entries.len(), 1, "the log sent again");
        assert!(
            matches!(entries[0][choice - 1].step, Step::Commit { player, .. } if player == seat),
            "phone {phone} reads seat {seat}'s choice: {:?}",
            entries[0][choice - 1]
        );
        // Its copy cannot read it either.
        settle(&mut table);
        let copy = table.phones[i].guest.replica().unwrap();
        assert_eq!(copy.opening_of(choice as u64), None);
        assert_eq!(copy.sealed_choices(), vec![0, 1]);
    }
    // Bruno's own phone, watching now, still reads his.
    let bruno = table.phones[0].guest.replica().unwrap();
    assert_eq!(bruno.opening_of(3), Some(&choose(1)));
}

/// A host whose screen locked while a guest took the table over: when it
/// wakes it drops its silent guests, probes its roster, finds the new
/// host, steps down and joins it with its copy; the moves it made alone
/// are told dropped, and every copy ends with the new host's log.
#[test]
fn a_host_paused_during_a_take_over_steps_down_and_joins_the_new_host() {
    let mut rng = StdRng::seed_from_u64(4);
    let (mut mesh, [a, b, c]) = einstein_mesh();
    // A's last moves, as its screen locks, never leave it.
    mesh.pause(a);
    let now = mesh.now;
    let host = &mut mesh.table(a).host;
    host.act(Step::Act(roll([6, 6, 6, 6, 6])), now).unwrap();
    host.act(Step::Act(choose_pairs(0, [[0, 2], [1, 3]])), now)
        .unwrap();
    mesh.pump();
    // Its guests find it silent; B takes the table over, C joins B.
    mesh.wait(&mut rng, SILENCE + Duration::from_secs(1));
    assert_eq!(mesh.guest(b).guest.state(), &LinkState::Offline);
    mesh.take_over(b);
    mesh.settle(&mut rng);
    assert_eq!(mesh.guest_at(c).unwrap().0, mesh.hosted_by(b).unwrap());
    assert_eq!(mesh.guest(c).guest.lead(), Some(Lead { term: 1, host: b }));
    // The table goes on at B. A take-over moves the hosting, not the
    // seats: Anne's stays with A's phone (away) and Chloé's with hers, from
    // the moment B hosts; B plays its own only.
    let seats: Vec<_> = mesh.table(b).host.seats().iter().map(|s| s.phone).collect();
    assert_eq!(seats, vec![Some(a), Some(b), Some(c)]);
    assert_eq!(mesh.table(b).host.view().mine, vec![1]);
    // The roll is Anne's, on her phone: B's screen cannot make it. The
    // table waits for her, away: every phone says so, and B's offers to
    // free her seat and play it (it does not here).
    let now = mesh.now;
    let host = &mut mesh.table(b).host;
    assert!(matches!(
        host.act(Step::Act(roll([1, 2, 3, 4, 5])), now),
        Err(TableRefusal::NotYourSeat { .. })
    ));
    let view = mesh.table(b).host.view();
    let state = mesh.table(b).host.replica().session().state().clone();
    let awaited = view.awaited(&state);
    assert_eq!((awaited.away.clone(), awaited.here), (vec![0], false));
    assert_eq!(awaited.free_here, vec![0]);
    let chloe = mesh.guest(c).guest.view();
    let awaited = chloe.awaited(&state);
    assert_eq!((awaited.away, awaited.free_here), (vec![0], vec![]));
    // A wakes (its clock jumped); only its own probes find a phone.
    mesh.only_prober = Some(a);
    mesh.resume(a);
    mesh.wait(&mut rng, Duration::from_secs(3));
    let (events, own, to) = mesh.retired.get(&a).expect("A stepped down").clone();
    assert_eq!(
        (own, to),
        (Lead { term: 0, host: a }, Lead { term: 1, host: b })
    );
    let silent = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                HostEvent::Turned {
                    why: Misbehaviour::Silent,
                    ..
                }
            )
        })
        .count();
    assert_eq!(silent, 2, "its silent guests dropped: {events:?}");
    assert_eq!(events.last(), Some(&HostEvent::SteppedDown { lead: to }));
    // B answered A's probe, and hosts on.
    assert!(mesh.table(b).events.iter().any(|e| matches!(
        e,
        HostEvent::Turned {
            why: Misbehaviour::Probed,
            ..
        }
    )));
    assert!(!mesh.table(b).host.stepped_down());
    // A, a guest of B now, was told its two moves were dropped.
    mesh.settle(&mut rng);
    let guest_a = mesh.guest(a);
    assert_eq!(guest_a.guest.state(), &LinkState::Joined);
    assert!(guest_a.events.contains(&GuestEvent::Dropped { moves: 2 }));
    assert_eq!(guest_a.guest.seat(), Some(0), "in its own seat");
    assert_eq!(mesh.guest(c).dropped(), 0);
    // Its player rolls and chooses on her own phone, the others choose,
    // and the round is shown.
    let now = mesh.now;
    let anne = &mut mesh.guest_mut(a).guest;
    anne.act(Step::Act(roll([1, 2, 3, 4, 5])), now).unwrap();
    mesh.settle(&mut rng);
    mesh.guest_mut(a)
        .guest
        .act(Step::Act(choose(0)), now)
        .unwrap();
    mesh.table(b).host.act(Step::Act(choose(1)), now).unwrap();
    mesh.guest_mut(c)
        .guest
        .act(Step::Act(choose(2)), now)
        .unwrap();
    mesh.settle(&mut rng);
    let host = &mesh.table(b).host;
    assert_eq!(host.replica().sealed_choices(), Vec::<usize>::new());
    assert!(!host.replica().revealing());
    let state = host.replica().session().state().clone();
    let awaited = host.view().awaited(&state);
    assert!(awaited.away.is_empty() && awaited.free_here.is_empty());
    mesh.heal(&mut rng);
    mesh.check_healed();
}

/// The host chose (its commitment reached the others), then its screen
/// locked: the phone that takes the table over leaves Anne's seat with A's
/// phone, and the table waits for A to show the choice it made, saying so
/// (B may free the seat instead, and is offered to). When A wakes, it
/// steps down, rejoins in its seat and shows its choice from its own
/// phone: the host's own commitment, made before it stepped down, names no
/// phone, and its opening is the proof that A made it.
#[test]
fn a_locked_hosts_choice_made_before_a_take_over_is_shown_from_its_phone() {
    let mut rng = StdRng::seed_from_u64(6);
    let (mut mesh, [a, b, c]) = einstein_mesh();
    let now = mesh.now;
    let host = &mut mesh.table(a).host;
    host.act(Step::Act(roll([6, 5, 4, 3, 2])), now).unwrap();
    host.act(Step::Act(choose(0)), now).unwrap();
    mesh.settle(&mut rng);
    assert_eq!(mesh.guest(c).guest.view().chosen_unseen, vec![0]);
    mesh.pause(a);
    mesh.wait(&mut rng, SILENCE + Duration::from_secs(1));
    mesh.take_over(b);
    mesh.settle(&mut rng);
    let now = mesh.now;
    mesh.table(b).host.act(Step::Act(choose(1)), now).unwrap();
    mesh.settle(&mut rng);
    mesh.guest_mut(c)
        .guest
        .act(Step::Act(choose(2)), now)
        .unwrap();
    mesh.settle(&mut rng);
    let host = &mesh.table(b).host;
    assert_eq!(host.replica().awaited_reveals(), vec![0]);
    let state = host.replica().session().state().clone();
    let awaited = host.view().awaited(&state);
    assert_eq!((awaited.reveals, awaited.free_here), (vec![0], vec![0]));
    // A wakes: it finds B, steps down, joins it in Anne's seat and shows
    // her choice; the round is over on every phone.
    mesh.only_prober = Some(a);
    mesh.resume(a);
    mesh.wait(&mut rng, Duration::from_secs(3));
    assert!(mesh.retired.contains_key(&a), "A stepped down");
    assert_eq!(mesh.guest(a).guest.seat(), Some(0));
    assert_eq!(mesh.guest(a).dropped(), 0, "nothing of A's was lost");
    let host = &mesh.table(b).host;
    assert!(!host.replica().revealing(), "the round is shown");
    assert_eq!(host.replica().sealed_choices(), Vec::<usize>::new());
    assert!(host.replica().stood_in().is_empty());
    let revealed =
        host.replica().entries().iter().any(|e| {
            matches!(e.step, Step::Reveal { .. }) && e.origin.is_some_and(|o| o.phone == a)
        });
    assert!(revealed, "A's phone showed Anne's choice");
    mesh.heal(&mut rng);
    mesh.check_healed();
}

/// The new host plays an away phone's seat only once it freed it: before,
/// its own screen cannot choose for that player; freed (the one tap it is
/// offered), it chooses for her and the round goes on. The phone, back,
/// asks for its seat again and plays it from there.
#[test]
fn a_new_host_plays_an_away_seat_only_once_it_freed_it() {
    let mut rng = StdRng::seed_from_u64(7);
    let (mut mesh, [a, b, c]) = einstein_mesh();
    mesh.pause(a);
    mesh.wait(&mut rng, SILENCE + Duration::from_secs(1));
    mesh.take_over(b);
    mesh.settle(&mut rng);
    let now = mesh.now;
    let host = &mut mesh.table(b).host;
    assert!(matches!(
        host.act(Step::Act(roll([1, 1, 2, 3, 5])), now),
        Err(TableRefusal::NotYourSeat { .. })
    ));
    let state = host.replica().session().state().clone();
    assert_eq!(host.view().awaited(&state).free_here, vec![0]);
    host.free_seat(0, now);
    assert_eq!(host.view().mine, vec![0, 1]);
    assert!(host.view().awaited(&state).free_here.is_empty());
    host.act(Step::Act(roll([1, 1, 2, 3, 5])), now).unwrap();
    host.act(Step::Act(choose(0)), now).unwrap();
    host.act(Step::Act(choose(1)), now).unwrap();
    mesh.settle(&mut rng);
    mesh.guest_mut(c)
        .guest
        .act(Step::Act(choose(2)), now)
        .unwrap();
    mesh.settle(&mut rng);
    let host = &mesh.table(b).host;
    assert!(host.replica().sealed_choices().is_empty() && !host.replica().revealing());
    // A wakes and is at B's table, in Anne's seat again (no phone held it).
    mesh.only_prober = Some(a);
    mesh.resume(a);
    mesh.wait(&mut rng, Duration::from_secs(3));
    assert_eq!(mesh.guest(a).guest.seat(), Some(0));
    mesh.heal(&mut rng);
    mesh.check_healed();
}

/// Two guests take the table over at once (the same term): whichever
/// probes the other first, the one with the higher key steps down, its
/// guests follow it to the other, and every copy settles on one log.
#[test]
fn two_take_overs_at_once_leave_one_host() {
    for b_asks in [true, false] {
        let mut rng = StdRng::seed_from_u64(5);
        let mut table = einstein_table();
        let d = another_phone(&mut table, 3, None);
        let d = table.phones[d].guest.phone();
        let now = table.now;
        table
            .host
            .act(Step::Act(roll([6, 5, 4, 3, 2])), now)
            .unwrap();
        settle(&mut table);
        let mut mesh = Mesh::new(table);
        let [a, b, c] = [1000, 1, 2].map(phone_id);
        // A's screen locks; B is apart from C and D.
        mesh.pause(a);
        mesh.side.insert(b, 1);
        mesh.wait(&mut rng, SILENCE + Duration::from_secs(1));
        mesh.take_over(b);
        mesh.take_over(c);
        mesh.settle(&mut rng);
        for host in [b, c] {
            assert_eq!(mesh.table(host).host.lead(), Lead { term: 1, host });
        }
        assert_eq!(mesh.guest_at(d).unwrap().0, mesh.hosted_by(c).unwrap());
        assert_eq!(mesh.guest(d).guest.state(), &LinkState::Joined);
        // C plays its choice at its table.
        let now = mesh.now;
        mesh.table(c).host.act(Step::Act(choose(2)), now).unwrap();
        mesh.settle(&mut rng);
        // The partition heals: one of them probes the other.
        let first = if b_asks { b } else { c };
        mesh.only_prober = Some(first);
        mesh.side.clear();
        mesh.wait(&mut rng, Duration::from_secs(40));
        let (events, own, to) = mesh.retired.get(&c).expect("C stepped down").clone();
        assert_eq!(
            (own, to),
            (Lead { term: 1, host: c }, Lead { term: 1, host: b })
        );
        assert!(events.contains(&HostEvent::SteppedDown { lead: to }));
        assert!(!mesh.retired.contains_key(&b), "exactly one steps down");
        assert!(!mesh.table(b).host.stepped_down());
        // D followed C's word to B; C joined B, its choice told dropped.
        assert!(mesh.guest(d).events.contains(&GuestEvent::Moved(to)));
        for phone in [c, d] {
            assert_eq!(mesh.guest_at(phone).unwrap().0, mesh.hosted_by(b).unwrap());
            assert_eq!(mesh.guest(phone).guest.state(), &LinkState::Joined);
        }
        assert!(mesh
            .guest(c)
            .events
            .contains(&GuestEvent::Dropped { moves: 1 }));
        // A wakes last, and gives way too.
        mesh.heal(&mut rng);
        mesh.check_healed();
        assert_eq!(mesh.tables[0].host.me(), b);
        assert!(mesh.retired.contains_key(&a));
    }
}

/// A modified phone says it hosts the table under a later term, with a
/// probe of its own or as its answer to the host's: the host, whose lead
/// the other phones signed, hosts on, and no guest moves. Its own vote,
/// a forged one and one signed for another lead count for nothing. A
/// lead the other phones did sign (they joined it while the host's screen
/// was locked) is one the host gives way to.
#[test]
fn a_phone_alone_claiming_a_later_term_does_not_pull_the_table() {
    let mut table = einstein_table();
    let [a, b, c] = [1000, 1, 2].map(phone_id);
    let own = table.host.mandate();
    assert_eq!(own.votes.len(), 3, "A, B and C signed A's lead: {own:?}");
    // A vote that is not B's signature of A's lead is not kept.
    let peer = table.phones[0].peer.unwrap();
    let garbage = ToHost::<einstein::Action>::Vote(Signature([1; 64]));
    table
        .host
        .receive(peer, &encode(&garbage).unwrap(), table.now);
    assert_eq!(table.host.mandate(), own);
    let fake = Lead { term: 99, host: c };
    let alone = vec![key(2).vote(SECRET, fake)];
    let b_for_a = own.votes.iter().find(|v| v.phone == b).copied().unwrap();
    let forged = Vote {
        phone: b,
        signature: Signature([7; 64]),
    };
    let stranger = key(666).vote(SECRET, fake);
    for votes in [
        alone.clone(),
        [&alone[..], &[forged, b_for_a, stranger]].concat(),
    ] {
        let mandate = Mandate { lead: fake, votes };
        let probe = ToHost::<einstein::Action>::Probe {
            protocol: PROTOCOL,
            secret: SECRET,
            mandate: mandate.clone(),
        };
        let (_, told) = raw(&mut table, c, &encode(&probe).unwrap());
        assert_eq!(told, vec![ToGuest::Hosting(own.clone())]);
        let now = table.now;
        table.host.probed(c, Some(mandate), now);
        settle(&mut table);
        assert!(!table.host.stepped_down());
        assert_eq!(table.host.lead(), Lead { term: 0, host: a });
    }
    assert!(table.host.seats()[1..].iter().all(|s| s.connected));
    assert!(table
        .phones
        .iter()
        .all(|p| p.guest.lead() == Some(own.lead)));
    // B and C joined C under term 1 while A's screen was locked: A steps
    // down to it, and tells its guests.
    let real = Lead { term: 1, host: c };
    let votes = vec![key(1).vote(SECRET, real), key(2).vote(SECRET, real)];
    let now = table.now;
    table
        .host
        .probed(c, Some(Mandate { lead: real, votes }), now);
    settle(&mut table);
    assert!(table.host.stepped_down());
    assert!(table
        .events
        .contains(&HostEvent::SteppedDown { lead: real }));
    assert!(table
        .phones
        .iter()
        .all(|p| p.events.contains(&GuestEvent::Moved(real))));
}

/// Seeded random runs of a table whose phones lock, lose each other and
/// take it over, while moves go on: copies never read others' hidden
/// choices, and once the network heals there is one host, every copy
/// holds its log, and no phone lost a move without being told.
#[test]
fn take_overs_pauses_and_partitions_end_with_one_host() {
    let (mut take_overs, mut step_downs, mut entries, mut claims) = (0, 0, 0, 0);
    for seed in 0..16 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut table = einstein_table();
        another_phone(&mut table, 3, None);
        let mut mesh = Mesh::new(table);
        for _ in 0..600 {
            mesh.step(&mut rng);
        }
        mesh.heal(&mut rng);
        mesh.check_healed();
        take_overs += mesh.take_overs;
        step_downs += mesh.retired.len();
        claims += mesh.hostile_claims;
        entries += mesh.tables[0].host.replica().head();
    }
    println!(
        "{take_overs} take-overs, {step_downs} step-downs, {entries} entries, \
         {claims} lone claims of a later term"
    );
    assert!(take_overs >= 3, "{take_overs} take-overs");
    assert!(claims >= 10, "{claims} lone claims");
    assert!(step_downs >= 3, "{step_downs} step-downs");
}

/// A modified guest asks for the log again and again, then stops reading:
/// it is sent the log at most once per second, then dropped; the honest
/// guest gets every entry.
#[test]
fn a_guest_that_floods_resends_and_stops_reading_gets_no_more_than_its_share() {
    /// The host's `RESEND_GAP`.
    const RESEND_GAP: Duration = Duration::from_secs(1);
    let mut table = anne_has_chosen();
    let peer = table.phones[1].peer.unwrap();
    let resend = encode(&ToHost::<einstein::Action>::Resend { from: 1 }).unwrap();
    let start = table.now;
    let mut served = Vec::new();
    // Twenty a second for three seconds (under the flood's rate).
    for k in 0..60 {
        table.now = start + Duration::from_millis(50 * k);
        table.host.receive(peer, &resend, table.now);
        let sent = sent_to(&mut table, peer);
        if sent
            .iter()
            .any(|m| matches!(m, ToGuest::Entries { from: 1, .. }))
        {
            served.push(table.now - start);
        }
    }
    assert_eq!(served, vec![Duration::ZERO, RESEND_GAP, 2 * RESEND_GAP]);
    // It reads no more: the driver's queue for it fills, and it is dropped.
    table.host.stalled(peer, table.now);
    table.pump();
    assert!(table.events.contains(&HostEvent::Turned {
        peer,
        why: Misbehaviour::Stalled
    }));
    assert_eq!(table.phones[1].peer, None);
    let seats = table.host.seats();
    assert_eq!(seats[2].phone, Some(table.phones[1].guest.phone()));
    assert!(!seats[2].connected, "its seat kept, not connected");
    // Bruno plays on and gets every entry.
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(3)));
    let bruno = table.phones[0].guest.replica().unwrap();
    assert_eq!(bruno.head(), table.host.replica().head());
    table.check_prefixes();
}

/// A step waits while the host says nothing (the path died: Wi-Fi to
/// mobile data): at DEAD_PATH, not at the heartbeat's silence, the guest
/// asks for a fresh path and closes; on the new connection its step,
/// which the host had applied, is answered, applied once.
#[test]
fn a_dead_path_is_left_at_three_seconds_and_the_step_applied_once() {
    use genius::core::link::guest::DEAD_PATH;
    let mut table = anne_has_chosen();
    let start = table.now;
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), start)
        .unwrap();
    table.pump();
    // The proposal reaches the host; nothing comes back any more.
    let phone = &mut table.phones[0];
    let peer = phone.peer.unwrap();
    let proposal = phone.to_host.pop_front().unwrap();
    table.host.receive(peer, &proposal, start);
    table.pump();
    assert_eq!(table.host.replica().head(), 3, "applied");
    let mut left = None;
    for k in 1..=20 {
        let now = start + Duration::from_millis(250 * k);
        let phone = &mut table.phones[0];
        phone.to_guest.clear();
        phone.to_host.clear();
        let guest = &mut phone.guest;
        assert!(guest.poll_timeout().unwrap() <= start + DEAD_PATH);
        guest.handle_timeout(now);
        let out: Vec<_> = std::iter::from_fn(|| guest.poll_output()).collect();
        let new_path = out.iter().position(|o| *o == Output::NewPath);
        let close = out.iter().position(|o| matches!(o, Output::Close { .. }));
        if let Some(close) = close {
            assert!(new_path.is_some_and(|n| n < close), "{out:?}");
            left = Some(now - start);
            break;
        }
        assert_eq!(new_path, None);
    }
    assert_eq!(left, Some(DEAD_PATH));
    assert!(DEAD_PATH < SILENCE);
    assert_eq!(table.phones[0].guest.state(), &LinkState::Offline);
    // A fresh path: the step goes again, and is answered as applied.
    table.disconnect(0);
    table.now = start + DEAD_PATH;
    table.connect(0);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(3)));
    table.check_settled();
}

/// The host plays two seats (its own and one no phone holds): the last of
/// its choices completes the round, it reveals both, and the guest's
/// reveal ends the round.
#[test]
fn a_host_playing_two_seats_reveals_both_and_the_round_ends() {
    let mut table = Table::<Einstein>::new(einstein_start(), &[Some(1)]);
    table.connect(0);
    settle(&mut table);
    let now = table.now;
    table
        .host
        .act(Step::Act(roll([1, 1, 1, 1, 2])), now)
        .unwrap();
    settle(&mut table);
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), now)
        .unwrap();
    settle(&mut table);
    table.host.act(Step::Act(choose(0)), now).unwrap();
    settle(&mut table);
    table.host.act(Step::Act(choose(2)), now).unwrap();
    settle(&mut table);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    assert_eq!(host.session().log().len(), 4);
}

/// Chloé's phone commits her choice and closes before saving it: it comes
/// back from a save made before, holding no opening, before any choice is
/// shown. Her phone, seeing its own commitment it cannot open, makes it
/// void and tells her, and she chooses again (a ruling). No other phone
/// can make a commitment void, and every copy ends on the same game.
#[test]
fn a_phone_that_lost_its_choice_makes_it_void_and_chooses_again() {
    let mut table = anne_has_chosen();
    // A modified phone cannot make Anne's commitment void.
    let annes = table.host.replica().entries()[1].step.clone();
    let Step::Commit { commitment, .. } = annes else {
        panic!("{annes:?}")
    };
    let w = another_phone(&mut table, 83, None);
    let void = Step::Void { commitment };
    assert_eq!(
        forge_now(&mut table, w, 1, void),
        Err(TableRefusal::OthersMove)
    );
    lose_chloes_choice(&mut table);
    // Her phone is back: its commitment made void, and she is told.
    table.connect(1);
    settle(&mut table);
    assert!(table.phones[1]
        .events
        .contains(&GuestEvent::ChoiceLost { player: 2 }));
    let host = table.host.replica();
    assert!(
        matches!(host.entries().last().unwrap().step, Step::Void { .. }),
        "{:?}",
        host.entries()
    );
    assert!(host.round_start().is_some(), "the round waits for Chloé");
    chooses(&mut table, 1, 2);
    chooses(&mut table, 0, 1);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    assert_eq!(host.session().log().len(), 4, "the roll and three choices");
    every_copy_is_the_hosts(&table);
}

/// The host rolls `dice`, and every phone hears it.
fn host_rolls(table: &mut Table<Einstein>, dice: [u8; 5]) {
    let now = table.now;
    table.host.act(Step::Act(roll(dice)), now).unwrap();
    settle(table);
}

/// Phone `i` chooses for `seat`, and every phone hears it.
fn chooses(table: &mut Table<Einstein>, i: usize, seat: usize) {
    let now = table.now;
    table.phones[i]
        .guest
        .act(Step::Act(choose(seat)), now)
        .unwrap();
    settle(table);
}

/// Every guest's copy holds the host's entries and game, and the log
/// replays on one phone to that game.
fn every_copy_is_the_hosts(table: &Table<Einstein>) {
    let host = table.host.replica();
    for (i, phone) in table.phones.iter().enumerate() {
        let copy = phone.guest.replica().unwrap();
        assert_eq!(copy.entries(), host.entries(), "guest {i}");
        assert_eq!(json(copy.session().record()), json(host.session().record()));
    }
    assert_eq!(
        json(one_phone(host).record()),
        json(host.session().record())
    );
}

/// Chloé commits her choice; her phone closes and comes back from a save
/// made before it (no opening): it is offline, at `table.phones[1]`.
fn lose_chloes_choice(table: &mut Table<Einstein>) {
    let before = json(&table.phones[1].guest.saved());
    chooses(table, 1, 2);
    table.disconnect(1);
    let saved: SavedGuest<Einstein> = serde_json::from_str(&before).unwrap();
    let replica = saved.replica.clone().map(|r| Replica::restore(r).unwrap());
    table.phones[1].guest = Guest::restore(saved, replica);
}

/// Once a choice of the round is shown, no choice of it is withdrawn or
/// changed (a ruling): a phone that voided its own then would choose again
/// knowing the others'. Chloé's phone lost its choice while Anne's and
/// Bruno's were shown: a modified phone's void (or new commitment) is
/// refused by the host, a modified host's void by every copy, and Chloé's
/// phone makes none: the coach's choice for her sheet, from the round's
/// start, is played in its place (`Step::StandIn`), said on every phone.
#[test]
fn no_choice_is_withdrawn_once_one_of_its_round_is_shown() {
    let mut table = anne_has_chosen();
    let now = table.now;
    lose_chloes_choice(&mut table);
    chooses(&mut table, 0, 1);
    assert_eq!(table.host.replica().awaited_reveals(), vec![2]);
    assert!(table.host.replica().shown());
    // Chloé's phone is back: the host has its hello, the phone not yet
    // its welcome.
    table.connect(1);
    table.pump();
    let hello = table.phones[1].to_host.pop_front().unwrap();
    let peer = table.phones[1].peer.unwrap();
    table.host.receive(peer, &hello, now);
    table.pump();
    let commitment = table
        .host
        .replica()
        .entries()
        .iter()
        .find_map(|e| match e.step {
            Step::Commit {
                player: 2,
                commitment,
            } => Some(commitment),
            _ => None,
        })
        .unwrap();
    // A modified phone in Chloé's place: its void and a new commitment.
    let void = Step::Void { commitment };
    assert_eq!(
        forge_now(&mut table, 1, 90, void.clone()),
        Err(TableRefusal::Shown)
    );
    let again = Step::Commit {
        player: 2,
        commitment: Commitment::from_bytes([7; 32]),
    };
    assert!(forge_now(&mut table, 1, 91, again).is_err());
    // A modified host's void: refused by every copy.
    let mut copy = table.phones[0].guest.replica().unwrap().clone();
    let entry = Entry {
        step: void,
        origin: None,
    };
    assert_eq!(copy.append(entry), Err(TableRefusal::Shown));
    assert_eq!(copy.awaited_reveals(), vec![2]);
    // Bruno's choice, shown, is final: refused on his phone and by the host
    // (the table shows the choices: nothing else is taken).
    assert_eq!(
        table.phones[0].guest.act(Step::Undo, now),
        Err(TableRefusal::Revealing)
    );
    let undo = forge_now(&mut table, 0, 9, Step::Undo);
    assert_eq!(undo, Err(TableRefusal::Revealing));
    // Chloé's phone, welcomed again past the numbers forged in its name,
    // stands the coach's choice in for hers.
    table.disconnect(1);
    table.connect(1);
    settle(&mut table);
    let host = table.host.replica();
    assert!(
        !host
            .entries()
            .iter()
            .any(|e| matches!(e.step, Step::Void { .. })),
        "{:?}",
        host.entries()
    );
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    let mut start = Session::<Einstein>::new(host.start().setup.clone()).unwrap();
    start.act(roll([6, 5, 4, 3, 2])).unwrap();
    let coach = genius::core::link::stand_in::stand_in(start.state(), 2).unwrap();
    assert!(host.session().log().contains(&coach), "{coach:?}");
    assert_eq!(host.session().log().len(), 4, "the roll and three choices");
    assert_eq!(host.stood_in(), vec![2]);
    for phone in &table.phones {
        let copy = phone.guest.replica().unwrap();
        assert_eq!(copy.stood_in(), vec![2], "said on every phone");
    }
    every_copy_is_the_hosts(&table);
}

/// Chloé's phone commits her choice and goes before showing it, once
/// Anne's and Bruno's are shown; the host frees her seat. It may not choose
/// for her afresh, having seen the others' choices: the coach's choice
/// for her sheet stands in for hers (a ruling).
#[test]
fn a_seat_freed_once_a_choice_is_shown_gets_the_coachs_choice() {
    let mut table = anne_has_chosen();
    let now = table.now;
    chooses(&mut table, 1, 2);
    table.disconnect(1);
    chooses(&mut table, 0, 1);
    assert_eq!(table.host.replica().awaited_reveals(), vec![2]);
    table.host.free_seat(2, now);
    settle(&mut table);
    let host = table.host.replica();
    assert!(
        matches!(host.entries().last().unwrap().step, Step::StandIn { .. }),
        "{:?}",
        host.entries()
    );
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    assert_eq!(host.session().log().len(), 4);
    let bruno = table.phones[0].guest.replica().unwrap();
    assert_eq!(bruno.entries(), host.entries());
    assert_eq!(bruno.stood_in(), vec![2]);
    let afresh = table.host.act(Step::Act(choose(2)), now);
    assert!(afresh.is_err(), "not chosen afresh: {afresh:?}");
}

/// Chloé's phone commits her choice and her seat is freed before it shows
/// it: her commitment is made void, and the host chooses for her seat
/// afresh (a ruling).
#[test]
fn a_seat_freed_before_its_choice_is_shown_is_chosen_afresh_by_the_host() {
    let mut table = anne_has_chosen();
    let now = table.now;
    table.phones[1]
        .guest
        .act(Step::Act(choose(2)), now)
        .unwrap();
    settle(&mut table);
    table.disconnect(1);
    table.host.free_seat(2, now);
    settle(&mut table);
    let host = table.host.replica();
    assert!(matches!(
        host.entries().last().unwrap().step,
        Step::Void { .. }
    ));
    assert_eq!(host.session().state().hidden_choosers(), vec![1, 2]);
    table.host.act(Step::Act(choose(2)), now).unwrap();
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), now)
        .unwrap();
    settle(&mut table);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    assert_eq!(host.session().log().len(), 4);
    let bruno = table.phones[0].guest.replica().unwrap();
    assert_eq!(bruno.entries(), host.entries());
    assert_eq!(
        json(bruno.session().record()),
        json(host.session().record())
    );
}

/// A game played to its end at a table; then the host starts the next
/// game there: every phone keeps its seat and is taken to the new game at
/// once, what waited for the last game goes with it, and a phone away
/// joins the new game when back.
#[test]
fn the_next_game_at_a_table_keeps_its_phones_and_seats() {
    let mut table = einstein_table();
    let start = table.host.replica().start().clone();
    let early = Replica::new(GameId::parse("too-early").unwrap(), start.clone()).unwrap();
    assert!(!table.host.next_game(early, table.now), "a game under way");
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..2_000 {
        if table.host.replica().session().is_finished() {
            break;
        }
        let now = table.now;
        if let Some(action) = random_move(table.host.replica().session().state(), &[0], &mut rng) {
            let _ = table.host.act(Step::Act(action), now);
        }
        for (i, seat) in [(0, 1), (1, 2)] {
            let guest = &mut table.phones[i].guest;
            let action = guest
                .replica()
                .and_then(|r| random_move(r.session().state(), &[seat], &mut rng));
            if let (Some(action), 0) = (action, guest.pending().count()) {
                let _ = guest.act(Step::Act(action), now);
            }
        }
        settle(&mut table);
    }
    assert!(table.host.replica().session().is_finished());
    let finished = table.host.replica().game().clone();
    let same_id = Replica::new(finished.clone(), start.clone()).unwrap();
    assert!(!table.host.next_game(same_id, table.now));
    // Chloé's phone is away; Bruno's undo of the last game waits.
    table.disconnect(1);
    let _ = table.phones[0].guest.act(Step::Undo, table.now);
    let next = Replica::new(GameId::parse("next-game").unwrap(), start).unwrap();
    assert!(table.host.next_game(next, table.now));
    settle(&mut table);
    let bruno = &table.phones[0].guest;
    assert_eq!(bruno.replica().unwrap().game(), "next-game");
    assert_eq!(bruno.replica().unwrap().head(), 0);
    assert_eq!(bruno.seat(), Some(1));
    assert_eq!(
        bruno.pending().count(),
        0,
        "the undo went with the last game"
    );
    assert_eq!(table.host.replica().head(), 0);
    // The next game goes on as any: Anne's roll reaches Bruno.
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].guest.replica().unwrap().head(), 1);
    // Chloé's phone, back, is in the next game, in her seat.
    table.connect(1);
    settle(&mut table);
    let chloe = &table.phones[1].guest;
    assert_eq!(chloe.replica().unwrap().game(), "next-game");
    assert_eq!(chloe.replica().unwrap().head(), 1);
    assert_eq!(chloe.seat(), Some(2));
    assert_eq!(
        table
            .host
            .seats()
            .iter()
            .map(|s| s.phone)
            .collect::<Vec<_>>(),
        vec![Some(phone_id(1000)), Some(phone_id(1)), Some(phone_id(2))]
    );
}

/// Players may share a phone: one phone plays Bruno's and Chloé's seats,
/// chooses for each, keeps both across a reconnection, and gives one up;
/// it cannot play the host's. A copy saved when a phone played one seat
/// (or none) opens with that seat.
#[test]
fn a_phone_plays_several_seats_and_keeps_them() {
    let mut table = Table::<Einstein>::new(einstein_start(), &[None]);
    table.connect(0);
    settle(&mut table);
    let now = table.now;
    table.phones[0].guest.claim_seats(vec![2, 1], now);
    settle(&mut table);
    let shared = phone_id(1);
    let held: Vec<_> = table.host.seats().iter().map(|s| s.phone).collect();
    assert_eq!(held, vec![Some(phone_id(1000)), Some(shared), Some(shared)]);
    assert_eq!(table.host.seats_of(shared), vec![1, 2]);
    assert_eq!(
        table.phones[0].guest.seat_choice(),
        SeatChoice::Held(vec![1, 2])
    );
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), now)
        .unwrap();
    settle(&mut table);
    // It may not choose for Anne, whose seat is the host's.
    assert!(matches!(
        table.phones[0].guest.act(Step::Act(choose(0)), now),
        Err(TableRefusal::NotYourSeat { .. })
    ));
    // The host's screen waits for Bruno on his phone and for Chloé on
    // that same phone, Bruno's (not "on her own").
    table.host.act(Step::Act(choose(0)), now).unwrap();
    let state = table.host.replica().session().state().clone();
    let awaited = table.host.view().awaited(&state);
    assert_eq!(
        (awaited.own, awaited.shared, awaited.here),
        (vec![1], vec![(2, 1)], false)
    );
    table.host.act(Step::Undo, now).unwrap();
    settle(&mut table);
    // It chooses for both of its players; Anne last, on the host.
    for player in [1, 2] {
        table.phones[0]
            .guest
            .act(Step::Act(choose(player)), now)
            .unwrap();
        settle(&mut table);
    }
    // Both seats go on being its own after a reconnection.
    table.disconnect(0);
    table.connect(0);
    settle(&mut table);
    assert_eq!(table.host.seats_of(shared), vec![1, 2]);
    table.host.act(Step::Act(choose(0)), now).unwrap();
    settle(&mut table);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    assert_eq!(host.session().log().len(), 4, "the roll and three choices");
    let copy = table.phones[0].guest.replica().unwrap();
    assert_eq!(json(copy.session().record()), json(host.session().record()));
    // It gives Chloé's seat up: the host plays it from now on.
    table.phones[0].guest.claim_seats(vec![1], now);
    settle(&mut table);
    assert_eq!(table.host.seats_of(shared), vec![1]);
    assert_eq!(table.host.seats()[2].phone, None);
    // A copy saved with one seat, or none, opens with it.
    let mut saved = serde_json::to_value(table.phones[0].guest.saved()).unwrap();
    for (old, seats) in [
        (serde_json::json!(1), vec![1]),
        (serde_json::Value::Null, vec![]),
    ] {
        saved["claim"] = old;
        let guest: SavedGuest<Einstein> = serde_json::from_value(saved.clone()).unwrap();
        assert_eq!(guest.claim, seats);
    }
}

/// Numbers that come from the wire or a ticket are checked: the highest a
/// modified phone or host can send (a proposal numbered `u64::MAX`, entries
/// from `u64::MAX`, a term of `u32::MAX`, a ticket's `n=4294967295`)
/// neither panic (debug builds) nor wrap (release builds).
#[test]
fn numbers_from_the_wire_or_a_ticket_neither_panic_nor_wrap() {
    let mut table = einstein_table();
    // A modified Bruno numbers his proposals from the top, then downwards.
    let undo = Step::Undo;
    assert!(forge_now(&mut table, 0, u64::MAX, undo.clone()).is_err());
    assert_eq!(
        forge_now(&mut table, 0, u64::MAX - 1, undo.clone()),
        Err(TableRefusal::Stale)
    );
    assert_eq!(forge_now(&mut table, 0, 1, undo), Err(TableRefusal::Stale));
    // Welcomed again, his phone is told it used the last number: it
    // proposes nothing more rather than wrap to numbers already answered.
    table.disconnect(0);
    table.connect(0);
    host_rolls(&mut table, [1, 2, 3, 4, 5]);
    let now = table.now;
    assert_eq!(
        table.phones[0].guest.act(Step::Act(choose(1)), now),
        Err(TableRefusal::TooManyWaiting)
    );
    // A modified host sends entries numbered from the top, and a lead of
    // the last term.
    let start = table.host.replica().start().clone();
    let entry = table.host.replica().entries().first().cloned();
    let mut guest = Guest::<Einstein>::new(SECRET, phone_id(5), Some(1), None);
    guest.connected(now);
    let host_says = |message: &EinsteinToGuest| encode(message).unwrap();
    guest.receive(
        &host_says(&ToGuest::Welcome {
            game: GameId::parse("huge").unwrap(),
            start,
            from: 1,
            last_proposal: u64::MAX,
            seats: table.host.seats(),
            lead: Lead {
                term: u32::MAX,
                host: phone_id(1000),
            },
            votes: Vec::new(),
        }),
        now,
    );
    let roll_entry = Entry {
        step: Step::Act(roll([1, 2, 3, 4, 5])),
        origin: None,
    };
    let entries = vec![entry.unwrap_or(roll_entry.clone()), roll_entry];
    guest.receive(
        &host_says(&ToGuest::Entries {
            from: u64::MAX,
            entries,
        }),
        now,
    );
    assert_eq!(guest.replica().unwrap().head(), 0, "a gap, not a wrap");
    // Its phone takes the table over: the term stays the last.
    let host = take_over(&guest, 0).unwrap();
    assert_eq!(host.lead().term, u32::MAX);
    let ticket = Ticket::parse(&format!(
        "v=1&g=einstein&h={}&s={}&n=4294967295",
        phone_id(1000).to_hex(),
        SECRET.to_hex()
    ))
    .unwrap();
    assert_eq!(ticket.term, u32::MAX);
    let host = take_over(&guest, ticket.term).unwrap();
    assert_eq!(host.lead().term, u32::MAX);
}

/// A host picks a table game's id: a modified one could pick the id of a
/// game this phone keeps, to overwrite it or end it for the records. A
/// copy is saved over nothing, over this table's own copy, or over the game
/// it carries on whole (the same setup, its moves first), never over a
/// game it would lose.
#[test]
fn a_table_copy_is_never_saved_over_a_game_it_would_lose() {
    let mut table = einstein_table();
    host_rolls(&mut table, [1, 2, 3, 4, 5]);
    let copy = table.phones[0].guest.replica().unwrap().clone();
    let id = copy.game().clone();
    let ticket = |secret: Secret| Ticket {
        game: GameKind::Einstein,
        host: phone_id(1000).to_hex(),
        secret,
        relay: None,
        addrs: Vec::new(),
        term: 0,
    };
    let saved =
        |session: &Session<Einstein>| SavedGame::of_game(&id, GameKind::Einstein, 0, session);
    let marked = |session: &Session<Einstein>, secret: Secret| {
        let mark = TableMark {
            ticket: ticket(secret).to_string(),
            role: TableRole::Guest,
            link: serde_json::Value::Null,
        };
        saved(session).with_table(&mark)
    };
    let table_ticket = ticket(SECRET);
    let session = copy.session();
    let fresh = Session::<Einstein>::new(copy.start().setup.clone()).unwrap();
    let mut other = fresh.clone();
    other.act(roll([6, 6, 6, 6, 6])).unwrap();
    let over = |stored: Option<&SavedGame>| table_ticket.may_save_over(session, stored);
    assert_eq!(over(None), SaveOver::Write, "nothing kept");
    assert_eq!(over(Some(&marked(&other, SECRET))), SaveOver::Write);
    assert_eq!(over(Some(&saved(&fresh))), SaveOver::Write);
    assert_eq!(over(Some(&saved(session))), SaveOver::Write);
    // The copy catching up on the game kept (this phone left the table
    // and joins again): it waits.
    let early = table_ticket.may_save_over(&fresh, Some(&saved(session)));
    assert_eq!(early, SaveOver::Wait);
    // A game of this phone alone, and another table's, under that id.
    assert_eq!(over(Some(&saved(&other))), SaveOver::Refuse);
    assert_eq!(over(Some(&marked(&other, secret(3)))), SaveOver::Refuse);
}

/// The relay a phone says it is reachable through is its word: the host
/// keeps, and sends the others to dial, only a relay's address of a sane
/// length (a 60 KiB one filled every roster the host sent), and a guest
/// dials only such an address from the roster a host sends.
#[test]
fn a_phones_relay_is_kept_only_if_it_is_a_relays_address() {
    let mut table = einstein_table();
    let huge = format!("https://{}", "r".repeat(60 * 1024));
    for (n, relay) in [(84, huge.as_str()), (85, "javascript:alert(1)")] {
        let mut guest = Guest::new(SECRET, phone_id(n), None, None);
        guest.identify(key(n));
        guest.reachable_at(Some(relay.to_string()));
        table.phones.push(Phone::new(guest));
        let i = table.phones.len() - 1;
        table.connect(i);
        settle(&mut table);
        assert_eq!(table.phones[i].guest.state(), &LinkState::Joined);
        let member = table.host.roster().iter().find(|m| m.phone == phone_id(n));
        assert_eq!(member.map(|m| m.relay.clone()), Some(None), "{n}");
    }
    let good = "https://relay.example/".to_string();
    let roster = vec![
        Member {
            phone: phone_id(86),
            relay: Some("file:///etc/passwd".into()),
        },
        Member {
            phone: phone_id(87),
            relay: Some(good.clone()),
        },
    ];
    let frame = encode(&EinsteinToGuest::Roster(roster)).unwrap();
    let guest = &mut table.phones[0].guest;
    guest.receive(&frame, table.now);
    let relays: Vec<_> = guest.roster().iter().map(|m| m.relay.clone()).collect();
    assert_eq!(relays, vec![None, Some(good)]);
}

/// Bruno's last commitment of the round, as the host's log holds it.
fn brunos_commitment(table: &Table<Einstein>) -> Commitment {
    let bruno = table.phones[0].guest.phone();
    (table.host.replica().entries().iter().rev())
        .find_map(|e| match e.step {
            Step::Commit { commitment, .. } if e.origin.is_some_and(|o| o.phone == bruno) => {
                Some(commitment)
            }
            _ => None,
        })
        .unwrap()
}

/// A phone that commits and takes its choice back at the rate limit
/// would grow the round, which every phone replays and saves: each phone
/// withdraws its choice [`WITHDRAWALS_MAX`] times a round at most. Past
/// that, its own copy refuses at once, and the host refuses what a
/// modified client sends anyway (an undo or a void), told to that phone;
/// the choice made stands, and the round goes on.
#[test]
fn a_flood_of_withdrawals_is_refused_past_the_bound() {
    let mut table = anne_has_chosen();
    let now = table.now;
    for _ in 0..WITHDRAWALS_MAX {
        chooses(&mut table, 0, 1);
        table.phones[0].guest.act(Step::Undo, now).unwrap();
        settle(&mut table);
    }
    chooses(&mut table, 0, 1);
    assert_eq!(
        table.phones[0].guest.act(Step::Undo, now),
        Err(TableRefusal::Withdrawals)
    );
    let head = table.host.replica().head();
    assert_eq!(
        forge_now(&mut table, 0, 1_000, Step::Undo),
        Err(TableRefusal::Withdrawals)
    );
    let commitment = brunos_commitment(&table);
    assert_eq!(
        forge_now(&mut table, 0, 1_001, Step::Void { commitment }),
        Err(TableRefusal::Withdrawals)
    );
    assert_eq!(table.host.replica().head(), head, "nothing taken");
    // Bruno's phone, welcomed again past the numbers forged in its name.
    table.disconnect(0);
    table.connect(0);
    settle(&mut table);
    // Chloé chooses: every choice is shown, Bruno's last among them.
    chooses(&mut table, 1, 2);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    assert!(host.session().log().contains(&choose(1)));
    every_copy_is_the_hosts(&table);
}

/// Opening a copy costs about its length, whatever withdrawals it saw: a
/// round of 10 000 (saved by a version that did not bound them) is not
/// played again from its start at each entry, only at the reveals, which
/// make a choice readable (`Replica::replayed`; its time is in
/// `tests/benches/table_reopen.rs`).
#[test]
fn a_copy_that_saw_ten_thousand_withdrawals_reopens_in_linear_time() {
    let saved = withdrawals::flooded_round(10_000);
    let entries = saved.entries.len() as u64;
    let replica = Replica::restore(saved).expect("the copy opens");
    assert_eq!(replica.head(), entries);
    assert_eq!(replica.round_start(), None, "every choice shown");
    assert_eq!(
        replica.session().log().len(),
        4,
        "the roll and three choices"
    );
    // One step per entry, and the round once more at each of the three
    // reveals that made a choice readable.
    assert!(
        replica.replayed() <= 4 * entries,
        "{} steps for {entries} entries",
        replica.replayed()
    );
}

/// The host's memory is bounded whatever ids or keys arrive: proposals
/// numbered downwards (each stale) keep no answer, a phone's answers are
/// its last 64 only, and keys minted to join as watchers
/// find the table full once its roster is: the phones, votes and answers
/// the host keeps stay within the roster's bound, which every message
/// that names them fits in a frame.
#[test]
fn the_hosts_memory_is_bounded_whatever_ids_or_keys_arrive() {
    const ROSTER: usize = genius::core::link::host::ROSTER_MAX;
    let mut table = einstein_table();
    let step = Duration::from_millis(40);
    for id in (1_000..1_200).rev() {
        table.now += step;
        let _ = forge_now(&mut table, 0, id, Step::Undo);
        table.phones[0].to_guest.clear();
    }
    let kept = table.host.footprint();
    assert!(kept.answers_per_phone <= 64, "{kept:?}");
    for id in 2_000..2_200 {
        table.now += step;
        let _ = forge_now(&mut table, 0, id, Step::Undo);
        table.phones[0].to_guest.clear();
    }
    let kept = table.host.footprint();
    assert!(kept.answers_per_phone <= 64, "{kept:?}");
    // Minted keys join as watchers until the roster is full.
    let mut full = 0;
    for n in 0..ROSTER as u64 + 8 {
        let i = another_phone(&mut table, 5_000 + n, None);
        if let LinkState::Refused(why) = table.phones[i].guest.state() {
            assert_eq!(why, &JoinRefusal::TableFull);
            full += 1;
        }
        table.disconnect(i);
    }
    assert!(full >= 8, "{full}");
    let kept = table.host.footprint();
    assert!(kept.roster <= ROSTER, "{kept:?}");
    assert!(kept.votes <= ROSTER, "{kept:?}");
    assert!(kept.phones <= ROSTER, "{kept:?}");
    assert!(kept.answers <= ROSTER * 64, "{kept:?}");
    // The roster and the mandate still fit: every phone hears the roster.
    let roster = encode(&EinsteinToGuest::Roster(table.host.roster().to_vec())).unwrap();
    assert!(roster.len() <= MAX_FRAME);
    settle(&mut table);
    assert_eq!(table.phones[1].guest.roster(), table.host.roster());
}

/// `guest` welcomed by `welcome` closes the connection, not joined, and
/// signs nothing (no vote, nor anything else, leaves).
fn turned_away_unsigned(guest: &mut Guest<Einstein>, welcome: &EinsteinToGuest, now: Duration) {
    guest.receive(&encode(welcome).unwrap(), now);
    let out: Vec<_> = std::iter::from_fn(|| guest.poll_output()).collect();
    assert!(out.contains(&Output::Close { peer: HOST }), "{out:?}");
    assert!(
        !out.iter().any(|o| matches!(o, Output::Transmit { .. })),
        "no vote: {out:?}"
    );
    assert_ne!(guest.state(), &LinkState::Joined);
}

/// A guest follows only the phone its lead names: a phone reached (the
/// key its transport authenticated) that welcomes it under another
/// phone's lead — a roster phone answering as the table's host — is not
/// followed, and its lead not signed.
#[test]
fn a_guest_follows_only_the_phone_its_lead_names() {
    let table = einstein_table();
    let start = table.host.replica().start().clone();
    let mut guest = Guest::<Einstein>::new(SECRET, phone_id(5), Some(1), None);
    guest.identify(key(5));
    let now = table.now;
    let mallory = phone_id(666);
    guest.connected_to(mallory, now);
    while guest.poll_output().is_some() {}
    let welcome = EinsteinToGuest::Welcome {
        game: table.host.replica().game().clone(),
        start,
        from: 1,
        last_proposal: 0,
        seats: table.host.seats(),
        lead: table.host.lead(),
        votes: table.host.mandate().votes,
    };
    turned_away_unsigned(&mut guest, &welcome, now);
    assert_eq!(guest.lead(), None, "not followed");
    // Reached at the lead's own key, it joins and signs.
    guest.connected_to(table.host.me(), now);
    guest.receive(&encode(&welcome).unwrap(), now);
    assert_eq!(guest.state(), &LinkState::Joined);
    assert_eq!(guest.lead(), Some(table.host.lead()));
}

/// A guest follows a host only under a lead that prevails over the one
/// it knows: Bruno's phone, which followed Anne's host at term 2, reaches
/// a roster phone (Mallory's) answering as a host at term 1, on its own
/// key: not followed, not signed for. At term 3 (Anne's host gone
/// silent, Mallory took the table over) it is: its vote is what confirms
/// a take-over.
#[test]
fn a_guest_follows_no_lead_that_does_not_prevail_over_its_own() {
    let table = einstein_table();
    let start = table.host.replica().start().clone();
    let anne = Lead {
        term: 2,
        host: phone_id(1000),
    };
    let mut guest = Guest::<Einstein>::new(SECRET, phone_id(5), Some(1), None);
    guest.identify(key(5));
    guest.follow(anne);
    let now = table.now;
    let mallory = phone_id(666);
    let welcome = |term| EinsteinToGuest::Welcome {
        game: table.host.replica().game().clone(),
        start: start.clone(),
        from: 1,
        last_proposal: 0,
        seats: table.host.seats(),
        lead: Lead {
            term,
            host: mallory,
        },
        votes: vec![key(666).vote(
            SECRET,
            Lead {
                term,
                host: mallory,
            },
        )],
    };
    guest.connected_to(mallory, now);
    while guest.poll_output().is_some() {}
    turned_away_unsigned(&mut guest, &welcome(1), now);
    assert_eq!(guest.lead(), Some(anne), "still Anne's");
    guest.connected_to(mallory, now);
    guest.receive(&encode(&welcome(3)).unwrap(), now);
    assert_eq!(guest.state(), &LinkState::Joined);
    assert_eq!(guest.lead().map(|l| l.term), Some(3));
}

/// Votes count from seated phones only: Bruno's phone, gone hostile,
/// mints keys and joins them to the table as watchers (the roster holds
/// 16 phones at most), signs a lead of its own at term 99 with all of
/// them and shows it to the host. Its mandate is one seated phone's of
/// three, the host's is the three's: the host hosts on, and the phones
/// a watcher cannot dilute.
#[test]
fn minted_watchers_neither_vote_nor_dilute_the_votes() {
    let mut table = einstein_table();
    assert!(table.host.confirmed(), "the three seated phones signed");
    let bruno = table.phones[0].guest.phone();
    let fake = Lead {
        term: 99,
        host: bruno,
    };
    let mut votes = vec![key(1).vote(SECRET, fake)];
    for n in 0..20 {
        let minted = 30_000 + n;
        let (_, answers) = raw(
            &mut table,
            phone_id(minted),
            &hello_bytes(phone_id(minted), None, None),
        );
        if answers.iter().any(|a| matches!(a, ToGuest::Welcome { .. })) {
            votes.push(key(minted).vote(SECRET, fake));
        }
    }
    assert!(table.host.roster().len() <= genius::core::link::host::ROSTER_MAX);
    assert!(
        votes.len() > table.host.roster().len() / 2,
        "most of the roster"
    );
    let probe = encode(&ToHost::<einstein::Action>::Probe {
        protocol: PROTOCOL,
        secret: SECRET,
        mandate: Mandate { lead: fake, votes },
    })
    .unwrap();
    raw(&mut table, bruno, &probe);
    assert!(!table.host.stepped_down(), "the host hosts on");
    assert!(table.host.confirmed());
}

/// Einstein on three phones: the host rolls, Chloé (phone 1, seat 2)
/// commits her choice, then chooses to watch.
fn chloe_commits_then_watches() -> Table<Einstein> {
    let mut table = einstein_table();
    host_rolls(&mut table, [6, 5, 4, 3, 2]);
    chooses(&mut table, 1, 2);
    let now = table.now;
    table.phones[1].guest.claim(None, now);
    settle(&mut table);
    table
}

/// The host sends a phone away (Chloé's committed her choice, then chose
/// to watch: the round waited on a choice no seat plays): its connection
/// closed and told, its choice not shown made void (the host chooses for
/// the freed seat), out of the roster, and the table under a new secret
/// told to the phones still at it. Chloé's phone cannot come back, with
/// its key or a minted one; Bruno's, away meanwhile, comes back with the
/// old secret and is told the new.
#[test]
fn the_host_sends_a_phone_away_and_it_needs_a_new_invitation() {
    let mut table = chloe_commits_then_watches();
    let now = table.now;
    table.disconnect(0);
    let chloe = phone_id(2);
    assert!(
        !table.host.send_away(phone_id(1000), secret(42), now),
        "itself"
    );
    assert!(
        !table.host.send_away(phone_id(77), secret(42), now),
        "unknown"
    );
    assert!(table.host.send_away(chloe, secret(42), now));
    settle(&mut table);
    assert_eq!(
        table.phones[1].guest.state(),
        &LinkState::Refused(JoinRefusal::SentAway)
    );
    let host = table.host.replica();
    assert!(
        matches!(host.entries().last().unwrap().step, Step::Void { .. }),
        "{:?}",
        host.entries()
    );
    assert!(!table.host.roster().iter().any(|m| m.phone == chloe));
    assert_eq!(table.host.seats()[2].phone, None);
    assert_eq!(table.host.secret(), secret(42));
    let ticket = table.host.saved();
    assert_eq!(ticket.old_secrets, vec![SECRET]);
    // Chloé's phone comes back, with its key or a minted one: refused.
    for n in [2, 88] {
        let mut again = Guest::<Einstein>::new(SECRET, phone_id(n), None, None);
        again.identify(key(n));
        table.phones[1] = Phone::new(again);
        table.connect(1);
        settle(&mut table);
        assert_eq!(
            table.phones[1].guest.state(),
            &LinkState::Refused(JoinRefusal::WrongSecret),
            "{n}"
        );
    }
    // Bruno's phone, away, comes in with the old secret and is told the
    // new; the host plays the freed seat and the round goes on.
    table.connect(0);
    settle(&mut table);
    assert_eq!(table.phones[0].guest.state(), &LinkState::Joined);
    assert_eq!(table.phones[0].guest.secret(), secret(42));
    assert!(table.phones[0].events.contains(&GuestEvent::Rekeyed));
    table.host.act(Step::Act(choose(0)), now).unwrap();
    table.host.act(Step::Act(choose(2)), now).unwrap();
    chooses(&mut table, 0, 1);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    assert_eq!(host.session().log().len(), 4);
    // The table's mandate is signed under the new secret.
    let mandate = table.host.mandate();
    assert_eq!(mandate.votes.len(), 2, "{mandate:?}");
}

/// Chloé commits her choice, then chooses to watch: her seat is free (the
/// host plays it), and the round does not wait on her — her phone shows
/// the choice it committed, as a phone does seated or not, and the roll's
/// choices are all shown once the others have chosen.
#[test]
fn a_phone_that_commits_then_watches_does_not_stall_the_round() {
    let mut table = chloe_commits_then_watches();
    let now = table.now;
    assert_eq!(table.host.seats()[2].phone, None, "Chloé's seat is free");
    table.host.act(Step::Act(choose(0)), now).unwrap();
    settle(&mut table);
    chooses(&mut table, 0, 1);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None, "{:?}", host.entries());
    assert!(host.awaited_reveals().is_empty());
    assert_eq!(host.session().log().len(), 4, "the roll and three choices");
    every_copy_is_the_hosts(&table);
}

/// A connection at the knock door (no table's ALPN: no secret shown) that
/// has not joined [`KNOCK_WAIT`] after it connected is dropped, however
/// it keeps talking: its slot is another's; one at the table's door, after
/// [`TABLE_WAIT`]. A knock that shows the secret in its hello joins and
/// stays.
#[test]
fn a_knock_that_has_not_joined_in_time_is_dropped() {
    let mut table = einstein_table();
    let now = table.now;
    let (knock, slow, honest) = (7_000_001, 7_000_002, 7_000_003);
    table
        .host
        .connected_at(knock, phone_id(500), Door::Knock, now);
    table
        .host
        .connected_at(slow, phone_id(501), Door::Table, now);
    table
        .host
        .connected_at(honest, phone_id(502), Door::Knock, now);
    table
        .host
        .receive(honest, &hello_bytes(phone_id(502), None, None), now);
    assert!(table.host.poll_timeout() <= Some(now + KNOCK_WAIT));
    let half = now + KNOCK_WAIT / 2;
    // A hello sent a byte at a time, never whole: heard, never joined.
    let dribble = hello_bytes(phone_id(500), None, None);
    table.host.receive(knock, &dribble[..3], half);
    table.host.handle_timeout(now + KNOCK_WAIT);
    let mut turned = Vec::new();
    while let Some(o) = table.host.poll_output() {
        if let Output::Event(HostEvent::Turned { peer, why }) = o {
            turned.push((peer, why));
        }
    }
    assert_eq!(turned, vec![(knock, Misbehaviour::Knocked)]);
    assert_eq!(
        table.host.phones_joined(),
        table.phones.len() + 1,
        "the honest knock joined"
    );
    // At the table's door, a hello dribbled never whole holds its slot
    // until the door's own wait, heartbeat or not.
    let dribble = hello_bytes(phone_id(501), None, None);
    table
        .host
        .receive(slow, &dribble[..2], now + SILENCE - KNOCK_WAIT);
    table.host.receive(slow, &dribble[2..3], now + SILENCE);
    table.host.handle_timeout(now + TABLE_WAIT);
    let turned: Vec<_> = std::iter::from_fn(|| table.host.poll_output())
        .filter_map(|o| match o {
            Output::Event(HostEvent::Turned { peer, why }) => Some((peer, why)),
            _ => None,
        })
        .collect();
    // (The joined phones, silent as long, go as silent.)
    assert_eq!(
        turned.iter().find(|(peer, _)| *peer == slow),
        Some(&(slow, Misbehaviour::Knocked))
    );
}

/// A phone sent away: the host's doors change with the secret (the
/// table's door is the new secret's, the old one's stays for the phones
/// of the roster, checked at their hello), and it asks its driver to take
/// them.
#[test]
fn the_hosts_doors_follow_its_secret() {
    let mut table = einstein_table();
    assert_eq!(
        table.host.alpns(),
        vec![door::alpn(&SECRET), KNOCK_ALPN.to_vec()]
    );
    let now = table.now;
    assert!(table.host.send_away(phone_id(2), secret(42), now));
    settle(&mut table);
    let doors = vec![
        door::alpn(&secret(42)),
        door::alpn(&SECRET),
        KNOCK_ALPN.to_vec(),
    ];
    assert_eq!(table.host.alpns(), doors);
    assert_eq!(table.doors, Some(doors));
    assert_eq!(Door::of(&door::alpn(&secret(42))), Door::Table);
}

/// A phone that takes the table over while its steps still wait for the
/// old host (made offline) drops them, made on a board the table may no
/// longer have: the new host says how many, for its player to be told
/// (`Host::dropped`), never left to find out.
#[test]
fn steps_waiting_at_a_take_over_are_told_dropped() {
    let mut table = einstein_table();
    host_rolls(&mut table, [6, 5, 4, 3, 2]);
    table.disconnect(0);
    let now = table.now;
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), now)
        .unwrap();
    assert_eq!(table.phones[0].guest.pending().count(), 1);
    let host = take_over(&table.phones[0].guest, 0).expect("a copy");
    assert_eq!(host.dropped(), 1);
    let calm = take_over(&table.phones[1].guest, 0).expect("a copy");
    assert_eq!(calm.dropped(), 0);
}
