//! Roll to the Top's rolls on screen: the dice pool with the white die,
//! the start roll while it is news, and the rolls of the app or of real
//! dice (their values typed, and for a roll the white face).

use super::die_class;
use super::draft::RttDraft;
use crate::core::dice_kinds::{DieKind, Face, White};
use crate::core::game::RollSource;
use crate::core::rtt::{Action, COLOURED};
use crate::i18n::Lang;
use dioxus::prelude::*;

/// The coloured dice, in play or out (before the first roll every one is
/// about to be rolled), and the white die's face for the next roll.
#[component]
pub fn Pool(in_play: Vec<DieKind>, white: Option<White>, lang: Lang) -> Element {
    let t = lang.rtt();
    rsx! {
        div { class: "pool", "data-testid": "pool",
            for (i, kind) in COLOURED.into_iter().enumerate() {
                span {
                    key: "{i}",
                    class: if in_play.contains(&kind) { "pool-die in" } else { "pool-die out" },
                    span { class: "{die_class(kind)}", "d{kind.sides()}" }
                }
            }
            if let Some(w) = white {
                span { class: "pool-die white", title: t.white_next,
                    span { class: "rdie rdie-white", "{lang.face_label(Face::White(w))}" }
                }
            }
        }
    }
}

/// The start (`start`: every coloured die rolled) or a roll: the start
/// roll while it is news, the app's button, and the values of the real
/// dice `in_play`, with a roll's white face.
#[component]
pub fn RollEntry(
    start: bool,
    start_roll: Vec<(DieKind, u32, bool)>,
    in_play: Vec<DieKind>,
    draft: RttDraft,
    lang: Lang,
    /// The app rolls now (see `GameDice::app_rolls`).
    app_rolls: bool,
    caption: &'static str,
    on_throw: EventHandler<()>,
    on_act: EventHandler<Action>,
) -> Element {
    let t = lang.rtt();
    let (mut white, mut white_missing) = (draft.white, draft.white_missing);
    rsx! {
        section { class: "info play",
            if !start_roll.is_empty() {
                StartRoll { dice: start_roll, lang }
            }
            if start {
                p { class: "caption", "{t.start_hint}" }
            }
            button {
                class: "roll-main",
                "data-testid": if start { "rtt-start" } else { "rtt-roll" },
                hidden: !app_rolls,
                "data-haptic": "roll",
                onclick: move |_| on_throw.call(()),
                if start { "{t.start}" } else { "{t.roll}" }
            }
            TypedValues { kinds: in_play, values: draft.typed, caption }
            if !start {
                p { class: "caption", "{lang.colon(t.white_die)}" }
                div { class: "chips", role: "group", "aria-label": t.white_die,
                    // One button per kind of face (two faces show +1, two −1).
                    for (i, face) in [0usize, 2, 4, 5].into_iter().filter_map(|i| Some((i, White::from_value(i as u32)?))) {
                        button {
                            key: "{i}",
                            class: if white() == Some(i) { "chip chip-on" } else { "chip" },
                            "aria-pressed": if white() == Some(i) { "true" } else { "false" },
                            "data-testid": "typed-white-{i}",
                            onclick: move |_| { white.set(Some(i)); white_missing.set(false); },
                            "{lang.face_label(Face::White(face))}"
                        }
                    }
                }
                if white_missing() {
                    p { class: "entry-error", role: "alert", "data-testid": "white-missing", "⚠ {t.white_missing}" }
                }
            }
            button {
                class: "action",
                "data-testid": if start { "rtt-start-typed" } else { "rtt-roll-typed" },
                onclick: move |_| {
                    let values = draft.values();
                    if start {
                        on_act.call(Action::StartRoll { values, source: RollSource::Typed });
                    } else if let Some(white) = white() {
                        on_act.call(Action::Roll { values, white, source: RollSource::Typed });
                    } else {
                        // Nothing typed is lost: the values stay for the face to be chosen.
                        white_missing.set(true);
                    }
                },
                "{lang.game().record}"
            }
        }
    }
}

/// Number fields for dice typed in from real dice.
#[component]
fn TypedValues(kinds: Vec<DieKind>, values: Signal<Vec<String>>, caption: &'static str) -> Element {
    let mut values = values;
    if values.read().len() != kinds.len() {
        values.set(vec![String::new(); kinds.len()]);
    }
    rsx! {
        p { class: "caption", "{caption}" }
        div { class: "typed-values",
            for (i, k) in kinds.iter().enumerate() {
                label { key: "{i}", class: "typed-value",
                    span { "d{k.sides()}" }
                    input {
                        r#type: "number",
                        inputmode: "numeric",
                        min: "1",
                        max: "{k.sides()}",
                        "data-testid": "value-{i}",
                        value: values.read().get(i).cloned().unwrap_or_default(),
                        oninput: move |e| { if let Some(v) = values.write().get_mut(i) { *v = e.value(); } },
                    }
                }
            }
        }
    }
}

/// The start roll while it is news: each coloured die with its value,
/// in play or set aside (said in words, not by colour alone).
#[component]
fn StartRoll(dice: Vec<(DieKind, u32, bool)>, lang: Lang) -> Element {
    let t = lang.rtt();
    rsx! {
        div { class: "start-roll", "data-testid": "start-roll",
            p { class: "caption", "{t.start_roll}" }
            div { class: "start-dice",
                for (i, (kind, value, in_play)) in dice.iter().copied().enumerate() {
                    span {
                        key: "{i}",
                        class: if in_play { "start-die in" } else { "start-die out" },
                        "data-testid": "start-die-{i}",
                        span { class: "{die_class(kind)}", span { class: "rdie-label", "{value}" } }
                        span { class: "rdie-name", "d{kind.sides()}" }
                        span { class: "start-die-state", if in_play { "{t.in_play}" } else { "{t.set_aside}" } }
                    }
                }
            }
        }
    }
}
