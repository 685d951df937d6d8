//! Mozilla's root certificates, as `webpki-roots` gives them — none.
//!
//! iroh-relay builds a certificate verifier from these roots whenever an
//! endpoint binds, for the relay's TLS. In a browser that TLS is the
//! browser's own (the relay is a `wss://` WebSocket) and the phones'
//! connections are verified by their keys, never by a certificate
//! authority: nothing verifies against these roots there, and they are
//! 44 KB of the transport's gzipped module. The browser's build of the
//! transport alone takes this crate in place of `webpki-roots`; the
//! native app keeps the real roots.
#![no_std]

use pki_types::TrustAnchor;

pub const TLS_SERVER_ROOTS: &[TrustAnchor<'static>] = &[];
