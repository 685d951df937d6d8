//! A phone at a table, host or guest, and its saved copy: what the app's
//! screens and the native peer (`genius-table`) share.
//!
//! A table game is saved in the app's own format with the table's mark
//! ([`TableMark`]): the ticket, this phone's role and [`LinkSave`], the
//! link's state with the endpoint's key. From it a phone opens again as it
//! was ([`Phone::resume`]: the same key, so a host keeps its ticket and its
//! guests find it again), or hosts its copy, under its own key and the next
//! term, when the host has left ([`Phone::take_over`]). One table, one
//! host: the other phones look for it among the table's roster, and a host
//! that finds another whose lead supersedes its own steps down and joins it
//! ([`Phone::follow`]).

use super::{GuestLink, GuestLinkEvent, HostLink, LinkError, Options, TableGame};
use crate::core::link::guest::{Guest, SavedGuest};
use crate::core::link::handover::{rejoin_as_guest, take_over};
use crate::core::link::host::{Host, HostEvent, SavedHost};
use crate::core::link::replica::{Replica, ReplicaError};
use crate::core::link::ticket::{Ticket, TicketError};
use crate::core::link::wire::{Lead, Member, PhoneId, Secret, Step, TableRefusal};
use crate::core::link::OpenFailure;
use crate::core::link::{dial, door};
use crate::core::save::{GameId, SavedGame, TableMark, TableRole};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::UnboundedReceiver;

/// The link's state saved with the game (`TableMark::link`): read with the
/// state as a JSON value (its type is the role's), written with it typed.
#[derive(Serialize, Deserialize)]
pub struct LinkSave<S = serde_json::Value> {
    /// [`SavedHost`] or [`SavedGuest`], as the role says.
    pub state: S,
    /// The endpoint's key: the same identity after a restart.
    pub key: [u8; 32],
}

/// Reads the link's state from the saved game, where it is a JSON value,
/// through its text: with the decoder that reads the wire's frames
/// (`serde_json::from_slice`), so that the table's part of the web build
/// carries one decoding of each of the link's types, not a second one for
/// `Value`s (issue 51: Einstein's part 205.7 -> 188.6 KB gzipped).
fn read<T: DeserializeOwned>(value: &serde_json::Value) -> serde_json::Result<T> {
    serde_json::from_slice(&serde_json::to_vec(value)?)
}

/// The link's state as a JSON value for the saved game, written as the
/// wire's frames are (see [`read`]).
fn written<T: Serialize>(state: &T) -> serde_json::Result<serde_json::Value> {
    serde_json::from_slice(&serde_json::to_vec(state)?)
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
    /// The game or the link's saved state cannot be read: which part.
    Damaged(Unreadable),
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
            OpenError::Damaged(what) => write!(f, "the saved table game cannot be read: {what:?}"),
            OpenError::NoCopy => write!(f, "this phone has no copy of the game yet"),
        }
    }
}

impl std::error::Error for OpenError {}

/// What of a table game could not be read or started.
#[derive(Debug)]
pub enum Unreadable {
    /// The link's saved state (its JSON).
    LinkState(serde_json::Error),
    /// The saved ticket (or the link opened).
    Ticket(TicketError),
    /// A saved copy whose entries do not replay, from entry `seq` (none:
    /// its start).
    Copy { seq: Option<u64> },
    /// A game whose setup or moves the rules refuse.
    Game,
    /// A saved game with no table, or no game at all to open one for.
    NotATable,
    /// A step-down asked of a phone that does not host, or that has not
    /// stepped down.
    NotSteppedDown,
}

impl From<serde_json::Error> for OpenError {
    fn from(e: serde_json::Error) -> OpenError {
        OpenError::Damaged(Unreadable::LinkState(e))
    }
}

impl From<TicketError> for OpenError {
    fn from(e: TicketError) -> OpenError {
        OpenError::Damaged(Unreadable::Ticket(e))
    }
}

impl<E> From<ReplicaError<E>> for OpenError {
    fn from(e: ReplicaError<E>) -> OpenError {
        let seq = match e {
            ReplicaError::Setup(_) => None,
            ReplicaError::Entry { seq, .. } => Some(seq),
        };
        OpenError::Damaged(Unreadable::Copy { seq })
    }
}

impl<G: TableGame> Phone<G> {
    /// Opens a new table hosted on this phone, the one way the app and
    /// `genius-table` open one: `replica`, with `log` already played on it
    /// (a game carried to a table: its moves become the host's own, the
    /// table's first entries), under a secret from the OS's entropy, the
    /// host's phone holding `seat` (none: it watches).
    pub async fn open_table(
        replica: Replica<G>,
        log: &[G::Action],
        seat: Option<usize>,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let secret = Secret::from_bytes(super::entropy()?);
        let mut host = Host::new(replica, secret, new_phone()?, seat);
        for action in log {
            host.act(Step::Act(action.clone()), ::core::time::Duration::ZERO)
                .map_err(|_| OpenError::Damaged(Unreadable::Game))?;
        }
        Phone::host(host, options).await
    }

    /// Joins `ticket`'s table as a phone new to it, claiming `seat` (none:
    /// its player picks at the table).
    pub async fn join_table(
        ticket: &Ticket,
        seat: Option<usize>,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let guest = Guest::new(ticket.secret, new_phone()?, seat, None);
        Phone::join(guest, ticket, options).await
    }

    /// Hosts `host`'s table (its term is the ticket's hand-overs).
    pub async fn host(
        host: Host<G>,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let (link, events) = HostLink::open(host, options).await?;
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
    /// A host that another phone took over from while this one was closed
    /// hosts at once and finds it by probing: it then steps down and joins
    /// it ([`HostEvent::SteppedDown`], then [`Phone::follow`]).
    pub async fn resume(
        mark: &TableMark,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let save: LinkSave = read(&mark.link)?;
        let options = Options {
            key: Some(save.key),
            ..options.clone()
        };
        match mark.role {
            TableRole::Host => {
                let saved: SavedHost<G> = read(&save.state)?;
                let replica = Replica::restore(saved.replica.clone())?;
                Phone::host(Host::restore(saved, replica), &options).await
            }
            TableRole::Guest => {
                let ticket = Ticket::parse(&mark.ticket)?;
                Phone::join(saved_guest(save.state)?, &ticket, &options).await
            }
        }
    }

    /// The host has left: this phone's copy carries the game on, hosted
    /// under this phone's own key at the next term, this phone keeping its
    /// seat. The other phones find it among the table's roster; if another
    /// phone took the table over too, the one whose lead supersedes the
    /// other's stays host and the other joins it. A phone that finds the
    /// table hosted already (by its host, back, or by another phone) joins
    /// it instead: the result is then a guest.
    pub async fn take_over(
        mark: &TableMark,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let save: LinkSave = read(&mark.link)?;
        let ticket = Ticket::parse(&mark.ticket)?;
        let options = Options {
            key: Some(save.key),
            ..options.clone()
        };
        let host = match mark.role {
            TableRole::Guest => {
                let saved: SavedGuest<G> = read(&save.state)?;
                let followed = saved
                    .lead
                    .map(|l| l.host)
                    .or(PhoneId::from_hex(&ticket.host));
                if let Some(hosted) =
                    find_host(&ticket, followed, &saved.roster, saved.phone, &options).await?
                {
                    return Phone::join(saved_guest(save.state)?, &hosted, &options).await;
                }
                take_over(&saved_guest::<G>(save.state)?, ticket.term).ok_or(OpenError::NoCopy)?
            }
            TableRole::Host => {
                let saved: SavedHost<G> = read(&save.state)?;
                let replica = Replica::restore(saved.replica.clone())?;
                let term = saved.term;
                Host::restore(saved, replica).with_term(term.saturating_add(1))
            }
        };
        Phone::host(host, &options).await
    }

    /// A host that stepped down joins `lead`'s host (where its roster says
    /// it is) with its copy, keeping its seat: what it held that the table
    /// does not is told to its player there (`GuestEvent::Dropped`).
    pub async fn follow(
        self,
        lead: Lead,
        options: &Options,
    ) -> Result<(Self, PhoneEvents<G>), OpenError> {
        let Phone::Host(link) = self else {
            return Err(OpenError::Damaged(Unreadable::NotSteppedDown));
        };
        let ticket = link.ticket();
        let (guest, ticket) = link.with(|h| {
            let ticket = ticket.hosted_by(lead.host, h.roster(), lead.term);
            (rejoin_as_guest(h), ticket)
        });
        let guest = guest.ok_or(OpenError::Damaged(Unreadable::NotSteppedDown))?;
        let options = Options {
            key: Some(link.key()),
            ..options.clone()
        };
        link.close().await;
        Phone::join(guest, &ticket, &options).await
    }

    /// The ticket of the table's host now.
    pub fn ticket(&self) -> Ticket {
        match self {
            Phone::Host(link) => link.ticket(),
            Phone::Guest(link) => link.ticket(),
        }
    }

    /// A step of this phone's players, through the host's order.
    pub fn act(&self, step: Step<G::Action>) -> Result<u64, TableRefusal<G::Error>> {
        match self {
            Phone::Host(link) => link.act(step),
            Phone::Guest(link) => link.act(step),
        }
    }

    /// Whether this phone may undo (or redo) the move `step` names: one
    /// made on this phone (the host: also one of a phone no longer seated).
    pub fn may_take_back(&self, step: &Step<G::Action>) -> bool {
        match self {
            Phone::Host(link) => link.with(|h| h.may_take_back(step)),
            Phone::Guest(link) => link.with(|g| g.may_take_back(step)),
        }
    }

    /// The seats this phone plays: a guest's own; the host's, and every
    /// seat no phone holds (played on the host's screen).
    pub fn my_seats(&self) -> Vec<usize> {
        match self {
            Phone::Host(link) => link.with(Host::seats_played),
            Phone::Guest(link) => link.with(Guest::seats_held),
        }
    }

    /// This phone's copy in the app's saved-game format, marked as a table
    /// game with the link's state; none before a guest's first welcome.
    pub fn saved_game(&self, now_ms: u64) -> Option<SavedGame> {
        let (role, link) = match self {
            Phone::Host(link) => (
                TableRole::Host,
                written(&LinkSave {
                    state: link.with(Host::saved),
                    key: link.key(),
                }),
            ),
            Phone::Guest(link) => (
                TableRole::Guest,
                written(&LinkSave {
                    state: link.with(Guest::saved),
                    key: link.key(),
                }),
            ),
        };
        let mark = TableMark {
            ticket: self.ticket().to_string(),
            role,
            link: link.ok()?,
        };
        Some(self.saved_alone(now_ms)?.with_table(&mark))
    }

    /// This phone's copy as a game of its own, without its table: what a
    /// phone that leaves keeps (Resume opens it on this phone alone).
    pub fn saved_alone(&self, now_ms: u64) -> Option<SavedGame> {
        let copy = |replica: &Replica<G>| {
            SavedGame::of_game(replica.game(), G::KIND, now_ms, replica.session())
        };
        match self {
            Phone::Host(link) => link.with(|h| Some(copy(h.replica()))),
            Phone::Guest(link) => link.with(|g| g.replica().map(copy)),
        }
    }

    /// The host starts the next game at its table, `id`: the same players
    /// and setup, every phone in its seat. False on a guest, or while the
    /// game is under way.
    pub fn next_game(&self, id: GameId) -> bool {
        let Phone::Host(link) = self else {
            return false;
        };
        let start = link.with(|h| h.replica().start().clone());
        Replica::new(id, start).is_ok_and(|next| link.next_game(next))
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
/// A phone before its endpoint opens (the link then names it by its
/// key), from the OS's entropy.
fn new_phone() -> Result<PhoneId, OpenError> {
    Ok(PhoneId::from_bytes(super::entropy()?))
}

pub fn saved_guest<G: TableGame>(state: serde_json::Value) -> Result<Guest<G>, OpenError> {
    let saved: SavedGuest<G> = read(&state)?;
    let replica = match saved.replica.clone() {
        Some(r) => Some(Replica::restore(r)?),
        None => None,
    };
    Ok(Guest::restore(saved, replica))
}

/// How long a phone about to take a table over looks for a phone that
/// hosts it already.
const FIND: n0_future::time::Duration = n0_future::time::Duration::from_millis(2500);

/// The ticket of a phone that hosts `ticket`'s table now, if one answers
/// within [`FIND`]: the host `followed`, or a phone of the roster that took
/// it over (only a host answers a dial).
async fn find_host(
    ticket: &Ticket,
    followed: Option<PhoneId>,
    roster: &[Member],
    me: PhoneId,
    options: &Options,
) -> Result<Option<Ticket>, OpenError> {
    let probe = super::bind(
        &Options {
            key: None,
            ..options.clone()
        },
        &[],
    )
    .await?;
    let phones = dial::order(followed, roster, me, false);
    let targets = super::guest::targets(&probe, ticket, phones, roster);
    let alpns = door::dialled(&ticket.secret);
    let found = super::guest::dial(&probe, targets, &alpns, FIND).await;
    let hosted = found.map(|((connection, _, _), target)| {
        connection.close(b"only looking");
        target.ticket
    });
    // Closed beside: the phone opens its own endpoint meanwhile.
    n0_future::task::spawn(async move { probe.close().await });
    Ok(hosted)
}
