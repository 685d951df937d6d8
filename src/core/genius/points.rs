//! Genius points: kept in half points, so that ÷2 is exact (17 ÷ 2 = 8,5),
//! the GENIUS list and the challenge die's arithmetic.

use super::GENIUS_LIST;
use crate::core::dice_kinds::Challenge;
use serde::{Deserialize, Serialize};

/// A number of half points: 17 is `Halves(34)`, 8,5 is `Halves(17)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Halves(pub i32);

impl Halves {
    pub fn whole(n: i32) -> Halves {
        Halves(n * 2)
    }

    /// The whole number, if it is one.
    pub fn as_whole(self) -> Option<i32> {
        (self.0 % 2 == 0).then_some(self.0 / 2)
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

/// True when `value` is a whole number on the GENIUS list.
pub fn on_list(value: Halves) -> bool {
    value.as_whole().is_some_and(|n| GENIUS_LIST.contains(&n))
}

/// The challenge die applied to a sum; Défi faces leave it unchanged.
pub fn apply_challenge(face: Challenge, sum: Halves) -> Halves {
    match face {
        Challenge::Double => Halves(sum.0 * 2),
        // Exact: a whole sum S is 2S half points; S/2 is S half points.
        Challenge::Half => Halves(sum.0 / 2),
        Challenge::Plus10 => Halves(sum.0 + 20),
        Challenge::Minus10 => Halves(sum.0 - 20),
        Challenge::Defi1 | Challenge::Defi2 => sum,
    }
}
