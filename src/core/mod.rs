//! Game logic: plain Rust with no Dioxus, no I/O and no clock.
//!
//! Everything here is deterministic: randomness comes in as values (a roll is
//! a list of dice), so the UI, the tests and a replay all go through the same
//! functions. `tests/architecture.rs` checks that nothing in this folder
//! reaches for the UI framework, the file system or the clock.

pub mod autoplay;
pub mod checker;
pub mod coach;
pub mod dice;
pub mod dice_kinds;
pub mod einstein;
pub mod export;
pub mod game;
pub mod game_id;
pub mod games;
pub mod genius;
pub mod history;
pub mod index;
pub mod link;
pub mod prime;
pub mod reading;
pub mod roller;
pub mod rtt;
pub mod rtt_sheet;
pub mod save;
pub mod sequence;
pub mod serieux;
pub mod session;
pub mod summary;
pub mod table;
pub mod told;
pub mod words;
