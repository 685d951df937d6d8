//! One game on several phones, as the screens see it: the table's state
//! (who holds which seat, how the link stands), the commands the screens
//! send to the link, and the table screen (the QR code and link to join,
//! the seats, the link's state).
//!
//! The link itself (iroh and its crypto) is not here: it runs in
//! [`super::table_link`], a part of the web build fetched only when a table
//! opens. The screens and the link talk through [`TableInfo`] (written by
//! the link) and [`TableCommand`] (sent to it), so the game screens carry
//! none of the link's code.

use super::{use_nav, use_play, use_prefs, use_saves, Nav, Play, Saves, Screen};
use crate::core::game::GameKind;
use crate::core::games::{AnyError, IntoAnyAction};
use crate::core::link::guest::{LinkState, SeatChoice};
use crate::core::link::ticket::{Ticket, TicketError};
use crate::core::link::view::TableView;
use crate::core::link::wire::PhoneId;
use crate::core::link::OpenFailure;
use crate::core::save::{GameId, TableRole};
use crate::core::told::Told;
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;

/// What the player asked of the link.
#[derive(Clone, Debug, PartialEq)]
pub enum TableRequest {
    /// Host the game of this kind being played, from now on on several
    /// phones.
    Host(GameKind),
    /// Join the table of this ticket (a link or QR code opened).
    Join(String),
    /// Open again the saved table game of this id (as host or guest).
    Resume { game: GameKind, id: GameId },
    /// The host left: host this phone's copy under a new link.
    TakeOver { game: GameKind, id: GameId },
}

impl TableRequest {
    /// The game of the table asked for: none for a link that names no game.
    pub fn game(&self) -> Option<GameKind> {
        match self {
            TableRequest::Join(ticket) => Ticket::game_of(ticket).ok(),
            TableRequest::Host(game)
            | TableRequest::Resume { game, .. }
            | TableRequest::TakeOver { game, .. } => Some(*game),
        }
    }

    /// Tells requests apart (a new request starts a new link).
    pub fn key(&self) -> String {
        match self {
            TableRequest::Host(kind) => format!("host-{}", kind.name()),
            TableRequest::Join(ticket) => format!("join-{ticket}"),
            TableRequest::Resume { id, .. } => format!("resume-{id}"),
            TableRequest::TakeOver { id, .. } => format!("takeover-{id}"),
        }
    }
}

/// What a screen sends to the link.
pub enum TableCommand {
    /// A move of this phone's player: the game's action, tagged with its
    /// game (the link drives one game, whose actions it takes back out;
    /// only the wire carries them as text).
    Act(Box<dyn IntoAnyAction>),
    Undo,
    Redo,
    /// This phone plays these seats (players may share a phone), or
    /// watches (none).
    Claim(Vec<usize>),
    /// The host frees a seat held by a phone (its own: offers it to the
    /// other phones).
    Free(usize),
    /// The host's phone holds a seat no phone holds (a player on it).
    Take(usize),
    /// The host sends a phone away from the table (confirmed first): its
    /// seats are freed, and the table's link changes for the others.
    SendAway(PhoneId),
    /// This phone leaves the table (its copy stays, playable alone).
    Leave,
    /// The host starts the next game at the table, once this one is over:
    /// the same players, every phone in its seat.
    NextGame,
}

/// How the link stands (`core::link::line`, where it is decided).
pub use crate::core::link::line::LinkStatus;

/// The table on this phone, written by the link.
#[derive(Clone, Debug, PartialEq)]
pub enum TableState {
    /// The link runs (whatever the state of the network).
    Open(Box<TableInfo>),
    /// The link could not start (no network, relay unreachable, a damaged
    /// invitation…): the table screen says why until the player leaves.
    Failed { kind: GameKind, why: OpenFailure },
}

impl TableState {
    pub fn kind(&self) -> GameKind {
        match self {
            TableState::Open(info) => info.kind,
            TableState::Failed { kind, .. } => *kind,
        }
    }
}

/// This phone's place at the table, written by the link: the table as
/// this phone's state machine sees it ([`TableView`]), with how the link
/// stands and what the table last told this phone.
#[derive(Clone, Debug, PartialEq)]
pub struct TableInfo {
    pub kind: GameKind,
    pub status: LinkStatus,
    pub view: TableView,
    /// The link that joins this table.
    pub join_url: String,
    /// What the table last told this phone: a move refused, what became
    /// of its place (worded when shown, by the game's screens).
    pub told: Option<Told<AnyError>>,
}

impl TableInfo {
    /// Whether the host is gone for this phone (see
    /// [`LinkStatus::host_unreachable`]).
    pub fn host_unreachable(&self) -> bool {
        self.status.host_unreachable()
    }

    /// Whether the link is up: hosting, or joined to the host.
    pub fn linked(&self) -> bool {
        self.status.linked()
    }

    /// The line telling how the link stands, and whether it is a problem
    /// (`players`: the game's players' names).
    pub fn status_line(&self, lang: Lang, players: &[String]) -> (String, bool) {
        let t = lang.table();
        // The host phone, named by its own players: not the seats no phone
        // holds, which it plays meanwhile (the seats say so), nor a player
        // whose phone has gone.
        let host: Vec<String> = (self.view.seats.iter().zip(players))
            .filter(|(seat, _)| seat.host)
            .map(|(_, name)| name.clone())
            .collect();
        match &self.status {
            LinkStatus::Hosting if self.view.looking => (t.looking.into(), false),
            LinkStatus::Hosting => match self.view.phones_joined {
                Some(0) | None => (t.hosting.into(), false),
                Some(n) => (lang.hosting_with(n), false),
            },
            LinkStatus::Guest(LinkState::Joined) => (lang.connected_to(&host), false),
            LinkStatus::Guest(LinkState::Offline | LinkState::Joining) => {
                (t.connecting.into(), false)
            }
            LinkStatus::Guest(LinkState::Refused(why)) => (lang.join_refusal(why), true),
            LinkStatus::Guest(LinkState::HostLeft) => (t.host_left.into(), true),
            LinkStatus::Guest(LinkState::Left) => (t.you_left.into(), false),
            LinkStatus::Unanswered => (t.unanswered.into(), true),
            LinkStatus::Lost { down_secs, .. } if self.host_unreachable() => {
                (lang.host_unreachable(*down_secs), true)
            }
            LinkStatus::Lost { retry_secs, .. } => (lang.link_lost(*retry_secs), true),
        }
    }
}

/// The game played on several phones, if any: the link's handle, with the
/// table, and where to send commands (none until the link's part has
/// loaded and started).
#[derive(Clone, Copy)]
pub struct TableHandle {
    pub info: Signal<Option<TableState>>,
    pub commands: Signal<Option<Coroutine<TableCommand>>>,
    pub request: Signal<Option<TableRequest>>,
    /// The app was opened by an invitation link that names no game: Home
    /// says so.
    pub bad_link: Signal<Option<TicketError>>,
}

pub fn use_table() -> TableHandle {
    use_context::<TableHandle>()
}

impl TableHandle {
    /// Opens `request` and shows the table screen.
    pub fn open(mut self, kind: GameKind, request: TableRequest, mut nav: Nav) {
        self.info.set(None);
        self.request.set(Some(request));
        nav.go(Screen::Table(kind));
    }

    pub fn send(&self, command: TableCommand) {
        if let Some(commands) = *self.commands.peek() {
            commands.send(command);
        }
    }

    /// The table of a game of `kind`, if that game is played on several
    /// phones.
    pub fn of(&self, kind: GameKind) -> Option<TableInfo> {
        match self.info.read().as_ref() {
            Some(TableState::Open(info)) if info.kind == kind => Some((**info).clone()),
            _ => None,
        }
    }

    /// Why the table of a game of `kind` could not open, if it could not.
    pub fn failure(&self, kind: GameKind) -> Option<OpenFailure> {
        match self.info.read().as_ref() {
            Some(TableState::Failed { kind: failed, why }) if *failed == kind => Some(*why),
            _ => None,
        }
    }

    /// The id of the game at the table, once this phone holds a copy.
    pub fn game_id(&self) -> Option<GameId> {
        match self.info.peek().as_ref() {
            Some(TableState::Open(info)) => info.view.game.clone(),
            _ => None,
        }
    }
}

/// The invitation the app was opened with, if any: the game's kind and
/// the request, or why the link names no game (it is then forgotten: a
/// reload does not read it again). Read when the app starts; from then on,
/// a link opened while it runs opens its table too (see
/// [`platform::listen_for_join_links`]).
pub fn join_from_address() -> Option<Result<(GameKind, TableRequest), TicketError>> {
    platform::listen_for_join_links();
    let text = platform::join_in_address()?;
    let read = Ticket::game_of(&text).map(|kind| (kind, TableRequest::Join(text)));
    if read.is_err() {
        platform::forget_join_in_address();
    }
    Some(read)
}

/// The table screen while the link's part of the build is not there yet
/// (or no table could be opened): one line. The screen itself is drawn by
/// the link's part ([`TableScreen`], from `ui::table_link`).
#[component]
pub fn TableFallback(game: GameKind) -> Element {
    let table = use_table();
    if table.info.read().as_ref().is_some_and(|t| t.kind() == game) {
        return rsx! {};
    }
    let lang = use_prefs().lang();
    let (line, testid) = if table.request.read().is_some() {
        (lang.table_starting(), "table-starting")
    } else {
        (lang.table_bad_link(), "link-status")
    };
    rsx! {
        p { class: "caption", role: "status", "data-testid": testid, "{line}" }
    }
}

/// The table screen: the QR code and link for the others (host), the
/// seats, the link's state; a guest picks its seat here. Drawn by the
/// link's part of the build, in the page's main area, when the screen is
/// this table's.
#[component]
pub fn TableScreen(
    game: GameKind,
    /// What the table last told this phone, worded by the game's link
    /// ([`TableInfo::told`]).
    told: Option<String>,
) -> Element {
    let (table, nav, play, leave) = (use_table(), use_nav(), use_play(), use_leave());
    let lang = use_prefs().lang();
    let t = lang.table();
    // Leaving was tapped: what the phone keeps, asked before it goes.
    let mut leaving = use_signal(|| false);
    let Some(info) = table.of(game) else {
        return match table.failure(game) {
            Some(why) => rsx! { FailedTable { game, why, lang } },
            None => rsx! {},
        };
    };
    let players = player_names(&play, game);
    let seated = players.len();
    let (line, problem) = info.status_line(lang, &players);
    let joined = info.linked();
    // One obvious next action: hosting here once the host has said it left;
    // while the link is only lost, going on with the game (moves wait).
    let host_gone = info.host_unreachable();
    // A phone that never joined holds no copy of the game.
    let has_copy = info.view.game.is_some();
    rsx! {
        div { class: "table-screen", "data-testid": "table-screen",
            p {
                class: if problem { "entry-error" } else { "notice" },
                role: if problem { "alert" } else { "status" },
                "data-testid": "link-status",
                "{line}"
            }
            // What happened to this phone's place (another phone hosts the
            // table, moves that did not reach it), or a move refused.
            if let Some(told) = told {
                p { class: "entry-error", role: "alert", "data-testid": "table-notice", "{told}" }
            }
            if info.view.role == TableRole::Host && joined {
                Invite { url: info.join_url.clone(), lang }
            }
            if info.view.role == TableRole::Guest && joined {
                SeatPicker { info: info.clone(), players: players.clone(), lang }
            }
            if !has_copy && matches!(info.status, LinkStatus::Guest(LinkState::HostLeft) | LinkStatus::Lost { .. }) {
                // Never joined: no copy to carry on or host.
                p { class: "entry-error", role: "alert", "data-testid": "never-reached", "{t.never_reached}" }
            }
            if has_copy && matches!(info.status, LinkStatus::Guest(LinkState::HostLeft) | LinkStatus::Lost { .. }) {
                button {
                    class: "action",
                    "data-testid": "carry-on",
                    onclick: move |_| leave.keeping(game),
                    "{t.carry_on}"
                }
                button {
                    class: if host_gone { "roll-main" } else { "action" },
                    "data-testid": "take-over",
                    // Shown with a copy only: the table's game has its id.
                    onclick: move |_| {
                        if let Some(id) = table.game_id() {
                            table.open(game, TableRequest::TakeOver { game, id }, nav);
                        }
                    },
                    "{t.host_here}"
                }
            }
            if !info.view.seats.is_empty() {
                Seats { info: info.clone(), players: players.clone(), lang }
            }
            if !info.view.phones.is_empty() {
                Phones { info: info.clone(), players, lang }
            }
            if play.playing(game).is_some() && info.view.chosen() {
                button { class: if host_gone { "action" } else { "roll-main" }, "data-testid": "to-game", onclick: nav.go_on_click(Screen::Game(game)), "{t.to_game}" }
            }
            if leaving() {
                LeaveAsked { game, players: seated, lang, on_stay: move |_| leaving.set(false) }
            } else {
                button {
                    class: "action",
                    "data-testid": "leave-table",
                    // A phone with no copy has nothing to keep: it goes.
                    onclick: move |_| if has_copy { leaving.set(true) } else { leave.keeping(game) },
                    "{t.leave}"
                }
            }
        }
    }
}

/// The table could not open: why, and the way out (this phone holds no
/// copy of the game from it).
#[component]
fn FailedTable(game: GameKind, why: OpenFailure, lang: Lang) -> Element {
    let leave = use_leave();
    rsx! {
        div { class: "table-screen", "data-testid": "table-screen",
            p { class: "entry-error", role: "alert", "data-testid": "link-status", "{lang.open_failure(why)}" }
            button { class: "action", "data-testid": "leave-table", onclick: move |_| leave.keeping(game), "{lang.table().leave}" }
        }
    }
}

/// Leaving, asked first: this phone keeps its copy of the game, to play
/// on alone for every player, listed with the games in progress; it may
/// delete it instead, or stay.
#[component]
fn LeaveAsked(
    game: GameKind,
    players: usize,
    lang: Lang,
    on_stay: EventHandler<MouseEvent>,
) -> Element {
    let leave = use_leave();
    let [keep, delete, stay] = lang.leaving_choices();
    rsx! {
        section { class: "info leave-asked", role: "alertdialog", "aria-labelledby": "leave-keeps", "data-testid": "leave-confirm",
            p { id: "leave-keeps", "{lang.leaving_keeps(players)}" }
            div { class: "actions",
                button { class: "action", "data-testid": "leave-keep", onclick: move |_| leave.keeping(game), "{keep}" }
                button { class: "action", "data-testid": "leave-delete", onclick: move |_| leave.deleting(game), "{delete}" }
            }
            button { class: "roll-main", "data-testid": "leave-stay", onclick: move |e| on_stay.call(e), "{stay}" }
        }
    }
}

/// What leaving the table changes: the link, the screen, this phone's
/// copy of the game (open, and saved).
#[derive(Clone, Copy)]
struct Leave {
    table: TableHandle,
    nav: Nav,
    play: Play,
    saves: Saves,
}

fn use_leave() -> Leave {
    Leave {
        table: use_table(),
        nav: use_nav(),
        play: use_play(),
        saves: use_saves(),
    }
}

impl Leave {
    /// Leaves the table: the link closes, the address no longer joins it,
    /// and the phone goes on with its copy of the game, alone, or home if
    /// it has none.
    fn keeping(mut self, game: GameKind) {
        self.table.send(TableCommand::Leave);
        platform::forget_join_in_address();
        self.nav.go(if self.play.playing(game).is_some() {
            Screen::Game(game)
        } else {
            Screen::Home
        });
    }

    /// Leaves the table and deletes this phone's copy of the game: home at
    /// once, the copy deleted once the link has closed (it saves the copy
    /// as it closes).
    fn deleting(self, game: GameKind) {
        let Leave {
            table,
            mut nav,
            play,
            mut saves,
        } = self;
        let id = table.game_id();
        table.send(TableCommand::Leave);
        platform::forget_join_in_address();
        nav.go(Screen::Home);
        let Some(id) = id else { return };
        saves.saved.write().retain(|g| g.id != id);
        dioxus::core::spawn_forever(async move {
            for _ in 0..100 {
                if table.request.peek().is_none() {
                    break;
                }
                platform::sleep_ms(30).await;
            }
            if crate::saves::forget(&id).is_ok() {
                saves.saved.write().retain(|g| g.id != id);
            }
            forget_open(&play, game, &id);
        });
    }
}

/// The game of `kind` open on this phone is no longer there if it is game
/// `id` (deleted).
fn forget_open(play: &Play, kind: GameKind, id: &GameId) {
    struct Forget<'a>(&'a Play, &'a GameId);
    impl super::WithScreen for Forget<'_> {
        type Output = ();
        fn run<G: super::GameScreen>(self) {
            let mut active = G::active(self.0);
            if active.peek().as_ref().is_some_and(|a| a.id == *self.1) {
                active.set(None);
            }
        }
    }
    super::with_screen(kind, Forget(play, id))
}

/// The QR code and the link, for the other phones.
#[component]
fn Invite(url: String, lang: Lang) -> Element {
    let t = lang.table();
    let svg = qr_svg(&url);
    let mut copied = use_signal(|| false);
    let share_url = url.clone();
    rsx! {
        section { class: "info invite",
            p { class: "caption", "{t.blurb}" }
            div {
                class: "qr",
                role: "img",
                "aria-label": t.qr_label,
                "data-testid": "join-qr",
                dangerous_inner_html: svg,
            }
            p { class: "join-link", "data-testid": "join-link", "{url}" }
            button {
                class: "action",
                "data-testid": "share-link",
                onclick: move |_| {
                    let shared = platform::share_link(&share_url, t.title);
                    copied.set(!shared);
                },
                "{t.share}"
            }
            if copied() {
                p { class: "caption", role: "status", "{t.copied}" }
            }
        }
    }
}

/// The QR code of `text` as SVG (black on white whatever the theme: a
/// camera reads it best so), sized by the stylesheet.
fn qr_svg(text: &str) -> String {
    use qrcode::render::svg;
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<svg::Color>()
            .quiet_zone(true)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .build(),
        Err(_) => String::new(),
    }
}

/// Who holds each seat. The host may free a seat held by a phone, offer
/// its own to the other phones, or keep one no phone holds on its phone.
#[component]
fn Seats(info: TableInfo, players: Vec<String>, lang: Lang) -> Element {
    let t = lang.table();
    let host = info.view.role == TableRole::Host;
    // A guest cut from the host cannot tell which phones are there.
    let linked = info.linked();
    // The seat the host freed, while its phone plays it (no phone took it).
    let freed = use_signal(|| None::<usize>);
    let freed_here = freed()
        .filter(|s| host && info.view.seats.get(*s).is_some_and(|s| s.phone.is_none()))
        .and_then(|s| players.get(s));
    rsx! {
        section { class: "info seats", "data-testid": "seats",
            h2 { class: "section-title", "{t.seats}" }
            if let Some(name) = freed_here {
                p { class: "notice", role: "status", "data-testid": "freed-seat", "{lang.freed_seat_here(name)}" }
            }
            ul { class: "seat-list",
                for (p, seat) in info.view.seats.iter().enumerate() {
                    li { key: "{p}", class: "seat", "data-testid": "seat-{p}",
                        span { class: "seat-name", "{players.get(p).cloned().unwrap_or_default()}" }
                        span { class: "caption",
                            " · "
                            {match seat.phone {
                                Some(phone) if phone == info.view.me => t.this_phone,
                                None if host => t.open_seat,
                                None => t.free_for_guest,
                                Some(_) if seat.left => t.left_table,
                                Some(_) if seat.host && !linked => t.host_unseen,
                                Some(_) if seat.host => t.on_host,
                                Some(_) if !linked => t.unseen,
                                Some(_) if seat.connected => t.connected,
                                Some(_) => t.away,
                            }}
                        }
                        if host {
                            SeatAction { seat: p, phone: seat.phone, me: info.view.me, freed, lang }
                        }
                    }
                }
            }
        }
    }
}

/// The host's list of the table's other phones, seated or watching, each
/// with *Send away*, confirmed first: it is freed of its seats and needs a
/// new invitation to come back.
#[component]
fn Phones(info: TableInfo, players: Vec<String>, lang: Lang) -> Element {
    let t = lang.table();
    let table = use_table();
    let mut asked = use_signal(|| None::<PhoneId>);
    let mut watching = 0;
    let named: Vec<(PhoneId, String, bool)> = (info.view.phones.iter())
        .map(|phone| {
            let names: Vec<String> = (phone.seats.iter())
                .filter_map(|s| players.get(*s).cloned())
                .collect();
            if names.is_empty() {
                watching += 1;
            }
            (
                phone.phone,
                lang.phone_of(&names, watching),
                phone.connected,
            )
        })
        .collect();
    rsx! {
        section { class: "info phones", "data-testid": "phones",
            h2 { class: "section-title", "{t.phones}" }
            ul { class: "seat-list",
                for (n, (phone, name, connected)) in named.into_iter().enumerate() {
                    li { key: "{n}", class: "seat", "data-testid": "phone-{n}",
                        span { class: "seat-name", "{name}" }
                        span { class: "caption", " · ", if connected { "{t.connected}" } else { "{t.away}" } }
                        if asked() == Some(phone) {
                            div { class: "send-away-asked", role: "alertdialog", "aria-labelledby": "send-away-q-{n}", "data-testid": "send-away-confirm",
                                p { id: "send-away-q-{n}", "{lang.send_away_asked(&name)}" }
                                div { class: "actions",
                                    button { class: "action confirm", "data-testid": "send-away-yes",
                                        onclick: move |_| {
                                            asked.set(None);
                                            table.send(TableCommand::SendAway(phone));
                                        },
                                        "{t.send_away}"
                                    }
                                    button { class: "action", "data-testid": "send-away-no", onclick: move |_| asked.set(None), "{t.keep_phone}" }
                                }
                            }
                        } else {
                            button { class: "action", "data-testid": "send-away-{n}", onclick: move |_| asked.set(Some(phone)), "{t.send_away}" }
                        }
                    }
                }
            }
        }
    }
}

/// The host's button beside a seat: free it (a phone's), offer it (its
/// own), or keep it here (no phone's).
#[component]
fn SeatAction(
    seat: usize,
    phone: Option<PhoneId>,
    me: PhoneId,
    /// Set to the seat of another phone freed here (its player is then
    /// played on this phone).
    freed: Signal<Option<usize>>,
    lang: Lang,
) -> Element {
    let t = lang.table();
    let table = use_table();
    let (testid, label) = match phone {
        Some(p) if p == me => ("offer-seat", t.offer_seat),
        Some(_) => ("free-seat", t.free_seat),
        None => ("take-seat", t.take_seat),
    };
    let take = phone.is_none();
    let others = phone.is_some_and(|p| p != me);
    let mut freed = freed;
    rsx! {
        button {
            class: "chip",
            "data-testid": "{testid}-{seat}",
            onclick: move |_| {
                if others {
                    freed.set(Some(seat));
                }
                table.send(if take { TableCommand::Take(seat) } else { TableCommand::Free(seat) })
            },
            "{label}"
        }
    }
}

/// A guest's choice: which player this phone is, or watch. Nothing is
/// chosen for it: until it picks, it cannot go on to the game. Only the
/// seats no phone holds are offered (never the host's).
#[component]
fn SeatPicker(info: TableInfo, players: Vec<String>, lang: Lang) -> Element {
    let t = lang.table();
    let table = use_table();
    // Players may share a phone: a seat tapped is played here too, one
    // tapped again no longer is.
    let (held, asked) = match &info.view.choice {
        SeatChoice::Held(seats) => (Some(seats.clone()), None),
        SeatChoice::Asked(seats) => (None, Some(seats.clone())),
        SeatChoice::Unchosen => (None, None),
    };
    let holds = |p: usize| held.as_ref().is_some_and(|h| h.contains(&p));
    let asks = |p: usize| asked.as_ref().is_some_and(|a| a.contains(&p));
    let mine = held.clone().or(asked.clone()).unwrap_or_default();
    let toggled = move |p: usize| {
        let mut seats: Vec<usize> = mine.iter().copied().filter(|s| *s != p).collect();
        if !mine.contains(&p) {
            seats.push(p);
        }
        seats
    };
    let watching = info.view.choice.watching();
    let asking_to_watch = asked.as_ref().is_some_and(|a| a.is_empty());
    let offered: Vec<usize> = (0..info.view.seats.len())
        .filter(|p| {
            info.view.seats[*p]
                .phone
                .is_none_or(|ph| ph == info.view.me)
        })
        .collect();
    rsx! {
        section { class: "info seat-picker", "data-testid": "seat-picker",
            h2 { class: "section-title", "{t.pick_seat}" }
            div { class: "chips",
                for p in offered.iter().copied() {
                    button {
                        key: "{p}",
                        class: if holds(p) { "chip chip-on" } else { "chip" },
                        "aria-pressed": if holds(p) { "true" } else { "false" },
                        "aria-busy": if asks(p) { "true" } else { "false" },
                        "data-testid": "claim-{p}",
                        onclick: { let toggled = toggled.clone(); move |_| table.send(TableCommand::Claim(toggled(p))) },
                        "{players.get(p).cloned().unwrap_or_default()}"
                        if asks(p) { " …" }
                    }
                }
            }
            if offered.is_empty() {
                p { class: "caption", "{t.no_free_seat}" }
            }
            button {
                class: if watching { "chip chip-on" } else { "chip" },
                "aria-pressed": if watching { "true" } else { "false" },
                "aria-busy": if asking_to_watch { "true" } else { "false" },
                "data-testid": "claim-watch",
                onclick: move |_| table.send(TableCommand::Claim(Vec::new())),
                "{t.watch}"
            }
            ClaimLine { choice: info.view.choice.clone(), refused: info.view.claim_refused.is_some(), lang }
        }
    }
}

/// Where the guest's choice stands, in words: to be made, asked of the
/// host, refused, or watching.
#[component]
fn ClaimLine(choice: SeatChoice, refused: bool, lang: Lang) -> Element {
    let t = lang.table();
    if refused {
        return rsx! {
            p { class: "entry-error", role: "alert", "data-testid": "seat-taken", "{t.seat_taken}" }
        };
    }
    let line = match choice {
        SeatChoice::Unchosen => t.pick_first,
        SeatChoice::Asked(_) => t.asking,
        SeatChoice::Held(seats) if seats.is_empty() => t.watching,
        SeatChoice::Held(_) => return rsx! {},
    };
    rsx! {
        p { class: "caption", role: "status", "data-testid": "claim-status", "{line}" }
    }
}

/// The players' names of the game of `kind` being played.
fn player_names(play: &Play, kind: GameKind) -> Vec<String> {
    struct Names<'a>(&'a Play);
    impl super::WithScreen for Names<'_> {
        type Output = Vec<String>;
        fn run<G: super::GameScreen>(self) -> Vec<String> {
            G::active(self.0)
                .read()
                .as_ref()
                .map(|a| {
                    a.session
                        .state()
                        .players()
                        .iter()
                        .map(|p| p.name.clone())
                        .collect()
                })
                .unwrap_or_default()
        }
    }
    super::with_screen(kind, Names(play))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::einstein::{Einstein, Setup};
    use crate::core::link::host::Host;
    use crate::core::link::replica::Replica;
    use crate::core::link::view::PhoneView;
    use crate::core::link::wire::{Secret, Start};
    use crate::core::table::{Colour, FirstPlayer, Player};

    /// The host's table: Bruno's phone joined, a phone watching away.
    fn hosts_view() -> TableInfo {
        let players = ["Anne", "Bruno"].iter().enumerate();
        let start = Start {
            setup: Setup {
                players: players
                    .map(|(i, n)| Player::new(n, Colour::ALL[i]))
                    .collect(),
                first: FirstPlayer::Chosen(0),
            },
            coach_allowed: true,
            dice: Default::default(),
        };
        let id = GameId::parse("einstein-test").unwrap();
        let replica = Replica::<Einstein>::new(id, start).unwrap();
        let secret = Secret::from_bytes([1; 16]);
        let mut view = Host::new(replica, secret, PhoneId::numbered(1), Some(0)).view();
        view.phones = vec![
            PhoneView {
                phone: PhoneId::numbered(2),
                seats: vec![1],
                connected: true,
            },
            PhoneView {
                phone: PhoneId::numbered(3),
                seats: Vec::new(),
                connected: false,
            },
        ];
        TableInfo {
            kind: GameKind::Einstein,
            status: LinkStatus::Hosting,
            view,
            join_url: String::new(),
            told: None,
        }
    }

    #[component]
    fn HostsPhones(lang: Lang) -> Element {
        use_context_provider(|| TableHandle {
            info: Signal::new(None),
            commands: Signal::new(None),
            request: Signal::new(None),
            bad_link: Signal::new(None),
        });
        let players = vec!["Anne".to_string(), "Bruno".to_string()];
        rsx! { Phones { info: hosts_view(), players, lang } }
    }

    fn rendered(lang: Lang) -> String {
        let mut dom = VirtualDom::new_with_props(HostsPhones, HostsPhonesProps { lang });
        dom.rebuild_in_place();
        dioxus_ssr::render(&dom)
    }

    /// The host's screen lists its other phones by their players (or as
    /// watching), each with a big *Send away*, in both languages; nothing
    /// is asked before it is tapped.
    #[test]
    fn the_host_may_send_each_other_phone_away() {
        let en = rendered(Lang::En);
        assert!(
            en.contains("Bruno&#39;s phone") || en.contains("Bruno's phone"),
            "{en}"
        );
        assert!(en.contains("Phone watching (1)"), "{en}");
        assert_eq!(en.matches("data-testid=\"send-away-").count(), 2, "{en}");
        assert!(
            en.contains(">Send away<") && en.contains("class=\"action\""),
            "{en}"
        );
        assert!(!en.contains("send-away-confirm"), "asked only once tapped");
        let fr = rendered(Lang::Fr);
        assert!(fr.contains("Téléphone de Bruno"), "{fr}");
        assert!(fr.contains("Renvoyer de la table"), "{fr}");
        assert!(fr.contains("Téléphones à la table"), "{fr}");
    }
}
