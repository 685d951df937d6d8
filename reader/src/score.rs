//! How a reading compares with the faces a photo really shows: each die
//! read is paired with the nearest labelled die it lies on, and the pairs,
//! the dice missed and the dice invented are counted. Used by the tests on
//! the labelled photos and by `genius-dice-score` (the bench).

use crate::Die;

/// A labelled die: its face and its box `[x0, y0, x1, y1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Truth {
    pub value: u8,
    pub bbox: [f32; 4],
}

/// One photo's reading against its labels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Labelled dice read with their face.
    pub right: usize,
    /// Labelled dice found but read with another face.
    pub wrong: usize,
    /// Of those, the dice read wrong though the reader was sure
    /// ([`Die::is_sure`]): the errors a player would not be asked about.
    pub wrong_sure: usize,
    /// Labelled dice not found.
    pub missed: usize,
    /// Dice read where no die is labelled.
    pub invented: usize,
}

impl Score {
    /// Every face right, none missed, none invented.
    pub fn whole(&self) -> bool {
        self.wrong == 0 && self.missed == 0 && self.invented == 0
    }

    pub fn dice(&self) -> usize {
        self.right + self.wrong + self.missed
    }

    pub fn add(&mut self, other: Score) {
        self.right += other.right;
        self.wrong += other.wrong;
        self.wrong_sure += other.wrong_sure;
        self.missed += other.missed;
        self.invented += other.invented;
    }
}

/// Pairs each die read with a labelled die whose middle is within 0.6 of
/// the larger of their sizes, nearest pairs first.
pub fn score(truth: &[Truth], read: &[Die]) -> Score {
    let centre = |b: [f32; 4]| ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
    let size = |b: [f32; 4]| (b[2] - b[0]).max(b[3] - b[1]);
    let mut pairs = Vec::new();
    for (t, truth) in truth.iter().enumerate() {
        for (r, die) in read.iter().enumerate() {
            let (a, b) = (centre(truth.bbox), centre(die.bbox));
            let d = (a.0 - b.0).hypot(a.1 - b.1);
            if d < 0.6 * size(truth.bbox).max(size(die.bbox)) {
                pairs.push((d, t, r));
            }
        }
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut truth_paired, mut read_paired) = (vec![false; truth.len()], vec![false; read.len()]);
    let mut score = Score::default();
    for (_, t, r) in pairs {
        if truth_paired[t] || read_paired[r] {
            continue;
        }
        truth_paired[t] = true;
        read_paired[r] = true;
        if truth[t].value == read[r].value {
            score.right += 1;
        } else {
            score.wrong += 1;
            score.wrong_sure += usize::from(read[r].is_sure());
        }
    }
    score.missed = truth_paired.iter().filter(|p| !**p).count();
    score.invented = read_paired.iter().filter(|p| !**p).count();
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die(value: u8, x: f32) -> Die {
        Die {
            value,
            bbox: [x, 0.0, x + 10.0, 10.0],
            confidence: 1.0,
        }
    }

    fn truth(value: u8, x: f32) -> Truth {
        Truth {
            value,
            bbox: [x, 0.0, x + 10.0, 10.0],
        }
    }

    #[test]
    fn right_wrong_missed_and_invented_are_told_apart() {
        let s = score(
            &[truth(3, 0.0), truth(5, 20.0), truth(6, 40.0)],
            &[die(5, 21.0), die(2, 1.0), die(1, 80.0)],
        );
        assert_eq!(
            s,
            Score {
                right: 1,
                wrong: 1,
                wrong_sure: 1,
                missed: 1,
                invented: 1
            }
        );
        assert!(!s.whole());
        assert!(score(&[truth(4, 0.0)], &[die(4, 2.0)]).whole());
    }
}
