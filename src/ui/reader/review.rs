//! The dice read, to confirm: their faces as big chips, the face picker
//! that corrects one (or adds a die missed), why they cannot go in yet,
//! and the one tap that puts them in.

use super::session::{CameraSession, Picking};
use crate::core::dice::{D6, MAX_DICE};
use crate::core::reading::Reading;
use crate::i18n::Lang;
use crate::ui::DieFace;
use dioxus::prelude::*;

/// The review of the dice read by `cam`: `on_confirm` hears the faces once
/// the player confirms them; `on_again` reads again.
#[component]
pub fn Review(
    cam: CameraSession,
    lang: Lang,
    on_confirm: EventHandler<Vec<D6>>,
    on_again: EventHandler<()>,
) -> Element {
    let t = lang.reader();
    let Some(reading) = cam.reading.read().clone() else {
        return rsx! {};
    };
    let ready = reading.faces();
    let mut picking = cam.picking;
    rsx! {
        ReadList { reading: reading.clone(), lang, on_pick: move |p| picking.set(Some(p)) }
        if let Some(p) = picking() {
            FacePicker {
                lang,
                picking: p,
                current: match p {
                    Picking::Die(i) => reading.dice().get(i).map(|d| d.face),
                    Picking::Added => None,
                },
                on_face: move |face| cam.set_face(p, face),
                on_remove: move |_| cam.remove(p),
                on_cancel: move |_| picking.set(None),
            }
        }
        match &ready {
            Err(why) => rsx! {
                p { class: "entry-error", role: "status", "data-testid": "reader-not-yet", "⚠ {lang.not_yet(*why)}" }
            },
            Ok(_) => rsx! { p { class: "caption", "{t.tap_to_fix}" } },
        }
        button {
            class: "roll-main",
            "data-testid": "reader-confirm",
            "aria-disabled": if ready.is_ok() { "false" } else { "true" },
            onclick: move |_| {
                if let Some(faces) = cam.confirm() {
                    on_confirm.call(faces);
                }
            },
            "✓ {t.confirm}"
        }
        div { class: "actions",
            button {
                class: "action",
                "data-testid": "reader-add",
                disabled: reading.dice().len() >= MAX_DICE,
                onclick: move |_| picking.set(Some(Picking::Added)),
                "+ {t.add}"
            }
            button { class: "action", "data-testid": "reader-again", onclick: move |_| on_again.call(()), "↻ {t.again}" }
        }
    }
}

/// The dice read, in order, as big faces to tap (the added ones too).
#[component]
fn ReadList(reading: Reading, lang: Lang, on_pick: EventHandler<Picking>) -> Element {
    rsx! {
        div { class: "read-list", role: "group", "data-testid": "read-list",
            for (i, die) in reading.dice().iter().enumerate() {
                button {
                    key: "{i}",
                    class: if die.needs_confirming() { "read-chip unsure" } else { "read-chip" },
                    "data-testid": "read-chip-{i}",
                    "data-face": "{die.face}",
                    "aria-label": lang.read_die_label(die),
                    onclick: move |_| on_pick.call(Picking::Die(i)),
                    DieFace { face: die.face, class: "mini" }
                    if die.needs_confirming() { span { class: "read-mark", "?" } }
                    if die.added() { span { class: "read-mark", "+" } }
                }
            }
        }
    }
}

/// The six faces for the die being corrected (or added), and "not a die".
#[component]
fn FacePicker(
    lang: Lang,
    picking: Picking,
    current: Option<D6>,
    on_face: EventHandler<D6>,
    on_remove: EventHandler<()>,
    on_cancel: EventHandler<()>,
) -> Element {
    let t = lang.reader();
    rsx! {
        section { class: "reader-pick", "data-testid": "reader-pick", role: "group", "aria-label": t.which_face,
            p { class: "section-title", "{t.which_face}" }
            div { class: "keypad small",
                for face in D6::ALL {
                    button {
                        key: "{face.value()}",
                        class: if current == Some(face) { "face-button chip-on" } else { "face-button" },
                        "aria-pressed": if current == Some(face) { "true" } else { "false" },
                        "data-testid": "reader-face-{face.value()}",
                        "aria-label": "{face}",
                        onclick: move |_| on_face.call(face),
                        DieFace { face }
                    }
                }
            }
            div { class: "actions",
                if let Picking::Die(_) = picking {
                    button { class: "action", "data-testid": "reader-remove", onclick: move |_| on_remove.call(()), "✕ {t.remove}" }
                }
                button { class: "action", onclick: move |_| on_cancel.call(()), "{lang.dice().cancel}" }
            }
        }
    }
}
