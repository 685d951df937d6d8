//! A Genius turn on screen, one panel per moment: the dice for a column (or
//! Expert's whole throw), the challenge die after a hit, a Défi's erasing,
//! and MIN or MAX in Partie + Longue. Each sends the game's action.

use crate::core::dice_kinds::{Challenge, Face};
use crate::core::game::{Roll, RollSource};
use crate::core::genius::{on_list, sum_of, Action, Halves, Slot, COLUMNS};
use crate::core::reading::Expect;
use crate::i18n::Lang;
use crate::ui::parts::{AppRoll, RecordTyped, RollPanel, TypedDice};
use dioxus::prelude::*;

/// The challenge die drawn with its face.
#[component]
fn ChallengeDie(face: Challenge, lang: Lang) -> Element {
    rsx! {
        span { class: "challenge-die", "data-testid": "challenge-face",
            "{lang.face_label(Face::Challenge(face))}"
        }
    }
}

/// A button per face of the challenge die, for the face of a real one
/// (`{id}-{face}` in the page).
#[component]
fn FacePicker(id: &'static str, lang: Lang, on_pick: EventHandler<Challenge>) -> Element {
    rsx! {
        div { class: "face-picker",
            for (i, face) in Challenge::ALL.into_iter().enumerate() {
                button {
                    key: "{i}",
                    class: "challenge-die pick",
                    "data-testid": "{id}-{lang.face_label(Face::Challenge(face))}",
                    onclick: move |_| on_pick.call(face),
                    "{lang.face_label(Face::Challenge(face))}"
                }
            }
        }
    }
}

/// GENIUS, + Simple, Partie + Longue: the dice for a column, rolled by the
/// app (`rolls`: the rolls the game lists) or typed in, with their sum and
/// whether it is on the list.
#[component]
pub fn ColumnRoll(
    typed: TypedDice,
    lang: Lang,
    rolls: Vec<Roll>,
    app_rolls: bool,
    caption: &'static str,
    on_roll: EventHandler<usize>,
    on_act: EventHandler<Action>,
) -> Element {
    let typed_sum = sum_of(&typed.dice());
    rsx! {
        RollPanel {
            typed,
            lang,
            // Enabled when the game lists this roll; a tap on a
            // full column gets the game's refusal.
            app_roll: AppRoll::Counts { id: "genius-roll", listed: Some(rolls) },
            app_rolls,
            on_roll: move |k| on_roll.call(k),
            caption,
            if !typed.is_empty() {
                p { class: "typed-sum", "data-testid": "typed-sum",
                    "{lang.dice_count(typed.len())} = {typed_sum}"
                    if on_list(Halves::whole(typed_sum)) { " ✓" } else { " ✗" }
                }
            }
            RecordTyped { typed, lang, ready: !typed.is_empty(),
                on_record: move |dice| on_act.call(Action::Roll { dice, source: RollSource::Typed }),
            }
        }
    }
}

/// Expert: the five dice and the challenge die thrown at once, by the app
/// or typed in (the dice, then the challenge die's face).
#[component]
pub fn ExpertRoll(
    lang: Lang,
    app_rolls: bool,
    on_throw: EventHandler<()>,
    on_act: EventHandler<Action>,
    typed: TypedDice,
) -> Element {
    let t = lang.genius();
    rsx! {
        RollPanel {
            app_roll: AppRoll::One { id: "expert-throw", label: t.expert_throw },
            reads: Expect::exactly(COLUMNS),
            typed,
            lang,
            app_rolls,
            on_roll: move |_| on_throw.call(()),
            caption: t.expert_enter,
            if typed.is_full() {
                FacePicker { id: "expert-face", lang,
                    on_pick: move |challenge| {
                        on_act.call(Action::Expert { dice: typed.dice(), challenge, source: RollSource::Typed });
                        typed.clear();
                    },
                }
            }
        }
    }
}

/// After a hit: the sum, and the challenge die to roll or its face to pick.
#[component]
pub fn ChallengePanel(
    sum: Halves,
    lang: Lang,
    app_rolls: bool,
    on_throw: EventHandler<()>,
    on_act: EventHandler<Action>,
) -> Element {
    let t = lang.genius();
    rsx! {
        section { class: "info play",
            p { class: "big-sum", "data-testid": "hit-sum", "{lang.points(sum)}" }
            button {
                class: "roll-main",
                "data-testid": "roll-challenge",
                hidden: !app_rolls,
                "data-haptic": "roll",
                onclick: move |_| on_throw.call(()),
                "{t.roll_challenge}"
            }
            p { class: "caption", "{t.or_pick_face}" }
            FacePicker { id: "face", lang,
                on_pick: move |face| on_act.call(Action::Challenge { face, source: RollSource::Typed }),
            }
        }
    }
}

/// A Défi: erase a number in a grid (tapped there) or keep them all.
#[component]
pub fn DefiPanel(
    face: Challenge,
    sum: Halves,
    lang: Lang,
    on_act: EventHandler<Action>,
) -> Element {
    let t = lang.genius();
    rsx! {
        section { class: "info play", "data-testid": "defi",
            p { ChallengeDie { face, lang } " {lang.defi_instruction(face, &lang.points(sum))}" }
            button { class: "action", "data-testid": "keep-all", onclick: move |_| on_act.call(Action::KeepAll), "{t.defi_keep}" }
        }
    }
}

/// Partie + Longue: the value goes in the MIN or the MAX cell of the
/// column; the `slots` the game allows are the ones offered.
#[component]
pub fn PlacePanel(
    column: usize,
    value: Halves,
    slots: Vec<Slot>,
    lang: Lang,
    on_act: EventHandler<Action>,
) -> Element {
    let t = lang.genius();
    rsx! {
        section { class: "info play", "data-testid": "place",
            p { class: "big-sum", "{lang.points(value)}" }
            h2 { class: "section-title", "{t.place_where} ({lang.column_name(column, false)})" }
            div { class: "actions",
                for (i, slot) in [Slot::Min, Slot::Max].into_iter().enumerate() {
                    button {
                        key: "{i}",
                        class: "roll-main",
                        "data-testid": "place-{slot:?}",
                        "aria-disabled": if slots.contains(&slot) { "false" } else { "true" },
                        onclick: move |_| on_act.call(Action::Place { slot }),
                        "{lang.slot_name(slot)}"
                    }
                }
            }
        }
    }
}
