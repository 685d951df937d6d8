//! Roll to the Top's series on screen: each player's points over the games
//! of the series, and the way to start it again.

use crate::core::table::Player;
use crate::i18n::Lang;
use crate::records::{self, Series};
use dioxus::prelude::*;

/// The series' totals by player, under the ranking of a finished game.
#[component]
pub fn SeriesTotals(players: Vec<Player>, series: Signal<Series>, lang: Lang) -> Element {
    let t = lang.rtt();
    let mut series = series;
    let totals = series.read().totals.clone();
    rsx! {
        h2 { class: "section-title", "{t.series}" }
        ul { class: "ranking-list", "data-testid": "series",
            for p in players.iter() {
                li { key: "{p.name}", span { class: "rank-name", "{p.name}" } span { class: "rank-total", "{totals.get(&p.name).copied().unwrap_or(0)}" } }
            }
        }
        button { class: "action", onclick: move |_| series.set(records::reset_rtt_series()), "{t.series_reset}" }
    }
}
