//! The host's doors: which connections it takes, how many at once and for
//! how long, before they have shown the table's secret.
//!
//! A connection reaches the host through one of two doors, told apart by
//! the QUIC application protocol (ALPN) its handshake agreed on:
//! - the **table's door**, [`alpn`] of the table's secret (BLAKE3 of it in
//!   derive-key mode: the ALPN travels in the clear through the relay, the
//!   secret never does). Only a phone that holds the secret dials it, and
//!   knocks without the secret never take its [`TABLE_SLOTS`]: a phone
//!   with the secret is not turned away by them. The phone still says its
//!   hello with the secret itself, checked as before;
//! - the **knock door**, [`KNOCK_ALPN`] (the ALPN every version before
//!   protocol 12 dialled): a phone of another version, or holding a wrong
//!   secret (a phone sent away), comes in here only to be told why
//!   (`JoinRefusal`). It has [`KNOCK_SLOTS`] at once, each held
//!   [`KNOCK_WAIT`] at most to finish the handshake, open the stream and
//!   say hello (the host drops a knock that has not joined by then).
//!
//! Before its ALPN is known (the first packets of its handshake) a
//! connection has [`HANDSHAKE_WAIT`] to say it, [`HANDSHAKES`] at once.
//! Pure: the driver asks [`Doors`] and applies the waits.

use super::hex;
use super::wire::Secret;
use ::core::time::Duration;

/// The knock door's ALPN (see the module's text).
pub const KNOCK_ALPN: &[u8] = b"genius/table/1";
/// The table's door: this, then 32 hex digits derived from the secret.
const TABLE_ALPN: &str = "genius/table/2/";
/// The BLAKE3 context the table door's ALPN is derived in.
const CONTEXT: &str = "genius 2026-12 table link: the table's door";
/// Connections at the table's door at once (a table has a handful of
/// phones; more is a phone with the secret knocking again and again).
pub const TABLE_SLOTS: usize = 32;
/// Connections at the knock door at once.
pub const KNOCK_SLOTS: usize = 8;
/// Handshakes whose ALPN is not known yet, at once.
pub const HANDSHAKES: usize = 64;
/// How long a handshake may take to say its ALPN: it is in the phone's
/// first packet, so this is the relay's delay, not the network's round
/// trips.
pub const HANDSHAKE_WAIT: Duration = Duration::from_secs(2);
/// How long a knock may take from its ALPN to its hello answered.
pub const KNOCK_WAIT: Duration = Duration::from_secs(3);
/// How long a phone at the table's door may take to finish its handshake
/// and open its stream (a slow network's few round trips), and then to
/// have joined.
pub const TABLE_WAIT: Duration = Duration::from_secs(10);

/// The table's door for `secret`: the ALPN a phone holding it dials.
pub fn alpn(secret: &Secret) -> Vec<u8> {
    let derived = blake3::derive_key(CONTEXT, &secret.to_bytes());
    format!("{TABLE_ALPN}{}", hex::encode(&derived[..16])).into_bytes()
}

/// What a phone holding `secret` offers when it dials a host: the table's
/// door first, the knock door after (a host of an older version, or one
/// under another secret, answers there, and says why it refuses).
pub fn dialled(secret: &Secret) -> Vec<Vec<u8>> {
    vec![alpn(secret), KNOCK_ALPN.to_vec()]
}

/// What a host under `secret` takes, in its order of preference: the
/// table's door, the doors of its earlier secrets (`old`: a phone of the
/// roster away when one was sent away), and the knock door.
pub fn accepted(secret: &Secret, old: &[Secret]) -> Vec<Vec<u8>> {
    let mut alpns = vec![alpn(secret)];
    alpns.extend(old.iter().map(alpn));
    alpns.push(KNOCK_ALPN.to_vec());
    alpns
}

/// The door a connection came through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Door {
    /// The knock door: the secret not shown yet.
    Knock,
    /// The table's door: a phone that holds the secret.
    Table,
}

impl Door {
    /// The door of a connection whose handshake agreed on `alpn` (one the
    /// host accepts).
    pub fn of(alpn: &[u8]) -> Door {
        if alpn.starts_with(TABLE_ALPN.as_bytes()) {
            Door::Table
        } else {
            Door::Knock
        }
    }

    /// How long a connection at this door may take to finish its handshake
    /// and open its stream, and then to have joined (the host drops one
    /// that has not: bytes dribbled a few at a time hold no slot).
    pub fn wait(self) -> Duration {
        match self {
            Door::Knock => KNOCK_WAIT,
            Door::Table => TABLE_WAIT,
        }
    }

    fn slots(self) -> usize {
        match self {
            Door::Knock => KNOCK_SLOTS,
            Door::Table => TABLE_SLOTS,
        }
    }
}

/// How many connections are at each door, and whether one more may come.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Doors {
    handshakes: usize,
    knocks: usize,
    table: usize,
}

impl Doors {
    /// A connection's first packets arrived: whether to go on with its
    /// handshake (then [`Doors::door`] once its ALPN is known, or not).
    pub fn knocked(&mut self) -> bool {
        let room = self.handshakes < HANDSHAKES;
        if room {
            self.handshakes += 1;
        }
        room
    }

    /// The handshake of a connection [`Doors::knocked`] let on said its
    /// ALPN (none: it failed, or took longer than [`HANDSHAKE_WAIT`]): its
    /// door if there is room at it, and it holds a slot there until
    /// [`Doors::left`]; none, and it is turned away.
    pub fn door(&mut self, alpn: Option<&[u8]>) -> Option<Door> {
        self.handshakes = self.handshakes.saturating_sub(1);
        let door = Door::of(alpn?);
        let held = match door {
            Door::Knock => &mut self.knocks,
            Door::Table => &mut self.table,
        };
        if *held >= door.slots() {
            return None;
        }
        *held += 1;
        Some(door)
    }

    /// A connection at `door` ended (or never opened its stream).
    pub fn left(&mut self, door: Door) {
        let held = match door {
            Door::Knock => &mut self.knocks,
            Door::Table => &mut self.table,
        };
        *held = held.saturating_sub(1);
    }

    /// How many connections hold a slot at `door`.
    pub fn at(&self, door: Door) -> usize {
        match door {
            Door::Knock => self.knocks,
            Door::Table => self.table,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_door_is_derived_from_its_secret_and_says_nothing_of_it() {
        let secret = Secret::from_bytes([7; 16]);
        let door = alpn(&secret);
        assert_eq!(door, alpn(&Secret::from_bytes([7; 16])), "the same");
        assert_ne!(door, alpn(&Secret::from_bytes([8; 16])));
        assert_eq!(Door::of(&door), Door::Table);
        assert_eq!(Door::of(KNOCK_ALPN), Door::Knock);
        let text = String::from_utf8(door).unwrap();
        assert!(!text.contains(&secret.to_hex()), "{text}");
        assert!(text.len() <= 255, "an ALPN is 255 bytes at most");
        let old = Secret::from_bytes([1; 16]);
        assert_eq!(
            accepted(&secret, &[old]),
            vec![alpn(&secret), alpn(&old), KNOCK_ALPN.to_vec()]
        );
        assert_eq!(dialled(&secret), vec![alpn(&secret), KNOCK_ALPN.to_vec()]);
    }

    /// Knocks without the secret fill their own door and none of the
    /// table's: a phone with the secret still comes in.
    #[test]
    fn knocks_never_take_the_tables_slots() {
        let mut doors = Doors::default();
        let table = alpn(&Secret::from_bytes([7; 16]));
        let mut knocks = 0;
        for _ in 0..200 {
            if doors.knocked() && doors.door(Some(KNOCK_ALPN)).is_some() {
                knocks += 1;
            }
        }
        assert_eq!(knocks, KNOCK_SLOTS);
        assert_eq!(doors.at(Door::Knock), KNOCK_SLOTS);
        assert!(doors.knocked(), "the handshakes ended");
        assert_eq!(doors.door(Some(&table)), Some(Door::Table));
        for _ in 1..TABLE_SLOTS {
            assert!(doors.knocked());
            assert_eq!(doors.door(Some(&table)), Some(Door::Table));
        }
        assert!(doors.knocked());
        assert_eq!(doors.door(Some(&table)), None, "the table's door is full");
        doors.left(Door::Table);
        assert!(doors.knocked());
        assert_eq!(doors.door(Some(&table)), Some(Door::Table));
        doors.left(Door::Knock);
        assert!(doors.knocked());
        assert_eq!(doors.door(Some(KNOCK_ALPN)), Some(Door::Knock));
    }

    /// Handshakes that never say their ALPN are bounded apart, and each
    /// gives its place back when it fails.
    #[test]
    fn handshakes_are_bounded_and_a_failed_one_frees_its_place() {
        let mut doors = Doors::default();
        for _ in 0..HANDSHAKES {
            assert!(doors.knocked());
        }
        assert!(!doors.knocked());
        assert_eq!(doors.door(None), None, "failed");
        assert!(doors.knocked());
        assert!(KNOCK_WAIT < TABLE_WAIT && HANDSHAKE_WAIT <= KNOCK_WAIT);
    }
}
