//! Genius's options on the setup screen: the mode, and whether a round is
//! finished once a row fills up.

use crate::core::game::Mode;
use crate::core::genius::{Genius, Setup};
use crate::core::table::{FirstPlayer, Player};
use crate::ui::{use_prefs, GameSetup};
use dioxus::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    mode: Mode,
    finish_round: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            mode: Mode::Genius,
            finish_round: false,
        }
    }
}

impl GameSetup for Genius {
    type Options = Options;

    fn setup(players: Vec<Player>, first: FirstPlayer, options: &Options) -> Setup {
        Setup {
            players,
            first,
            mode: options.mode,
            finish_round: options.finish_round && options.mode.offers_finish_round(),
        }
    }

    fn options(options: Signal<Options>, _players: usize) -> Element {
        rsx! { GeniusOptions { options } }
    }
}

#[component]
fn GeniusOptions(options: Signal<Options>) -> Element {
    let lang = use_prefs().lang();
    let Options { mode, finish_round } = options();
    rsx! {
        fieldset { class: "choice-group",
            legend { "{lang.genius().mode}" }
            for (i, m) in Mode::ALL.into_iter().enumerate() {
                label { class: "choice", key: "{i}",
                    input {
                        r#type: "radio",
                        name: "mode",
                        "data-testid": "mode-{lang.mode_id(m)}",
                        checked: mode == m,
                        onchange: move |_| options.write().mode = m,
                    }
                    span { class: "choice-text",
                        strong { "{lang.mode_name(m)}" }
                        small { "{lang.mode_blurb(m)}" }
                    }
                }
            }
            if mode.offers_finish_round() {
                label { class: "choice",
                    input {
                        r#type: "checkbox",
                        "data-testid": "finish-round",
                        checked: finish_round,
                        onchange: move |e| options.write().finish_round = e.checked(),
                    }
                    span { "{lang.genius().finish_round}" }
                }
            }
        }
    }
}
