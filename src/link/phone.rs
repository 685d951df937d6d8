//! A phone at a table, host or guest, and its saved copy: what the app's
//! screens and the native peer (`genius-table`) share.
//!
//! A table game is saved in the app's own format with the table's mark
//! ([`TableMark`]): the ticket, this phone's role and [`LinkSave`], the
//! link's state with the endpoint's key. From it a phone opens again as it
//! was ([`Phone::resume`]: the same key, so a host keeps its ticket and its
//! guests find it again), or hosts its copy as the table's next host when
//! the host has left ([`Phone::take_over`]): one table, one host, as the
//! next host's key derives from the table's secret (see `super::guest`).

use super::{GuestLink, GuestLinkEvent, HostLink, LinkError, Options, TableGame};
use crate::core::link::guest::{Guest, SavedGuest};
use crate::core::link::host::{Host, HostEvent, SavedHost};
use crate::core::link::replica::Replica;
use crate::core::link::ticket::Ticket;
use crate::core::link::wire::{Denied, PhoneId, Step};
use crate::core::link::OpenFailure;
use crate::core::save::{SavedGame, TableMark, TableRole};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::UnboundedReceiver;

/// The link's state saved with the game (`TableMark::link`).
#[derive(Serialize, Deserialize)]
pub struct LinkSave {
    /// [`SavedHost`] or [`SavedGuest`], as the role says.
    pub state: serde_json::Value,
    /// The endpoint's key: the same identity after a restart.
    pub key: [u8; 32],
}

/// This phone at the table.
pub enum Phone<G: TableGame> {
    Host(HostLink<G>),
    Guest(GuestLink<G>),
}

/// What the link tells this phone.
pub enum PhoneEvents<G: TableGame> {
    Host(UnboundedReceiver<HostEvent>),
    Guest(UnboundedReceiver<GuestLinkEvent<G::Error>>),
}

/// Why a table game could not be opened on this phone.
#[derive(Debug)]
pub enum OpenError {
    /// The link itself: the relay's address, the ticket, the network, the
    /// relay's answer.
    Link(LinkError),
    /// The game or the link's saved state cannot be read: why.
    Damaged(String),
    /// A phone that never received the game cannot host it.
    NoCopy,
}

impl OpenError {
    /// What the player is told.
    pub fn failure(&self) -> OpenFailure {
        match self {
            OpenError::Link(LinkError::BadRelay(_)) => OpenFailure::BadRelay,
            OpenError::Link(LinkError::Ticket(_)) => OpenFailure::BadLink,
            OpenError::Link(LinkError::Bind(_)) => OpenFailure::Network,
            OpenError::Link(LinkError::Offline) => OpenFailure::RelayDown,
            OpenError::Damaged(_) => OpenFailure::DamagedCopy,
            OpenError::NoCopy => OpenFailure::NoCopy,
        }
    }
}

impl From<LinkError> for OpenError {
    fn from(e: LinkError) -> OpenError {
        OpenError::Link(e)
    }
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Link(e) => e.fmt(f),
            OpenError::Damaged(why) => write!(f, "the saved table game cannot be read: {why}"),
            OpenError::NoCopy => write!(f, "this phone has no copy of the game yet"),
        }
    }
}

impl std::error::Error for OpenError {}

/// A saved game or link state that cannot be read.
pub fn damaged(e: impl std::fmt::Debug) -> OpenError {
    OpenError::Damaged(format!("{e:?}"))
}

impl<G: TableGame> Phone<G> {
    /// Hosts `host`'s table; `handovers`: how many hosts it had before
    /// (0 for a new table).
    pub async fn host(
        host: Host<G>,
        options: &Options,
        handovers: u32,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let (link, events) = HostLink::open(host, options, handovers).await?;
        Ok((Phone::Host(link), PhoneEvents::Host(events)))
    }

    /// Joins `ticket`'s table as `guest`.
    pub async fn join(
        guest: Guest<G>,
        ticket: &Ticket,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let (link, events) = GuestLink::join(guest, ticket, options).await?;
        Ok((Phone::Guest(link), PhoneEvents::Guest(events)))
    }

    /// Opens a saved table game again as it was: the host hosts again with
    /// the same key (its ticket unchanged), a guest rejoins with its copy.
    pub async fn resume(
        mark: &TableMark,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let save: LinkSave = serde_json::from_value(mark.link.clone()).map_err(damaged)?;
        let options = Options {
            key: Some(save.key),
            ..options.clone()
        };
        match mark.role {
            TableRole::Host => {
                let saved: SavedHost<G> = serde_json::from_value(save.state).map_err(damaged)?;
                let replica = Replica::restore(saved.replica.clone()).map_err(damaged)?;
                let ticket = Ticket::parse(&mark.ticket).map_err(damaged)?;
                // Another phone took the table over while this one was
                // closed: this phone joins it, not a second table.
                let found = NextHost::find(&ticket, true, &options).await?;
                if let Some(hosted) = found.hosted {
                    let seat = saved.seats.iter().position(|p| *p == Some(saved.me));
                    let guest = Guest::new(saved.secret, saved.me, seat, Some(replica));
                    return Phone::join(guest, &hosted, &options).await;
                }
                Phone::host(Host::restore(saved, replica), &options, ticket.handovers).await
            }
            TableRole::Guest => {
                let ticket = Ticket::parse(&mark.ticket).map_err(damaged)?;
                Phone::join(saved_guest(save.state)?, &ticket, &options).await
            }
        }
    }

    /// The host has left: this phone's copy carries the game on as the
    /// table's next host (the same secret, the key the other phones dial
    /// after the host: they join it by themselves), this phone keeping its
    /// seat. If another phone took the table over first, this one joins
    /// it instead (then the result is a guest).
    pub async fn take_over(
        mark: &TableMark,
        new_phone: PhoneId,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let save: LinkSave = serde_json::from_value(mark.link.clone()).map_err(damaged)?;
        let ticket = Ticket::parse(&mark.ticket).map_err(damaged)?;
        let (replica, phone, seat) = match mark.role {
            TableRole::Guest => {
                let saved: SavedGuest<G> =
                    serde_json::from_value(save.state.clone()).map_err(damaged)?;
                let replica = saved.replica.ok_or(OpenError::NoCopy)?;
                (replica, saved.phone, saved.claim)
            }
            TableRole::Host => {
                let saved: SavedHost<G> =
                    serde_json::from_value(save.state.clone()).map_err(damaged)?;
                let seat = saved.seats.iter().position(|p| *p == Some(saved.me));
                (saved.replica, new_phone, seat)
            }
        };
        let replica = Replica::restore(replica).map_err(damaged)?;
        let options = Options {
            key: Some(save.key),
            ..options.clone()
        };
        let found = NextHost::find(&ticket, mark.role == TableRole::Host, &options).await?;
        if let Some(hosted) = found.hosted {
            let guest = match mark.role {
                TableRole::Guest => saved_guest(save.state)?,
                TableRole::Host => Guest::new(ticket.secret, phone, seat, Some(replica)),
            };
            return Phone::join(guest, &hosted, &options).await;
        }
        let options = Options {
            key: Some(found.key),
            ..options
        };
        let host = Host::new(replica, ticket.secret, phone, seat);
        Phone::host(host, &options, found.next.handovers).await
    }

    /// The ticket of the table's host now.
    pub fn ticket(&self) -> Ticket {
        match self {
            Phone::Host(link) => link.ticket().clone(),
            Phone::Guest(link) => link.ticket(),
        }
    }

    /// A step of this phone's players, through the host's order.
    pub fn act(&self, step: Step<G::Action>) -> Result<u64, Denied<G::Error>> {
        match self {
            Phone::Host(link) => link.act(step),
            Phone::Guest(link) => link.act(step),
        }
    }

    /// The seats this phone plays: a guest's own; the host's, and every
    /// seat no phone holds (played on the host's screen).
    /// Whether this phone may undo (or redo) the move `step` names: one
    /// made on this phone (the host: also one of a phone no longer seated).
    pub fn may(&self, step: &Step<G::Action>) -> bool {
        match self {
            Phone::Host(link) => link.with(|h| h.may(step)),
            Phone::Guest(link) => link.with(|g| g.may(step)),
        }
    }

    pub fn mine(&self) -> Vec<usize> {
        match self {
            Phone::Host(link) => link.with(|h| {
                let seats = h.seats();
                (0..seats.len())
                    .filter(|s| seats[*s].phone.is_none_or(|p| p == h.me()))
                    .collect()
            }),
            Phone::Guest(link) => link.with(|g| g.seat().into_iter().collect()),
        }
    }

    /// This phone's copy in the app's saved-game format, marked as a table
    /// game with the link's state; none before a guest's first welcome.
    pub fn saved_game(&self, now_ms: u64) -> Option<SavedGame> {
        let copy = |replica: &Replica<G>| {
            SavedGame::of_game(replica.game(), G::KIND, now_ms, replica.session())
        };
        let (game, role, state, key) = match self {
            Phone::Host(link) => {
                let (game, state) =
                    link.with(|h| (Some(copy(h.replica())), serde_json::to_value(h.saved())));
                (game, TableRole::Host, state, link.key())
            }
            Phone::Guest(link) => {
                let (game, state) =
                    link.with(|g| (g.replica().map(copy), serde_json::to_value(g.saved())));
                (game, TableRole::Guest, state, link.key())
            }
        };
        let mark = TableMark {
            ticket: self.ticket().to_string(),
            role,
            link: serde_json::to_value(LinkSave {
                state: state.ok()?,
                key,
            })
            .ok()?,
        };
        Some(game?.with_table(&mark))
    }

    /// Leaves the table: a host tells every guest, a guest says goodbye.
    pub async fn leave(self) {
        match self {
            Phone::Host(link) => link.close().await,
            Phone::Guest(link) => link.leave().await,
        }
    }
}

/// A guest as it was saved, with its copy of the game.
pub fn saved_guest<G: TableGame>(state: serde_json::Value) -> Result<Guest<G>, OpenError> {
    let saved: SavedGuest<G> = serde_json::from_value(state).map_err(damaged)?;
    let replica = match saved.replica.clone() {
        Some(r) => Some(Replica::restore(r).map_err(damaged)?),
        None => None,
    };
    Ok(Guest::restore(saved, replica))
}

/// How long a phone that would host a table listens for a phone that
/// hosts it already.
const PROBE: n0_future::time::Duration = n0_future::time::Duration::from_millis(2500);

/// Who hosts a table now, asked by a phone that would host it: the key of
/// its next host (derived from the table's secret), and the ticket of a
/// phone that answered, if one did.
struct NextHost {
    key: [u8; 32],
    next: Ticket,
    hosted: Option<Ticket>,
}

impl NextHost {
    /// Dials `ticket`'s host (unless `mine`: this phone was that host) and
    /// the table's next host, for [`PROBE`] at most.
    async fn find(ticket: &Ticket, mine: bool, options: &Options) -> Result<NextHost, OpenError> {
        let probe = super::bind(
            &Options {
                key: None,
                ..options.clone()
            },
            false,
        )
        .await?;
        let (key, id) = probe.successor(&ticket.secret.to_bytes(), ticket.handovers + 1);
        let next = ticket.next_host(id);
        let host = (!mine)
            .then(|| super::host_addr(&probe, ticket))
            .transpose()?;
        let next_addr = super::host_addr(&probe, &next)?;
        let opened = super::guest::dial(&probe, host.as_ref(), Some(&next_addr), PROBE).await;
        let hosted = opened.map(|((connection, _, _), moved)| {
            connection.close(b"only asking");
            if moved {
                next.clone()
            } else {
                ticket.clone()
            }
        });
        probe.close().await;
        Ok(NextHost { key, next, hosted })
    }
}
