//! Séquence Dés's options on the setup screen: teams, and six in a row
//! where the number of players allows it.

use crate::core::sequence::{six_in_a_row_offered, Sequence, Setup};
use crate::core::table::{FirstPlayer, Player};
use crate::ui::{use_prefs, GameSetup};
use dioxus::prelude::*;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Options {
    six_in_a_row: bool,
}

impl GameSetup for Sequence {
    type Options = Options;

    fn setup(players: Vec<Player>, first: FirstPlayer, options: &Options) -> Setup {
        let six_in_a_row = options.six_in_a_row && six_in_a_row_offered(players.len());
        Setup {
            players,
            first,
            six_in_a_row,
        }
    }

    fn options(options: Signal<Options>, players: usize) -> Element {
        rsx! { SequenceOptions { options, players } }
    }
}

#[component]
fn SequenceOptions(options: Signal<Options>, players: usize) -> Element {
    let lang = use_prefs().lang();
    let s = lang.sequence();
    rsx! {
        fieldset { class: "choice-group",
            legend { "{s.title}" }
            p { class: "caption", "{s.teams}" }
            if six_in_a_row_offered(players) {
                label { class: "choice",
                    input {
                        r#type: "checkbox",
                        "data-testid": "six-in-a-row",
                        checked: options().six_in_a_row,
                        onchange: move |e| options.write().six_in_a_row = e.checked(),
                    }
                    span { "{s.six_in_a_row}" }
                }
            }
        }
    }
}
