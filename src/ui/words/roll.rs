//! The word game's rolls on screen: the theme die, then the five letter
//! dice and the colour die, rolled by the app or their faces typed from the
//! real dice.

use super::draft::WordsDraft;
use crate::core::dice_kinds::LETTER_FACES;
use crate::core::game::RollSource;
use crate::core::words::{Action, COLOUR_FACES};
use crate::i18n::Lang;
use crate::ui::roller::die_colour_class;
use dioxus::prelude::*;

/// The theme die: the app's roll, or the face of the real die tapped
/// among the themes of `card`.
#[component]
pub fn ThemeRoll(
    card: usize,
    lang: Lang,
    /// The app rolls now (see `GameDice::app_rolls`).
    app_rolls: bool,
    on_roll: EventHandler<()>,
    on_act: EventHandler<Action>,
) -> Element {
    let w = lang.words();
    rsx! {
        section { class: "info play",
            button {
                class: "roll-main",
                "data-testid": "roll-theme",
                hidden: !app_rolls,
                "data-haptic": "roll",
                onclick: move |_| on_roll.call(()),
                "{w.roll_theme}"
            }
            p { class: "caption", "{w.or_theme}" }
            div { class: "theme-list", role: "group", "aria-label": w.theme,
                for t in 0..6usize {
                    button {
                        key: "{t}",
                        class: "theme-face",
                        "data-testid": "theme-face-{t + 1}",
                        onclick: move |_| on_act.call(Action::RollTheme { value: t as u32 + 1, source: RollSource::Typed }),
                        span { class: "theme-number", "{t + 1}" }
                        "{lang.theme_name(card, t)}"
                    }
                }
            }
        }
    }
}

/// The letter dice and the colour die: the app's roll, or each real die's
/// face tapped, then confirmed (`on_typed` gets the letters' faces and the
/// colour's).
#[component]
pub fn DiceRoll(
    draft: WordsDraft,
    lang: Lang,
    /// The app rolls now (see `GameDice::app_rolls`).
    app_rolls: bool,
    on_roll: EventHandler<()>,
    on_typed: EventHandler<(Vec<usize>, usize)>,
) -> Element {
    let w = lang.words();
    let (mut letters, mut colour) = (draft.letters, draft.colour);
    let typed = draft.typed_dice();
    rsx! {
        section { class: "info play",
            button {
                class: "roll-main",
                "data-testid": "roll-dice",
                hidden: !app_rolls,
                "data-haptic": "roll",
                onclick: move |_| on_roll.call(()),
                "{w.roll_dice}"
            }
            p { class: "caption", "{w.or_dice}" }
            for (k, (die, faces)) in LETTER_FACES.iter().enumerate() {
                div { key: "{k}", class: "letter-row", role: "group", "aria-label": lang.die_of(*die),
                    span { class: "letter-row-name", "{lang.colour_name(*die)}" }
                    for (i, l) in faces.iter().enumerate() {
                        button {
                            key: "{i}",
                            class: "ldie-key rdie-letter rdie-{die_colour_class(*die)}",
                            "aria-pressed": if letters()[k] == Some(i) { "true" } else { "false" },
                            "data-testid": "lface-{k}-{l}",
                            onclick: move |_| letters.write()[k] = Some(i),
                            "{l}"
                        }
                    }
                }
            }
            div { class: "letter-row", role: "group", "aria-label": w.colour_die,
                span { class: "letter-row-name", "{w.colour_die}" }
                for (i, c) in COLOUR_FACES.iter().enumerate() {
                    button {
                        key: "{i}",
                        class: "ldie-key colour-key",
                        "aria-pressed": if colour() == Some(i) { "true" } else { "false" },
                        "aria-label": lang.colour_name(*c),
                        title: lang.colour_name(*c),
                        "data-testid": "cface-{die_colour_class(*c)}",
                        onclick: move |_| colour.set(Some(i)),
                        span { class: "swatch swatch-{die_colour_class(*c)}", "aria-hidden": "true" }
                        small { "{lang.colour_name(*c)}" }
                    }
                }
            }
            button {
                class: "action primary",
                "data-testid": "confirm-dice",
                disabled: typed.is_none(),
                onclick: move |_| {
                    if let Some(dice) = draft.typed_dice() {
                        on_typed.call(dice);
                    }
                },
                "{w.confirm_dice}"
            }
        }
    }
}
