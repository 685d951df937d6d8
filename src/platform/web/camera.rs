//! The camera and the dice reader in the browser (issue 61): the calls of
//! `camera.js`, which opens the back camera (`getUserMedia`), draws frames
//! and photos on the screen's canvas and reads them with the reader's own
//! wasm module in a worker of its own, started the first time (nothing of
//! the reader is in the app's start file). Elements are named by their ids.

use super::super::{CameraError, Frame};
use js_sys::{Float32Array, Promise};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/src/platform/web/camera.js")]
extern "C" {
    #[wasm_bindgen(js_name = load)]
    fn js_load() -> Promise;
    #[wasm_bindgen(js_name = open)]
    fn js_open(video: &str) -> Promise;
    #[wasm_bindgen(js_name = close)]
    fn js_close();
    #[wasm_bindgen(js_name = frame)]
    fn js_frame(video: &str, canvas: &str) -> Promise;
    #[wasm_bindgen(js_name = photo)]
    fn js_photo(input: &str, canvas: &str) -> Promise;
}

/// Fetches the reader's module (once): whether it is ready.
pub async fn load_reader() -> bool {
    JsFuture::from(js_load())
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

fn why(kind: &str) -> CameraError {
    match kind {
        "refused" => CameraError::Refused,
        "absent" => CameraError::Absent,
        "photo" => CameraError::BadPhoto,
        _ => CameraError::Failed,
    }
}

/// Opens the back camera into the `<video>` of id `video`.
pub async fn open(video: &str) -> Result<(), CameraError> {
    match JsFuture::from(js_open(video)).await {
        Ok(v) => match v.as_string().as_deref() {
            Some("") => Ok(()),
            Some(kind) => Err(why(kind)),
            None => Err(CameraError::Failed),
        },
        Err(_) => Err(CameraError::Failed),
    }
}

/// Stops the camera.
pub fn close() {
    js_close();
}

async fn read(promise: Promise) -> Result<Frame, CameraError> {
    // A rejection is the reader's module failing to load.
    let value = JsFuture::from(promise)
        .await
        .map_err(|_| CameraError::Reader)?;
    if let Some(kind) = value.as_string() {
        return Err(why(&kind));
    }
    let numbers = value
        .dyn_into::<Float32Array>()
        .map_err(|_| CameraError::Failed)?
        .to_vec();
    Frame::from_numbers(&numbers).ok_or(CameraError::Failed)
}

/// Reads the camera's current frame, drawn on the canvas of id `canvas`.
pub async fn frame(video: &str, canvas: &str) -> Result<Frame, CameraError> {
    read(js_frame(video, canvas)).await
}

/// Reads the photo chosen in the file input of id `input`, drawn on the
/// canvas of id `canvas`.
pub async fn photo(input: &str, canvas: &str) -> Result<Frame, CameraError> {
    read(js_photo(input, canvas)).await
}
