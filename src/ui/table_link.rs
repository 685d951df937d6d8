//! The table link behind the screens: hosts or joins a table through
//! [`crate::link`], carries the screens' commands to it, and writes back
//! what it hears (the game, the seats, the link's state), saving this
//! phone's copy with the link's state after every change.
//!
//! On the web this is a part of the build of its own (`#[component(lazy)]`),
//! fetched when a table opens: the app starts without iroh.

use super::table::{LinkStatus, TableCommand, TableInfo, TableRequest};
use super::{use_ui, Active, GameScreen, Ui};
use crate::core::game::GameKind;
use crate::core::link::guest::{Guest, GuestEvent, SavedGuest};
use crate::core::link::host::{Host, HostEvent, SavedHost};
use crate::core::link::replica::Replica;
use crate::core::link::ticket::Ticket;
use crate::core::link::wire::{Denied, PhoneId, Secret, Start, Step};
use crate::core::save::{new_id, SavedGame, TableMark, TableRole};
use crate::core::{einstein::Einstein, genius::Genius, rtt::Rtt, sequence::Sequence};
use crate::core::{serieux::Serieux, words::Words};
use crate::link::{GuestLink, GuestLinkEvent, HostLink, Options, Relay, TableGame};
use crate::{platform, records, saves};
use dioxus::prelude::*;
use n0_future::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::UnboundedReceiver as Events;

/// The link's state saved with the game (`TableMark::link`).
#[derive(Serialize, Deserialize)]
struct LinkSave {
    state: serde_json::Value,
    /// The endpoint's key: the same identity (a host's ticket) after a
    /// restart.
    key: [u8; 32],
}

/// Runs the table `request` asks for while it is mounted (see `ui::Root`).
#[component(lazy)]
pub fn TableLink(request: TableRequest) -> Element {
    let kind = request_kind(&request);
    match kind {
        Some(GameKind::Serieux) => drive::<Serieux>(request),
        Some(GameKind::Genius) => drive::<Genius>(request),
        Some(GameKind::Einstein) => drive::<Einstein>(request),
        Some(GameKind::Sequence) => drive::<Sequence>(request),
        Some(GameKind::Rtt) => drive::<Rtt>(request),
        Some(GameKind::Words) => drive::<Words>(request),
        None => {}
    }
    rsx! {}
}

fn request_kind(request: &TableRequest) -> Option<GameKind> {
    match request {
        TableRequest::Host(kind) => Some(*kind),
        TableRequest::Join(ticket) => Ticket::parse(ticket).ok().map(|t| t.game),
        TableRequest::Resume(id) | TableRequest::TakeOver(id) => {
            saves::game(id).map(|saved| saved.game)
        }
    }
}

fn drive<G: GameScreen + TableGame>(request: TableRequest) {
    let ui = use_ui();
    let commands = use_coroutine(move |commands: UnboundedReceiver<TableCommand>| {
        let request = request.clone();
        async move {
            match open::<G>(ui, &request).await {
                Ok(phone) => run(ui, phone, commands).await,
                Err(why) => failed::<G>(ui, why),
            }
        }
    });
    use_hook(move || {
        let mut ui = ui;
        ui.table.commands.set(Some(commands));
    });
}

/// This phone at the table.
enum Phone<G: TableGame> {
    Host(HostLink<G>, Events<HostEvent>),
    Guest(GuestLink<G>, Events<GuestLinkEvent<G::Error>>),
}

/// What woke the link's loop.
enum Wake<G: TableGame> {
    Command(TableCommand),
    /// The host's state changed (a phone joined or left, an entry).
    Host,
    Guest(GuestLinkEvent<G::Error>),
    Closed,
}

fn options(ui: Ui, key: Option<[u8; 32]>) -> Options {
    let relay = match ui.settings.peek().relay.clone() {
        Some(url) => Relay::Own(url),
        None => Relay::Public,
    };
    Options {
        relay,
        // A browser reaches other phones through the relay only.
        relay_only: cfg!(target_arch = "wasm32"),
        key,
    }
}

fn random<const N: usize>() -> [u8; N] {
    std::array::from_fn(|_| platform::random_below(256) as u8)
}

/// Starts the link the request asks for.
async fn open<G: GameScreen + TableGame>(
    ui: Ui,
    request: &TableRequest,
) -> Result<Phone<G>, String> {
    let error = |e: &dyn std::fmt::Debug| format!("{e:?}");
    match request {
        TableRequest::Host(_) => {
            // The game being played, from now on on several phones: its
            // start and its moves are the table's first entries.
            let session = G::active(&ui)
                .peek()
                .as_ref()
                .map(|a| a.session.clone())
                .ok_or("no game")?;
            let id = G::active(&ui).peek().as_ref().map(|a| a.id.clone());
            let id = id.unwrap_or_else(|| {
                new_id(
                    G::KIND,
                    platform::now_ms(),
                    platform::random_below(65536) as u16,
                )
            });
            let start = Start {
                setup: session.setup().clone(),
                coach_allowed: session.coach().allowed,
            };
            let replica = Replica::new(id, start).map_err(|e| error(&e))?;
            let mut host = Host::new(
                replica,
                Secret::from_bytes(random()),
                PhoneId(u64::from_le_bytes(random())),
                None,
            );
            for action in session.log() {
                host.act(Step::Act(action.clone())).map_err(|e| error(&e))?;
            }
            let (link, events) = HostLink::open(host, &options(ui, None))
                .await
                .map_err(|e| e.to_string())?;
            Ok(Phone::Host(link, events))
        }
        TableRequest::Join(text) => {
            let ticket = Ticket::parse(text).map_err(|e| error(&e))?;
            // This phone's copy of that table, if it has one (a reload, a
            // link opened again): joined with it, as the same phone.
            let kept = ui
                .saved
                .peek()
                .iter()
                .filter_map(|s| s.table_mark())
                .find(|m| m.ticket == ticket.to_string() && m.role == TableRole::Guest);
            let (guest, key) =
                match kept.and_then(|m| serde_json::from_value::<LinkSave>(m.link).ok()) {
                    Some(save) => (restore_guest::<G>(save.state)?, Some(save.key)),
                    None => (
                        Guest::new(
                            ticket.secret,
                            PhoneId(u64::from_le_bytes(random())),
                            None,
                            None,
                        ),
                        None,
                    ),
                };
            let (link, events) = GuestLink::join(guest, &ticket, &options(ui, key))
                .await
                .map_err(|e| e.to_string())?;
            Ok(Phone::Guest(link, events))
        }
        TableRequest::Resume(id) | TableRequest::TakeOver(id) => {
            let saved = saves::game(id).ok_or("no saved game")?;
            let mark = saved.table_mark().ok_or("not a table game")?;
            let save: LinkSave = serde_json::from_value(mark.link).map_err(|e| error(&e))?;
            match (request, mark.role) {
                (TableRequest::Resume(_), TableRole::Host) => {
                    let saved: SavedHost<G> =
                        serde_json::from_value(save.state).map_err(|e| error(&e))?;
                    let replica = Replica::restore(saved.replica.clone()).map_err(|e| error(&e))?;
                    let (link, events) =
                        HostLink::open(Host::restore(saved, replica), &options(ui, Some(save.key)))
                            .await
                            .map_err(|e| e.to_string())?;
                    Ok(Phone::Host(link, events))
                }
                (TableRequest::Resume(_), TableRole::Guest) => {
                    let ticket = Ticket::parse(&mark.ticket).map_err(|e| error(&e))?;
                    let guest = restore_guest::<G>(save.state)?;
                    let (link, events) =
                        GuestLink::join(guest, &ticket, &options(ui, Some(save.key)))
                            .await
                            .map_err(|e| e.to_string())?;
                    Ok(Phone::Guest(link, events))
                }
                (_, role) => {
                    // The host left: this copy carries the game on, hosted
                    // here under a new link; the other phones join it.
                    let (replica, phone, seat) = match role {
                        TableRole::Guest => {
                            let saved: SavedGuest<G> =
                                serde_json::from_value(save.state).map_err(|e| error(&e))?;
                            let replica = saved.replica.ok_or("no copy of the game yet")?;
                            (replica, saved.phone, saved.claim)
                        }
                        TableRole::Host => {
                            let saved: SavedHost<G> =
                                serde_json::from_value(save.state).map_err(|e| error(&e))?;
                            let phone = PhoneId(u64::from_le_bytes(random()));
                            (saved.replica, phone, None)
                        }
                    };
                    let replica = Replica::restore(replica).map_err(|e| error(&e))?;
                    let host = Host::new(replica, Secret::from_bytes(random()), phone, seat);
                    let (link, events) = HostLink::open(host, &options(ui, None))
                        .await
                        .map_err(|e| e.to_string())?;
                    Ok(Phone::Host(link, events))
                }
            }
        }
    }
}

fn restore_guest<G: TableGame>(state: serde_json::Value) -> Result<Guest<G>, String> {
    let saved: SavedGuest<G> = serde_json::from_value(state).map_err(|e| format!("{e:?}"))?;
    let replica = match saved.replica.clone() {
        Some(r) => Some(Replica::restore(r).map_err(|e| format!("{e:?}"))?),
        None => None,
    };
    Ok(Guest::restore(saved, replica))
}

/// The link could not start: the table screen says why.
fn failed<G: GameScreen>(ui: Ui, why: String) {
    let mut info = ui.table.info;
    info.set(Some(TableInfo {
        kind: G::KIND,
        id: String::new(),
        role: TableRole::Guest,
        status: LinkStatus::Failed(why),
        seats: Vec::new(),
        me: PhoneId(0),
        mine: Vec::new(),
        join_url: String::new(),
        pending: 0,
        refused: None,
        claim_lost: false,
    }));
}

async fn run<G: GameScreen + TableGame>(
    ui: Ui,
    mut phone: Phone<G>,
    mut commands: UnboundedReceiver<TableCommand>,
) {
    let mut status = match &phone {
        Phone::Host(..) => LinkStatus::Hosting,
        Phone::Guest(..) => LinkStatus::Guest(crate::core::link::guest::LinkState::Offline),
    };
    let mut refused = None;
    let mut claimed = None;
    refresh(ui, &phone, &status, &refused, claimed);
    loop {
        let wake: Wake<G> = match &mut phone {
            Phone::Host(_, events) => tokio::select! {
                c = commands.next() => c.map_or(Wake::Closed, Wake::Command),
                e = events.recv() => e.map_or(Wake::Closed, |_: HostEvent| Wake::Host),
            },
            Phone::Guest(_, events) => tokio::select! {
                c = commands.next() => c.map_or(Wake::Closed, Wake::Command),
                e = events.recv() => e.map_or(Wake::Closed, Wake::Guest),
            },
        };
        let lang = ui.lang();
        let word = |why: &Denied<G::Error>| lang.denied(why, |e| G::refusal(lang, e));
        match wake {
            Wake::Closed | Wake::Command(TableCommand::Leave) => break,
            Wake::Command(command) => {
                let step = match command {
                    TableCommand::Act(json) => match serde_json::from_value(json) {
                        Ok(action) => Some(Step::Act(action)),
                        Err(_) => None,
                    },
                    TableCommand::Undo => Some(Step::Undo),
                    TableCommand::Redo => Some(Step::Redo),
                    TableCommand::Claim(seat) => {
                        if let Phone::Guest(link, _) = &phone {
                            claimed = seat;
                            link.claim(seat);
                        }
                        None
                    }
                    TableCommand::Free(seat) => {
                        if let Phone::Host(link, _) = &phone {
                            link.free_seat(seat);
                        }
                        None
                    }
                    TableCommand::Leave => None,
                };
                if let Some(step) = step {
                    let outcome = match &phone {
                        Phone::Host(link, _) => link.act(step).map(|_| ()),
                        Phone::Guest(link, _) => link.propose(step).map(|_| ()),
                    };
                    refused = outcome.err().map(|why| word(&why));
                }
            }
            Wake::Host => {}
            Wake::Guest(event) => match event {
                GuestLinkEvent::Connecting => {}
                GuestLinkEvent::Lost { retry } => {
                    status = LinkStatus::Lost {
                        retry_secs: retry.as_secs().max(1),
                    }
                }
                GuestLinkEvent::Table(GuestEvent::Denied { why, .. }) => refused = Some(word(&why)),
                GuestLinkEvent::Table(_) => {}
            },
        }
        if let Phone::Guest(link, _) = &phone {
            let state = link.with(|g| g.state().clone());
            if !matches!(status, LinkStatus::Lost { .. })
                || state != crate::core::link::guest::LinkState::Offline
            {
                status = LinkStatus::Guest(state);
            }
        }
        refresh(ui, &phone, &status, &refused, claimed);
    }
    // Leaving: the copy stays, playable on this phone alone.
    match phone {
        Phone::Host(link, _) => link.close().await,
        Phone::Guest(link, _) => link.leave().await,
    }
    let mut table = ui.table;
    if let Some(active) = G::active(&ui).write().as_mut() {
        active.on_table = false;
    }
    table.info.set(None);
    table.commands.set(None);
    table.request.set(None);
}

/// Writes what the link holds into the screens' state, and saves this
/// phone's copy with the link's state.
fn refresh<G: GameScreen + TableGame>(
    ui: Ui,
    phone: &Phone<G>,
    status: &LinkStatus,
    refused: &Option<String>,
    claimed: Option<usize>,
) {
    let (role, ticket, key) = match phone {
        Phone::Host(link, _) => (TableRole::Host, link.ticket().to_string(), link.key()),
        Phone::Guest(link, _) => (TableRole::Guest, link.ticket().to_string(), link.key()),
    };
    let (copy, seats, me, mine, pending, state) = match phone {
        Phone::Host(link, _) => link.with(|h| {
            let seats = h.seats();
            let mine: Vec<usize> = (0..seats.len())
                .filter(|s| seats[*s].phone.is_none_or(|p| p == h.me()))
                .collect();
            let copy = Some((
                h.replica().game().to_string(),
                h.replica().session().clone(),
            ));
            (
                copy,
                seats,
                h.me(),
                mine,
                0,
                serde_json::to_value(h.saved()),
            )
        }),
        Phone::Guest(link, _) => link.with(|g| {
            let copy = g
                .replica()
                .map(|r| (r.game().to_string(), r.session().clone()));
            let pending = g.pending().count();
            (
                copy,
                g.seats().to_vec(),
                g.phone(),
                g.seat().into_iter().collect::<Vec<usize>>(),
                pending,
                serde_json::to_value(g.saved()),
            )
        }),
    };
    let id = copy.as_ref().map(|(id, _)| id.clone()).unwrap_or_default();
    let claim_lost =
        role == TableRole::Guest && claimed.is_some() && !mine_contains(&mine, claimed);
    let mut info = ui.table.info;
    info.set(Some(TableInfo {
        kind: G::KIND,
        id: id.clone(),
        role,
        status: status.clone(),
        seats,
        me,
        mine,
        join_url: platform::join_url(&ticket),
        pending,
        refused: refused.clone(),
        claim_lost,
    }));
    let Some((id, session)) = copy else { return };
    let mut active = G::active(&ui);
    let was_over = active
        .peek()
        .as_ref()
        .filter(|a| a.id == id)
        .is_some_and(|a| a.session.is_finished());
    let changed = active
        .peek()
        .as_ref()
        .is_none_or(|a| a.id != id || a.session.log().len() != session.log().len() || !a.on_table);
    if changed {
        let mut game = Active::new(id.clone(), G::KIND, session.clone());
        game.on_table = true;
        active.set(Some(game));
    }
    if let Some(outcome) = session.state().outcome().filter(|_| !was_over && changed) {
        records::game_ended(G::KIND, &id, &outcome, session.coach().consulted);
    }
    let Ok(state) = state else { return };
    let mark = TableMark {
        ticket,
        role,
        link: serde_json::to_value(LinkSave { state, key }).unwrap_or_default(),
    };
    let saved = SavedGame::of_game(&id, G::KIND, platform::now_ms(), &session).with_table(&mark);
    if saves::save_game(&saved).is_err() {
        if let Some(game) = active.write().as_mut() {
            game.save_failed = true;
        }
    }
}

fn mine_contains(mine: &[usize], seat: Option<usize>) -> bool {
    seat.is_some_and(|s| mine.contains(&s))
}
