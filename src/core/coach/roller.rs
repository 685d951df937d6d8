//! The dice roller: the exact distribution of the sum of the numbered dice
//! on the table (kept dice count with the face they show, the others with
//! every face equally likely), and the chance of at least or at most a
//! value.

use super::Ratio;
use crate::core::roller::Roller;

/// The sum's distribution: `counts[i]` ordered outcomes give `min + i`, out
/// of `total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumOdds {
    pub min: u32,
    pub counts: Vec<i64>,
    pub total: i64,
    /// Numbered dice counted, and other dice (letters, challenge…) left out.
    pub counted: usize,
    pub left_out: usize,
}

impl SumOdds {
    pub fn max(&self) -> u32 {
        self.min + self.counts.len() as u32 - 1
    }

    /// Chance that the sum is exactly `sum`.
    pub fn exactly(&self, sum: u32) -> Ratio {
        let n = sum
            .checked_sub(self.min)
            .and_then(|i| self.counts.get(i as usize))
            .copied()
            .unwrap_or(0);
        Ratio::new(n, self.total)
    }

    /// Chance that the sum is `sum` or more.
    pub fn at_least(&self, sum: u32) -> Ratio {
        let skip = sum.saturating_sub(self.min) as usize;
        let n: i64 = self.counts.iter().skip(skip).sum();
        Ratio::new(n, self.total)
    }

    /// Chance that the sum is `sum` or less.
    pub fn at_most(&self, sum: u32) -> Ratio {
        if sum < self.min {
            return Ratio::ZERO;
        }
        let take = (sum - self.min) as usize + 1;
        let n: i64 = self.counts.iter().take(take).sum();
        Ratio::new(n, self.total)
    }

    /// The expected sum.
    pub fn mean(&self) -> Ratio {
        let weighted: i64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(i, c)| i64::from(self.min + i as u32) * c)
            .sum();
        Ratio::new(weighted, self.total)
    }
}

/// The sum of the numbered dice as the next roll would leave it; `None`
/// when the table has no numbered die.
pub fn sum_odds(roller: &Roller) -> Option<SumOdds> {
    let showing = roller.showing();
    let (mut min, mut counts) = (0u32, vec![1i64]);
    let (mut counted, mut left_out) = (0, 0);
    for (i, kind) in roller.dice().iter().enumerate() {
        if !kind.is_numeric() {
            left_out += 1;
            continue;
        }
        counted += 1;
        let kept = roller
            .is_kept(i)
            .then(|| showing[i].and_then(|f| f.number()))
            .flatten();
        let faces: Vec<u32> = match kept {
            Some(n) => vec![n],
            None => kind.faces().iter().filter_map(|f| f.number()).collect(),
        };
        let low = *faces.iter().min()?;
        let high = *faces.iter().max()?;
        let mut next = vec![0i64; counts.len() + (high - low) as usize];
        for (s, c) in counts.iter().enumerate() {
            for f in &faces {
                next[s + (f - low) as usize] += c;
            }
        }
        min += low;
        counts = next;
    }
    if counted == 0 {
        return None;
    }
    let total = counts.iter().sum();
    Some(SumOdds {
        min,
        counts,
        total,
        counted,
        left_out,
    })
}
