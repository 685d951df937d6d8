//! The table link's transport: bytes between phones, and nothing about the
//! game. The app's link drivers (`src/link` in the app) move these bytes
//! in and out of the table protocol's state machines; every decision is
//! theirs.
//!
//! A host [`Endpoint`] accepts connections of the ALPNs it names; a guest dials the
//! host by its public key, its relay and its direct addresses. QUIC end to
//! end and encrypted, directly on a shared network, through the relay
//! otherwise (always in a browser, where the relay is reached over a
//! WebSocket). Each connection carries one bidirectional stream.
//!
//! No address lookups: the endpoints use iroh's `Minimal` preset (a crypto
//! provider and nothing else) plus the relay chosen here, so nothing is
//! asked of a DNS or pkarr server, and tests never leave 127.0.0.1.
//!
//! Natively the app links this crate. In the browser it is a wasm module
//! of its own (the `js` feature: [`js`]), loaded the first time a table
//! opens; the app's own copy then only has the plain types below.

use std::fmt;

#[cfg(feature = "iroh")]
mod endpoint;
#[cfg(feature = "iroh")]
pub use endpoint::{
    sign, verify, Accepting, Connection, Endpoint, HostAddr, Incoming, RecvStream, SendStream,
};

#[cfg(all(feature = "js", target_arch = "wasm32"))]
pub mod js;

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

/// Why an endpoint could not be set up, or a host's address not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The relay's URL is not one.
    BadRelay(String),
    /// A host's key or direct address is malformed.
    BadAddress,
    /// The endpoint could not start (no network interface, say, or, in the
    /// browser, the link's module could not be loaded).
    Bind(String),
    /// The relay did not answer in time.
    Offline,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BadRelay(url) => write!(f, "not a relay URL: {url}"),
            Error::BadAddress => write!(f, "not a host's address"),
            Error::Bind(e) => write!(f, "the network could not be opened: {e}"),
            Error::Offline => write!(f, "the relay did not answer"),
        }
    }
}

impl std::error::Error for Error {}
