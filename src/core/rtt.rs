//! Roll to the Top (Joustra & van Moorsel), as `rulings.md` reads the
//! rulebook: a pool of coloured dice (d4, d6, d8, d12, d20) that grows and
//! shrinks with the white die, and towers of squares to fill.
//!
//! # Sheet format (version 1)
//!
//! A challenge sheet is JSON, one file per sheet in `src/core/sheets/`:
//!
//! ```json
//! { "format": "genius-rtt-sheet", "version": 1, "id": "first-steps",
//!   "name": { "fr": "Premiers pas", "en": "First steps" },
//!   "squares": [
//!     { "id": 0, "row": 0, "x": 0, "base": true },
//!     { "id": 3, "row": 1, "x": 1, "on": [0, 1] },
//!     { "id": 8, "row": 3, "x": 2, "neighbours": [3, 9] } ] }
//! ```
//!
//! - `id`: 0, 1, 2… in order; `row`: 0 is the bottom; `x`: horizontal
//!   position in half-squares (a square is 2 wide), for drawing.
//! - `base: true`: a bottom square, takes any number.
//! - `on`: the squares this one rests on, all in the row below: it needs
//!   all of them filled and a number ≥ each of theirs (≤ in the decreasing
//!   variant).
//! - A square neither base nor resting on anything needs a filled neighbour:
//!   `neighbours` lists the squares at its left and right, in the same row;
//!   neighbour lists are symmetric.
//!
//! [`Sheet::parse`] checks all of this when a sheet is loaded and says what
//! is wrong with a bad one.

use super::dice_kinds::{DieKind, Face, White};
use super::game::{Compose, Game, Move, Points, Roll, Standings, Variant};
use super::save::GameKind;
use super::session::{RollSource, Rules};
use super::table::{
    places, seat, FirstPlayer, FirstPlayerError, Player, RollOff, SetupError, MAX_PLAYERS,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const SHEET_FORMAT: &str = "genius-rtt-sheet";
pub const SHEET_VERSION: u32 = 1;

/// The most squares a sheet may have (the shipped ones have up to 21).
pub const MAX_SQUARES: usize = 400;
/// The highest row and column a square may sit at.
pub const MAX_ROW: usize = 100;
pub const MAX_X: usize = 1_000;
/// The most squares one square may rest on or be next to.
pub const MAX_LINKS: usize = 8;
/// The longest sheet name, in bytes.
pub const MAX_SHEET_NAME: usize = 200;

/// The coloured dice, in order.
pub const COLOURED: [DieKind; 5] = [
    DieKind::D4,
    DieKind::D6,
    DieKind::D8,
    DieKind::D12,
    DieKind::D20,
];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Names {
    pub fr: String,
    pub en: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquareDef {
    pub id: usize,
    pub row: usize,
    pub x: usize,
    #[serde(default)]
    pub base: bool,
    #[serde(default)]
    pub on: Vec<usize>,
    #[serde(default)]
    pub neighbours: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    pub format: String,
    pub version: u32,
    pub id: String,
    pub name: Names,
    pub squares: Vec<SquareDef>,
}

/// What is wrong with a sheet file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetError {
    NotJson(String),
    NotASheet,
    NewerVersion(u32),
    Empty,
    /// Square ids must be 0, 1, 2… in order.
    BadId {
        at: usize,
    },
    /// A square rests on a missing square or one not in the row below.
    BadSupport {
        square: usize,
        on: usize,
    },
    /// A base square that rests on something, or a base square above row 0.
    BadBase {
        square: usize,
    },
    /// A neighbour that is missing, in another row, itself, or not mutual.
    BadNeighbour {
        square: usize,
        neighbour: usize,
    },
    /// A square that is neither base, nor resting, nor next to anything.
    Unreachable {
        square: usize,
    },
    /// More squares, rows, columns or links than a sheet may have, or a
    /// name too long (see [`MAX_SQUARES`]).
    TooLarge,
    /// Two squares at the same place.
    Overlap {
        a: usize,
        b: usize,
    },
}

impl Sheet {
    /// Reads and checks a sheet.
    pub fn parse(text: &str) -> Result<Sheet, SheetError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| SheetError::NotJson(e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(SHEET_FORMAT) {
            return Err(SheetError::NotASheet);
        }
        if let Some(v) = value.get("version").and_then(|v| v.as_u64()) {
            if v > u64::from(SHEET_VERSION) {
                return Err(SheetError::NewerVersion(v as u32));
            }
        }
        let sheet: Sheet =
            serde_json::from_value(value).map_err(|e| SheetError::NotJson(e.to_string()))?;
        sheet.validate()?;
        Ok(sheet)
    }

    /// Checks a sheet in time linear in its size (n log n for overlaps):
    /// sizes and coordinates are bounded first, so nothing overflows.
    pub fn validate(&self) -> Result<(), SheetError> {
        let sq = &self.squares;
        if sq.is_empty() {
            return Err(SheetError::Empty);
        }
        if sq.len() > MAX_SQUARES
            || self.id.len() > MAX_SHEET_NAME
            || self.name.fr.len() > MAX_SHEET_NAME
            || self.name.en.len() > MAX_SHEET_NAME
            || sq.iter().any(|s| {
                s.row > MAX_ROW
                    || s.x > MAX_X
                    || s.on.len() > MAX_LINKS
                    || s.neighbours.len() > MAX_LINKS
            })
        {
            return Err(SheetError::TooLarge);
        }
        for (i, s) in sq.iter().enumerate() {
            if s.id != i {
                return Err(SheetError::BadId { at: i });
            }
        }
        for s in sq {
            if s.base && (!s.on.is_empty() || s.row != 0) {
                return Err(SheetError::BadBase { square: s.id });
            }
            for &o in &s.on {
                if o >= sq.len() || sq[o].row + 1 != s.row {
                    return Err(SheetError::BadSupport {
                        square: s.id,
                        on: o,
                    });
                }
            }
            for &n in &s.neighbours {
                if n >= sq.len()
                    || n == s.id
                    || sq[n].row != s.row
                    || !sq[n].neighbours.contains(&s.id)
                {
                    return Err(SheetError::BadNeighbour {
                        square: s.id,
                        neighbour: n,
                    });
                }
            }
            if !s.base && s.on.is_empty() && s.neighbours.is_empty() {
                return Err(SheetError::Unreachable { square: s.id });
            }
        }
        // Overlaps: squares in (row, x) order, each against the next.
        let by_place = super::history::order(sq.len(), &|a, b| {
            (sq[a].row, sq[a].x).cmp(&(sq[b].row, sq[b].x))
        });
        for pair in by_place.windows(2) {
            let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            if sq[a].row == sq[b].row && sq[a].x.abs_diff(sq[b].x) < 2 {
                return Err(SheetError::Overlap { a, b });
            }
        }
        // Every square must be fillable once the ones before it are: a
        // floating square needs a neighbour that can itself be filled. A
        // work list visits each square once per link (linear).
        let mut fillable: Vec<bool> = sq.iter().map(|s| s.base).collect();
        let mut missing: Vec<usize> = sq.iter().map(|s| s.on.len()).collect();
        let mut above: Vec<Vec<usize>> = vec![Vec::new(); sq.len()];
        for s in sq {
            for &o in &s.on {
                above[o].push(s.id);
            }
        }
        let mut work: Vec<usize> = sq.iter().filter(|s| s.base).map(|s| s.id).collect();
        while let Some(done) = work.pop() {
            for &up in &above[done] {
                missing[up] -= 1;
                if missing[up] == 0 && !fillable[up] {
                    fillable[up] = true;
                    work.push(up);
                }
            }
            for &n in &sq[done].neighbours {
                if sq[n].on.is_empty() && !fillable[n] {
                    fillable[n] = true;
                    work.push(n);
                }
            }
        }
        if let Some(s) = sq.iter().find(|s| !fillable[s.id]) {
            return Err(SheetError::Unreachable { square: s.id });
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.squares.len()
    }

    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    pub fn rows(&self) -> usize {
        self.squares.iter().map(|s| s.row + 1).max().unwrap_or(0)
    }

    pub fn width(&self) -> usize {
        self.squares.iter().map(|s| s.x + 2).max().unwrap_or(0)
    }
}

/// The challenges the app ships, checked when loaded (a bad one is skipped).
pub fn shipped_sheets() -> Vec<Sheet> {
    [
        include_str!("sheets/first-steps.json"),
        include_str!("sheets/staircase.json"),
        include_str!("sheets/twin-towers.json"),
        include_str!("sheets/bridge.json"),
        include_str!("sheets/pyramid.json"),
        include_str!("sheets/summit.json"),
    ]
    .iter()
    .filter_map(|t| Sheet::parse(t).ok())
    .collect()
}

/// May `value` go in `square`, given the numbers already written?
pub fn accepts(
    sheet: &Sheet,
    filled: &[Option<u32>],
    square: usize,
    value: u32,
    decreasing: bool,
) -> bool {
    let Some(s) = sheet.squares.get(square) else {
        return false;
    };
    if filled[square].is_some() {
        return false;
    }
    if s.base {
        return true;
    }
    if !s.on.is_empty() {
        return s.on.iter().all(|&o| match filled[o] {
            Some(below) => {
                if decreasing {
                    value <= below
                } else {
                    value >= below
                }
            }
            None => false,
        });
    }
    s.neighbours.iter().any(|&n| filled[n].is_some())
}

/// Every number that some dice of `result` add up to, with one way of
/// making it (die positions), smallest number first.
pub fn sums(result: &[u32]) -> BTreeMap<u32, Vec<usize>> {
    let mut out = BTreeMap::new();
    let n = result.len().min(16);
    for mask in 1u32..(1 << n) {
        let dice: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let sum = dice.iter().map(|&i| result[i]).sum();
        out.entry(sum).or_insert(dice);
    }
    out
}

/// The squares that accept a number made from the dice of `result` not yet
/// used: for each square, the numbers it could take now.
pub fn playable(
    sheet: &Sheet,
    filled: &[Option<u32>],
    result: &[u32],
    used: &[bool],
    decreasing: bool,
) -> Vec<(usize, Vec<u32>)> {
    let free: Vec<u32> = result
        .iter()
        .zip(used)
        .filter(|(_, u)| !**u)
        .map(|(v, _)| *v)
        .collect();
    let numbers: Vec<u32> = sums(&free).into_keys().collect();
    (0..sheet.len())
        .filter_map(|sq| {
            let ok: Vec<u32> = numbers
                .iter()
                .copied()
                .filter(|&v| accepts(sheet, filled, sq, v, decreasing))
                .collect();
            (!ok.is_empty()).then_some((sq, ok))
        })
        .collect()
}

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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    RollOff {
        values: Vec<u32>,
        source: RollSource,
    },
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

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    Setup(SetupError),
    First(FirstPlayerError),
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

    pub fn players(&self) -> &[Player] {
        &self.setup.players
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

    pub fn open_squares(&self, player: usize) -> usize {
        self.filled[player].iter().filter(|f| f.is_none()).count()
    }

    /// The squares each player filled from the last result.
    pub fn last_filled(&self, player: usize) -> &[usize] {
        &self.last[player]
    }

    /// The start roll's values, once rolled (to show which dice were set aside).
    pub fn start_values(&self) -> Option<&[u32]> {
        self.start_values.as_deref()
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

    /// Checks a player's placements on `result`, in order: each die once,
    /// each square accepting its sum given the ones placed before.
    pub fn check_placements(
        &self,
        player: usize,
        result: &[u32],
        placements: &[Placement],
    ) -> Result<(), Error> {
        let mut used = vec![false; result.len()];
        let mut filled = self.filled[player].clone();
        for p in placements {
            if p.dice.is_empty() {
                return Err(Error::DieReused(usize::MAX));
            }
            let mut value = 0;
            for &d in &p.dice {
                if d >= result.len() || used[d] {
                    return Err(Error::DieReused(d));
                }
                used[d] = true;
                value += result[d];
            }
            if !accepts(
                &self.setup.sheet,
                &filled,
                p.square,
                value,
                self.decreasing(),
            ) {
                return Err(Error::SquareRefuses {
                    square: p.square,
                    value,
                });
            }
            filled[p.square] = Some(value);
        }
        Ok(())
    }

    /// Every placement `player` may add to `draft` (placements already
    /// checked) on the current result: each set of unused dice, in
    /// ascending order, with each square that takes its sum. Empty outside
    /// the placing phase or for a player who is not placing.
    pub fn next_placements(&self, player: usize, draft: &[Placement]) -> Vec<Placement> {
        let Phase::Place { result, waiting } = &self.phase else {
            return Vec::new();
        };
        if !waiting.contains(&player) || self.check_placements(player, result, draft).is_err() {
            return Vec::new();
        }
        let mut filled = self.filled[player].clone();
        let mut used = vec![false; result.len()];
        for p in draft {
            filled[p.square] = Some(p.dice.iter().map(|&d| result[d]).sum());
            for &d in &p.dice {
                used[d] = true;
            }
        }
        let free: Vec<usize> = (0..result.len()).filter(|&d| !used[d]).collect();
        let mut out = Vec::new();
        for mask in 1u32..(1 << free.len()) {
            let dice: Vec<usize> = (0..free.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| free[i])
                .collect();
            let value = dice.iter().map(|&d| result[d]).sum();
            for square in 0..self.sheet().len() {
                if accepts(self.sheet(), &filled, square, value, self.decreasing()) {
                    out.push(Placement {
                        square,
                        dice: dice.clone(),
                    });
                }
            }
        }
        out
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

impl Rules for Rtt {
    type Setup = Setup;
    type Action = Action;
    type Error = Error;

    fn start(setup: &Setup) -> Result<Self, Error> {
        let opening = seat(
            &setup.players,
            &setup.first,
            Self::PLAYERS,
            Error::Setup,
            Error::First,
        )?;
        // The sheet travels in the saved game: checked again, never trusted.
        setup.sheet.validate().map_err(Error::Sheet)?;
        let n = setup.players.len();
        let (phase, roller) = match opening {
            Ok(first) => (Phase::Start, first),
            Err(r) => (Phase::RollOff(r), 0),
        };
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
            (Phase::RollOff(r), Action::RollOff { values, .. }) => {
                r.roll_d6(values).map(|_| ()).map_err(Error::First)
            }
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
            (Phase::RollOff(r), Action::RollOff { values, .. }) => match r.settle(values) {
                Ok(w) => {
                    self.roller = w;
                    self.phase = Phase::Start;
                }
                Err(still) => self.phase = Phase::RollOff(still),
            },
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
            Phase::RollOff(r) => vec![Move::Roll(Roll::d6(r.contenders.len()))],
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
            Action::Place { .. } | Action::Adjust { .. } => None,
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

    fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }
}

impl Game for Rtt {
    const KIND: GameKind = GameKind::Rtt;
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=MAX_PLAYERS;

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
}
