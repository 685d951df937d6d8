//! The ticket: what a phone needs to join a table, as text for a QR code
//! or a link (`…/#join=<ticket>`: in the fragment, it never reaches a web
//! server's logs).
//!
//! `v=1&g=<game>&h=<host key>&s=<secret>[&r=<relay URL>][&a=<ip:port>,…]`:
//! - `g`: the game (`einstein`, `rtt`, … as in saved files), so that the
//!   joining phone opens the right screen before it hears from the host;
//! - `h`: the host phone's public key (64 hex digits), which is also the
//!   address the network layer dials;
//! - `s`: the table's secret (32 hex digits), asked by the host;
//! - `r`: the relay the host is reachable through, percent-encoded;
//! - `a`: the host's direct addresses, for phones on the same network;
//! - `n`: how many times the table changed host (absent: never): the term
//!   of the host the ticket names (see `wire::Lead`).
//!
//! Unknown fields are ignored, so a later version can add some.

use super::super::game::{GameKind, Rules};
use super::super::save::SavedGame;
use super::super::session::Session;
use super::wire::{Member, PhoneId, Secret};
use std::fmt;

/// What a phone needs to join a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    pub game: GameKind,
    /// The host's public key, 64 lower-case hex digits.
    pub host: String,
    pub secret: Secret,
    pub relay: Option<String>,
    pub addrs: Vec<String>,
    /// The lead's term: how many times the table changed host, this host
    /// being the `term`-th to take it over (0: the phone that started it).
    pub term: u32,
}

/// Why a text is not a ticket, for a message in the player's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TicketError {
    /// Not a table link at all (or cut short).
    NotATicket,
    /// Made by a newer version of the app.
    NewerVersion(u32),
    /// The host's key, the secret, the relay or an address is malformed
    /// (a link mistyped or cut).
    Damaged,
}

impl fmt::Display for TicketError {
    /// A plain description for logs; the UI words it through `i18n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TicketError::NotATicket => f.write_str("not a table link"),
            TicketError::NewerVersion(v) => write!(f, "a table link of a newer version ({v})"),
            TicketError::Damaged => f.write_str("a damaged table link"),
        }
    }
}

impl std::error::Error for TicketError {}

/// The version of the ticket's text written here.
const VERSION: u32 = 1;

impl Ticket {
    /// The game a ticket's text names, read alone (the app opened by a link
    /// shows that game's table screen at once; the ticket is read whole by
    /// the link, and refused there if damaged).
    pub fn game_of(text: &str) -> Result<GameKind, TicketError> {
        let name = text
            .trim()
            .split('&')
            .find_map(|field| field.strip_prefix("g="))
            .ok_or(TicketError::NotATicket)?;
        GameKind::from_name(name).ok_or(TicketError::Damaged)
    }

    pub fn parse(text: &str) -> Result<Ticket, TicketError> {
        let text = text.trim();
        let mut version = None;
        let (mut game, mut host, mut secret) = (None, None, None);
        let (mut relay, mut addrs, mut term) = (None, Vec::new(), 0);
        for field in text.split('&') {
            let (key, value) = field.split_once('=').ok_or(TicketError::NotATicket)?;
            match key {
                "v" => version = value.parse::<u32>().ok(),
                "g" => game = Some(GameKind::from_name(value).ok_or(TicketError::Damaged)?),
                "h" => host = Some(value),
                "s" => secret = Some(Secret::from_hex(value).ok_or(TicketError::Damaged)?),
                "r" => relay = Some(decode(value).ok_or(TicketError::Damaged)?),
                "n" => term = value.parse().map_err(|_| TicketError::Damaged)?,
                "a" => {
                    addrs = value
                        .split(',')
                        .filter(|a| !a.is_empty())
                        .map(|a| decode(a).ok_or(TicketError::Damaged))
                        .collect::<Result<_, _>>()?
                }
                _ => {}
            }
        }
        match version {
            None => return Err(TicketError::NotATicket),
            Some(v) if v > VERSION => return Err(TicketError::NewerVersion(v)),
            Some(_) => {}
        }
        let host = host.ok_or(TicketError::NotATicket)?;
        if host.len() != 64 || !host.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(TicketError::Damaged);
        }
        let relay_ok = relay.as_deref().is_none_or(is_relay_url);
        let addrs_ok = addrs.iter().all(|a| {
            a.rsplit_once(':')
                .is_some_and(|(_, port)| port.parse::<u16>().is_ok())
        });
        if !relay_ok || !addrs_ok {
            return Err(TicketError::Damaged);
        }
        Ok(Ticket {
            game: game.ok_or(TicketError::NotATicket)?,
            host: host.to_ascii_lowercase(),
            secret: secret.ok_or(TicketError::NotATicket)?,
            relay,
            addrs,
            term,
        })
    }

    /// The same table hosted by `host` under `term`, reachable through the
    /// relay `roster` names for it (or this ticket's); its direct addresses
    /// are this ticket's only if it is this ticket's host.
    pub fn hosted_by(&self, host: PhoneId, roster: &[Member], term: u32) -> Ticket {
        let same = host.to_hex() == self.host;
        Ticket {
            host: host.to_hex(),
            relay: Member::relay_of(roster, host).or(self.relay.clone()),
            addrs: if same { self.addrs.clone() } else { Vec::new() },
            term,
            ..self.clone()
        }
    }

    /// Whether both name the same table (whoever hosts it now).
    pub fn same_table(&self, other: &Ticket) -> bool {
        self.game == other.game && self.secret.matches(&other.secret)
    }

    /// Whether this phone may save its copy `copy` of this table's game
    /// over `stored`, what this device keeps under the game's id. The host
    /// picks a table game's id, so a modified one could pick the id of a
    /// game this phone keeps (alone, or from another table) to overwrite
    /// it, or end it for the records. A copy is written over nothing, over
    /// this table's own copy, or over a game it carries on whole (the same
    /// setup, its moves first: the game this phone began to host, or played
    /// at this table and left, kept alone): never over a game it would
    /// lose. A copy still catching up on that game waits.
    pub fn may_save_over<R: Rules>(
        &self,
        copy: &Session<R>,
        stored: Option<&SavedGame>,
    ) -> SaveOver {
        let Some(stored) = stored else {
            return SaveOver::Write;
        };
        let this_table = stored
            .table_mark()
            .and_then(|mark| Ticket::parse(&mark.ticket).ok())
            .is_some_and(|ticket| ticket.same_table(self));
        if this_table {
            return SaveOver::Write;
        }
        let game = (stored.game == self.game)
            .then(|| stored.session::<R>().ok())
            .flatten()
            .filter(|game| game.setup() == copy.setup());
        match game {
            Some(game) if copy.log().starts_with(game.log()) => SaveOver::Write,
            Some(game) if game.log().starts_with(copy.log()) => SaveOver::Wait,
            _ => SaveOver::Refuse,
        }
    }
}

/// Whether a table's copy may be saved over what the device keeps under
/// its id (see [`Ticket::may_save_over`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveOver {
    Write,
    /// Not yet: the copy catches up on the game kept (its moves first).
    Wait,
    /// Never: it would lose a game this phone keeps.
    Refuse,
}

impl fmt::Display for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "v={VERSION}&g={}&h={}&s={}",
            self.game.name(),
            self.host,
            self.secret.to_hex()
        )?;
        if let Some(relay) = &self.relay {
            write!(f, "&r={}", encode(relay))?;
        }
        if !self.addrs.is_empty() {
            let addrs: Vec<String> = self.addrs.iter().map(|a| encode(a)).collect();
            write!(f, "&a={}", addrs.join(","))?;
        }
        if self.term > 0 {
            write!(f, "&n={}", self.term)?;
        }
        Ok(())
    }
}

/// The longest relay address a phone takes (a ticket's, a settings', one a
/// phone of the table says it is reachable through): a relay's name is
/// short, and one of kilobytes would fill every roster sent.
pub const MAX_RELAY_URL: usize = 256;

/// Whether `text` is a relay's address: `http(s)://host[:port][/path]`,
/// the host a name, an IPv4 address or a bracketed IPv6 one, at most
/// [`MAX_RELAY_URL`] bytes. What a player types in the settings, what a
/// ticket names and what a phone of the table says are checked alike.
pub fn is_relay_url(text: &str) -> bool {
    if text.len() > MAX_RELAY_URL {
        return false;
    }
    let Some(rest) = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
    else {
        return false;
    };
    let authority = rest.split('/').next().unwrap_or_default();
    // "host", "host:port", "[v6]" or "[v6]:port".
    let (host, port) = match authority
        .strip_prefix('[')
        .and_then(|v6| v6.split_once(']'))
    {
        Some((v6, after)) => (
            v6,
            after
                .strip_prefix(':')
                .or(Some(after).filter(|a| !a.is_empty())),
        ),
        None => match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-._:".contains(c))
        && port.is_none_or(|p| p.parse::<u16>().is_ok())
        && !text.chars().any(char::is_whitespace)
}

/// Percent-encodes what would cut a field: `%`, `&`, `=`, `,`, `#`,
/// spaces and anything outside printable ASCII.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_graphic() && !b"%&=,#+".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket() -> Ticket {
        Ticket {
            game: GameKind::Einstein,
            host: "ab".repeat(32),
            secret: Secret::from_bytes([9; 16]),
            relay: Some("http://127.0.0.1:3340/".into()),
            addrs: vec!["192.168.1.20:41000".into(), "[fe80::1]:41000".into()],
            term: 0,
        }
    }

    #[test]
    fn a_ticket_reads_back() {
        let text = ticket().to_string();
        assert!(!text.contains('#') && !text.contains(' '), "{text}");
        assert_eq!(Ticket::parse(&text), Ok(ticket()));
        let bare = Ticket {
            relay: None,
            addrs: vec![],
            ..ticket()
        };
        assert_eq!(Ticket::parse(&bare.to_string()), Ok(bare));
        let next = Ticket {
            host: "ef".repeat(32),
            addrs: vec![],
            term: 2,
            ..ticket()
        };
        assert_eq!(next.term, 2);
        assert!(next.to_string().contains("&n=2"));
        assert_eq!(Ticket::parse(&next.to_string()), Ok(next.clone()));
        assert!(next.same_table(&ticket()));
        assert!(
            !ticket().to_string().contains("&n="),
            "a first host's link is as before"
        );
    }

    #[test]
    fn the_game_is_read_alone_even_from_a_damaged_ticket() {
        let text = ticket().to_string();
        assert_eq!(Ticket::game_of(&text), Ok(GameKind::Einstein));
        let cut = &text[..text.find("&s=").unwrap() + 10];
        assert_eq!(Ticket::game_of(cut), Ok(GameKind::Einstein));
        assert_eq!(Ticket::game_of("v=1&g=chess"), Err(TicketError::Damaged));
        assert_eq!(Ticket::game_of("hello"), Err(TicketError::NotATicket));
    }

    #[test]
    fn bad_tickets_say_why() {
        let text = ticket().to_string();
        assert_eq!(Ticket::parse("hello"), Err(TicketError::NotATicket));
        assert_eq!(Ticket::parse(""), Err(TicketError::NotATicket));
        assert_eq!(
            Ticket::parse(&text.replace("v=1", "v=2")),
            Err(TicketError::NewerVersion(2))
        );
        assert_eq!(
            Ticket::parse(&text[..text.find("&s=").unwrap() + 10]),
            Err(TicketError::Damaged)
        );
        assert_eq!(
            Ticket::parse(&text.replace("h=abab", "h=zzab")),
            Err(TicketError::Damaged)
        );
        assert_eq!(
            Ticket::parse(&text.replace("http", "ftp")),
            Err(TicketError::Damaged)
        );
        assert_eq!(
            Ticket::parse(&text.replace("g=einstein", "g=chess")),
            Err(TicketError::Damaged)
        );
        // A field this version does not know is skipped.
        assert_eq!(Ticket::parse(&format!("{text}&x=1")), Ok(ticket()));
    }

    /// A join link's relay is dialled before the player does anything: only
    /// a relay's address, of a sane length.
    #[test]
    fn a_links_relay_is_a_relays_address_of_a_sane_length() {
        let with_relay = |relay: &str| {
            Ticket::parse(
                &Ticket {
                    relay: Some(relay.into()),
                    ..ticket()
                }
                .to_string(),
            )
        };
        let long = |n: usize| format!("https://{}", "r".repeat(n - "https://".len()));
        for relay in [
            "https://relay.example:443/",
            "http://[::1]:3340",
            &long(256),
        ] {
            assert!(with_relay(relay).is_ok(), "{relay}");
        }
        for relay in [
            "javascript:alert(1)",
            "file:///etc/passwd",
            "data:text/html,x",
            "https://",
            &long(257),
            &long(64 * 1024),
        ] {
            assert_eq!(with_relay(relay), Err(TicketError::Damaged), "{relay}");
        }
        // Terms: the largest a ticket can say, and no larger.
        let text = ticket().to_string();
        let last = Ticket::parse(&format!("{text}&n=4294967295")).unwrap();
        assert_eq!(last.term, u32::MAX);
        assert_eq!(
            Ticket::parse(&format!("{text}&n=4294967296")),
            Err(TicketError::Damaged)
        );
    }
}
