//! The two networks: their layers, in the order `tools/dice-train/model.py`
//! defines them, and their weights (`model/*.bin`, as `model.export` writes
//! them: per layer one scale per output channel as little-endian f16, the
//! kernel in eight bits, output channel innermost, then the bias in f16).
//!
//! A feature map is a [`Map`]: height × width × channels, the channels of a
//! pixel side by side, so that a convolution adds a whole row of its kernel
//! at once into a pixel's outputs (a loop the compiler vectorises).

use std::sync::OnceLock;

/// A feature map: `h` × `w` pixels of `c` channels.
#[derive(Clone, Debug)]
pub struct Map {
    pub h: usize,
    pub w: usize,
    pub c: usize,
    pub data: Vec<f32>,
}

impl Map {
    pub fn new(h: usize, w: usize, c: usize) -> Self {
        Map {
            h,
            w,
            c,
            data: vec![0.0; h * w * c],
        }
    }

    pub fn at(&self, y: usize, x: usize) -> &[f32] {
        let i = (y * self.w + x) * self.c;
        &self.data[i..i + self.c]
    }
}

/// One layer of a network.
enum Layer {
    /// A k × k convolution (k = 3 or 1, zero padding keeping the size),
    /// with its stride, then ReLU unless it is the network's last layer.
    Conv {
        k: usize,
        cin: usize,
        cout: usize,
        stride: usize,
        weights: Vec<f32>,
        bias: Vec<f32>,
    },
    /// The map doubled in size (nearest), then the channels of an earlier
    /// layer's output (by index) after its own.
    Up { skip: usize },
    /// 2 × 2 max pooling.
    Pool,
    /// A dense layer on the flattened map (ReLU unless last).
    Dense {
        cin: usize,
        cout: usize,
        weights: Vec<f32>,
        bias: Vec<f32>,
    },
}

/// A network: its layers and which outputs later layers reuse.
pub struct Net {
    layers: Vec<Layer>,
}

/// How a layer is written in `model.py`'s lists.
enum Spec {
    Conv3(usize, usize, usize),
    Conv1(usize, usize),
    Up(usize),
    Pool,
    Dense(usize, usize),
}

/// The detector (`model.DETECTOR`): the photo at 256 pixels on its long
/// side in; per cell of 4 × 4 pixels the centre's logit, the die's log size
/// in cells and the centre's offset in the cell out.
const DETECTOR: [Spec; 14] = [
    Spec::Conv3(3, 16, 2),
    Spec::Conv3(16, 24, 2),
    Spec::Conv3(24, 32, 2),
    Spec::Conv3(32, 32, 1),
    Spec::Conv3(32, 48, 2),
    Spec::Conv3(48, 48, 1),
    Spec::Conv3(48, 48, 1),
    Spec::Up(3),
    Spec::Conv1(80, 32),
    Spec::Conv3(32, 32, 1),
    Spec::Up(1),
    Spec::Conv1(56, 24),
    Spec::Conv3(24, 24, 1),
    Spec::Conv1(24, 4),
];

/// The classifier's crop, pixels a side (`train.py --crop`).
pub const CROP: usize = 48;

/// The face classifier (`model.CLASSIFIER`): a [`CROP`]² crop in, seven
/// logits out (faces one to six, then "no die").
const CLASSIFIER: [Spec; 12] = [
    Spec::Conv3(3, 16, 1),
    Spec::Pool,
    Spec::Conv3(16, 32, 1),
    Spec::Conv3(32, 32, 1),
    Spec::Pool,
    Spec::Conv3(32, 64, 1),
    Spec::Conv3(64, 64, 1),
    Spec::Pool,
    Spec::Conv3(64, 64, 1),
    Spec::Pool,
    Spec::Dense(64 * (CROP / 16) * (CROP / 16), 64),
    Spec::Dense(64, 7),
];

/// The reader's two networks.
pub struct Model {
    pub detector: Net,
    pub classifier: Net,
}

/// The networks with the weights built into the reader, read once.
pub fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| Model {
        detector: Net::new(&DETECTOR, include_bytes!("../model/detector.bin")),
        classifier: Net::new(&CLASSIFIER, include_bytes!("../model/classifier.bin")),
    })
}

impl Net {
    /// The layers of `spec` with the weights of `bytes`, which must hold
    /// exactly as many as they take (a mismatch is a build error of the
    /// model files: the tests load both).
    fn new(spec: &[Spec], bytes: &[u8]) -> Net {
        let mut file = Weights(bytes);
        let layers = spec
            .iter()
            .map(|s| match *s {
                Spec::Conv3(cin, cout, stride) => {
                    let (weights, bias) = file.layer(9 * cin, cout);
                    Layer::Conv {
                        k: 3,
                        cin,
                        cout,
                        stride,
                        weights,
                        bias,
                    }
                }
                Spec::Conv1(cin, cout) => {
                    let (weights, bias) = file.layer(cin, cout);
                    Layer::Conv {
                        k: 1,
                        cin,
                        cout,
                        stride: 1,
                        weights,
                        bias,
                    }
                }
                Spec::Up(skip) => Layer::Up { skip },
                Spec::Pool => Layer::Pool,
                Spec::Dense(cin, cout) => {
                    let (weights, bias) = file.layer(cin, cout);
                    Layer::Dense {
                        cin,
                        cout,
                        weights,
                        bias,
                    }
                }
            })
            .collect();
        assert!(file.0.is_empty(), "the model file holds too many weights");
        Net { layers }
    }

    /// The network's output for `input`.
    pub fn run(&self, input: Map) -> Map {
        let last = self.layers.len() - 1;
        // Every layer's output, kept for the layers an Up joins back in.
        let mut outputs: Vec<Map> = Vec::with_capacity(self.layers.len());
        for (i, layer) in self.layers.iter().enumerate() {
            let x = outputs.last().unwrap_or(&input);
            let relu = i != last;
            let y = match layer {
                Layer::Conv {
                    k,
                    cin,
                    cout,
                    stride,
                    weights,
                    bias,
                } => {
                    debug_assert_eq!(x.c, *cin);
                    conv(x, *k, *cout, *stride, weights, bias, relu)
                }
                Layer::Up { skip } => up_and_join(x, &outputs[*skip]),
                Layer::Pool => pool(x),
                Layer::Dense {
                    cin,
                    cout,
                    weights,
                    bias,
                } => {
                    debug_assert_eq!(x.data.len(), *cin);
                    dense(&x.data, *cout, weights, bias, relu)
                }
            };
            outputs.push(y);
        }
        outputs.pop().unwrap_or(input)
    }
}

fn conv(
    x: &Map,
    k: usize,
    cout: usize,
    stride: usize,
    weights: &[f32],
    bias: &[f32],
    relu: bool,
) -> Map {
    // The output channels in blocks of a fixed size, for two neighbouring
    // output pixels at once, so that both pixels' sums stay in registers
    // while each row of the kernel, loaded once, is added to both. Blocks
    // of 16 fit a phone's and a desktop's sixteen vector registers twice
    // over with the kernel's row beside them (larger blocks, measured,
    // are kept in memory: up to four times slower).
    match cout {
        4 => conv_n::<4, 4>(x, k, stride, weights, bias, relu),
        16 => conv_n::<16, 16>(x, k, stride, weights, bias, relu),
        24 => conv_n::<24, 24>(x, k, stride, weights, bias, relu),
        32 => conv_n::<32, 16>(x, k, stride, weights, bias, relu),
        48 => conv_n::<48, 16>(x, k, stride, weights, bias, relu),
        64 => conv_n::<64, 16>(x, k, stride, weights, bias, relu),
        // A network of other widths adds its width here (the tests run both
        // networks, so a missing one fails there, not in a player's hands).
        _ => panic!("no convolution of {cout} output channels"),
    }
}

/// A convolution to `N` output channels, `B` of them at a time, two
/// output pixels of a row at a time.
fn conv_n<const N: usize, const B: usize>(
    x: &Map,
    k: usize,
    stride: usize,
    weights: &[f32],
    bias: &[f32],
    relu: bool,
) -> Map {
    const { assert!(N % B == 0) };
    let pad = k / 2;
    let padded;
    let xp = if pad == 0 {
        x
    } else {
        padded = zero_padded(x, pad);
        &padded
    };
    let (h, w, cin) = (x.h.div_ceil(stride), x.w.div_ceil(stride), x.c);
    let mut y = Map::new(h, w, N);
    for oy in 0..h {
        for ox in (0..w).step_by(2) {
            // The second pixel of the pair, or the first again at a row's
            // odd end (its sums then go nowhere).
            let ox1 = (ox + 1).min(w - 1);
            for block in (0..N).step_by(B) {
                let mut sum0: [f32; B] = bias[block..block + B].try_into().expect("B biases");
                let mut sum1 = sum0;
                for ky in 0..k {
                    let iy = oy * stride + ky;
                    for kx in 0..k {
                        let p0 = xp.at(iy, ox * stride + kx);
                        let p1 = xp.at(iy, ox1 * stride + kx);
                        let rows = &weights[(ky * k + kx) * cin * N..(ky * k + kx + 1) * cin * N];
                        for ((v0, v1), row) in p0.iter().zip(p1).zip(rows.chunks_exact(N)) {
                            let row: &[f32; B] =
                                row[block..block + B].try_into().expect("B weights");
                            for o in 0..B {
                                sum0[o] += v0 * row[o];
                                sum1[o] += v1 * row[o];
                            }
                        }
                    }
                }
                for (sum, at_x) in [(sum0, ox), (sum1, ox1)] {
                    let at = (oy * w + at_x) * N + block;
                    let out = &mut y.data[at..at + B];
                    if relu {
                        out.iter_mut().zip(sum).for_each(|(o, s)| *o = s.max(0.0));
                    } else {
                        out.copy_from_slice(&sum);
                    }
                }
            }
        }
    }
    y
}

/// `x` with `pad` pixels of zeros around it.
fn zero_padded(x: &Map, pad: usize) -> Map {
    let mut out = Map::new(x.h + 2 * pad, x.w + 2 * pad, x.c);
    let row = x.w * x.c;
    for iy in 0..x.h {
        let at = ((iy + pad) * out.w + pad) * x.c;
        out.data[at..at + row].copy_from_slice(&x.data[iy * row..(iy + 1) * row]);
    }
    out
}

fn up_and_join(x: &Map, skip: &Map) -> Map {
    let (h, w) = (skip.h, skip.w);
    let c = x.c + skip.c;
    let mut y = Map::new(h, w, c);
    for oy in 0..h {
        for ox in 0..w {
            let out = &mut y.data[(oy * w + ox) * c..(oy * w + ox + 1) * c];
            out[..x.c].copy_from_slice(x.at((oy / 2).min(x.h - 1), (ox / 2).min(x.w - 1)));
            out[x.c..].copy_from_slice(skip.at(oy, ox));
        }
    }
    y
}

fn pool(x: &Map) -> Map {
    let (h, w, c) = (x.h / 2, x.w / 2, x.c);
    let mut y = Map::new(h, w, c);
    for oy in 0..h {
        for ox in 0..w {
            let out = &mut y.data[(oy * w + ox) * c..(oy * w + ox + 1) * c];
            out.fill(f32::NEG_INFINITY);
            for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                for (o, v) in out.iter_mut().zip(x.at(2 * oy + dy, 2 * ox + dx)) {
                    *o = o.max(*v);
                }
            }
        }
    }
    y
}

fn dense(x: &[f32], cout: usize, weights: &[f32], bias: &[f32], relu: bool) -> Map {
    let mut out = bias.to_vec();
    for (v, row) in x.iter().zip(weights.chunks_exact(cout)) {
        for (o, w) in out.iter_mut().zip(row) {
            *o += v * w;
        }
    }
    if relu {
        out.iter_mut().for_each(|o| *o = o.max(0.0));
    }
    Map {
        h: 1,
        w: 1,
        c: cout,
        data: out,
    }
}

/// What is left of a model file, read layer by layer.
struct Weights<'a>(&'a [u8]);

impl Weights<'_> {
    /// A layer of `rows` × `cout` weights and its bias: the scales of its
    /// output channels, its kernel in eight bits, its bias.
    fn layer(&mut self, rows: usize, cout: usize) -> (Vec<f32>, Vec<f32>) {
        let scales = self.halves(cout);
        let weights = self
            .take(rows * cout)
            .chunks_exact(cout)
            .flat_map(|row| {
                row.iter()
                    .zip(&scales)
                    .map(|(&q, s)| f32::from(q as i8) * s)
            })
            .collect();
        (weights, self.halves(cout))
    }

    fn halves(&mut self, n: usize) -> Vec<f32> {
        self.take(2 * n)
            .chunks_exact(2)
            .map(|b| f16_to_f32(u16::from_le_bytes([b[0], b[1]])))
            .collect()
    }

    fn take(&mut self, n: usize) -> &[u8] {
        assert!(n <= self.0.len(), "the model file holds too few weights");
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        head
    }
}

/// An IEEE half-precision number's value.
fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = (h >> 10) & 0x1f;
    let frac = u32::from(h & 0x3ff);
    let bits = match exp {
        0 if frac == 0 => sign,
        0 => {
            // subnormal: frac × 2^-24
            let v = frac as f32 * (1.0 / 16_777_216.0);
            return if sign != 0 { -v } else { v };
        }
        0x1f => sign | 0x7f80_0000 | (frac << 13),
        _ => sign | ((u32::from(exp) + 112) << 23) | (frac << 13),
    };
    f32::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_read_as_their_values() {
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0xc000), -2.0);
        assert_eq!(f16_to_f32(0x3555), 0.333_251_95);
        assert_eq!(f16_to_f32(0x0001), 5.960_464_5e-8);
        assert_eq!(f16_to_f32(0x0000), 0.0);
        assert!(f16_to_f32(0x7c00).is_infinite());
    }

    #[test]
    fn eight_bit_weights_read_in_their_output_channels_scale() {
        // Two rows of two output channels: scales 0.5 and 2, then the
        // kernel (1, -2 / 127, 3), then the biases 1 and -2.
        let mut bytes = Vec::new();
        for h in [0x3800u16, 0x4000] {
            bytes.extend(h.to_le_bytes());
        }
        bytes.extend([1u8, (-2i8) as u8, 127, 3]);
        for h in [0x3c00u16, 0xc000] {
            bytes.extend(h.to_le_bytes());
        }
        let mut file = Weights(&bytes);
        let (weights, bias) = file.layer(2, 2);
        assert_eq!(weights, [0.5, -4.0, 63.5, 6.0]);
        assert_eq!(bias, [1.0, -2.0]);
        assert!(file.0.is_empty());
    }

    #[test]
    #[should_panic(expected = "too few weights")]
    fn a_short_model_file_is_refused() {
        Weights(&[0, 0, 0]).layer(1, 2);
    }

    #[test]
    fn both_networks_load_with_exactly_their_weights() {
        let m = model();
        let out = m.classifier.run(Map::new(CROP, CROP, 3));
        assert_eq!(out.data.len(), 7);
        let heat = m.detector.run(Map::new(64, 48, 3));
        assert_eq!((heat.h, heat.w, heat.c), (16, 12, 4));
    }

    #[test]
    fn a_convolution_adds_its_kernel_over_the_neighbours() {
        // One input channel of ones, a 3 × 3 kernel of ones to each of four
        // outputs: each output is the count of pixels under the kernel (4 in
        // a corner, 9 inside), the same in the four.
        let x = Map {
            h: 3,
            w: 3,
            c: 1,
            data: vec![1.0; 9],
        };
        let first = |m: &Map| m.data.iter().step_by(4).copied().collect::<Vec<f32>>();
        let y = conv(&x, 3, 4, 1, &[1.0; 36], &[0.5; 4], false);
        assert_eq!(first(&y), [4.5, 6.5, 4.5, 6.5, 9.5, 6.5, 4.5, 6.5, 4.5]);
        assert!(y.data.chunks(4).all(|p| p.iter().all(|v| *v == p[0])));
        let s = conv(&x, 3, 4, 2, &[1.0; 36], &[0.0; 4], true);
        assert_eq!((s.h, s.w, first(&s)), (2, 2, vec![4.0, 4.0, 4.0, 4.0]));
    }
}
