//! The dice roller: any set of the app's dice, rolled together, some kept
//! and the others rolled again, with a history and a fairness view.

mod dice_set;
mod table_top;

use super::coach::{CoachToggle, COMPUTING};
use super::{use_default, use_prefs};
use crate::core::coach::roller::{sum_odds, SumOdds};
use crate::core::dice_kinds::{DieColour, DieKind};
use crate::core::roller::{fairness, Action, Rolled, Roller};
use crate::core::session::Session;
use crate::i18n::Lang;
use crate::platform;
use dice_set::DiceSet;
use dioxus::prelude::*;
use table_top::{RollButtons, TableTop};

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

/// The roller's dice and rolls, kept for the visit: made (five d6) the
/// first time the roller opens, at the app's root so that they outlive the
/// screen — the app's start carries none of the roller's rules (on the web
/// the roller is a part of its own).
#[derive(Clone, Copy)]
struct RollerSession(Signal<Session<Roller>>);

fn use_roller() -> Signal<Session<Roller>> {
    use_hook(|| {
        let kept = try_consume_context::<RollerSession>().unwrap_or_else(|| {
            let five_d6 = Session::new(vec![DieKind::D6; 5]).expect("five d6 are a valid set");
            dioxus::core::provide_root_context(RollerSession(Signal::new_in_scope(
                five_d6,
                ScopeId::ROOT,
            )))
        });
        kept.0
    })
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

#[component(lazy)]
pub fn RollerScreen() -> Element {
    let mut roller = use_roller();
    let prefs = use_prefs();
    let lang = prefs.lang();
    let animate = prefs.settings.read().animations;

    let session = roller.read();
    let state = session.state();
    let dice: Vec<DieKind> = state.dice().to_vec();
    let history: Vec<_> = state.history().cloned().collect();
    let tally: Vec<(DieKind, Vec<u64>)> = state.tally().map(|(k, v)| (k, v.to_vec())).collect();
    let rolls = state.rolls();
    drop(session);

    rsx! {
        div { class: "roller", "data-testid": "roller",
            TableTop { roller, lang, animate }
            RollButtons { roller, lang }
            DiceSet { dice, lang, on_set: move |new| { let _ = roller.write().act(Action::SetDice(new)); } }
            if !history.is_empty() {
                RollHistory { history, rolls, lang }
            }
            RollerCoach { lang }
            if !tally.is_empty() {
                Fairness { tally, lang }
            }
        }
    }
}

/// The rolls so far, the last first: each die's face (in brackets if it
/// was kept) and the sum.
#[component]
fn RollHistory(history: Vec<Rolled>, rolls: u64, lang: Lang) -> Element {
    let t = lang.texts();
    rsx! {
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
}

/// How often each face of each kind of die came up, and whether that
/// looks fair.
#[component]
fn Fairness(tally: Vec<(DieKind, Vec<u64>)>, lang: Lang) -> Element {
    let t = lang.texts();
    rsx! {
        section { class: "info", "data-testid": "fairness",
            h2 { class: "section-title", "{t.roller_fairness}" }
            p { class: "caption", "{t.roller_fairness_caption}" }
            for (kind, counts) in tally {
                FairnessRow { kind, counts, lang }
            }
        }
    }
}

/// The coach: the exact distribution of the sum of the numbered dice the
/// next roll leaves on the table, and the chance of at least or at most a
/// value the player picks.
#[component]
fn RollerCoach(lang: Lang) -> Element {
    let roller = use_roller();
    let open = use_default::<bool>();
    // Kept here, not in the panel: the value picked stays from roll to roll.
    let picked = use_default::<Option<u32>>();
    // The table the panel is drawn for: a roll draws this anew, and the
    // toggle draws the panel again once the roll is on screen.
    let table = roller.read().state().clone();
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
