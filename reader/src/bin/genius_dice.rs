//! `genius-dice PHOTO…`: reads the dice on each photo and prints one JSON
//! line per photo, in the order given:
//!
//! ```text
//! {"file": "<as given>", "dice": [{"value": 3, "box": [x0, y0, x1, y1], "confidence": 0.97}, …], "ms": 12}
//! ```
//!
//! `box` is in pixels of the photo; `ms` is the reader's time on the decoded
//! pixels (decoding the file is not counted). A photo that cannot be read
//! gets `"dice": []` and an `"error"`, and the command ends with status 1.
//! This interface is what every measurement of the reader uses: keep it.

use serde_json::json;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() || files.iter().any(|f| f == "--help" || f == "-h") {
        eprintln!("usage: genius-dice PHOTO…\nprints one JSON line per photo: the dice read (value, box, confidence) and the reader's ms");
        return if files.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for file in &files {
        let file_json = json!(file);
        let line = match read_file(file) {
            Ok((dice, ms)) => {
                let dice: Vec<String> = dice
                    .iter()
                    .map(|d| {
                        let [x0, y0, x1, y1] = d.bbox.map(|v| (v * 10.0).round() / 10.0);
                        let confidence = (d.confidence * 1000.0).round() / 1000.0;
                        format!(r#"{{"value": {}, "box": [{x0}, {y0}, {x1}, {y1}], "confidence": {confidence}}}"#, d.value)
                    })
                    .collect();
                format!(
                    r#"{{"file": {file_json}, "dice": [{}], "ms": {ms}}}"#,
                    dice.join(", ")
                )
            }
            Err(error) => {
                failed = true;
                format!(
                    r#"{{"file": {file_json}, "dice": [], "error": {}}}"#,
                    json!(error)
                )
            }
        };
        if writeln!(out, "{line}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The dice on the photo `file` and the reader's milliseconds.
fn read_file(file: &str) -> Result<(Vec<genius_reader::Die>, u64), String> {
    let photo = image::open(file)
        .map_err(|e| format!("{file}: {e}"))?
        .into_rgb8();
    let (w, h) = (photo.width() as usize, photo.height() as usize);
    let image =
        genius_reader::Image::rgb(w, h, photo.as_raw()).map_err(|e| format!("{file}: {e}"))?;
    let start = Instant::now();
    let dice = genius_reader::read(&image);
    Ok((dice, start.elapsed().as_millis() as u64))
}
