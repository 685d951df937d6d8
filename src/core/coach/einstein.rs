//! The Einstein coach: how to split the five dice into two pairs and a fifth
//! die.
//!
//! For every legal split of the roll (exactly the game's
//! [`Einstein::legal_choices`], normalised) the coach gives:
//!
//! - `expected`: the **exact** change of the player's score that the split
//!   makes now (an integer, as a [`Ratio`]);
//! - `chance`: the **exact** chance that the player's game is still going
//!   after the next roll, i.e. that the next roll offers at least one legal
//!   split that does not make an eighth mark on a fifth-die value (counted
//!   over the 7 776 rolls of five dice; 0 when this split ends the game). It
//!   only drops below 1 once a fifth-die value has seven marks;
//! - `outlook`: the advisor's estimate of the final score after this split
//!   (rounded to a point), what it ranks the splits by. It is optimistic in
//!   absolute terms (about 500 at the first roll, where the advisor's games
//!   end at 159 on average: it assumes the marks to come land on the sums
//!   already started), so the screen calls it the coach's estimate.
//!
//! **How the advisor looks ahead** (the recommendation is a policy, hence
//! [`Basis::Search`]): expectimax one roll deep. For each split it takes
//! every roll of five dice that can come next (252 distinct rolls weighted by
//! how many of the 7 776 ordered rolls they stand for), the best legal split
//! of that roll, and the value of the sheet after both. That value is the
//! exact final score when the player's game has ended, else an estimate:
//!
//! - the turns left come from an exact expectation over the fifth-die
//!   marks alone (a dynamic programme over the marks of the three values,
//!   each roll's shown values counted exactly, the player opening a new value
//!   while they can and marking the least marked value shown);
//! - the pair marks to come (two per turn) are shared among the sums already
//!   marked, in proportion to the exact chance that a roll can make that sum
//!   with a legal split (under the fifth-die rule of the three values chosen,
//!   once they are), each sum capped at a fixed fraction of that chance per
//!   turn;
//! - each marked sum is worth the rulebook's score at its projected marks,
//!   drawn as a line between the table's points (−200 up to four marks, 0 at
//!   five, then the sum's points per mark up to ten) and smoothed over the
//!   uncertainty of the projection; sums never marked are worth 0.
//!
//! The two constants of the estimate (the cap and the smoothing) were tuned
//! by seeded self-play on other seeds than the benchmark's.
//!
//! No randomness and no clock: the same sheet and roll always get the same
//! advice. The tables (the 252 rolls, the chances per sum for each set of
//! fifth-die values, the turns left) are computed on the first advice, not
//! at start-up.
//!
//! In a game with several players each player's sheet is independent (the
//! roll is shared, the choices are not), so the coach advises the player
//! asked about as if alone: it maximises their own expected final score,
//! which is not quite the same as their chance to finish first.
//!
//! [`greedy`] is the one-step baseline the benchmark measures the advisor
//! against: the split with the best immediate score change, ties to the
//! first in the game's order.

mod estimate;

use super::{self as coach, Advice, Basis, Ratio, Scored, Shortlist};
use crate::core::dice::D6;
use crate::core::einstein::{
    score, Choice, Einstein, FifthRule, Phase, Sheet, FIFTH_MARKS_TO_END, FIFTH_SLOTS,
};
use estimate::{tables, value, RollKind, ORDERED_ROLLS};

/// One legal split of the roll, as the coach shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The split, normalised (as the game's legal choices write it).
    pub choice: Choice,
    /// The two sums it marks (lower first).
    pub sums: [usize; 2],
    /// The fifth die's value.
    pub fifth: u8,
    /// Whether the fifth die gets a mark (false on a free throw).
    pub fifth_marked: bool,
    /// This split makes the eighth mark on a fifth-die value: the player's
    /// game ends with it.
    pub ends_game: bool,
    /// The advisor's estimate of the final score after this split (what it
    /// ranks by; optimistic in absolute terms, see the module doc).
    pub outlook: i32,
}

/// Why the coach recommends its split (worded by `i18n::coach_einstein`).
///
/// Its figures are the rows' own: `now` is the recommended split's change
/// of the score (its row's figure), `best_now` the best change any split
/// makes (the row of [`shortlist`]'s kept split), never a difference the
/// player would have to work out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Every legal split marks the same sums and fifth die.
    OnlyOne,
    /// The recommended split is also the best for the score right now.
    BestNow { gain: i32 },
    /// It scores less now, but puts the fifth die on a value with fewer
    /// marks (`fifth`), so the game lasts longer.
    LongerGame { fifth: u8, now: i32, best_now: i32 },
    /// It does not end the player's game, where the best-scoring split
    /// would.
    AvoidsEnding { now: i32, best_now: i32 },
    /// It scores less now, but marks a sum already on its way (`sum`,
    /// which then has `marks` marks) rather than opening a new one.
    BuildsOn {
        sum: usize,
        marks: u8,
        now: i32,
        best_now: i32,
    },
    /// It scores less now, but the advisor's estimate of the final score is
    /// higher by `points`.
    BetterOutlook {
        points: i32,
        now: i32,
        best_now: i32,
    },
}

/// How many rows the screen lists besides the split the reason names: the
/// best few, as the coach ranks them.
pub const FEW: usize = 4;

/// The coach's advice for `player` at the current roll: every legal split,
/// scored, and the one it recommends. `None` when `player` has no split to
/// make now (no roll on the table, or they already chose / are done).
pub fn advise(game: &Einstein, player: usize) -> Option<Advice<Split, Reason>> {
    let (dice, choices) = decision(game, player)?;
    let sheet = game.sheet(player);
    let start = State::of(sheet);
    let rule = game.allowed_fifth(player, &dice);
    let before = sheet.total();
    let mut options = Vec::with_capacity(choices.len());
    let mut cache: Vec<(Outcome, f64, Ratio)> = Vec::new();
    let mut values = Vec::with_capacity(choices.len());
    for choice in choices {
        let outcome = Outcome::of(&choice, &dice, &rule);
        let after = start.after(outcome);
        let (value, chance) = match cache.iter().find(|(o, _, _)| *o == outcome) {
            Some(&(_, v, c)) => (v, c),
            None => {
                let (v, c) = look_ahead(&after);
                cache.push((outcome, v, c));
                (v, c)
            }
        };
        values.push(value);
        options.push(Scored {
            option: Split {
                choice,
                sums: [outcome.sums[0].into(), outcome.sums[1].into()],
                fifth: outcome.fifth,
                fifth_marked: outcome.marked,
                ends_game: after.done,
                outlook: nearest(value),
            },
            chance: Some(chance),
            expected: Some(Ratio::from_int((after.total() - before).into())),
        });
    }
    let best = argmax(&values);
    let greedy = greedy_index(&options);
    let reason = reason(&options, &values, best, greedy, &start);
    Some(Advice {
        options,
        best: Some(best),
        reason,
        basis: Basis::Search,
    })
}

impl Split {
    /// What the split does to the sheet: the sums it marks and its fifth
    /// die, marked or not. Splits alike in this are the same move for the
    /// player (they differ only in which die went where).
    pub fn effect(&self) -> ([usize; 2], u8, bool) {
        (self.sums, self.fifth, self.fifth_marked)
    }
}

/// `advice` with one option per different effect on the sheet
/// ([`Split::effect`]): the first split of each kind, in the game's order,
/// and the recommended one still recommended (as the first of its kind).
pub fn distinct(mut advice: Advice<Split, Reason>) -> Advice<Split, Reason> {
    let best = advice.best.map(|b| advice.options[b].option.effect());
    let mut seen = Vec::new();
    advice.options.retain(|o| {
        let effect = o.option.effect();
        let new = !seen.contains(&effect);
        seen.push(effect);
        new
    });
    advice.best = best.and_then(|e| advice.options.iter().position(|o| o.option.effect() == e));
    advice
}

/// What the screen lists of an advice ([`distinct`] first): the splits
/// ranked by the advisor's estimate ([`Split::outlook`]), the recommended
/// one first; splits with the same estimate and the same figures in one
/// row; the best [`FEW`] rows and the split with the best change now (the
/// one [`Reason`] compares with, so that its figure is on a row). The
/// chance that the game goes on is a column only where it differs between
/// the rows (early in a game it is 1 for every split).
pub fn shortlist(advice: &Advice<Split, Reason>) -> Shortlist {
    let best_now = advice.options.iter().map(|o| o.expected).max().flatten();
    let keep: Vec<usize> = advice
        .options
        .iter()
        .position(|o| o.expected == best_now)
        .into_iter()
        .collect();
    coach::shortlist(
        advice,
        |o| f64::from(o.option.outlook),
        |a, b| a.outlook == b.outlook,
        FEW,
        &keep,
    )
}

/// The one-step baseline: the legal split with the best immediate score
/// change (ties to the first in the game's order). `None` when `player` has
/// no split to make now.
pub fn greedy(game: &Einstein, player: usize) -> Option<Choice> {
    let (dice, choices) = decision(game, player)?;
    let sheet = game.sheet(player);
    let start = State::of(sheet);
    let rule = game.allowed_fifth(player, &dice);
    let mut best: Option<(i32, Choice)> = None;
    for choice in choices {
        let total = start.after(Outcome::of(&choice, &dice, &rule)).total();
        if best.is_none_or(|(b, _)| total > b) {
            best = Some((total, choice));
        }
    }
    best.map(|(_, c)| c)
}

/// The roll and `player`'s legal splits of it, normalised, if they have one
/// to make now.
fn decision(game: &Einstein, player: usize) -> Option<(Vec<D6>, Vec<Choice>)> {
    match game.phase() {
        Phase::Choose { dice, waiting } if waiting.contains(&player) => {
            let choices: Vec<Choice> = game
                .legal_choices(player, dice)
                .iter()
                .map(Choice::normalised)
                .collect();
            (!choices.is_empty()).then(|| (dice.clone(), choices))
        }
        _ => None,
    }
}

fn argmax(values: &[f64]) -> usize {
    let mut best = 0;
    for (i, v) in values.iter().enumerate() {
        if *v > values[best] {
            best = i;
        }
    }
    best
}

fn greedy_index(options: &[Scored<Split>]) -> usize {
    let mut best = 0;
    for (i, o) in options.iter().enumerate() {
        if o.expected > options[best].expected {
            best = i;
        }
    }
    best
}

fn reason(
    options: &[Scored<Split>],
    values: &[f64],
    best: usize,
    greedy: usize,
    start: &State,
) -> Reason {
    let split = |i: usize| &options[i].option;
    let same = |a: &Split, b: &Split| {
        a.sums == b.sums && a.fifth == b.fifth && a.fifth_marked == b.fifth_marked
    };
    if options.iter().all(|o| same(&o.option, split(0))) {
        return Reason::OnlyOne;
    }
    let gain = |i: usize| {
        options[i]
            .expected
            .map_or(0, |r| i32::try_from(r.numer()).unwrap_or(0))
    };
    if gain(best) >= gain(greedy) {
        return Reason::BestNow { gain: gain(best) };
    }
    let (now, best_now) = (gain(best), gain(greedy));
    let (b, g) = (split(best), split(greedy));
    if g.ends_game && !b.ends_game {
        return Reason::AvoidsEnding { now, best_now };
    }
    let fifth_marks = |value: u8| {
        start
            .slots()
            .find(|(v, _)| *v == value)
            .map_or(0, |(_, m)| m)
    };
    if b.fifth_marked && g.fifth_marked && fifth_marks(b.fifth) < fifth_marks(g.fifth) {
        return Reason::LongerGame {
            fifth: b.fifth,
            now,
            best_now,
        };
    }
    let marks = |s: usize| start.marks[s - 2];
    let opens = |sp: &Split| sp.sums.iter().filter(|&&s| marks(s) == 0).count();
    if opens(b) < opens(g) {
        let sum = *b.sums.iter().max_by_key(|&&s| marks(s)).expect("two sums");
        let extra = b.sums.iter().filter(|&&s| s == sum).count() as u8;
        return Reason::BuildsOn {
            sum,
            marks: marks(sum) + extra,
            now,
            best_now,
        };
    }
    Reason::BetterOutlook {
        points: nearest(values[best] - values[greedy]),
        now,
        best_now,
    }
}

/// The nearest whole number (halves up; `floor` is one instruction in the
/// web build, `round` a library call).
fn nearest(value: f64) -> i32 {
    (value + 0.5).floor() as i32
}

/// Sorts two or three values in place (by hand: the standard sort's code
/// costs the web build more than the rest of this step).
fn ascending(values: &mut [u8]) {
    for i in 1..values.len() {
        let mut j = i;
        while j > 0 && values[j - 1] > values[j] {
            values.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// What a split does to a sheet: the two sums, the fifth die and whether it
/// is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outcome {
    sums: [u8; 2],
    fifth: u8,
    marked: bool,
}

impl Outcome {
    fn of(choice: &Choice, dice: &[D6], rule: &FifthRule) -> Outcome {
        let value = |i: usize| dice[i].value();
        let mut sums = choice.pairs.map(|[a, b]| value(a) + value(b));
        ascending(&mut sums);
        let leftover = choice.leftover().expect("a legal choice has a fifth die");
        Outcome {
            sums,
            fifth: value(leftover),
            marked: *rule != FifthRule::FreeThrow,
        }
    }
}

/// A player's sheet, small and `Copy`, for the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    marks: [u8; 11],
    /// Fifth-die values chosen (the first `chosen`) and their marks.
    fifth: [(u8, u8); FIFTH_SLOTS],
    chosen: usize,
    done: bool,
}

impl State {
    fn of(sheet: &Sheet) -> State {
        let mut fifth = [(0, 0); FIFTH_SLOTS];
        for (slot, f) in fifth.iter_mut().zip(&sheet.fifth) {
            *slot = *f;
        }
        State {
            marks: sheet.marks,
            fifth,
            chosen: sheet.fifth.len().min(FIFTH_SLOTS),
            done: sheet.done,
        }
    }

    fn slots(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.fifth[..self.chosen].iter().copied()
    }

    fn total(&self) -> i32 {
        (2..=12).map(|s| score(s, self.marks[s - 2])).sum()
    }

    /// The sheet after `outcome` (as `Einstein::apply_valid` marks it).
    fn after(&self, outcome: Outcome) -> State {
        let mut next = *self;
        for s in outcome.sums {
            let m = &mut next.marks[usize::from(s) - 2];
            *m = m.saturating_add(1);
        }
        if outcome.marked {
            match next.fifth[..next.chosen]
                .iter_mut()
                .find(|(v, _)| *v == outcome.fifth)
            {
                Some((_, m)) => *m += 1,
                None if next.chosen < FIFTH_SLOTS => {
                    next.fifth[next.chosen] = (outcome.fifth, 1);
                    next.chosen += 1;
                }
                None => unreachable!("a fourth fifth-die value is never legal"),
            }
        }
        let done = next.slots().any(|(_, m)| m >= FIFTH_MARKS_TO_END);
        next.done = done;
        next
    }

    /// Bit `v` set for each chosen fifth-die value `v`.
    fn chosen_mask(&self) -> u8 {
        self.slots().fold(0, |mask, (v, _)| mask | 1 << v)
    }

    /// The legal outcomes of `roll` for this sheet, given to `visit`.
    fn each_outcome(&self, roll: &RollKind, mut visit: impl FnMut(Outcome)) {
        let chosen = self.chosen_mask();
        let (marked, allowed) = if self.chosen < FIFTH_SLOTS {
            (true, 0b111_1110)
        } else if roll.shown & chosen == 0 {
            (false, 0b111_1110)
        } else {
            (true, chosen)
        };
        for &(a, b, fifth) in &roll.splits {
            if allowed & (1 << fifth) != 0 {
                visit(Outcome {
                    sums: [a, b],
                    fifth,
                    marked,
                });
            }
        }
    }
}

/// The expectimax value of a sheet before the next roll, and the exact
/// chance that the player's game goes on after it, in one pass over the
/// rolls. What each outcome (two sums, a fifth die, marked or not: at most
/// 1 452) leads to — its value, whether it ends the game — is worked out
/// once, however many rolls lead to it.
fn look_ahead(state: &State) -> (f64, Ratio) {
    let t = tables();
    if state.done {
        return (value(state, t), Ratio::ZERO);
    }
    let mut known: Vec<Option<(f64, bool)>> = vec![None; 11 * 11 * 6 * 2];
    let mut total = 0.0;
    let mut going = 0;
    for roll in &t.rolls {
        let mut best = f64::NEG_INFINITY;
        let mut can_go_on = false;
        state.each_outcome(roll, |o| {
            let key = ((usize::from(o.sums[0]) - 2) * 11 + usize::from(o.sums[1]) - 2) * 12
                + (usize::from(o.fifth) - 1) * 2
                + usize::from(o.marked);
            let (worth, ends) = *known[key].get_or_insert_with(|| {
                let after = state.after(o);
                (value(&after, t), after.done)
            });
            best = best.max(worth);
            can_go_on |= !ends;
        });
        total += f64::from(roll.weight) * best;
        if can_go_on {
            going += i64::from(roll.weight);
        }
    }
    (
        total / f64::from(ORDERED_ROLLS),
        Ratio::new(going, ORDERED_ROLLS.into()),
    )
}
