//! The reader on real photos (`tests/fixtures/dice`, forty labelled photos
//! of the shared set) and on what a camera may give it instead: an empty
//! table, a blurred frame, no dice, a huge or a tiny image, a corrupt file.
//! An error or no dice, never a panic.

use genius_reader::score::{score, Score, Truth};
use genius_reader::{read, Die, Image};
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/dice")
}

struct Photo {
    file: String,
    width: usize,
    height: usize,
    rgb: Vec<u8>,
    truth: Vec<Truth>,
}

fn photos() -> Vec<Photo> {
    let labels: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixtures().join("labels.json")).unwrap())
            .unwrap();
    labels
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let file = e["file"].as_str().unwrap().to_string();
            let rgb = image::open(fixtures().join(&file)).unwrap().into_rgb8();
            let truth = e["dice"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    let b: Vec<f32> = d["box"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_f64().unwrap() as f32)
                        .collect();
                    Truth {
                        value: d["value"].as_u64().unwrap() as u8,
                        bbox: [b[0], b[1], b[2], b[3]],
                    }
                })
                .collect();
            Photo {
                file,
                width: rgb.width() as usize,
                height: rgb.height() as usize,
                rgb: rgb.into_raw(),
                truth,
            }
        })
        .collect()
}

fn read_rgb(width: usize, height: usize, rgb: &[u8]) -> Vec<Die> {
    read(&Image::rgb(width, height, rgb).unwrap())
}

#[test]
fn the_labelled_photos_are_read() {
    let photos = photos();
    assert_eq!(photos.len(), 40);
    let (mut all, mut whole, mut small, mut small_whole) = (Score::default(), 0, 0, 0);
    let mut report = Vec::new();
    for p in &photos {
        let s = score(&p.truth, &read_rgb(p.width, p.height, &p.rgb));
        all.add(s);
        whole += usize::from(s.whole());
        if p.truth.len() <= 6 {
            small += 1;
            small_whole += usize::from(s.whole());
        }
        if !s.whole() {
            report.push(format!("{}: {s:?}", p.file));
        }
    }
    let dice = all.right as f64 / all.dice() as f64;
    let photos_whole = whole as f64 / photos.len() as f64;
    let small_photos_whole = small_whole as f64 / small as f64;
    println!("dice right {dice:.3}, photos whole {photos_whole:.3}, of ≤ 6 dice {small_photos_whole:.3}\n{}", report.join("\n"));
    // What the shipped weights read on these forty, less a margin: below
    // the targets (99 % of dice, 97 % of photos whole), which the
    // reader does not meet yet (docs/dice-reader.md gives the figures).
    assert!(
        dice >= DICE_RIGHT,
        "dice read right: {dice:.3}\n{}",
        report.join("\n")
    );
    assert!(
        photos_whole >= PHOTOS_WHOLE,
        "photos read whole: {photos_whole:.3}\n{}",
        report.join("\n")
    );
    assert!(
        small_photos_whole >= SMALL_PHOTOS_WHOLE,
        "photos of ≤ 6 dice read whole: {small_photos_whole:.3}"
    );
}

// The shipped weights were trained on every shared photo, these forty
// included (they read 100 %, 97.5 % and 100 % of them): the floors catch a
// reader that broke, not how well it reads photos it never saw (the
// held-out run of `tools/dice-train` measures that).
const DICE_RIGHT: f64 = 0.98;
const PHOTOS_WHOLE: f64 = 0.9;
const SMALL_PHOTOS_WHOLE: f64 = 0.95;

#[test]
fn an_empty_table_has_no_dice() {
    for (w, h, shade) in [(640, 480, 200u8), (640, 640, 30), (320, 240, 255)] {
        let rgb = vec![shade; w * h * 3];
        assert_eq!(read_rgb(w, h, &rgb), [], "{w}×{h} of {shade}");
    }
    // A real table with its dice cut away: the top left of a photo whose
    // labelled dice all lie further right and down.
    let p = photos()
        .into_iter()
        .find(|p| p.file.contains("penlington"))
        .unwrap();
    let left = p.truth.iter().map(|t| t.bbox[0]).fold(f32::MAX, f32::min) as usize;
    let top = p.truth.iter().map(|t| t.bbox[1]).fold(f32::MAX, f32::min) as usize;
    let (w, h) = (
        left.saturating_sub(40).max(16),
        top.saturating_sub(40).max(16),
    );
    let rgb: Vec<u8> = (0..h)
        .flat_map(|y| p.rgb[y * p.width * 3..(y * p.width + w) * 3].to_vec())
        .collect();
    let dice = read_rgb(w, h, &rgb);
    assert!(
        dice.iter().all(|d| !d.is_sure()),
        "{}: a sure die on the bare table: {dice:?}",
        p.file
    );
}

#[test]
fn a_blurred_frame_is_never_read_sure_and_wrong() {
    for p in photos().iter().step_by(5) {
        let blurred = box_blur(p.width, p.height, &p.rgb, 12);
        let dice = read_rgb(p.width, p.height, &blurred);
        for d in dice.iter().filter(|d| d.is_sure()) {
            let s = score(&p.truth, &[*d]);
            assert!(
                s.wrong == 0,
                "{}: {d:?} read sure from a blur, and wrong",
                p.file
            );
        }
    }
}

#[test]
fn a_huge_photo_reads_as_its_smaller_self() {
    // A photo of three dice or more read whole and sure at its own size (a
    // die read unsure may go either way at another size).
    let (p, small) = photos()
        .into_iter()
        .filter(|p| p.file.contains("penlington") && p.truth.len() >= 3)
        .map(|p| {
            let read = read_rgb(p.width, p.height, &p.rgb);
            (p, read)
        })
        .find(|(p, read)| score(&p.truth, read).whole() && read.iter().all(Die::is_sure))
        .expect("a photo read whole and sure");
    // Each pixel repeated 6 × 6 times: 3 840 × 2 880, a phone photo's size.
    let big: Vec<u8> = (0..p.height * 6)
        .flat_map(|y| {
            (0..p.width * 6).flat_map(move |x| {
                let i = ((y / 6) * p.width + x / 6) * 3;
                [i, i + 1, i + 2]
            })
        })
        .map(|i| p.rgb[i])
        .collect();
    let read_big = read_rgb(p.width * 6, p.height * 6, &big);
    let faces = |d: &[Die]| {
        let mut f: Vec<u8> = d.iter().map(|d| d.value).collect();
        f.sort_unstable();
        f
    };
    assert_eq!(faces(&read_big), faces(&small), "{}: 6× larger", p.file);
    assert!(read_big
        .iter()
        .all(|d| d.bbox[2] <= (p.width * 6) as f32 + 1.0));
}

/// Each channel averaged over a (2r + 1)² square, rows then columns.
fn box_blur(w: usize, h: usize, rgb: &[u8], r: usize) -> Vec<u8> {
    let pass = |src: &[u8], along_x: bool| -> Vec<u8> {
        let mut out = vec![0u8; src.len()];
        for y in 0..h {
            for x in 0..w {
                for c in 0..3 {
                    let (mut sum, mut n) = (0u32, 0u32);
                    for d in 0..=2 * r {
                        let (xx, yy) = if along_x {
                            (x + d, y + r)
                        } else {
                            (x + r, y + d)
                        };
                        let (Some(xx), Some(yy)) = (xx.checked_sub(r), yy.checked_sub(r)) else {
                            continue;
                        };
                        if xx < w && yy < h {
                            sum += u32::from(src[(yy * w + xx) * 3 + c]);
                            n += 1;
                        }
                    }
                    out[(y * w + x) * 3 + c] = (sum / n) as u8;
                }
            }
        }
        out
    };
    pass(&pass(rgb, true), false)
}

#[test]
fn tiny_and_odd_images_give_no_dice() {
    for (w, h) in [
        (1, 1),
        (2, 3),
        (7, 5),
        (15, 16),
        (1, 640),
        (640, 1),
        (33, 17),
    ] {
        let rgba = vec![128u8; w * h * 4];
        let dice = read(&Image::rgba(w, h, &rgba).unwrap());
        assert!(dice.is_empty(), "{w}×{h}: {dice:?}");
    }
    let grey = vec![90u8; 50 * 40];
    assert!(read(&Image::grey(50, 40, &grey).unwrap()).is_empty());
}

#[test]
fn bad_buffers_are_errors_not_panics() {
    use genius_reader::ImageError;
    assert_eq!(Image::rgb(0, 10, &[]).unwrap_err(), ImageError::Empty);
    assert_eq!(
        Image::rgb(4, 4, &[0; 47]).unwrap_err(),
        ImageError::WrongLength {
            expected: 48,
            actual: 47
        }
    );
    assert_eq!(
        Image::grey(20_000, 1, &[0; 20_000]).unwrap_err(),
        ImageError::TooLarge {
            width: 20_000,
            height: 1
        }
    );
}

#[test]
fn genius_dice_prints_a_line_per_photo_and_an_error_for_a_corrupt_file() {
    let Some(exe) = option_env!("CARGO_BIN_EXE_genius-dice") else {
        return; // built with the feature "cli" only (scripts/test does)
    };
    let dir = std::env::temp_dir().join(format!("genius-dice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let corrupt = dir.join("corrupt.jpg");
    let photo = photos().remove(0);
    let good = fixtures().join(&photo.file);
    let mut bytes = std::fs::read(&good).unwrap();
    bytes.truncate(bytes.len() / 3);
    bytes.extend_from_slice(b"not a jpeg any more");
    std::fs::write(&corrupt, &bytes).unwrap();
    let empty = dir.join("empty.png");
    std::fs::write(&empty, b"").unwrap();
    let out = std::process::Command::new(exe)
        .arg(&good)
        .arg(&corrupt)
        .arg(&empty)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "a photo that cannot be read ends with status 1"
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["file"], good.to_str().unwrap());
    let dice = lines[0]["dice"].as_array().unwrap();
    assert!(!dice.is_empty());
    for d in dice {
        assert!((1..=6).contains(&d["value"].as_u64().unwrap()));
        assert_eq!(d["box"].as_array().unwrap().len(), 4);
        assert!((0.0..=1.0).contains(&d["confidence"].as_f64().unwrap()));
    }
    assert!(lines[0]["ms"].is_u64());
    // A truncated JPEG decodes as far as it goes (the rest grey): an
    // error or no dice; an empty file cannot be decoded at all.
    assert!(
        lines[1]["error"].is_string() || lines[1]["dice"].as_array().unwrap().len() <= dice.len(),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2]["dice"], serde_json::json!([]));
    assert!(lines[2]["error"].is_string(), "{}", lines[2]);
    std::fs::remove_dir_all(dir).ok();
}
