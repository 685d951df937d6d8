//! Mozilla's root certificates, as `webpki-roots` gives them — none.
//!
//! iroh-relay's default certificate verifier, for a relay's TLS, is built
//! from these roots. In a browser that TLS is the browser's own (the relay
//! is a `wss://` WebSocket) and the phones' connections are verified by
//! their keys, never by a certificate authority: the browser's endpoint
//! gives iroh a verifier that trusts no authority instead
//! (`net/src/endpoint.rs`, `browser`), and these roots, 44 KB of the
//! transport's gzipped module, are read by nothing. The browser's build of
//! the transport alone takes this crate in place of `webpki-roots`; the
//! native app keeps the real roots.
#![no_std]

use pki_types::TrustAnchor;

pub const TLS_SERVER_ROOTS: &[TrustAnchor<'static>] = &[];
