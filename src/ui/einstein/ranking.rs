//! Einstein's end: the ranking by total and, alone, the personal best.

use super::sheet::signed;
use crate::core::einstein::Einstein;
use crate::core::game::GameKind;
use crate::i18n::Lang;
use crate::ui::parts::{NewGame, Ranking};
use dioxus::prelude::*;

/// The ranking of the finished game `state`; alone, the personal best
/// (`best_before`: the best before this game).
#[component]
pub fn EinsteinRanking(state: Einstein, best_before: Option<i32>, lang: Lang) -> Element {
    let t = lang.einstein();
    let players = state.players().to_vec();
    let totals = state.totals();
    // The move that ended the game kept the total if it was a record.
    let solo_best = (players.len() == 1).then(|| {
        let total = totals[0];
        let record = best_before.is_none_or(|b| total > b);
        (record, best_before.map_or(total, |b| b.max(total)))
    });
    rsx! {
        Ranking {
            players,
            places: state.places(),
            scores: totals.iter().map(|t| signed(lang, *t)).collect::<Vec<String>>(),
            lang,
            if let Some((record, best)) = solo_best {
                p { class: "notice", "data-testid": "personal-best",
                    if record { "{t.new_best} " }
                    "{lang.personal_best(best)}"
                }
            }
            NewGame { kind: GameKind::Einstein, lang }
        }
    }
}
