//! A guest phone's side of the link: dials the host, keeps dialling while
//! the link is down, and moves bytes between the stream and [`Guest`].
//!
//! **One table, one host.** With the host it dials the table's next host:
//! the phone that takes the table over when the host has left binds the
//! key derived from the table's secret and the number of hand-overs
//! ([`Endpoint::successor`]). When that one answers, this phone follows it
//! (its ticket becomes the next host's, [`GuestLinkEvent::Moved`]): the
//! whole table joins the phone that took over, with no new link to pass
//! around, and a phone that would take over too finds it there first
//! (see `Phone::take_over`).

use super::net::{Connection, Endpoint, HostAddr, RecvStream, SendStream};
use super::{bind, host_addr, Clock, LinkError, Options, TableGame};
use crate::core::game::Game;
use crate::core::link::guest::{Guest, GuestEvent, LinkState};
use crate::core::link::ticket::Ticket;
use crate::core::link::wire::{Denied, Step};
use crate::core::link::Output;
use n0_future::task::{spawn, AbortOnDropHandle};
use n0_future::time::{sleep, sleep_until, timeout, Duration};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{mpsc, Notify};

/// The first pause before dialling again; it doubles up to [`BACKOFF_MAX`].
const BACKOFF: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(4);
/// How long one attempt to reach the host may take.
const DIAL: Duration = Duration::from_secs(10);

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
    /// The host left and another phone took the table over: this phone
    /// follows it (its ticket is now that host's).
    Moved,
}

/// This phone's place at a table hosted elsewhere.
pub struct GuestLink<G: Game> {
    shared: Arc<Shared<G>>,
    endpoint: Endpoint,
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
}

impl<G: TableGame> GuestLink<G> {
    /// Joins the table of `ticket` and stays joined (dialling again
    /// whenever the link drops) until the host refuses this phone, the host
    /// leaves, or this phone leaves.
    pub async fn join(
        guest: Guest<G>,
        ticket: &Ticket,
        options: &Options,
    ) -> Result<(Self, mpsc::UnboundedReceiver<GuestLinkEvent<G::Error>>), LinkError> {
        let endpoint = bind(options, false).await?;
        // A ticket that cannot be dialled is refused at once.
        host_addr(&endpoint, ticket)?;
        let (events, receiver) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            guest: Mutex::new(guest),
            outgoing: Notify::new(),
            leaving: Notify::new(),
            events,
            clock: Clock::new(),
            ticket: Mutex::new(ticket.clone()),
        });
        let run = spawn(run(endpoint.clone(), shared.clone()));
        Ok((
            GuestLink {
                shared,
                endpoint,
                run: AbortOnDropHandle::new(run),
            },
            receiver,
        ))
    }

    /// A step of this phone's player: refused at once if this copy
    /// refuses it, else sent (or kept until the link is back).
    pub fn act(&self, step: Step<G::Action>) -> Result<u64, Denied<G::Error>> {
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

    /// The ticket of the table's host: the one this phone joined by, or
    /// the next host's once it followed it.
    pub fn ticket(&self) -> Ticket {
        self.shared.ticket().clone()
    }

    /// The endpoint's key (saved with the copy: the same identity after a
    /// restart).
    pub fn key(&self) -> [u8; 32] {
        self.endpoint.key()
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
        self.endpoint.close().await;
    }
}

impl<G: Game> Shared<G> {
    fn lock(&self) -> MutexGuard<'_, Guest<G>> {
        self.guest.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn ticket(&self) -> MutexGuard<'_, Ticket> {
        self.ticket.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What the guest asks, in order: events go to the screen at once;
    /// the frames to send and whether to close are returned.
    fn outputs(&self) -> (Vec<Vec<u8>>, bool) {
        let mut guest = self.lock();
        let (mut frames, mut close) = (Vec::new(), false);
        while let Some(output) = guest.poll_output() {
            match output {
                Output::Transmit { frame, .. } => frames.push(frame),
                Output::Close { .. } => close = true,
                Output::Event(event) => {
                    let _ = self.events.send(GuestLinkEvent::Table(event));
                }
            }
        }
        (frames, close)
    }
}

/// Dials, serves the connection, and dials again after a pause that grows
/// while the host stays out of reach, until the table is over for this
/// phone (refused, or left). After the host left, only its next host is
/// dialled.
async fn run<G: TableGame>(endpoint: Endpoint, shared: Arc<Shared<G>>) {
    let mut backoff = BACKOFF;
    loop {
        let _ = shared.events.send(GuestLinkEvent::Connecting);
        let ticket = shared.ticket().clone();
        let host = match shared.lock().state() {
            LinkState::HostLeft => None,
            _ => host_addr(&endpoint, &ticket).ok(),
        };
        let secret = ticket.secret.to_bytes();
        let (_, next_id) = endpoint.successor(&secret, ticket.handovers + 1);
        let next = ticket.next_host(next_id);
        if let Some(((connection, send, recv), moved)) = dial(
            &endpoint,
            host.as_ref(),
            host_addr(&endpoint, &next).ok().as_ref(),
            DIAL,
        )
        .await
        {
            if moved {
                *shared.ticket() = next;
                shared.lock().host_moved(shared.clock.now());
                let _ = shared.events.send(GuestLinkEvent::Moved);
            }
            backoff = BACKOFF;
            serve(&shared, send, recv).await;
            connection.close(b"closed by the guest");
        }
        shared.lock().disconnected(shared.clock.now());
        shared.outputs();
        if matches!(
            shared.lock().state(),
            LinkState::Refused(_) | LinkState::Left
        ) {
            return;
        }
        let _ = shared.events.send(GuestLinkEvent::Retry { after: backoff });
        tokio::select! {
            _ = sleep(backoff) => {}
            _ = shared.leaving.notified() => return,
        }
        backoff = (backoff * 2).min(BACKOFF_MAX);
    }
}

type Opened = (Connection, SendStream, RecvStream);

/// Dials the host and the table's next host at once, for `wait` at most:
/// the first to answer, and whether it is the next host.
pub(super) async fn dial(
    endpoint: &Endpoint,
    host: Option<&HostAddr>,
    next: Option<&HostAddr>,
    wait: Duration,
) -> Option<(Opened, bool)> {
    let reach = |addr: Option<&HostAddr>| {
        let endpoint = endpoint.clone();
        let addr = addr.cloned();
        async move {
            match addr {
                Some(addr) => endpoint.connect(&addr, wait).await,
                None => None,
            }
        }
    };
    let (host, next) = (reach(host), reach(next));
    tokio::pin!(host, next);
    let (mut host_done, mut next_done) = (false, false);
    loop {
        tokio::select! {
            opened = &mut host, if !host_done => match opened {
                Some(opened) => return Some((opened, false)),
                None => host_done = true,
            },
            opened = &mut next, if !next_done => match opened {
                Some(opened) => return Some((opened, true)),
                None => next_done = true,
            },
            else => return None,
        }
    }
}

/// One connection: says hello, then carries out what the guest asks and
/// gives it the bytes read and its timeouts, until the connection ends
/// (either side closes it, or a write fails).
async fn serve<G: Game>(shared: &Shared<G>, mut send: SendStream, mut recv: RecvStream) {
    shared.lock().connected(shared.clock.now());
    loop {
        let (frames, close) = shared.outputs();
        for frame in frames {
            if !send.write_all(&frame).await {
                return;
            }
        }
        if close {
            send.finish();
            if shared.lock().state() == &LinkState::Left {
                // The goodbye read before the connection goes.
                let _ = timeout(Duration::from_millis(300), send.stopped()).await;
            }
            return;
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
                None => return,
            },
            _ = shared.outgoing.notified() => {}
            _ = timer => shared.lock().handle_timeout(shared.clock.now()),
        }
    }
}
