//! The table link: a thin driver around the table protocol's state
//! machines ([`crate::core::link`]).
//!
//! The host phone opens an endpoint that accepts the table's ALPNs (its
//! doors: `core::link::door`); its ticket names its public key, the relay it is reachable
//! through and its direct addresses. A guest dials that key; each guest's
//! connection carries one stream, and every message is a length-prefixed
//! frame on it. This module only moves bytes between those streams and the
//! state machines, and gives them the time: every decision is the state
//! machines'.
//!
//! The bytes travel over iroh ([`net`]): natively through the `genius-net`
//! crate, in the browser through the same crate built as a wasm module of
//! its own, loaded when a table first opens (so that the app starts
//! without iroh and its crypto).

mod guest;
mod host;
mod net;
mod phone;

pub use genius_net::{Options, Relay};
pub use guest::{GuestLink, GuestLinkEvent};
pub use host::HostLink;
pub use phone::{saved_guest, LinkSave, OpenError, Phone, PhoneEvents, Unreadable};

use crate::core::game::{Game, Rules};
pub use crate::core::link::door::{KNOCK_ALPN, TABLE_SLOTS};
use crate::core::link::mandate::{Crypto, PhoneKey};
use crate::core::link::ticket::{Ticket, TicketError};
use crate::core::link::wire::PhoneId;
use n0_future::time::{Duration, Instant};
use net::{Endpoint, HostAddr};
use std::fmt;

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

/// Fresh bytes from the operating system's entropy, or why not.
pub fn entropy<const N: usize>() -> Result<[u8; N], LinkError> {
    crate::platform::secret_bytes()
        .ok_or_else(|| LinkError::Bind("no entropy from the operating system".into()))
}

impl From<genius_net::Error> for LinkError {
    fn from(e: genius_net::Error) -> LinkError {
        match e {
            genius_net::Error::BadRelay(url) => LinkError::BadRelay(url),
            genius_net::Error::BadAddress => LinkError::Ticket(TicketError::Damaged),
            genius_net::Error::Bind(why) => LinkError::Bind(why),
            genius_net::Error::Offline => LinkError::Offline,
        }
    }
}

/// An endpoint, taking connections of the ALPNs `accept` names (a host's
/// doors, `Host::alpns`; a guest's takes none).
async fn bind(options: &Options, accept: &[Vec<u8>]) -> Result<Endpoint, LinkError> {
    Ok(Endpoint::bind(options, accept).await?)
}

/// The phone an endpoint is: its key, which signs with the transport's
/// arithmetic (see `core::link::mandate`).
fn key_of(endpoint: &Endpoint) -> Result<PhoneKey, LinkError> {
    let phone = PhoneId::from_hex(&endpoint.id())
        .ok_or(LinkError::Bind("an endpoint without a key".into()))?;
    let crypto = Crypto {
        sign: net::sign,
        verify: net::verify,
    };
    Ok(PhoneKey::new(endpoint.key(), phone, crypto))
}

/// Where a ticket says the host is.
fn host_addr(endpoint: &Endpoint, ticket: &Ticket) -> Result<HostAddr, LinkError> {
    Ok(endpoint.host_addr(&ticket.host, ticket.relay.as_deref(), &ticket.addrs)?)
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
