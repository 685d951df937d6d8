//! The core screen: dice in, sorted number and a verdict out, at a glance.

use super::coach::{CoachTable, CoachToggle, Panel, COMPUTING};
use super::reader::{read_dice, ReadInto};
use super::{use_default, use_play, use_prefs, BelowTheFold, DieFace};
use crate::core::checker::Input;
use crate::core::coach::checker as coach;
use crate::core::dice::{D6, MAX_DICE};
use crate::core::prime::{all_odds, is_prime, sorted_numbers};
use crate::core::reading::Expect;
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;

/// Maps a key press to a checker input; `None` for keys the checker ignores
/// (Tab, arrows, Shift, shortcuts with Ctrl/Alt/Meta…).
pub fn key_input(key: &Key, modifiers: Modifiers) -> Option<Input> {
    if modifiers.intersects(Modifiers::CONTROL | Modifiers::ALT | Modifiers::META) {
        return None;
    }
    match key {
        Key::Character(s) => {
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if !c.is_whitespace() => Some(Input::Char(c)),
                _ => None,
            }
        }
        Key::Backspace | Key::Delete => Some(Input::RemoveLast),
        Key::Escape => Some(Input::Clear),
        _ => None,
    }
}

#[component]
pub fn CheckerScreen() -> Element {
    let mut checker = use_play().checker;
    let lang = use_prefs().lang();
    let t = lang.texts();
    // Counts rolls so the rolled dice replay their animation each time.
    let mut rolls = use_default::<u32>();
    // The camera's screen is open (issue 61).
    let reading = use_default::<bool>();

    let state = checker.read();
    let verdict = state.verdict();
    let sorted = state.hand().sorted();
    let entered = state.hand().entered().to_vec();
    let reordered = state.hand().was_reordered();
    let rolled = state.was_rolled();
    let error = state.error().map(|e| lang.entry_error(e));
    let full = state.hand().is_full();
    drop(state);

    let band_class = match &verdict {
        None => "verdict verdict-waiting",
        Some(v) if v.is_prime() => "verdict verdict-prime",
        Some(_) => "verdict verdict-not-prime",
    };
    let roll_class = if rolled {
        format!("tray rolled roll-{}", rolls() % 2)
    } else {
        "tray".to_string()
    };

    rsx! {
        div {
            class: "checker",
            tabindex: "-1",
            "data-testid": "checker",
            onmounted: move |evt| async move { let _ = evt.set_focus(true).await; },
            onkeydown: move |evt: KeyboardEvent| {
                if let Some(input) = key_input(&evt.key(), evt.modifiers()) {
                    evt.prevent_default();
                    let _ = checker.write().apply(input);
                }
            },

            section { class: "{band_class}", "data-testid": "verdict", role: "status", "aria-live": "polite", "aria-atomic": "true",
                match &verdict {
                    None => rsx! {
                        div { class: "verdict-head",
                            span { class: "verdict-icon", "aria-hidden": "true", "?" }
                            span { class: "verdict-word", "{t.waiting_title}" }
                        }
                        p { class: "verdict-reason", "{t.waiting_hint}" }
                    },
                    Some(v) => rsx! {
                        div { class: "verdict-head",
                            span { class: "verdict-icon", "aria-hidden": "true", if v.is_prime() { "✓" } else { "✗" } }
                            span { class: "verdict-word", "data-testid": "verdict-word", "{lang.verdict_word(v)}" }
                        }
                        p { class: "verdict-number", "data-testid": "number", "aria-label": "{t.number_formed} {v.number}", "{v.number}" }
                        p { class: "verdict-reason", "data-testid": "reason", "{lang.reason(v)}" }
                    },
                }
            }

            div { class: "{roll_class}", "data-testid": "tray", role: "img", "aria-label": if sorted.is_empty() { t.dice_empty_label.to_string() } else { lang.dice_shown_label(&sorted) },
                for slot in 0..MAX_DICE {
                    if let Some(face) = sorted.get(slot) {
                        DieFace { key: "{slot}", face: *face, class: "tray-die" }
                    } else {
                        span { key: "{slot}", class: "tray-slot", "aria-hidden": "true" }
                    }
                }
            }
            p { class: "sorted-note", "data-testid": "sorted-note",
                if reordered { "↕ {lang.sorted_note(&entered, rolled)}" }
            }
            div { class: "keypad", role: "group", "aria-label": t.tap_a_face,
                for face in D6::ALL {
                    button {
                        class: "face-button",
                        "data-testid": "face-{face}",
                        "aria-label": lang.add_face_label(face),
                        "aria-disabled": if full { "true" } else { "false" },
                        onclick: move |_| { let _ = checker.write().apply(Input::Face(face)); },
                        DieFace { face }
                    }
                }
            }
            div { class: "actions",
                button {
                    class: "action",
                    "data-testid": "remove-last",
                    onclick: move |_| { let _ = checker.write().apply(Input::RemoveLast); },
                    span { "aria-hidden": "true", "⌫ " }
                    "{t.remove_last}"
                }
                button {
                    class: "action",
                    "data-testid": "clear",
                    onclick: move |_| { let _ = checker.write().apply(Input::Clear); },
                    span { "aria-hidden": "true", "✕ " }
                    "{t.clear}"
                }
            }
            // The camera (issue 61): the faces read replace the dice
            // entered, tapped in as the keypad taps them.
            {read_dice(lang, Expect::UP_TO_FIVE, ReadInto::Checker { checker, on_face: None }, reading)}
            // Below the keypad and its actions (it answers a tap on them,
            // "5 dice at most"), so that appearing it moves neither.
            p { class: "entry-error", "data-testid": "error", role: "alert",
                if let Some(message) = error { "⚠ {message}" }
            }

            div { class: "roll", role: "group", "aria-label": t.roll_dice,
                h2 { class: "section-title", "{t.roll_dice}" }
                div { class: "roll-buttons",
                    for k in 1..=MAX_DICE {
                        button {
                            class: "roll-button",
                            "data-testid": "roll-{k}",
                            "data-haptic": "roll",
                            "aria-label": lang.roll_label(k),
                            onclick: move |_| {
                                let dice: Vec<D6> = (0..k).map(|_| D6::ALL[platform::random_below(6) as usize]).collect();
                                rolls += 1;
                                let _ = checker.write().apply(Input::Roll(dice));
                            },
                            span { class: "roll-count", "{k}" } " "
                            span { class: "roll-unit", "{lang.dice_word(k)}" }
                        }
                    }
                }
            }

            p { class: "keyboard-hint", "{t.keyboard_hint}" }

            CheckerCoach {}

            BelowTheFold {
                OddsTable {}

                section { class: "info",
                    h2 { class: "section-title", "{t.how_title}" }
                    for (i, line) in t.how_body.iter().enumerate() {
                        p { key: "{i}", "{line}" }
                    }
                }
            }
        }
    }
}

/// The coach: for 1 to 5 dice, the chance of a prime and the number to
/// expect.
#[component]
fn CheckerCoach() -> Element {
    let lang = use_prefs().lang();
    let open = use_default::<bool>();
    rsx! {
        CoachToggle { lang, open,
            CheckerPanel { lang }
        }
    }
}

/// The coach's figures, computed as the panel is drawn.
#[component]
fn CheckerPanel(lang: Lang) -> Element {
    let panel = platform::timed(COMPUTING, || {
        let advice = coach::advise();
        let t = lang.coach();
        Panel {
            chance_label: Some(t.prime_chance.into()),
            expected_label: Some(t.expected_number.into()),
            reason: Some(lang.checker_reason(advice.reason)),
            ..Panel::of(&advice, |k| lang.coach_dice(*k))
        }
    });
    rsx! {
        CoachTable { panel, lang }
    }
}

/// The chance of a prime for each number of dice, and the primes themselves.
#[component]
fn OddsTable() -> Element {
    let lang = use_prefs().lang();
    let t = lang.texts();
    let primes: Vec<u32> = (1..=MAX_DICE)
        .flat_map(sorted_numbers)
        .filter(|&n| is_prime(n))
        .collect();
    rsx! {
        section { class: "info odds", "data-testid": "odds",
            h2 { class: "section-title", "{t.odds_title}" }
            table {
                thead {
                    tr {
                        th { scope: "col", "{t.odds_dice}" }
                        th { scope: "col", "{t.odds_rolls}" }
                        th { scope: "col", "{t.odds_chance}" }
                    }
                }
                tbody {
                    for odds in all_odds().iter() {
                        tr { key: "{odds.dice}", "data-testid": "odds-{odds.dice}",
                            td { "{lang.dice_count(odds.dice)}" }
                            td { "{lang.odds_fraction(odds)}" }
                            td { "{lang.percent(odds.percent())}" }
                        }
                    }
                }
            }
            p { class: "caption", "{t.odds_caption}" }
            h2 { class: "section-title", "{t.primes_title}" }
            p { class: "prime-list", "data-testid": "prime-list",
                for n in primes {
                    span { key: "{n}", class: "prime-chip", "{n}" }
                }
            }
            p { class: "caption", "{t.primes_caption}" }
        }
    }
}
