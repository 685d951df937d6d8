//! One game on several phones: the table protocol, as pure state machines.
//!
//! A game is already the replay of a log of actions whose randomness is in
//! the actions, so a game shared by several phones is a **replicated log**:
//! one phone, the [`host::Host`], orders it; the others, each a
//! [`guest::Guest`], propose steps for their own player's seat and receive
//! the ordered entries. Every phone keeps a [`replica::Replica`]: the same
//! entries replayed into the same [`super::session::Session`], so every
//! copy holds the same game and any copy can carry it on.
//!
//! Like quinn-proto or str0m, these are state machines without I/O, and
//! both sides have one shape: the driver hands them what happened — a
//! connection opened (`connected`), bytes (`receive`), a connection ended
//! (`disconnected`), the player's step (`act`), a timer
//! (`handle_timeout`, when `poll_timeout` said) — each with the time, and
//! carries out what they ask, in order: [`Output`]s to transmit, to close
//! a connection, and events for the screen. The heartbeat is the same on
//! both sides ([`heartbeat`]). The network (QUIC through a relay or
//! direct) is a thin driver around them (`crate::link`), and the tests
//! play them with messages lost, repeated and reordered, without a
//! network.
//!
//! The conversation (see [`wire`]):
//! - a guest connects and says `Hello` (the table's secret, the seat it
//!   claims, what its copy holds); the host answers `Welcome` and the
//!   entries the copy lacks, or `Refused` with the reason, and closes;
//! - a guest's `Propose` is checked by the host against the game (the same
//!   refusals as on one phone) and the seat (a phone proposes its own
//!   player's moves, and undoes or redoes only moves made on it): appended and
//!   sent to every phone as an entry, or answered with the refusal;
//! - entries carry their place in the log: one already held is ignored, a
//!   gap is asked for again (`Resend`). A reconnection is the same hello;
//! - a hidden choice goes as its commitment, and its content once every
//!   awaited player has committed one ([`sealed`]);
//! - a guest signs the lead of each host that welcomes it (`Vote`), and
//!   hosts that find each other keep the one whose signed lead prevails
//!   ([`mandate`]).

use super::game::{actors, Actor, Game};

pub mod dial;
pub mod door;
pub mod guest;
pub mod handover;
pub mod heartbeat;
pub mod hex;
pub mod host;
pub mod line;
pub mod mandate;
pub mod replica;
pub mod save_pace;
pub mod sealed;
pub mod stand_in;
pub mod ticket;
pub mod view;
pub mod wire;

/// A connection, numbered by the driver. A guest has one, to its host
/// ([`guest::HOST`]).
pub type PeerId = u64;

/// What a side of the table asks its driver to do, host and guest alike.
#[derive(Clone, Debug, PartialEq)]
pub enum Output<E> {
    /// Send `frame` on the connection to `peer`.
    Transmit { peer: PeerId, frame: Vec<u8> },
    /// Close that connection, once what was transmitted on it has left.
    Close { peer: PeerId },
    /// A host: dial `phone` (through `relay`, or the table's) and ask
    /// whether it hosts this table too (`wire::ToHost::Probe`); its answer,
    /// or none, goes to `Host::probed`.
    Probe {
        phone: wire::PhoneId,
        relay: Option<String>,
        /// The probe to send (`wire::ToHost::Probe`).
        frame: Vec<u8>,
    },
    /// A guest: the path to the host is dead (a phone moving from Wi-Fi to
    /// mobile data keeps a connection that forwards nothing): open a fresh
    /// one to the relay before dialling again, rather than wait for the
    /// old one to time out.
    NewPath,
    /// A host: take connections of these ALPNs from now on, in this
    /// order of preference (its doors, under a new secret: see [`door`]).
    Accept { alpns: Vec<Vec<u8>> },
    /// Something happened, for the screen.
    Event(E),
}

/// Whether the phone holding `seat` may switch the table's dice between
/// real dice and the app's (a ruling: at a table, the host or the player
/// to move; while it is no player's move — a roll-off — any seated
/// player). The host's own phone always may.
pub fn may_switch_dice<G: Game>(state: &G, seat: Option<usize>) -> bool {
    let Some(seat) = seat else { return false };
    let movers: Vec<Actor> = actors(state)
        .into_iter()
        .filter(|a| matches!(a, Actor::Player(_)))
        .collect();
    movers.is_empty() || movers.contains(&Actor::Player(seat))
}

/// Whether the phone holding `seat` may make `step` (a guest's own check,
/// and the host's of a guest's proposal): an action of that seat's player
/// or of the whole table, and a switch of the dice only when
/// [`may_switch_dice`].
pub fn seat_may<G: Game>(
    state: &G,
    seat: usize,
    step: &wire::Step<G::Action>,
) -> Result<(), wire::TableRefusal<G::Error>> {
    let action = match step {
        wire::Step::Act(action) => action,
        // A hidden choice: its player's, whatever it is.
        wire::Step::Commit { player, .. } if *player != seat => {
            return Err(wire::TableRefusal::NotYourSeat {
                seat: Some(seat),
                actor: Actor::Player(*player),
            })
        }
        _ => return Ok(()),
    };
    let actor = state.actor(action);
    if actor != Actor::Table && actor != Actor::Player(seat) {
        return Err(wire::TableRefusal::NotYourSeat {
            seat: Some(seat),
            actor,
        });
    }
    if G::dice_change(action).is_some() && !may_switch_dice(state, Some(seat)) {
        return Err(wire::TableRefusal::DiceSwitch);
    }
    Ok(())
}

/// The seat of the phone that made a step (`maker`: none for the host's
/// own), among `seats`, if that phone holds one.
pub fn maker_seat(seats: &[wire::SeatView], maker: Option<wire::PhoneId>) -> Option<usize> {
    seats.iter().position(|s| match maker {
        Some(phone) => s.phone == Some(phone),
        None => s.host,
    })
}

/// Whether a phone holding `seats` may propose `step`: if one of them may
/// (a phone shared by players plays for each of them); the refusal for
/// the first otherwise.
pub fn seats_may<G: Game>(
    state: &G,
    seats: &[usize],
    step: &wire::Step<G::Action>,
) -> Result<(), wire::TableRefusal<G::Error>> {
    let mut first = None;
    for seat in seats {
        match seat_may(state, *seat, step) {
            Ok(()) => return Ok(()),
            Err(why) => {
                first.get_or_insert(why);
            }
        }
    }
    Err(first.unwrap_or(wire::TableRefusal::Watching))
}

/// Why a table could not be opened on this phone, in the terms its player
/// is told (`crate::link`'s own errors say more, for the logs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenFailure {
    /// The relay named in the settings is not an address.
    BadRelay,
    /// The invitation link cannot be read (its host's key, say).
    BadLink,
    /// This phone's network could not be opened.
    Network,
    /// The relay did not answer.
    RelayDown,
    /// This phone's saved copy of the table game cannot be read.
    DamagedCopy,
    /// This phone never received the game, so it cannot host it.
    NoCopy,
}
