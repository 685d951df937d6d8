//! Which dice are on the table: a set for a game of the rulebooks, a die
//! added, a die taken away.

use super::presets;
use crate::core::dice_kinds::DieKind;
use crate::core::roller::MAX_DICE;
use crate::i18n::Lang;
use dioxus::prelude::*;

/// The sets of the games, a button per kind of die to add, and one per die
/// to remove (while more than one is left); `on_set` gets the new dice.
#[component]
pub fn DiceSet(dice: Vec<DieKind>, lang: Lang, on_set: EventHandler<Vec<DieKind>>) -> Element {
    let t = lang.texts();
    let set_dice = move |new: Vec<DieKind>| {
        if !new.is_empty() {
            on_set.call(new);
        }
    };
    rsx! {
        section { class: "info",
            h2 { class: "section-title", "{t.roller_presets}" }
            div { class: "chips",
                for (name, set) in presets(lang) {
                    button {
                        key: "{name}",
                        class: "chip",
                        onclick: move |_| set_dice(set.clone()),
                        "{name}"
                    }
                }
            }
            h2 { class: "section-title", "{t.roller_add}" }
            div { class: "chips",
                for (i, kind) in DieKind::ALL.into_iter().enumerate() {
                    button {
                        key: "{i}",
                        class: "chip",
                        "data-testid": "add-{lang.die_name(kind)}",
                        disabled: dice.len() >= MAX_DICE,
                        onclick: {
                            let dice = dice.clone();
                            move |_| set_dice([dice.clone(), vec![kind]].concat())
                        },
                        "+ {lang.die_name(kind)}"
                    }
                }
            }
            if dice.len() > 1 {
                h2 { class: "section-title", "{t.roller_remove}" }
                div { class: "chips",
                    for (i, kind) in dice.iter().copied().enumerate() {
                        button {
                            key: "rm-{i}",
                            class: "chip chip-remove",
                            "data-testid": "remove-{i}",
                            onclick: {
                                let dice = dice.clone();
                                move |_| {
                                    let mut d = dice.clone();
                                    d.remove(i);
                                    set_dice(d)
                                }
                            },
                            "✕ {lang.die_name(kind)}"
                        }
                    }
                }
            }
        }
    }
}
