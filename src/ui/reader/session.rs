//! The camera's screen's state and what moves it ([`use_camera_session`]):
//! the live camera read frame after frame until the faces are steady, a
//! photo read once, the dice read and the player's corrections.

use super::{CANVAS, VIDEO};
use crate::core::dice::D6;
use crate::core::reading::{Expect, Reading};
use crate::platform::{self, camera, CameraError, Frame};
use dioxus::prelude::*;
use genius_reader::Steady;

/// Milliseconds between two frames read from the live camera: the page's
/// taps and drawing go between two readings (which take the page's thread
/// while they run), and a frame is read at least five times a second on a
/// mid-range phone (issue 61's target) with the reader's time added.
const FRAME_GAP_MS: u32 = 60;

/// Where the camera's screen is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stage {
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

impl Stage {
    /// The live camera's picture is shown.
    pub fn is_live(self) -> bool {
        matches!(self, Stage::Opening | Stage::Live { .. })
    }
}

/// Which die the face picker is for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Picking {
    Die(usize),
    Added,
}

/// The camera's screen's state (its signals, so `Copy`): see
/// [`use_camera_session`].
#[derive(Clone, Copy, PartialEq)]
pub struct CameraSession {
    expect: Expect,
    pub stage: Signal<Stage>,
    /// The dice read and corrected, once a frame or photo was read.
    pub reading: Signal<Option<Reading>>,
    /// The size of the picture read, in its pixels (the dice's boxes are).
    pub size: Signal<(f32, f32)>,
    /// The die whose face is being picked.
    pub picking: Signal<Option<Picking>>,
    /// The photo shown, natively (a `data:` URL); the web draws it on the
    /// canvas.
    pub photo_url: Signal<Option<String>>,
    /// Each reading's number: a live loop stops once another began.
    session: Signal<u32>,
    /// "Read this picture": the next frame is taken as it is.
    take_now: Signal<bool>,
}

/// The camera's screen's state for `expect` dice, the live camera opened
/// at once and closed when the screen goes.
pub fn use_camera_session(expect: Expect) -> CameraSession {
    let cam = CameraSession {
        expect,
        stage: use_signal(|| Stage::Opening),
        reading: use_signal(|| None),
        size: use_signal(|| (1.0, 1.0)),
        picking: use_signal(|| None),
        photo_url: use_signal(|| None),
        session: use_signal(|| 0),
        take_now: use_signal(|| false),
    };
    use_hook(|| cam.live());
    use_drop(camera::close);
    cam
}

impl CameraSession {
    /// Reads the live camera until the faces are steady (or the player
    /// takes the frame as it is), then shows them.
    pub fn live(mut self) {
        let this = self.stop();
        self.take_now.set(false);
        self.photo_url.set(None);
        self.reading.set(None);
        self.picking.set(None);
        self.stage.set(Stage::Opening);
        spawn(async move {
            // The reader's module loads while the camera opens.
            spawn(async move {
                camera::load_reader().await;
            });
            if let Err(e) = camera::open(VIDEO).await {
                if self.current(this) {
                    self.stage.set(Stage::Unavailable(e));
                }
                return;
            }
            let mut steady = Steady::default();
            while self.current(this) && self.stage.peek().is_live() {
                self.stage.set(Stage::Live { run: steady.run() });
                let frame = camera::frame(VIDEO, CANVAS).await;
                if !self.current(this) || !matches!(*self.stage.peek(), Stage::Live { .. }) {
                    return;
                }
                match frame {
                    Ok(frame) => {
                        let taken = steady.push(&frame.dice);
                        if taken.is_some() || *self.take_now.peek() {
                            camera::close();
                            self.show(frame);
                            return;
                        }
                    }
                    Err(e) => {
                        camera::close();
                        self.stage.set(Stage::Unavailable(e));
                        return;
                    }
                }
                platform::sleep_ms(FRAME_GAP_MS).await;
            }
        });
    }

    /// Takes the next live frame as it is.
    pub fn take_now(mut self) {
        self.take_now.set(true);
    }

    /// Reads the photo the player took or picked (`e`: the file input's
    /// change).
    pub fn photo(mut self, e: FormEvent) {
        self.stop();
        self.stage.set(Stage::Reading);
        spawn(async move {
            #[cfg(target_arch = "wasm32")]
            let read = {
                let _ = e;
                camera::photo(super::PHOTO, CANVAS).await
            };
            #[cfg(not(target_arch = "wasm32"))]
            let read = match e.files().into_iter().next() {
                Some(file) => match file.read_bytes().await {
                    Ok(bytes) => camera::photo_bytes(&bytes).map(|(frame, url)| {
                        self.photo_url.set(Some(url));
                        frame
                    }),
                    Err(_) => Err(CameraError::BadPhoto),
                },
                None => Err(CameraError::BadPhoto),
            };
            match read {
                Ok(frame) => self.show(frame),
                Err(e) => self.stage.set(Stage::Unavailable(e)),
            }
        });
    }

    /// Stops whatever is being read and closes the camera; the number of
    /// the reading that may begin now.
    pub fn stop(mut self) -> u32 {
        camera::close();
        self.session += 1;
        *self.session.peek()
    }

    /// The faces to put in, if the reading is ready: the session stopped.
    pub fn confirm(self) -> Option<Vec<D6>> {
        let faces = self.reading.peek().as_ref()?.faces().ok()?;
        self.stop();
        Some(faces)
    }

    /// The face picked for the die being picked (or the die added).
    pub fn set_face(mut self, picking: Picking, face: D6) {
        if let Some(r) = self.reading.write().as_mut() {
            match picking {
                Picking::Die(i) => r.set_face(i, face),
                Picking::Added => {
                    r.add(face);
                }
            }
        }
        self.picking.set(None);
    }

    /// The die being picked is no die.
    pub fn remove(mut self, picking: Picking) {
        if let (Picking::Die(i), Some(r)) = (picking, self.reading.write().as_mut()) {
            r.remove(i);
        }
        self.picking.set(None);
    }

    fn current(self, this: u32) -> bool {
        *self.session.peek() == this
    }

    fn show(mut self, frame: Frame) {
        self.size.set((frame.width.max(1.0), frame.height.max(1.0)));
        self.reading
            .set(Some(Reading::new(&frame.dice, self.expect)));
        self.picking.set(None);
        self.stage.set(Stage::Review);
    }
}
