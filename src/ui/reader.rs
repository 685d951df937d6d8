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

use crate::core::checker::{Checker, Input};
use crate::core::dice::{D6, MAX_DICE};
use crate::core::reading::{Expect, Reading};
use crate::i18n::Lang;
use crate::platform::{self, camera, CameraError, Frame};
use crate::ui::DieFace;
use dioxus::prelude::*;
use genius_reader::Steady;

/// The ids of the screen's elements that the camera's glue draws in.
const VIDEO: &str = "dice-reader-video";
const CANVAS: &str = "dice-reader-frame";
const PHOTO: &str = "dice-reader-photo";

/// Milliseconds between two frames read from the live camera.
const FRAME_GAP_MS: u32 = 120;

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
            {super::lazy_part(rsx! { DiceReader {} })}
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

/// Where the camera's screen is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stage {
    /// The camera is asked for.
    Opening,
    /// Frames are read until the faces are steady (`run`: frames in a row
    /// with the same faces so far).
    Live { run: usize },
    /// A photo is being read.
    Reading,
    /// The dice read, to confirm.
    Review,
    /// No live camera (or no frame): why, and the photo and keypad instead.
    Unavailable(CameraError),
}

/// Which die the face picker is for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Picking {
    Die(usize),
    Added,
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
    let note = match into {
        ReadInto::RollOff { .. } => Some(lang.reader().roll_off),
        ReadInto::Checker { .. } => None,
    };
    let mut on_close = move || open.set(false);
    let t = lang.reader();
    let mut stage = use_signal(|| Stage::Opening);
    let mut reading = use_signal(|| None::<Reading>);
    let mut size = use_signal(|| (1.0f32, 1.0f32));
    let mut picking = use_signal(|| None::<Picking>);
    // Each live session's number: a loop stops once another began.
    let mut session = use_signal(|| 0u32);
    // "Read this picture": the next frame is taken as it is.
    let mut take_now = use_signal(|| false);
    // The photo shown, natively (a `data:` URL); the web draws it on the
    // canvas.
    let mut photo_url = use_signal(|| None::<String>);

    let mut show = move |frame: Frame| {
        size.set((frame.width.max(1.0), frame.height.max(1.0)));
        reading.set(Some(Reading::new(&frame.dice, expect)));
        picking.set(None);
        stage.set(Stage::Review);
    };

    let mut live = move || {
        let this = *session.peek() + 1;
        session.set(this);
        take_now.set(false);
        photo_url.set(None);
        reading.set(None);
        picking.set(None);
        stage.set(Stage::Opening);
        spawn(async move {
            // The reader's module loads while the camera opens.
            spawn(async move {
                camera::load_reader().await;
            });
            if let Err(e) = camera::open(VIDEO).await {
                if *session.peek() == this {
                    stage.set(Stage::Unavailable(e));
                }
                return;
            }
            let mut steady = Steady::default();
            loop {
                if *session.peek() != this
                    || !matches!(*stage.peek(), Stage::Live { .. } | Stage::Opening)
                {
                    return;
                }
                stage.set(Stage::Live { run: steady.run() });
                let frame = camera::frame(VIDEO, CANVAS).await;
                if *session.peek() != this || !matches!(*stage.peek(), Stage::Live { .. }) {
                    return;
                }
                match frame {
                    Ok(frame) => {
                        let taken = steady.push(&frame.dice);
                        if taken.is_some() || *take_now.peek() {
                            camera::close();
                            show(frame);
                            return;
                        }
                    }
                    Err(e) => {
                        camera::close();
                        stage.set(Stage::Unavailable(e));
                        return;
                    }
                }
                platform::sleep_ms(FRAME_GAP_MS).await;
            }
        });
    };

    let photo = move |e: FormEvent| {
        session += 1;
        camera::close();
        stage.set(Stage::Reading);
        spawn(async move {
            #[cfg(target_arch = "wasm32")]
            let read = {
                let _ = e;
                camera::photo(PHOTO, CANVAS).await
            };
            #[cfg(not(target_arch = "wasm32"))]
            let read = match e.files().into_iter().next() {
                Some(file) => match file.read_bytes().await {
                    Ok(bytes) => camera::photo_bytes(&bytes).map(|(frame, url)| {
                        photo_url.set(Some(url));
                        frame
                    }),
                    Err(_) => Err(CameraError::BadPhoto),
                },
                None => Err(CameraError::BadPhoto),
            };
            match read {
                Ok(frame) => show(frame),
                Err(e) => stage.set(Stage::Unavailable(e)),
            }
        });
    };

    use_hook(live);
    use_drop(camera::close);

    let close = move |_| {
        session += 1;
        camera::close();
        on_close();
    };

    let now = stage();
    let shown = reading.read().clone();
    let (w, h) = size();
    let live_view = matches!(now, Stage::Opening | Stage::Live { .. });
    let ready = shown.as_ref().map(|r| r.faces());

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
                    session += 1;
                    camera::close();
                    on_close();
                }
            },
            div { class: "reader-head",
                h2 { id: "dice-reader-title", class: "section-title", "{t.button}" }
                button { class: "chip", "data-testid": "reader-close", "aria-label": t.close, onclick: close, "✕" }
            }
            p { class: "caption", "data-testid": "reader-pip-only", "{t.pip_only} {t.private}" }
            if let Some(note) = note {
                p { class: "caption", "data-testid": "reader-note", "{note}" }
            }

            div {
                class: "reader-photo",
                hidden: !(live_view || now == Stage::Review),
                style: if now == Stage::Review { "aspect-ratio: {w} / {h}" } else { "" },
                video { id: VIDEO, class: "reader-video", hidden: !live_view, "data-testid": "reader-video", autoplay: true, muted: true, playsinline: true }
                canvas { id: CANVAS, class: "reader-canvas", hidden: now != Stage::Review || photo_url.read().is_some(), "data-testid": "reader-frame" }
                if let (Stage::Review, Some(src)) = (now, photo_url()) {
                    img { class: "reader-canvas", src, alt: "" }
                }
                if let (Stage::Review, Some(r)) = (now, &shown) {
                    for (i, die) in r.dice().iter().enumerate() {
                        if let Some([x0, y0, x1, y1]) = die.bbox {
                            button {
                                key: "{i}",
                                class: if die.needs_confirming() { "read-die unsure" } else { "read-die" },
                                style: "left: {(x0 + x1) / 2.0 / w * 100.0}%; top: {(y0 + y1) / 2.0 / h * 100.0}%; width: {(x1 - x0) / w * 100.0}%; height: {(y1 - y0) / h * 100.0}%",
                                "data-testid": "read-die-{i}",
                                "data-face": "{die.face}",
                                "aria-label": lang.read_die_label(die),
                                onclick: move |_| picking.set(Some(Picking::Die(i))),
                                span { class: "read-die-face", if die.needs_confirming() { "{die.face}?" } else { "{die.face}" } }
                            }
                        }
                    }
                }
            }

            match now {
                Stage::Opening => rsx! {
                    p { class: "caption", role: "status", "data-testid": "reader-opening", "{t.opening}" }
                },
                Stage::Live { run } => rsx! {
                    p { class: "caption", role: "status", "data-testid": "reader-live",
                        "{t.aim}"
                        if run > 0 { " {\"●\".repeat(run)}{\"○\".repeat(Steady::FRAMES.saturating_sub(run))}" }
                    }
                    button { class: "action", "data-testid": "reader-take", onclick: move |_| take_now.set(true), "{t.use_frame}" }
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
                    if let Some(r) = &shown {
                        ReadList { reading: r.clone(), lang, on_pick: move |p| picking.set(Some(p)) }
                        if let Some(p) = picking() {
                            FacePicker {
                                lang,
                                picking: p,
                                current: match p { Picking::Die(i) => r.dice().get(i).map(|d| d.face), Picking::Added => None },
                                on_face: move |face| {
                                    if let Some(r) = reading.write().as_mut() {
                                        match p {
                                            Picking::Die(i) => r.set_face(i, face),
                                            Picking::Added => { r.add(face); }
                                        }
                                    }
                                    picking.set(None);
                                },
                                on_remove: move |_| {
                                    if let (Picking::Die(i), Some(r)) = (p, reading.write().as_mut()) {
                                        r.remove(i);
                                    }
                                    picking.set(None);
                                },
                                on_cancel: move |_| picking.set(None),
                            }
                        }
                        match ready.clone() {
                            Some(Err(why)) => rsx! {
                                p { class: "entry-error", role: "status", "data-testid": "reader-not-yet", "⚠ {lang.not_yet(why)}" }
                            },
                            _ => rsx! { p { class: "caption", "{t.tap_to_fix}" } },
                        }
                        button {
                            class: "roll-main",
                            "data-testid": "reader-confirm",
                            "aria-disabled": if matches!(ready, Some(Ok(_))) { "false" } else { "true" },
                            onclick: move |_| {
                                if let Some(Ok(faces)) = reading.read().as_ref().map(|r| r.faces()) {
                                    session += 1;
                                    open.set(false);
                                    into.put(faces);
                                }
                            },
                            "✓ {t.confirm}"
                        }
                        div { class: "actions",
                            button {
                                class: "action",
                                "data-testid": "reader-add",
                                disabled: r.dice().len() >= MAX_DICE,
                                onclick: move |_| picking.set(Some(Picking::Added)),
                                "+ {t.add}"
                            }
                            button { class: "action", "data-testid": "reader-again", onclick: move |_| live(), "↻ {t.again}" }
                        }
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
                        onchange: photo,
                    }
                    "{t.take_photo}"
                }
            }
            if let Stage::Unavailable(_) = now {
                button { class: "action", "data-testid": "reader-keypad", onclick: close, "{t.keypad}" }
            }
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
