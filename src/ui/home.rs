//! The home screen: the prime checker first, then what else works.

use super::{use_ui, DieFace, Screen};
use crate::core::dice::D6;
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

    rsx! {
        div { class: "home",
            p { class: "tagline", "{t.tagline}" }
            if let Some(notice) = notice {
                p { class: "notice", role: "status", "{notice}" }
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
