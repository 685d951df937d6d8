//! What the last action did, told line by line, and the GENIUS list with
//! the sum just hit lit.

use crate::core::game::Mode;
use crate::core::genius::{CellRef, Event, Genius, Halves, GENIUS_LIST};
use crate::i18n::Lang;
use dioxus::prelude::*;

/// One line per event of the last action, for the result banner.
pub fn event_lines(lang: Lang, game: &Genius) -> Vec<(bool, String)> {
    let names: Vec<&str> = game.players().iter().map(|p| p.name.as_str()).collect();
    let expert = game.mode() == Mode::Expert;
    let cell_name = |cell: CellRef| lang.cell_name(cell, expert);
    game.events()
        .iter()
        .map(|e| match e {
            Event::Miss {
                player,
                column,
                sum,
            } => (false, lang.genius_sum(names[*player], *column, *sum, false)),
            Event::Hit {
                player,
                column,
                sum,
            } => (true, lang.genius_sum(names[*player], *column, *sum, true)),
            Event::Challenged {
                sum, face, value, ..
            } => (true, lang.arithmetic(*sum, *face, *value)),
            Event::Erased {
                by,
                player,
                cell,
                value,
            } => (
                true,
                lang.genius_erased(names[*by], *value, names[*player], &cell_name(*cell)),
            ),
            Event::Written {
                player,
                cell,
                value,
            } => (
                true,
                lang.genius_written(*value, &cell_name(*cell), names[*player]),
            ),
            Event::Crossed {
                player,
                cell,
                value,
            } => (
                false,
                lang.genius_crossed(*value, &cell_name(*cell), names[*player]),
            ),
            Event::ExpertThrow {
                player,
                sum,
                face,
                result,
                bonus,
                value,
            } => {
                let maths = lang.arithmetic(Halves::whole(*sum), *face, *result);
                let with_bonus = bonus.then_some(*value);
                (
                    *bonus,
                    lang.genius_expert_throw(names[*player], *sum, &maths, with_bonus),
                )
            }
            Event::PlaysAgain { player } => (
                true,
                format!("{} {}", names[*player], lang.game().plays_again),
            ),
            Event::Skipped { player } => (false, lang.genius_skipped(names[*player])),
        })
        .collect()
}

/// The events of the last action, good ones ticked, bad ones crossed.
#[component]
pub fn TurnEvents(lines: Vec<(bool, String)>) -> Element {
    rsx! {
        div { class: "events", "data-testid": "events", "aria-live": "polite",
            for (i, (good, line)) in lines.iter().enumerate() {
                p { key: "{i}", class: if *good { "event good" } else { "event bad" },
                    span { "aria-hidden": "true", if *good { "✓ " } else { "✗ " } }
                    "{line}"
                }
            }
        }
    }
}

/// The GENIUS list, the sum just hit lit.
#[component]
pub fn GeniusList(last_sum: Option<i32>, lang: Lang) -> Element {
    let t = lang.genius();
    rsx! {
        div { class: "genius-list", "aria-label": t.list, "data-testid": "genius-list",
            span { class: "genius-list-title", "{t.list}" }
            for n in GENIUS_LIST {
                span { key: "{n}", class: if last_sum == Some(n) { "list-n hit" } else { "list-n" }, "{n}" }
            }
        }
    }
}
