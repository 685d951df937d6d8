//! From a photo to dice: the photo scaled for the detector, the die centres
//! taken from its heat map, then each die's face told by the classifier
//! from a crop of the photo at its own resolution.

use crate::net::{Map, Model, CROP};
use crate::{Die, Image};

/// The detector sees the photo at this many pixels on its long side…
const DETECT_SIDE: f32 = 256.0;
/// …and answers once every `STRIDE` pixels of that.
const STRIDE: f32 = 4.0;
/// The classifier's crop (`CROP` pixels a side) covers this many times the
/// die's size.
const CROP_MARGIN: f32 = 1.4;
/// A cell may be a die's centre if the detector gives it at least this
/// probability…
const CENTRE: f32 = 0.3;
/// …and no likelier one lies closer than this share of a die's size. Dice
/// that touch have centres one size apart, so their peaks on the heat map
/// may be neighbouring cells: a peak among its eight neighbours, the rule
/// this replaced, lost one die of most touching pairs (20 of 2 693).
const SPREAD: f32 = 0.4;
/// Below this probability of its likeliest answer, a crop is read again in
/// its four quarter turns (see [`tell`]).
const SECOND_LOOK: f32 = 0.97;
/// At most this many dice are read on one photo (a table holds a few; a
/// photo of gravel does not make the reader classify thousands of crops).
const MAX_DICE: usize = 40;

/// A place the detector takes for a die's centre, in pixels of the photo.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    x: f32,
    y: f32,
    size: f32,
    score: f32,
    /// The detector's logit, which orders candidates where the score has
    /// rounded to 1.
    logit: f32,
}

pub fn read(model: &Model, image: &Image) -> Vec<Die> {
    let candidates = find(model, image);
    let mut dice: Vec<Die> = candidates
        .iter()
        .filter_map(|c| tell(model, image, c))
        .collect();
    dice.sort_by(|a, b| {
        a.centre()
            .0
            .total_cmp(&b.centre().0)
            .then(a.centre().1.total_cmp(&b.centre().1))
    });
    dice
}

/// The die centres the detector sees, most likely first, none closer to a
/// likelier one than [`SPREAD`] times the larger die's size.
fn find(model: &Model, image: &Image) -> Vec<Candidate> {
    let (w, h) = (image.width() as f32, image.height() as f32);
    let scale = DETECT_SIDE / w.max(h);
    let (sw, sh) = (
        ((w * scale).round() as usize).max(1),
        ((h * scale).round() as usize).max(1),
    );
    let input = detector_input(image, sw, sh);
    let out = model.detector.run(input);
    // The cells the photo covers (the rest is its repeated edge).
    let (cw, ch) = (
        (sw as f32 / STRIDE).ceil() as usize,
        (sh as f32 / STRIDE).ceil() as usize,
    );
    let (sx, sy) = (w / sw as f32, h / sh as f32);
    let threshold = (CENTRE / (1.0 - CENTRE)).ln();
    let mut found = Vec::new();
    for y in 0..ch.min(out.h) {
        for x in 0..cw.min(out.w) {
            let cell = out.at(y, x);
            let v = cell[0];
            if v < threshold {
                continue;
            }
            let size = cell[1].clamp(-3.0, 5.0).exp() * STRIDE;
            found.push(Candidate {
                x: (x as f32 + cell[2]) * STRIDE * sx,
                y: (y as f32 + cell[3]) * STRIDE * sy,
                size: size * sx.max(sy),
                score: sigmoid(v),
                logit: v,
            });
        }
    }
    found.sort_by(|a, b| b.logit.total_cmp(&a.logit));
    let mut kept: Vec<Candidate> = Vec::new();
    for c in found {
        if kept
            .iter()
            .all(|k| (k.x - c.x).hypot(k.y - c.y) >= SPREAD * k.size.max(c.size))
        {
            kept.push(c);
        }
        if kept.len() == MAX_DICE {
            break;
        }
    }
    kept
}

/// The die at `c`, with the face the classifier tells, unless it says it
/// is no die.
fn tell(model: &Model, image: &Image, c: &Candidate) -> Option<Die> {
    let half = CROP_MARGIN * c.size / 2.0;
    let mut crop = resample(
        image,
        [c.x - half, c.y - half, c.x + half, c.y + half],
        CROP,
        CROP,
    );
    crop.data.iter_mut().for_each(|v| *v = *v / 255.0 - 0.5);
    let first = softmax(&model.classifier.run(crop.clone()).data);
    // Unsure at first sight: the crop is read again turned a quarter, a
    // half and three quarters (a die's face is the same turned) and the
    // four answers averaged; eight views with the mirrored ones read no
    // better (measured). Most dice are read once.
    let p = if likeliest(&first).1 < SECOND_LOOK {
        let mut sum = first.clone();
        for view in turns(crop).skip(1) {
            let q = softmax(&model.classifier.run(view).data);
            sum.iter_mut().zip(q).for_each(|(a, b)| *a += b);
        }
        sum.iter().map(|a| a / 4.0).collect()
    } else {
        first.clone()
    };
    let (face, p_face) = likeliest(&p[..6]);
    // No die only if the first look and the four together both say so: an
    // oblique die's turns look less like a die than itself does.
    if p[6] >= p_face && is_no_die(&first) {
        return None;
    }
    // Sure of a die only as far as the detector was, and of its face as far
    // as the classifier is: a faint centre (score near the threshold) with a
    // clear face is still shown for confirmation.
    let found = ((c.score - CENTRE) / (0.6 - CENTRE)).clamp(0.0, 1.0);
    let confidence = p_face * (0.85 + 0.15 * found);
    let half_die = c.size / 2.0;
    Some(Die {
        value: face as u8 + 1,
        bbox: [
            c.x - half_die,
            c.y - half_die,
            c.x + half_die,
            c.y + half_die,
        ],
        confidence,
    })
}

/// The index and probability of the likeliest answer.
fn likeliest(p: &[f32]) -> (usize, f32) {
    p.iter()
        .copied()
        .enumerate()
        .fold((0, f32::NEG_INFINITY), |best, (i, v)| {
            if v > best.1 {
                (i, v)
            } else {
                best
            }
        })
}

/// Whether the classifier's answer is "no die" (its last class).
fn is_no_die(p: &[f32]) -> bool {
    p[6] >= likeliest(&p[..6]).1
}

/// A square crop in its four quarter turns, itself first.
fn turns(crop: Map) -> impl Iterator<Item = Map> {
    std::iter::successors(Some(crop), |m| Some(quarter_turn(m))).take(4)
}

/// A crop turned a quarter (square maps only).
fn quarter_turn(m: &Map) -> Map {
    let mut out = Map::new(m.w, m.h, m.c);
    for y in 0..m.h {
        for x in 0..m.w {
            let (ty, tx) = (m.w - 1 - x, y);
            let to = (ty * out.w + tx) * m.c;
            out.data[to..to + m.c].copy_from_slice(m.at(y, x));
        }
    }
    out
}

fn sigmoid(v: f32) -> f32 {
    1.0 / (1.0 + (-v).exp())
}

fn softmax(logits: &[f32]) -> Vec<f32> {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = logits.iter().map(|v| (v - top).exp()).collect();
    let sum: f32 = e.iter().sum();
    e.iter().map(|v| v / sum).collect()
}

/// The photo scaled to `sw` × `sh` for the detector, its sides rounded up
/// to a multiple of 16 by repeating its edge, in [-0.5, 0.5].
fn detector_input(image: &Image, sw: usize, sh: usize) -> Map {
    let small = resample(
        image,
        [0.0, 0.0, image.width() as f32, image.height() as f32],
        sw,
        sh,
    );
    let (pw, ph) = (sw.div_ceil(16) * 16, sh.div_ceil(16) * 16);
    let mut input = Map::new(ph, pw, 3);
    for y in 0..ph {
        for x in 0..pw {
            let from = small.at(y.min(sh - 1), x.min(sw - 1));
            let i = (y * pw + x) * 3;
            for (to, v) in input.data[i..i + 3].iter_mut().zip(from) {
                *to = v / 255.0 - 0.5;
            }
        }
    }
    input
}

/// The region `[x0, y0, x1, y1]` of the photo scaled to `out_w` × `out_h`
/// (0–255 per channel) by a triangle filter widened by the scale when it
/// shrinks, as Pillow's bilinear resize (which the trainer uses) does;
/// pixels outside the photo repeat its edge.
fn resample(image: &Image, region: [f32; 4], out_w: usize, out_h: usize) -> Map {
    let [x0, y0, x1, y1] = region;
    let xs = Taps::new(x0, x1, out_w, image.width());
    let ys = Taps::new(y0, y1, out_h, image.height());
    let mut out = Map::new(out_h, out_w, 3);
    let mut row = vec![[0f32; 3]; out_w];
    for oy in 0..out_h {
        row.iter_mut().for_each(|p| *p = [0.0; 3]);
        for &(sy, wy) in ys.of(oy) {
            for (ox, acc) in row.iter_mut().enumerate() {
                let mut px = [0f32; 3];
                for &(sx, wx) in xs.of(ox) {
                    let [r, g, b] = image.rgb_at(sx, sy);
                    px[0] += wx * f32::from(r);
                    px[1] += wx * f32::from(g);
                    px[2] += wx * f32::from(b);
                }
                for c in 0..3 {
                    acc[c] += wy * px[c];
                }
            }
        }
        out.data[oy * out_w * 3..(oy + 1) * out_w * 3].copy_from_slice(row.as_flattened());
    }
    out
}

/// For each output pixel along one side, the source pixels it averages and
/// their weights (summing to one).
struct Taps {
    starts: Vec<usize>,
    taps: Vec<(usize, f32)>,
}

impl Taps {
    fn new(a: f32, b: f32, n: usize, size: usize) -> Taps {
        let scale = (b - a) / n as f32;
        let support = scale.max(1.0);
        let mut starts = Vec::with_capacity(n + 1);
        let mut taps = Vec::new();
        for i in 0..n {
            starts.push(taps.len());
            let centre = a + (i as f32 + 0.5) * scale;
            let lo = (centre - support).floor() as i64;
            let hi = (centre + support).ceil() as i64;
            let first = taps.len();
            let mut total = 0.0;
            for j in lo..=hi {
                let t = 1.0 - ((j as f32 + 0.5 - centre) / support).abs();
                if t > 0.0 {
                    let at = j.clamp(0, size as i64 - 1) as usize;
                    taps.push((at, t));
                    total += t;
                }
            }
            if total > 0.0 {
                taps[first..].iter_mut().for_each(|(_, t)| *t /= total);
            }
        }
        starts.push(taps.len());
        Taps { starts, taps }
    }

    fn of(&self, i: usize) -> &[(usize, f32)] {
        &self.taps[self.starts[i]..self.starts[i + 1]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resampling_keeps_a_flat_colour_and_halves_a_gradient() {
        let px: Vec<u8> = (0..8u8).flat_map(|x| [x * 30, 100, 200]).collect();
        let image = Image::rgb(8, 1, &px).unwrap();
        let half = resample(&image, [0.0, 0.0, 8.0, 1.0], 4, 1);
        // Each output pixel averages the source pixels under a triangle two
        // source pixels wide on each side of its centre.
        assert!(half.data.chunks(3).all(|p| p[1] == 100.0 && p[2] == 200.0));
        let reds: Vec<f32> = half.data.chunks(3).map(|p| p[0]).collect();
        assert!(reds.windows(2).all(|w| w[0] < w[1]), "{reds:?}");
        assert!((reds[1] - 75.0).abs() < 8.0, "{reds:?}");
    }
}
