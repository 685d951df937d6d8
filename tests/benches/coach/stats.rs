//! Means, win rates and their 95 % confidence intervals for self-play.

/// The mean of a sample and the half-width of its 95 % confidence interval
/// (normal approximation, 1.96 standard errors).
#[derive(Clone, Copy, Debug)]
pub struct Estimate {
    pub n: usize,
    pub mean: f64,
    pub half_width: f64,
}

impl Estimate {
    pub fn of(sample: &[f64]) -> Estimate {
        let n = sample.len();
        let mean = sample.iter().sum::<f64>() / n.max(1) as f64;
        let variance = if n > 1 {
            sample.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        Estimate {
            n,
            mean,
            half_width: 1.96 * (variance / n.max(1) as f64).sqrt(),
        }
    }

    /// A proportion: `wins` out of `n` (a draw counts as half a win).
    pub fn rate(wins: f64, n: usize) -> Estimate {
        let p = wins / n.max(1) as f64;
        Estimate {
            n,
            mean: p,
            half_width: 1.96 * (p * (1.0 - p) / n.max(1) as f64).sqrt(),
        }
    }

    pub fn low(&self) -> f64 {
        self.mean - self.half_width
    }

    pub fn high(&self) -> f64 {
        self.mean + self.half_width
    }
}

impl std::fmt::Display for Estimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.3} ± {:.3} (95 % CI {:.3} … {:.3}, n = {})",
            self.mean,
            self.half_width,
            self.low(),
            self.high(),
            self.n
        )
    }
}

/// Paired difference of two policies played on the same seeds.
pub fn paired_difference(a: &[f64], b: &[f64]) -> Estimate {
    let diffs: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    Estimate::of(&diffs)
}
