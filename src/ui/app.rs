//! The app's root: how it starts (what the device remembers, the screen
//! it opens on), the top bar, and the screen drawn for each [`Screen`],
//! with each game's pages (`game_pages!`). It names every screen; nothing
//! else in `ui` names it.

use super::checker::CheckerScreen;
use super::history::HistoryScreen;
use super::home::HomeScreen;
use super::lazy::{lazy_screen, Loading};
use super::roller::RollerScreen;
use super::saved_games::to_reopen;
use super::settings::SettingsScreen;
use super::setup::SetupScreen;
use super::table::{self, TableHandle, TableRequest};
use super::{listed, Games, Nav, Play, Prefs, SaveStatus, Saves, Screen, SETTINGS_KEY};
use crate::core::checker::Checker;
use crate::core::game::GameKind;
use crate::core::link::ticket::TicketError;
use crate::core::save::SavedGame;
use crate::platform;
use crate::settings::{Settings, SettingsError};
use dioxus::prelude::*;

/// The stylesheet of the home screen and the checker, the themes, the top
/// bar and the coach: on the web it is in the page itself.
const STYLE: Asset = asset!("/assets/main.css");
/// The stylesheet of every other screen: on the web, linked by the page
/// once the app runs (see [`lazy_screen`]).
const SCREENS_STYLE: Asset = asset!("/assets/screens.css");

/// How the app starts: what was loaded from the device.
#[derive(Clone, Debug, PartialEq)]
pub struct Init {
    pub settings: Settings,
    pub settings_error: Option<SettingsError>,
    pub locale: Option<String>,
    pub screen: Screen,
    pub checker: Checker,
    /// Unfinished saved games, newest first.
    pub saved: Vec<SavedGame>,
    /// The table the app was opened to join (a link or QR code).
    pub table: Option<TableRequest>,
    /// Why the link the app was opened by could not be read, if it could
    /// not.
    pub bad_link: Option<TicketError>,
    /// How many saved files could not be loaded and were set aside.
    pub set_aside: usize,
    /// Games whose last save was damaged, loaded from their backup.
    pub restored: Vec<SavedGame>,
    /// The game the app opens at start (`screen` is its game screen): the
    /// only game in progress (see [`to_reopen`]).
    pub opening: Option<SavedGame>,
}

impl Init {
    /// Reads the stored settings and the device locale. A missing or broken
    /// settings file gives the defaults (and a notice for a broken one).
    pub fn load() -> Init {
        let (settings, settings_error) = match platform::load(SETTINGS_KEY) {
            Ok(Some(text)) => match Settings::from_json(&text) {
                Ok(s) => (s, None),
                Err(e) => (Settings::default(), Some(e)),
            },
            Ok(None) => (Settings::default(), None),
            Err(e) => (Settings::default(), Some(SettingsError::NotRead(e))),
        };
        // The games in progress with the summaries saved with them: none is
        // replayed at start (see `HomeScreen` for those saved without one).
        let (saved, set_aside, restored) = listed(crate::saves::listing());
        // Opened by a table's link: straight to that table (a damaged link
        // opens Home, which says so).
        let join = table::join_from_address();
        let joining = join.clone().map(|j| match j {
            Ok((kind, _)) => Screen::Table(kind),
            Err(_) => Screen::Home,
        });
        // A card of the page's copy of the home screen tapped while the
        // app loaded: the app starts on its screen (the page then shows
        // that screen, not the app's home and a second render).
        let chosen = joining.or_else(|| {
            platform::tapped_before_start().and_then(|card| Screen::of_home_card(&card))
        });
        let init = Init {
            bad_link: join.clone().and_then(Result::err),
            table: join.and_then(Result::ok).map(|(_, request)| request),
            settings,
            settings_error,
            locale: platform::device_locale(),
            screen: chosen.unwrap_or(Screen::Home),
            checker: Checker::new(),
            saved,
            set_aside,
            restored,
            opening: None,
        };
        // Else the only game in progress (see `Init::reopening`).
        match chosen {
            Some(_) => init,
            None => init.reopening(),
        }
    }

    /// Starts on the only game in progress, reopened as Home's Resume does
    /// (a reload mid-game comes back to it; a table game to its table),
    /// unless Home has something to tell first (see [`to_reopen`]). The
    /// page paints no copy of Home when a game is in progress (index.html):
    /// the app's first screen is then the game.
    fn reopening(mut self) -> Init {
        let told = self.settings_error.is_some() || self.set_aside > 0 || !self.restored.is_empty();
        if let Some(game) = to_reopen(&self.saved, told) {
            if game.table.is_some() {
                self.table = Some(TableRequest::Resume {
                    game: game.game,
                    id: game.id.clone(),
                });
            }
            self.screen = Screen::Game(game.game);
            self.opening = Some(game);
        }
        self
    }
}

/// The app as launched: loads what the device remembers.
#[component]
pub fn App() -> Element {
    let init = use_hook(Init::load);
    rsx! { Root { init } }
}

/// The app from a given start, so tests can render any state.
#[component]
pub fn Root(init: Init) -> Element {
    // One hook makes every shared signal (owned by this component, like
    // `use_signal`'s) and provides them to the screens, a context per
    // concern.
    let (prefs, mut nav, play, table) = use_hook(|| {
        let prefs = provide_context(Prefs {
            settings: Signal::new(init.settings.clone()),
            error: Signal::new(init.settings_error.clone()),
            save_status: Signal::new(SaveStatus::Idle),
            locale: Signal::new(init.locale.clone()),
        });
        let saves = provide_context(Saves {
            saved: Signal::new(init.saved.clone()),
            set_aside: Signal::new(init.set_aside),
            restored: Signal::new(init.restored.clone()),
            opening: Signal::new(init.opening.clone()),
        });
        let nav = provide_context(Nav {
            screen: Signal::new(init.screen),
            settings_from: Signal::new(Screen::Home),
            saves,
        });
        let play = provide_context(Play {
            checker: Signal::new(init.checker.clone()),
            games: Games::none(),
        });
        let table = provide_context(TableHandle {
            info: Signal::new(None),
            commands: Signal::new(None),
            request: Signal::new(init.table.clone()),
            bad_link: Signal::new(init.bad_link.clone()),
        });
        (prefs, nav, play, table)
    });
    let (settings, screen) = (prefs.settings, nav.screen);

    let lang = prefs.lang();
    let t = lang.texts();
    let theme = settings.read().theme.attr();
    let current = *screen.read();
    use_effect(move || {
        let theme = settings.read().theme;
        let lang = prefs.lang();
        let title = format!("{} · {}", screen.read().title(lang), lang.texts().app_name);
        platform::reflect_in_document(theme.attr(), lang.code(), &title);
    });
    let title = current.title(lang);

    rsx! {
        // The release web page holds the first in its head and links the
        // second once the app has painted its first screen (index.html and
        // examples/prerender.rs). Elsewhere (desktop, phones, `dx serve`) both are
        // linked here, in the body: no document machinery needed.
        if !platform::LINKS_STYLESHEETS_LATER {
            link { rel: "stylesheet", href: platform::asset_url(STYLE) }
            link { rel: "stylesheet", href: platform::asset_url(SCREENS_STYLE) }
        }
        div { class: "app", "data-theme": theme, lang: lang.code(),
            // Read by public/shell.js, which vibrates on rolls.
            "data-haptics": if settings.read().haptics { "on" } else { "off" },
            header { class: "topbar",
                if current != Screen::Home {
                    button {
                        class: "icon-button back",
                        "aria-label": t.back,
                        title: t.back,
                        onclick: move |_| nav.go(nav.parent(current, &play)),
                        svg { view_box: "0 0 24 24", "aria-hidden": "true",
                            path { d: "M15 5l-7 7 7 7", fill: "none", stroke: "currentColor", stroke_width: "2.5", stroke_linecap: "round", stroke_linejoin: "round" }
                        }
                    }
                }
                h1 { class: "topbar-title", "{title}" }
                if current != Screen::Settings {
                    button {
                        class: "icon-button settings",
                        "aria-label": t.settings,
                        title: t.settings,
                        onclick: nav.go_on_click(Screen::Settings),
                        svg { view_box: "0 0 24 24", "aria-hidden": "true",
                            path { d: GEAR, fill: "currentColor" }
                        }
                    }
                }
            }
            main { class: "screen screen-{current.name()}",
                if play.viewing(current) {
                    p { class: "notice", role: "status", "data-testid": "read-only", "{lang.history().read_only}" }
                }
                // The table's link, while a game is played on several
                // phones, which also draws the table screen: on the web a
                // part of the build fetched when a table opens.
                if let Some(request) = table.request.read().clone() {
                    TableLinkPart { key: "{request.key()}", request }
                }
                match current {
                    Screen::Home => rsx! { HomeScreen {} },
                    Screen::Checker => rsx! { CheckerScreen {} },
                    Screen::Roller => lazy_screen(Loading::Screen, rsx! { RollerScreen {} }),
                    Screen::Settings => lazy_screen(Loading::Screen, rsx! { SettingsScreen {} }),
                    Screen::History => lazy_screen(Loading::Screen, rsx! { HistoryScreen {} }),
                    Screen::Setup(kind) => lazy_screen(Loading::Screen, rsx! { SetupScreen { key: "{kind.name()}", game: kind } }),
                    Screen::Game(kind) => lazy_screen(Loading::Game, game_screen(kind)),
                    Screen::Rules(kind) => lazy_screen(Loading::Screen, rsx! { RulesScreen { game: kind } }),
                    Screen::Table(kind) => rsx! { table::TableFallback { game: kind } },
                }
            }
        }
    }
}

/// Each game's pages, a line per game: its type (named as its
/// [`GameKind`]), its module, its game screen, its rules page and its
/// table's link (on the web a part of the build of its own, named so).
/// It matches a kind to its game screen, its rules page and its table's
/// link.
macro_rules! game_pages {
    ($($game:ident: $module:ident, $screen:ident, $rules:ident, $table:ident;)*) => {
        /// A game's screen (each game its own file on the web).
        fn game_screen(kind: GameKind) -> Element {
            match kind {
                $(GameKind::$game => rsx! { super::$module::$screen {} },)*
            }
        }

        /// A game's rules page (one file on the web for all six).
        #[component(lazy)]
        fn RulesScreen(game: GameKind) -> Element {
            match game {
                $(GameKind::$game => rsx! { super::$module::$rules {} },)*
            }
        }

        /// The link of a table of the game of `kind` (see `ui::table_link`).
        #[cfg(feature = "link")]
        fn table_link(kind: GameKind, request: TableRequest) -> Element {
            match kind {
                $(GameKind::$game => {
                    /// The link of a table of this game, with its table
                    /// screen: on the web a part of the build of its own.
                    #[allow(non_snake_case)]
                    fn $table(request: TableRequest) -> Element {
                        super::table_link::table_link::<crate::core::$module::$game>(request)
                    }
                    let part = super::link_part::link_part!($table);
                    rsx! { super::link_part::TableLinkOf { part, request } }
                })*
            }
        }
    };
}

game_pages! {
    Serieux: serieux, SerieuxGameScreen, SerieuxRulesScreen, LazySerieuxTableLink;
    Genius: genius, GeniusGameScreen, GeniusRulesScreen, LazyGeniusTableLink;
    Einstein: einstein, EinsteinGameScreen, EinsteinRulesScreen, LazyEinsteinTableLink;
    Sequence: sequence, SequenceGameScreen, SequenceRulesScreen, LazySequenceTableLink;
    Rtt: rtt, RttGameScreen, RttRulesScreen, LazyRttTableLink;
    Words: words, WordsGameScreen, WordsRulesScreen, LazyWordsTableLink;
}

/// A cog wheel (24×24).
const GEAR: &str = "M19.14 12.94a7.5 7.5 0 0 0 .05-.94 7.5 7.5 0 0 0-.05-.94l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7 7 0 0 0-1.63-.94l-.36-2.54a.5.5 0 0 0-.5-.42h-3.84a.5.5 0 0 0-.5.42l-.36 2.54a7 7 0 0 0-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.65 8.84a.5.5 0 0 0 .12.64l2.03 1.58a7.5 7.5 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32a.5.5 0 0 0 .6.22l2.39-.96c.5.39 1.05.71 1.63.94l.36 2.54a.5.5 0 0 0 .5.42h3.84a.5.5 0 0 0 .5-.42l.36-2.54a7 7 0 0 0 1.63-.94l2.39.96a.5.5 0 0 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64zM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7z";

/// The table's link, fetched when first needed (nothing shown meanwhile:
/// the table screen says the table is opening): the part of the game the
/// request names, none for a link that names no game.
#[component]
fn TableLinkPart(request: TableRequest) -> Element {
    #[cfg(feature = "link")]
    {
        let Some(kind) = request.game() else {
            return rsx! {};
        };
        rsx! {
            SuspenseBoundary { fallback: |_| rsx! {}, {table_link(kind, request)} }
        }
    }
    #[cfg(not(feature = "link"))]
    {
        let _ = request;
        rsx! {}
    }
}
