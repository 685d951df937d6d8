//! The table link behind the screens: hosts or joins a table through
//! [`crate::link`], carries the screens' commands to it, and writes back
//! what it hears (the game, the seats, the link's state), saving this
//! phone's copy with the link's state after a change, at the pace
//! `core::link::save_pace` sets.
//!
//! On the web this is a part of the build of its own (`#[component(lazy)]`),
//! fetched when a table opens: the app starts without iroh.

use super::table::{
    use_table, LinkStatus, TableCommand, TableHandle, TableInfo, TableRequest, TableScreen,
    TableState,
};
use super::{
    use_nav, use_play, use_prefs, use_saves, Active, GameScreen, Nav, Play, Prefs, Saves, Screen,
};
use crate::core::games::AnyError;
use crate::core::link::guest::{Guest, GuestEvent, SeatChoice};
use crate::core::link::host::{Host, HostEvent};
use crate::core::link::line::{Dial, LinkLine};
use crate::core::link::replica::{play, Replica};
use crate::core::link::save_pace::SavePace;
use crate::core::link::ticket::{SaveOver, Ticket};
use crate::core::link::wire::SeatView;
use crate::core::link::wire::{PhoneId, Start, Step, TableRefusal};
use crate::core::link::{maker_seat, OpenFailure};
use crate::core::save::{GameId, SavedGame, TableRole};
use crate::core::told::{NotPlayed, TableNotice, Telling, Told};
use crate::link::{
    GuestLinkEvent, OpenError, Options, Phone, PhoneEvents, Relay, TableGame, Unreadable,
};
use crate::{platform, records, saves};
use dioxus::prelude::*;
use n0_future::time::Instant;
use n0_future::StreamExt;
use std::time::Duration;

/// Runs the table `request` asks for while it is mounted, a table of the
/// game `G` (see `ui::app::Root`), and draws the table screen when it is on
/// screen. On the web each game's link is a part of the build of its own
/// (`game_pages!` in `ui::app`): a phone joining an Einstein table fetches the
/// link carrying Einstein, not the six games'.
pub fn table_link<G: GameScreen>(request: TableRequest) -> Element {
    drive::<G>(request);
    let (table, lang) = (use_table(), use_prefs().lang());
    match *use_nav().screen.read() {
        Screen::Table(shown) if shown == G::KIND => {
            // Worded here, where the game's refusals are known.
            let told = (table.of(G::KIND).and_then(|info| info.told))
                .map(|told| lang.told(&told, |e| G::any_refusal(lang, e)));
            rsx! { TableScreen { game: G::KIND, told } }
        }
        _ => rsx! {},
    }
}

/// What the link reads and writes of the app's state.
#[derive(Clone, Copy)]
struct AppState {
    /// The relay set.
    prefs: Prefs,
    /// A guest's copy of the table, rejoined with.
    saves: Saves,
    /// A guest back in its seat goes to the game.
    nav: Nav,
    /// The game at the table.
    play: Play,
    /// What the table screens show, and the commands they send.
    table: TableHandle,
}

fn drive<G: GameScreen + TableGame>(request: TableRequest) {
    let app = AppState {
        prefs: use_prefs(),
        saves: use_saves(),
        nav: use_nav(),
        play: use_play(),
        table: use_table(),
    };
    let commands = use_coroutine(move |mut commands: UnboundedReceiver<TableCommand>| {
        let request = request.clone();
        async move {
            match open::<G>(app, &request).await {
                Ok((phone, events)) => {
                    // One table, one host: another phone took it over first.
                    let taking_over = matches!(request, TableRequest::TakeOver { .. });
                    let joined_instead = taking_over && matches!(phone, Phone::Guest(_));
                    // Or this one hosts it: what it dropped is told.
                    let dropped = match &phone {
                        Phone::Host(link) if taking_over => link.with(Host::dropped),
                        _ => 0,
                    };
                    let notice = if joined_instead {
                        vec![TableNotice::AlreadyHosted]
                    } else if dropped > 0 {
                        vec![TableNotice::Dropped { moves: dropped }]
                    } else {
                        Vec::new()
                    };
                    run(app, phone, events, commands, notice).await
                }
                Err(why) => {
                    let bad_link = matches!(&request, TableRequest::Join(text) if Ticket::parse(text).is_err())
                        || why.failure() == OpenFailure::BadLink;
                    failed::<G>(
                        app.table,
                        if bad_link {
                            OpenFailure::BadLink
                        } else {
                            why.failure()
                        },
                    );
                    // The screen says why until the player leaves.
                    while let Some(command) = commands.next().await {
                        if matches!(command, TableCommand::Leave) {
                            break;
                        }
                    }
                    closed::<G>(app.table, &app.play);
                }
            }
        }
    });
    use_hook(move || {
        let mut table = app.table;
        table.commands.set(Some(commands));
    });
}

/// What woke the link's loop.
enum LinkInput<G: TableGame> {
    Command(TableCommand),
    Host(HostEvent),
    Guest(GuestLinkEvent<G::Error>),
    /// Time to save what changed.
    Save,
    /// The link's line changes by itself (see `LinkLine::poll_timeout`).
    Tick,
    Closed,
}

/// What a wake changed, beyond the table's line and seats (always
/// refreshed): the game (entries arrived), and what this phone saves (its
/// copy, its seat, its moves waiting for the host).
#[derive(Default)]
struct Changed {
    game: bool,
    saved: bool,
}

fn options(prefs: Prefs) -> Options {
    let relay = match prefs.settings.peek().relay.clone() {
        Some(url) => Relay::Own(url),
        None => Relay::Public,
    };
    Options {
        relay,
        // A browser reaches other phones through the relay only.
        relay_only: cfg!(target_arch = "wasm32"),
        key: None,
    }
}

/// Starts the link the request asks for.
async fn open<G: GameScreen + TableGame>(
    app: AppState,
    request: &TableRequest,
) -> Result<(Phone<G>, PhoneEvents<G>), OpenError> {
    let mark = |id: &GameId| {
        saves::game_as_stored(id)
            .and_then(|s| s.table_mark())
            .ok_or(OpenError::Damaged(Unreadable::NotATable))
    };
    match request {
        TableRequest::Host(_) => {
            // The game being played, from now on on several phones: its
            // start and its moves are the table's first entries.
            let (id, session) = G::active(&app.play)
                .peek()
                .as_ref()
                .map(|a| (a.id.clone(), a.session.clone()))
                .ok_or(OpenError::Damaged(Unreadable::NotATable))?;
            let start = Start {
                setup: session.setup().clone(),
                coach_allowed: session.coach().allowed,
                dice: session.record().dice,
            };
            let replica =
                Replica::new(id, start).map_err(|_| OpenError::Damaged(Unreadable::Game))?;
            // The host's phone holds the first player's seat, as the
            // native peer does: not offered to the others unless the host
            // leaves it to another phone or keeps another (the table
            // screen shows it and offers both).
            Phone::open_table(replica, session.log(), Some(0), &options(app.prefs)).await
        }
        TableRequest::Join(text) => {
            let ticket = Ticket::parse(text)?;
            // This phone's copy of that table, if it has one (a reload, a
            // link opened again): rejoined with it, as the same phone.
            let kept = app
                .saves
                .saved
                .peek()
                .iter()
                .filter_map(|s| s.table_mark())
                .find(|m| {
                    m.role == TableRole::Guest
                        && Ticket::parse(&m.ticket).is_ok_and(|t| t.same_table(&ticket))
                });
            match kept {
                Some(mark) => Phone::resume(&mark, &options(app.prefs)).await,
                None => Phone::join_table(&ticket, None, &options(app.prefs)).await,
            }
        }
        TableRequest::Resume { id, .. } => Phone::resume(&mark(id)?, &options(app.prefs)).await,
        TableRequest::TakeOver { id, .. } => {
            Phone::take_over(&mark(id)?, &options(app.prefs)).await
        }
    }
}

/// The link could not start: the table screen says why.
fn failed<G: GameScreen>(table: TableHandle, why: OpenFailure) {
    let mut info = table.info;
    info.set(Some(TableState::Failed { kind: G::KIND, why }));
}

async fn run<G: GameScreen + TableGame>(
    app: AppState,
    mut phone: Phone<G>,
    mut events: PhoneEvents<G>,
    mut commands: UnboundedReceiver<TableCommand>,
    notice: Vec<TableNotice>,
) {
    // How the link stands (`core::link::line` decides it).
    let mut line = match &phone {
        Phone::Host(_) => LinkLine::hosting(),
        Phone::Guest(_) => LinkLine::guest(),
    };
    // What this phone is told, and for how long (`core::told::Telling`).
    let mut telling = Telling::new(
        notice,
        taken_back_by_another(&phone),
        stood_in_by_coach(&phone),
    );
    show_game(&app.play, &phone);
    show_table(
        app.table,
        &app.play,
        &phone,
        line.status(),
        &told::<G>(&telling),
    );
    save(&app.play, &phone);
    back_to_the_game(app.nav, &phone);
    // A change to save waits for the screen to show it (and for the events
    // that come with it: an entry, its answer, the seats), then is saved
    // once, at most every few hundred milliseconds but for this phone's
    // own moves (see `SavePace`).
    let mut pace = SavePace::default();
    let opened = Instant::now();
    loop {
        let due = pace.poll_timeout();
        let save_soon = async {
            match due {
                Some(due) => n0_future::time::sleep(due.saturating_sub(opened.elapsed())).await,
                None => std::future::pending().await,
            }
        };
        // The line counts the seconds between the link's own events (one
        // per dial), so that the offer to host here comes on time.
        let line_due = line.poll_timeout();
        let tick = async {
            match line_due {
                Some(due) => n0_future::time::sleep(due.saturating_sub(opened.elapsed())).await,
                None => std::future::pending().await,
            }
        };
        let wake: LinkInput<G> = match &mut events {
            PhoneEvents::Host(events) => tokio::select! {
                c = commands.next() => c.map_or(LinkInput::Closed, LinkInput::Command),
                e = events.recv() => e.map_or(LinkInput::Closed, LinkInput::Host),
                _ = save_soon => LinkInput::Save,
            },
            PhoneEvents::Guest(events) => tokio::select! {
                c = commands.next() => c.map_or(LinkInput::Closed, LinkInput::Command),
                e = events.recv() => e.map_or(LinkInput::Closed, LinkInput::Guest),
                _ = save_soon => LinkInput::Save,
                _ = tick => LinkInput::Tick,
            },
        };
        if let LinkInput::Save = wake {
            if pace.handle_timeout(opened.elapsed()) {
                save(&app.play, &phone);
            }
            continue;
        }
        // This phone's own move (or seats, or next game): saved soon.
        let own = matches!(wake, LinkInput::Command(_));
        let changed = match wake {
            LinkInput::Closed | LinkInput::Command(TableCommand::Leave) => break,
            LinkInput::Save => Changed::default(),
            LinkInput::Tick => {
                line.handle_timeout(opened.elapsed());
                Changed::default()
            }
            LinkInput::Command(command) => {
                // Told until this phone's player plays, or its phone
                // picks its seats again.
                if matches!(
                    command,
                    TableCommand::Act(_)
                        | TableCommand::Undo
                        | TableCommand::Redo
                        | TableCommand::Claim(_)
                ) {
                    telling.played();
                }
                command_changed(&phone, command, &mut telling)
            }
            // Another phone hosts this table under a later lead (it took
            // the table over while this one was locked, or at the same
            // moment): this phone joins it with its copy, in its seat.
            LinkInput::Host(HostEvent::SteppedDown { lead }) => {
                // Where the table went, named by the players of that phone.
                let there = match &phone {
                    Phone::Host(link) => link.with(|h| {
                        let players = h.replica().session().state().players();
                        (h.seats_of(lead.host).into_iter())
                            .filter_map(|s| players.get(s).map(|p| p.name.clone()))
                            .collect::<Vec<String>>()
                    }),
                    Phone::Guest(_) => Vec::new(),
                };
                // What waited to be saved is, before the phone moves on.
                if pace.flush() {
                    save(&app.play, &phone);
                }
                match phone.follow(lead, &options(app.prefs)).await {
                    Ok((guest, guest_events)) => {
                        phone = guest;
                        events = guest_events;
                        line = LinkLine::guest();
                        telling.moved(TableNotice::SteppedDown { host: there });
                        Changed {
                            game: true,
                            saved: true,
                        }
                    }
                    Err(_) => {
                        failed::<G>(app.table, OpenFailure::Network);
                        return;
                    }
                }
            }
            LinkInput::Guest(GuestLinkEvent::Table(GuestEvent::Dropped { moves })) => {
                telling.tell(TableNotice::Dropped { moves });
                Changed {
                    game: true,
                    saved: true,
                }
            }
            LinkInput::Guest(GuestLinkEvent::Table(GuestEvent::ChoiceLost { player })) => {
                if let Some(name) = player_name(&phone, player) {
                    telling.tell(TableNotice::ChoiceLost { name });
                }
                Changed {
                    game: true,
                    saved: true,
                }
            }
            LinkInput::Guest(GuestLinkEvent::Table(GuestEvent::SeatsLost { seats })) => {
                let names: Vec<String> = seats
                    .iter()
                    .filter_map(|s| player_name(&phone, *s))
                    .collect();
                if !names.is_empty() {
                    telling.tell(TableNotice::SeatsLost { names });
                }
                Changed {
                    game: false,
                    saved: true,
                }
            }
            // Nothing dropped untold: a message too long for a frame.
            LinkInput::Host(HostEvent::Unsent(_)) => {
                telling.tell(TableNotice::Unsent);
                Changed::default()
            }
            LinkInput::Host(event) => Changed {
                game: matches!(event, HostEvent::Applied { .. }),
                // Who holds which seat is saved with the host's copy.
                saved: matches!(event, HostEvent::Applied { .. } | HostEvent::Seated { .. })
                    || matches!(event, HostEvent::Joined { .. } | HostEvent::SentAway { .. }),
            },
            LinkInput::Guest(GuestLinkEvent::Table(GuestEvent::Denied { why, .. })) => {
                telling.refused(Some(match why {
                    TableRefusal::Rules(_) => played_first(&phone).unwrap_or(NotPlayed::Table(why)),
                    _ => NotPlayed::Table(why),
                }));
                Changed {
                    game: false,
                    saved: true,
                }
            }
            LinkInput::Guest(event) => guest_changed(event, &mut line, opened.elapsed()),
        };
        if let Phone::Guest(link) = &phone {
            let (state, waiting) = link.with(|g| (g.state().clone(), g.pending().count() > 0));
            line.settled(&state, waiting);
        }
        if changed.game {
            // A refusal is told until the game moves on: the next move is
            // then this phone's to make again, or another's.
            telling.game_moved(taken_back_by_another(&phone), stood_in_by_coach(&phone));
            show_game(&app.play, &phone);
        }
        // After the game: who may undo and redo here is written with the
        // table, on the game just shown.
        show_table(
            app.table,
            &app.play,
            &phone,
            line.status(),
            &told::<G>(&telling),
        );
        match (changed.saved, own) {
            (true, true) => pace.moved(opened.elapsed()),
            (true, false) => pace.changed(opened.elapsed()),
            (false, _) => {}
        }
    }
    // Leaving: the copy stays, playable on this phone alone, and saved so:
    // Resume then opens it here, not at the table it left. A copy this
    // phone may not write alone keeps what waited to be saved.
    if ours(&phone) {
        save_game::<G>(&app.play, phone.saved_alone(platform::now_ms()));
    } else if pace.flush() {
        save(&app.play, &phone);
    }
    phone.leave().await;
    closed::<G>(app.table, &app.play);
}

/// This phone is no longer at the table: its game (if any) is its own.
fn closed<G: GameScreen>(mut table: TableHandle, play: &Play) {
    if let Some(active) = G::active(play).write().as_mut() {
        active.leave_table();
    }
    table.info.set(None);
    table.commands.set(None);
    table.request.set(None);
}

/// Carries a screen's command to the link.
fn command_changed<G: GameScreen + TableGame>(
    phone: &Phone<G>,
    command: TableCommand,
    telling: &mut Telling<G::Error>,
) -> Changed {
    let step = match command {
        // The link drives this one game: its screens send its actions.
        TableCommand::Act(action) => match G::from_any(action.into_any()) {
            Some(action) => Some(Step::Act(action)),
            None => {
                telling.refused(Some(NotPlayed::OtherGame));
                None
            }
        },
        TableCommand::Undo => Some(Step::Undo),
        TableCommand::Redo => Some(Step::Redo),
        TableCommand::Claim(seats) => {
            if let Phone::Guest(link) = phone {
                link.claim_seats(seats);
            }
            None
        }
        TableCommand::Free(seat) => {
            if let Phone::Host(link) = phone {
                link.free_seat(seat);
            }
            None
        }
        TableCommand::Take(seat) => {
            if let Phone::Host(link) = phone {
                link.take_seat(seat);
            }
            None
        }
        TableCommand::SendAway(away) => {
            if let Phone::Host(link) = phone {
                let names: Vec<String> = link.with(|h| {
                    let players = h.replica().session().state().players();
                    (h.seats_of(away).into_iter())
                        .filter_map(|s| players.get(s).map(|p| p.name.clone()))
                        .collect()
                });
                // The host machine sends away only a phone it knows, and
                // only while it hosts: a phone gone meanwhile (its row
                // leaves the list) or a host stepped down is told nothing
                // as if it were done.
                match link.send_away(away) {
                    Ok(true) => telling.tell(TableNotice::SentAway { names }),
                    Ok(false) => {}
                    Err(_) => telling.tell(TableNotice::NotSentAway),
                }
            }
            return Changed {
                game: false,
                saved: true,
            };
        }
        TableCommand::NextGame => {
            // Not a secret, but nothing here draws from the dice's stream.
            let random = platform::secret_bytes().map_or(0, u16::from_le_bytes);
            let started = phone.next_game(GameId::new(G::KIND, platform::now_ms(), random));
            return Changed {
                game: started,
                saved: started,
            };
        }
        TableCommand::Leave => None,
    };
    let Some(step) = step else {
        return Changed::default();
    };
    let refused = phone.act(step).err().map(NotPlayed::Table);
    let saved = refused.is_none();
    telling.refused(refused);
    // A guest's move waits for the host, and is saved with the copy until
    // answered; a host's own is an entry. Either is saved soon, with the
    // opening of a hidden choice.
    Changed { game: false, saved }
}

/// The first of what this phone is told about the table (a refusal, what
/// happened to its place, another phone's undo), its game's reason kept as
/// the registry's for the screens.
fn told<G: GameScreen>(telling: &Telling<G::Error>) -> Option<Told<AnyError>> {
    Some(match telling.told()? {
        Told::NotPlayed(why) => Told::NotPlayed(why.map(G::error_into_any)),
        Told::Table(notices) => Told::Table(notices),
    })
}

/// The table's last entry is another phone's undo: in words, whose, and
/// whether it took a roll back (its dice are gone from every screen).
fn taken_back_by_another<G: GameScreen + TableGame>(phone: &Phone<G>) -> Option<TableNotice> {
    let words = |replica: &Replica<G>, seats: &[SeatView], mine: Option<PhoneId>| {
        let last = replica.entries().last()?;
        if !matches!(last.step, Step::Undo) || last.origin.map(|o| o.phone) == mine {
            return None;
        }
        let session = replica.session();
        let roll = (session.record().redo.last()).is_some_and(|a| G::roll_values(a).is_some());
        let name = maker_seat(seats, last.origin.map(|o| o.phone))
            .and_then(|p| session.state().players().get(p))
            .map(|p| p.name.clone());
        Some(TableNotice::TakenBack { by: name, roll })
    };
    match phone {
        // The host's own entries have no origin.
        Phone::Host(link) => link.with(|h| words(h.replica(), &h.seats(), None)),
        Phone::Guest(link) => link.with(|g| words(g.replica()?, g.seats(), Some(g.phone()))),
    }
}

/// The coach's choice was played for players whose choice could not be
/// shown (`Step::StandIn`): in words, on every phone.
fn stood_in_by_coach<G: GameScreen + TableGame>(phone: &Phone<G>) -> Option<TableNotice> {
    let names = |replica: &Replica<G>| {
        let players = replica.session().state().players();
        let names: Vec<String> = (replica.stood_in().iter())
            .filter_map(|p| players.get(*p).map(|p| p.name.clone()))
            .collect();
        (!names.is_empty()).then_some(TableNotice::StoodIn { names })
    };
    match phone {
        Phone::Host(link) => link.with(|h| names(h.replica())),
        Phone::Guest(link) => link.with(|g| names(g.replica()?)),
    }
}

/// A move of this phone the game refused at the host, where this phone's
/// copy allowed it: another phone's move got there first. Whose, in words.
fn played_first<G: GameScreen + TableGame>(phone: &Phone<G>) -> Option<NotPlayed<G::Error>> {
    let Phone::Guest(link) = phone else {
        return None;
    };
    link.with(|g| {
        let seat = g.played_first()?;
        let players = g.replica()?.session().state().players();
        let name = seat.and_then(|p| players.get(p)).map(|p| p.name.clone());
        Some(NotPlayed::PlayedFirst { by: name })
    })
}

/// The name of `player` in a guest's copy.
fn player_name<G: GameScreen + TableGame>(phone: &Phone<G>, player: usize) -> Option<String> {
    let Phone::Guest(link) = phone else {
        return None;
    };
    link.with(|g| {
        let players = g.replica()?.session().state().players();
        players.get(player).map(|p| p.name.clone())
    })
}

/// What a guest's link said: the line to show, and what changed.
fn guest_changed<E>(event: GuestLinkEvent<E>, line: &mut LinkLine, now: Duration) -> Changed {
    if let GuestLinkEvent::Table(event) = &event {
        line.heard(event, now);
    }
    match event {
        GuestLinkEvent::Connecting => {
            line.dialling(Dial::Connecting);
            Changed::default()
        }
        GuestLinkEvent::Retry { after } => {
            line.dialling(Dial::Retry { after });
            Changed::default()
        }
        // The ticket to save is the next host's.
        GuestLinkEvent::Moved => Changed {
            game: false,
            saved: true,
        },
        GuestLinkEvent::Table(event) => match event {
            GuestEvent::Lost { .. } => Changed::default(),
            GuestEvent::Applied { .. } | GuestEvent::Joined { .. } => Changed {
                game: true,
                saved: true,
            },
            // The table's new secret goes in the saved ticket.
            GuestEvent::Accepted { .. }
            | GuestEvent::Denied { .. }
            | GuestEvent::Seats
            | GuestEvent::Rekeyed => Changed {
                game: false,
                saved: true,
            },
            GuestEvent::Refused(_)
            | GuestEvent::HostLeft
            | GuestEvent::Unanswered { .. }
            | GuestEvent::RevealAgain
            | GuestEvent::Moved(_) => Changed::default(),
            // Told by the loop, which words it.
            GuestEvent::Dropped { .. }
            | GuestEvent::ChoiceLost { .. }
            | GuestEvent::SeatsLost { .. } => Changed {
                game: true,
                saved: true,
            },
        },
    }
}

/// A guest phone opened again on its copy (a reload, the link or the
/// saved game opened again) with its seat chosen goes straight to the game,
/// not to the seat picker one tap away from it.
fn back_to_the_game<G: GameScreen + TableGame>(mut nav: Nav, phone: &Phone<G>) {
    let Phone::Guest(link) = phone else { return };
    let back =
        link.with(|g| g.replica().is_some() && matches!(g.seat_choice(), SeatChoice::Held(_)));
    if back && *nav.screen.peek() == Screen::Table(G::KIND) {
        nav.go(Screen::Game(G::KIND));
    }
}

/// Writes the table as it stands (the seats, the link's line, the moves
/// waiting) for the screens; a signal written only when it changed.
fn show_table<G: GameScreen + TableGame>(
    table: TableHandle,
    play: &Play,
    phone: &Phone<G>,
    status: &LinkStatus,
    told: &Option<Told<AnyError>>,
) {
    let info = TableState::Open(Box::new(TableInfo {
        kind: G::KIND,
        status: status.clone(),
        view: match phone {
            Phone::Host(link) => link.with(Host::view),
            Phone::Guest(link) => link.with(Guest::view),
        },
        join_url: platform::join_url(&phone.ticket().to_string()),
        told: told.clone(),
    }));
    if let TableState::Open(open) = &info {
        if open.view.game.is_some() {
            platform::at_table();
        }
    }
    let mut shown = table.info;
    if shown.peek().as_ref() != Some(&info) {
        shown.set(Some(info));
    }
    // Who may undo and redo here follows the seats as well as the log.
    let (undo_here, redo_here) = (
        phone.may_take_back(&Step::Undo),
        phone.may_take_back(&Step::Redo),
    );
    let mut active = G::active(play);
    let stale = active
        .peek()
        .as_ref()
        .and_then(|a| a.table())
        .is_some_and(|t| (t.undo, t.redo) != (undo_here, redo_here));
    if stale {
        if let Some(table) = active.write().as_mut().and_then(|a| a.table_mut()) {
            (table.undo, table.redo) = (undo_here, redo_here);
        }
    }
}

/// Brings the game on screen up to this phone's copy of the table's log:
/// the entries that arrived since, played one by one on the screen's
/// session; the whole copy only when the screen shows another game, or a
/// log this copy no longer holds (a guest's copy started again from the
/// host's).
fn show_game<G: GameScreen + TableGame>(in_play: &Play, phone: &Phone<G>) {
    let with_replica = |read: &mut dyn FnMut(&Replica<G>)| match phone {
        Phone::Host(link) => link.with(|h| read(h.replica())),
        Phone::Guest(link) => link.with(|g| {
            if let Some(replica) = g.replica() {
                read(replica)
            }
        }),
    };
    let mut active = G::active(in_play);
    let mut ended = None;
    with_replica(&mut |replica| {
        let head = replica.head();
        let mut write = active.write();
        let shown = write
            .as_mut()
            .filter(|a| a.id == *replica.game() && a.table().is_some());
        let was_over = shown.as_ref().is_some_and(|a| a.session.is_finished());
        let kept_up = shown.is_some_and(|game| {
            let Some((from, chain)) = game.table().and_then(|t| t.seen) else {
                return false;
            };
            // A round of hidden choices is replayed whole by the copy as
            // choices are shown (see `core::link::replica`).
            if from > head || replica.chain(from) != Some(chain) || replica.round_start().is_some()
            {
                return false;
            }
            let new = &replica.entries()[from as usize..];
            new.iter()
                .all(|entry| play(&mut game.session, &entry.step).is_ok())
        });
        if !kept_up {
            let session = replica.session().clone();
            *write = Some(Active::at_table(replica.game().clone(), session));
        }
        if let Some(game) = write.as_mut() {
            if let Some(table) = game.table_mut() {
                table.seen = replica.chain(head).map(|chain| (head, chain));
            }
            let outcome = game.session.state().outcome().filter(|_| !was_over);
            let consulted = game.session.coach().consulted;
            ended = outcome.map(|outcome| (game.id.clone(), outcome, consulted));
        }
    });
    if let Some((id, outcome, consulted)) = ended {
        if ours(phone) {
            records::game_ended(G::KIND, &id, &outcome, consulted);
        }
    }
}

thread_local! {
    /// The table game last found this phone's to write (see [`ours`]).
    static OURS: std::cell::RefCell<Option<GameId>> = const { std::cell::RefCell::new(None) };
}

/// Whether this phone may write its copy of the table's game (and its
/// record) under the id the host gave it: not over a game this device
/// keeps that the copy would lose (`Ticket::may_save_over`). Asked of the
/// store until the answer is yes, once per game.
fn may_save<G: TableGame>(phone: &Phone<G>) -> SaveOver {
    let ticket = phone.ticket();
    let check = |replica: &Replica<G>| {
        let id = replica.game();
        if OURS.with_borrow(|ours| ours.as_ref() == Some(id)) {
            return SaveOver::Write;
        }
        let stored = saves::game_as_stored(id);
        let answer = ticket.may_save_over(replica.session(), stored.as_ref());
        if answer == SaveOver::Write {
            OURS.set(Some(id.clone()));
        }
        answer
    };
    match phone {
        Phone::Host(link) => link.with(|h| check(h.replica())),
        Phone::Guest(link) => link.with(|g| g.replica().map_or(SaveOver::Write, check)),
    }
}

/// [`may_save`]: yes.
fn ours<G: TableGame>(phone: &Phone<G>) -> bool {
    may_save(phone) == SaveOver::Write
}

/// Saves this phone's copy with the link's state; one it may never write
/// (see [`may_save`]) is told as not saved, one catching up waits.
fn save<G: GameScreen + TableGame>(play: &Play, phone: &Phone<G>) {
    match may_save(phone) {
        SaveOver::Write => save_game::<G>(play, phone.saved_game(platform::now_ms())),
        SaveOver::Wait => {}
        SaveOver::Refuse => {
            if let Some(game) = G::active(play).write().as_mut() {
                game.save_failed = true;
            }
        }
    }
}

/// Saves `saved`, this phone's copy (if it has one); a failure is shown on
/// the game.
fn save_game<G: GameScreen>(play: &Play, saved: Option<SavedGame>) {
    if saved.is_some_and(|saved| saves::save_game(&saved).is_err()) {
        if let Some(game) = G::active(play).write().as_mut() {
            game.save_failed = true;
        }
    }
}
