//! The coach on screen: a button that opens it, and a panel listing the
//! options of the decision at hand, each with its exact chance and expected
//! points, the recommended one marked with a star and a word (never by
//! colour alone), and why.
//!
//! The figures come from `core::coach`; this module only lays them out.
//! Nothing of the coach is computed until the panel is open.

use crate::core::coach::{Advice, Basis, Ratio};
use crate::i18n::Lang;
use dioxus::prelude::*;

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
}

/// The coach's button and, once open, its panel. `on_open` runs when a
/// player opens it (the game is then marked as coached); `panel` is built
/// only while open.
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

#[component]
pub fn CoachToggle(
    lang: Lang,
    open: Signal<bool>,
    #[props(default)] on_open: Option<EventHandler<()>>,
    children: Element,
) -> Element {
    let t = lang.coach();
    let is_open = open();
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
            if is_open {
                section {
                    class: "coach-panel",
                    "data-testid": "coach-panel",
                    "aria-label": "{t.title}",
                    // Opened below the fold: brought into view, scrolling
                    // no more than it takes (not at all when it shows).
                    onmounted: move |e| async move {
                        let nearest = ScrollToOptions {
                            behavior: ScrollBehavior::Instant,
                            vertical: ScrollLogicalPosition::Nearest,
                            horizontal: ScrollLogicalPosition::Nearest,
                        };
                        let _ = e.scroll_to_with_options(nearest).await;
                    },
                    {children}
                }
            }
        }
    }
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
                                    {row.expected.map(|e| lang.coach_points(e)).unwrap_or_default()}
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
