//! The dice roller: any set of the app's dice, rolled together, some kept
//! and the others rolled again, with a history and a fairness view.

use super::coach::{CoachToggle, COMPUTING};
use super::{use_default, use_ui, DieFace};
use crate::core::coach::roller::{sum_odds, SumOdds};
use crate::core::dice::D6;
use crate::core::dice_kinds::{DieColour, DieKind, Face};
use crate::core::game::Roll;
use crate::core::roller::{fairness, Action, Roller, MAX_DICE};
use crate::core::session::Session;
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;

/// Sets of dice for the games of the rulebooks, with their names.
pub fn presets(lang: Lang) -> Vec<(&'static str, Vec<DieKind>)> {
    let [genius, genius_defi, einstein, sequence, rtt, words] = lang.texts().roller_sets;
    vec![
        (genius, vec![DieKind::D6; 5]),
        (
            genius_defi,
            [vec![DieKind::D6; 5], vec![DieKind::Challenge]].concat(),
        ),
        (einstein, vec![DieKind::D6; 5]),
        (sequence, vec![DieKind::D6; 2]),
        (
            rtt,
            vec![
                DieKind::D4,
                DieKind::D6,
                DieKind::D8,
                DieKind::D12,
                DieKind::D20,
                DieKind::White,
            ],
        ),
        (
            words,
            DieColour::LETTER_DICE
                .iter()
                .map(|c| DieKind::Letter(*c))
                .chain([DieKind::Colour, DieKind::Theme])
                .collect(),
        ),
    ]
}

/// The roller the app starts with: five d6.
pub fn new_roller() -> Session<Roller> {
    Session::new(vec![DieKind::D6; 5]).expect("five d6 are a valid set")
}

fn kind_class(kind: DieKind) -> String {
    match kind {
        DieKind::Letter(c) => format!("rdie rdie-letter rdie-{}", die_colour_class(c)),
        DieKind::Colour => "rdie rdie-colour".into(),
        DieKind::Challenge => "rdie rdie-challenge".into(),
        DieKind::White => "rdie rdie-white".into(),
        DieKind::Theme => "rdie rdie-theme".into(),
        other => format!("rdie rdie-d{}", other.sides()),
    }
}

/// The CSS name of a die colour.
pub fn die_colour_class(c: DieColour) -> &'static str {
    match c {
        DieColour::Green => "green",
        DieColour::White => "white",
        DieColour::Yellow => "yellow",
        DieColour::Red => "red",
        DieColour::Blue => "blue",
        DieColour::Black => "black",
    }
}

/// One die as drawn on the table: a d6 with pips, others with their label.
#[component]
fn RollerDie(kind: DieKind, face: Option<Face>, lang: Lang) -> Element {
    let d6 = match (kind, face) {
        (DieKind::D6, Some(Face::Number(n))) => D6::new(n as u8),
        _ => None,
    };
    let swatch = match face {
        Some(Face::Colour(c)) => Some(die_colour_class(c)),
        _ => None,
    };
    rsx! {
        if let Some(d) = d6 {
            DieFace { face: d }
        } else {
            span { class: "rdie-face",
                if let Some(c) = swatch {
                    span { class: "swatch swatch-{c}", "aria-hidden": "true" }
                }
                span { class: "rdie-label", {face.map(|f| lang.face_label(f)).unwrap_or_else(|| "?".into())} }
            }
        }
    }
}

#[component(lazy)]
pub fn RollerScreen() -> Element {
    let ui = use_ui();
    let mut roller = ui.roller;
    let lang = ui.lang();
    let t = lang.texts();
    let animate = ui.settings.read().animations;

    let session = roller.read();
    let state = session.state();
    let dice: Vec<DieKind> = state.dice().to_vec();
    let showing = state.showing();
    let kept: Vec<bool> = (0..dice.len()).map(|i| state.is_kept(i)).collect();
    let rolled_once = showing.iter().any(|f| f.is_some());
    let history: Vec<_> = state.history().cloned().collect();
    let tally: Vec<(DieKind, Vec<u64>)> = state.tally().map(|(k, v)| (k, v.to_vec())).collect();
    let rolls = state.rolls();
    let to_roll = state.to_roll();
    let can_undo = session.can_undo();
    // An undone roll's dice wait to come back: said where they will.
    let undone_roll = session.waiting_roll();
    drop(session);
    let sum = history.first().and_then(|h| h.sum);

    let mut set_dice = move |new: Vec<DieKind>| {
        if !new.is_empty() {
            let _ = roller.write().act(Action::SetDice(new));
        }
    };

    rsx! {
        div { class: "roller", "data-testid": "roller",
            section { class: "table-top", "aria-live": "polite",
                if dice.is_empty() {
                    p { class: "caption", "{t.roller_empty}" }
                }
                div { class: if animate { "roller-dice animate roll-{rolls % 2}" } else { "roller-dice" },
                    for (i, kind) in dice.iter().copied().enumerate() {
                        button {
                            key: "{i}-{rolls}",
                            class: "rdie-slot",
                            class: if kept[i] { "kept" },
                            "data-testid": "die-{i}",
                            "aria-pressed": if kept[i] { "true" } else { "false" },
                            disabled: !rolled_once,
                            onclick: move |_| {
                                let kept_now = roller.read().state().is_kept(i);
                                let _ = roller.write().act(Action::Keep { die: i, kept: !kept_now });
                            },
                            span { class: "{kind_class(kind)}",
                                RollerDie { kind, face: showing[i], lang }
                            }
                            span { class: "rdie-name", "{lang.die_name(kind)}" }
                            if kept[i] {
                                span { class: "kept-badge", "✓ {t.roller_kept}" }
                            }
                        }
                    }
                }
                // The sum and the hint have their room before the first
                // roll too (an empty line for dice without a sum), so that
                // the Roll button below stays where it was tapped.
                match sum {
                    Some(sum) => rsx! { p { class: "roller-sum", "data-testid": "sum", "{lang.labelled(t.roller_sum, sum)}" } },
                    None => rsx! { p { class: "roller-sum", "aria-hidden": "true", "\u{a0}" } },
                }
                p { class: "caption", "{t.roller_keep_hint}" }
            }
            div { class: "roller-actions",
                button {
                    class: "roll-main",
                    "data-testid": "roll",
                    "data-haptic": "roll",
                    disabled: to_roll == 0,
                    onclick: move |_| {
                        let roll = Roll::of(roller.read().state().kinds_to_roll());
                        let thrown = roller.read().throw(&roll, platform::random_face);
                        if let Some(action) = thrown {
                            let _ = roller.write().act(action);
                        }
                    },
                    if kept.iter().any(|k| *k) { "{t.roller_roll} ({to_roll})" } else { "{t.roller_roll}" }
                }
                button {
                    class: "action",
                    "data-testid": "roller-undo",
                    disabled: !can_undo,
                    onclick: move |_| { roller.write().undo(); },
                    "↶ {t.roller_undo}"
                }
            }
            // Below the buttons, so that Roll stays where it was.
            if undone_roll {
                p { class: "roller-undone", role: "status", "data-testid": "roll-comes-back", "↶ {t.roller_undone}" }
            }

            section { class: "info",
                h2 { class: "section-title", "{t.roller_presets}" }
                div { class: "chips",
                    for (name, set) in presets(lang) {
                        button {
                            key: "{name}",
                            class: "chip",
                            onclick: move |_| set_dice(set.clone()),
                            "{name}"
                        }
                    }
                }
                h2 { class: "section-title", "{t.roller_add}" }
                div { class: "chips",
                    for (i, kind) in DieKind::ALL.into_iter().enumerate() {
                        button {
                            key: "{i}",
                            class: "chip",
                            "data-testid": "add-{lang.die_name(kind)}",
                            disabled: dice.len() >= MAX_DICE,
                            onclick: {
                                let dice = dice.clone();
                                move |_| set_dice([dice.clone(), vec![kind]].concat())
                            },
                            "+ {lang.die_name(kind)}"
                        }
                    }
                }
                if dice.len() > 1 {
                    h2 { class: "section-title", "{t.roller_remove}" }
                    div { class: "chips",
                        for (i, kind) in dice.iter().copied().enumerate() {
                            button {
                                key: "rm-{i}",
                                class: "chip chip-remove",
                                "data-testid": "remove-{i}",
                                onclick: {
                                    let dice = dice.clone();
                                    move |_| {
                                        let mut d = dice.clone();
                                        d.remove(i);
                                        set_dice(d)
                                    }
                                },
                                "✕ {lang.die_name(kind)}"
                            }
                        }
                    }
                }
            }

            if !history.is_empty() {
                section { class: "info", "data-testid": "history",
                    h2 { class: "section-title", "{t.roller_history}" }
                    ol { class: "history",
                        for (n, roll) in history.iter().enumerate() {
                            li { key: "{rolls - n as u64}",
                                {roll.dice.iter().zip(&roll.rolled).map(|((_, f), r)| {
                                    let label = lang.face_label(*f);
                                    if *r { label } else { format!("({label})") }
                                }).collect::<Vec<_>>().join(" · ")}
                                if let Some(s) = roll.sum { " = {s}" }
                            }
                        }
                    }
                }
            }

            RollerCoach { lang }

            if !tally.is_empty() {
                section { class: "info", "data-testid": "fairness",
                    h2 { class: "section-title", "{t.roller_fairness}" }
                    p { class: "caption", "{t.roller_fairness_caption}" }
                    for (kind, counts) in tally {
                        FairnessRow { kind, counts, lang }
                    }
                }
            }
        }
    }
}

/// The coach: the exact distribution of the sum of the numbered dice the
/// next roll leaves on the table, and the chance of at least or at most a
/// value the player picks.
#[component]
fn RollerCoach(lang: Lang) -> Element {
    let ui = use_ui();
    let open = use_default::<bool>();
    // Kept here, not in the panel: the value picked stays from roll to roll.
    let picked = use_default::<Option<u32>>();
    // The table the panel is drawn for: a roll draws this anew, and the
    // toggle draws the panel again once the roll is on screen.
    let table = ui.roller.read().state().clone();
    rsx! {
        CoachToggle { lang, open,
            RollerPanel { lang, table, picked }
        }
    }
}

/// The coach's distribution, computed as the panel is drawn.
#[component]
fn RollerPanel(lang: Lang, table: Roller, picked: Signal<Option<u32>>) -> Element {
    let mut picked = picked;
    let odds = platform::timed(COMPUTING, || sum_odds(&table));
    rsx! {
        match odds {
            None => rsx! { p { class: "caption", "data-testid": "coach-nothing", "{lang.coach().nothing_to_decide}" } },
            Some(odds) => {
                let value = picked().unwrap_or_else(|| (odds.min + odds.max()).div_ceil(2)).clamp(odds.min, odds.max());
                rsx! {
                    SumChart { odds: odds.clone(), lang, picked: value }
                    div { class: "coach-pick",
                        button { class: "action", "aria-label": "−1", disabled: value <= odds.min, onclick: move |_| picked.set(Some(value.saturating_sub(1))), "−" }
                        strong { "data-testid": "coach-value", "{value}" }
                        button { class: "action", "aria-label": "+1", disabled: value >= odds.max(), onclick: move |_| picked.set(Some(value + 1)), "+" }
                    }
                    table { class: "coach-table",
                        tbody {
                            tr {
                                th { scope: "row", "{lang.coach().at_least} {value}" }
                                td { "data-testid": "coach-at-least", "{lang.coach_chance(odds.at_least(value))}" }
                            }
                            tr {
                                th { scope: "row", "{lang.coach().at_most} {value}" }
                                td { "data-testid": "coach-at-most", "{lang.coach_chance(odds.at_most(value))}" }
                            }
                            tr {
                                th { scope: "row", "{lang.coach().average}" }
                                td { "{lang.coach_points(odds.mean())}" }
                            }
                        }
                    }
                    p { class: "caption coach-basis", "{lang.coach_basis(crate::core::coach::Basis::Exact)}" }
                }
            }
        }
    }
}

/// The sum's distribution as bars, the picked value marked. Drawn as one
/// SVG (a path for the bars, another for the picked one) rather than an
/// element per bar: the chart is a third of the panel's cost to lay out
/// otherwise (78 elements for five dice).
#[component]
fn SumChart(odds: SumOdds, lang: Lang, picked: u32) -> Element {
    let bars = odds.counts.len();
    let top = odds.counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    // Each bar in a slot 10 wide, the chart 100 high; a count too small to
    // see keeps a sliver, so that every possible sum shows.
    let bar = |i: usize| {
        let height = (odds.counts[i] as f64 / top * 100.0).max(3.0);
        format!("M{} 100V{:.1}h8V100z", i * 10 + 1, 100.0 - height)
    };
    let picked_at = (picked - odds.min) as usize;
    let others: String = (0..bars).filter(|&i| i != picked_at).map(bar).collect();
    // Label every bar when there are few, else about ten of them.
    let step = (bars / 10).max(1);
    rsx! {
        figure { class: "sum-chart", "data-testid": "coach-sum-chart",
            figcaption { class: "section-title", "{lang.coach().sum_title}" }
            svg { class: "sum-bars", view_box: "0 0 {bars * 10} 100", preserve_aspect_ratio: "none", "aria-hidden": "true",
                path { d: "{others}" }
                path { class: "picked", d: "{bar(picked_at)}" }
            }
            div { class: "sum-labels", style: "grid-template-columns: repeat({bars}, 1fr)", "aria-hidden": "true",
                for i in (0..bars).step_by(step) {
                    span { key: "{i}", style: "grid-column: {i + 1}", "{odds.min + i as u32}" }
                }
            }
        }
    }
}

#[component]
fn FairnessRow(kind: DieKind, counts: Vec<u64>, lang: Lang) -> Element {
    let t = lang.texts();
    let f = fairness(&counts);
    let max = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let verdict = if !f.enough {
        t.roller_too_few
    } else if f.looks_fair() {
        t.roller_fair
    } else {
        t.roller_unfair
    };
    rsx! {
        div { class: "fair-row",
            p { class: "fair-head",
                strong { "{lang.die_name(kind)}" }
                " — {f.rolls} · χ² = {lang.decimal(f.chi_square, 1)} / {lang.decimal(f.critical, 1)} · {verdict}"
            }
            div { class: "bars", "aria-hidden": "true",
                for (i, c) in counts.iter().enumerate() {
                    div { key: "{i}", class: "bar-col",
                        div { class: "bar", style: "height: {*c as f64 / max * 100.0}%" }
                        span { class: "bar-label", {kind.face(i).map(|face| lang.face_label(face)).unwrap_or_default()} }
                    }
                }
            }
        }
    }
}
