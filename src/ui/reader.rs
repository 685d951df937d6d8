//! Reading the dice with the camera (issue 61): the *Read the dice* button
//! beside every d6 keypad, and the camera's screen it opens — a live
//! preview read frame after frame until the faces are steady, or a photo
//! from the system's camera or picker; then the photo with every die found
//! marked with its face, to confirm in one tap or correct. The faces
//! confirmed go into the keypad's dice as faces tapped on it
//! ([`ReadInto`]).
//!
//! The screen is a part of the build of its own (`#[component(lazy)]`) and
//! the reader a wasm module of its own (see `platform::camera`): the start
//! file holds the button. What may go in, and why not, is
//! `core::reading`'s.

mod review;
mod session;

use crate::core::checker::{Checker, Input};
use crate::core::dice::D6;
use crate::core::reading::Expect;
use crate::i18n::Lang;
use crate::platform::CameraError;
use dioxus::prelude::*;
use genius_reader::Steady;
use review::Review;
use session::{use_camera_session, CameraSession, Stage};

/// The ids of the screen's elements that the camera's glue draws in.
const VIDEO: &str = "dice-reader-video";
const CANVAS: &str = "dice-reader-frame";
const PHOTO: &str = "dice-reader-photo";

/// Where the faces confirmed go, as the keypad they stand beside enters
/// them (applied by the camera's screen, so that the start file carries
/// none of it).
#[derive(Clone, Copy, PartialEq)]
pub enum ReadInto {
    /// A checker (the checker's own, or the dice typed on a roll panel):
    /// the faces typed so far replaced by the faces read, each entered as
    /// a keypad tap (`Input::Face`), `on_face` heard after each as after a
    /// tap.
    Checker {
        checker: Signal<Checker>,
        on_face: Option<EventHandler<()>>,
    },
    /// A roll-off's real dice: one per player still in it, left to right
    /// in the players' order (`at`: the player the next face tapped is for).
    RollOff {
        entered: Signal<Vec<Option<u32>>>,
        at: Signal<usize>,
    },
}

impl ReadInto {
    fn put(self, faces: Vec<D6>) {
        match self {
            ReadInto::Checker {
                mut checker,
                on_face,
            } => {
                checker.set(Checker::new());
                for face in faces {
                    let _ = checker.write().apply(Input::Face(face));
                    if let Some(handler) = on_face {
                        handler.call(());
                    }
                }
            }
            ReadInto::RollOff {
                mut entered,
                mut at,
            } => {
                entered.set(faces.iter().map(|f| Some(u32::from(f.value()))).collect());
                at.set(0);
            }
        }
    }
}

/// Beside a d6 keypad: the *Read the dice* button; once tapped, the
/// camera's screen over the game, for `expect` dice, which go `into` the
/// keypad's dice.
#[component]
pub fn ReadDice(lang: Lang, expect: Expect, into: ReadInto) -> Element {
    read_dice(lang, expect, into, use_signal(|| false))
}

/// [`ReadDice`] drawn by the component that calls it, `open` being its
/// hook (the checker, whose code is the start file's, saves a component's
/// machinery so).
pub fn read_dice(lang: Lang, expect: Expect, into: ReadInto, mut open: Signal<bool>) -> Element {
    // What the screen is opened for, given to it as a context rather than
    // as props: a lazy part without props shares its loader's code in the
    // start file with the screens'.
    provide_context(Opened {
        lang,
        expect,
        into,
        open,
    });
    rsx! {
        button {
            class: "action read-dice",
            "data-testid": "read-dice",
            "aria-haspopup": "dialog",
            onclick: move |_| open.set(true),
            {lang.reader().button}
        }
        if open() {
            {super::lazy::lazy_part(rsx! { DiceReader {} })}
        }
    }
}

/// What the camera's screen is opened for (see [`ReadDice`]).
#[derive(Clone, Copy)]
struct Opened {
    lang: Lang,
    expect: Expect,
    into: ReadInto,
    /// The screen is open.
    open: Signal<bool>,
}

/// The camera's screen (see the module's documentation).
#[component(lazy)]
pub fn DiceReader() -> Element {
    // What it was opened for, fixed while it is open.
    let Opened {
        lang,
        expect,
        into,
        mut open,
    } = use_hook(consume_context::<Opened>);
    let cam = use_camera_session(expect);
    let t = lang.reader();
    let mut close = move || {
        cam.stop();
        open.set(false);
    };
    let now = (cam.stage)();

    rsx! {
        div {
            class: "reader-sheet",
            role: "dialog",
            "aria-modal": "true",
            "aria-labelledby": "dice-reader-title",
            "data-testid": "dice-reader",
            tabindex: "-1",
            onmounted: move |e| async move { let _ = e.set_focus(true).await; },
            onkeydown: move |e: KeyboardEvent| {
                // Keys stay here: the checker under it takes digits,
                // Backspace and Escape as dice.
                e.stop_propagation();
                if e.key() == Key::Escape {
                    close();
                }
            },
            div { class: "reader-head",
                h2 { id: "dice-reader-title", class: "section-title", "{t.button}" }
                button { class: "chip", "data-testid": "reader-close", "aria-label": t.close, onclick: move |_| close(), "✕" }
            }
            p { class: "caption", "data-testid": "reader-pip-only", "{t.pip_only} {t.private}" }
            if let ReadInto::RollOff { .. } = into {
                p { class: "caption", "data-testid": "reader-note", "{t.roll_off}" }
            }
            ReaderPicture { cam, lang }
            match now {
                Stage::Opening => rsx! {
                    p { class: "caption", role: "status", "data-testid": "reader-opening", "{t.opening}" }
                },
                Stage::Live { run } => rsx! {
                    p { class: "caption", role: "status", "data-testid": "reader-live",
                        "{t.aim}"
                        if run > 0 { " {\"●\".repeat(run)}{\"○\".repeat(Steady::FRAMES.saturating_sub(run))}" }
                    }
                    button { class: "action", "data-testid": "reader-take", onclick: move |_| cam.take_now(), "{t.use_frame}" }
                },
                Stage::Reading => rsx! {
                    p { class: "caption", role: "status", "data-testid": "reader-reading", "{t.reading}" }
                },
                Stage::Unavailable(why) => rsx! {
                    p { class: "entry-error", role: "alert", "data-testid": "reader-unavailable", "data-why": "{why:?}",
                        "⚠ "
                        match why {
                            CameraError::Refused => t.refused,
                            CameraError::Absent => t.absent,
                            CameraError::Failed => t.failed,
                            CameraError::Reader => t.unavailable,
                            CameraError::BadPhoto => t.bad_photo,
                        }
                    }
                },
                Stage::Review => rsx! {
                    Review {
                        cam,
                        lang,
                        on_confirm: move |faces| {
                            open.set(false);
                            into.put(faces);
                        },
                        on_again: move |_| cam.live(),
                    }
                },
            }
            if now != Stage::Review {
                label { class: "action reader-photo-button", "data-testid": "reader-photo",
                    input {
                        id: PHOTO,
                        r#type: "file",
                        accept: "image/*",
                        "capture": "environment",
                        class: "visually-hidden",
                        "data-testid": "reader-photo-input",
                        onchange: move |e| cam.photo(e),
                    }
                    "{t.take_photo}"
                }
            }
            if let Stage::Unavailable(_) = now {
                button { class: "action", "data-testid": "reader-keypad", onclick: move |_| close(), "{t.keypad}" }
            }
        }
    }
}

/// The live camera's picture, or the picture read with every die found
/// marked with its face (a tap on one corrects it).
#[component]
fn ReaderPicture(cam: CameraSession, lang: Lang) -> Element {
    let now = (cam.stage)();
    let review = now == Stage::Review;
    let (w, h) = (cam.size)();
    let photo_url = (cam.photo_url)();
    let mut picking = cam.picking;
    rsx! {
        div {
            class: "reader-photo",
            hidden: !(now.is_live() || review),
            style: if review { "aspect-ratio: {w} / {h}" } else { "" },
            video { id: VIDEO, class: "reader-video", hidden: !now.is_live(), "data-testid": "reader-video", autoplay: true, muted: true, playsinline: true }
            canvas { id: CANVAS, class: "reader-canvas", hidden: !review || photo_url.is_some(), "data-testid": "reader-frame" }
            if let (true, Some(src)) = (review, photo_url.clone()) {
                img { class: "reader-canvas", src, alt: "" }
            }
            if let (true, Some(r)) = (review, cam.reading.read().as_ref()) {
                for (i, die) in r.dice().iter().enumerate() {
                    if let Some([x0, y0, x1, y1]) = die.bbox {
                        button {
                            key: "{i}",
                            class: if die.needs_confirming() { "read-die unsure" } else { "read-die" },
                            style: "left: {(x0 + x1) / 2.0 / w * 100.0}%; top: {(y0 + y1) / 2.0 / h * 100.0}%; width: {(x1 - x0) / w * 100.0}%; height: {(y1 - y0) / h * 100.0}%",
                            "data-testid": "read-die-{i}",
                            "data-face": "{die.face}",
                            "aria-label": lang.read_die_label(die),
                            onclick: move |_| picking.set(Some(session::Picking::Die(i))),
                            span { class: "read-die-face", if die.needs_confirming() { "{die.face}?" } else { "{die.face}" } }
                        }
                    }
                }
            }
        }
    }
}
