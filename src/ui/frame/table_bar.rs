//! What the frame of a game screen shows of the table, when the game is
//! played on several phones: the link's line, who the phones wait for,
//! what the table told this phone, this phone's move on its way, and the
//! way to host from here.

use crate::core::game::GameKind;
use crate::core::link::view::Awaited;
use crate::core::table::Player;
use crate::i18n::Lang;
use crate::ui::table::use_table;
use crate::ui::table::{TableCommand, TableInfo, TableRequest};
use crate::ui::GameScreen;
use crate::ui::{use_nav, Screen};
use dioxus::prelude::*;

/// The frame's view of the table (see [`TableBar::of`]).
#[derive(Clone, PartialEq)]
pub struct TableBar {
    /// How the link stands, and whether that is a problem.
    pub line: String,
    pub problem: bool,
    /// Who the phones wait for, when this phone has no move to make: the
    /// controls are then shown but inert.
    pub waiting: Option<String>,
    /// The host: the seats the table waits for whose phone is away, which
    /// it may free and play here in one tap (seat, player's name).
    pub free_here: Vec<(usize, String)>,
    /// This phone plays no seat (it chose to watch, or the host freed its
    /// seat): said in words, with the way to a seat.
    pub watching: bool,
    /// The host phone has left or been silent for long: this phone may
    /// host the game from here, said beside the line that tells it.
    pub host_gone: bool,
    /// What the table last told this phone (a move refused, what it did),
    /// worded.
    pub told: Option<String>,
    /// Moves made here wait for the link to come back.
    pub offline_moves: bool,
    /// Moves made here are with the host, not answered yet: the controls
    /// wait for its answer (a second tap sends nothing twice).
    pub sent: bool,
    /// A roll made here that the host has not ordered yet, of this many
    /// dice: shown rolling at once, its faces once ordered.
    pub pending_roll: Option<usize>,
}

impl TableBar {
    /// The bar of `table`, playing `state`, worded in `lang`.
    pub fn of<G: GameScreen>(table: &TableInfo, state: &G, lang: Lang) -> TableBar {
        let players = state.players();
        let awaited = table.view.awaited(state);
        let free_here = (awaited.free_here.iter())
            .filter_map(|p| players.get(*p).map(|player| (*p, player.name.clone())))
            .collect();
        let names_all: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        let (line, problem) = table.status_line(lang, &names_all);
        TableBar {
            line,
            problem,
            waiting: waiting(table, &awaited, players, lang),
            free_here,
            watching: table.view.watching(),
            host_gone: table.host_unreachable(),
            told: (table.told.as_ref()).map(|told| lang.told(told, |e| G::any_refusal(lang, e))),
            // Told as long as the link is not up (lost, or dialling again).
            offline_moves: table.view.pending > 0 && !table.linked(),
            sent: table.view.pending > 0 && table.linked(),
            pending_roll: table.view.pending_roll,
        }
    }

    /// This phone's controls are shown, inert: another phone's move, or
    /// this phone's with the host or waiting for the link (the move is
    /// made; a second tap would make it twice).
    pub fn inert(&self) -> bool {
        self.waiting.is_some() || self.sent || self.offline_moves
    }
}

/// The link's line at the top of the game, the way to the table screen
/// and, where the host is gone, the way to host from here.
#[component]
pub fn TableLine(table: TableBar, kind: GameKind, lang: Lang) -> Element {
    let nav = use_nav();
    rsx! {
        div { class: "table-bar",
            p {
                class: if table.problem { "entry-error" } else { "caption" },
                role: "status",
                "data-testid": "table-line",
                "{table.line}"
            }
            button { class: "chip", "data-testid": "open-table", onclick: nav.go_on_click(Screen::Table(kind)), "{lang.table().table_button}" }
        }
        if table.host_gone {
            TakeOverHere { kind, lang }
        }
    }
}

/// Under the status line: whom the table waits for, the seats the host
/// may free and play here, that this phone watches, and this phone's move
/// on its way (its roll tumbling, sent to the host, or kept offline).
#[component]
pub fn TableWaits(table: TableBar, lang: Lang) -> Element {
    let handle = use_table();
    let t = lang.table();
    let TableBar {
        waiting,
        sent,
        pending_roll,
        offline_moves: kept,
        ..
    } = table;
    rsx! {
        if let Some(waiting) = &waiting {
            p { class: "notice waiting", role: "status", "data-testid": "waiting-others", "{waiting}" }
        }
        // The host may play a seat whose phone is away once it has
        // freed it (a ruling): one tap, while the table waits.
        for (seat, name) in table.free_here.clone() {
            button {
                key: "{seat}",
                class: "action",
                "data-testid": "free-away-{seat}",
                onclick: move |_| handle.send(TableCommand::Free(seat)),
                "{lang.play_away_seat_here(&name)}"
            }
        }
        if table.watching {
            // A line, not a box: what the phone shows is the game.
            p { class: "caption", role: "status", "data-testid": "watching-here", "{t.watching_here}" }
        }
        // This phone's roll answers at once: its dice tumble until the
        // host has ordered it (its faces are shown only then).
        if let Some(dice) = pending_roll {
            PendingRoll { dice, offline: kept, lang }
        } else if sent && waiting.is_none() {
            p { class: "notice", role: "status", "data-testid": "sent-to-host", "{t.asking}" }
        }
        if kept && waiting.is_none() && pending_roll.is_none() {
            p { class: "notice", role: "status", "data-testid": "kept-offline", "{t.offline_kept}" }
        }
    }
}

/// Who the phones wait for, when this phone has no move to make (none
/// when it has one): the players on their own phone, on a phone away, and
/// those the host's phone plays (its own, and seats no phone holds, a
/// freed one), named apart.
fn waiting(table: &TableInfo, awaited: &Awaited, players: &[Player], lang: Lang) -> Option<String> {
    let names = |seats: &[usize]| -> Vec<String> {
        (seats.iter())
            .filter_map(|p| players.get(*p).map(|p| p.name.clone()))
            .collect()
    };
    if !awaited.reveals.is_empty() {
        let away: Vec<usize> = (awaited.reveals.iter().copied())
            .filter(|s| table.view.away(*s))
            .collect();
        return Some(lang.waiting_for_reveals(&names(&awaited.reveals), &names(&away)));
    }
    let (own, away, on_host) = (
        names(&awaited.own),
        names(&awaited.away),
        names(&awaited.on_host),
    );
    let left = names(&awaited.left);
    let name = |p: usize| players.get(p).map(|p| p.name.clone());
    let shared: Vec<(String, String)> = (awaited.shared.iter())
        .filter_map(|(p, first)| Some((name(*p)?, name(*first)?)))
        .collect();
    let nobody = own.is_empty()
        && shared.is_empty()
        && away.is_empty()
        && left.is_empty()
        && on_host.is_empty();
    ((awaited.table || !nobody) && !awaited.here).then(|| {
        if nobody {
            // The whole table's move (a roll-off): any player's phone.
            lang.waiting_for_players().to_string()
        } else {
            lang.waiting_for_at(&own, &shared, &away, &left, &on_host)
        }
    })
}

/// Hosts the game from this phone, where the line says the host is gone:
/// the table screen's own button, one tap from the game.
#[component]
fn TakeOverHere(kind: GameKind, lang: Lang) -> Element {
    let (table, nav) = (use_table(), use_nav());
    let take_over = move |_| {
        if let Some(id) = table.game_id() {
            table.open(kind, TableRequest::TakeOver { game: kind, id }, nav);
        }
    };
    // Shown while the player had scrolled down to the dice: brought into
    // view with the line above it (aligned to the screen's foot, which
    // scrolls back to the top of the game).
    let into_view = |e: MountedEvent| {
        spawn(async move {
            let foot = ScrollToOptions {
                behavior: ScrollBehavior::Instant,
                vertical: ScrollLogicalPosition::End,
                horizontal: ScrollLogicalPosition::Nearest,
            };
            let _ = e.data().scroll_to_with_options(foot).await;
        });
    };
    rsx! {
        button { class: "roll-main", "data-testid": "take-over-here", onmounted: into_view, onclick: take_over, "{lang.table().host_here}" }
    }
}

/// A roll made on this phone that the host has not ordered yet: `dice`
/// dice tumbling, and what they wait for (the host, or the link when it is
/// down: `offline`).
#[component]
fn PendingRoll(dice: usize, offline: bool, lang: Lang) -> Element {
    let t = lang.table();
    rsx! {
        div { class: "pending-roll", role: "status", "data-testid": "pending-roll",
            div { class: "tray tumbling", "aria-hidden": "true",
                for i in 0..dice {
                    span { key: "{i}", class: "tray-die tumbling-die" }
                }
            }
            p { class: "caption", if offline { "{t.roll_kept}" } else { "{t.roll_sent}" } }
        }
    }
}
