//! A d6 face drawn with pips, as SVG, so it is crisp at any size.

use crate::core::dice::D6;
use dioxus::prelude::*;

/// Pip centres on a 100×100 face.
const TL: (u8, u8) = (27, 27);
const TR: (u8, u8) = (73, 27);
const ML: (u8, u8) = (27, 50);
const C: (u8, u8) = (50, 50);
const MR: (u8, u8) = (73, 50);
const BL: (u8, u8) = (27, 73);
const BR: (u8, u8) = (73, 73);

pub fn pips(face: D6) -> &'static [(u8, u8)] {
    match face.value() {
        1 => &[C],
        2 => &[TR, BL],
        3 => &[TR, C, BL],
        4 => &[TL, TR, BL, BR],
        5 => &[TL, TR, C, BL, BR],
        _ => &[TL, TR, ML, MR, BL, BR],
    }
}

/// A die face. Decorative: the button or list around it carries the label.
#[component]
pub fn DieFace(face: D6, #[props(default)] class: String) -> Element {
    rsx! {
        svg {
            class: "die {class}",
            view_box: "0 0 100 100",
            "aria-hidden": "true",
            rect { class: "die-body", x: "4", y: "4", width: "92", height: "92", rx: "18" }
            for (x, y) in pips(face).iter().copied() {
                circle { class: "pip", cx: "{x}", cy: "{y}", r: "9.5" }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_face_has_its_number_of_pips() {
        for face in D6::ALL {
            assert_eq!(pips(face).len(), face.value() as usize);
        }
    }
}
