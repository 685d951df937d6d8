//! The host phone's side of the link: accepts guests, feeds their bytes to
//! [`Host`], sends what it answers, and dials the phones it asks to probe.
//!
//! Bounded: the connections at each of the host's doors and how long they
//! may take are [`Doors`]' to say (a phone with the table's secret dials
//! the table's door, which knocks without it never fill: see
//! `core::link::door`), and each guest's outgoing queue holds at most
//! [`QUEUE_BYTES`] (a guest that stops reading is dropped, not buffered:
//! [`Host::stalled`]).

use super::net::{Connection, Endpoint, RecvStream, SendStream};
use super::{bind, key_of, Clock, LinkError, Options, Relay, TableGame};
use crate::core::game::Game;
use crate::core::link::door::{self, Door, Doors, HANDSHAKE_WAIT};
use crate::core::link::host::{Host, HostEvent};
use crate::core::link::replica::Replica;
use crate::core::link::ticket::Ticket;
use crate::core::link::wire::{PhoneId, Secret, Step, TableRefusal, MAX_FRAME};
use crate::core::link::{Output, PeerId};
use n0_future::task::{spawn, AbortOnDropHandle};
use n0_future::time::{sleep_until, timeout, Duration};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{mpsc, Notify};

/// How long the host waits for its relay when it starts, to put it in the
/// ticket (a table with no relay gives its direct addresses only).
const RELAY_WAIT: Duration = Duration::from_secs(10);
/// How long a closing host waits for a guest to hang up after its last
/// frame (it does as soon as it has read it: milliseconds, unless the
/// guest is unreachable), and for all of them.
const FLUSH: Duration = Duration::from_secs(2);
const FLUSH_ALL: Duration = Duration::from_secs(3);
/// The most bytes waiting to go to one guest. A guest that reads keeps its
/// queue near empty (a catch-up of a whole game is tens of KiB); one that
/// does not is dropped when it fills. With [`door::TABLE_SLOTS`] (a knock is
/// sent one refusal), the host holds at most 64 MiB for its guests,
/// whatever they do.
pub const QUEUE_BYTES: usize = 2 << 20;
/// How long one frame may take to leave: a guest that reads nothing for
/// that long is cut off.
const WRITE_WAIT: Duration = Duration::from_secs(10);
/// How long a probe of another phone may take, from the dial to its answer.
/// A phone that just took a table over may not be on the relay yet: its
/// handshake is retried until this, and the probe asked again later.
const PROBE_WAIT: Duration = Duration::from_secs(3);

/// A guest's outgoing frames, and how many bytes of them wait.
struct Writer {
    frames: mpsc::UnboundedSender<Vec<u8>>,
    queued: Arc<AtomicUsize>,
}

impl Writer {
    /// Queues `frame`; false if the queue is full (the guest stopped
    /// reading) or gone.
    fn send(&self, frame: Vec<u8>) -> bool {
        let len = frame.len();
        if self.queued.load(Ordering::SeqCst) + len > QUEUE_BYTES {
            return false;
        }
        self.queued.fetch_add(len, Ordering::SeqCst);
        self.frames.send(frame).is_ok()
    }
}

/// A table hosted on this phone.
pub struct HostLink<G: Game> {
    shared: Arc<Shared<G>>,
    endpoint: Endpoint,
    ticket: Ticket,
    _accept: AbortOnDropHandle<()>,
    _timers: AbortOnDropHandle<()>,
}

struct Shared<G: Game> {
    host: Mutex<Host<G>>,
    /// Each connected guest's outgoing frames; dropping the sender finishes
    /// its stream and closes its connection.
    writers: Mutex<HashMap<PeerId, Writer>>,
    /// The endpoint, to dial the phones the host probes, and the table's
    /// relay, for a phone whose own is not known.
    endpoint: Endpoint,
    relay: Option<String>,
    /// The connections at each door.
    doors: Mutex<Doors>,
    events: mpsc::UnboundedSender<HostEvent>,
    clock: Clock,
    /// Connections still sending their last frames.
    sending: AtomicUsize,
    /// A connection opened or spoke: the host's next timeout may be
    /// sooner.
    timers: Notify,
}

impl<G: TableGame> HostLink<G> {
    /// Opens the table: binds the endpoint, waits for the relay (if any)
    /// and gives the ticket, then accepts guests in the background. Events
    /// for the screen come on the receiver. The host is this endpoint's
    /// key, under its term (the ticket's hand-overs).
    pub async fn open(
        host: Host<G>,
        options: &Options,
    ) -> Result<(Self, mpsc::UnboundedReceiver<HostEvent>), LinkError> {
        let endpoint = bind(options, &host.alpns()).await?;
        if options.relay != Relay::Disabled {
            endpoint.online(RELAY_WAIT).await?;
        }
        // Fresh nonces for this phone's hidden choices.
        let mut host = host.with_entropy(super::entropy()?);
        host.identify(key_of(&endpoint)?);
        host.reachable_at(endpoint.relay());
        let ticket = Ticket {
            game: G::KIND,
            host: endpoint.id(),
            secret: host.secret(),
            relay: endpoint.relay(),
            addrs: if options.relay_only {
                Vec::new()
            } else {
                endpoint.ip_addrs()
            },
            term: host.lead().term,
        };
        let (events, receiver) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            host: Mutex::new(host),
            writers: Mutex::new(HashMap::new()),
            endpoint: endpoint.clone(),
            relay: ticket.relay.clone(),
            doors: Mutex::new(Doors::default()),
            events,
            clock: Clock::new(),
            sending: AtomicUsize::new(0),
            timers: Notify::new(),
        });
        let accept = spawn(accept_loop(endpoint.clone(), shared.clone()));
        let timers = spawn(timers(shared.clone()));
        Ok((
            HostLink {
                shared,
                endpoint,
                ticket,
                _accept: AbortOnDropHandle::new(accept),
                _timers: AbortOnDropHandle::new(timers),
            },
            receiver,
        ))
    }

    /// What a guest needs to join: for the QR code and the link (with the
    /// table's secret now: a new one once a phone was sent away).
    pub fn ticket(&self) -> Ticket {
        Ticket {
            secret: self.with(Host::secret),
            ..self.ticket.clone()
        }
    }

    /// The endpoint's key: saved with the game, a host that restarts with
    /// it keeps its ticket, and its guests find it again.
    pub fn key(&self) -> [u8; 32] {
        self.endpoint.key()
    }

    /// A step of the host's own player (or of a player without a phone),
    /// or an undo or redo.
    pub fn act(&self, step: Step<G::Action>) -> Result<u64, TableRefusal<G::Error>> {
        let result = self.shared.lock().act(step, self.shared.clock.now());
        self.shared.drive();
        result
    }

    /// The next game at this table, once this one is over (see
    /// `Host::next_game`).
    pub fn next_game(&self, replica: Replica<G>) -> bool {
        let started = self
            .shared
            .lock()
            .next_game(replica, self.shared.clock.now());
        self.shared.drive();
        started
    }

    /// This phone holds `seat` (a seat no phone holds): it is no longer
    /// offered to the others.
    pub fn take_seat(&self, seat: usize) {
        self.shared.lock().take_seat(seat, self.shared.clock.now());
        self.shared.drive();
    }

    /// Frees a seat: its phone watches from now on (the host's own: offered
    /// to the other phones).
    pub fn free_seat(&self, seat: usize) {
        self.shared.lock().free_seat(seat, self.shared.clock.now());
        self.shared.drive();
    }

    /// Sends `phone` away from the table, under a new secret from the OS
    /// (see [`Host::send_away`]): false if the table does not know it.
    pub fn send_away(&self, phone: PhoneId) -> Result<bool, LinkError> {
        let secret = Secret::from_bytes(super::entropy()?);
        let sent = (self.shared.lock()).send_away(phone, secret, self.shared.clock.now());
        self.shared.drive();
        Ok(sent)
    }

    /// Reads the host's state (its copy of the game, the seats).
    pub fn with<T>(&self, read: impl FnOnce(&Host<G>) -> T) -> T {
        read(&self.shared.lock())
    }

    /// Leaves the table: tells every guest, gives the frames a moment to
    /// leave, and closes the endpoint (so that guests know at once rather
    /// than by a timeout).
    pub async fn close(self) {
        self.shared.lock().close(self.shared.clock.now());
        self.shared.drive();
        let _ = timeout(FLUSH_ALL, async {
            while self.shared.sending.load(Ordering::SeqCst) > 0 {
                n0_future::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        self.endpoint.close().await;
    }
}

impl<G: Game> Shared<G> {
    fn lock(&self) -> MutexGuard<'_, Host<G>> {
        // A panic elsewhere does not lose the table: the state machine is
        // consistent between calls.
        self.host.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn doors(&self) -> MutexGuard<'_, Doors> {
        self.doors.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Carries out what the state machine asks: frames to their guests,
    /// connections to close, phones to probe, events to the screen. A
    /// guest whose queue is full is told to the state machine, which drops
    /// it.
    fn drive(self: &Arc<Self>)
    where
        G: TableGame,
    {
        loop {
            let mut stalled = Vec::new();
            {
                let mut host = self.lock();
                let mut writers = self.writers.lock().unwrap_or_else(|e| e.into_inner());
                while let Some(output) = host.poll_output() {
                    match output {
                        Output::Transmit { peer, frame } => {
                            let full = writers.get(&peer).is_some_and(|writer| !writer.send(frame));
                            if full {
                                stalled.push(peer);
                            }
                        }
                        Output::Close { peer } => {
                            writers.remove(&peer);
                        }
                        Output::Probe {
                            phone,
                            relay,
                            frame,
                        } => {
                            spawn(probe(self.clone(), phone, relay, frame));
                        }
                        // A host's paths are its guests' to replace.
                        Output::NewPath => {}
                        Output::Accept { alpns } => self.endpoint.set_alpns(&alpns),
                        Output::Event(event) => {
                            let _ = self.events.send(event);
                        }
                    }
                }
            }
            if stalled.is_empty() {
                return;
            }
            let now = self.clock.now();
            let mut host = self.lock();
            for peer in stalled {
                host.stalled(peer, now);
            }
        }
    }
}

/// Asks `phone` whether it hosts this table too: dials its key, sends the
/// host's probe, and gives the host what came back (or nothing).
async fn probe<G: TableGame>(
    shared: Arc<Shared<G>>,
    phone: PhoneId,
    relay: Option<String>,
    frame: Vec<u8>,
) {
    let answer = timeout(PROBE_WAIT, async {
        let relay = relay.or(shared.relay.clone());
        let addr = shared
            .endpoint
            .host_addr(&phone.to_hex(), relay.as_deref(), &[])
            .ok()?;
        let alpns = door::dialled(&shared.lock().secret());
        let (connection, mut send, mut recv) =
            shared.endpoint.connect(&addr, &alpns, PROBE_WAIT).await?;
        if !send.write_all(&frame).await {
            return None;
        }
        send.finish();
        let mut bytes = Vec::new();
        while let Some(chunk) = recv.read().await {
            bytes.extend_from_slice(&chunk);
            if bytes.len() > MAX_FRAME + 4 {
                break;
            }
        }
        connection.close(b"probed");
        Some(bytes)
    })
    .await
    .ok()
    .flatten();
    shared
        .lock()
        .probe_answer(phone, answer.as_deref(), shared.clock.now());
    shared.drive();
    shared.timers.notify_one();
}

/// Gives the host its timeouts (the heartbeat), when it asks for them.
async fn timers<G: TableGame>(shared: Arc<Shared<G>>) {
    loop {
        let wake = shared.lock().poll_timeout().map(|at| shared.clock.at(at));
        match wake {
            Some(at) => tokio::select! {
                _ = sleep_until(at) => {
                    let now = shared.clock.now();
                    shared.lock().handle_timeout(now);
                    shared.drive();
                }
                _ = shared.timers.notified() => {}
            },
            None => shared.timers.notified().await,
        }
    }
}

/// Takes the connections the doors have room for, each for as long as
/// its door says (see `core::link::door`).
async fn accept_loop<G: TableGame>(endpoint: Endpoint, shared: Arc<Shared<G>>) {
    let mut next: PeerId = 1;
    while let Some(incoming) = endpoint.accept().await {
        if !shared.doors().knocked() {
            // Turned away before any handshake.
            drop(incoming);
            continue;
        }
        let peer = next;
        next += 1;
        let shared = shared.clone();
        spawn(async move {
            let accepting = incoming.handshake(HANDSHAKE_WAIT).await;
            let door = shared.doors().door(accepting.as_ref().map(|a| a.alpn()));
            let (Some(accepting), Some(door)) = (accepting, door) else {
                return; // turned away: no room at its door
            };
            if let Some((connection, send, recv)) = accepting.accept(door.wait()).await {
                serve(shared.clone(), peer, door, connection, send, recv).await;
            }
            shared.doors().left(door);
        });
    }
}

/// One guest's connection, until either side ends it.
async fn serve<G: TableGame>(
    shared: Arc<Shared<G>>,
    peer: PeerId,
    door: Door,
    connection: Connection,
    send: SendStream,
    mut recv: RecvStream,
) {
    let Some(remote) = PhoneId::from_hex(&connection.remote_id()) else {
        return connection.close(b"no key");
    };
    let (writer, frames) = mpsc::unbounded_channel();
    let queued = Arc::new(AtomicUsize::new(0));
    let writer = Writer {
        frames: writer,
        queued: queued.clone(),
    };
    shared
        .writers
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(peer, writer);
    shared
        .lock()
        .connected_at(peer, remote, door, shared.clock.now());
    shared.timers.notify_one();
    shared.sending.fetch_add(1, Ordering::SeqCst);
    let writing = {
        let shared = shared.clone();
        let connection = connection.clone();
        spawn(async move {
            write_frames(connection, send, frames, queued).await;
            shared.sending.fetch_sub(1, Ordering::SeqCst);
        })
    };
    while let Some(bytes) = recv.read().await {
        shared.lock().receive(peer, &bytes, shared.clock.now());
        shared.drive();
        shared.timers.notify_one();
        let open = shared
            .writers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(&peer);
        if !open {
            break; // the host closed it
        }
    }
    shared.lock().disconnected(peer, shared.clock.now());
    shared
        .writers
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&peer);
    shared.drive();
    let _ = writing.await;
}

/// Sends a guest's frames in order; when the host drops the sender, ends
/// the stream and closes the connection once the frames are delivered.
async fn write_frames(
    connection: Connection,
    mut send: SendStream,
    mut frames: mpsc::UnboundedReceiver<Vec<u8>>,
    queued: Arc<AtomicUsize>,
) {
    while let Some(frame) = frames.recv().await {
        // A guest that stops reading holds a write no longer than this:
        // its connection is closed, and what waited for it is freed.
        let written = timeout(WRITE_WAIT, send.write_all(&frame)).await;
        queued.fetch_sub(frame.len(), Ordering::SeqCst);
        if !matches!(written, Ok(true)) {
            connection.close(b"not reading");
            return;
        }
    }
    send.finish();
    // The guest hangs up once it has read the last frame (a connection
    // closed first would lose frames it has not read yet).
    let _ = timeout(FLUSH, connection.closed()).await;
    connection.close(b"closed by the host");
}
