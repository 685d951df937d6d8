//! Séquence Dés's board: the squares as on the real board, chips that
//! differ by shape as well as colour, the squares the roll allows lit (on
//! the phone that makes the move), the coach's square starred, the line
//! that won.

use super::view::SequenceView;
use super::{side_look, side_name};
use crate::core::sequence::{Action, Sequence, BOARD, SIZE};
use crate::i18n::Lang;
use crate::ui::parts::colour_class;
use dioxus::prelude::*;

/// The board; a tap on a lit square plays `on_act` (placing, or removing
/// on a 10).
#[component]
pub fn SequenceBoard(
    state: Sequence,
    view: SequenceView,
    /// The open coach's recommended square.
    advised: Option<(usize, usize)>,
    lang: Lang,
    on_act: EventHandler<Action>,
) -> Element {
    let t = lang.sequence();
    let ct = lang.coach();
    let removing = view.removing;
    rsx! {
        div { class: "board", role: "group", "aria-label": "{t.title}", "data-testid": "board",
            for r in 0..SIZE {
                for c in 0..SIZE {
                    {
                        let owner = state.board()[r][c];
                        let target = view.targets.contains(&(r, c));
                        let win = view.winning.contains(&(r, c));
                        let best = advised == Some((r, c)) && target;
                        let look = owner.map(|s| side_look(&state, s));
                        rsx! {
                            button {
                                key: "{r}-{c}",
                                class: if win { "square win" } else if best { "square target coach-best" } else if target { "square target" } else { "square" },
                                "data-testid": "sq-{r}-{c}",
                                "aria-label": {
                                    let who = owner.map(|s| side_name(&state, s)).unwrap_or_default();
                                    let star = if best { format!(", {}", ct.advised) } else { String::new() };
                                    format!("{} {}{star}", BOARD[r][c], who)
                                },
                                onclick: move |_| {
                                    on_act.call(if removing {
                                        Action::Remove { square: (r, c) }
                                    } else {
                                        Action::Place { square: (r, c) }
                                    });
                                },
                                span { class: "sq-number", "{BOARD[r][c]}" }
                                if best {
                                    span { class: "sq-star", "aria-hidden": "true", "★" }
                                }
                                if let Some((colour, sym)) = look {
                                    span { class: "chip-disc {colour_class(colour)}", "aria-hidden": "true", "{sym}" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
