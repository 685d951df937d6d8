//! A guest phone's side of the link: dials the host, keeps dialling while
//! the link is down, and moves bytes between the stream and [`Guest`].

use super::net::{Endpoint, HostAddr, RecvStream, SendStream};
use super::{bind, host_addr, Clock, LinkError, Options, TableGame};
use crate::core::game::Game;
use crate::core::link::guest::{Guest, GuestEvent, LinkState};
use crate::core::link::ticket::Ticket;
use crate::core::link::wire::{Denied, Step};
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
    /// The link is down, for `down` now; dialling again after `retry`.
    Lost { retry: Duration, down: Duration },
    /// What the table protocol says (joined, entries, answers, …).
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
    /// Something was proposed: frames to send.
    outgoing: Notify,
    /// The player asked to leave.
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

    /// Proposes a step of this phone's player: refused at once if this
    /// copy refuses it, else sent (or kept until the link is back).
    pub fn propose(&self, step: Step<G::Action>) -> Result<u64, Denied<G::Error>> {
        let result = self.shared.lock().propose(step, self.shared.clock.now());
        self.shared.drain_events();
        self.shared.outgoing.notify_one();
        result
    }

    /// Takes another seat, or watches (`None`); the host's answer comes
    /// as the seats.
    pub fn claim(&self, seat: Option<usize>) {
        self.shared.lock().claim(seat);
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
        self.shared.lock().leave();
        self.shared.leaving.notify_one();
        let _ = timeout(Duration::from_secs(1), &mut self.run).await;
        self.endpoint.close().await;
    }
}

impl<G: Game> Shared<G> {
    fn lock(&self) -> MutexGuard<'_, Guest<G>> {
        self.guest.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn drain_events(&self) {
        let mut guest = self.lock();
        while let Some(event) = guest.poll_event() {
            let _ = self.events.send(GuestLinkEvent::Table(event));
        }
    }

    fn finished(&self) -> bool {
        matches!(
            self.lock().state(),
            LinkState::Refused(_) | LinkState::HostLeft
        )
    }
}

/// Dials, serves the connection, and dials again after a pause that grows
/// while the host stays out of reach.
async fn run<G: TableGame>(endpoint: Endpoint, addr: HostAddr, shared: Arc<Shared<G>>) {
    let mut backoff = BACKOFF;
    // Since when the host has been out of reach (none while connected).
    let mut down_since = None;
    loop {
        let _ = shared.events.send(GuestLinkEvent::Connecting);
        if let Some((connection, send, recv)) = endpoint.connect(&addr, DIAL).await {
            backoff = BACKOFF;
            down_since = None;
            let left = serve(&shared, send, recv).await;
            if left {
                connection.close(b"left the table");
                return;
            }
            connection.close(b"reconnecting");
        }
        shared.lock().disconnected();
        shared.drain_events();
        if shared.finished() {
            return;
        }
        let heard = shared.clock.at(shared.lock().last_heard());
        let down = down_since.get_or_insert(heard).elapsed();
        let _ = shared.events.send(GuestLinkEvent::Lost {
            retry: backoff,
            down,
        });
        tokio::select! {
            _ = sleep(backoff) => {}
            _ = shared.leaving.notified() => return,
        }
        backoff = (backoff * 2).min(BACKOFF_MAX);
    }
}

/// One connection: says hello, then moves bytes both ways and gives the
/// guest its timeouts, until the connection ends. True if the player left.
async fn serve<G: Game>(shared: &Shared<G>, mut send: SendStream, mut recv: RecvStream) -> bool {
    shared.lock().connected(shared.clock.now());
    loop {
        // Whatever the guest wants sent goes first.
        let frames: Vec<Vec<u8>> = {
            let mut guest = shared.lock();
            std::iter::from_fn(|| guest.poll_transmit()).collect()
        };
        for frame in frames {
            if !send.write_all(&frame).await {
                return false;
            }
        }
        shared.drain_events();
        if shared.finished() {
            send.finish();
            return false;
        }
        let wake = shared.lock().next_timeout().map(|at| shared.clock.at(at));
        let timer = async {
            match wake {
                Some(at) => sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            read = recv.read() => match read {
                Some(bytes) => {
                    let now = shared.clock.now();
                    if shared.lock().receive(&bytes, now).is_err() {
                        return false; // not the host's bytes: dial again
                    }
                }
                None => return false,
            },
            _ = shared.outgoing.notified() => {}
            _ = timer => {
                let now = shared.clock.now();
                let mut guest = shared.lock();
                guest.handle_timeout(now);
                if guest.state() == &LinkState::Offline {
                    return false; // the host fell silent: dial again
                }
            }
            _ = shared.leaving.notified() => {
                let frames: Vec<Vec<u8>> = {
                    let mut guest = shared.lock();
                    std::iter::from_fn(|| guest.poll_transmit()).collect()
                };
                for frame in frames {
                    send.write_all(&frame).await;
                }
                send.finish();
                let _ = timeout(Duration::from_millis(300), send.stopped()).await;
                return true;
            }
        }
    }
}
