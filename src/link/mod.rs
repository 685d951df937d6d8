//! The table link over iroh: a thin driver around the table protocol's
//! state machines ([`crate::core::link`]).
//!
//! The host phone binds an iroh endpoint that accepts the table's ALPN
//! ([`ALPN`]); its ticket names its public key, the relay it is reachable
//! through and its direct addresses. A guest dials that key: QUIC end to
//! end and encrypted, directly on a shared network, through the relay
//! otherwise (and always in a browser, where the relay is reached over a
//! WebSocket). Each guest opens one bidirectional stream; every message is
//! a length-prefixed frame on it. This module only moves bytes between
//! those streams and the state machines, and gives them the time: every
//! decision is the state machines'.
//!
//! No address lookups: the endpoints use iroh's `Minimal` preset (a crypto
//! provider and nothing else) plus the relay chosen here, so nothing is
//! asked of a DNS or pkarr server, and tests never leave 127.0.0.1.

mod guest;
mod host;
mod phone;

pub use guest::{GuestLink, GuestLinkEvent};
pub use host::HostLink;
pub use phone::{saved_guest, LinkSave, OpenError, Phone, PhoneEvents};

use crate::core::game::Game;
use crate::core::link::ticket::{Ticket, TicketError};
pub use crate::core::link::wire::ALPN;
use crate::core::session::Rules;
use iroh::endpoint::{presets, QuicTransportConfig};
use iroh::{Endpoint, EndpointAddr, EndpointId, RelayMode, RelayUrl, TransportAddr};
use n0_future::time::{Duration, Instant};
use std::fmt;
use std::net::SocketAddr;
use std::str::FromStr;

/// A game the link can carry: its state and its messages move between the
/// driver's tasks.
pub trait TableGame: Game + Send + Rules<Setup: Send, Action: Send, Error: Send> {}

impl<G> TableGame for G
where
    G: Game + Send,
    G::Setup: Send,
    G::Action: Send,
    G::Error: Send,
{
}

/// The relay a phone is reachable through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relay {
    /// iroh's public relays, run by n0: free, rate-limited, with no promise
    /// of uptime. A table with internet needs no set-up.
    Public,
    /// A relay of the table's own (`iroh-relay`), by its URL.
    Own(String),
    /// No relay: direct addresses only (native apps on one network).
    Disabled,
}

/// Why the link could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The relay's URL is not one.
    BadRelay(String),
    /// The ticket cannot be read.
    Ticket(TicketError),
    /// The endpoint could not start (no network interface, say).
    Bind(String),
    /// The relay did not answer in time.
    Offline,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::BadRelay(url) => write!(f, "not a relay URL: {url}"),
            LinkError::Ticket(e) => write!(f, "not a table ticket: {e:?}"),
            LinkError::Bind(e) => write!(f, "the network could not be opened: {e}"),
            LinkError::Offline => write!(f, "the relay did not answer"),
        }
    }
}

impl std::error::Error for LinkError {}

impl Relay {
    fn mode(&self) -> Result<RelayMode, LinkError> {
        Ok(match self {
            Relay::Public => RelayMode::Default,
            Relay::Own(url) => RelayMode::custom([relay_url(url)?]),
            Relay::Disabled => RelayMode::Disabled,
        })
    }
}

fn relay_url(url: &str) -> Result<RelayUrl, LinkError> {
    RelayUrl::from_str(url).map_err(|_| LinkError::BadRelay(url.to_string()))
}

/// How a phone's endpoint is set up.
#[derive(Clone, Debug)]
pub struct Options {
    pub relay: Relay,
    /// Only the relay, no direct paths (what a browser can do): for tests
    /// that go through the relay the way a browser's traffic does.
    pub relay_only: bool,
    /// The endpoint's key, to keep the same identity (a host's ticket)
    /// across restarts; a new one at random if none.
    pub key: Option<[u8; 32]>,
}

impl Options {
    pub fn new(relay: Relay) -> Options {
        Options {
            relay,
            relay_only: false,
            key: None,
        }
    }
}

/// How often a quiet connection says it is still there.
const KEEP_ALIVE: Duration = Duration::from_secs(2);
/// How long a connection may stay silent before it counts as lost: a
/// phone that leaves the network (or a host that vanishes) is told within
/// seconds, not after QUIC's default half-minute, and dials again.
const SILENCE: Duration = Duration::from_secs(8);

/// An endpoint; `accept` for the host, which takes the table's ALPN.
async fn bind(options: &Options, accept: bool) -> Result<Endpoint, LinkError> {
    let transport = QuicTransportConfig::builder()
        .keep_alive_interval(KEEP_ALIVE)
        .max_idle_timeout(SILENCE.try_into().ok())
        .build();
    let mut builder = Endpoint::builder(presets::Minimal)
        .relay_mode(options.relay.mode()?)
        .transport_config(transport);
    if accept {
        builder = builder.alpns(vec![ALPN.to_vec()]);
    }
    // A browser has no IP transports to clear: it only has the relay.
    #[cfg(not(target_arch = "wasm32"))]
    if options.relay_only {
        builder = builder.clear_ip_transports();
    }
    if let Some(key) = options.key {
        builder = builder.secret_key(iroh::SecretKey::from_bytes(&key));
    }
    builder
        .bind()
        .await
        .map_err(|e| LinkError::Bind(e.to_string()))
}

/// Where a ticket says the host is.
fn host_addr(ticket: &Ticket) -> Result<EndpointAddr, LinkError> {
    let id =
        EndpointId::from_str(&ticket.host).map_err(|_| LinkError::Ticket(TicketError::Damaged))?;
    let mut addrs = Vec::new();
    if let Some(relay) = &ticket.relay {
        addrs.push(TransportAddr::Relay(relay_url(relay)?));
    }
    for addr in &ticket.addrs {
        let addr =
            SocketAddr::from_str(addr).map_err(|_| LinkError::Ticket(TicketError::Damaged))?;
        addrs.push(TransportAddr::Ip(addr));
    }
    Ok(EndpointAddr::from_parts(id, addrs))
}

/// The time the state machines are given: since the link started.
#[derive(Clone, Copy, Debug)]
struct Clock(Instant);

impl Clock {
    fn new() -> Clock {
        Clock(Instant::now())
    }

    fn now(self) -> Duration {
        self.0.elapsed()
    }

    fn at(self, since_start: Duration) -> Instant {
        self.0 + since_start
    }
}
