//! Séquence Dés's lines around the board: the sides' legend, and what the
//! last roll did (its dice, nothing to do, plays again) with what it asks.

use super::view::SequenceView;
use super::{side_look, side_name};
use crate::core::dice::D6;
use crate::core::sequence::{Event, Phase, Sequence, BOARD};
use crate::i18n::Lang;
use crate::ui::parts::colour_class;
use crate::ui::DieFace;
use dioxus::prelude::*;

/// Each side's chip and name.
#[component]
pub fn SideLegend(state: Sequence) -> Element {
    rsx! {
        div { class: "chips",
            for side in 0..state.side_count() {
                {
                    let (colour, sym) = side_look(&state, side);
                    rsx! {
                        span { key: "{side}", class: "legend",
                            span { class: "chip-disc small {colour_class(colour)}", "aria-hidden": "true", "{sym}" }
                            "{side_name(&state, side)}"
                        }
                    }
                }
            }
        }
    }
}

/// The last roll's dice, what it did, and the instruction.
#[component]
pub fn SequenceEvents(state: Sequence, view: SequenceView, lang: Lang) -> Element {
    let g = lang.game();
    let players = state.players();
    let last_roll = &view.last_roll;
    rsx! {
        div { class: "events", "data-testid": "events", "aria-live": "polite",
            if !last_roll.is_empty() && !matches!(state.phase(), Phase::RollOff(_)) {
                div { class: "last-dice", "data-testid": "last-dice",
                    if let Some(name) = &view.roller {
                        span { class: "last-roller", "{lang.sequence_roll_of(name)}" }
                    }
                    for (i, v) in last_roll.iter().enumerate() {
                        if let Some(d) = D6::new(*v) { DieFace { key: "{i}", face: d, class: "mini" } }
                    }
                    strong { " = {last_roll.iter().sum::<u8>()}" }
                }
            }
            for (i, e) in state.events().iter().enumerate() {
                match e {
                    Event::NothingToDo { sum, .. } => rsx! { p { key: "{i}", class: "event bad", "✗ {lang.sequence_nothing(*sum)}" } },
                    Event::PlaysAgain { player } => rsx! { p { key: "{i}", class: "event good", "✓ {players[*player].name} {g.plays_again}" } },
                    // Which chip a 10 took: the side that lost it sees where.
                    Event::Removed { player, square: (r, c), side } => rsx! {
                        p { key: "{i}", class: "event bad", "data-testid": "chip-removed",
                            "✗ {lang.sequence_removed(&players[*player].name, &side_name(&state, *side), BOARD[*r][*c], (*r, *c))}"
                        }
                    },
                    _ => rsx! {},
                }
            }
            if let Some(text) = view.instruction.clone() {
                p { class: "event good", "data-testid": "instruction", "{text}" }
            }
        }
    }
}
