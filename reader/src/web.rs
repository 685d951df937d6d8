//! The reader as the browser's wasm module (feature `js`): one call, made
//! by the app's camera glue (`src/platform/web/camera.js`) on a canvas's
//! pixels.

use wasm_bindgen::prelude::*;

/// Reads the dice on `width`×`height` RGBA pixels. Six numbers a die:
/// value, x0, y0, x1, y1, confidence; an empty array for a bad buffer or
/// no dice.
#[wasm_bindgen]
pub fn read_rgba(pixels: &[u8], width: u32, height: u32) -> Vec<f32> {
    let Ok(image) = crate::Image::rgba(width as usize, height as usize, pixels) else {
        return Vec::new();
    };
    crate::read(&image)
        .iter()
        .flat_map(|d| {
            [
                f32::from(d.value),
                d.bbox[0],
                d.bbox[1],
                d.bbox[2],
                d.bbox[3],
                d.confidence,
            ]
        })
        .collect()
}
