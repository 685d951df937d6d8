//! Exact fractions for the coach's chances and expectations.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Sub};

/// A fraction in lowest terms, denominator positive.
///
/// `i64` holds every count the coach makes (the most: 20^12 rolls of twelve
/// d20 in the roller, about 4·10^15); operations reduce as they go, and
/// comparisons cross-multiply in `i128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den`, reduced. Panics on a zero denominator (a bug: every
    /// fraction the coach builds counts outcomes out of a non-empty set).
    pub fn new(num: i64, den: i64) -> Ratio {
        assert!(den != 0, "a fraction with a zero denominator");
        let sign = if den < 0 { -1 } else { 1 };
        let g = gcd(num, den).max(1);
        Ratio {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    pub fn from_int(n: i64) -> Ratio {
        Ratio::new(n, 1)
    }

    pub fn numer(self) -> i64 {
        self.num
    }

    pub fn denom(self) -> i64 {
        self.den
    }

    /// The value as a float, for display (percentages, charts) only.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Per cent, rounded to one decimal, as tenths of a per cent (338 for
    /// 33.8 %), so that every language rounds it the same way.
    pub fn per_mille(self) -> i64 {
        // Whole part and remainder first, so that nothing overflows.
        let (whole, rest) = (self.num.abs() / self.den, self.num.abs() % self.den);
        // Round half away from zero.
        let tenths = whole * 1000 + (rest * 1000 * 2 + self.den) / (2 * self.den);
        tenths * self.num.signum()
    }
}

impl Default for Ratio {
    fn default() -> Ratio {
        Ratio::ZERO
    }
}

impl Add for Ratio {
    type Output = Ratio;
    fn add(self, other: Ratio) -> Ratio {
        let g = gcd(self.den, other.den).max(1);
        Ratio::new(
            self.num * (other.den / g) + other.num * (self.den / g),
            self.den / g * other.den,
        )
    }
}

impl Sub for Ratio {
    type Output = Ratio;
    fn sub(self, other: Ratio) -> Ratio {
        self + Ratio::new(-other.num, other.den)
    }
}

impl Mul for Ratio {
    type Output = Ratio;
    fn mul(self, other: Ratio) -> Ratio {
        let a = gcd(self.num, other.den).max(1);
        let b = gcd(other.num, self.den).max(1);
        Ratio::new(
            (self.num / a) * (other.num / b),
            (self.den / b) * (other.den / a),
        )
    }
}

impl Div for Ratio {
    type Output = Ratio;
    // Dividing is multiplying by the inverse.
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn div(self, other: Ratio) -> Ratio {
        self * Ratio::new(other.den, other.num)
    }
}

impl std::iter::Sum for Ratio {
    fn sum<I: Iterator<Item = Ratio>>(iter: I) -> Ratio {
        iter.fold(Ratio::ZERO, Add::add)
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Ratio) -> Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Ratio {
    /// `73/216`, or `5` when whole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_and_keeps_the_sign_on_top() {
        assert_eq!(Ratio::new(9, 216), Ratio::new(1, 24));
        assert_eq!(Ratio::new(3, -6).numer(), -1);
        assert_eq!(Ratio::new(3, -6).denom(), 2);
        assert_eq!(Ratio::new(0, 7), Ratio::ZERO);
    }

    #[test]
    fn arithmetic_is_exact() {
        let third = Ratio::new(1, 3);
        let sixth = Ratio::new(1, 6);
        assert_eq!(third + sixth, Ratio::new(1, 2));
        assert_eq!(third - sixth, sixth);
        assert_eq!(third * sixth, Ratio::new(1, 18));
        assert_eq!(third / sixth, Ratio::from_int(2));
        assert_eq!([third, third, third].into_iter().sum::<Ratio>(), Ratio::ONE);
        assert!(sixth < third);
    }

    #[test]
    fn per_mille_rounds_half_away_from_zero() {
        assert_eq!(Ratio::new(73, 216).per_mille(), 338);
        assert_eq!(Ratio::new(1, 2000).per_mille(), 1);
        assert_eq!(Ratio::new(-1, 2000).per_mille(), -1);
        assert_eq!(Ratio::new(2, 3).per_mille(), 667);
        assert_eq!(Ratio::ONE.per_mille(), 1000);
        // Twelve d20: 20^12 rolls, no overflow.
        let total = 20i64.pow(12);
        assert_eq!(Ratio::new(total - 1, total).per_mille(), 1000);
        assert_eq!(Ratio::new(total / 3, total).per_mille(), 333);
    }

    #[test]
    fn displays_as_a_fraction() {
        assert_eq!(Ratio::new(73, 216).to_string(), "73/216");
        assert_eq!(Ratio::from_int(-4).to_string(), "-4");
    }
}
