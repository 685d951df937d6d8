//! The home screen: the prime checker first, then what else works.

use super::table::use_table;
use super::{use_nav, use_prefs, use_saves, DieFace, GameTitles, Screen};
use crate::core::dice::D6;
use crate::core::game::GameKind;
use crate::core::save::{GameId, SavedGame};
use crate::i18n::Lang;
use crate::settings::SettingsError;
use dioxus::prelude::*;

#[component]
pub fn HomeScreen() -> Element {
    let lang = use_prefs().lang();
    let saves = use_saves();
    // Home lists the finished games without reading their summaries (see
    // `saves::listing`); they are read once Home is on screen, for History.
    use_future(|| async {
        crate::platform::sleep_ms(50).await;
        crate::saves::with_index(crate::saves::Replays::Later, |_| ());
    });
    // A game saved without its summary (by an earlier version) is listed
    // by its name and date until a replay gives it, once Home is on screen:
    // the rules of the games are not in the start's code.
    use_future(move || async move {
        if crate::saves::unsummarised() {
            saves.replay_unsummarised().await;
        }
    });

    rsx! {
        div { class: "home",
            p { class: "tagline", "{lang.texts().tagline}" }
            HomeNotices { lang }
            InProgress { lang }
            HomeCards { lang }
        }
    }
}

/// What the app has to say on opening: settings it could not read, games
/// set aside or gone back to an earlier save, storage full.
#[component]
fn HomeNotices(lang: Lang) -> Element {
    let (prefs, saves, table) = (use_prefs(), use_saves(), use_table());
    let t = lang.texts();
    let notice = prefs.error.read().clone().map(|e| match e {
        SettingsError::NewerVersion(_) => t.settings_newer,
        SettingsError::NotRead(_) | SettingsError::Unreadable(_) => t.settings_unreadable,
    });
    let set_aside = *saves.set_aside.read();
    let full = crate::saves::storage_full();
    let offset = crate::platform::local_offset_minutes();
    let went_back: Vec<String> = saves
        .restored
        .read()
        .iter()
        .map(|saved| {
            let players = saved
                .summary
                .as_ref()
                .map(|s| s.standings.names().join(", "))
                .unwrap_or_default();
            let date = crate::core::history::date_text(saved.saved_at, offset);
            lang.went_back(lang.game_title(saved.game), &players, &date)
        })
        .collect();
    let bad_link = table.bad_link.read().is_some();
    rsx! {
        if bad_link {
            p { class: "entry-error", role: "alert", "data-testid": "link-status", "⚠ {lang.table_bad_link()}" }
        }
        if let Some(notice) = notice {
            p { class: "notice", role: "status", "{notice}" }
        }
        if set_aside > 0 {
            p { class: "notice", role: "status", "data-testid": "set-aside", "{lang.games_set_aside(set_aside)}" }
        }
        if full {
            p { class: "entry-error", role: "alert", "data-testid": "storage-full", "⚠ {lang.storage().full_home}" }
        }
        for (i, line) in went_back.iter().enumerate() {
            p { key: "{i}", class: "notice", role: "status", "data-testid": "went-back", "{line}" }
        }
    }
}

/// The games in progress, each to resume or to delete (after a yes).
#[component]
fn InProgress(lang: Lang) -> Element {
    let (saves, nav, table) = (use_saves(), use_nav(), use_table());
    let g = lang.game();
    let st = lang.storage();
    let offset = crate::platform::local_offset_minutes();
    // The unfinished game whose delete waits for a yes.
    let mut confirming = use_signal(|| None::<GameId>);
    let in_progress: Vec<(SavedGame, String)> = saves
        .saved
        .read()
        .iter()
        .map(|saved| (saved.clone(), describe(saved, lang, offset)))
        .collect();
    if in_progress.is_empty() {
        return rsx! {};
    }
    rsx! {
        section { class: "info", "data-testid": "in-progress",
            h2 { class: "section-title", "{g.in_progress}" }
            for (saved, description) in in_progress {
                div { key: "{saved.id}", class: "saved-row",
                    span { class: "saved-summary", "{description}" }
                    button {
                        class: "chip chip-on",
                        "data-testid": "resume-{saved.id}",
                        onclick: {
                            let saved = saved.clone();
                            move |_| saves.resume(&saved, nav, table)
                        },
                        "{g.resume}"
                    }
                    if confirming().as_ref() == Some(&saved.id) {
                        span { class: "saved-summary", role: "alert", "{st.confirm_delete}" }
                        button {
                            class: "chip",
                            "data-testid": "confirm-delete-{saved.id}",
                            onclick: {
                                let id = saved.id.clone();
                                move |_| {
                                    confirming.set(None);
                                    if crate::saves::forget(&id).is_ok() {
                                        let mut saved = saves.saved;
                                        saved.write().retain(|g| g.id != id);
                                    }
                                }
                            },
                            "{st.yes_delete}"
                        }
                        button {
                            class: "chip chip-on",
                            "data-testid": "keep-{saved.id}",
                            onclick: move |_| confirming.set(None),
                            "{st.keep}"
                        }
                    } else {
                        button {
                            class: "chip",
                            "data-testid": "delete-{saved.id}",
                            onclick: {
                                let id = saved.id.clone();
                                move |_| confirming.set(Some(id.clone()))
                            },
                            "{g.delete}"
                        }
                    }
                }
            }
        }
    }
}

/// A card per screen: the checker first, every game, then the rest of the
/// app.
#[component]
fn HomeCards(lang: Lang) -> Element {
    let nav = use_nav();
    let t = lang.texts();
    let games = GameKind::ALL.map(|kind| {
        let screen = Screen::Setup(kind);
        (
            kind.name(),
            screen,
            lang.game_title(kind),
            lang.game_blurb(kind),
        )
    });
    let others = [
        (
            "history",
            Screen::History,
            lang.history().title,
            lang.history().blurb,
        ),
        ("roller", Screen::Roller, t.roller_title, t.roller_blurb),
        ("settings", Screen::Settings, t.settings, t.settings_blurb),
    ];
    let cards = games.into_iter().chain(others);
    rsx! {
        nav { class: "cards", "aria-label": t.home,
            button {
                class: "card card-primary",
                "data-testid": "open-checker",
                onclick: nav.go_on_click(Screen::Checker),
                span { class: "card-art", "aria-hidden": "true",
                    for v in [2u8, 3, 3, 3, 3] {
                        DieFace { face: D6::new(v).unwrap_or(D6::ALL[0]) }
                    }
                }
                span { class: "card-title", "{t.checker_title}" }
                span { class: "card-text", "{t.checker_blurb}" }
            }
            for (id, screen, title, text) in cards {
                button {
                    key: "{id}",
                    class: "card",
                    "data-testid": "open-{id}",
                    onclick: nav.go_on_click(screen),
                    span { class: "card-title", "{title}" }
                    span { class: "card-text", "{text}" }
                }
            }
        }
    }
}

impl Screen {
    /// The screen a card of the home screen opens, from the card's name in
    /// the page (`data-testid`): `open-checker`, `open-<game>`,
    /// `open-history`, `open-roller`, `open-settings`.
    pub fn of_home_card(testid: &str) -> Option<Screen> {
        match testid.strip_prefix("open-")? {
            "checker" => Some(Screen::Checker),
            "history" => Some(Screen::History),
            "roller" => Some(Screen::Roller),
            "settings" => Some(Screen::Settings),
            game => GameKind::ALL
                .into_iter()
                .find(|kind| kind.name() == game)
                .map(Screen::Setup),
        }
    }
}

/// A saved game's line on the home screen: its summary, or, until it has
/// one, its name and the time it was saved.
fn describe(saved: &SavedGame, lang: Lang, offset_minutes: i32) -> String {
    let line = match &saved.summary {
        Some(summary) => lang.summary(lang.game_title(summary.kind), summary),
        None => {
            let date = crate::core::history::date_text(saved.saved_at, offset_minutes);
            format!("{} · {date}", lang.game_title(saved.game))
        }
    };
    // Resumed, it opens at its table: said, not left to a surprise.
    match &saved.table {
        Some(_) => format!("{line} · {}", lang.game().at_table),
        None => line,
    }
}
