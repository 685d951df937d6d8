//! A guest phone's side of the link: dials the host, keeps dialling while
//! the link is down, and moves bytes between the stream and [`Guest`].
//!
//! **One table, one host.** The guest dials the host it follows and, beside
//! it, every other phone of the table's roster: the phone that took the
//! table over when the host went silent hosts it under its own key, and
//! only hosts answer. A host that stepped down says where the table went;
//! this phone follows it, and its ticket becomes that host's
//! ([`GuestLinkEvent::Moved`]), so a reload finds it there.
//!
//! **A dead path replaced at once.** When the guest says the path to the
//! host is dead ([`Output::NewPath`]), this phone opens a fresh endpoint
//! with the same key (a new connection to the relay) before dialling
//! again, rather than wait for the old one's own time-out.

use super::net::{Connection, Endpoint, HostAddr, RecvStream, SendStream};
use super::{bind, host_addr, key_of, Clock, LinkError, Options, TableGame};
use crate::core::game::Game;
use crate::core::link::dial::{self, Backoff, DIAL};
use crate::core::link::door;
use crate::core::link::guest::{Guest, GuestEvent, LinkState};
use crate::core::link::ticket::Ticket;
use crate::core::link::wire::{Lead, Member, PhoneId, Step, TableRefusal};
use crate::core::link::Output;
use n0_future::task::{spawn, AbortOnDropHandle};
use n0_future::time::{sleep, sleep_until, timeout, Duration};
use n0_future::{FuturesUnordered, StreamExt};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{mpsc, Notify};

/// What the guest's screen hears.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestLinkEvent<E> {
    /// Dialling the host (the first time, or again after a loss).
    Connecting,
    /// The host could not be reached (see [`GuestEvent::Lost`]): dialling
    /// again after `after`.
    Retry { after: Duration },
    /// What the table protocol says (joined, entries, answers, lost, …).
    Table(GuestEvent<E>),
    /// Another phone hosts the table now (it took the table over, or the
    /// host stepped down for it): this phone follows it, and its ticket is
    /// now that host's.
    Moved,
}

/// This phone's place at a table hosted elsewhere.
pub struct GuestLink<G: Game> {
    shared: Arc<Shared<G>>,
    run: AbortOnDropHandle<()>,
}

struct Shared<G: Game> {
    guest: Mutex<Guest<G>>,
    /// The guest has something to send (a step, a claim, a goodbye).
    outgoing: Notify,
    /// The player left: no more dialling.
    leaving: Notify,
    events: mpsc::UnboundedSender<GuestLinkEvent<G::Error>>,
    clock: Clock,
    /// The ticket of the table's host now.
    ticket: Mutex<Ticket>,
    /// This phone's endpoint: replaced by a fresh one when the path dies.
    endpoint: Mutex<Endpoint>,
    /// How it was opened, with its key: a fresh one is the same phone.
    options: Options,
}

impl<G: TableGame> GuestLink<G> {
    /// Joins the table of `ticket` and stays joined (dialling again
    /// whenever the link drops) until the host refuses this phone, or this
    /// phone leaves.
    pub async fn join(
        guest: Guest<G>,
        ticket: &Ticket,
        options: &Options,
    ) -> Result<(Self, mpsc::UnboundedReceiver<GuestLinkEvent<G::Error>>), LinkError> {
        let endpoint = bind(options, &[]).await?;
        // A ticket that cannot be dialled is refused at once.
        host_addr(&endpoint, ticket)?;
        let host = PhoneId::from_hex(&ticket.host).ok_or(LinkError::Ticket(
            crate::core::link::ticket::TicketError::Damaged,
        ))?;
        // Fresh nonces for this phone's hidden choices.
        let mut guest = guest.with_entropy(super::entropy()?);
        guest.identify(key_of(&endpoint)?);
        if guest.lead().is_none() {
            guest.follow(Lead {
                term: ticket.term,
                host,
            });
        }
        let options = Options {
            key: Some(endpoint.key()),
            ..options.clone()
        };
        let (events, receiver) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            guest: Mutex::new(guest),
            outgoing: Notify::new(),
            leaving: Notify::new(),
            events,
            clock: Clock::new(),
            ticket: Mutex::new(ticket.clone()),
            endpoint: Mutex::new(endpoint),
            options,
        });
        let run = spawn(run(shared.clone()));
        Ok((
            GuestLink {
                shared,
                run: AbortOnDropHandle::new(run),
            },
            receiver,
        ))
    }

    /// A step of this phone's player: refused at once if this copy
    /// refuses it, else sent (or kept until the link is back).
    pub fn act(&self, step: Step<G::Action>) -> Result<u64, TableRefusal<G::Error>> {
        let result = self.shared.lock().act(step, self.shared.clock.now());
        self.shared.outgoing.notify_one();
        result
    }

    /// Takes another seat, or watches (`None`); the host's answer comes
    /// as the seats.
    pub fn claim(&self, seat: Option<usize>) {
        self.shared.lock().claim(seat, self.shared.clock.now());
        self.shared.outgoing.notify_one();
    }

    /// This phone plays `seats` from now on (players may share a phone;
    /// none: it watches): asked of the host, or at the next hello.
    pub fn claim_seats(&self, seats: Vec<usize>) {
        self.shared
            .lock()
            .claim_seats(seats, self.shared.clock.now());
        self.shared.outgoing.notify_one();
    }

    /// The ticket of the table's host: the one this phone joined by, or
    /// the one it followed since.
    pub fn ticket(&self) -> Ticket {
        self.shared.ticket().clone()
    }

    /// The endpoint's key (saved with the copy: the same phone after a
    /// restart).
    pub fn key(&self) -> [u8; 32] {
        self.shared.endpoint().key()
    }

    /// Reads the guest's state (its copy, its seat, the link's state).
    pub fn with<T>(&self, read: impl FnOnce(&Guest<G>) -> T) -> T {
        read(&self.shared.lock())
    }

    /// Leaves the table (the copy stays): says goodbye to the host if the
    /// link is up, and closes the endpoint.
    pub async fn leave(mut self) {
        self.shared.lock().leave(self.shared.clock.now());
        self.shared.outgoing.notify_one();
        self.shared.leaving.notify_one();
        let _ = timeout(Duration::from_secs(1), &mut self.run).await;
        self.shared.endpoint().close().await;
    }
}

impl<G: Game> Shared<G> {
    fn lock(&self) -> MutexGuard<'_, Guest<G>> {
        self.guest.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn ticket(&self) -> MutexGuard<'_, Ticket> {
        self.ticket.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn endpoint(&self) -> Endpoint {
        self.endpoint
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// What the guest asks, in order: events go to the screen at once;
    /// the frames to send, whether to close and whether the path is dead
    /// are returned.
    fn outputs(&self) -> Outputs {
        let mut guest = self.lock();
        let mut outputs = Outputs::default();
        while let Some(output) = guest.poll_output() {
            match output {
                Output::Transmit { frame, .. } => outputs.frames.push(frame),
                Output::Close { .. } => outputs.close = true,
                Output::NewPath => outputs.new_path = true,
                // A guest never probes, nor takes connections.
                Output::Probe { .. } | Output::Accept { .. } => {}
                Output::Event(event) => {
                    let joined = matches!(event, GuestEvent::Joined { .. } | GuestEvent::Rekeyed);
                    let _ = self.events.send(GuestLinkEvent::Table(event));
                    if joined {
                        self.follow_lead(&guest);
                    }
                }
            }
        }
        outputs
    }

    /// Joined (or told the table's new secret): if the host is not the
    /// one the ticket names (it took the table over), the ticket becomes
    /// its own; its secret is the table's now.
    fn follow_lead(&self, guest: &Guest<G>) {
        let mut ticket = self.ticket();
        if !ticket.secret.matches(&guest.secret()) {
            ticket.secret = guest.secret();
            let _ = self.events.send(GuestLinkEvent::Moved);
        }
        let Some(lead) = guest.lead() else { return };
        if ticket.host == lead.host.to_hex() {
            return;
        }
        *ticket = ticket.hosted_by(lead.host, guest.roster(), lead.term);
        let _ = self.events.send(GuestLinkEvent::Moved);
    }

    /// Where to look for the host, in `dial::order`: the one this phone
    /// follows (unless it left), then every other phone of the roster.
    fn targets(&self, endpoint: &Endpoint) -> Vec<Target> {
        let guest = self.lock();
        let phones = dial::order(
            guest.lead().map(|l| l.host),
            guest.roster(),
            guest.phone(),
            guest.state() == &LinkState::HostLeft,
        );
        targets(endpoint, &self.ticket(), phones, guest.roster())
    }

    /// The path is dead: a fresh endpoint with the same key (a new
    /// connection to the relay), the old one closed beside.
    async fn new_path(&self) {
        if let Ok(fresh) = bind(&self.options, &[]).await {
            let old = std::mem::replace(
                &mut *self.endpoint.lock().unwrap_or_else(|e| e.into_inner()),
                fresh,
            );
            spawn(async move { old.close().await });
        }
    }
}

/// A phone that may host the table: its ticket, and where to dial it.
pub(super) struct Target {
    pub phone: PhoneId,
    pub ticket: Ticket,
    pub addr: HostAddr,
}

/// Where to dial `phones` (in `dial::order`), each as the host of
/// `ticket`'s table, reached through the relay `roster` names for it.
pub(super) fn targets(
    endpoint: &Endpoint,
    ticket: &Ticket,
    phones: Vec<PhoneId>,
    roster: &[Member],
) -> Vec<Target> {
    phones
        .into_iter()
        .filter_map(|phone| {
            let ticket = ticket.hosted_by(phone, roster, ticket.term);
            let addr = host_addr(endpoint, &ticket).ok()?;
            Some(Target {
                phone,
                ticket,
                addr,
            })
        })
        .collect()
}

/// What one round of the guest's outputs asks of the driver.
#[derive(Default)]
struct Outputs {
    frames: Vec<Vec<u8>>,
    close: bool,
    new_path: bool,
}

/// Dials, serves the connection, and dials again after a pause that grows
/// while the host stays out of reach, until the table is over for this
/// phone (refused, or left).
async fn run<G: TableGame>(shared: Arc<Shared<G>>) {
    let mut backoff = Backoff::default();
    loop {
        let _ = shared.events.send(GuestLinkEvent::Connecting);
        let endpoint = shared.endpoint();
        shared.lock().reachable_at(endpoint.relay());
        let mut new_path = false;
        if let Some(((connection, send, recv), target)) = dial_host(&shared, &endpoint).await {
            // A phone that heard its host leave joins the one that took
            // the table over (only other phones were dialled).
            shared.lock().host_moved(shared.clock.now());
            backoff.reached();
            new_path = serve(&shared, target.phone, send, recv).await;
            connection.close(b"closed by the guest");
        }
        shared.lock().disconnected(shared.clock.now());
        new_path |= shared.outputs().new_path;
        if matches!(
            shared.lock().state(),
            LinkState::Refused(_) | LinkState::Left
        ) {
            return;
        }
        if new_path {
            shared.new_path().await;
            backoff.reached();
            continue;
        }
        let pause = backoff.pause();
        let _ = shared.events.send(GuestLinkEvent::Retry { after: pause });
        tokio::select! {
            _ = sleep(pause) => {}
            _ = shared.leaving.notified() => return,
        }
    }
}

type Opened = (Connection, SendStream, RecvStream);

/// Dials the host (and the phones that may have taken it over). A dial
/// begun while the relay is away cannot get through it (its packets wait
/// for retransmissions long after the relay is back): when the relay
/// answers again, the dial starts over at once.
async fn dial_host<G: TableGame>(
    shared: &Shared<G>,
    endpoint: &Endpoint,
) -> Option<(Opened, Target)> {
    let relay_away = endpoint.online(Duration::ZERO).await.is_err();
    // The table's door, for the secret this phone holds now.
    let alpns = door::dialled(&shared.lock().secret());
    if !relay_away {
        return dial(endpoint, shared.targets(endpoint), &alpns, DIAL).await;
    }
    tokio::select! {
        answered = dial(endpoint, shared.targets(endpoint), &alpns, DIAL) => answered,
        Ok(()) = endpoint.online(DIAL) => dial(endpoint, shared.targets(endpoint), &alpns, DIAL).await,
    }
}

/// Dials every target at once offering `alpns`, for `wait` at most: the
/// first to answer, and which it was.
pub(super) async fn dial(
    endpoint: &Endpoint,
    targets: Vec<Target>,
    alpns: &[Vec<u8>],
    wait: Duration,
) -> Option<(Opened, Target)> {
    let mut dials: FuturesUnordered<_> = targets
        .into_iter()
        .map(|target| {
            let endpoint = endpoint.clone();
            async move {
                let opened = endpoint.connect(&target.addr, alpns, wait).await;
                opened.map(|opened| (opened, target))
            }
        })
        .collect();
    while let Some(answered) = dials.next().await {
        if answered.is_some() {
            return answered;
        }
    }
    None
}

/// One connection: says hello, then carries out what the guest asks and
/// gives it the bytes read and its timeouts, until the connection ends
/// (either side closes it, or a write fails). True if the guest said the
/// path is dead.
async fn serve<G: Game>(
    shared: &Shared<G>,
    remote: PhoneId,
    mut send: SendStream,
    mut recv: RecvStream,
) -> bool {
    shared.lock().connected_to(remote, shared.clock.now());
    loop {
        let Outputs {
            frames,
            close,
            new_path,
        } = shared.outputs();
        if new_path {
            // Nothing more goes on a path that forwards nothing.
            return true;
        }
        for frame in frames {
            if !send.write_all(&frame).await {
                return false;
            }
        }
        if close {
            send.finish();
            if shared.lock().state() == &LinkState::Left {
                // The goodbye read before the connection goes.
                let _ = timeout(Duration::from_millis(300), send.stopped()).await;
            }
            return false;
        }
        let wake = shared.lock().poll_timeout().map(|at| shared.clock.at(at));
        let timer = async {
            match wake {
                Some(at) => sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            read = recv.read() => match read {
                Some(bytes) => shared.lock().receive(&bytes, shared.clock.now()),
                None => return false,
            },
            _ = shared.outgoing.notified() => {}
            _ = timer => shared.lock().handle_timeout(shared.clock.now()),
        }
    }
}
