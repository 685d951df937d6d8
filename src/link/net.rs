//! The bytes' way between phones: iroh, through the `genius-net` crate
//! (net/ in the repository). Natively the app links it. In the browser it
//! is a wasm module of its own, loaded the first time a table opens, and
//! [`web`] makes the same calls on it: the drivers cannot tell the two
//! apart.

#[cfg(not(target_arch = "wasm32"))]
pub use genius_net::{sign, verify, Connection, Endpoint, HostAddr, RecvStream, SendStream};

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::{sign, verify, Connection, Endpoint, HostAddr, RecvStream, SendStream};
