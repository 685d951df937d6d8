//! The checker and Mode Sérieux's dice counts: for `k` dice, the exact
//! chance that the sorted number is prime, its expected value, and the
//! points a prime brings on average (Mode Sérieux writes primes only).
//!
//! Counted over every ordered roll of `k` fair dice (6^k equally likely,
//! grouped by the number they form), once per process and only when first
//! asked.

use super::{Advice, Basis, Ratio, Scored};
use crate::core::dice::MAX_DICE;
use crate::core::prime::{is_prime, sorted_numbers_with_rolls};
use std::sync::OnceLock;

/// What `k` dice can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceOdds {
    pub dice: usize,
    /// Chance that the number is prime.
    pub prime: Ratio,
    /// Expected value of the number (prime or not).
    pub number: Ratio,
    /// Expected points in Mode Sérieux (a prime scores its value, else 0).
    pub points: Ratio,
    /// The primes `k` dice can make, ascending, each with the number of
    /// ordered rolls (out of 6^k) that make it.
    pub primes: Vec<(u32, u32)>,
}

fn count(k: usize) -> DiceOdds {
    let total = 6i64.pow(k as u32);
    let (mut sum, mut prime_sum, mut favourable) = (0i64, 0i64, 0i64);
    let mut primes: Vec<(u32, u32)> = Vec::new();
    for (n, ways) in sorted_numbers_with_rolls(k) {
        let ways = i64::from(ways);
        sum += i64::from(n) * ways;
        if is_prime(n) {
            prime_sum += i64::from(n) * ways;
            favourable += ways;
            primes.push((n, ways as u32));
        }
    }
    DiceOdds {
        dice: k,
        prime: Ratio::new(favourable, total),
        number: Ratio::new(sum, total),
        points: Ratio::new(prime_sum, total),
        primes,
    }
}

/// The odds of 1 to 5 dice (index `k - 1`).
pub fn dice_odds() -> &'static [DiceOdds; MAX_DICE] {
    static ODDS: OnceLock<[DiceOdds; MAX_DICE]> = OnceLock::new();
    ODDS.get_or_init(|| std::array::from_fn(|i| count(i + 1)))
}

/// Why the checker's coach marks a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The best chance of a prime.
    BestChance,
}

/// The checker's question, "how many dice give me the best chance of a
/// prime?": every count from 1 to 5, chance of a prime and expected number.
pub fn advise() -> Advice<usize, Reason> {
    let options: Vec<Scored<usize>> = dice_odds()
        .iter()
        .map(|o| Scored {
            option: o.dice,
            chance: Some(o.prime),
            expected: Some(o.number),
        })
        .collect();
    let best = (0..options.len()).max_by_key(|&i| (options[i].chance, std::cmp::Reverse(i)));
    Advice {
        options,
        best,
        reason: Reason::BestChance,
        basis: Basis::Exact,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::prime::prime_odds;

    #[test]
    fn agrees_with_the_checkers_own_odds() {
        for (i, odds) in dice_odds().iter().enumerate() {
            let (num, den) = prime_odds(i + 1).reduced();
            assert_eq!(odds.prime, Ratio::new(num.into(), den.into()));
        }
    }

    #[test]
    fn four_dice_score_more_than_five_in_mode_serieux() {
        let odds = dice_odds();
        assert!(odds[3].points > odds[4].points);
        assert_eq!(odds[0].points, Ratio::new(2 + 3 + 5, 6));
        assert_eq!(odds[0].number, Ratio::new(21, 6));
    }

    #[test]
    fn one_die_has_the_best_chance() {
        assert_eq!(advise().recommended().map(|s| s.option), Some(1));
    }
}
