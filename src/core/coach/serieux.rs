//! Mode Sérieux: how many dice to roll this round.
//!
//! For each count: the exact chance of a prime and the exact expected
//! points ([`super::checker::dice_odds`]), and the chance to win (a first
//! place shared by m players counts 1/m) if the player rolls that many now
//! and plays on as well as possible. That chance comes from a dynamic programme
//! over the rounds left: the player's totals are reached exactly (a roll
//! scores one of 14 primes or nothing, so few totals are reachable), and
//! the other players are assumed to roll, every round, the count with the
//! best expected points. The probabilities of that programme are products
//! over many dice; they are computed in floating point (`f64`, relative
//! error far below the 0.1 % shown), the only figures of this module that
//! are not integer fractions.
//!
//! The recommendation is the count with the best chance to win;
//! between equal chances (alone at the table, far ahead, or out of reach),
//! the count with the best expected points.

use super::checker::{dice_odds, DiceOdds};
use super::{Advice, Basis, Scored};
use crate::core::dice::MAX_DICE;
use crate::core::serieux::{Serieux, ROUNDS};
use crate::core::table::MAX_PLAYERS;
use std::collections::HashMap;

/// One count of dice, with its chance to win.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    pub dice: usize,
    /// Chance to win (a first place shared by m players counts 1/m)
    /// rolling this many now and playing on well; `None` when alone.
    pub win_chance: Option<f64>,
}

/// Why the coach recommends its count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The best expected points (alone, or every count is as likely to
    /// win).
    BestPoints,
    /// The best chance to win, and it is not the count with the
    /// best expected points: the player needs to catch up (or to stay
    /// ahead safely).
    BestChanceToWin,
    /// The best chance to win is also the best expected points.
    BestOnBoth,
}

/// One roll of `k` dice as (points, probability).
fn outcomes(odds: &DiceOdds) -> Vec<(u64, f64)> {
    let total = 6f64.powi(odds.dice as i32);
    let mut out: Vec<(u64, f64)> = odds
        .primes
        .iter()
        .map(|&(p, c)| (u64::from(p), f64::from(c) / total))
        .collect();
    out.push((0, 1.0 - out.iter().map(|(_, q)| q).sum::<f64>()));
    out
}

/// The count with the best expected points (the others' assumed play).
pub fn best_points_count() -> usize {
    let odds = dice_odds();
    (0..MAX_DICE).max_by_key(|&i| odds[i].points).unwrap_or(0) + 1
}

/// The distribution of a final total, starting from `from`, after `rounds`
/// rolls of `dice` dice: sorted (total, probability).
fn final_totals(from: u64, rounds: usize, dice: usize) -> Vec<(u64, f64)> {
    let roll = outcomes(&dice_odds()[dice - 1]);
    let mut dist: HashMap<u64, f64> = HashMap::from([(from, 1.0)]);
    for _ in 0..rounds {
        let mut next = HashMap::new();
        for (&total, &q) in &dist {
            for &(points, r) in &roll {
                *next.entry(total + points).or_insert(0.0) += q * r;
            }
        }
        dist = next;
    }
    let mut out: Vec<(u64, f64)> = dist.into_iter().collect();
    out.sort_unstable_by_key(|(t, _)| *t);
    out
}

/// A sorted distribution as its running sums: (total, P(≤ total)).
fn cumulative(dist: &[(u64, f64)]) -> Vec<(u64, f64)> {
    let mut sum = 0.0;
    dist.iter()
        .map(|&(t, q)| {
            sum += q;
            (t, sum)
        })
        .collect()
}

/// The dynamic programme, bottom-up: the totals the player can reach after
/// each roll (sorted, each once), the share of first place at the end, then
/// back roll by roll the best chance from each total.
struct Programme {
    /// One roll of k dice (index k − 1): (points, probability).
    rolls: Vec<Vec<(u64, f64)>>,
    /// Each other player's final total, cumulative.
    rivals: Vec<Vec<(u64, f64)>>,
}

impl Programme {
    /// The player's share of first place with each final total of `finals`
    /// (ascending): 1 when alone ahead, 1/(m+1) when tied with m others, 0
    /// when beaten.
    fn shares_of_first(&self, finals: &[u64]) -> Vec<f64> {
        // Each rival's chance to end below and at each total, by one walk
        // along both ascending lists.
        let per_rival: Vec<Vec<(f64, f64)>> = self
            .rivals
            .iter()
            .map(|rival| {
                let mut j = 0;
                finals
                    .iter()
                    .map(|&t| {
                        while j < rival.len() && rival[j].0 < t {
                            j += 1;
                        }
                        let below = if j == 0 { 0.0 } else { rival[j - 1].1 };
                        let equal = match rival.get(j) {
                            Some(&(x, at_most)) if x == t => at_most - below,
                            _ => 0.0,
                        };
                        (below, equal)
                    })
                    .collect()
            })
            .collect();
        let mut shares: Vec<f64> = Vec::with_capacity(finals.len());
        for i in 0..finals.len() {
            // Between two of the rivals' totals the share does not change:
            // most finals take the one before theirs.
            if i > 0 && per_rival.iter().all(|rival| rival[i] == rival[i - 1]) {
                shares.push(shares[i - 1]);
                continue;
            }
            // coefficients[m]: chance that exactly m rivals tie and the
            // others end below.
            let mut coefficients = [0.0; MAX_PLAYERS + 1];
            coefficients[0] = 1.0;
            for (r, rival) in per_rival.iter().enumerate() {
                let (below, equal) = rival[i];
                for m in (0..=r).rev() {
                    coefficients[m + 1] += coefficients[m] * equal;
                    coefficients[m] *= below;
                }
            }
            shares.push(
                coefficients
                    .iter()
                    .enumerate()
                    .map(|(m, c)| c / (m + 1) as f64)
                    .sum(),
            );
        }
        shares
    }

    /// The chance of winning from `start` with `rounds` rolls left, for
    /// each count of dice rolled now (then playing as well as possible).
    fn first_roll(&self, start: u64, rounds: usize) -> Vec<f64> {
        let mut points: Vec<u64> = self.rolls.iter().flatten().map(|(p, _)| *p).collect();
        points.sort_unstable();
        points.dedup();
        // totals[d]: every total reachable after d rolls, ascending, and
        // reached[d - 1] the same as a set.
        let mut totals = vec![vec![start]];
        let mut reached = Vec::new();
        for d in 0..rounds {
            let next = Reached::sums(&totals[d], &points);
            totals.push(next.totals());
            reached.push(next);
        }
        let mut value = self.shares_of_first(&totals[rounds]);
        // Each roll's outcomes as (index into `points`, probability).
        let rolls: Vec<Vec<(usize, f64)>> = self
            .rolls
            .iter()
            .map(|roll| {
                roll.iter()
                    .map(|&(p, q)| (points.partition_point(|&x| x < p), q))
                    .collect()
            })
            .collect();
        for d in (0..rounds).rev() {
            let (here, there) = (&totals[d], &reached[d]);
            // landing[o][i]: where total i lands among the next totals
            // after scoring points[o].
            let landing: Vec<Vec<usize>> = points
                .iter()
                .map(|&p| here.iter().map(|&t| there.position(t + p)).collect())
                .collect();
            let with = |k: usize, i: usize| -> f64 {
                rolls[k]
                    .iter()
                    .map(|&(o, q)| q * value[landing[o][i]])
                    .sum()
            };
            if d == 0 {
                return (0..MAX_DICE).map(|k| with(k, 0)).collect();
            }
            value = (0..here.len())
                .map(|i| (0..MAX_DICE).map(|k| with(k, i)).fold(0.0, f64::max))
                .collect();
        }
        // No roll left (not reached: the coach advises before a roll).
        vec![value[0]; MAX_DICE]
    }
}

/// The totals reachable after some rolls: one bit per total of the range
/// they span, and how many are reached before each 64-bit word, so that a
/// reached total's position among them (ascending) takes a few steps,
/// where sorting every sum and searching them took most of the programme's
/// time.
struct Reached {
    low: u64,
    bits: Vec<u64>,
    before: Vec<usize>,
}

impl Reached {
    /// Every sum of one of `totals` and one of `points` (both ascending,
    /// not empty).
    fn sums(totals: &[u64], points: &[u64]) -> Reached {
        let low = totals[0] + points[0];
        let high = totals[totals.len() - 1] + points[points.len() - 1];
        let mut bits = vec![0u64; ((high - low) / 64 + 1) as usize];
        for t in totals {
            for p in points {
                let at = t + p - low;
                bits[(at / 64) as usize] |= 1 << (at % 64);
            }
        }
        let before = bits
            .iter()
            .scan(0, |count, word| {
                let here = *count;
                *count += word.count_ones() as usize;
                Some(here)
            })
            .collect();
        Reached { low, bits, before }
    }

    /// The position of `total`, one of the sums, among them all.
    fn position(&self, total: u64) -> usize {
        let at = total - self.low;
        let (word, bit) = ((at / 64) as usize, at % 64);
        self.before[word] + (self.bits[word] & ((1 << bit) - 1)).count_ones() as usize
    }

    /// The sums, ascending.
    fn totals(&self) -> Vec<u64> {
        let mut out = Vec::new();
        for (w, &word) in self.bits.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                out.push(self.low + 64 * w as u64 + u64::from(rest.trailing_zeros()));
                rest &= rest - 1;
            }
        }
        out
    }
}

/// Two chances closer than this are the same to the coach (floating-point
/// noise, far below the 0.1 % shown).
const SAME: f64 = 1e-9;

/// The coach at the current player's roll; `None` when nobody is to roll.
pub fn advise(game: &Serieux) -> Option<Advice<Count, Reason>> {
    let me = game.current_player()?;
    let totals: Vec<u64> = game.totals().into_iter().map(u64::from).collect();
    let order = game.turn_order();
    let my_turn = order.iter().position(|&p| p == me)?;
    let rounds_left = ROUNDS - game.round();
    let others: Vec<(u64, usize)> = order
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p != me)
        .map(|(i, &p)| {
            // Those before me in the order have played this round already.
            let left = if i < my_turn {
                rounds_left - 1
            } else {
                rounds_left
            };
            (totals[p], left)
        })
        .collect();
    let odds = dice_odds();
    let chances: Vec<Option<f64>> = if others.is_empty() {
        vec![None; MAX_DICE]
    } else {
        let dice = best_points_count();
        let programme = Programme {
            rolls: odds.iter().map(outcomes).collect(),
            rivals: others
                .iter()
                .map(|&(from, left)| cumulative(&final_totals(from, left, dice)))
                .collect(),
        };
        programme
            .first_roll(totals[me], rounds_left)
            .into_iter()
            .map(Some)
            .collect()
    };
    let options: Vec<Scored<Count>> = (1..=MAX_DICE)
        .map(|k| Scored {
            option: Count {
                dice: k,
                win_chance: chances[k - 1],
            },
            chance: Some(odds[k - 1].prime),
            expected: Some(odds[k - 1].points),
        })
        .collect();
    let by_points = best_points_count() - 1;
    let top = chances.iter().flatten().copied().fold(f64::MIN, f64::max);
    let contenders: Vec<usize> = (0..MAX_DICE)
        .filter(|&i| chances[i].is_none_or(|c| c >= top - SAME))
        .collect();
    let best = *contenders
        .iter()
        .max_by_key(|&&i| odds[i].points)
        .expect("at least one count");
    let reason = if contenders.len() == MAX_DICE {
        Reason::BestPoints
    } else if best == by_points {
        Reason::BestOnBoth
    } else {
        Reason::BestChanceToWin
    };
    Some(Advice {
        options,
        best: Some(best),
        reason,
        basis: Basis::Exact,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice::D6;
    use crate::core::game::{RollSource, Rules};
    use crate::core::serieux::{Action, FirstPlayer, Setup};
    use crate::core::table::{Colour, Player};

    fn game(players: usize) -> Serieux {
        let players = (0..players)
            .map(|i| Player::new(&format!("P{i}"), Colour::ALL[i]))
            .collect();
        Serieux::start(&Setup {
            players,
            first: FirstPlayer::Chosen(0),
        })
        .unwrap()
    }

    fn roll(g: &mut Serieux, values: &[u32]) {
        let action = Action::Roll {
            dice: D6::all_of(values).unwrap(),
            source: RollSource::Typed,
        };
        g.validate(&action).unwrap();
        g.apply_valid(&action);
    }

    #[test]
    fn against_players_of_expected_points_a_safe_prime_wins_more() {
        // Two players at the start: the other is assumed to roll 4 dice
        // (most points on average) and so ends at 0 nine times in ten; one
        // die scores a small prime half the time, which is usually enough.
        let advice = advise(&game(2)).unwrap();
        assert_eq!(advice.recommended().unwrap().option.dice, 1);
        assert_eq!(advice.reason, Reason::BestChanceToWin);
        let chances: Vec<f64> = advice
            .options
            .iter()
            .map(|o| o.option.win_chance.unwrap())
            .collect();
        assert!(
            chances.iter().all(|c| (0.5..1.0).contains(c)),
            "{chances:?}"
        );
    }

    #[test]
    fn alone_the_coach_rolls_four_dice_for_points() {
        let advice = advise(&game(1)).unwrap();
        assert_eq!(advice.recommended().unwrap().option.dice, 4);
        assert_eq!(advice.reason, Reason::BestPoints);
        assert!(advice.options.iter().all(|o| o.option.win_chance.is_none()));
    }

    #[test]
    fn far_behind_in_the_last_round_only_five_dice_can_win() {
        let mut g = game(2);
        // P0 scores 11113 (five dice) once, P1 misses; four rounds later
        // P1's last roll is the only one left: only five dice can catch up.
        roll(&mut g, &[1, 1, 1, 1, 3]); // 11113, prime
        for _ in 0..4 {
            roll(&mut g, &[6, 6]); // P1: 66, miss
            roll(&mut g, &[6, 6]); // P0: miss
        }
        assert_eq!(g.current_player(), Some(1));
        let advice = advise(&g).unwrap();
        let best = advice.recommended().unwrap();
        assert_eq!(best.option.dice, 5);
        assert_eq!(advice.reason, Reason::BestChanceToWin);
        // Chance to win = chance of a five-dice prime above 11113, and half
        // the chance of 11113 itself (a shared first place).
        let share: f64 = dice_odds()[4]
            .primes
            .iter()
            .filter(|(p, _)| *p >= 11113)
            .map(|&(p, c)| {
                if p == 11113 {
                    f64::from(c) / 2.0
                } else {
                    f64::from(c)
                }
            })
            .sum();
        let expected = share / 7776.0;
        assert!((best.option.win_chance.unwrap() - expected).abs() < 1e-12);
        for o in &advice.options[..4] {
            assert_eq!(o.option.win_chance, Some(0.0));
        }
    }
}
