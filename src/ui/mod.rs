//! The user interface: renders state and sends inputs to the pure logic in
//! `crate::core`. This module is the base every screen shares: the screens'
//! names ([`Screen`]), the shared state as a context per concern
//! ([`Prefs`], [`Nav`], [`Saves`], [`Play`], each with its hook; the
//! table's, `TableHandle`, in `table`), what a screen knows of a game
//! ([`GameScreen`], [`GameSetup`]) and the registry of game screens
//! (`game_screens!`, which writes [`with_screen`]). The app's root, which
//! draws every screen, is [`app`]: nothing here names a screen.

mod active;
pub mod app;
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
mod lazy;
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

pub use active::{Active, AtTable, PlayMode, UndoOrRedo};
pub use die::DieFace;

use crate::core::checker::Checker;
use crate::core::game::{Game, GameKind};
use crate::core::games::{AnyError, Registered};
use crate::core::save::{GameId, SavedGame};
use crate::core::table::{FirstPlayer, Player};
use crate::i18n::{Lang, Texts};
use crate::platform;
use crate::saves::Loaded;
use crate::settings::{Settings, SettingsError};
use dioxus::prelude::*;

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

/// The saved games as Home shows them, and the one chosen to resume
/// (resuming and opening them: `saved_games`).
#[derive(Clone, Copy)]
pub struct Saves {
    /// The unfinished games, newest first.
    pub saved: Signal<Vec<SavedGame>>,
    /// How many saved files could not be loaded and were set aside.
    pub set_aside: Signal<usize>,
    /// Games whose last save was damaged, loaded from their backup.
    pub restored: Signal<Vec<SavedGame>>,
    /// The saved game chosen on Home to resume, until its game screen
    /// opens it (see [`Saves::resume`]).
    pub opening: Signal<Option<SavedGame>>,
}

pub fn use_saves() -> Saves {
    use_context::<Saves>()
}

impl Saves {
    /// Shows what a listing of the saved games found: the unfinished games,
    /// and (added to what was shown) the files set aside and the games
    /// loaded from their backup not told yet.
    fn show_saved(&mut self, loaded: Loaded) {
        let (saved, set_aside, restored) = listed(loaded);
        self.saved.set(saved);
        *self.set_aside.write() += set_aside;
        let shown: Vec<GameId> = self.restored.peek().iter().map(|g| g.id.clone()).collect();
        let new: Vec<SavedGame> = restored
            .into_iter()
            .filter(|g| !shown.contains(&g.id))
            .collect();
        if !new.is_empty() {
            self.restored.write().extend(new);
        }
    }
}

/// What a listing found, as Home shows it: the unfinished games, how many
/// files were set aside, and the games loaded from their backup (they went
/// back one action).
fn listed(loaded: Loaded) -> (Vec<SavedGame>, usize, Vec<SavedGame>) {
    let restored = loaded
        .games
        .iter()
        .filter(|g| loaded.from_backup.contains(&g.id))
        .cloned()
        .collect();
    let unfinished = loaded.games.into_iter().filter(|g| !g.finished).collect();
    (unfinished, loaded.set_aside.len(), restored)
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
                G::active(self.0).read().as_ref().map(|a| a.is_viewed())
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

/// The registry of game screens, a line per game: its type (named as its
/// [`GameKind`]), its module (its rules' in the core and its screens' here;
/// also its signal's name in [`Play`], the game of that kind being played)
/// and the wording of its refusals. It makes each game a [`GameScreen`]
/// (its refusals' English words also their `Display`, and
/// [`AnyError`]'s), words its name and line ([`GameTitles`], from the
/// game's texts: `Lang::$module()`), and writes [`with_screen`], the
/// screens' side of [`crate::core::games::with_game`]. Which component
/// draws each game's pages is the root's (`app::game_pages!`).
macro_rules! game_screens {
    ($($game:ident: $module:ident, $wording:ident;)*) => {
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
    Serieux: serieux, serieux_error;
    Genius: genius, genius_error;
    Einstein: einstein, einstein_error;
    Sequence: sequence, sequence_error;
    Rtt: rtt, rtt_error;
    Words: words, words_error;
}

/// A game as its screens see it.
pub trait GameScreen: GameSetup + Registered {
    /// The game of this kind being played (or viewed from the history).
    fn active(play: &Play) -> Signal<Option<Active<Self>>>;

    /// Why a move was refused, in the player's language.
    fn refusal(lang: Lang, error: &Self::Error) -> String;

    /// A refusal of this game's rules kept as the registry's [`AnyError`]
    /// (by the table, the setup), in the player's language.
    fn any_refusal(lang: Lang, error: &AnyError) -> String {
        match Self::error_from_any(error) {
            Some(error) => Self::refusal(lang, error),
            None => lang.table().other_game.into(),
        }
    }
}

/// A game's own part of the setup screen: its options (a mode, a sheet, a
/// card…), drawn by the game's UI module, and the setup they make.
pub trait GameSetup: Game {
    /// What the setup screen keeps of the game's options while it is open.
    type Options: Clone + Default + PartialEq + 'static;

    /// The setup of these players, this first player and these options.
    fn setup(players: Vec<Player>, first: FirstPlayer, options: &Self::Options) -> Self::Setup;

    /// The options' controls, for `players` players; none by default.
    fn options(options: Signal<Self::Options>, players: usize) -> Element {
        let _ = (options, players);
        rsx! {}
    }
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
