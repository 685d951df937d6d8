//! The dice on the table: each die with its face (a tap keeps it or
//! lets it go), the sum, and the buttons that roll the dice not kept and
//! take a roll back.

use super::die_colour_class;
use crate::core::dice::D6;
use crate::core::dice_kinds::{DieKind, Face};
use crate::core::game::Roll;
use crate::core::roller::{Action, Roller};
use crate::core::session::Session;
use crate::i18n::Lang;
use crate::platform;
use crate::ui::DieFace;
use dioxus::prelude::*;

fn kind_class(kind: DieKind) -> String {
    match kind {
        DieKind::Letter(c) => format!("rdie rdie-letter rdie-{}", die_colour_class(c)),
        DieKind::Colour => "rdie rdie-colour".into(),
        DieKind::Challenge => "rdie rdie-challenge".into(),
        DieKind::White => "rdie rdie-white".into(),
        DieKind::Theme => "rdie rdie-theme".into(),
        other => format!("rdie rdie-d{}", other.sides()),
    }
}

/// One die as drawn on the table: a d6 with pips, others with their label.
#[component]
fn RollerDie(kind: DieKind, face: Option<Face>, lang: Lang) -> Element {
    let d6 = match (kind, face) {
        (DieKind::D6, Some(Face::Number(n))) => D6::new(n as u8),
        _ => None,
    };
    let swatch = match face {
        Some(Face::Colour(c)) => Some(die_colour_class(c)),
        _ => None,
    };
    rsx! {
        if let Some(d) = d6 {
            DieFace { face: d }
        } else {
            span { class: "rdie-face",
                if let Some(c) = swatch {
                    span { class: "swatch swatch-{c}", "aria-hidden": "true" }
                }
                span { class: "rdie-label", {face.map(|f| lang.face_label(f)).unwrap_or_else(|| "?".into())} }
            }
        }
    }
}

/// The dice as they show, kept ones marked, and the sum of the last roll.
#[component]
pub fn TableTop(roller: Signal<Session<Roller>>, lang: Lang, animate: bool) -> Element {
    let t = lang.texts();
    let session = roller.read();
    let state = session.state();
    let dice: Vec<DieKind> = state.dice().to_vec();
    let showing = state.showing();
    let kept: Vec<bool> = (0..dice.len()).map(|i| state.is_kept(i)).collect();
    let rolled_once = showing.iter().any(|f| f.is_some());
    let rolls = state.rolls();
    let sum = state.history().next().and_then(|h| h.sum);
    drop(session);
    rsx! {
        section { class: "table-top", "aria-live": "polite",
            if dice.is_empty() {
                p { class: "caption", "{t.roller_empty}" }
            }
            div { class: if animate { "roller-dice animate roll-{rolls % 2}" } else { "roller-dice" },
                for (i, kind) in dice.iter().copied().enumerate() {
                    button {
                        key: "{i}-{rolls}",
                        class: "rdie-slot",
                        class: if kept[i] { "kept" },
                        "data-testid": "die-{i}",
                        "aria-pressed": if kept[i] { "true" } else { "false" },
                        disabled: !rolled_once,
                        onclick: move |_| {
                            let kept_now = roller.read().state().is_kept(i);
                            let _ = roller.write().act(Action::Keep { die: i, kept: !kept_now });
                        },
                        span { class: "{kind_class(kind)}",
                            RollerDie { kind, face: showing[i], lang }
                        }
                        span { class: "rdie-name", "{lang.die_name(kind)}" }
                        if kept[i] {
                            span { class: "kept-badge", "✓ {t.roller_kept}" }
                        }
                    }
                }
            }
            // The sum and the hint have their room before the first
            // roll too (an empty line for dice without a sum), so that
            // the Roll button below stays where it was tapped.
            match sum {
                Some(sum) => rsx! { p { class: "roller-sum", "data-testid": "sum", "{lang.labelled(t.roller_sum, sum)}" } },
                None => rsx! { p { class: "roller-sum", "aria-hidden": "true", "\u{a0}" } },
            }
            p { class: "caption", "{t.roller_keep_hint}" }
        }
    }
}

/// Roll (the dice not kept) and take the last roll back; below them, where
/// an undone roll's dice will come back.
#[component]
pub fn RollButtons(roller: Signal<Session<Roller>>, lang: Lang) -> Element {
    let t = lang.texts();
    let session = roller.read();
    let state = session.state();
    let any_kept = (0..state.dice().len()).any(|i| state.is_kept(i));
    let to_roll = state.to_roll();
    let can_undo = session.can_undo();
    // An undone roll's dice wait to come back: said where they will.
    let undone_roll = session.waiting_roll();
    drop(session);
    rsx! {
        div { class: "roller-actions",
            button {
                class: "roll-main",
                "data-testid": "roll",
                "data-haptic": "roll",
                disabled: to_roll == 0,
                onclick: move |_| {
                    let roll = Roll::of(roller.read().state().kinds_to_roll());
                    let thrown = roller.read().throw(&roll, platform::random_face);
                    if let Some(action) = thrown {
                        let _ = roller.write().act(action);
                    }
                },
                if any_kept { "{t.roller_roll} ({to_roll})" } else { "{t.roller_roll}" }
            }
            button {
                class: "action",
                "data-testid": "roller-undo",
                disabled: !can_undo,
                onclick: move |_| { roller.write().undo(); },
                "↶ {t.roller_undo}"
            }
        }
        // Below the buttons, so that Roll stays where it was.
        if undone_roll {
            p { class: "roller-undone", role: "status", "data-testid": "roll-comes-back", "↶ {t.roller_undone}" }
        }
    }
}
