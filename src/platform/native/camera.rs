//! The camera on desktop and phones (issue 61). The app's screens are a
//! web view there too: the live camera is the web view's own
//! (`getUserMedia`, asked for when the screen opens, which on Android asks
//! for the CAMERA permission the manifest declares and on iOS shows
//! Info.plist's reason), driven by a few lines of JavaScript; each frame
//! comes back as a JPEG and is read here, by the reader linked into the
//! app. A web view with no camera (WebKitGTK as built by most desktops)
//! says so, and the photo path remains: the photo chosen in the file
//! input, decoded here (JPEG or PNG), read, and shown from a `data:` URL.

use super::super::{CameraError, Frame};

/// The reader links into the app natively: always ready.
pub async fn load_reader() -> bool {
    true
}

/// The longest side of a live frame sent back from the web view: enough
/// for a die's pips, and a JPEG of tens of KB to carry.
#[cfg(any(feature = "desktop", feature = "mobile"))]
const FRAME_SIDE: u32 = 1280;

/// Opens the back camera into the `<video>` of id `video`.
#[cfg(any(feature = "desktop", feature = "mobile"))]
pub async fn open(video: &str) -> Result<(), CameraError> {
    let script = format!(
        r#"
        const video = document.getElementById({video:?});
        const media = navigator.mediaDevices;
        if (!video || !media || !media.getUserMedia) return 'absent';
        if (window.geniusCamera) for (const t of window.geniusCamera.getTracks()) t.stop();
        let stream;
        try {{
          stream = await media.getUserMedia({{ audio: false,
            video: {{ facingMode: 'environment', width: {{ ideal: 1280 }}, height: {{ ideal: 960 }} }} }});
        }} catch (e) {{
          const name = e && e.name;
          if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
          if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
          return 'failed';
        }}
        window.geniusCamera = stream;
        video.srcObject = stream;
        video.muted = true;
        video.playsInline = true;
        try {{ await video.play(); }} catch {{}}
        if (!video.videoWidth) await new Promise((r) => video.addEventListener('loadeddata', r, {{ once: true }}));
        return '';
        "#
    );
    match dioxus::document::eval(&script).join::<String>().await {
        Ok(why) if why.is_empty() => Ok(()),
        Ok(why) => Err(why_not(&why)),
        Err(_) => Err(CameraError::Failed),
    }
}

/// Stops the camera (its light goes off).
#[cfg(any(feature = "desktop", feature = "mobile"))]
pub fn close() {
    let _ = dioxus::document::eval(
        "if (window.geniusCamera) for (const t of window.geniusCamera.getTracks()) t.stop();
         window.geniusCamera = undefined;",
    );
}

/// The live camera's current frame, drawn on the canvas of id `canvas`
/// (the screen shows it when the dice are reviewed) and read.
#[cfg(any(feature = "desktop", feature = "mobile"))]
pub async fn frame(video: &str, canvas: &str) -> Result<Frame, CameraError> {
    let script = format!(
        r#"
        const video = document.getElementById({video:?});
        const canvas = document.getElementById({canvas:?});
        if (!video || !canvas || !video.videoWidth) return '';
        const scale = Math.min(1, {FRAME_SIDE} / Math.max(video.videoWidth, video.videoHeight));
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        canvas.getContext('2d').drawImage(video, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/jpeg', 0.92);
        "#
    );
    let url = dioxus::document::eval(&script)
        .join::<String>()
        .await
        .map_err(|_| CameraError::Failed)?;
    let bytes = from_data_url(&url).ok_or(CameraError::Failed)?;
    read_photo(&bytes).map_err(|_| CameraError::Failed)
}

/// Built without a web view (the tests' native build): no camera.
#[cfg(not(any(feature = "desktop", feature = "mobile")))]
pub async fn open(_video: &str) -> Result<(), CameraError> {
    Err(CameraError::Absent)
}

#[cfg(not(any(feature = "desktop", feature = "mobile")))]
pub fn close() {}

#[cfg(not(any(feature = "desktop", feature = "mobile")))]
pub async fn frame(_video: &str, _canvas: &str) -> Result<Frame, CameraError> {
    Err(CameraError::Absent)
}

/// The photo's file, read by the screen from the input's event: natively
/// the input's id reaches nothing.
pub async fn photo(_input: &str, _canvas: &str) -> Result<Frame, CameraError> {
    Err(CameraError::BadPhoto)
}

/// The camera's refusal as the glue words it.
#[cfg_attr(not(any(feature = "desktop", feature = "mobile")), allow(dead_code))]
fn why_not(kind: &str) -> CameraError {
    match kind {
        "refused" => CameraError::Refused,
        "absent" => CameraError::Absent,
        _ => CameraError::Failed,
    }
}

/// Reads the dice on a photo file's bytes: the frame, and the photo as a
/// `data:` URL to show it.
pub fn photo_bytes(bytes: &[u8]) -> Result<(Frame, String), CameraError> {
    let format = image::guess_format(bytes).map_err(|_| CameraError::BadPhoto)?;
    let frame = read_photo(bytes)?;
    let url = format!("data:{};base64,{}", format.to_mime_type(), base64(bytes));
    Ok((frame, url))
}

/// The dice on a photo file's bytes (JPEG or PNG).
fn read_photo(bytes: &[u8]) -> Result<Frame, CameraError> {
    let rgb = image::load_from_memory(bytes)
        .map_err(|_| CameraError::BadPhoto)?
        .to_rgb8();
    let (width, height) = (rgb.width() as usize, rgb.height() as usize);
    let image = genius_reader::Image::rgb(width, height, rgb.as_raw())
        .map_err(|_| CameraError::BadPhoto)?;
    Ok(Frame {
        width: width as f32,
        height: height as f32,
        dice: genius_reader::read(&image),
    })
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

/// The bytes of a base64 `data:` URL (the web view's JPEG of a frame).
#[cfg_attr(not(any(feature = "desktop", feature = "mobile")), allow(dead_code))]
fn from_data_url(url: &str) -> Option<Vec<u8>> {
    let (_, text) = url.strip_prefix("data:")?.split_once(";base64,")?;
    let digit = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let text = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .try_fold(0u32, |n, (i, &c)| Some(n | digit(c)? << (18 - 6 * i)))?;
        let bytes = n.to_be_bytes();
        match chunk.len() {
            4 => out.extend(&bytes[1..4]),
            3 => out.extend(&bytes[1..3]),
            2 => out.push(bytes[1]),
            _ => return None,
        }
    }
    Some(out)
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
    fn a_data_url_gives_back_its_bytes() {
        for bytes in [
            &b""[..],
            b"f",
            b"fo",
            b"foo",
            b"foobar",
            &[0, 255, 128, 7, 64],
        ] {
            let url = format!("data:image/jpeg;base64,{}", base64(bytes));
            assert_eq!(from_data_url(&url).as_deref(), Some(bytes));
        }
        assert_eq!(from_data_url("data:,"), None);
        assert_eq!(from_data_url("data:image/jpeg;base64,@@@@"), None);
        assert_eq!(from_data_url("data:image/jpeg;base64,A"), None);
    }

    #[test]
    fn what_is_no_photo_is_said() {
        assert_eq!(
            photo_bytes(b"not a photo").err(),
            Some(CameraError::BadPhoto)
        );
    }
}
