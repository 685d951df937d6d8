//! The user interface: renders state and sends inputs to the pure logic in
//! `crate::core`. Shared state lives in a context per concern: [`Prefs`],
//! [`Nav`], [`Saves`], [`Play`] and [`TableHandle`], each with its hook.

mod active;
mod chart;
mod checker;
mod coach;
mod dice;
mod die;
mod einstein;
mod frame;
mod genius;
mod history;
mod home;
#[cfg(feature = "link")]
mod link_part;
mod parts;
mod reader;
mod roller;
mod rtt;
mod saved_games;
mod sequence;
mod serieux;
mod settings;
mod setup;
mod table;
#[cfg(feature = "link")]
mod table_link;
mod words;

pub use active::{Active, UndoOrRedo};
pub use checker::CheckerScreen;
pub use die::DieFace;
pub use frame::{use_game, GameFrame, GameScreen, NoGame, UseGame};
pub use history::HistoryScreen;
pub use home::HomeScreen;
pub use reader::{read_dice, ReadDice, ReadInto};
pub use roller::RollerScreen;
pub use saved_games::{use_saves, Saves};
pub use settings::SettingsScreen;
pub use setup::{GameSetup, SetupScreen};
pub use table::{use_table, TableCommand, TableHandle, TableInfo, TableRequest};

use crate::core::checker::Checker;
use crate::core::game::GameKind;
use crate::core::games::AnyError;
use crate::core::link::ticket::TicketError;
use crate::core::save::SavedGame;
use crate::i18n::{Lang, Texts};
use crate::platform;
use crate::settings::{Settings, SettingsError};
use dioxus::prelude::*;

/// The stylesheet of the home screen and the checker, the themes, the top
/// bar and the coach: on the web it is in the page itself.
const STYLE: Asset = asset!("/assets/main.css");
/// The stylesheet of every other screen: on the web, linked by the page
/// once the app runs (see [`lazy_screen`]).
const SCREENS_STYLE: Asset = asset!("/assets/screens.css");

/// The screens of the app. The home screen lists only what works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Checker,
    Roller,
    Settings,
    History,
    /// A new game of this kind: players and options.
    Setup(GameKind),
    /// The game of this kind being played (or viewed from the history).
    Game(GameKind),
    /// The rules of this game, with the rulings the app applies.
    Rules(GameKind),
    /// This game on several phones: the link to join, the seats.
    Table(GameKind),
}

impl Screen {
    /// The screen's name, in the top bar and in the page title.
    pub fn title(self, lang: Lang) -> &'static str {
        let t = lang.texts();
        match self {
            Screen::Home => t.app_name,
            Screen::Checker => t.checker_title,
            Screen::Roller => t.roller_title,
            Screen::Settings => t.settings,
            Screen::History => lang.history().title,
            Screen::Rules(_) => lang.game().rules,
            Screen::Table(_) => lang.table().title,
            Screen::Setup(kind) | Screen::Game(kind) => lang.game_title(kind),
        }
    }

    /// The screen's name in the page (`main.screen-<name>`), which the
    /// shell script reads: "Home", "SerieuxGame", "RttRules"…
    pub fn name(self) -> String {
        let (kind, what) = match self {
            Screen::Setup(kind) => (kind, "Setup"),
            Screen::Game(kind) => (kind, "Game"),
            Screen::Rules(kind) => (kind, "Rules"),
            Screen::Table(kind) => (kind, "Table"),
            Screen::Home => return "Home".into(),
            Screen::Checker => return "Checker".into(),
            Screen::Roller => return "Roller".into(),
            Screen::Settings => return "Settings".into(),
            Screen::History => return "History".into(),
        };
        let name = kind.name();
        format!("{}{}{what}", name[..1].to_ascii_uppercase(), &name[1..])
    }
}

/// Whether the last change of settings reached the device's storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveStatus {
    Idle,
    Saved,
    Failed,
}

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
    /// only game in progress (see [`saved_games::to_reopen`]).
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
        let (saved, set_aside, restored) = saved_games::listed(crate::saves::listing());
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
}

pub const SETTINGS_KEY: &str = "settings";

/// The player's settings, as stored, and the language they give.
#[derive(Clone, Copy)]
pub struct Prefs {
    pub settings: Signal<Settings>,
    /// Why the stored settings could not be read, if they could not.
    pub error: Signal<Option<SettingsError>>,
    /// Whether the last change reached the device's storage.
    pub save_status: Signal<SaveStatus>,
    /// The device's locale, for the automatic language.
    pub locale: Signal<Option<String>>,
}

impl Prefs {
    pub fn lang(&self) -> Lang {
        self.settings
            .read()
            .effective_lang(self.locale.read().as_deref())
    }

    pub fn texts(&self) -> &'static Texts {
        self.lang().texts()
    }

    /// Changes the settings and stores them at once.
    pub fn update(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings.write());
        let json = self.settings.read().to_json();
        let status = match platform::save(SETTINGS_KEY, &json) {
            Ok(()) => {
                self.error.set(None);
                SaveStatus::Saved
            }
            Err(_) => SaveStatus::Failed,
        };
        self.save_status.set(status);
    }
}

pub fn use_prefs() -> Prefs {
    use_context::<Prefs>()
}

/// Where the app is: the screen shown, and the one Settings was opened
/// from; with the saved games, which going somewhere updates.
#[derive(Clone, Copy)]
pub struct Nav {
    pub screen: Signal<Screen>,
    /// The screen Settings was opened from: its back button returns there
    /// (a player who switches language mid-game goes back to the game).
    settings_from: Signal<Screen>,
    /// Home lists them again; a game chosen to resume and not opened is
    /// forgotten on the way elsewhere.
    saves: Saves,
}

impl Nav {
    /// Shows `screen`.
    pub fn go(&mut self, screen: Screen) {
        // A game chosen to resume whose screen never opened (its file could
        // not be fetched) is not opened later by a new game of its kind.
        let mut opening = self.saves.opening;
        let chosen = opening.peek().as_ref().map(|s| Screen::Game(s.game));
        if chosen.is_some_and(|chosen| chosen != screen) {
            opening.set(None);
        }
        if screen == Screen::Home {
            self.saves.show_saved(crate::saves::listing());
        }
        let from = *self.screen.peek();
        if screen == Screen::Settings && from != Screen::Settings {
            self.settings_from.set(from);
        }
        self.screen.set(screen);
    }

    /// A click handler that shows `screen` (one handler type for every
    /// such button, so one copy of its code).
    pub fn go_on_click(self, screen: Screen) -> impl FnMut(MouseEvent) + 'static {
        move |_| {
            let mut nav = self;
            nav.go(screen)
        }
    }

    /// Where the back button leads from `screen`, with the games of `play`.
    pub fn parent(&self, screen: Screen, play: &Play) -> Screen {
        match screen {
            Screen::Rules(kind) | Screen::Table(kind) if play.playing(kind).is_some() => {
                Screen::Game(kind)
            }
            Screen::Rules(kind) => Screen::Setup(kind),
            Screen::Settings => *self.settings_from.peek(),
            game if play.viewing(game) => Screen::History,
            _ => Screen::Home,
        }
    }
}

pub fn use_nav() -> Nav {
    use_context::<Nav>()
}

/// What is being played: the checker's dice and the game of each kind (see
/// [`GameScreen::active`]; the roller keeps its own, `ui::roller`).
#[derive(Clone, Copy)]
pub struct Play {
    pub checker: Signal<Checker>,
    games: Games,
}

impl Play {
    /// True on the screen of a finished game opened from the history.
    pub fn viewing(&self, screen: Screen) -> bool {
        match screen {
            Screen::Game(kind) => self.playing(kind) == Some(true),
            _ => false,
        }
    }

    /// Whether a game of `kind` is open: `Some(true)` if it is only viewed
    /// (a finished game from the history).
    pub fn playing(&self, kind: GameKind) -> Option<bool> {
        struct ReadOnly<'a>(&'a Play);
        impl WithScreen for ReadOnly<'_> {
            type Output = Option<bool>;
            fn run<G: GameScreen>(self) -> Option<bool> {
                G::active(self.0).read().as_ref().map(|a| a.read_only)
            }
        }
        with_screen(kind, ReadOnly(self))
    }
}

pub fn use_play() -> Play {
    use_context::<Play>()
}

/// What lies below the fold of a screen (tables, explanations): on the web
/// it is drawn one frame after the rest, so the part a player taps first
/// shows sooner; it lands below what is on screen, moving nothing.
#[component]
pub fn BelowTheFold(children: Element) -> Element {
    let mut shown = use_signal(|| !platform::DRAWS_BELOW_THE_FOLD_LATER);
    use_future(move || async move {
        if !*shown.peek() {
            platform::next_frame().await;
            shown.set(true);
        }
    });
    if shown() {
        children
    } else {
        rsx! {}
    }
}

/// `use_signal(T::default)`, kept out of line: one copy of the hook code per
/// value type rather than one inlined at every call (a smaller web build).
#[inline(never)]
pub fn use_default<T: Default + 'static>() -> Signal<T> {
    use_signal(T::default)
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

/// The registry of game screens, a line per game: its type (named as its
/// [`GameKind`]), its module (its rules' in the core and its screens' here;
/// also its signal's name in [`Play`], the game of that kind being played),
/// the wording of its refusals, its screen, its rules page and its table's
/// link. It makes each game a [`GameScreen`] (its refusals' English
/// words also their `Display`, and [`AnyError`]'s), words its name and line
/// ([`GameTitles`], from the game's texts: `Lang::$module()`), matches a
/// kind to its screen and its rules page, and writes [`with_screen`], the
/// screens' side of [`crate::core::games::with_game`].
macro_rules! game_screens {
    ($($game:ident: $module:ident, $wording:ident, $screen:ident, $rules:ident, $table:ident;)*) => {
        /// The game of each kind being played (or viewed from the history),
        /// none at first.
        #[derive(Clone, Copy)]
        struct Games {
            $($module: Signal<Option<Active<crate::core::$module::$game>>>,)*
        }

        impl Games {
            fn none() -> Games {
                Games { $($module: Signal::new(None),)* }
            }
        }

        $(
            impl GameScreen for crate::core::$module::$game {
                fn active(play: &Play) -> Signal<Option<Active<Self>>> {
                    play.games.$module
                }

                fn refusal(lang: Lang, error: &Self::Error) -> String {
                    lang.$wording(error)
                }

                #[cfg(feature = "link")]
                fn table_link(request: TableRequest) -> Element {
                    /// The link of a table of this game, with its table
                    /// screen: on the web a part of the build of its own.
                    #[allow(non_snake_case)]
                    fn $table(request: TableRequest) -> Element {
                        table_link::table_link::<crate::core::$module::$game>(request)
                    }
                    let part = link_part::link_part!($table);
                    rsx! { link_part::TableLinkOf { part, request } }
                }
            }

            /// The game's refusal in English, for logs, tests and the
            /// native peer (see `i18n/errors.rs`); the screens word it in
            /// the player's language ([`GameScreen::refusal`]).
            impl std::fmt::Display for crate::core::$module::Error {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str(&Lang::En.$wording(self))
                }
            }

            impl std::error::Error for crate::core::$module::Error {}
        )*

        /// A refusal of any game, in English: its game's.
        impl std::fmt::Display for AnyError {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(AnyError::$game(error) => error.fmt(f),)*
                }
            }
        }

        impl std::error::Error for AnyError {}

        impl GameTitles for Lang {
            fn game_card(self, kind: GameKind) -> (&'static str, &'static str) {
                match kind {
                    $(GameKind::$game => (self.$module().title, self.$module().blurb),)*
                }
            }
        }

        /// A game's screen (each game its own file on the web).
        fn game_screen(kind: GameKind) -> Element {
            match kind {
                $(GameKind::$game => rsx! { $module::$screen {} },)*
            }
        }

        /// A game's rules page (one file on the web for all six).
        #[component(lazy)]
        fn RulesScreen(game: GameKind) -> Element {
            match game {
                $(GameKind::$game => rsx! { $module::$rules {} },)*
            }
        }

        /// Runs `job` with the [`GameScreen`] type of the game of `kind`:
        /// the setup screen, opening a saved game and the table link go
        /// through it.
        pub fn with_screen<J: WithScreen>(kind: GameKind, job: J) -> J::Output {
            match kind {
                $(GameKind::$game => job.run::<crate::core::$module::$game>(),)*
            }
        }
    };
}

game_screens! {
    Serieux: serieux, serieux_error, SerieuxGameScreen, SerieuxRulesScreen, LazySerieuxTableLink;
    Genius: genius, genius_error, GeniusGameScreen, GeniusRulesScreen, LazyGeniusTableLink;
    Einstein: einstein, einstein_error, EinsteinGameScreen, EinsteinRulesScreen, LazyEinsteinTableLink;
    Sequence: sequence, sequence_error, SequenceGameScreen, SequenceRulesScreen, LazySequenceTableLink;
    Rtt: rtt, rtt_error, RttGameScreen, RttRulesScreen, LazyRttTableLink;
    Words: words, words_error, WordsGameScreen, WordsRulesScreen, LazyWordsTableLink;
}

/// Each game's name and line, from its own texts (`i18n::serieux`…).
pub trait GameTitles: Copy {
    /// The game's title and blurb.
    fn game_card(self, kind: GameKind) -> (&'static str, &'static str);

    /// The game's name, as its card on the home screen and its screens'
    /// top bar show it.
    fn game_title(self, kind: GameKind) -> &'static str {
        self.game_card(kind).0
    }

    /// The game's line on its home screen card.
    fn game_blurb(self, kind: GameKind) -> &'static str {
        self.game_card(kind).1
    }
}

/// Something to do with the screens of a game known by its kind:
/// [`with_screen`] runs it with the game's type.
pub trait WithScreen {
    type Output;
    fn run<G: GameScreen>(self) -> Self::Output;
}

/// Every screen but the home screen and the checker: on the web each one's
/// code is its own file (`#[component(lazy)]`, dx's wasm splitting), fetched
/// the first time it opens, so that the app starts on the home screen's and
/// the checker's code alone (a smaller first download, sooner usable on a
/// slow network); the service worker then caches every file for offline use.
/// The boundary shows a line while the file arrives. Elsewhere (desktop,
/// phones, tests) the screens are simply there.
///
/// On the web the screens' stylesheet also comes after the start: linked
/// by the page once the app has painted its first screen, it is mostly
/// there before a player opens another; if not, the screen waits for it too.
fn lazy_screen(what: Loading, screen: Element) -> Element {
    rsx! {
        SuspenseBoundary {
            fallback: move |_| rsx! { ScreenLoading { what } },
            Styled { what, {screen} }
        }
    }
}

/// A part of a screen that is a part of the build of its own (the camera's
/// screen), shown as a screen is: once its code and the screens'
/// stylesheet are there.
pub(crate) fn lazy_part(part: Element) -> Element {
    lazy_screen(Loading::Screen, part)
}

/// Its children, once the screens' stylesheet is in the page; till then,
/// the same line as while the screen's code arrives.
#[component]
fn Styled(what: Loading, children: Element) -> Element {
    let mut styled = use_signal(platform::screens_styled);
    use_hook(move || {
        if !styled() {
            spawn(async move {
                platform::screens_style().await;
                styled.set(true);
            });
        }
    });
    if styled() {
        children
    } else {
        rsx! { ScreenLoading { what } }
    }
}

/// What is being opened, for the words of [`ScreenLoading`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loading {
    /// A game's screen: a game in progress is saved whatever happens.
    Game,
    /// Any other screen.
    Screen,
}

/// While a screen's code arrives. A file that cannot be fetched (a first
/// visit that lost its connection before the worker cached the files) is
/// never announced by dx's loader, which only waits: after a few seconds
/// the line says what happened (for a game, that it is saved); the top bar's
/// back button is still there.
#[component]
fn ScreenLoading(what: Loading) -> Element {
    const UNAVAILABLE_AFTER_MS: u32 = 6_000;
    let lang = use_prefs().lang();
    let g = lang.game();
    let mut waited = use_signal(|| false);
    use_future(move || async move {
        crate::platform::sleep_ms(UNAVAILABLE_AFTER_MS).await;
        waited.set(true);
    });
    let (loading, unavailable, id) = match what {
        Loading::Game => (g.game_loading, g.game_unavailable, "game"),
        Loading::Screen => (g.screen_loading, g.screen_unavailable, "screen"),
    };
    rsx! {
        if waited() {
            p { class: "entry-error", role: "alert", "data-testid": "{id}-unavailable", "{unavailable}" }
        } else {
            p { class: "caption", role: "status", "data-testid": "{id}-loading", "{loading}" }
        }
    }
}

/// A cog wheel (24×24).
const GEAR: &str = "M19.14 12.94a7.5 7.5 0 0 0 .05-.94 7.5 7.5 0 0 0-.05-.94l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7 7 0 0 0-1.63-.94l-.36-2.54a.5.5 0 0 0-.5-.42h-3.84a.5.5 0 0 0-.5.42l-.36 2.54a7 7 0 0 0-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.65 8.84a.5.5 0 0 0 .12.64l2.03 1.58a7.5 7.5 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32a.5.5 0 0 0 .6.22l2.39-.96c.5.39 1.05.71 1.63.94l.36 2.54a.5.5 0 0 0 .5.42h3.84a.5.5 0 0 0 .5-.42l.36-2.54a7 7 0 0 0 1.63-.94l2.39.96a.5.5 0 0 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64zM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7z";

/// The table's link, fetched when first needed (nothing shown meanwhile:
/// the table screen says the table is opening): the part of the game the
/// request names, none for a link that names no game.
#[component]
pub fn TableLinkPart(request: table::TableRequest) -> Element {
    #[cfg(feature = "link")]
    {
        struct LinkOf(TableRequest);
        impl WithScreen for LinkOf {
            type Output = Element;
            fn run<G: GameScreen>(self) -> Element {
                G::table_link(self.0)
            }
        }
        let Some(kind) = request.game() else {
            return rsx! {};
        };
        rsx! {
            SuspenseBoundary { fallback: |_| rsx! {}, {with_screen(kind, LinkOf(request))} }
        }
    }
    #[cfg(not(feature = "link"))]
    {
        let _ = request;
        rsx! {}
    }
}
