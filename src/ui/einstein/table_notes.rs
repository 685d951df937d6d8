//! Einstein on several phones: what this phone's player is told beyond
//! the waiting line — that the table waits for them alone, or that their
//! game has ended while the others play on.

use crate::core::einstein::Einstein;
use crate::i18n::Lang;
use dioxus::prelude::*;

/// The notes for `mine`, this phone's players (nothing on one phone).
#[component]
pub fn TableNotes(state: Einstein, mine: Vec<usize>, unseen: Vec<usize>, lang: Lang) -> Element {
    let names = |ps: &[usize]| -> Vec<String> {
        ps.iter()
            .filter_map(|p| state.players().get(*p).map(|p| p.name.clone()))
            .collect()
    };
    if state.done_before_the_others(&mine) {
        let text = lang.einstein_done_early(&names(&mine));
        return rsx! {
            p { class: "notice waiting", role: "status", "data-testid": "einstein-done-early", "{text}" }
        };
    }
    if state.waits_only_for(&mine, &unseen) {
        return rsx! {
            p { class: "notice waiting", role: "status", "data-testid": "einstein-last-chooser", "{lang.einstein().last_chooser}" }
        };
    }
    rsx! {}
}
