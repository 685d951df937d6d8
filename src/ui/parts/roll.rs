//! The roll of the games played with d6s, as one panel: the app's roll
//! buttons, the keypad that types the faces of real dice, the faces typed
//! so far (with what they make beside them), and what the screen adds
//! below (its Record button, a preview). The faces typed are a draft of
//! the screen's, held by [`use_typed`].

use crate::core::checker::{Checker, Input};
use crate::core::dice::{D6, MAX_DICE};
use crate::core::game::Roll;
use crate::core::prime::Verdict;
use crate::core::reading::Expect;
use crate::i18n::Lang;
use crate::ui::reader::{ReadDice, ReadInto};
use crate::ui::{use_default, DieFace};
use dioxus::prelude::*;

/// The faces of real dice typed so far on a screen (see [`use_typed`]).
#[derive(Clone, Copy, PartialEq)]
pub struct TypedDice {
    checker: Signal<Checker>,
}

/// The faces a player types in from real dice, kept by the screen until
/// they are played, rolled over or cleared.
pub fn use_typed() -> TypedDice {
    TypedDice {
        checker: use_default::<Checker>(),
    }
}

impl TypedDice {
    /// Forgets the faces typed.
    pub fn clear(mut self) {
        self.checker.set(Checker::new());
    }

    /// The faces typed, in the order they were typed.
    pub fn dice(&self) -> Vec<D6> {
        self.checker.read().hand().entered().to_vec()
    }

    pub fn len(&self) -> usize {
        self.checker.read().hand().len()
    }

    pub fn is_empty(&self) -> bool {
        self.checker.read().hand().is_empty()
    }

    /// As many faces as a roll has dice at most.
    pub fn is_full(&self) -> bool {
        self.checker.read().hand().is_full()
    }

    /// Whether the faces typed, sorted, make a prime (none while empty).
    pub fn verdict(&self) -> Option<Verdict> {
        self.checker.read().verdict()
    }

    fn apply(mut self, input: Input) {
        let _ = self.checker.write().apply(input);
    }
}

/// How the app rolls on a [`RollPanel`].
#[derive(Clone, PartialEq)]
pub enum AppRoll {
    /// One button for the roll the game waits for: its `data-testid` and
    /// its words.
    One {
        id: &'static str,
        label: &'static str,
    },
    /// "How many dice?" and a button per count of dice (`{id}-{k}`). With
    /// `listed` (the rolls the game lists now), the counts it does not
    /// list are marked unavailable; a tap on one gets the game's refusal.
    Counts {
        id: &'static str,
        listed: Option<Vec<Roll>>,
    },
}

/// The app's roll buttons (shown while the app rolls), `caption` and the
/// keypad for real dice, the faces typed (sorted or in order) with
/// `preview` beside them, then `children` (a sum, the Record button…).
/// `on_roll` gets the count of dice of the button tapped (0 for
/// [`AppRoll::One`]); a roll forgets the faces typed.
#[component]
pub fn RollPanel(
    typed: TypedDice,
    lang: Lang,
    app_roll: AppRoll,
    /// The app rolls now (see `GameDice::app_rolls`).
    app_rolls: bool,
    on_roll: EventHandler<usize>,
    caption: &'static str,
    #[props(default)] sorted: bool,
    #[props(default = VNode::empty())] preview: Element,
    #[props(default)] on_face: Option<EventHandler<()>>,
    /// How many dice the camera may read here (issue 61); by default the
    /// counts of [`AppRoll::Counts`] (those listed, else 1 to 5), and no
    /// *Read the dice* button for [`AppRoll::One`].
    #[props(default)]
    reads: Option<Expect>,
    children: Element,
) -> Element {
    let roll = move |k: usize| {
        on_roll.call(k);
        typed.clear();
    };
    let reads = reads.or_else(|| match &app_roll {
        AppRoll::One { .. } => None,
        AppRoll::Counts { listed, .. } => {
            Some(Expect::of(listed.iter().flatten().map(|r| r.len())))
        }
    });
    rsx! {
        section { class: "info play",
            match app_roll {
                AppRoll::One { id, label } => rsx! {
                    button {
                        class: "roll-main",
                        "data-testid": id,
                        hidden: !app_rolls,
                        "data-haptic": "roll",
                        onclick: move |_| roll(0),
                        "{label}"
                    }
                },
                AppRoll::Counts { id, listed } => rsx! {
                    h2 { class: "section-title", "{lang.game().choose_k}" }
                    div { class: "roll-buttons", hidden: !app_rolls,
                        for k in 1..=MAX_DICE {
                            button {
                                key: "{k}",
                                class: "roll-button",
                                "data-testid": "{id}-{k}",
                                "data-haptic": "roll",
                                "aria-disabled": listed.as_ref().map(|l| if l.contains(&Roll::d6(k)) { "false" } else { "true" }),
                                "aria-label": lang.roll_label(k),
                                onclick: move |_| roll(k),
                                span { class: "roll-count", "{k}" } " "
                                span { class: "roll-unit", "{lang.dice_word(k)}" }
                            }
                        }
                    }
                },
            }
            p { class: "caption", "{caption}" }
            FaceKeypad { typed, lang, sorted, on_face, {preview} }
            if let Some(expect) = reads {
                ReadDice { lang, expect, into: ReadInto::Checker { checker: typed.checker, on_face } }
            }
            {children}
        }
    }
}

/// The Record button under a [`RollPanel`]: plays the faces typed (given
/// to `on_record`, then forgotten) once `ready`.
#[component]
pub fn RecordTyped(
    typed: TypedDice,
    lang: Lang,
    ready: bool,
    on_record: EventHandler<Vec<D6>>,
) -> Element {
    rsx! {
        button {
            class: "action record",
            "data-testid": "record-typed",
            disabled: !ready,
            onclick: move |_| {
                on_record.call(typed.dice());
                typed.clear();
            },
            "{lang.game().record}"
        }
    }
}

/// Six die faces to tap the dice of a real roll, the dice entered so far
/// (sorted or in order), and `children` beside them (a preview).
#[component]
fn FaceKeypad(
    typed: TypedDice,
    lang: Lang,
    sorted: bool,
    on_face: Option<EventHandler<()>>,
    children: Element,
) -> Element {
    let state = typed.checker.read().clone();
    let shown = if sorted {
        state.hand().sorted()
    } else {
        state.hand().entered().to_vec()
    };
    rsx! {
        div { class: "typed",
            div { class: "keypad small", role: "group",
                for face in D6::ALL {
                    button {
                        key: "{face.value()}",
                        class: "face-button",
                        "data-testid": "typed-face-{face.value()}",
                        "aria-label": lang.add_face_label(face),
                        onclick: move |_| {
                            typed.apply(Input::Face(face));
                            if let Some(handler) = on_face {
                                handler.call(());
                            }
                        },
                        DieFace { face }
                    }
                }
            }
            if !shown.is_empty() {
                div { class: "typed-preview",
                    for (i, d) in shown.iter().enumerate() {
                        DieFace { key: "{i}", face: *d, class: "mini" }
                    }
                    {children}
                    button { class: "chip", "data-testid": "typed-clear", onclick: move |_| typed.apply(Input::Clear), "✕" }
                }
            }
            if let Some(e) = state.error() {
                p { class: "entry-error", role: "alert", "⚠ {lang.entry_error(e)}" }
            }
        }
    }
}
