//! The reader's time on a photo, natively: each fixture photo read ten
//! times, the median and the slowest printed (`cargo bench -p
//! genius-reader --bench read`; scripts/bench). The target: a
//! 640 × 640 photo in at most 30 ms.

use std::path::Path;
use std::time::Instant;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/dice");
    for (name, file) in [
        ("640×640 (byler, 12 dice)", "byler/IMG_20191208_111339.jpg"),
        (
            "640×480 (penlington, 4 dice)",
            "penlington/valid-valid_59.jpg",
        ),
    ] {
        let photo = image::open(dir.join(file))
            .expect("a fixture photo")
            .into_rgb8();
        let (w, h) = (photo.width() as usize, photo.height() as usize);
        let image = genius_reader::Image::rgb(w, h, photo.as_raw()).unwrap();
        genius_reader::read(&image); // the weights loaded once
        let mut ms: Vec<f64> = (0..15)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(genius_reader::read(&image));
                start.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        println!(
            "read a {name}: median {:.1} ms, slowest {:.1} ms (15 reads)",
            ms[ms.len() / 2],
            ms[ms.len() - 1]
        );
    }
}
