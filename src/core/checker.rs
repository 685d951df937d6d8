//! The prime checker as a state and a reducer: every tap, key or roll is an
//! [`Input`]; [`Checker::apply`] either changes the dice or refuses with an
//! [`EntryError`] that leaves them as they were.

use super::dice::{parse_face, EntryError, Hand, D6};
use super::prime::{verdict, Verdict};

/// Everything a player can do on the checker screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A tap on a die face.
    Face(D6),
    /// A printable character typed on a keyboard.
    Char(char),
    /// Backspace, or the "remove last die" button.
    RemoveLast,
    /// Escape, or the "clear" button.
    Clear,
    /// Enter: asks for the verdict of what was entered.
    Submit,
    /// Dice rolled by the app (or a whole entry pasted): they replace the hand.
    Roll(Vec<D6>),
}

/// The checker: the dice entered so far and the last refusal, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checker {
    hand: Hand,
    error: Option<EntryError>,
    rolled: bool,
}

impl Checker {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The message to show for the last refused input, until the next
    /// accepted one.
    pub fn error(&self) -> Option<&EntryError> {
        self.error.as_ref()
    }

    /// True when the current dice came from the app's virtual roll.
    pub fn was_rolled(&self) -> bool {
        self.rolled
    }

    /// The verdict for the dice, sorted; `None` while no die is entered.
    pub fn verdict(&self) -> Option<Verdict> {
        self.hand.number().map(verdict)
    }

    /// Checks an input without applying it.
    pub fn validate(&self, input: &Input) -> Result<(), EntryError> {
        match input {
            Input::Face(_) => {
                if self.hand.is_full() {
                    return Err(EntryError::TooManyDice);
                }
            }
            Input::Char(c) => {
                parse_face(*c)?;
                if self.hand.is_full() {
                    return Err(EntryError::TooManyDice);
                }
            }
            Input::RemoveLast | Input::Submit => {
                if self.hand.is_empty() {
                    return Err(EntryError::Empty);
                }
            }
            Input::Clear => {}
            Input::Roll(dice) => {
                if dice.is_empty() {
                    return Err(EntryError::Empty);
                }
                Hand::from_dice(dice)?;
            }
        }
        Ok(())
    }

    /// Applies an input. A refused input changes no die and is remembered as
    /// the error to show; an accepted one clears the error.
    pub fn apply(&mut self, input: Input) -> Result<(), EntryError> {
        if let Err(e) = self.validate(&input) {
            self.error = Some(e.clone());
            return Err(e);
        }
        self.error = None;
        match input {
            Input::Face(d) => self.push(d),
            Input::Char(c) => {
                if let Ok(d) = parse_face(c) {
                    self.push(d);
                }
            }
            Input::RemoveLast => {
                let _ = self.hand.pop();
            }
            Input::Clear => {
                self.hand.clear();
                self.rolled = false;
            }
            Input::Submit => {}
            Input::Roll(dice) => {
                if let Ok(hand) = Hand::from_dice(&dice) {
                    self.hand = hand;
                    self.rolled = true;
                }
            }
        }
        Ok(())
    }

    fn push(&mut self, die: D6) {
        if self.hand.push(die).is_ok() {
            self.rolled = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: u8) -> D6 {
        D6::new(v).unwrap()
    }

    #[test]
    fn taps_build_a_sorted_number() {
        let mut c = Checker::new();
        for v in [2, 4, 3, 5, 3] {
            c.apply(Input::Face(d(v))).unwrap();
        }
        let v = c.verdict().unwrap();
        assert_eq!(v.number, 23345);
        assert!(!v.is_prime());
        assert!(c.hand().was_reordered());
    }

    #[test]
    fn refused_inputs_keep_the_dice_and_set_the_error() {
        let mut c = Checker::new();
        c.apply(Input::Char('2')).unwrap();
        c.apply(Input::Char('3')).unwrap();
        let before = c.hand().clone();
        for (input, err) in [
            (Input::Char('7'), EntryError::NotAFace(7)),
            (Input::Char('0'), EntryError::NotAFace(0)),
            (Input::Char('z'), EntryError::NotADigit('z')),
            (Input::Roll(vec![]), EntryError::Empty),
            (Input::Roll(vec![d(1); 6]), EntryError::TooManyDice),
        ] {
            assert_eq!(c.apply(input), Err(err.clone()));
            assert_eq!(c.error(), Some(&err));
            assert_eq!(c.hand(), &before);
        }
        c.apply(Input::Char('1')).unwrap();
        assert_eq!(c.error(), None);
        assert_eq!(c.verdict().unwrap().number, 123);
    }

    #[test]
    fn sixth_die_is_refused() {
        let mut c = Checker::new();
        for _ in 0..5 {
            c.apply(Input::Face(d(1))).unwrap();
        }
        assert_eq!(c.apply(Input::Face(d(3))), Err(EntryError::TooManyDice));
        assert_eq!(c.verdict().unwrap().number, 11111);
    }

    #[test]
    fn empty_entry_is_explained() {
        let mut c = Checker::new();
        assert_eq!(c.apply(Input::Submit), Err(EntryError::Empty));
        assert_eq!(c.apply(Input::RemoveLast), Err(EntryError::Empty));
        assert_eq!(c.verdict(), None);
        assert_eq!(c.apply(Input::Clear), Ok(()));
        assert_eq!(c.error(), None);
    }

    #[test]
    fn roll_replaces_and_typing_after_a_roll_adds() {
        let mut c = Checker::new();
        c.apply(Input::Face(d(6))).unwrap();
        c.apply(Input::Roll(vec![d(3), d(2)])).unwrap();
        assert!(c.was_rolled());
        assert_eq!(c.verdict().unwrap().number, 23);
        assert!(c.verdict().unwrap().is_prime());
        c.apply(Input::Face(d(3))).unwrap();
        assert!(!c.was_rolled());
        assert_eq!(c.verdict().unwrap().number, 233);
        c.apply(Input::RemoveLast).unwrap();
        assert_eq!(c.verdict().unwrap().number, 23);
        c.apply(Input::Clear).unwrap();
        assert_eq!(c.verdict(), None);
    }
}
