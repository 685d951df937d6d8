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
    let (add_pick, remove_pick) = (draft.add, draft.remove);
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
    // A row of chips to add a die, one to remove one: each with its pick,
    // and the other row's, let go if no listed change goes with the two.
    let rows = [
        (t.add, adds, add_pick, remove_pick, true),
        (t.remove, removes, remove_pick, add_pick, false),
    ];
    rsx! {
        section { class: "info play", "data-testid": "adjust",
            p { class: "fifth-rule", "data-testid": "adjustment", "{lang.rtt_adjustment(must, because)}" }
            div { class: "adjust-picks",
                for (label, kinds, mut mine, mut other, adding) in rows.into_iter().filter(|row| !row.1.is_empty()) {
                    span { class: "caption", "{lang.colon(label)}" }
                    div { class: "chips",
                        for (i, k) in kinds.iter().copied().enumerate() {
                            button {
                                key: "{i}",
                                class: if mine() == Some(k) { "chip chip-on" } else { "chip" },
                                "aria-pressed": if mine() == Some(k) { "true" } else { "false" },
                                "data-testid": if adding { "add-d{k.sides()}" } else { "remove-d{k.sides()}" },
                                onclick: {
                                    let fits = fits.clone();
                                    move |_| {
                                        let next = if mine() == Some(k) { None } else { Some(k) };
                                        mine.set(next);
                                        let (add, remove) = if adding { (next, other()) } else { (other(), next) };
                                        if !fits(add, remove) { other.set(None); }
                                    }
                                },
                                if adding { "+ d{k.sides()}" } else { "− d{k.sides()}" }
                            }
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
