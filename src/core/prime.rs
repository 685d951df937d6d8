//! The verdict of the Mode Sérieux: is the number formed by the sorted dice
//! prime? Primality and factorisation come from `primal`; the odds are
//! computed by enumerating every roll, never typed in.

use super::dice::MAX_DICE;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Why a number is or is not prime, in a form the UI can word in any language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    /// The number is prime: its only divisors are 1 and itself.
    Prime,
    /// 1 is not prime (it has a single divisor).
    One,
    /// A composite number and its prime factors with their exponents,
    /// smallest first: 23345 → [(5, 1), (7, 1), (23, 1), (29, 1)].
    Composite(Vec<(u32, u32)>),
}

/// The answer the checker gives for one number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    pub number: u32,
    pub reason: Reason,
}

impl Verdict {
    pub fn is_prime(&self) -> bool {
        self.reason == Reason::Prime
    }
}

/// Primality as mathematics defines it (so 0 and 1 are not prime).
pub fn is_prime(n: u32) -> bool {
    primal::is_prime(u64::from(n))
}

/// Prime factors of `n` with exponents, smallest first. Empty for 0 and 1.
/// Trial division: dice numbers are at most 66 666, so at most 258 trial
/// divisors; primal's sieve would cost more code in the web build than it
/// saves (the tests check the two agree).
pub fn factorise(n: u32) -> Vec<(u32, u32)> {
    if n < 2 {
        return Vec::new();
    }
    trial_division(n as usize)
        .into_iter()
        .map(|(p, e)| (p as u32, e as u32))
        .collect()
}

fn trial_division(mut n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        let mut e = 0;
        while n % p == 0 {
            n /= p;
            e += 1;
        }
        if e > 0 {
            out.push((p, e));
        }
        p += 1;
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

/// The verdict for a number.
pub fn verdict(number: u32) -> Verdict {
    let reason = if number == 1 {
        Reason::One
    } else if is_prime(number) {
        Reason::Prime
    } else {
        Reason::Composite(factorise(number))
    };
    Verdict { number, reason }
}

/// Every number that `k` dice can form once sorted, ascending (one per
/// multiset of faces): 6, 21, 56, 126 and 252 numbers for k = 1…5.
pub fn sorted_numbers(k: usize) -> Vec<u32> {
    sorted_numbers_with_rolls(k)
        .into_iter()
        .map(|(number, _)| number)
        .collect()
}

/// [`sorted_numbers`], each with how many of the 6^k ordered rolls form it:
/// k! over the factorial of each face's count (1 2 2 is rolled 3 ways).
pub fn sorted_numbers_with_rolls(k: usize) -> Vec<(u32, u32)> {
    fn extend(
        prefix: u32,
        min_face: u8,
        counts: &mut [u32; 7],
        left: usize,
        out: &mut Vec<(u32, u32)>,
    ) {
        if left == 0 {
            let factorial = |n: u32| (1..=n).product::<u32>();
            let rolls = counts
                .iter()
                .fold(factorial(counts.iter().sum()), |rolls, &c| {
                    rolls / factorial(c)
                });
            out.push((prefix, rolls));
            return;
        }
        for face in min_face..=6 {
            counts[usize::from(face)] += 1;
            extend(prefix * 10 + u32::from(face), face, counts, left - 1, out);
            counts[usize::from(face)] -= 1;
        }
    }
    let mut out = Vec::new();
    if k > 0 {
        extend(0, 1, &mut [0; 7], k, &mut out);
    }
    out
}

/// The chance that a roll of `k` fair dice forms a prime: `favourable` rolls
/// out of `total` = 6^k equally likely ordered rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    pub dice: usize,
    pub favourable: u32,
    pub total: u32,
}

impl Odds {
    /// The fraction in lowest terms.
    pub fn reduced(&self) -> (u32, u32) {
        let g = gcd(self.favourable, self.total).max(1);
        (self.favourable / g, self.total / g)
    }

    pub fn percent(&self) -> f64 {
        f64::from(self.favourable) * 100.0 / f64::from(self.total)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Odds for `k` dice (1 ≤ k ≤ 5): the ordered rolls of each sorted number
/// that is prime, out of 6^k (461 numbers for 1 to 5 dice rather than 9 330
/// rolls; the tests count every roll too).
pub fn prime_odds(k: usize) -> Odds {
    assert!((1..=MAX_DICE).contains(&k), "between 1 and {MAX_DICE} dice");
    let favourable = sorted_numbers_with_rolls(k)
        .into_iter()
        .filter(|&(number, _)| is_prime(number))
        .map(|(_, rolls)| rolls)
        .sum();
    Odds {
        dice: k,
        favourable,
        total: 6u32.pow(k as u32),
    }
}

/// Odds for 1 to 5 dice, computed once.
pub fn all_odds() -> &'static [Odds; MAX_DICE] {
    static ODDS: OnceLock<[Odds; MAX_DICE]> = OnceLock::new();
    ODDS.get_or_init(|| std::array::from_fn(|i| prime_odds(i + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulebook_example_is_not_prime() {
        let v = verdict(23345);
        assert!(!v.is_prime());
        assert_eq!(
            v.reason,
            Reason::Composite(vec![(5, 1), (7, 1), (23, 1), (29, 1)])
        );
    }

    #[test]
    fn one_is_not_prime() {
        assert_eq!(verdict(1).reason, Reason::One);
        assert!(!verdict(1).is_prime());
    }

    #[test]
    fn repeated_factors_keep_their_exponent() {
        assert_eq!(factorise(1112), vec![(2, 3), (139, 1)]);
        assert_eq!(factorise(66666), vec![(2, 1), (3, 1), (41, 1), (271, 1)]);
        assert_eq!(factorise(4), vec![(2, 2)]);
    }

    #[test]
    fn factorisation_multiplies_back_for_every_dice_number() {
        for k in 1..=MAX_DICE {
            for n in sorted_numbers(k) {
                let product: u32 = factorise(n).iter().map(|&(p, e)| p.pow(e)).product();
                assert_eq!(product, n, "{n}");
                for (p, _) in factorise(n) {
                    assert!(is_prime(p), "{p} in factors of {n}");
                }
            }
        }
    }

    #[test]
    fn factorisation_agrees_with_primals_sieve() {
        let sieve = primal::Sieve::new(1000);
        for n in 2..100_000usize {
            let theirs: Vec<(u32, u32)> = sieve
                .factor(n)
                .expect("n ≤ 1000²")
                .into_iter()
                .map(|(p, e)| (p as u32, e as u32))
                .collect();
            assert_eq!(factorise(n as u32), theirs, "{n}");
        }
        assert_eq!(factorise(199_999), vec![(199_999, 1)]);
    }

    #[test]
    fn sorted_number_counts() {
        let counts: Vec<usize> = (1..=5).map(|k| sorted_numbers(k).len()).collect();
        assert_eq!(counts, vec![6, 21, 56, 126, 252]);
        assert!(sorted_numbers(0).is_empty());
    }

    #[test]
    fn odds_reduce() {
        let odds = prime_odds(3);
        assert_eq!((odds.favourable, odds.total), (9, 216));
        assert_eq!(odds.reduced(), (1, 24));
    }
}
