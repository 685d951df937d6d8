//! What travels between the phones of a table: frames, messages, entries.
//!
//! A frame is a 4-byte big-endian length and that many bytes of JSON, at
//! most [`MAX_FRAME`]. Every message is one frame on the one bidirectional
//! stream a guest opens to the host (see `crate::link`).

use super::super::game::Actor;
use super::super::game_id::GameId;
use super::hex;
pub use super::mandate::{Mandate, Signature, Vote};
pub use super::sealed::{Commitment, Nonce};
use ::core::time::Duration;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The version of the messages below, said in every hello (2: `Ping`;
/// 3: `TableRefusal::DiceSwitch`; 4: `Step::Sealed`; 5: phones are their keys,
/// [`Lead`], `Probe`, `Moved`, `Roster`; 6: hidden choices committed and
/// revealed, `Step::Commit` and `Step::Reveal` for `Step::Sealed`; 7:
/// `Step::Void`, `TableRefusal::Shown`, several seats per phone in `Hello` and
/// `Claim`; 8: hand-overs signed, `Vote`, a [`Mandate`] in `Probe` and
/// `Hosting`; 9: once a choice of a round is shown, no `Step::Void` of
/// that round but `Step::StandIn`; `JoinRefusal::TableFull`; a phone sent
/// away, `JoinRefusal::SentAway` and `Rekey`; 10: a take-over keeps every
/// seat with its phone, the old host's too, and a host takes the reveal of
/// an earlier host's commitment from the phone that opens it: a host of 9
/// would leave a woken host's choice unshown; `SeatView::left`; 11:
/// withdrawals per phone and round bounded, `TableRefusal::Withdrawals`; votes
/// count from seated phones only, and a `Welcome` carries the host's
/// votes: a guest follows a lead that prevails over the one it knows;
/// 12: a phone with the secret dials the table's own ALPN, derived from
/// it, and knocks without it have a door of their own, see
/// [`super::door`]).
pub const PROTOCOL: u32 = 12;
/// The largest frame either side accepts, its length prefix excluded.
pub const MAX_FRAME: usize = 64 * 1024;
/// Each side of a joined connection that has sent nothing for this long
/// says `Ping` (see [`super::heartbeat`])…
pub const HEARTBEAT: Duration = Duration::from_secs(2);
/// …and a side that hears nothing for this long counts the other as gone:
/// the connection is dropped (a guest dials again, a host shows the seat's
/// phone as not connected). The transport's own keep-alives do not tell a
/// relayed connection whose far end vanished (a browser tab closed) in
/// time; the protocol's heartbeat does, on every transport.
pub const SILENCE: Duration = Duration::from_secs(8);

/// The table's secret: in the ticket (the QR code, the link), asked of every
/// phone that joins. Knowing the host's key alone lets a phone neither join
/// nor read anything.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Secret([u8; 16]);

impl Secret {
    /// A secret from 16 random bytes (the caller's randomness).
    pub const fn from_bytes(bytes: [u8; 16]) -> Secret {
        Secret(bytes)
    }

    pub const fn to_bytes(self) -> [u8; 16] {
        self.0
    }

    /// 32 lower-case hex digits.
    pub fn to_hex(self) -> String {
        hex::encode(&self.0)
    }

    pub fn from_hex(text: &str) -> Option<Secret> {
        hex::decode(text).map(Secret)
    }

    /// Equal, compared in a time that does not depend on where they differ.
    pub fn matches(&self, other: &Secret) -> bool {
        self.0
            .iter()
            .zip(other.0)
            .fold(0, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

impl fmt::Debug for Secret {
    /// Never printed: logs and panics do not give a table away.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

impl Serialize for Secret {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Secret {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Secret, D::Error> {
        let text = String::deserialize(deserializer)?;
        Secret::from_hex(&text).ok_or_else(|| serde::de::Error::custom("not a table secret"))
    }
}

/// A phone at the table: the public key of its endpoint, which the
/// transport authenticates on every connection. The phone keeps its key
/// with its copy of the game, so it holds its seat across reconnections,
/// and no other phone can speak in its name: a host refuses a hello whose
/// phone is not the connection's key.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PhoneId([u8; 32]);

impl PhoneId {
    pub const fn from_bytes(bytes: [u8; 32]) -> PhoneId {
        PhoneId(bytes)
    }

    pub const fn to_bytes(self) -> [u8; 32] {
        self.0
    }

    /// The phone numbered `n`: how copies saved before phones were their
    /// keys name their phones (and the tests theirs).
    pub const fn numbered(n: u64) -> PhoneId {
        let mut bytes = [0; 32];
        let n = n.to_be_bytes();
        let mut i = 0;
        while i < 8 {
            bytes[24 + i] = n[i];
            i += 1;
        }
        PhoneId(bytes)
    }

    /// 64 lower-case hex digits: the key a phone is dialled by.
    pub fn to_hex(self) -> String {
        hex::encode(&self.0)
    }

    pub fn from_hex(text: &str) -> Option<PhoneId> {
        hex::decode(text).map(PhoneId)
    }
}

impl fmt::Debug for PhoneId {
    /// Its first 8 hex digits, as keys are shortened in logs (a numbered
    /// phone: its number).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0[..24].iter().all(|b| *b == 0) {
            true => write!(
                f,
                "PhoneId(#{})",
                u64::from_be_bytes(self.0[24..].try_into().unwrap_or_default())
            ),
            false => write!(f, "PhoneId({})", &self.to_hex()[..8]),
        }
    }
}

impl Serialize for PhoneId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for PhoneId {
    /// Its key in hex, or a number: the random id of a copy saved before
    /// phones were their keys (read as [`PhoneId::numbered`]).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PhoneId, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Saved {
            Key(String),
            Numbered(u64),
        }
        match Saved::deserialize(deserializer)? {
            Saved::Key(text) => PhoneId::from_hex(&text)
                .ok_or_else(|| serde::de::Error::custom("not a phone's key")),
            Saved::Numbered(n) => Ok(PhoneId::numbered(n)),
        }
    }
}

/// Who hosts the table: the phone, and how many times the table changed
/// host before it (its term, as Raft's). Every hello and welcome says the
/// lead its phone knows; a host that learns of a lead that supersedes its
/// own steps down and joins it, so a table has one host whatever the
/// faults (a host phone whose screen locked while another took over, two
/// phones taking over at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lead {
    pub term: u32,
    pub host: PhoneId,
}

impl Lead {
    /// Whether this lead wins over `other`: a later term, or at the same
    /// term (two phones that took over at once) the lower key. Every phone
    /// judges it the same way.
    pub fn supersedes(&self, other: &Lead) -> bool {
        self.term > other.term || (self.term == other.term && self.host < other.host)
    }
}

/// A phone that has been at the table, and the relay it is reachable
/// through: the phones a guest looks for a new host among, and a host for
/// another host of the same table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub phone: PhoneId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relay: Option<String>,
}

impl Member {
    /// The relay `phone` is reachable through, as `roster` says.
    pub fn relay_of(roster: &[Member], phone: PhoneId) -> Option<String> {
        roster
            .iter()
            .find(|m| m.phone == phone)
            .and_then(|m| m.relay.clone())
    }
}

/// One step of the table's log: an action, an undo or redo decided by the
/// host, or a hidden choice committed and then revealed (see
/// [`super::sealed`]). Every copy applies the same steps in the same order
/// to its own session, so every copy holds the same game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step<A> {
    Act(A),
    Undo,
    Redo,
    /// A hidden choice of `player`, made and not shown: only the phone
    /// that made it holds its content until every player the game awaits
    /// has committed. It counts as a move (an undo takes it back).
    Commit {
        player: usize,
        commitment: Commitment,
    },
    /// The opening of a commitment standing, once every awaited player's
    /// stands: the choice, played where its commitment is in the log (the
    /// commitment it opens, found by hashing it). Not a move of its own.
    Reveal {
        nonce: Nonce,
        action: A,
    },
    /// A commitment standing that will never be revealed: the phone that
    /// made it lost its opening (it closed before saving it), or its seat
    /// was freed. It no longer counts: its player chooses afresh (a
    /// ruling). Proposed by the phone that made it, or by the host for a
    /// phone that holds no seat. Not a move of its own.
    Void {
        commitment: Commitment,
    },
    /// A commitment standing, unrevealed, that cannot be opened (its
    /// phone lost its opening, or its seat was freed) once another choice
    /// of its round is shown: no choice is made again then, and the coach's
    /// recommendation for that player's sheet, made from the round's start
    /// (it never sees the others' choices), is played in its place (a
    /// ruling, see [`super::stand_in`]). Proposed by the phone that made
    /// it, or by the host for a phone that holds no seat.
    StandIn {
        commitment: Commitment,
    },
}

/// The proposal an entry came from, so that a proposal sent twice (the
/// answer was lost with the connection) is applied once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Origin {
    pub phone: PhoneId,
    pub proposal: u64,
}

/// An entry of the table's log. Its sequence number is its place in the
/// log, from 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry<A> {
    pub step: Step<A>,
    /// The guest's proposal it answers; none for the host's own steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
}

/// How a game starts: what every copy replays its entries from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Start<S> {
    pub setup: S,
    pub coach_allowed: bool,
    /// Whose dice the table chose at setup (absent: the app's, as before
    /// the choice existed); the log's changes follow.
    #[serde(default)]
    pub dice: crate::core::game::WhoseDice,
}

/// What a phone's copy holds, said when it (re)joins: the game (its id,
/// the same on every phone), how many entries, and the chain digest of
/// those entries (see `Replica::chain`), which tells the host whether they
/// are a prefix of its own log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldCopy {
    pub game: GameId,
    pub seen: u64,
    pub chain: u32,
}

/// Who holds a player's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The phone holding it; none: the host plays it (a player without a
    /// phone, on the host's screen).
    pub phone: Option<PhoneId>,
    /// That phone is connected now (the host always is).
    pub connected: bool,
    /// That phone is the host's: its player is not offered to the other
    /// phones unless the host frees the seat (absent from hosts that did
    /// not say it).
    #[serde(default)]
    pub host: bool,
    /// That phone left the table on purpose (it said goodbye, or the host
    /// closed the table): shown as gone, not as a phone that may be back
    /// any moment. Its seat stays its own until the host frees it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub left: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A guest's first message on every connection, a reconnection's too.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    pub protocol: u32,
    pub secret: Secret,
    /// The phone's key: the connection's, or the host refuses it.
    pub phone: PhoneId,
    /// The players this phone plays (players may share a phone); none to
    /// watch.
    #[serde(default)]
    pub seats: Vec<usize>,
    pub held: Option<HeldCopy>,
    /// The host this phone knows (absent from phones before protocol 5,
    /// which are refused for their version).
    #[serde(default)]
    pub lead: Option<Lead>,
    /// The relay this phone is reachable through, should it host.
    #[serde(default)]
    pub relay: Option<String>,
}

/// A guest's message to the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToHost<A> {
    /// The first message of every connection, a reconnection's too.
    Hello(Hello),
    /// The first message of a host asking another phone whether it hosts
    /// the same table, and under which mandate (answered `Hosting`, then
    /// closed). A host probed by a mandate that prevails over its own (see
    /// [`super::mandate`]) steps down.
    Probe {
        protocol: u32,
        secret: Secret,
        mandate: Mandate,
    },
    /// This phone's signature of the lead of the welcome it just received:
    /// it joined that host (see [`super::mandate`]).
    Vote(Signature),
    /// A step for the log: an action of this phone's seat, or an undo or
    /// redo (any seat may ask). `id` counts this phone's proposals.
    Propose { id: u64, step: Step<A> },
    /// Entries from this sequence number on, after a gap.
    Resend { from: u64 },
    /// A joined phone plays these seats from now on (players may share a
    /// phone; none: it watches). The host answers with the seats: the
    /// claim was granted if they give this phone those seats (not if
    /// another phone, or the host, holds one of them).
    Claim { seats: Vec<usize> },
    /// The phone leaves (its seat stays its own until the host frees it).
    Bye,
    /// Still here (see [`HEARTBEAT`]).
    Ping,
}

/// The host's message to a guest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToGuest<S, A, E> {
    /// Joined. The guest keeps its first `from − 1` entries (all of them
    /// when they are a prefix of the host's log, else none) and receives
    /// the others next; its seat is the one `seats` gives its phone.
    Welcome {
        game: GameId,
        start: Start<S>,
        from: u64,
        /// The highest proposal number the host has seen from this phone.
        last_proposal: u64,
        seats: Vec<SeatView>,
        /// Who hosts, and since which hand-over.
        lead: Lead,
        /// The phones' votes for that lead (with it, the host's
        /// [`Mandate`]): the guest checks it before it follows or signs.
        #[serde(default)]
        votes: Vec<Vote>,
    },
    /// Not joined, and why; the host closes the connection after it.
    Refused(JoinRefusal),
    /// Entries `from`, `from + 1`, …
    Entries { from: u64, entries: Vec<Entry<A>> },
    /// The fate of proposal `id`: the sequence number of its entry, or why
    /// it was refused (nothing changed).
    Answer {
        id: u64,
        outcome: Result<u64, TableRefusal<E>>,
    },
    /// The seats changed (a phone joined, left, or the host freed a seat).
    Seats(Vec<SeatView>),
    /// The host is leaving the table.
    Closing,
    /// This phone no longer hosts the table: `Lead`'s host does (it
    /// superseded this one). The guest joins it there.
    Moved(Lead),
    /// The phones that have been at the table, where each is reachable:
    /// where to look for the host should it go silent.
    Roster(Vec<Member>),
    /// The answer to a `Probe`: this phone hosts the table under this
    /// mandate (or, having stepped down, the one it follows does).
    Hosting(Mandate),
    /// The table's new secret: the host sent a phone away, and the phones
    /// still at the table keep their way in (the one sent away needs a new
    /// invitation).
    Rekey(Secret),
    /// Still here (see [`HEARTBEAT`]).
    Ping,
}

/// Why a phone was not let in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JoinRefusal {
    /// The phones speak different versions of the protocol.
    Protocol { host: u32 },
    /// The link's secret is not this table's (an old or mistyped link).
    WrongSecret,
    /// The game has no such player.
    NoSuchSeat(usize),
    /// Another phone holds that seat.
    SeatTaken(usize),
    /// The hello named a phone that is not the connection's key: a phone
    /// cannot speak in another's name.
    NotThisPhone,
    /// The table has as many phones as it holds
    /// ([`ROSTER_MAX`](super::host::ROSTER_MAX)), and this is not one.
    TableFull,
    /// The host sent this phone away: it joins again only with a new
    /// invitation.
    SentAway,
}

/// Why a step was refused; a refused step changes nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TableRefusal<E> {
    /// The game's rules refuse it (the same refusal as on one phone).
    Rules(E),
    /// Typed dice while the dice of an undone roll wait to come back.
    AlreadyRolled,
    /// The app's dice while the table plays with its own (see
    /// [`crate::core::session::SessionRefusal::TableDice`]).
    TableDice,
    /// A change to the dice already played with, or once the game is over.
    SameDice,
    /// A phone with no seat watches.
    Watching,
    /// The move is another player's (`actor`), and this phone holds
    /// `seat`; or the host, for a seat another phone holds.
    NotYourSeat {
        seat: Option<usize>,
        actor: Actor,
    },
    NothingToUndo,
    NothingToRedo,
    /// An undo or redo of a move made on another phone: each phone takes
    /// back its own moves (the host also those of phones no longer seated).
    OthersMove,
    /// Not joined yet: there is no game to play on.
    NotJoined,
    /// Longer than a message may be (a word of thousands of letters).
    TooLarge,
    /// Too many steps already wait for the link to come back.
    TooManyWaiting,
    /// A switch of the table's dice from a phone that is neither the host
    /// nor the player to move's (see [`super::may_switch_dice`]).
    DiceSwitch,
    /// A proposal sent again whose answer the host no longer has (it
    /// reopened the table since, or the answer is long gone), numbered
    /// before a later one of the same phone: not applied to a game that
    /// may have changed since it was made.
    Stale,
    /// Every awaited player has committed their hidden choice: the table
    /// waits for the choices to be shown before anything else.
    Revealing,
    /// An undo of a hidden choice already shown to the table: it is final
    /// (a ruling), even when another player's choice was lost since; or a
    /// void of a choice once another of its round is shown (a ruling: no
    /// choice is withdrawn or changed then).
    Shown,
    /// A commitment or a reveal the table cannot take: a choice not
    /// awaited, or a reveal that does not open its commitment (only a
    /// modified phone sends one).
    BadSeal,
    /// This phone already withdrew its hidden choice
    /// [`WITHDRAWALS_MAX`](super::replica::WITHDRAWALS_MAX) times in this
    /// round: the choice it made stands.
    Withdrawals,
}

impl<E> TableRefusal<E> {
    /// The same refusal, the rules' own reason turned by `f` (into the
    /// registry's [`crate::core::games::AnyError`], say).
    pub fn map<F>(self, f: impl FnOnce(E) -> F) -> TableRefusal<F> {
        use TableRefusal as D;
        match self {
            D::Rules(e) => D::Rules(f(e)),
            D::AlreadyRolled => D::AlreadyRolled,
            D::TableDice => D::TableDice,
            D::SameDice => D::SameDice,
            D::Watching => D::Watching,
            D::NotYourSeat { seat, actor } => D::NotYourSeat { seat, actor },
            D::NothingToUndo => D::NothingToUndo,
            D::NothingToRedo => D::NothingToRedo,
            D::OthersMove => D::OthersMove,
            D::NotJoined => D::NotJoined,
            D::TooLarge => D::TooLarge,
            D::TooManyWaiting => D::TooManyWaiting,
            D::DiceSwitch => D::DiceSwitch,
            D::Stale => D::Stale,
            D::Revealing => D::Revealing,
            D::Shown => D::Shown,
            D::BadSeal => D::BadSeal,
            D::Withdrawals => D::Withdrawals,
        }
    }
}

/// Why bytes from a peer were not read; the connection is then closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameError {
    /// A frame announced longer than [`MAX_FRAME`].
    TooLarge(usize),
    /// A frame that is not a message of this protocol.
    Garbage,
}

impl std::fmt::Display for FrameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FrameError::TooLarge(n) => write!(f, "a frame of {n} bytes: at most {MAX_FRAME}"),
            FrameError::Garbage => write!(f, "a frame that is not a message of this protocol"),
        }
    }
}

impl std::error::Error for FrameError {}

/// One message as a frame, or `TooLarge` if it would not fit in one.
pub fn encode<T: Serialize>(message: &T) -> Result<Vec<u8>, FrameError> {
    let json = serde_json::to_vec(message).map_err(|_| FrameError::Garbage)?;
    if json.len() > MAX_FRAME {
        return Err(FrameError::TooLarge(json.len()));
    }
    let mut frame = Vec::with_capacity(4 + json.len());
    frame.extend_from_slice(&(json.len() as u32).to_be_bytes());
    frame.extend_from_slice(&json);
    Ok(frame)
}

/// The frames in a stream of bytes, however the bytes are cut.
#[derive(Clone, Debug, Default)]
pub struct Frames {
    buffer: Vec<u8>,
}

impl Frames {
    /// Adds bytes as they arrive.
    pub fn push(&mut self, bytes: &[u8]) {
        self.buffer.extend_from_slice(bytes);
    }

    /// The next whole message, if one has arrived. Once this fails, the
    /// stream is not to be read further.
    pub fn next_message<T: DeserializeOwned>(&mut self) -> Result<Option<T>, FrameError> {
        let Some(prefix) = self.buffer.first_chunk::<4>() else {
            return Ok(None);
        };
        let len = u32::from_be_bytes(*prefix) as usize;
        if len > MAX_FRAME {
            return Err(FrameError::TooLarge(len));
        }
        if self.buffer.len() < 4 + len {
            return Ok(None);
        }
        let message = serde_json::from_slice(&self.buffer[4..4 + len]);
        self.buffer.drain(..4 + len);
        message.map(Some).map_err(|_| FrameError::Garbage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_come_out_whole_however_the_bytes_are_cut() {
        let a = encode(&ToHost::<u8>::Resend { from: 3 }).unwrap();
        let b = encode(&ToHost::<u8>::Bye).unwrap();
        let bytes = [a, b].concat();
        for cut in 0..bytes.len() {
            let mut frames = Frames::default();
            frames.push(&bytes[..cut]);
            let mut got = Vec::new();
            while let Some(m) = frames.next_message::<ToHost<u8>>().unwrap() {
                got.push(m);
            }
            frames.push(&bytes[cut..]);
            while let Some(m) = frames.next_message::<ToHost<u8>>().unwrap() {
                got.push(m);
            }
            assert_eq!(got, vec![ToHost::Resend { from: 3 }, ToHost::Bye]);
        }
    }

    #[test]
    fn oversized_and_garbage_frames_are_errors() {
        let mut frames = Frames::default();
        frames.push(&(MAX_FRAME as u32 + 1).to_be_bytes());
        assert_eq!(
            frames.next_message::<ToHost<u8>>(),
            Err(FrameError::TooLarge(MAX_FRAME + 1))
        );
        let mut frames = Frames::default();
        frames.push(&[0, 0, 0, 3, b'{', b'x', b'}']);
        assert_eq!(
            frames.next_message::<ToHost<u8>>(),
            Err(FrameError::Garbage)
        );
        let big = "x".repeat(MAX_FRAME);
        assert!(matches!(encode(&big), Err(FrameError::TooLarge(_))));
    }

    #[test]
    fn a_phone_is_its_key_in_hex_and_old_numbered_ids_still_read() {
        let key = PhoneId::from_bytes([0xab; 32]);
        let json = serde_json::to_string(&key).unwrap();
        assert_eq!(json, format!("\"{}\"", "ab".repeat(32)));
        assert_eq!(serde_json::from_str::<PhoneId>(&json).unwrap(), key);
        assert_eq!(format!("{key:?}"), "PhoneId(abababab)");
        // A copy saved before phones were their keys names them by number.
        let old: PhoneId = serde_json::from_str("1234").unwrap();
        assert_eq!(old, PhoneId::numbered(1234));
        assert!(serde_json::from_str::<PhoneId>("\"abc\"").is_err());
        assert_eq!(format!("{old:?}"), "PhoneId(#1234)");
        assert_eq!(PhoneId::from_hex(&key.to_hex()), Some(key));
    }

    #[test]
    fn a_later_term_wins_and_at_the_same_term_the_lower_key() {
        let (a, b) = (PhoneId::numbered(1), PhoneId::numbered(2));
        let lead = |term, host| Lead { term, host };
        assert!(lead(1, b).supersedes(&lead(0, a)));
        assert!(!lead(0, a).supersedes(&lead(1, b)));
        assert!(lead(1, a).supersedes(&lead(1, b)));
        assert!(!lead(1, b).supersedes(&lead(1, a)));
        assert!(!lead(1, a).supersedes(&lead(1, a)));
    }

    #[test]
    fn a_secret_reads_back_and_never_prints() {
        let secret = Secret::from_bytes([7; 16]);
        assert_eq!(Secret::from_hex(&secret.to_hex()), Some(secret));
        assert_eq!(Secret::from_hex("07"), None);
        assert_eq!(Secret::from_hex(&"zz".repeat(16)), None);
        assert_eq!(format!("{secret:?}"), "Secret(…)");
        assert!(secret.matches(&Secret::from_bytes([7; 16])));
        assert!(!secret.matches(&Secret::from_bytes([6; 16])));
    }
}
