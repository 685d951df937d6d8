//! The coach on screen: a button that opens it, and a panel listing the
//! options of the decision at hand, each with its exact chance and expected
//! points, the recommended one marked with a star and a word (never by
//! colour alone), and why.
//!
//! The figures come from `core::coach`; this module only lays them out.
//! Nothing of the coach is computed until a player first opens it on a
//! screen; from then on its panel is kept ready while closed (see
//! [`CoachToggle`]), so that asking again only shows it.

use crate::core::coach::{Advice, Basis, Figure, Ratio, Shortlist};
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;
use std::cell::Cell;
use std::rc::Rc;

/// The name under which the web build records each computing of the coach's
/// figures (`platform::timed`), apart from drawing them.
pub const COMPUTING: &str = "coach";

/// One line of the panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub label: String,
    pub chance: Option<Ratio>,
    pub expected: Option<Ratio>,
    /// A figure the game adds (chance to finish first…), already worded.
    pub extra: Option<String>,
    pub recommended: bool,
}

/// What the panel shows: its rows, the reason, how the figures were found.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Panel {
    pub rows: Vec<Row>,
    /// The heading of the chance column (what success means here).
    pub chance_label: Option<String>,
    pub expected_label: Option<String>,
    pub extra_label: Option<String>,
    pub reason: Option<String>,
    pub basis: Option<Basis>,
    /// Anything else the game wants to say (a chart, a sentence).
    pub note: Option<String>,
    /// The expectations are changes of a score: written with their sign
    /// ("+40", "−400"), as the reason writes them.
    pub signed: bool,
    /// Where the recommended option is on the game's board (row, column),
    /// lit there while the coach is open.
    pub spot: Option<(usize, usize)>,
}

impl Panel {
    /// The rows of an advice, labelled by `label`.
    pub fn of<O, R>(advice: &Advice<O, R>, mut label: impl FnMut(&O) -> String) -> Panel {
        Panel {
            rows: advice
                .options
                .iter()
                .enumerate()
                .map(|(i, o)| Row {
                    label: label(&o.option),
                    chance: o.chance,
                    expected: o.expected,
                    extra: None,
                    recommended: advice.best == Some(i),
                })
                .collect(),
            basis: Some(advice.basis),
            ..Panel::default()
        }
    }

    /// The rows of a [`Shortlist`] of `advice`, best first: one per row of
    /// the shortlist, labelled by `label` from the options it groups, with
    /// only the figures that differ between rows (the others are the
    /// game's to say once, in its note).
    pub fn shortlisted<O, R>(
        advice: &Advice<O, R>,
        list: &Shortlist,
        mut label: impl FnMut(&[&O]) -> String,
    ) -> Panel {
        let varies = |f: Figure| f == Figure::Varies;
        Panel {
            rows: list
                .rows
                .iter()
                .map(|row| {
                    let options: Vec<&O> = row.iter().map(|&i| &advice.options[i].option).collect();
                    let lead = &advice.options[row[0]];
                    Row {
                        label: label(&options),
                        chance: lead.chance.filter(|_| varies(list.chance)),
                        expected: lead.expected.filter(|_| varies(list.expected)),
                        extra: None,
                        recommended: advice.best.is_some_and(|b| row.contains(&b)),
                    }
                })
                .collect(),
            basis: Some(advice.basis),
            ..Panel::default()
        }
    }
}

/// The coach's mark, a light bulb: drawn rather than an emoji, so that every
/// phone and browser shows it, and hidden from screen readers (the words
/// beside it say what it is).
#[component]
pub fn CoachIcon() -> Element {
    rsx! {
        svg { class: "coach-icon", view_box: "0 0 24 24", "aria-hidden": "true",
            path {
                d: "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z",
                fill: "none", stroke: "currentColor", stroke_width: "2", stroke_linecap: "round", stroke_linejoin: "round",
            }
        }
    }
}

/// The coach's button and its panel. `on_open` runs when a player opens it
/// (the game is then marked as coached). `children` draw the panel's
/// content and compute its figures as they render: they are rendered only
/// while the panel is drawn.
///
/// Until a player first opens the coach on this screen nothing of it is
/// drawn or computed. From then on the panel stays drawn while closed,
/// hidden (nothing of it is shown, read out or focusable), so that opening
/// it again is only showing it: the figures and the table are ready. After
/// a change of the screen (a move, a roll, another language), the hidden
/// panel is taken out at once and drawn again for the new state once the
/// change is on screen, a frame later: the move is never held up by the
/// coach. A player who opens the coach within that frame has it computed
/// then, as on the first opening.
#[component]
pub fn CoachToggle(
    lang: Lang,
    open: Signal<bool>,
    #[props(default)] on_open: Option<EventHandler<()>>,
    children: Element,
) -> Element {
    let t = lang.coach();
    let is_open = open();
    let ready = use_ready_panel(is_open);
    // The drawn panel, brought into view when it opens.
    let mut panel = use_signal(|| None::<Rc<MountedData>>);
    use_effect(move || {
        if !open() {
            return;
        }
        if let Some(panel) = panel() {
            // Opened below the fold: brought into view, scrolling no more
            // than it takes (not at all when it shows).
            spawn(async move {
                let nearest = ScrollToOptions {
                    behavior: ScrollBehavior::Instant,
                    vertical: ScrollLogicalPosition::Nearest,
                    horizontal: ScrollLogicalPosition::Nearest,
                };
                let _ = panel.scroll_to_with_options(nearest).await;
            });
        }
    });
    rsx! {
        div { class: "coach",
            button {
                class: if is_open { "action coach-button open" } else { "action coach-button" },
                "data-testid": "coach-button",
                "aria-expanded": "{is_open}",
                onclick: move |_| {
                    let mut open = open;
                    let now = !open();
                    open.set(now);
                    if now {
                        if let Some(h) = on_open {
                            h.call(());
                        }
                    }
                },
                if !is_open { CoachIcon {} }
                if is_open { "{t.close}" } else { "{t.open}" }
            }
            if is_open || ready {
                section {
                    class: if is_open { "coach-panel" } else { "coach-panel ready" },
                    "data-testid": if is_open { "coach-panel" } else { "coach-panel-ready" },
                    "aria-label": "{t.title}",
                    onmounted: move |e| panel.set(Some(e.data())),
                    {children}
                }
            }
        }
    }
}

/// Whether the closed coach's panel is drawn, hidden and ready (see
/// [`CoachToggle`]): once the coach has been opened on this screen, and
/// unless the screen changed less than a frame ago.
///
/// Why the toggle renders tells which: the coach opened or closed, the
/// panel's redraw came due, or else the screen drew it with new content
/// (a render of the toggle has no other cause).
fn use_ready_panel(is_open: bool) -> bool {
    let mut redraws = use_signal(|| 0u32);
    let redraw = redraws();
    // Opened on this screen yet; open or not, and the redraw count, at the
    // last render; whether the hidden panel is out of date.
    let opened_once = use_hook(|| Rc::new(Cell::new(false)));
    let last = use_hook(|| Rc::new(Cell::new((is_open, redraw))));
    let stale = use_hook(|| Rc::new(Cell::new(false)));
    let (was_open, last_redraw) = last.replace((is_open, redraw));
    if is_open {
        opened_once.set(true);
        stale.set(false);
    } else if redraw != last_redraw {
        stale.set(false);
    } else if was_open == is_open && opened_once.get() && !stale.replace(true) {
        // One redraw for however many changes come before it.
        spawn(async move {
            platform::next_frame().await;
            redraws += 1;
        });
    }
    opened_once.get() && !stale.get()
}

/// The table of options.
#[component]
pub fn CoachTable(panel: Panel, lang: Lang) -> Element {
    let t = lang.coach();
    if panel.rows.is_empty() && panel.note.is_none() {
        return rsx! { p { class: "caption", "data-testid": "coach-nothing", "{t.nothing_to_decide}" } };
    }
    let chance_label = panel
        .chance_label
        .clone()
        .unwrap_or_else(|| t.chance.to_string());
    let expected_label = panel
        .expected_label
        .clone()
        .unwrap_or_else(|| t.expected.to_string());
    let has_chance = panel.rows.iter().any(|r| r.chance.is_some());
    let has_expected = panel.rows.iter().any(|r| r.expected.is_some());
    let has_extra = panel.rows.iter().any(|r| r.extra.is_some());
    rsx! {
        if let Some(reason) = &panel.reason {
            p { class: "coach-reason", "data-testid": "coach-reason", "{reason}" }
        }
        if !panel.rows.is_empty() {
            table { class: "coach-table",
                thead {
                    tr {
                        th { scope: "col", "" }
                        if has_chance { th { scope: "col", "{chance_label}" } }
                        if has_expected { th { scope: "col", "{expected_label}" } }
                        if has_extra { th { scope: "col", {panel.extra_label.clone().unwrap_or_default()} } }
                    }
                }
                tbody {
                    for (i, row) in panel.rows.iter().enumerate() {
                        tr {
                            key: "{i}",
                            class: if row.recommended { "coach-row recommended" } else { "coach-row" },
                            "data-testid": if row.recommended { "coach-best" } else { "coach-option" },
                            th { scope: "row",
                                "{row.label}"
                                if row.recommended {
                                    br {}
                                    span { class: "coach-star", "{t.recommended}" }
                                }
                            }
                            if has_chance {
                                td { "data-testid": "coach-chance",
                                    if let Some(chance) = row.chance {
                                        // One text, whose only break is after the dot: the
                                        // fraction and the percentage each stay whole.
                                        "{chance}\u{a0}· {lang.per_mille(chance.per_mille())}"
                                    }
                                }
                            }
                            if has_expected {
                                td { "data-testid": "coach-expected",
                                    {row.expected.map(|e| if panel.signed { lang.coach_signed(e) } else { lang.coach_points(e) }).unwrap_or_default()}
                                }
                            }
                            if has_extra {
                                td { {row.extra.clone().unwrap_or_default()} }
                            }
                        }
                    }
                }
            }
        }
        if let Some(note) = &panel.note {
            p { class: "coach-note", "{note}" }
        }
        if let Some(basis) = panel.basis {
            p { class: "caption coach-basis", "{lang.coach_basis(basis)}" }
        }
    }
}
