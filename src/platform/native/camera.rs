//! The camera on desktop and phones: not yet (issue 61). The screen says
//! there is no camera and the keypad is there as before; the photo picker
//! gives a photo this build does not decode yet.

use super::super::{CameraError, Frame};

/// The reader links into the app natively: always ready.
pub async fn load_reader() -> bool {
    true
}

pub async fn open(_video: &str) -> Result<(), CameraError> {
    Err(CameraError::Absent)
}

pub fn close() {}

pub async fn frame(_video: &str, _canvas: &str) -> Result<Frame, CameraError> {
    Err(CameraError::Absent)
}

pub async fn photo(_input: &str, _canvas: &str) -> Result<Frame, CameraError> {
    Err(CameraError::BadPhoto)
}
