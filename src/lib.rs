//! Genius: the table companion for a family of French dice games.
//!
//! - [`core`]: the rules, pure Rust (no UI, no I/O, no clock);
//! - [`i18n`]: French and English;
//! - [`settings`]: the player's preferences as data;
//! - [`platform`]: storage, locale and randomness, one implementation per platform;
//! - [`saves`]: the saved games; [`records`]: what is kept beside them;
//! - [`ui`]: the Dioxus components;
//! - `link` (feature `link`): one game on several phones, over iroh.

pub mod core;
pub mod i18n;
#[cfg(feature = "link")]
pub mod link;
pub mod platform;
pub mod records;
pub mod saves;
pub mod settings;
pub mod ui;
