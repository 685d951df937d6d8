//! A guest phone's side of the link: dials the host, keeps dialling while
//! the link is down, and moves bytes between the stream and [`Guest`].

use super::net::{Endpoint, HostAddr, RecvStream, SendStream};
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
}

/// This phone's place at a table hosted elsewhere.
pub struct GuestLink<G: Game> {
    shared: Arc<Shared<G>>,
    endpoint: Endpoint,
    ticket: Ticket,
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
        let addr = host_addr(&endpoint, ticket)?;
        let (events, receiver) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            guest: Mutex::new(guest),
            outgoing: Notify::new(),
            leaving: Notify::new(),
            events,
            clock: Clock::new(),
        });
        let run = spawn(run(endpoint.clone(), addr, shared.clone()));
        Ok((
            GuestLink {
                shared,
                endpoint,
                ticket: ticket.clone(),
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

    /// The ticket this phone joined by.
    pub fn ticket(&self) -> &Ticket {
        &self.ticket
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
/// phone.
async fn run<G: TableGame>(endpoint: Endpoint, addr: HostAddr, shared: Arc<Shared<G>>) {
    let mut backoff = BACKOFF;
    loop {
        let _ = shared.events.send(GuestLinkEvent::Connecting);
        if let Some((connection, send, recv)) = endpoint.connect(&addr, DIAL).await {
            backoff = BACKOFF;
            serve(&shared, send, recv).await;
            connection.close(b"closed by the guest");
        }
        shared.lock().disconnected(shared.clock.now());
        shared.outputs();
        if shared.lock().state().is_over() {
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
