//! The minimal Dioxus app of ../shared/perf, drawing Genius's home screen and
//! checker instead of a button and nine elements: the same job (a tap on the
//! checker card, dice faces tapped, a verdict), the same markup and
//! stylesheet as the release web build, nothing else of the app (no
//! settings, saved games, languages, prerendered page or code splitting).

use dioxus::prelude::*;

mod screens;

const PRIMES: [u32; 14] = [
    2, 3, 5, 11, 13, 23, 113, 223, 233, 1123, 1223, 2333, 11113, 23333,
];

fn main() {
    dioxus::launch(App);
}

#[component]
fn App() -> Element {
    let open = use_signal(|| false);
    let dice = use_signal(Vec::<u32>::new);
    if open() {
        screens::checker(dice)
    } else {
        screens::home(open)
    }
}

/// The checker's verdict band: the app's waiting text, then the number and
/// whether it is prime.
#[component]
fn Verdict(dice: Signal<Vec<u32>>) -> Element {
    let mut sorted = dice();
    if sorted.is_empty() {
        return rsx! {
            div { class: "verdict-head",
                span { class: "verdict-icon", "aria-hidden": "true", "?" }
                span { class: "verdict-word", "Waiting for dice" }
            }
            p { class: "verdict-reason", "Tap your dice faces, type them on a keyboard or roll them here." }
        };
    }
    sorted.sort_unstable();
    let n = sorted.iter().fold(0u32, |acc, d| acc * 10 + d);
    let prime = PRIMES.contains(&n);
    rsx! {
        div { class: "verdict-head",
            span { class: "verdict-icon", "aria-hidden": "true", if prime { "✓" } else { "✗" } }
            span { class: "verdict-word", if prime { "Prime" } else { "Not prime" } }
        }
        p { class: "verdict-number", "{n}" }
    }
}
