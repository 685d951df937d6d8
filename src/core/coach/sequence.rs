//! The Séquence Dés coach: where to place, which chip to replace or remove.
//!
//! **Method** (a search one roll deep, [`Basis::Search`]): every legal
//! option of the roll is played on a copy of the board; then the next roll
//! is enumerated exactly (the eleven sums of two dice, with their 36ths),
//! the player who rolls it (the next opponent, or the same player after a 2
//! or a 12) answers with their best move, and the board that results is
//! valued by a heuristic: every run of five (or six) squares is worth, to
//! each side, the chance of getting all its squares, an empty square
//! counting as the chance of rolling its sum or the wild 11, and an
//! opponent's chip as the chance of rolling the sum that replaces it (once
//! the four squares of that sum are taken; much less before).
//! A move that wins is worth most; an answer that wins for the opponent
//! costs most. Options are ranked by that value.
//!
//! **Exact**: each option's [`Choice::danger`], the chance that the next
//! opponent's next roll (one throw of two dice) lets them complete a line
//! on the board as the option leaves it, counted over the 36 throws; and
//! [`Reason::Threatens`]'s chance that the player's own next roll could
//! complete a line on that board. **Not exact**: the ranking, which rests
//! on the heuristic value above and looks one roll ahead only.

mod value;

pub use value::Weights;

use super::{self as coach, Advice, Basis, Ratio, Scored, Shortlist};
use crate::core::sequence::{squares_of, Action, Phase, Sequence, Square, BOARD, SIZE};
use value::{Runs, Valued};

/// A board: each square, the side whose chip is on it.
pub type Board = [[Option<usize>; SIZE]; SIZE];

/// What an option does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A chip on a free square.
    Place,
    /// A chip on an opponent's chip (their chip goes).
    Replace,
    /// With a 10: an opponent's chip removed.
    Remove,
}

/// One legal option, as the coach sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The action to send (one of the game's legal moves).
    pub action: Action,
    pub square: Square,
    pub kind: Kind,
    /// It completes a line: the game is won.
    pub wins: bool,
    /// Exact: the chance that the next opponent's next roll lets them
    /// complete a line on the board this option leaves.
    pub danger: Ratio,
    /// 1 for the recommended option, 2 for the next… (ties share a rank).
    pub rank: usize,
    /// The search's value (higher is better): for ranking, not for show.
    pub value: f64,
}

/// Why the coach recommends its option.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// It completes a line: the game is won.
    Wins,
    /// The only thing this roll allows.
    OnlyMove,
    /// It cuts the opponent's chance of completing a line on their next
    /// roll from `before` to `after`.
    Blocks { before: Ratio, after: Ratio },
    /// It leaves a line that the player's own next roll completes with
    /// this chance (if the board stays as it is).
    Threatens { chance: Ratio },
    /// It strengthens the player's lines and weakens the opponent's most.
    Builds,
}

pub type SequenceAdvice = Advice<Choice, Reason>;

/// How many of the 36 throws of two dice give each sum (index = sum).
pub const WAYS: [u8; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// What a throw of `sum` lets `side` do on `board`: the squares and the
/// kind (the rules of [`Sequence`], for a board the coach imagines).
pub fn options_for(board: &Board, side: usize, sum: u8) -> Vec<(Square, Kind)> {
    let all = (0..SIZE).flat_map(|r| (0..SIZE).map(move |c| (r, c)));
    let theirs = |&(r, c): &Square| board[r][c].is_some_and(|s| s != side);
    let free = |&(r, c): &Square| board[r][c].is_none();
    let with = |squares: Vec<Square>, kind| squares.into_iter().map(move |s| (s, kind));
    match sum {
        10 => with(
            all.filter(theirs)
                .filter(|&(r, c)| !matches!(BOARD[r][c], 2 | 12))
                .collect(),
            Kind::Remove,
        )
        .collect(),
        _ => {
            let candidates: Vec<Square> = if sum == 11 {
                all.collect()
            } else {
                squares_of(sum)
            };
            let empty: Vec<Square> = candidates.iter().copied().filter(free).collect();
            if empty.is_empty() {
                with(
                    candidates.into_iter().filter(theirs).collect(),
                    Kind::Replace,
                )
                .collect()
            } else {
                with(empty, Kind::Place).collect()
            }
        }
    }
}

fn play(board: &Board, side: usize, (r, c): Square, kind: Kind) -> Board {
    let mut next = *board;
    next[r][c] = match kind {
        Kind::Remove => None,
        Kind::Place | Kind::Replace => Some(side),
    };
    next
}

/// Whether `side` has a run of `len` through `square`.
pub fn line_through(board: &Board, (r, c): Square, side: usize, len: usize) -> bool {
    let own = |r: isize, c: isize| {
        (0..SIZE as isize).contains(&r)
            && (0..SIZE as isize).contains(&c)
            && board[r as usize][c as usize] == Some(side)
    };
    own(r as isize, c as isize)
        && [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let count = |sign: isize| {
                (1..)
                    .take_while(|k| own(r as isize + sign * k * dr, c as isize + sign * k * dc))
                    .count()
            };
            1 + count(1) + count(-1) >= len
        })
}

/// Whether a throw of `sum` lets `side` complete a line of `len`.
fn can_win_with(board: &Board, side: usize, sum: u8, len: usize) -> bool {
    sum != 10
        && options_for(board, side, sum)
            .into_iter()
            .any(|(sq, kind)| line_through(&play(board, side, sq, kind), sq, side, len))
}

/// Exact: the chance that `side`'s next throw of two dice lets them
/// complete a line of `len` on `board`.
pub fn win_chance(board: &Board, side: usize, len: usize) -> Ratio {
    let ways: u32 = (2..=12u8)
        .filter(|&s| can_win_with(board, side, s, len))
        .map(|s| u32::from(WAYS[s as usize]))
        .sum();
    Ratio::new(ways.into(), 36)
}

/// What a won or lost game is worth to the search.
const WIN: f64 = 1000.0;

/// The search: the value for `me` of `board` when `mover` throws next,
/// every throw weighed by its chance, each mover taking their best answer.
fn next_roll_value(
    board: &Board,
    me: usize,
    mover: usize,
    len: usize,
    runs: &Runs,
    w: &Weights,
) -> f64 {
    let valued = Valued::new(board, me, runs, w);
    let mut answer = valued.clone();
    let mut total = 0.0;
    for sum in 2..=12u8 {
        let answers = options_for(board, mover, sum);
        let mut best: Option<f64> = None;
        for (sq, kind) in answers {
            let next = play(board, mover, sq, kind);
            let v = if kind != Kind::Remove && line_through(&next, sq, mover, len) {
                if mover == me {
                    WIN
                } else {
                    -WIN
                }
            } else {
                answer.clone_from(&valued);
                answer.moved(&next, sq, me, runs, w);
                answer.value(w)
            };
            best = Some(match best {
                None => v,
                Some(b) if mover == me => b.max(v),
                Some(b) => b.min(v),
            });
        }
        let v = best.unwrap_or_else(|| valued.value(w));
        total += f64::from(WAYS[sum as usize]) * v;
    }
    total / 36.0
}

/// The player the coach answers for and who rolls after them.
struct Turn {
    side: usize,
    /// The next player of another side (whose threats are [`Choice::danger`]).
    opponent: usize,
    /// Who throws next: the same side after a 2 or a 12.
    next_mover: usize,
    len: usize,
}

fn turn(game: &Sequence, sum: u8) -> Option<Turn> {
    let p = game.current_player()?;
    let n = game.players().len();
    let side = game.side_of(p);
    let opponent_player = (1..n)
        .map(|k| (p + k) % n)
        .find(|&q| game.side_of(q) != side)?;
    let opponent = game.side_of(opponent_player);
    Some(Turn {
        side,
        opponent,
        next_mover: if matches!(sum, 2 | 12) {
            side
        } else {
            opponent
        },
        len: game.line_length(),
    })
}

/// The coach's advice for the current decision of `game`: `None` when no
/// square is to be chosen (a roll is awaited, or the game is over).
pub fn advise(game: &Sequence) -> Option<SequenceAdvice> {
    advise_with(game, &Weights::default())
}

/// [`advise`] with other weights (for tuning them by self-play).
pub fn advise_with(game: &Sequence, w: &Weights) -> Option<SequenceAdvice> {
    let (sum, replacing) = match game.phase() {
        Phase::Place { sum, replacing, .. } => (*sum, *replacing),
        Phase::Remove { .. } => (10, false),
        _ => return None,
    };
    let t = turn(game, sum)?;
    let board = *game.board();
    let runs = Runs::new(t.len);
    let danger_now = win_chance(&board, t.opponent, t.len);
    let mut options: Vec<Scored<Choice>> = crate::core::game::Rules::legal_moves(game)
        .into_iter()
        .filter_map(|m| m.as_play().cloned())
        .map(|action| {
            let (square, kind) = match action {
                Action::Remove { square } => (square, Kind::Remove),
                Action::Place { square } if replacing => (square, Kind::Replace),
                Action::Place { square } => (square, Kind::Place),
                Action::Roll { .. } | Action::RollOff { .. } | Action::Dice(_) => {
                    unreachable!("not a square")
                }
            };
            let next = play(&board, t.side, square, kind);
            let wins = kind != Kind::Remove && line_through(&next, square, t.side, t.len);
            let (danger, value) = if wins {
                (Ratio::ZERO, WIN)
            } else {
                (
                    win_chance(&next, t.opponent, t.len),
                    next_roll_value(&next, t.side, t.next_mover, t.len, &runs, w),
                )
            };
            Scored {
                option: Choice {
                    action,
                    square,
                    kind,
                    wins,
                    danger,
                    rank: 0,
                    value,
                },
                chance: Some(Ratio::ONE - danger),
                expected: None,
            }
        })
        .collect();
    if options.is_empty() {
        return None;
    }
    // Ranks: by value, ties sharing a rank.
    let mut order: Vec<usize> = (0..options.len()).collect();
    order.sort_by(|&a, &b| {
        options[b]
            .option
            .value
            .total_cmp(&options[a].option.value)
            .then(a.cmp(&b))
    });
    let mut rank = 0;
    for (k, &i) in order.iter().enumerate() {
        if k == 0 || options[i].option.value != options[order[k - 1]].option.value {
            rank = k + 1;
        }
        options[i].option.rank = rank;
    }
    let best = order[0];
    let chosen = &options[best].option;
    let reason = if chosen.wins {
        Reason::Wins
    } else if options.len() == 1 {
        Reason::OnlyMove
    } else if chosen.danger < danger_now {
        Reason::Blocks {
            before: danger_now,
            after: chosen.danger,
        }
    } else {
        let next = play(&board, t.side, chosen.square, chosen.kind);
        let chance = win_chance(&next, t.side, t.len);
        if chance > Ratio::ZERO {
            Reason::Threatens { chance }
        } else {
            Reason::Builds
        }
    };
    Some(Advice {
        options,
        best: Some(best),
        reason,
        basis: Basis::Search,
    })
}

/// How many rows the screen lists: the best few moves, as the coach ranks
/// them.
pub const FEW: usize = 3;

/// What the screen lists of an advice: the moves ranked by the search's
/// value, the recommended one first; moves of equal value (a tie, often
/// squares alike by the board's symmetry) and of the same kind and
/// [`Choice::danger`] in one row; the best [`FEW`] rows. The danger is a
/// column only where it differs between the rows: on a wild 11 early on,
/// no move leaves the opponent a line, and that is said once.
pub fn shortlist(advice: &SequenceAdvice) -> Shortlist {
    coach::shortlist(
        advice,
        |o| o.option.value,
        |a, b| a.kind == b.kind && a.wins == b.wins && tie(a.value, b.value),
        FEW,
        &[],
    )
}

/// Two values of the search equal up to the rounding of its sums (the
/// same board seen from squares alike by symmetry sums the same terms in
/// another order).
fn tie(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The greedy baseline for the benchmarks: a winning move if there is one,
/// else the move with the best immediate board score (for each run of
/// five: the square of the player's chips in it if the opponent has none,
/// minus the square of the opponent's if the player has none), the first
/// such in the game's order.
pub fn greedy(game: &Sequence) -> Option<Action> {
    let p = game.current_player()?;
    let side = game.side_of(p);
    let len = game.line_length();
    let board = *game.board();
    let runs = Runs::new(len);
    let score = |b: &Board| -> i64 {
        runs.squares
            .iter()
            .map(|w| {
                let mine = w.iter().filter(|&&(r, c)| b[r][c] == Some(side)).count() as i64;
                let theirs = w
                    .iter()
                    .filter(|&&(r, c)| b[r][c].is_some_and(|s| s != side))
                    .count() as i64;
                match (mine, theirs) {
                    (m, 0) => m * m,
                    (0, t) => -t * t,
                    _ => 0,
                }
            })
            .sum()
    };
    let replacing = matches!(
        game.phase(),
        Phase::Place {
            replacing: true,
            ..
        }
    );
    let mut best: Option<(i64, Action)> = None;
    for action in crate::core::game::Rules::legal_moves(game)
        .into_iter()
        .filter_map(|m| m.as_play().cloned())
    {
        let (square, kind) = match action {
            Action::Remove { square } => (square, Kind::Remove),
            Action::Place { square } if replacing => (square, Kind::Replace),
            Action::Place { square } => (square, Kind::Place),
            _ => continue,
        };
        let next = play(&board, side, square, kind);
        let s = if kind != Kind::Remove && line_through(&next, square, side, len) {
            i64::MAX
        } else {
            score(&next)
        };
        if best.as_ref().is_none_or(|(b, _)| s > *b) {
            best = Some((s, action));
        }
    }
    best.map(|(_, a)| a)
}
