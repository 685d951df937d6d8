//! The home screen: the prime checker first, then what else works.

use super::serieux::{resume, summary};
use super::{use_ui, DieFace, Screen};
use crate::core::dice::D6;
use crate::core::serieux::Serieux;
use crate::core::session::Session;
use crate::settings::SettingsError;
use dioxus::prelude::*;

#[component]
pub fn HomeScreen() -> Element {
    let ui = use_ui();
    let lang = ui.lang();
    let t = lang.texts();
    let notice = ui.settings_error.read().clone().map(|e| match e {
        SettingsError::NewerVersion(_) => t.settings_newer,
        SettingsError::Unreadable(_) => t.settings_unreadable,
    });

    let g = lang.game();
    let set_aside = *ui.set_aside.read();
    let in_progress: Vec<(String, Session<Serieux>)> = ui
        .saved
        .read()
        .iter()
        .filter_map(|saved| {
            saved
                .session::<Serieux>()
                .ok()
                .map(|s| (saved.id.clone(), s))
        })
        .collect();

    rsx! {
        div { class: "home",
            p { class: "tagline", "{t.tagline}" }
            if let Some(notice) = notice {
                p { class: "notice", role: "status", "{notice}" }
            }
            if set_aside > 0 {
                p { class: "notice", role: "status", "data-testid": "set-aside", "{lang.games_set_aside(set_aside)}" }
            }
            if !in_progress.is_empty() {
                section { class: "info", "data-testid": "in-progress",
                    h2 { class: "section-title", "{g.in_progress}" }
                    for (id, session) in in_progress {
                        div { key: "{id}", class: "saved-row",
                            span { class: "saved-summary", "{summary(&session, lang)}" }
                            button {
                                class: "chip chip-on",
                                "data-testid": "resume-{id}",
                                onclick: {
                                    let id = id.clone();
                                    let session = session.clone();
                                    move |_| {
                                        let mut ui = ui;
                                        ui.game.set(Some(resume(&id, session.clone())));
                                        ui.go(Screen::SerieuxGame);
                                    }
                                },
                                "{g.resume}"
                            }
                            button {
                                class: "chip",
                                "data-testid": "delete-{id}",
                                onclick: {
                                    let id = id.clone();
                                    move |_| {
                                        crate::saves::forget(&id);
                                        let mut ui = ui;
                                        ui.saved.write().retain(|g| g.id != id);
                                    }
                                },
                                "{g.delete}"
                            }
                        }
                    }
                }
            }
            nav { class: "cards", "aria-label": t.home,
                button {
                    class: "card card-primary",
                    "data-testid": "open-checker",
                    onclick: move |_| { let mut ui = ui; ui.go(Screen::Checker) },
                    span { class: "card-art", "aria-hidden": "true",
                        for v in [2u8, 3, 3, 3, 3] {
                            DieFace { face: D6::new(v).unwrap_or(D6::ALL[0]) }
                        }
                    }
                    span { class: "card-title", "{t.checker_title}" }
                    span { class: "card-text", "{t.checker_blurb}" }
                }
                button {
                    class: "card",
                    "data-testid": "open-serieux",
                    onclick: move |_| { let mut ui = ui; ui.go(Screen::SerieuxSetup) },
                    span { class: "card-title", "{g.serieux_title}" }
                    span { class: "card-text", "{g.serieux_blurb}" }
                }
                button {
                    class: "card",
                    "data-testid": "open-roller",
                    onclick: move |_| { let mut ui = ui; ui.go(Screen::Roller) },
                    span { class: "card-title", "{t.roller_title}" }
                    span { class: "card-text", "{t.roller_blurb}" }
                }
                button {
                    class: "card",
                    "data-testid": "open-settings",
                    onclick: move |_| { let mut ui = ui; ui.go(Screen::Settings) },
                    span { class: "card-title", "{t.settings}" }
                    span { class: "card-text", "{t.settings_blurb}" }
                }
            }
        }
    }
}
