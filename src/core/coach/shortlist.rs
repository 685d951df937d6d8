//! What of an advice a player reads at a glance: the few options that
//! matter, ranked, ties grouped, and which figures are worth a column.
//!
//! An advice lists every legal option ([`Advice::options`]); many rows
//! that say the same thing bury the one that matters (36 free squares on
//! a wild 11, fifteen splits of a roll). [`shortlist`] keeps:
//!
//! - the options ranked best first by the game's own score, the
//!   recommended one first;
//! - options alike for the player (the game says which: same effect, equal
//!   score) and with the same figures grouped in one row;
//! - the best `few` rows, and the rows of any option the game must show
//!   (one its reason names);
//! - for each figure (chance, expected), whether it differs between the rows
//!   shown: a figure the same on every row is no column, it is said once.

use super::{Advice, Ratio, Scored};

/// A figure of the rows shown (see [`Shortlist::chance`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// It differs between the rows shown: a column.
    Varies,
    /// The same on every row shown (none when no option has it): no
    /// column; said once if it says anything.
    Same(Option<Ratio>),
}

/// The rows of an advice worth showing (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortlist {
    /// The rows, best first: each the indices into the advice's options of
    /// the options it groups, the first the one it stands for (for the
    /// first row, the recommended option).
    pub rows: Vec<Vec<usize>>,
    /// How many options no row shows (ranked below those shown).
    pub left_out: usize,
    pub chance: Figure,
    pub expected: Figure,
}

impl Shortlist {
    /// The options a row stands for, first its own.
    pub fn leaders(&self) -> impl Iterator<Item = usize> + '_ {
        self.rows.iter().map(|r| r[0])
    }
}

/// The shortlist of `advice`: options ranked by `score` (higher first; the
/// recommended option first whatever its score), `alike` options with the
/// same chance and expectation in one row, the best `few` rows and those
/// of the options in `keep`.
pub fn shortlist<O, R>(
    advice: &Advice<O, R>,
    score: impl Fn(&Scored<O>) -> f64,
    alike: impl Fn(&O, &O) -> bool,
    few: usize,
    keep: &[usize],
) -> Shortlist {
    let options = &advice.options;
    let mut order: Vec<usize> = (0..options.len()).collect();
    order.sort_by(|&a, &b| {
        let first = |i: usize| advice.best == Some(i);
        first(b)
            .cmp(&first(a))
            .then(score(&options[b]).total_cmp(&score(&options[a])))
            .then(a.cmp(&b))
    });
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for i in order {
        let o = &options[i];
        let row = rows.iter_mut().find(|row| {
            let lead = &options[row[0]];
            lead.chance == o.chance && lead.expected == o.expected && alike(&lead.option, &o.option)
        });
        match row {
            Some(row) => row.push(i),
            None => rows.push(vec![i]),
        }
    }
    let mut shown = 0;
    rows = rows
        .into_iter()
        .enumerate()
        .filter(|(k, row)| *k < few || row.iter().any(|i| keep.contains(i)))
        .map(|(_, row)| {
            shown += row.len();
            row
        })
        .collect();
    let figure = |of: &dyn Fn(&Scored<O>) -> Option<Ratio>| {
        let mut values = rows.iter().map(|row| of(&options[row[0]]));
        let first = values.next().flatten();
        if values.all(|v| v == first) {
            Figure::Same(first)
        } else {
            Figure::Varies
        }
    };
    let chance = figure(&|o| o.chance);
    let expected = figure(&|o| o.expected);
    Shortlist {
        left_out: options.len() - shown,
        rows,
        chance,
        expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::coach::Basis;

    /// Options (name, chance in 36ths, score), the recommended one `best`.
    fn advice(
        options: &[(&'static str, i64, f64)],
        best: usize,
    ) -> Advice<(&'static str, f64), ()> {
        Advice {
            options: options
                .iter()
                .map(|&(name, chance, score)| Scored {
                    option: (name, score),
                    chance: Some(Ratio::new(chance, 36)),
                    expected: None,
                })
                .collect(),
            best: Some(best),
            reason: (),
            basis: Basis::Search,
        }
    }

    fn names(advice: &Advice<(&'static str, f64), ()>, list: &Shortlist) -> Vec<Vec<&'static str>> {
        list.rows
            .iter()
            .map(|row| row.iter().map(|&i| advice.options[i].option.0).collect())
            .collect()
    }

    fn by_score(o: &Scored<(&'static str, f64)>) -> f64 {
        o.option.1
    }

    #[test]
    fn the_best_few_ranked_ties_grouped_the_rest_counted() {
        let a = advice(
            &[
                ("a", 36, 1.0),
                ("b", 36, 5.0),
                ("c", 36, 3.0),
                ("d", 36, 3.0),
                ("e", 36, 2.0),
                ("f", 36, 0.5),
            ],
            1,
        );
        let list = shortlist(&a, by_score, |x, y| x.1 == y.1, 3, &[]);
        assert_eq!(names(&a, &list), [vec!["b"], vec!["c", "d"], vec!["e"]]);
        assert_eq!(list.left_out, 2);
        // Every row says 36/36: no column, said once.
        assert_eq!(list.chance, Figure::Same(Some(Ratio::ONE)));
        assert_eq!(list.expected, Figure::Same(None));
    }

    #[test]
    fn the_recommended_option_leads_and_kept_options_are_shown() {
        let a = advice(
            &[
                ("a", 30, 4.0),
                ("b", 36, 1.0),
                ("c", 36, 3.0),
                ("d", 36, 0.0),
            ],
            1,
        );
        let list = shortlist(&a, by_score, |x, y| x.1 == y.1, 2, &[3]);
        assert_eq!(names(&a, &list), [vec!["b"], vec!["a"], vec!["d"]]);
        assert_eq!(list.left_out, 1);
        assert_eq!(list.chance, Figure::Varies);
    }

    #[test]
    fn alike_options_with_different_figures_are_two_rows() {
        let a = advice(&[("a", 36, 2.0), ("b", 35, 2.0)], 0);
        let list = shortlist(&a, by_score, |_, _| true, 5, &[]);
        assert_eq!(names(&a, &list), [vec!["a"], vec!["b"]]);
        assert_eq!(list.left_out, 0);
    }
}
