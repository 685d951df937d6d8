//! Roll to the Top's challenge sheets: towers of squares as data, checked
//! when loaded.
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

use serde::{Deserialize, Serialize};

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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

impl std::fmt::Display for SheetError {
    /// A plain description for logs; the UI words it through `i18n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SheetError::NotJson(e) => write!(f, "not JSON: {e}"),
            SheetError::NotASheet => f.write_str("not a sheet"),
            SheetError::NewerVersion(v) => write!(f, "a sheet of a newer version ({v})"),
            SheetError::Empty => f.write_str("no squares"),
            SheetError::BadId { at } => write!(f, "square {at}: ids out of order"),
            SheetError::BadSupport { square, on } => {
                write!(f, "square {square} rests on square {on}, not below it")
            }
            SheetError::BadBase { square } => write!(f, "square {square}: not a base"),
            SheetError::BadNeighbour { square, neighbour } => {
                write!(f, "square {square}: a bad neighbour {neighbour}")
            }
            SheetError::Unreachable { square } => write!(f, "square {square} is unreachable"),
            SheetError::TooLarge => f.write_str("too large a sheet"),
            SheetError::Overlap { a, b } => write!(f, "squares {a} and {b} overlap"),
        }
    }
}

impl std::error::Error for SheetError {}

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
        let mut by_place: Vec<usize> = (0..sq.len()).collect();
        by_place.sort_by_key(|&i| (sq[i].row, sq[i].x));
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
