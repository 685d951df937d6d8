//! Einstein's sheets on screen: the paper sheet, a tab per player's sheet
//! with their total, and what each player marked on the last roll.

use crate::core::einstein::{score, Marked, Sheet, BOXES, FIFTH_MARKS_TO_END, FIFTH_SLOTS, POINTS};
use crate::core::genius::Halves;
use crate::core::table::Player;
use crate::i18n::Lang;
use crate::ui::parts::symbol;
use dioxus::prelude::*;

/// A score with the minus sign the other games write ("−400", not "-400").
pub fn signed(lang: Lang, points: i32) -> String {
    lang.points(Halves::whole(points))
}

/// A tab per player's sheet, with their total (`totals`); `shown` is the
/// sheet shown, `sheet_of` the one tapped.
#[component]
pub fn SheetTabs(
    players: Vec<Player>,
    totals: Vec<i32>,
    shown: usize,
    sheet_of: Signal<Option<usize>>,
    lang: Lang,
) -> Element {
    let mut sheet_of = sheet_of;
    rsx! {
        div { class: "chips", role: "tablist",
            for (p, player) in players.iter().enumerate() {
                button {
                    key: "{p}",
                    class: if p == shown { "chip chip-on" } else { "chip" },
                    role: "tab",
                    "aria-selected": if p == shown { "true" } else { "false" },
                    "data-testid": "sheet-tab-{p}",
                    onclick: move |_| sheet_of.set(Some(p)),
                    "{symbol(player)} {player.name} · {signed(lang, totals[p])}"
                }
            }
        }
    }
}

/// What each player marked on the last roll: the two sums and the fifth
/// die (a free throw said), and who has finished.
#[component]
pub fn MarkedList(marked: Vec<Marked>, players: Vec<Player>, lang: Lang) -> Element {
    let t = lang.einstein();
    rsx! {
        div { class: "events", "data-testid": "events",
            for m in marked.iter() {
                p { key: "{m.player}", class: "event good",
                    strong { "{players[m.player].name}" }
                    " · {m.sums[0]} + {m.sums[1]} · {t.fifth_die} {m.fifth.0}"
                    if !m.fifth.1 { " ({t.free_throw_short})" }
                    if m.ended { " · {t.done}" }
                }
            }
        }
    }
}

/// The paper sheet: points, sum, ten boxes split 4-1-5, the running score per
/// sum, the three fifth-die rows of eight boxes, and the total.
#[component]
pub fn SheetView(sheet: Sheet, lang: Lang) -> Element {
    let g = lang.game();
    let t = lang.einstein();
    rsx! {
        div { class: "grid-wrap",
            table { class: "score-grid einstein-sheet", "data-testid": "sheet",
                thead {
                    tr {
                        th { scope: "col", "{t.sheet_points}" }
                        th { scope: "col", "{t.sheet_sum}" }
                        th { scope: "col", "" }
                        th { scope: "col", "{t.sheet_score}" }
                    }
                }
                tbody {
                    for sum in 2..=12usize {
                        {
                            let marks = sheet.marks[sum - 2];
                            let result = score(sum, marks);
                            rsx! {
                                tr { key: "{sum}", "data-testid": "sum-{sum}",
                                    td { class: "pts", "{POINTS[sum - 2]}" }
                                    th { scope: "row", "{sum}" }
                                    td { class: "boxes",
                                        {
                                            let mut start = 0usize;
                                            let groups: Vec<(usize, usize)> = BOXES.iter().map(|&n| { let g = (start, n); start += n; g }).collect();
                                            rsx! {
                                                for (gi, (from, n)) in groups.into_iter().enumerate() {
                                                    span { key: "{gi}", class: "box-group",
                                                        for b in from..from + n {
                                                            span { key: "{b}", class: if (b as u8) < marks { "box on" } else { "box" } }
                                                        }
                                                    }
                                                }
                                                if marks > 10 { span { class: "extra", "+{marks - 10}" } }
                                            }
                                        }
                                    }
                                    td { class: if result < 0 { "cell negative" } else { "cell written" }, "data-testid": "score-{sum}", "{signed(lang, result)}" }
                                }
                            }
                        }
                    }
                    for slot in 0..FIFTH_SLOTS {
                        {
                            let entry = sheet.fifth.get(slot).copied();
                            rsx! {
                                tr { key: "fifth-{slot}", class: "fifth-row", "data-testid": "fifth-{slot}",
                                    td { class: "pts", if slot == 0 { "{t.fifth_die}" } }
                                    th { scope: "row", {entry.map(|(v, _)| v.to_string()).unwrap_or_default()} }
                                    td { class: "boxes",
                                        for b in 0..FIFTH_MARKS_TO_END {
                                            span { key: "{b}", class: if entry.is_some_and(|(_, m)| b < m) { "box on" } else { "box" } }
                                        }
                                    }
                                    td { class: "cell", {entry.map(|(_, m)| format!("{m}/{FIFTH_MARKS_TO_END}")).unwrap_or_default()} }
                                }
                            }
                        }
                    }
                    tr { class: "total-row",
                        td { colspan: "3", "{g.total}" }
                        td { class: "cell total", "data-testid": "sheet-total", "{signed(lang, sheet.total())}" }
                    }
                }
            }
        }
    }
}
