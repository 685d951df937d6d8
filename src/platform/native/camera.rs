//! The camera on desktop and phones (issue 61): no live camera yet (the
//! screen says there is none), and the photo path: the photo chosen in the
//! file input, decoded here (JPEG or PNG) and read by the reader, which
//! links into the app, then shown from a `data:` URL (the web draws it on
//! a canvas instead).

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

/// The photo's file, read by the screen from the input's event: natively
/// the input's id reaches nothing.
pub async fn photo(_input: &str, _canvas: &str) -> Result<Frame, CameraError> {
    Err(CameraError::BadPhoto)
}

/// Reads the dice on a photo file's bytes: the frame, and the photo as a
/// `data:` URL to show it.
pub fn photo_bytes(bytes: &[u8]) -> Result<(Frame, String), CameraError> {
    let format = image::guess_format(bytes).map_err(|_| CameraError::BadPhoto)?;
    let rgb = image::load_from_memory_with_format(bytes, format)
        .map_err(|_| CameraError::BadPhoto)?
        .to_rgb8();
    let (width, height) = (rgb.width() as usize, rgb.height() as usize);
    let image = genius_reader::Image::rgb(width, height, rgb.as_raw())
        .map_err(|_| CameraError::BadPhoto)?;
    let frame = Frame {
        width: width as f32,
        height: height as f32,
        dice: genius_reader::read(&image),
    };
    let url = format!("data:{};base64,{}", format.to_mime_type(), base64(bytes));
    Ok((frame, url))
}

/// Standard base64, with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_as_the_standard_gives_it() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn a_photo_of_five_dice_is_read_and_shown() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/dice/penlington/valid-valid_77.jpg"
        );
        let bytes = std::fs::read(path).expect("the fixture photo");
        let (frame, url) = photo_bytes(&bytes).expect("a JPEG");
        assert_eq!((frame.width, frame.height), (640.0, 480.0));
        assert!(url.starts_with("data:image/jpeg;base64,/9j/"));
        // What the reader reads is the reader's tests' business; that it
        // reads this photo at all is this path's.
        assert!(!frame.dice.is_empty());
    }

    #[test]
    fn what_is_no_photo_is_said() {
        assert_eq!(
            photo_bytes(b"not a photo").err(),
            Some(CameraError::BadPhoto)
        );
    }
}
