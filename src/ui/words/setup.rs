//! The word game's options on the setup screen: the theme card, the
//! variants and the round timer.

use crate::core::table::{FirstPlayer, Player};
use crate::core::words::{Setup, Variants, Words, THEME_CARDS};
use crate::ui::{use_prefs, GameSetup};
use dioxus::prelude::*;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Options {
    /// The theme card (0–3).
    card: usize,
    variants: Variants,
    /// A round timer in seconds, if any.
    timer: Option<u32>,
}

impl GameSetup for Words {
    type Options = Options;

    fn setup(players: Vec<Player>, first: FirstPlayer, options: &Options) -> Setup {
        Setup {
            players,
            first,
            card: options.card,
            variants: options.variants,
            timer: options.timer,
        }
    }

    fn options(options: Signal<Options>, _players: usize) -> Element {
        rsx! { WordsOptions { options } }
    }
}

/// The word game's options: the theme card (its six themes shown), the two
/// variants and the round timer.
#[component]
fn WordsOptions(options: Signal<Options>) -> Element {
    let lang = use_prefs().lang();
    let w = lang.words();
    let Options {
        card,
        variants: v,
        timer,
    } = options();
    rsx! {
        fieldset { class: "choice-group",
            legend { "{w.card}" }
            for c in 0..THEME_CARDS.len() {
                label { class: "choice", key: "{c}",
                    input { r#type: "radio", name: "card", "data-testid": "card-{c + 1}", checked: card == c, onchange: move |_| options.write().card = c }
                    span { class: "choice-text",
                        strong { "{w.card_n} {c + 1}" }
                        small { {(0..6).map(|t| format!("{} {}", t + 1, lang.theme_name(c, t))).collect::<Vec<_>>().join(" · ")} }
                    }
                }
            }
        }
        fieldset { class: "choice-group",
            legend { "{w.variants}" }
            label { class: "choice",
                input { r#type: "checkbox", "data-testid": "variant-limited", checked: v.limited, onchange: move |e| options.write().variants.limited = e.checked() }
                span { class: "choice-text", strong { "{w.limited}" } small { "{w.limited_blurb}" } }
            }
            label { class: "choice",
                input { r#type: "checkbox", "data-testid": "variant-open", checked: v.open_themes, onchange: move |e| options.write().variants.open_themes = e.checked() }
                span { class: "choice-text", strong { "{w.open_themes}" } small { "{w.open_themes_blurb}" } }
            }
        }
        fieldset { class: "choice-group",
            legend { "{w.timer}" }
            div { class: "chips",
                for (i, choice) in [None, Some(30u32), Some(60), Some(90), Some(120)].into_iter().enumerate() {
                    button {
                        key: "{i}",
                        class: if timer == choice { "chip chip-on" } else { "chip" },
                        "aria-pressed": if timer == choice { "true" } else { "false" },
                        "data-testid": "timer-{choice.unwrap_or(0)}",
                        onclick: move |_| options.write().timer = choice,
                        match choice { None => w.timer_off.to_string(), Some(s) => format!("{s} s") }
                    }
                }
            }
        }
    }
}
