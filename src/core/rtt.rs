//! Roll to the Top (Joustra & van Moorsel), as `rulings.md` reads the
//! rulebook: a pool of coloured dice (d4, d6, d8, d12, d20) that grows and
//! shrinks with the white die, and towers of squares to fill.
//!
//! The challenge sheets are data: see [`super::rtt_sheet`] for their format.

use super::dice_kinds::{DieKind, Face, White};
use super::game::{
    Actor, Compose, Game, GameKind, Move, Points, Roll, RollSource, Rules, Standings, Variant,
};
use super::table::{places, seat, FirstPlayer, FirstPlayerError, Player, RollOff, SetupError};
use rand::Rng;
use serde::{Deserialize, Serialize};

mod placement;
mod series;
pub use placement::{accepts, playable, sums};
pub use series::Series;

pub use super::rtt_sheet::{shipped_sheets, Names, Sheet, SheetError, SquareDef};

/// The coloured dice, in order.
pub const COLOURED: [DieKind; 5] = [
    DieKind::D4,
    DieKind::D6,
    DieKind::D8,
    DieKind::D12,
    DieKind::D20,
];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<Player>,
    /// Who rolls first (the rulebook: the winner of the last game).
    pub first: FirstPlayer,
    /// The challenge sheet, as shipped (its id) or loaded.
    pub sheet: Sheet,
    /// Decreasing variant: each number ≤ the numbers below it.
    #[serde(default)]
    pub decreasing: bool,
}

/// A placement: a square and the dice (positions in the result) summed into it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    pub square: usize,
    pub dice: Vec<usize>,
}

crate::game_actions! {
    pub enum Action {
        /// The start: the five coloured dice (values in the order of [`COLOURED`]).
        StartRoll {
            values: Vec<u32>,
            source: RollSource,
        },
        /// The dice in play (values in set order) and the white die's face index.
        Roll {
            values: Vec<u32>,
            white: usize,
            source: RollSource,
        },
        /// One player's numbers for the current result (empty: a pass).
        Place {
            player: usize,
            placements: Vec<Placement>,
        },
        /// The roller changes the set of dice before rolling.
        Adjust {
            add: Option<DieKind>,
            remove: Option<DieKind>,
        },
    }
}

/// What the next roller must do to the set of dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Adjustment {
    Add,
    Remove,
    AddOrRemove,
    AddAndRemove,
}

impl Adjustment {
    fn of(face: White) -> Adjustment {
        match face {
            White::AddOne => Adjustment::Add,
            White::RemoveOne => Adjustment::Remove,
            White::AddOrRemove => Adjustment::AddOrRemove,
            White::AddAndRemove => Adjustment::AddAndRemove,
        }
    }
}

/// Why the adjustment is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Because {
    WhiteDie,
    FiveDiceRolled,
    NobodyWrote,
    OneDieRolled,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    RollOff(RollOff),
    /// The start: roll the five coloured dice (again if all are odd).
    Start,
    /// Roll the dice in play with the white die.
    Roll,
    /// Everyone uses the result.
    Place {
        result: Vec<u32>,
        waiting: Vec<usize>,
    },
    /// The roller changes the set before rolling.
    Adjust {
        must: Adjustment,
        because: Because,
    },
    Finished,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rtt {
    setup: Setup,
    phase: Phase,
    roller: usize,
    /// The coloured dice in play, in [`COLOURED`] order.
    set: Vec<DieKind>,
    /// The white die's last face (for the next roller).
    white: Option<White>,
    filled: Vec<Vec<Option<u32>>>,
    /// Squares each player filled from the last result.
    last: Vec<Vec<usize>>,
    wrote_last: bool,
    winners: Vec<usize>,
    start_values: Option<Vec<u32>>,
}

impl Rtt {
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn sheet(&self) -> &Sheet {
        &self.setup.sheet
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn roller(&self) -> usize {
        self.roller
    }

    pub fn dice_in_play(&self) -> &[DieKind] {
        &self.set
    }

    pub fn white(&self) -> Option<White> {
        self.white
    }

    pub fn filled(&self, player: usize) -> &[Option<u32>] {
        &self.filled[player]
    }

    /// On several phones: every other player has placed on this result,
    /// and the table waits only for `mine` (this phone's players).
    pub fn waits_only_for(&self, mine: &[usize]) -> bool {
        let Phase::Place { waiting, .. } = &self.phase else {
            return false;
        };
        !waiting.is_empty()
            && waiting.iter().all(|p| mine.contains(p))
            && (0..self.players().len()).any(|p| !mine.contains(&p))
    }

    pub fn open_squares(&self, player: usize) -> usize {
        self.filled[player].iter().filter(|f| f.is_none()).count()
    }

    /// The squares each player filled from the last result.
    pub fn last_filled(&self, player: usize) -> &[usize] {
        &self.last[player]
    }

    /// The start roll while it is news (from the start roll until the first
    /// result is rolled): each coloured die, its value, and whether it came
    /// into play (even) or was set aside (odd). Empty before and after.
    pub fn start_roll(&self) -> Vec<(DieKind, u32, bool)> {
        let fresh = matches!(self.phase, Phase::Start | Phase::Roll) && self.white.is_none();
        let values = self.start_values.as_deref().filter(|_| fresh);
        let dice = COLOURED.iter().zip(values.unwrap_or_default());
        dice.map(|(k, v)| (*k, *v, self.set.contains(k))).collect()
    }

    pub fn winners(&self) -> &[usize] {
        &self.winners
    }

    /// Places: winners first (shared), then by fewest open squares.
    pub fn places(&self) -> Vec<usize> {
        let scores: Vec<i64> = (0..self.players().len())
            .map(|p| -(self.open_squares(p) as i64))
            .collect();
        places(&scores)
    }

    /// Series points for this game: −1 per open square.
    pub fn series_points(&self, player: usize) -> i32 {
        -(self.open_squares(player) as i32)
    }

    fn decreasing(&self) -> bool {
        self.setup.decreasing
    }

    /// What the next roller must do, and why (the overrides of the rules first).
    fn adjustment(&self) -> (Adjustment, Because) {
        if self.set.len() == COLOURED.len() {
            (Adjustment::Remove, Because::FiveDiceRolled)
        } else if !self.wrote_last {
            (Adjustment::Add, Because::NobodyWrote)
        } else if self.set.len() == 1 {
            (Adjustment::Add, Because::OneDieRolled)
        } else {
            (
                self.white
                    .map(Adjustment::of)
                    .unwrap_or(Adjustment::AddOrRemove),
                Because::WhiteDie,
            )
        }
    }

    fn check_adjust(
        &self,
        must: Adjustment,
        add: Option<DieKind>,
        remove: Option<DieKind>,
    ) -> Result<(), Error> {
        let wrong = Err(Error::WrongAdjustment(must));
        if let Some(a) = add {
            if !COLOURED.contains(&a) || self.set.contains(&a) {
                return wrong;
            }
        }
        if let Some(r) = remove {
            if !self.set.contains(&r) {
                return wrong;
            }
        }
        let ok = match must {
            Adjustment::Add => add.is_some() && remove.is_none(),
            Adjustment::Remove => add.is_none() && remove.is_some(),
            Adjustment::AddOrRemove => add.is_some() != remove.is_some(),
            Adjustment::AddAndRemove => add.is_some() && remove.is_some(),
        };
        if ok {
            Ok(())
        } else {
            wrong
        }
    }
}

fn check_faces(kinds: &[DieKind], values: &[u32]) -> Result<(), Error> {
    if kinds.len() != values.len() {
        return Err(Error::WrongDiceCount);
    }
    for (die, (k, v)) in kinds.iter().zip(values).enumerate() {
        if k.index_of(Face::Number(*v)).is_none() {
            return Err(Error::NotAFace { die, value: *v });
        }
    }
    Ok(())
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Error {
    /// The setup's sheet does not hold together (a hand-edited saved game).
    Sheet(SheetError),
    GameOver,
    NotNow,
    /// A value that is not a face of that die.
    NotAFace {
        die: usize,
        value: u32,
    },
    WrongDiceCount,
    NotWaitingFor(usize),
    /// A die of the result used twice, or one that does not exist.
    DieReused(usize),
    /// The square cannot take that number now.
    SquareRefuses {
        square: usize,
        value: u32,
    },
    /// The white die (or an override) asks for another change.
    WrongAdjustment(Adjustment),
    Setup(SetupError),
    First(FirstPlayerError),
}

crate::seating_errors!(Error);

impl Rules for Rtt {
    type Setup = Setup;
    type Action = Action;
    type Error = Error;

    fn start(setup: &Setup) -> Result<Self, Error> {
        let opening = seat(&setup.players, &setup.first, Self::KIND.players())?;
        // The sheet travels in the saved game: checked again, never trusted.
        setup.sheet.validate().map_err(Error::Sheet)?;
        let n = setup.players.len();
        let (phase, roller) = opening.phase(Phase::Start, Phase::RollOff);
        Ok(Rtt {
            setup: setup.clone(),
            phase,
            roller,
            set: Vec::new(),
            white: None,
            filled: vec![vec![None; setup.sheet.len()]; n],
            last: vec![Vec::new(); n],
            wrote_last: true,
            winners: Vec::new(),
            start_values: None,
        })
    }

    fn validate(&self, action: &Action) -> Result<(), Error> {
        match (&self.phase, action) {
            (Phase::Finished, _) => Err(Error::GameOver),
            (_, Action::Dice(_)) => Ok(()),
            (Phase::RollOff(r), Action::RollOff { values, .. }) => Ok(r.check_d6(values)?),
            (Phase::Start, Action::StartRoll { values, .. }) => check_faces(&COLOURED, values),
            (Phase::Roll, Action::Roll { values, white, .. }) => {
                if White::from_value(*white as u32).is_none() {
                    return Err(Error::NotAFace {
                        die: values.len(),
                        value: *white as u32,
                    });
                }
                check_faces(&self.set, values)
            }
            (Phase::Place { result, waiting }, Action::Place { player, placements }) => {
                if !waiting.contains(player) {
                    return Err(Error::NotWaitingFor(*player));
                }
                self.check_placements(*player, result, placements)
            }
            (Phase::Adjust { must, .. }, Action::Adjust { add, remove }) => {
                self.check_adjust(*must, *add, *remove)
            }
            _ => Err(Error::NotNow),
        }
    }

    fn apply_valid(&mut self, action: &Action) {
        match (self.phase.clone(), action) {
            (Phase::RollOff(r), Action::RollOff { values, .. }) => {
                (self.phase, self.roller) = r.settle(values).phase(Phase::Start, Phase::RollOff);
            }
            (Phase::Start, Action::StartRoll { values, .. }) => {
                self.start_values = Some(values.clone());
                // All odd: roll again. Else the even ones are the dice in play.
                let even: Vec<DieKind> = COLOURED
                    .iter()
                    .zip(values)
                    .filter(|(_, v)| *v % 2 == 0)
                    .map(|(k, _)| *k)
                    .collect();
                if !even.is_empty() {
                    self.set = even;
                    self.phase = Phase::Roll;
                }
            }
            (Phase::Roll, Action::Roll { values, white, .. }) => {
                self.white = White::from_value(*white as u32);
                for l in &mut self.last {
                    l.clear();
                }
                let waiting = (0..self.players().len()).collect();
                self.phase = Phase::Place {
                    result: values.clone(),
                    waiting,
                };
                self.wrote_last = false;
            }
            (
                Phase::Place {
                    result,
                    mut waiting,
                },
                Action::Place { player, placements },
            ) => {
                let p = *player;
                for pl in placements {
                    let value = pl.dice.iter().map(|&d| result[d]).sum();
                    self.filled[p][pl.square] = Some(value);
                    self.last[p].push(pl.square);
                }
                if !placements.is_empty() {
                    self.wrote_last = true;
                }
                waiting.retain(|w| *w != p);
                if !waiting.is_empty() {
                    self.phase = Phase::Place { result, waiting };
                    return;
                }
                self.winners = (0..self.players().len())
                    .filter(|&q| self.open_squares(q) == 0)
                    .collect();
                if !self.winners.is_empty() {
                    self.phase = Phase::Finished;
                    return;
                }
                // The white die goes to the left neighbour, the next roller.
                self.roller = (self.roller + 1) % self.players().len();
                let (must, because) = self.adjustment();
                self.phase = Phase::Adjust { must, because };
            }
            (Phase::Adjust { .. }, Action::Adjust { add, remove }) => {
                if let Some(r) = remove {
                    self.set.retain(|k| k != r);
                }
                if let Some(a) = add {
                    // The dice in play stay in the order of COLOURED.
                    self.set = COLOURED
                        .into_iter()
                        .filter(|k| k == a || self.set.contains(k))
                        .collect();
                }
                self.phase = Phase::Roll;
            }
            _ => {}
        }
    }

    /// Up to a d20's 20, and the white die's face index (0 to 5).
    fn virtual_values() -> std::ops::RangeInclusive<u32> {
        0..=20
    }

    fn legal_moves(&self) -> Vec<Move<Action>> {
        match &self.phase {
            Phase::RollOff(r) => vec![Move::Roll(Roll::roll_off(Self::KIND, r.contenders.len()))],
            Phase::Start => vec![Move::Roll(Roll::of(COLOURED.to_vec()))],
            Phase::Roll => {
                let mut dice = self.set.clone();
                dice.push(DieKind::White);
                vec![Move::Roll(Roll::of(dice))]
            }
            Phase::Place { waiting, .. } => waiting
                .iter()
                .flat_map(|&player| {
                    let pass = Action::Place {
                        player,
                        placements: Vec::new(),
                    };
                    [
                        Move::Play(pass),
                        Move::Compose(Compose::Placements { player }),
                    ]
                })
                .collect(),
            Phase::Adjust { must, .. } => {
                let adds = COLOURED.iter().filter(|k| !self.set.contains(k));
                let removes = self.set.iter();
                let adds = std::iter::once(None).chain(adds.map(|k| Some(*k)));
                let removes: Vec<Option<DieKind>> = std::iter::once(None)
                    .chain(removes.map(|k| Some(*k)))
                    .collect();
                adds.flat_map(|add| removes.iter().map(move |&remove| (add, remove)))
                    .filter(|&(add, remove)| self.check_adjust(*must, add, remove).is_ok())
                    .map(|(add, remove)| Move::Play(Action::Adjust { add, remove }))
                    .collect()
            }
            Phase::Finished => Vec::new(),
        }
    }

    fn rolled(&self, _roll: &Roll, values: &[u32], source: RollSource) -> Option<Action> {
        let values = values.to_vec();
        match self.phase {
            Phase::RollOff(_) => Some(Action::RollOff { values, source }),
            Phase::Start => Some(Action::StartRoll { values, source }),
            Phase::Roll => {
                let (white, values) = values.split_last()?;
                Some(Action::Roll {
                    values: values.to_vec(),
                    white: *white as usize,
                    source,
                })
            }
            _ => None,
        }
    }

    fn roll_values(action: &Action) -> Option<(Vec<u32>, RollSource)> {
        match action {
            Action::RollOff { values, source } | Action::StartRoll { values, source } => {
                Some((values.clone(), *source))
            }
            Action::Roll {
                values,
                white,
                source,
            } => {
                let mut v = values.clone();
                v.push(*white as u32);
                Some((v, *source))
            }
            Action::Place { .. } | Action::Adjust { .. } | Action::Dice(_) => None,
        }
    }

    /// Placements list each one's dice in ascending order.
    fn normalise(action: &Action) -> Action {
        match action {
            Action::Place { player, placements } => Action::Place {
                player: *player,
                placements: placements
                    .iter()
                    .map(|p| {
                        let mut dice = p.dice.clone();
                        dice.sort_unstable();
                        Placement {
                            square: p.square,
                            dice,
                        }
                    })
                    .collect(),
            },
            other => other.clone(),
        }
    }

    crate::game_rules!(Action, Phase);
}

impl Game for Rtt {
    const KIND: GameKind = GameKind::Rtt;

    fn players(&self) -> &[Player] {
        &self.setup.players
    }

    fn variant(&self) -> Variant {
        let name = &self.sheet().name;
        Variant::Sheet(name.fr.clone(), name.en.clone())
    }

    /// Series points: −1 per open square.
    fn standings(&self) -> Standings {
        let n = self.players().len();
        let scores = (0..n).map(|p| Points::whole(self.series_points(p).into()));
        Standings::ranked(
            self.players(),
            scores.collect(),
            vec![self.is_finished(); n],
        )
    }

    /// The roller rolls and changes the set of dice; each player fills
    /// their own sheet.
    fn actor(&self, action: &Action) -> Actor {
        match action {
            Action::RollOff { .. } | Action::Dice(_) => Actor::Table,
            Action::StartRoll { .. } | Action::Roll { .. } | Action::Adjust { .. } => {
                Actor::Player(self.roller)
            }
            Action::Place { player, .. } => Actor::Player(*player),
        }
    }

    /// Squares filled one legal placement at a time, stopping at random
    /// (an empty list is a pass).
    fn compose_at_random(&self, rng: &mut impl Rng, compose: &Compose) -> Option<Self::Action> {
        let Compose::Placements { player } = compose else {
            return None;
        };
        let mut draft = Vec::new();
        loop {
            let next = self.next_placements(*player, &draft);
            if next.is_empty() || rng.random_bool(0.2) {
                break;
            }
            draft.push(next[rng.random_range(0..next.len())].clone());
        }
        Some(Action::Place {
            player: *player,
            placements: draft,
        })
    }
}
