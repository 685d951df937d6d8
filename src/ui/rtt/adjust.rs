//! Roll to the Top's adjustment on screen: what the white die asks of the
//! next roller, the dice it may add or remove as the game lists them, and
//! the change confirmed once the picks make one the game lists.

use super::draft::RttDraft;
use crate::core::dice_kinds::DieKind;
use crate::core::game::Rules;
use crate::core::rtt::{Action, Adjustment, Because, Rtt};
use crate::i18n::Lang;
use dioxus::prelude::*;

/// The changes the game lists now: the die added, the die removed.
pub fn changes(state: &Rtt) -> Vec<(Option<DieKind>, Option<DieKind>)> {
    state
        .legal_moves()
        .iter()
        .filter_map(|m| match m.as_play() {
            Some(Action::Adjust { add, remove }) => Some((*add, *remove)),
            _ => None,
        })
        .collect()
}

/// The adjustments the game lists now (`changes`: the die added and the
/// die removed), and what it asks (`must`, `because`).
#[component]
pub fn AdjustPanel(
    must: Adjustment,
    because: Because,
    changes: Vec<(Option<DieKind>, Option<DieKind>)>,
    draft: RttDraft,
    lang: Lang,
    on_act: EventHandler<Action>,
) -> Element {
    let t = lang.rtt();
    let (mut add_pick, mut remove_pick) = (draft.add, draft.remove);
    // The dice the roller may add or remove, each once.
    let (mut adds, mut removes) = (Vec::new(), Vec::new());
    for (add, remove) in changes.iter() {
        for (list, die) in [(&mut adds, add), (&mut removes, remove)] {
            if let Some(die) = die.filter(|d| !list.contains(d)) {
                list.push(die);
            }
        }
    }
    // Whether the picks make one of the changes the game lists.
    let chosen = changes.contains(&(add_pick(), remove_pick()));
    let fits = move |add: Option<DieKind>, remove: Option<DieKind>| {
        changes
            .iter()
            .any(|&(a, r)| (add.is_none() || a == add) && (remove.is_none() || r == remove))
    };
    let fits_add = fits.clone();
    rsx! {
        section { class: "info play", "data-testid": "adjust",
            p { class: "fifth-rule", "data-testid": "adjustment", "{lang.rtt_adjustment(must, because)}" }
            if !adds.is_empty() {
                div { class: "chips",
                    span { class: "caption", "{lang.colon(t.add)}" }
                    for (i, k) in adds.iter().copied().enumerate() {
                        button {
                            key: "{i}",
                            class: if add_pick() == Some(k) { "chip chip-on" } else { "chip" },
                            "aria-pressed": if add_pick() == Some(k) { "true" } else { "false" },
                            "data-testid": "add-d{k.sides()}",
                            onclick: {
                                let fits = fits_add.clone();
                                move |_| {
                                    let next = if add_pick() == Some(k) { None } else { Some(k) };
                                    add_pick.set(next);
                                    // A removal no listed change goes with is let go.
                                    if !fits(next, remove_pick()) { remove_pick.set(None); }
                                }
                            },
                            "+ d{k.sides()}"
                        }
                    }
                }
            }
            if !removes.is_empty() {
                div { class: "chips",
                    span { class: "caption", "{lang.colon(t.remove)}" }
                    for (i, k) in removes.iter().copied().enumerate() {
                        button {
                            key: "{i}",
                            class: if remove_pick() == Some(k) { "chip chip-on" } else { "chip" },
                            "aria-pressed": if remove_pick() == Some(k) { "true" } else { "false" },
                            "data-testid": "remove-d{k.sides()}",
                            onclick: {
                                let fits = fits.clone();
                                move |_| {
                                    let next = if remove_pick() == Some(k) { None } else { Some(k) };
                                    remove_pick.set(next);
                                    if !fits(add_pick(), next) { add_pick.set(None); }
                                }
                            },
                            "− d{k.sides()}"
                        }
                    }
                }
            }
            // Offered once the picks make a change the game lists.
            button {
                class: "roll-main adjust-confirm",
                "data-testid": "rtt-adjust",
                disabled: !chosen,
                onclick: move |_| on_act.call(Action::Adjust { add: add_pick(), remove: remove_pick() }),
                "{t.confirm}"
            }
        }
    }
}
