//! Who sits at the table: a name per seat (names played with before a tap
//! away), and who starts.

use super::draft::SetupDraft;
use crate::core::game::GameKind;
use crate::core::table::{Colour, MAX_PLAYERS};
use crate::i18n::Lang;
use crate::records;
use crate::ui::parts::colour_class;
use dioxus::prelude::*;

/// A name field per seat (a seat removed while more than one is left), a
/// seat added up to the game's most, and the names played with before
/// that are not at the table yet.
#[component]
pub fn PlayerNames(draft: SetupDraft, game: GameKind, lang: Lang) -> Element {
    let g = lang.game();
    let (mut names, mut error) = (draft.names, draft.error);
    let recent = use_hook(records::remembered_names);
    let current = names.read().clone();
    let unused: Vec<String> = recent
        .iter()
        .filter(|r| !current.iter().any(|n| n.trim().eq_ignore_ascii_case(r)))
        .take(8)
        .cloned()
        .collect();
    rsx! {
        section { class: "info",
            h2 { class: "section-title", "{g.players}" }
            for (i, name) in current.iter().enumerate() {
                div { key: "{i}", class: "player-row",
                    span { class: "player-symbol {colour_class(Colour::ALL[i])}", "aria-hidden": "true", "{Colour::ALL[i].symbol()}" }
                    input {
                        class: "name-input",
                        "data-testid": "name-{i}",
                        r#type: "text",
                        maxlength: "24",
                        autocomplete: "off",
                        placeholder: "{g.player} {i + 1}",
                        "aria-label": "{g.player} {i + 1}",
                        value: "{name}",
                        oninput: move |e| { names.write()[i] = e.value(); error.set(None); },
                    }
                    if current.len() > 1 {
                        button {
                            class: "icon-button",
                            "data-testid": "remove-player-{i}",
                            "aria-label": "{lang.texts().roller_remove} {g.player} {i + 1}",
                            onclick: move |_| { names.write().remove(i); },
                            "✕"
                        }
                    }
                }
            }
            if current.len() < *game.players().end() {
                button {
                    class: "action",
                    "data-testid": "add-player",
                    onclick: move |_| names.write().push(String::new()),
                    "+ {g.add_player}"
                }
            }
            if !unused.is_empty() {
                h2 { class: "section-title", "{g.recent_players}" }
                div { class: "chips",
                    for r in unused {
                        button {
                            key: "{r}",
                            class: "chip",
                            onclick: move |_| {
                                let mut list = names.write();
                                if let Some(slot) = list.iter_mut().find(|n| n.trim().is_empty()) {
                                    *slot = r.clone();
                                } else if list.len() < MAX_PLAYERS {
                                    list.push(r.clone());
                                }
                            },
                            "{r}"
                        }
                    }
                }
            }
        }
    }
}

/// Who starts: a roll-off, or a player chosen by the table.
#[component]
pub fn WhoStarts(draft: SetupDraft, lang: Lang) -> Element {
    let g = lang.game();
    let (mut roll_off, mut chosen) = (draft.roll_off, draft.chosen);
    let names = draft.names.read().clone();
    rsx! {
        fieldset { class: "choice-group",
            legend { "{g.who_starts}" }
            label { class: "choice",
                input { r#type: "radio", name: "first", "data-testid": "first-rolloff", checked: roll_off(), onchange: move |_| roll_off.set(true) }
                span { "{g.roll_off}" }
            }
            label { class: "choice",
                input { r#type: "radio", name: "first", "data-testid": "first-chosen", checked: !roll_off(), onchange: move |_| roll_off.set(false) }
                span { "{g.chosen}" }
            }
            if !roll_off() {
                div { class: "chips",
                    for (i, name) in names.iter().enumerate() {
                        button {
                            key: "{i}",
                            class: if chosen() == i { "chip chip-on" } else { "chip" },
                            "aria-pressed": if chosen() == i { "true" } else { "false" },
                            "data-testid": "first-{i}",
                            onclick: move |_| chosen.set(i),
                            if name.trim().is_empty() { "{g.player} {i + 1}" } else { "{name}" }
                        }
                    }
                }
            }
        }
    }
}
