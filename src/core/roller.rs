//! The dice roller as a game: a set of dice on the table, some of them kept,
//! the others rolled; the last rolls in a history and every face ever rolled
//! counted, for the fairness view.

use super::dice_kinds::{DieKind, Face};
use super::game::{Compose, Move, Roll, RollSource, Rules};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// The most dice rolled together.
pub const MAX_DICE: usize = 12;
/// How many past rolls the history shows.
pub const HISTORY: usize = 30;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Puts this set of dice on the table (kept flags and faces are reset).
    SetDice(Vec<DieKind>),
    /// Keeps a die out of the next roll, or puts it back in.
    Keep { die: usize, kept: bool },
    /// The values (see [`DieKind::value`]) of every die not kept, in table
    /// order.
    Roll {
        values: Vec<u32>,
        source: RollSource,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Error {
    NoDice,
    TooManyDice { max: usize },
    NoSuchDie(usize),
    AllKept,
    WrongCount { expected: usize },
    NotAFace { die: usize, value: u32 },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::NoDice => write!(f, "no dice on the table"),
            Error::TooManyDice { max } => write!(f, "more than {max} dice"),
            Error::NoSuchDie(die) => write!(f, "there is no die {die}"),
            Error::AllKept => write!(f, "every die is kept: none to roll"),
            Error::WrongCount { expected } => write!(f, "{expected} values are needed"),
            Error::NotAFace { die, value } => write!(f, "{value} is not a face of die {die}"),
        }
    }
}

impl std::error::Error for Error {}

/// One roll, as the history shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rolled {
    pub dice: Vec<(DieKind, Face)>,
    /// Which dice were rolled (the others were kept).
    pub rolled: Vec<bool>,
    pub sum: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roller {
    dice: Vec<DieKind>,
    faces: Vec<Option<usize>>,
    kept: Vec<bool>,
    history: VecDeque<Rolled>,
    /// For each kind of die, how often each face index came up.
    tally: BTreeMap<DieKindKey, Vec<u64>>,
    rolls: u64,
}

/// An orderable key for the tally (DieKind itself has no order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DieKindKey(usize);

impl DieKindKey {
    fn of(kind: DieKind) -> Self {
        DieKindKey(
            DieKind::ALL
                .iter()
                .position(|k| *k == kind)
                .unwrap_or(usize::MAX),
        )
    }

    pub fn kind(self) -> Option<DieKind> {
        DieKind::ALL.get(self.0).copied()
    }
}

/// The sum of numbered dice, when every die on the table is numbered and
/// there are at least two.
pub fn sum_of(dice: &[(DieKind, Face)]) -> Option<u32> {
    if dice.len() < 2 || !dice.iter().all(|(k, _)| k.is_numeric()) {
        return None;
    }
    dice.iter().map(|(_, f)| f.number()).sum()
}

impl Roller {
    pub fn dice(&self) -> &[DieKind] {
        &self.dice
    }

    pub fn is_kept(&self, die: usize) -> bool {
        self.kept.get(die).copied().unwrap_or(false)
    }

    /// The face each die shows, `None` before its first roll.
    pub fn showing(&self) -> Vec<Option<Face>> {
        self.dice
            .iter()
            .zip(&self.faces)
            .map(|(k, f)| f.and_then(|i| k.face(i)))
            .collect()
    }

    /// How many dice the next roll throws.
    pub fn to_roll(&self) -> usize {
        self.kept.iter().filter(|k| !**k).count()
    }

    /// The kinds of the dice the next roll throws, in order.
    pub fn kinds_to_roll(&self) -> Vec<DieKind> {
        self.dice
            .iter()
            .zip(&self.kept)
            .filter(|(_, k)| !**k)
            .map(|(d, _)| *d)
            .collect()
    }

    pub fn history(&self) -> impl Iterator<Item = &Rolled> {
        self.history.iter()
    }

    pub fn rolls(&self) -> u64 {
        self.rolls
    }

    /// Face counts per kind of die ever rolled.
    pub fn tally(&self) -> impl Iterator<Item = (DieKind, &[u64])> {
        self.tally
            .iter()
            .filter_map(|(k, v)| k.kind().map(|kind| (kind, v.as_slice())))
    }
}

impl Rules for Roller {
    type Setup = Vec<DieKind>;
    type Action = Action;
    type Error = Error;

    fn start(dice: &Vec<DieKind>) -> Result<Self, Error> {
        let mut r = Roller {
            dice: Vec::new(),
            faces: Vec::new(),
            kept: Vec::new(),
            history: VecDeque::new(),
            tally: BTreeMap::new(),
            rolls: 0,
        };
        r.validate(&Action::SetDice(dice.clone()))?;
        r.apply_valid(&Action::SetDice(dice.clone()));
        Ok(r)
    }

    fn validate(&self, action: &Action) -> Result<(), Error> {
        match action {
            Action::SetDice(dice) if dice.is_empty() => Err(Error::NoDice),
            Action::SetDice(dice) if dice.len() > MAX_DICE => {
                Err(Error::TooManyDice { max: MAX_DICE })
            }
            Action::SetDice(_) => Ok(()),
            Action::Keep { die, .. } if *die >= self.dice.len() => Err(Error::NoSuchDie(*die)),
            Action::Keep { die, kept: true } if self.faces[*die].is_none() => {
                Err(Error::NoSuchDie(*die))
            }
            Action::Keep { .. } => Ok(()),
            Action::Roll { values, .. } => {
                let kinds = self.kinds_to_roll();
                if kinds.is_empty() {
                    return Err(Error::AllKept);
                }
                if values.len() != kinds.len() {
                    return Err(Error::WrongCount {
                        expected: kinds.len(),
                    });
                }
                for (die, (kind, value)) in kinds.iter().zip(values).enumerate() {
                    if !kind.values().contains(value) {
                        return Err(Error::NotAFace { die, value: *value });
                    }
                }
                Ok(())
            }
        }
    }

    fn apply_valid(&mut self, action: &Action) {
        match action {
            Action::SetDice(dice) => {
                self.dice = dice.clone();
                self.faces = vec![None; dice.len()];
                self.kept = vec![false; dice.len()];
            }
            Action::Keep { die, kept } => self.kept[*die] = *kept,
            Action::Roll { values, .. } => {
                let mut new = values.iter();
                let mut rolled = Vec::with_capacity(self.dice.len());
                for i in 0..self.dice.len() {
                    if self.kept[i] {
                        rolled.push(false);
                    } else if let Some(&value) = new.next() {
                        let kind = self.dice[i];
                        let face = (value - kind.value(0)) as usize;
                        self.faces[i] = Some(face);
                        let counts = self
                            .tally
                            .entry(DieKindKey::of(self.dice[i]))
                            .or_insert_with(|| vec![0; self.dice[i].sides()]);
                        counts[face] += 1;
                        rolled.push(true);
                    }
                }
                let dice: Vec<(DieKind, Face)> = self
                    .dice
                    .iter()
                    .zip(&self.faces)
                    .filter_map(|(k, f)| f.and_then(|i| k.face(i)).map(|face| (*k, face)))
                    .collect();
                let sum = sum_of(&dice);
                self.history.push_front(Rolled { dice, rolled, sum });
                self.history.truncate(HISTORY);
                self.rolls += 1;
            }
        }
    }

    /// Values up to a d20's 20 (face indices from 0 for dice without numbers).
    fn virtual_values() -> std::ops::RangeInclusive<u32> {
        0..=20
    }

    fn legal_moves(&self) -> Vec<Move<Action>> {
        let mut moves = vec![Move::Compose(Compose::Dice { max: MAX_DICE })];
        let kinds = self.kinds_to_roll();
        if !kinds.is_empty() {
            moves.push(Move::Roll(Roll::of(kinds)));
        }
        for (die, face) in self.faces.iter().enumerate() {
            moves.push(Move::Play(Action::Keep { die, kept: false }));
            if face.is_some() {
                moves.push(Move::Play(Action::Keep { die, kept: true }));
            }
        }
        moves
    }

    fn rolled(&self, _roll: &Roll, values: &[u32], source: RollSource) -> Option<Action> {
        Some(Action::Roll {
            values: values.to_vec(),
            source,
        })
    }

    fn roll_values(action: &Action) -> Option<(Vec<u32>, RollSource)> {
        match action {
            Action::Roll { values, source } => Some((values.clone(), *source)),
            Action::SetDice(_) | Action::Keep { .. } => None,
        }
    }

    fn is_finished(&self) -> bool {
        false
    }
}

/// How far the counts of one die stray from a fair die: Pearson's χ² with
/// `sides − 1` degrees of freedom, and whether it passes at the 5 % level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fairness {
    pub rolls: u64,
    pub chi_square: f64,
    pub critical: f64,
    /// Enough rolls for the test to mean something (5 expected per face).
    pub enough: bool,
}

impl Fairness {
    pub fn looks_fair(&self) -> bool {
        self.chi_square <= self.critical
    }
}

/// χ² critical values at the 5 % level, by degrees of freedom.
fn critical_5pct(df: usize) -> f64 {
    match df {
        1 => 3.841,
        3 => 7.815,
        5 => 11.070,
        7 => 14.067,
        9 => 16.919,
        11 => 19.675,
        19 => 30.144,
        // Wilson–Hilferty approximation for any other df.
        _ => {
            let k = df as f64;
            let z = 1.644_853_6;
            k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
        }
    }
}

pub fn fairness(counts: &[u64]) -> Fairness {
    let rolls: u64 = counts.iter().sum();
    let sides = counts.len().max(1);
    let expected = rolls as f64 / sides as f64;
    let chi_square = if rolls == 0 {
        0.0
    } else {
        counts
            .iter()
            .map(|&o| (o as f64 - expected).powi(2) / expected)
            .sum()
    };
    Fairness {
        rolls,
        chi_square,
        critical: critical_5pct(sides.saturating_sub(1).max(1)),
        enough: expected >= 5.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice_kinds::{Challenge, White};
    use crate::core::session::{Session, SessionRefusal};

    fn roll(values: &[u32]) -> Action {
        Action::Roll {
            values: values.to_vec(),
            source: RollSource::Typed,
        }
    }

    #[test]
    fn mixed_dice_keep_some_and_reroll_the_others() {
        let mut s =
            Session::<Roller>::new(vec![DieKind::D6, DieKind::D20, DieKind::Challenge]).unwrap();
        s.act(roll(&[3, 20, 0])).unwrap();
        assert_eq!(
            s.state().showing(),
            vec![
                Some(Face::Number(3)),
                Some(Face::Number(20)),
                Some(Face::Challenge(Challenge::Double))
            ]
        );
        s.act(Action::Keep { die: 1, kept: true }).unwrap();
        assert_eq!(s.state().to_roll(), 2);
        assert_eq!(
            s.act(roll(&[1, 1, 1])),
            Err(SessionRefusal::Rules(Error::WrongCount { expected: 2 }))
        );
        assert_eq!(
            s.act(roll(&[7, 1])),
            Err(SessionRefusal::Rules(Error::NotAFace { die: 0, value: 7 }))
        );
        s.act(roll(&[6, 1])).unwrap();
        let last = s.state().history().next().unwrap().clone();
        assert_eq!(last.rolled, vec![true, false, true]);
        assert_eq!(last.dice[1], (DieKind::D20, Face::Number(20)));
        assert_eq!(last.sum, None, "no sum with a challenge die");
    }

    #[test]
    fn sums_only_for_numbered_dice() {
        let mut s = Session::<Roller>::new(vec![DieKind::D4, DieKind::D12]).unwrap();
        s.act(roll(&[4, 12])).unwrap();
        assert_eq!(s.state().history().next().unwrap().sum, Some(16));
        let white = [
            (DieKind::White, Face::White(White::AddOne)),
            (DieKind::D6, Face::Number(2)),
        ];
        assert_eq!(sum_of(&white), None);
    }

    #[test]
    fn keeping_every_die_leaves_nothing_to_roll() {
        let mut s = Session::<Roller>::new(vec![DieKind::D6]).unwrap();
        assert_eq!(
            s.act(Action::Keep { die: 0, kept: true }),
            Err(SessionRefusal::Rules(Error::NoSuchDie(0))),
            "nothing to keep yet"
        );
        s.act(roll(&[1])).unwrap();
        s.act(Action::Keep { die: 0, kept: true }).unwrap();
        assert_eq!(s.act(roll(&[])), Err(SessionRefusal::Rules(Error::AllKept)));
        assert_eq!(Roller::start(&vec![]).err(), Some(Error::NoDice));
        assert_eq!(
            Roller::start(&vec![DieKind::D6; 13]).err(),
            Some(Error::TooManyDice { max: MAX_DICE })
        );
    }

    #[test]
    fn history_is_bounded_and_the_tally_counts_everything() {
        let mut s = Session::<Roller>::new(vec![DieKind::D6]).unwrap();
        for i in 0..100 {
            s.act(roll(&[i % 6 + 1])).unwrap();
        }
        assert_eq!(s.state().history().count(), HISTORY);
        let (kind, counts) = s.state().tally().next().unwrap();
        assert_eq!(kind, DieKind::D6);
        assert_eq!(counts.iter().sum::<u64>(), 100);
    }

    #[test]
    fn fairness_flags_a_loaded_die() {
        let fair = fairness(&[100, 98, 103, 99, 101, 99]);
        assert!(fair.looks_fair() && fair.enough);
        let loaded = fairness(&[200, 80, 80, 80, 80, 80]);
        assert!(!loaded.looks_fair());
        assert!(!fairness(&[1, 0, 0, 0, 0, 0]).enough);
        assert!((critical_5pct(19) - 30.144).abs() < 1e-9);
        assert!((critical_5pct(2) - 5.991).abs() < 0.1);
    }
}
