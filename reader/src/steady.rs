//! The live preview's question: are the faces steady? The reader reads
//! frame after frame while the phone is held over the dice; its answer is
//! taken once the same faces were read in a few frames in a row, so that a
//! die still rolling or a hand passing over the table is not taken.

use crate::Die;

/// Frames read from a live camera, until the same faces come up in
/// `needed` frames in a row (see [`Steady::push`]).
#[derive(Clone, Debug)]
pub struct Steady {
    needed: usize,
    faces: Vec<u8>,
    run: usize,
}

impl Steady {
    /// Frames in a row the preview waits for by default.
    pub const FRAMES: usize = 3;

    pub fn new(needed: usize) -> Self {
        Steady {
            needed: needed.max(1),
            faces: Vec::new(),
            run: 0,
        }
    }

    /// Takes one frame's reading; gives it back once it is the `needed`th
    /// frame in a row with the same faces (and at least one die). A frame
    /// with other faces starts the count again.
    pub fn push(&mut self, dice: &[Die]) -> Option<Vec<Die>> {
        let mut faces: Vec<u8> = dice.iter().map(|d| d.value).collect();
        faces.sort_unstable();
        if faces.is_empty() || faces != self.faces {
            self.faces = faces;
            self.run = usize::from(!self.faces.is_empty());
        } else {
            self.run += 1;
        }
        (self.run >= self.needed).then(|| dice.to_vec())
    }

    /// How many frames in a row have shown the same faces so far.
    pub fn run(&self) -> usize {
        self.run
    }
}

impl Default for Steady {
    fn default() -> Self {
        Steady::new(Steady::FRAMES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die(value: u8, x: f32) -> Die {
        Die {
            value,
            bbox: [x, 0.0, x + 10.0, 10.0],
            confidence: 0.99,
        }
    }

    #[test]
    fn the_same_faces_three_times_are_steady_whatever_their_order() {
        let mut steady = Steady::default();
        assert_eq!(steady.push(&[die(3, 0.0), die(5, 20.0)]), None);
        assert_eq!(steady.push(&[die(5, 1.0), die(3, 21.0)]), None);
        let taken = steady.push(&[die(3, 2.0), die(5, 22.0)]).expect("steady");
        assert_eq!(taken.iter().map(|d| d.value).collect::<Vec<_>>(), [3, 5]);
    }

    #[test]
    fn other_faces_or_no_dice_start_again() {
        let mut steady = Steady::default();
        steady.push(&[die(3, 0.0)]);
        steady.push(&[die(3, 0.0)]);
        assert_eq!(steady.push(&[die(4, 0.0)]), None);
        assert_eq!(steady.run(), 1);
        assert_eq!(steady.push(&[]), None);
        assert_eq!(steady.run(), 0);
        assert_eq!(steady.push(&[]), None, "an empty table is never steady");
    }
}
