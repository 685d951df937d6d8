//! Roll to the Top's options on the setup screen: the challenge sheet, and
//! the variant with decreasing numbers.

use crate::core::rtt::{shipped_sheets, Rtt, Setup};
use crate::core::table::{FirstPlayer, Player};
use crate::ui::{use_prefs, GameSetup};
use dioxus::prelude::*;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Options {
    /// Which of the shipped sheets.
    sheet: usize,
    decreasing: bool,
}

impl GameSetup for Rtt {
    type Options = Options;

    fn setup(players: Vec<Player>, first: FirstPlayer, options: &Options) -> Setup {
        let mut sheets = shipped_sheets();
        let sheet = if options.sheet < sheets.len() {
            sheets.swap_remove(options.sheet)
        } else {
            sheets.swap_remove(0)
        };
        Setup {
            players,
            first,
            sheet,
            decreasing: options.decreasing,
        }
    }

    fn options(options: Signal<Options>, _players: usize) -> Element {
        rsx! { RttOptions { options } }
    }
}

#[component]
fn RttOptions(options: Signal<Options>) -> Element {
    let lang = use_prefs().lang();
    let sheets = use_hook(shipped_sheets);
    let Options { sheet, decreasing } = options();
    rsx! {
        fieldset { class: "choice-group",
            legend { "{lang.rtt().sheet}" }
            for (i, sh) in sheets.iter().enumerate() {
                label { class: "choice", key: "{sh.id}",
                    input {
                        r#type: "radio",
                        name: "sheet",
                        "data-testid": "sheet-{sh.id}",
                        checked: sheet == i,
                        onchange: move |_| options.write().sheet = i,
                    }
                    span { class: "choice-text",
                        strong { "{lang.sheet_name(&sh.name)}" }
                        small { "{sh.len()} ▢" }
                    }
                }
            }
            label { class: "choice",
                input {
                    r#type: "checkbox",
                    "data-testid": "decreasing",
                    checked: decreasing,
                    onchange: move |e| options.write().decreasing = e.checked(),
                }
                span { "{lang.rtt().decreasing}" }
            }
        }
    }
}
