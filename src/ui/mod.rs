//! The user interface: renders state and sends inputs to the pure logic in
//! `crate::core`. Shared state lives in one [`Ui`] context.

mod active;
mod checker;
mod die;
mod einstein;
mod genius;
mod history;
mod home;
mod parts;
mod roller;
mod rtt;
mod sequence;
mod serieux;
mod settings;
mod setup;
mod words;

pub use active::Active;
pub use checker::CheckerScreen;
pub use die::DieFace;
pub use einstein::{EinsteinGameScreen, EinsteinRulesScreen};
pub use genius::{GeniusGameScreen, GeniusRulesScreen};
pub use history::HistoryScreen;
pub use home::HomeScreen;
pub use roller::RollerScreen;
pub use rtt::{RttGameScreen, RttRulesScreen};
pub use sequence::{SequenceGameScreen, SequenceRulesScreen};
pub use serieux::{SerieuxGameScreen, SerieuxRulesScreen};
pub use settings::SettingsScreen;
pub use setup::SetupScreen;
pub use words::{WordsGameScreen, WordsRulesScreen};

use crate::core::checker::Checker;
use crate::core::einstein::Einstein;
use crate::core::genius::Genius;
use crate::core::roller::Roller;
use crate::core::rtt::Rtt;
use crate::core::save::SavedGame;
use crate::core::sequence::Sequence;
use crate::core::serieux::Serieux;
use crate::core::session::Session;
use crate::core::words::Words;
use crate::i18n::{Lang, Texts};
use crate::platform;
use crate::settings::{Settings, SettingsError};
use dioxus::prelude::*;

const STYLE: Asset = asset!("/assets/main.css");

/// The screens of the app. The home screen lists only what works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Checker,
    Roller,
    Settings,
    SerieuxSetup,
    SerieuxGame,
    SerieuxRules,
    GeniusSetup,
    GeniusGame,
    GeniusRules,
    EinsteinSetup,
    EinsteinGame,
    EinsteinRules,
    SequenceSetup,
    SequenceGame,
    SequenceRules,
    RttSetup,
    RttGame,
    RttRules,
    WordsSetup,
    WordsGame,
    WordsRules,
    History,
}

impl Screen {
    /// The screen's name, in the top bar and in the page title.
    pub fn title(self, lang: Lang) -> &'static str {
        let t = lang.texts();
        let g = lang.game();
        match self {
            Screen::Home => t.app_name,
            Screen::Checker => t.checker_title,
            Screen::Roller => t.roller_title,
            Screen::Settings => t.settings,
            Screen::SerieuxSetup | Screen::SerieuxGame => g.serieux_title,
            Screen::SerieuxRules
            | Screen::GeniusRules
            | Screen::EinsteinRules
            | Screen::SequenceRules
            | Screen::RttRules
            | Screen::WordsRules => g.rules,
            Screen::WordsSetup | Screen::WordsGame => lang.words().title,
            Screen::History => lang.history().title,
            Screen::SequenceSetup | Screen::SequenceGame => g.sequence_title,
            Screen::RttSetup | Screen::RttGame => g.rtt_title,
            Screen::EinsteinSetup | Screen::EinsteinGame => g.einstein_title,
            Screen::GeniusSetup | Screen::GeniusGame => g.genius_title,
        }
    }
}

/// The games a new game can be set up for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGame {
    Serieux,
    Genius,
    Einstein,
    Sequence,
    Rtt,
    Words,
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
    /// How many saved files could not be loaded and were set aside.
    pub set_aside: usize,
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
            Err(e) => (Settings::default(), Some(SettingsError::Unreadable(e.0))),
        };
        let (saved, set_aside) = load_saved();
        Init {
            settings,
            settings_error,
            locale: platform::device_locale(),
            screen: Screen::Home,
            checker: Checker::new(),
            saved,
            set_aside,
        }
    }
}

pub const SETTINGS_KEY: &str = "settings";

/// The unfinished games on this device, and how many files were set aside.
fn load_saved() -> (Vec<SavedGame>, usize) {
    let loaded = crate::saves::device_store()
        .map(|s| crate::saves::load_all(&s))
        .unwrap_or_default();
    let unfinished = loaded.games.into_iter().filter(|g| !g.finished).collect();
    (unfinished, loaded.set_aside.len())
}

/// State shared by every screen.
#[derive(Clone, Copy)]
pub struct Ui {
    pub settings: Signal<Settings>,
    pub settings_error: Signal<Option<SettingsError>>,
    pub save_status: Signal<SaveStatus>,
    pub locale: Signal<Option<String>>,
    pub screen: Signal<Screen>,
    pub checker: Signal<Checker>,
    pub roller: Signal<Session<Roller>>,
    pub game: Signal<Option<Active<Serieux>>>,
    pub genius: Signal<Option<Active<Genius>>>,
    pub einstein: Signal<Option<Active<Einstein>>>,
    pub sequence: Signal<Option<Active<Sequence>>>,
    pub rtt: Signal<Option<Active<Rtt>>>,
    pub words: Signal<Option<Active<Words>>>,
    pub saved: Signal<Vec<SavedGame>>,
    pub set_aside: Signal<usize>,
}

impl Ui {
    pub fn lang(&self) -> Lang {
        self.settings
            .read()
            .effective_lang(self.locale.read().as_deref())
    }

    pub fn texts(&self) -> &'static Texts {
        self.lang().texts()
    }

    pub fn go(&mut self, screen: Screen) {
        if screen == Screen::Home {
            let (saved, set_aside) = load_saved();
            self.saved.set(saved);
            let before = *self.set_aside.peek();
            self.set_aside.set(before + set_aside);
        }
        self.screen.set(screen);
    }

    /// A click handler that shows `screen` (one handler type for every
    /// such button, so one copy of its code).
    pub fn go_to(self, screen: Screen) -> impl FnMut(MouseEvent) + 'static {
        move |_| {
            let mut ui = self;
            ui.go(screen)
        }
    }

    /// Where the back button leads from `screen`.
    pub fn parent(&self, screen: Screen) -> Screen {
        match screen {
            Screen::SerieuxRules if self.game.read().is_some() => Screen::SerieuxGame,
            Screen::SerieuxRules => Screen::SerieuxSetup,
            Screen::GeniusRules if self.genius.read().is_some() => Screen::GeniusGame,
            Screen::GeniusRules => Screen::GeniusSetup,
            Screen::EinsteinRules if self.einstein.read().is_some() => Screen::EinsteinGame,
            Screen::EinsteinRules => Screen::EinsteinSetup,
            Screen::SequenceRules if self.sequence.read().is_some() => Screen::SequenceGame,
            Screen::SequenceRules => Screen::SequenceSetup,
            Screen::RttRules if self.rtt.read().is_some() => Screen::RttGame,
            Screen::RttRules => Screen::RttSetup,
            Screen::WordsRules if self.words.read().is_some() => Screen::WordsGame,
            Screen::WordsRules => Screen::WordsSetup,
            game if self.viewing(game) => Screen::History,
            _ => Screen::Home,
        }
    }

    /// True on the screen of a finished game opened from the history.
    pub fn viewing(&self, screen: Screen) -> bool {
        fn ro<R: crate::core::session::Rules + 'static>(s: Signal<Option<Active<R>>>) -> bool {
            s.read().as_ref().is_some_and(|a| a.read_only)
        }
        match screen {
            Screen::SerieuxGame => ro(self.game),
            Screen::GeniusGame => ro(self.genius),
            Screen::EinsteinGame => ro(self.einstein),
            Screen::SequenceGame => ro(self.sequence),
            Screen::RttGame => ro(self.rtt),
            Screen::WordsGame => ro(self.words),
            _ => false,
        }
    }

    /// Changes the settings and stores them at once.
    pub fn update_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings.write());
        let json = self.settings.read().to_json();
        let status = match platform::save(SETTINGS_KEY, &json) {
            Ok(()) => {
                self.settings_error.set(None);
                SaveStatus::Saved
            }
            Err(_) => SaveStatus::Failed,
        };
        self.save_status.set(status);
    }
}

pub fn use_ui() -> Ui {
    use_context::<Ui>()
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
    // `use_signal`'s) and provides them to the screens.
    let ui = use_context_provider(|| Ui {
        settings: Signal::new(init.settings.clone()),
        settings_error: Signal::new(init.settings_error.clone()),
        save_status: Signal::new(SaveStatus::Idle),
        locale: Signal::new(init.locale.clone()),
        screen: Signal::new(init.screen),
        checker: Signal::new(init.checker.clone()),
        roller: Signal::new(roller::new_roller()),
        game: Signal::new(None),
        genius: Signal::new(None),
        einstein: Signal::new(None),
        sequence: Signal::new(None),
        rtt: Signal::new(None),
        words: Signal::new(None),
        saved: Signal::new(init.saved.clone()),
        set_aside: Signal::new(init.set_aside),
    });
    let Ui {
        settings, screen, ..
    } = ui;

    let lang = ui.lang();
    let t = lang.texts();
    let theme = settings.read().theme.attr();
    let current = *screen.read();
    use_effect(move || {
        let theme = settings.read().theme;
        let lang = ui.lang();
        let title = format!("{} · Genius", screen.read().title(lang));
        platform::reflect_in_document(theme.attr(), lang.code(), &title);
    });
    let title = current.title(lang);

    rsx! {
        // In the body rather than the head: no document machinery needed.
        link { rel: "stylesheet", href: platform::asset_url(STYLE) }
        div { class: "app", "data-theme": theme, lang: lang.code(),
            // Read by public/shell.js, which vibrates on rolls.
            "data-haptics": if settings.read().haptics { "on" } else { "off" },
            header { class: "topbar",
                if current != Screen::Home {
                    button {
                        class: "icon-button back",
                        "aria-label": t.back,
                        title: t.back,
                        onclick: move |_| { let mut ui = ui; let to = ui.parent(current); ui.go(to) },
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
                        onclick: ui.go_to(Screen::Settings),
                        svg { view_box: "0 0 24 24", "aria-hidden": "true",
                            path { d: GEAR, fill: "currentColor" }
                        }
                    }
                }
            }
            main { class: "screen screen-{current:?}",
                if ui.viewing(current) {
                    p { class: "notice", role: "status", "data-testid": "read-only", "{lang.history().read_only}" }
                }
                match current {
                    Screen::Home => rsx! { HomeScreen {} },
                    Screen::Checker => rsx! { CheckerScreen {} },
                    Screen::Roller => rsx! { RollerScreen {} },
                    Screen::SerieuxSetup => rsx! { SetupScreen { game: NewGame::Serieux } },
                    Screen::GeniusSetup => rsx! { SetupScreen { game: NewGame::Genius } },
                    Screen::GeniusGame => rsx! { GeniusGameScreen {} },
                    Screen::GeniusRules => rsx! { GeniusRulesScreen {} },
                    Screen::EinsteinSetup => rsx! { SetupScreen { game: NewGame::Einstein } },
                    Screen::EinsteinGame => rsx! { EinsteinGameScreen {} },
                    Screen::EinsteinRules => rsx! { EinsteinRulesScreen {} },
                    Screen::SequenceSetup => rsx! { SetupScreen { game: NewGame::Sequence } },
                    Screen::SequenceGame => rsx! { SequenceGameScreen {} },
                    Screen::SequenceRules => rsx! { SequenceRulesScreen {} },
                    Screen::RttSetup => rsx! { SetupScreen { game: NewGame::Rtt } },
                    Screen::RttGame => rsx! { RttGameScreen {} },
                    Screen::RttRules => rsx! { RttRulesScreen {} },
                    Screen::WordsSetup => rsx! { SetupScreen { game: NewGame::Words } },
                    Screen::WordsGame => rsx! { WordsGameScreen {} },
                    Screen::WordsRules => rsx! { WordsRulesScreen {} },
                    Screen::History => rsx! { HistoryScreen {} },
                    Screen::SerieuxGame => rsx! { SerieuxGameScreen {} },
                    Screen::SerieuxRules => rsx! { SerieuxRulesScreen {} },
                    Screen::Settings => rsx! { SettingsScreen {} },
                }
            }
        }
    }
}

/// A cog wheel (24×24).
const GEAR: &str = "M19.14 12.94a7.5 7.5 0 0 0 .05-.94 7.5 7.5 0 0 0-.05-.94l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7 7 0 0 0-1.63-.94l-.36-2.54a.5.5 0 0 0-.5-.42h-3.84a.5.5 0 0 0-.5.42l-.36 2.54a7 7 0 0 0-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.65 8.84a.5.5 0 0 0 .12.64l2.03 1.58a7.5 7.5 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32a.5.5 0 0 0 .6.22l2.39-.96c.5.39 1.05.71 1.63.94l.36 2.54a.5.5 0 0 0 .5.42h3.84a.5.5 0 0 0 .5-.42l.36-2.54a7 7 0 0 0 1.63-.94l2.39.96a.5.5 0 0 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64zM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7z";
