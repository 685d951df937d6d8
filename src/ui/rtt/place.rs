//! Roll to the Top's placing on screen: who of this phone's players places
//! now, the result's dice to pick, what the picked dice make, `children`
//! (the tower, right under the dice), then taking a placement back and
//! ending one's turn.

use super::draft::RttDraft;
use super::tower::TowerView;
use super::{die_class, nearest};
use crate::core::dice_kinds::DieKind;
use crate::core::rtt::Action;
use crate::core::table::Player;
use crate::i18n::Lang;
use dioxus::prelude::*;

/// The placing of `who` on `result` (the dice `kinds`), with the other
/// players of this phone still `waiting` to place on it.
#[component]
pub fn PlacePanel(
    result: Vec<u32>,
    kinds: Vec<DieKind>,
    who: usize,
    waiting: Vec<usize>,
    players: Vec<Player>,
    draft: RttDraft,
    view: TowerView,
    lang: Lang,
    on_act: EventHandler<Action>,
    children: Element,
) -> Element {
    let t = lang.rtt();
    let mut shown = view.shown;
    let used = draft.used(result.len());
    let picked = draft.picked.read().clone();
    let placements = draft.placements.read().len();
    rsx! {
        section { class: "info play", "data-testid": "place",
            if waiting.len() > 1 {
                div { class: "chips",
                    for p in waiting.iter().copied() {
                        button {
                            key: "{p}",
                            class: if p == who { "chip chip-on" } else { "chip" },
                            "data-testid": "placer-{p}",
                            onclick: move |_| { view.choose(p); draft.reset(); },
                            "{players[p].name}"
                        }
                    }
                }
            }
            p { class: "caption", "{t.pick_dice}" }
            div { class: "roller-dice rtt-result",
                for (i, v) in result.iter().copied().enumerate() {
                    button {
                        key: "{i}",
                        class: if picked.contains(&i) { "rdie-slot kept" } else { "rdie-slot" },
                        "data-testid": "rd-{i}",
                        disabled: used[i],
                        onclick: move |_| {
                            let now_picked = draft.toggle_pick(i);
                            let mut refused = draft.square_refused;
                            refused.set(None);
                            // Picking a die is for one's own tower.
                            shown.set(None);
                            // The squares that take it come into view.
                            // Once the picked dice are drawn, lit squares and all.
                            if let Some(node) = (view.mounted)().filter(|_| now_picked) {
                                spawn(async move {
                                    crate::platform::next_frame().await;
                                    let _ = node.scroll_to_with_options(nearest()).await;
                                });
                            }
                        },
                        span { class: "{die_class(kinds.get(i).copied().unwrap_or(DieKind::D6))}", span { class: "rdie-label", "{v}" } }
                        span { class: "rdie-name", "d{kinds.get(i).map(|k| k.sides()).unwrap_or(6)}" }
                    }
                }
            }
            // Its line kept while empty: the tower below does not move.
            p { class: "pair-sums", "data-testid": "picked-sum",
                if picked.is_empty() { "\u{a0}" } else { "= {draft.picked_sum(&result)}" }
            }
        }
        {children}
        div { class: "actions rtt-actions",
            button { class: "action", "data-testid": "take-back", disabled: placements == 0,
                onclick: move |_| { draft.placements.write().pop(); },
                "↶ {t.take_back}"
            }
            button {
                class: "roll-main",
                "data-testid": "rtt-done",
                onclick: move |_| {
                    let placements = draft.placements.read().clone();
                    on_act.call(Action::Place { player: who, placements });
                },
                if placements == 0 { "{t.pass}" } else { "{t.done} ({placements})" }
            }
        }
    }
}
