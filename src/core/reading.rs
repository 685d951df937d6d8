//! Dice read by the camera, before they count: what the reader found on a
//! photo (`genius_reader`), the player's corrections (a face changed, a die
//! removed or added, an unsure die confirmed), and whether the faces can go
//! in now — as many dice as the game expects at that moment, and none the
//! reader was unsure of left unconfirmed. Nothing here is filled in
//! silently: [`Reading::faces`] says why not, and the screen says it.
//!
//! The faces confirmed go into the game exactly as faces typed on the
//! keypad do; this module only decides when they may.

use crate::core::dice::{D6, MAX_DICE};
use genius_reader::Die;

/// How many dice the game takes at this moment: a set of counts from 1 to
/// [`MAX_DICE`] (Einstein exactly 5, Séquence Dés 2, the checker 1 to 5,
/// Genius the counts its columns list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Expect(u8);

impl Expect {
    /// One to five dice (the checker).
    pub const UP_TO_FIVE: Expect = Expect(0b11_1110);

    /// Exactly `n` dice (clamped to 1…[`MAX_DICE`]).
    pub fn exactly(n: usize) -> Expect {
        let n = n.clamp(1, MAX_DICE);
        Expect(1 << n)
    }

    /// From `min` to `max` dice.
    pub fn between(min: usize, max: usize) -> Expect {
        Expect::of((min..=max).collect::<Vec<_>>())
    }

    /// Any of `counts` (those outside 1…[`MAX_DICE`] ignored; none: 1 to 5).
    pub fn of(counts: impl IntoIterator<Item = usize>) -> Expect {
        let bits = counts
            .into_iter()
            .filter(|k| (1..=MAX_DICE).contains(k))
            .fold(0u8, |bits, k| bits | 1 << k);
        if bits == 0 {
            Expect::between(1, MAX_DICE)
        } else {
            Expect(bits)
        }
    }

    /// Whether `n` dice are what the game takes.
    pub fn fits(self, n: usize) -> bool {
        n <= MAX_DICE && self.0 & (1 << n) != 0
    }

    /// The counts taken, smallest first.
    pub fn counts(self) -> Vec<usize> {
        (1..=MAX_DICE).filter(|&k| self.fits(k)).collect()
    }

    /// The fewest dice taken.
    pub fn min(self) -> usize {
        self.counts().first().copied().unwrap_or(1)
    }

    /// The most dice taken.
    pub fn max(self) -> usize {
        self.counts().last().copied().unwrap_or(MAX_DICE)
    }

    /// Whether the counts taken run without a gap (`min` to `max`).
    pub fn is_range(self) -> bool {
        self.counts().len() == self.max() - self.min() + 1
    }
}

/// One die of a [`Reading`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReadDie {
    /// The face it counts as (the reader's, or the player's correction).
    pub face: D6,
    /// Where it lies on the photo (`[x0, y0, x1, y1]` in the photo's
    /// pixels); `None` for a die the player added.
    pub bbox: Option<[f32; 4]>,
    /// The reader was sure of it ([`Die::is_sure`]).
    pub sure: bool,
    /// The player chose or confirmed its face.
    pub confirmed: bool,
    /// The face the reader saw, if the player changed it.
    pub read_as: Option<D6>,
}

impl ReadDie {
    /// An unsure die the player has not confirmed: it keeps the faces out.
    pub fn needs_confirming(&self) -> bool {
        !self.sure && !self.confirmed
    }

    /// The player added it (the reader missed it).
    pub fn added(&self) -> bool {
        self.bbox.is_none()
    }
}

/// Why the faces of a [`Reading`] cannot go in yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotYet {
    /// No die read nor added.
    NoDice,
    /// More dice than the game takes now (`read`: how many there are).
    TooMany { read: usize, expect: Expect },
    /// Fewer dice than the game takes now.
    TooFew { read: usize, expect: Expect },
    /// Dice the reader was unsure of, still to confirm (how many).
    Unsure(usize),
}

/// The dice read on one photo, with the player's corrections, against the
/// count the game expects.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    dice: Vec<ReadDie>,
    expect: Expect,
}

impl Reading {
    /// What the reader found (in its order: left to right). A value that is
    /// no face of a d6 is dropped (the reader never gives one).
    pub fn new(found: &[Die], expect: Expect) -> Reading {
        let dice = found
            .iter()
            .filter_map(|d| {
                Some(ReadDie {
                    face: D6::new(d.value)?,
                    bbox: Some(d.bbox),
                    sure: d.is_sure(),
                    confirmed: false,
                    read_as: None,
                })
            })
            .collect();
        Reading { dice, expect }
    }

    pub fn dice(&self) -> &[ReadDie] {
        &self.dice
    }

    pub fn expect(&self) -> Expect {
        self.expect
    }

    /// The player's face for die `i` (a correction, or the same face: a
    /// confirmation). No die `i`: nothing.
    pub fn set_face(&mut self, i: usize, face: D6) {
        if let Some(die) = self.dice.get_mut(i) {
            if die.face != face && die.read_as.is_none() && !die.added() {
                die.read_as = Some(die.face);
            }
            if die.read_as == Some(face) {
                die.read_as = None;
            }
            die.face = face;
            die.confirmed = true;
        }
    }

    /// Die `i` is no die (the reader invented it).
    pub fn remove(&mut self, i: usize) {
        if i < self.dice.len() {
            self.dice.remove(i);
        }
    }

    /// A die the reader missed, with its face. Refused (false) once the
    /// reading holds [`MAX_DICE`] dice or more.
    pub fn add(&mut self, face: D6) -> bool {
        if self.dice.len() >= MAX_DICE {
            return false;
        }
        self.dice.push(ReadDie {
            face,
            bbox: None,
            sure: true,
            confirmed: true,
            read_as: None,
        });
        true
    }

    /// How many dice are still to confirm.
    pub fn unsure(&self) -> usize {
        self.dice.iter().filter(|d| d.needs_confirming()).count()
    }

    /// The count's problem, if the dice are not as many as the game takes.
    pub fn count_problem(&self) -> Option<NotYet> {
        let (read, expect) = (self.dice.len(), self.expect);
        if read == 0 {
            Some(NotYet::NoDice)
        } else if expect.fits(read) {
            None
        } else if read > expect.max() {
            Some(NotYet::TooMany { read, expect })
        } else {
            Some(NotYet::TooFew { read, expect })
        }
    }

    /// The faces to play (in the reading's order), or why not yet: the
    /// count first, then the dice to confirm.
    pub fn faces(&self) -> Result<Vec<D6>, NotYet> {
        if let Some(problem) = self.count_problem() {
            return Err(problem);
        }
        match self.unsure() {
            0 => Ok(self.dice.iter().map(|d| d.face).collect()),
            n => Err(NotYet::Unsure(n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die(value: u8, x: f32, confidence: f32) -> Die {
        Die {
            value,
            bbox: [x, 10.0, x + 40.0, 50.0],
            confidence,
        }
    }

    fn d(v: u8) -> D6 {
        D6::new(v).unwrap()
    }

    #[test]
    fn expected_counts() {
        assert!(Expect::exactly(5).fits(5));
        assert!(!Expect::exactly(5).fits(4));
        assert_eq!(Expect::exactly(2).counts(), [2]);
        assert_eq!(Expect::between(1, 5).counts(), [1, 2, 3, 4, 5]);
        assert!(Expect::between(1, 5).is_range());
        assert_eq!(Expect::UP_TO_FIVE, Expect::between(1, MAX_DICE));
        let odd = Expect::of([1, 3, 5]);
        assert!(!odd.is_range());
        assert_eq!((odd.min(), odd.max()), (1, 5));
        assert!(!odd.fits(0) && !odd.fits(6) && !odd.fits(2));
        assert_eq!(Expect::of([]), Expect::between(1, 5));
        assert_eq!(Expect::of([0, 7]), Expect::between(1, 5));
    }

    #[test]
    fn sure_dice_as_many_as_expected_go_in_as_read() {
        let r = Reading::new(&[die(3, 0.0, 0.99), die(5, 50.0, 0.95)], Expect::exactly(2));
        assert_eq!(r.faces(), Ok(vec![d(3), d(5)]));
    }

    #[test]
    fn an_unsure_die_keeps_the_faces_out_until_confirmed() {
        let mut r = Reading::new(&[die(3, 0.0, 0.99), die(5, 50.0, 0.4)], Expect::exactly(2));
        assert!(r.dice()[1].needs_confirming());
        assert_eq!(r.faces(), Err(NotYet::Unsure(1)));
        r.set_face(1, d(5));
        assert_eq!(r.dice()[1].read_as, None, "confirmed as read");
        assert_eq!(r.faces(), Ok(vec![d(3), d(5)]));
    }

    #[test]
    fn a_correction_changes_the_face_and_remembers_the_read_one() {
        let mut r = Reading::new(&[die(3, 0.0, 0.99)], Expect::between(1, 5));
        r.set_face(0, d(6));
        assert_eq!(r.dice()[0].face, d(6));
        assert_eq!(r.dice()[0].read_as, Some(d(3)));
        r.set_face(0, d(4));
        assert_eq!(r.dice()[0].read_as, Some(d(3)));
        r.set_face(0, d(3));
        assert_eq!(r.dice()[0].read_as, None);
        r.set_face(7, d(1));
        assert_eq!(r.faces(), Ok(vec![d(3)]));
    }

    #[test]
    fn too_many_or_too_few_are_said_never_filled_in() {
        let six: Vec<Die> = (0..6).map(|i| die(2, i as f32 * 50.0, 0.99)).collect();
        let mut r = Reading::new(&six, Expect::exactly(5));
        assert_eq!(
            r.faces(),
            Err(NotYet::TooMany {
                read: 6,
                expect: Expect::exactly(5)
            })
        );
        r.remove(0);
        assert_eq!(r.faces().map(|f| f.len()), Ok(5));
        r.remove(0);
        assert_eq!(
            r.faces(),
            Err(NotYet::TooFew {
                read: 4,
                expect: Expect::exactly(5)
            })
        );
        assert!(r.add(d(1)));
        assert!(r.dice()[4].added());
        assert_eq!(r.faces().map(|f| f[4]), Ok(d(1)));
        assert!(!r.add(d(1)), "never more than five dice");
    }

    #[test]
    fn the_count_is_said_before_the_dice_to_confirm() {
        let r = Reading::new(&[die(4, 0.0, 0.2)], Expect::exactly(2));
        assert!(matches!(r.faces(), Err(NotYet::TooFew { read: 1, .. })));
        let empty = Reading::new(&[], Expect::between(1, 5));
        assert_eq!(empty.faces(), Err(NotYet::NoDice));
    }

    #[test]
    fn no_face_of_a_d6_is_dropped() {
        let r = Reading::new(&[die(0, 0.0, 1.0), die(7, 0.0, 1.0)], Expect::exactly(1));
        assert!(r.dice().is_empty());
    }
}
