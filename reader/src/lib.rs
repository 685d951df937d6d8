//! Reads pip d6 dice from a photo of a table: where each die lies, the face
//! it shows (1–6) and how sure the reader is. Pure Rust: pixels in, dice
//! out, no I/O, no clock.
//!
//! Two small convolutional networks, trained on photos of real dice
//! (`tools/dice-train`, weights in `model/`): the first finds the dice (a
//! heat map of die centres on the photo scaled to 256 pixels on its long
//! side, with each die's size), the second tells each die's face from a
//! crop of the photo at its full resolution — or says it is no die at all.
//!
//! ```
//! use genius_reader::{read, Image};
//! let grey = vec![200u8; 64 * 48];
//! let image = Image::grey(64, 48, &grey).unwrap();
//! assert!(read(&image).is_empty()); // an empty table
//! ```

mod detect;
mod net;
pub mod score;
mod steady;
#[cfg(feature = "js")]
mod web;

pub use steady::Steady;

/// A photo's pixels, row by row from the top left, with its size.
#[derive(Clone, Copy, Debug)]
pub struct Image<'a> {
    width: usize,
    height: usize,
    pixels: Pixels<'a>,
}

/// How an [`Image`]'s pixels are laid out.
#[derive(Clone, Copy, Debug)]
enum Pixels<'a> {
    /// Four bytes a pixel (a canvas's `ImageData`); alpha is ignored.
    Rgba(&'a [u8]),
    /// Three bytes a pixel.
    Rgb(&'a [u8]),
    /// One byte a pixel.
    Grey(&'a [u8]),
}

/// Why pixels do not make an [`Image`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageError {
    /// A side of zero pixels.
    Empty,
    /// More pixels than the reader takes ([`MAX_SIDE`] on a side).
    TooLarge { width: usize, height: usize },
    /// The buffer's length is not the size times the bytes a pixel.
    WrongLength { expected: usize, actual: usize },
}

impl std::fmt::Display for ImageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImageError::Empty => write!(f, "the image has no pixels"),
            ImageError::TooLarge { width, height } => {
                write!(
                    f,
                    "the image is {width}×{height}: at most {MAX_SIDE} pixels a side"
                )
            }
            ImageError::WrongLength { expected, actual } => {
                write!(f, "the image's buffer holds {actual} bytes, not {expected}")
            }
        }
    }
}

impl std::error::Error for ImageError {}

/// The longest side the reader takes (a 64-megapixel phone photo is
/// 9 248 pixels wide).
pub const MAX_SIDE: usize = 16_384;

impl<'a> Image<'a> {
    /// Four bytes a pixel: red, green, blue, alpha (ignored).
    pub fn rgba(width: usize, height: usize, pixels: &'a [u8]) -> Result<Self, ImageError> {
        Self::new(width, height, 4, Pixels::Rgba(pixels))
    }

    /// Three bytes a pixel: red, green, blue.
    pub fn rgb(width: usize, height: usize, pixels: &'a [u8]) -> Result<Self, ImageError> {
        Self::new(width, height, 3, Pixels::Rgb(pixels))
    }

    /// One byte a pixel.
    pub fn grey(width: usize, height: usize, pixels: &'a [u8]) -> Result<Self, ImageError> {
        Self::new(width, height, 1, Pixels::Grey(pixels))
    }

    fn new(
        width: usize,
        height: usize,
        bytes: usize,
        pixels: Pixels<'a>,
    ) -> Result<Self, ImageError> {
        if width == 0 || height == 0 {
            return Err(ImageError::Empty);
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(ImageError::TooLarge { width, height });
        }
        let expected = width * height * bytes;
        let actual = match pixels {
            Pixels::Rgba(p) | Pixels::Rgb(p) | Pixels::Grey(p) => p.len(),
        };
        if actual != expected {
            return Err(ImageError::WrongLength { expected, actual });
        }
        Ok(Image {
            width,
            height,
            pixels,
        })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The pixel at (`x`, `y`) as red, green, blue.
    fn rgb_at(&self, x: usize, y: usize) -> [u8; 3] {
        let i = y * self.width + x;
        match self.pixels {
            Pixels::Rgba(p) => [p[4 * i], p[4 * i + 1], p[4 * i + 2]],
            Pixels::Rgb(p) => [p[3 * i], p[3 * i + 1], p[3 * i + 2]],
            Pixels::Grey(p) => [p[i]; 3],
        }
    }
}

/// A die found on a photo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Die {
    /// The face it shows, 1 to 6.
    pub value: u8,
    /// Where it lies: `[x0, y0, x1, y1]` in pixels of the photo.
    pub bbox: [f32; 4],
    /// How sure the reader is, from 0 to 1: that it is a die, and of its
    /// face.
    pub confidence: f32,
}

/// Below this confidence a die is shown as unsure, to be confirmed.
pub const SURE: f32 = 0.9;

impl Die {
    /// Whether the reader is sure enough of it to fill it in unasked.
    pub fn is_sure(&self) -> bool {
        self.confidence >= SURE
    }

    /// The middle of its box.
    pub fn centre(&self) -> (f32, f32) {
        let [x0, y0, x1, y1] = self.bbox;
        ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
    }
}

/// The dice on `image`, left to right then top to bottom (by the middle of
/// their boxes). None on a photo of no dice; never a panic.
pub fn read(image: &Image) -> Vec<Die> {
    detect::read(net::model(), image)
}
