//! The host's memory under the hostile programs, without a network: the
//! sans-IO `Host` driven directly (frames in through `receive`, outputs
//! drained through `poll_output`, simulated time passed in) for 10
//! simulated minutes of honest Einstein games between three seated phones
//! (the host's Anne, Bruno's and Chloé's guests), while, each at the rate
//! the host or its driver lets it:
//! - Chloé's phone is a modified client: besides her honest moves (their
//!   numbers rewritten on the way, as its proxy would), it floods
//!   Commit/Undo and Commit/Void pairs of her seat, 20 proposals a second
//!   (with her own, under the 32 a second past which the host drops her);
//! - a watcher with the secret proposes with numbers in decreasing order
//!   and sends huge numbers (a resend from `u64::MAX`, a claim of seat
//!   `usize::MAX`, a commitment for player `usize::MAX`), 30 a second;
//! - phones join with freshly minted keys, 32 a second (as many as the
//!   table's door has slots), each hello with a relay URL as long as a
//!   frame holds (≈ 64 KiB), and say nothing after;
//! - knocks at the knock door never join, 64 a second (its slots bound
//!   them).
//!
//! The figure is the host machine's own heap: a counting global allocator
//! tags each allocation made inside a call to the host (or building what
//! it is handed), so the guests' copies and the bench's own are left out.
//! Prints the simulated minutes, the frames handed to the host, its live
//! heap each minute, its peak and final live heap against the target
//! (≤ 64 MiB), the process's VmHWM, and the honest moves applied meanwhile.
//!
//! `cargo bench --bench host_memory` (`GENIUS_HOSTILE_MINUTES`, 10 by
//! default; half a minute under `cargo test`, so that it cannot rot).

#[path = "../common/memory.rs"]
mod memory;

use genius::core::autoplay::random_move;
use genius::core::einstein::{self, Einstein};
use genius::core::link::door::{self, Door, Doors, KNOCK_ALPN};
use genius::core::link::guest::{Guest, GuestEvent};
use genius::core::link::host::{Host, HostEvent};
use genius::core::link::replica::Replica;
use genius::core::link::sealed::Commitment;
use genius::core::link::wire::{
    encode, FrameError, Hello, PhoneId, Secret, Start, Step, ToGuest, ToHost, MAX_FRAME, PROTOCOL,
};
use genius::core::link::{Output, PeerId};
use genius::core::save::GameId;
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Counts live heap bytes, apart for the host's side (allocations made
/// while [`HOST_SIDE`] is set) and the rest: each allocation carries its
/// side in a header before it, so that it is counted off the right side
/// wherever it is freed (a frame the host made, freed by the bench).
struct Counting;

const HEADER: usize = 16;
static HOST_SIDE: AtomicBool = AtomicBool::new(false);
static LIVE: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(0)];
static PEAK: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(0)];

/// The allocation behind one of `layout`, and where its bytes start in it.
fn outer(layout: Layout) -> (Layout, usize) {
    let offset = HEADER.max(layout.align());
    let outer = Layout::from_size_align(layout.size() + offset, layout.align().max(HEADER));
    (outer.expect("a layout"), offset)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let (outer, offset) = outer(layout);
        // SAFETY: `outer` has a non-zero size (the header).
        let base = unsafe { System.alloc(outer) };
        if base.is_null() {
            return base;
        }
        let side = usize::from(HOST_SIDE.load(Relaxed));
        // SAFETY: `offset ≥ HEADER` bytes lie before the returned pointer,
        // inside the allocation, aligned to `HEADER`.
        let ptr = unsafe { base.add(offset) };
        unsafe { ptr.sub(HEADER).cast::<usize>().write(side) };
        let live = LIVE[side].fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK[side].fetch_max(live, Relaxed);
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let (outer, offset) = outer(layout);
        // SAFETY: `ptr` came from `alloc` above with this layout.
        let side = unsafe { ptr.sub(HEADER).cast::<usize>().read() };
        LIVE[side].fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr.sub(offset), outer) };
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `f` on the host's side: what it allocates counts as the host's.
fn host_side<T>(f: impl FnOnce() -> T) -> T {
    HOST_SIDE.store(true, Relaxed);
    let value = f();
    HOST_SIDE.store(false, Relaxed);
    value
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

const SECRET: Secret = Secret::from_bytes([5; 16]);
const TICK: Duration = Duration::from_millis(25);
/// How often each honest phone looks for a move of its own.
const THINK: Duration = Duration::from_millis(300);
const FLOOD_PER_SECOND: f64 = 20.0;
const WATCHER_PER_SECOND: f64 = 30.0;
const MINTED_PER_SECOND: f64 = 32.0;
const KNOCKS_PER_SECOND: f64 = 64.0;
const TARGET_MIB: f64 = 64.0;

fn start() -> Start<einstein::Setup> {
    let names = ["Anne", "Bruno", "Chloé"];
    Start {
        setup: einstein::Setup {
            players: (0..3)
                .map(|i| Player::new(names[i], Colour::ALL[i]))
                .collect(),
            first: FirstPlayer::Chosen(0),
        },
        coach_allowed: true,
        dice: Default::default(),
    }
}

/// A watcher's hello from `phone`, reachable through `relay`.
fn hello(phone: PhoneId, relay: Option<String>) -> Result<Vec<u8>, FrameError> {
    encode(&ToHost::<einstein::Action>::Hello(Hello {
        protocol: PROTOCOL,
        secret: SECRET,
        phone,
        seats: Vec::new(),
        held: None,
        lead: None,
        relay,
    }))
}

/// How many of something at `per_second` fall in the tick ending at `now`.
fn due(per_second: f64, now: Duration) -> u64 {
    let at = |t: Duration| (t.as_secs_f64() * per_second).floor() as u64;
    at(now) - at(now.saturating_sub(TICK))
}

/// A modified client's rewriting of its phone's proposal numbers, so that
/// its honest moves and its flood share one increasing sequence.
#[derive(Default)]
struct Proxy {
    wire_of: HashMap<u64, u64>,
    guest_of: HashMap<u64, u64>,
    next: u64,
    /// The flood's proposals the host applied, and refused.
    applied: u64,
    refused: u64,
}

impl Proxy {
    fn number(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    /// The guest's frame to the host, its number rewritten.
    fn outgoing(&mut self, frame: Vec<u8>) -> Vec<u8> {
        let message: ToHost<einstein::Action> = serde_json::from_slice(&frame[4..]).unwrap();
        let ToHost::Propose { id, step } = message else {
            return frame;
        };
        let wire = match self.wire_of.get(&id) {
            Some(wire) => *wire,
            None => {
                let wire = self.number();
                self.wire_of.insert(id, wire);
                self.guest_of.insert(wire, id);
                wire
            }
        };
        encode(&ToHost::Propose { id: wire, step }).unwrap()
    }

    /// The host's frame to the guest: an answer to the flood dropped, an
    /// answer to the guest's own renumbered back.
    fn incoming(&mut self, frame: Vec<u8>) -> Option<Vec<u8>> {
        if !frame[4..].starts_with(b"{\"Answer\"") {
            return Some(frame);
        }
        type Message = ToGuest<einstein::Setup, einstein::Action, einstein::Error>;
        let Ok(ToGuest::Answer { id, outcome }) = serde_json::from_slice::<Message>(&frame[4..])
        else {
            return Some(frame);
        };
        let Some(&id) = self.guest_of.get(&id) else {
            self.applied += u64::from(outcome.is_ok());
            self.refused += u64::from(outcome.is_err());
            return None;
        };
        Some(encode(&Message::Answer { id, outcome }).unwrap())
    }
}

struct Honest {
    guest: Guest<Einstein>,
    seat: usize,
    peer: Option<PeerId>,
    proxy: Option<Proxy>,
}

/// Who is at the other end of a host's connection.
#[derive(Clone, Copy, PartialEq)]
enum Conn {
    Honest(usize),
    Watcher,
    Minted,
    Knock,
}

struct Sim {
    host: Host<Einstein>,
    now: Duration,
    doors: Doors,
    conns: HashMap<PeerId, (Door, Conn)>,
    next_peer: PeerId,
    honest: Vec<Honest>,
    /// The watcher's connection, and its next (decreasing) proposal number.
    watcher: Option<PeerId>,
    watcher_id: u64,
    /// A relay as long as a hello's frame holds.
    long_relay: String,
    rng: StdRng,
    frames: u64,
    honest_moves: u64,
    games: u64,
    minted: u64,
    knocks: u64,
    /// The connections the host dropped, by why.
    turned: std::collections::BTreeMap<String, u64>,
    /// The last connection closed, and whose.
    gone: Option<(PeerId, Conn)>,
}

impl Sim {
    fn new() -> Self {
        let host = host_side(|| {
            let replica = Replica::new(GameId::parse("hostile-1").unwrap(), start()).unwrap();
            Host::new(replica, SECRET, PhoneId::numbered(1), Some(0))
        });
        let honest = [(2, 1, false), (3, 2, true)]
            .into_iter()
            .map(|(n, seat, hostile)| Honest {
                guest: Guest::new(SECRET, PhoneId::numbered(n), Some(seat), None),
                seat,
                peer: None,
                proxy: hostile.then(Proxy::default),
            })
            .collect();
        let fits = (0..MAX_FRAME)
            .rev()
            .step_by(64)
            .find(|n| {
                let relay = format!("https://{}", "r".repeat(*n));
                hello(PhoneId::numbered(u64::MAX), Some(relay))
                    .is_ok_and(|frame| frame.len() <= MAX_FRAME + 4)
            })
            .unwrap();
        Sim {
            host,
            now: Duration::ZERO,
            doors: Doors::default(),
            conns: HashMap::new(),
            next_peer: 1,
            honest,
            watcher: None,
            watcher_id: u64::MAX,
            long_relay: format!("https://{}", "r".repeat(fits)),
            rng: StdRng::seed_from_u64(62),
            frames: 0,
            honest_moves: 0,
            games: 1,
            minted: 0,
            knocks: 0,
            turned: Default::default(),
            gone: None,
        }
    }

    /// A connection through `door`, if the driver's slots let it in.
    fn open(&mut self, door: Door, conn: Conn, remote: PhoneId) -> Option<PeerId> {
        let alpn = match door {
            Door::Table => door::alpn(&SECRET),
            Door::Knock => KNOCK_ALPN.to_vec(),
        };
        if !self.doors.knocked() || self.doors.door(Some(&alpn)).is_none() {
            return None;
        }
        let peer = self.next_peer;
        self.next_peer += 1;
        self.conns.insert(peer, (door, conn));
        let now = self.now;
        host_side(|| self.host.connected_at(peer, remote, door, now));
        Some(peer)
    }

    /// A frame handed to the host on connection `peer`.
    fn hand(&mut self, peer: PeerId, frame: &[u8]) {
        self.frames += 1;
        let now = self.now;
        host_side(|| self.host.receive(peer, frame, now));
    }

    /// Frames and closes between the host and the phones until nothing
    /// moves; the honest phones come back when dropped.
    fn pump(&mut self) {
        loop {
            let mut moved = false;
            while let Some(output) = host_side(|| self.host.poll_output()) {
                moved = true;
                match output {
                    Output::Transmit { peer, frame } => {
                        if let Some((_, Conn::Honest(i))) = self.conns.get(&peer) {
                            let phone = &mut self.honest[*i];
                            let frame = match &mut phone.proxy {
                                Some(proxy) => proxy.incoming(frame),
                                None => Some(frame),
                            };
                            if let Some(frame) = frame {
                                phone.guest.receive(&frame, self.now);
                            }
                        }
                    }
                    Output::Close { peer } => self.closed(peer),
                    Output::Probe { phone, .. } => {
                        // Minted keys are in the roster: none answers.
                        let now = self.now;
                        host_side(|| self.host.probed(phone, None, now));
                    }
                    Output::Event(HostEvent::Turned { why, peer }) => {
                        let why = format!("{why:?}");
                        let why = why.split('(').next().unwrap_or_default().to_string();
                        let who = match self.gone {
                            Some((gone, Conn::Watcher)) if gone == peer => " (the watcher)",
                            Some((gone, Conn::Honest(_))) if gone == peer => " (an honest phone)",
                            _ => "",
                        };
                        let why = format!("{why}{who}");
                        *self.turned.entry(why).or_default() += 1;
                    }
                    Output::NewPath | Output::Accept { .. } | Output::Event(_) => {}
                }
            }
            for i in 0..self.honest.len() {
                while let Some(output) = self.honest[i].guest.poll_output() {
                    moved = true;
                    match output {
                        Output::Transmit { frame, .. } => {
                            let phone = &mut self.honest[i];
                            let Some(peer) = phone.peer else { continue };
                            let frame = match &mut phone.proxy {
                                Some(proxy) => proxy.outgoing(frame),
                                None => frame,
                            };
                            self.hand(peer, &frame);
                        }
                        Output::Close { .. } => {
                            if let Some(peer) = self.honest[i].peer {
                                let now = self.now;
                                host_side(|| self.host.disconnected(peer, now));
                                self.closed(peer);
                            }
                        }
                        Output::Event(GuestEvent::Accepted { .. }) => self.honest_moves += 1,
                        _ => {}
                    }
                }
            }
            if !moved {
                return;
            }
        }
    }

    fn closed(&mut self, peer: PeerId) {
        let Some((door, conn)) = self.conns.remove(&peer) else {
            return;
        };
        self.doors.left(door);
        self.gone = Some((peer, conn));
        match conn {
            Conn::Honest(i) => {
                let phone = &mut self.honest[i];
                phone.peer = None;
                phone.guest.disconnected(self.now);
            }
            Conn::Watcher => self.watcher = None,
            Conn::Minted | Conn::Knock => {}
        }
    }

    /// Honest phones not connected dial the host again.
    fn dial(&mut self) {
        for i in 0..self.honest.len() {
            if self.honest[i].peer.is_some() {
                continue;
            }
            let phone = self.honest[i].guest.phone();
            if let Some(peer) = self.open(Door::Table, Conn::Honest(i), phone) {
                self.honest[i].peer = Some(peer);
                self.honest[i].guest.connected_to(self.host.me(), self.now);
            }
        }
        if self.watcher.is_none() {
            let phone = PhoneId::numbered(4);
            if let Some(peer) = self.open(Door::Table, Conn::Watcher, phone) {
                self.watcher = Some(peer);
                self.hand(peer, &hello(phone, None).unwrap());
            }
        }
    }

    /// Every honest player whose move it is makes one, now and then; a
    /// game over, the next begins.
    fn play(&mut self) {
        if self.host.replica().session().is_finished() {
            self.games += 1;
            let (games, now) = (self.games, self.now);
            host_side(|| {
                let game = GameId::parse(&format!("hostile-{games}")).unwrap();
                let replica = Replica::new(game, start()).unwrap();
                self.host.next_game(replica, now)
            });
        }
        if self.now.as_millis() % THINK.as_millis() >= TICK.as_millis() {
            return;
        }
        let now = self.now;
        let state = self.host.replica().session().state();
        if let Some(action) = random_move(state, &[0], &mut self.rng) {
            let applied = host_side(|| self.host.act(Step::Act(action), now));
            self.honest_moves += u64::from(applied.is_ok());
        }
        for phone in &mut self.honest {
            let Some(replica) = phone.guest.replica() else {
                continue;
            };
            if let Some(action) =
                random_move(replica.session().state(), &[phone.seat], &mut self.rng)
            {
                let _ = phone.guest.act(Step::Act(action), now);
            }
        }
    }

    /// What the hostile programs send in this tick.
    fn hostile(&mut self) {
        // Chloé's modified client: commit, take back, at her rate.
        for _ in 0..due(FLOOD_PER_SECOND / 2.0, self.now) {
            let (Some(peer), seat) = (self.honest[1].peer, self.honest[1].seat) else {
                break;
            };
            let commitment = Commitment::from_bytes(self.rng.random());
            let withdraw = if self.rng.random_bool(0.5) {
                Step::Undo
            } else {
                Step::Void { commitment }
            };
            let commit = Step::Commit {
                player: seat,
                commitment,
            };
            for step in [commit, withdraw] {
                let proxy = self.honest[1].proxy.as_mut().expect("Chloé's proxy");
                let id = proxy.number();
                let frame = encode(&ToHost::<einstein::Action>::Propose { id, step }).unwrap();
                self.hand(peer, &frame);
            }
        }
        // The watcher: decreasing numbers, huge numbers.
        for n in 0..due(WATCHER_PER_SECOND, self.now) {
            let Some(peer) = self.watcher else { break };
            self.watcher_id -= 1;
            let id = self.watcher_id;
            let message: ToHost<einstein::Action> = match (self.watcher_id + n) % 4 {
                0 => ToHost::Resend { from: u64::MAX },
                1 => ToHost::Claim {
                    seats: vec![usize::MAX],
                },
                2 => ToHost::Propose {
                    id,
                    step: Step::Commit {
                        player: usize::MAX,
                        commitment: Commitment::from_bytes([0xff; 32]),
                    },
                },
                _ => ToHost::Propose {
                    id,
                    step: Step::Undo,
                },
            };
            self.hand(peer, &encode(&message).unwrap());
        }
        // Minted keys: joined, with the longest relay, then silent.
        for _ in 0..due(MINTED_PER_SECOND, self.now) {
            self.minted += 1;
            let phone = PhoneId::numbered(1_000_000 + self.minted);
            let Some(peer) = self.open(Door::Table, Conn::Minted, phone) else {
                continue;
            };
            let hello = hello(phone, Some(self.long_relay.clone())).unwrap();
            self.hand(peer, &hello);
        }
        // Knocks that never join.
        for _ in 0..due(KNOCKS_PER_SECOND, self.now) {
            self.knocks += 1;
            let phone = PhoneId::numbered(1 << 40 | self.knocks);
            self.open(Door::Knock, Conn::Knock, phone);
        }
    }

    fn tick(&mut self) {
        self.now += TICK;
        let now = self.now;
        host_side(|| self.host.handle_timeout(now));
        for phone in &mut self.honest {
            phone.guest.handle_timeout(now);
        }
        self.pump();
        self.dial();
        self.pump();
        self.play();
        self.pump();
        self.hostile();
        self.pump();
    }
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let minutes: f64 = std::env::var("GENIUS_HOSTILE_MINUTES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if full { 10.0 } else { 0.5 });
    let length = Duration::from_secs_f64(minutes * 60.0);
    let started = Instant::now();
    let mut sim = Sim::new();
    let mut minute = Duration::from_secs(60);
    while sim.now < length {
        sim.tick();
        if sim.now >= minute {
            minute += Duration::from_secs(60);
            println!(
                "  minute {:>2}: host heap {:.2} MiB live, {} frames, {} honest moves, {:?}",
                sim.now.as_secs() / 60,
                mib(LIVE[1].load(Relaxed)),
                sim.frames,
                sim.honest_moves,
                sim.host.footprint(),
            );
        }
    }
    let (peak, last) = (mib(PEAK[1].load(Relaxed)), mib(LIVE[1].load(Relaxed)));
    let (_, hwm) = memory::memory();
    println!(
        "host memory under the hostile programs: {:.1} simulated minutes in {:.1} s, \
         {} frames handed to the host",
        sim.now.as_secs_f64() / 60.0,
        started.elapsed().as_secs_f64(),
        sim.frames,
    );
    println!(
        "  {} minted keys tried ({}/s), {} knocks that never join ({}/s), Commit/withdraw \
         pairs at {}/s, decreasing and huge numbers at {}/s, relays of {} KiB",
        sim.minted,
        MINTED_PER_SECOND,
        sim.knocks,
        KNOCKS_PER_SECOND,
        FLOOD_PER_SECOND / 2.0,
        WATCHER_PER_SECOND,
        sim.long_relay.len() / 1024,
    );
    println!(
        "  the host's heap: {peak:.2} MiB at its peak, {last:.2} MiB at the end: {} the target \
         (≤ {TARGET_MIB} MiB); the process's VmHWM {hwm:.1} MiB",
        if peak <= TARGET_MIB {
            "within"
        } else {
            "ABOVE"
        },
    );
    println!(
        "  the honest game meanwhile: {} moves applied, {} games begun, the host's log at {} \
         entries; {:?}",
        sim.honest_moves,
        sim.games,
        sim.host.replica().head(),
        sim.host.footprint(),
    );
    if let Some(proxy) = &sim.honest[1].proxy {
        println!(
            "  Chloé's flood: {} of its proposals applied, {} refused (not her turn, or past \
             the withdrawals a round allows)",
            proxy.applied, proxy.refused
        );
    }
    println!("  connections the host dropped, by why: {:?}", sim.turned);
    assert!(sim.honest_moves > 0, "the honest game stalled");
    assert!(
        peak <= TARGET_MIB,
        "the host's heap went above {TARGET_MIB} MiB"
    );
}
