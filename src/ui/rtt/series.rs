//! Roll to the Top's series on screen: each player's points over the games
//! of the series, and the way to start it again.

use crate::core::game::{Game, GameKind, Standings};
use crate::core::rtt::Rtt;
use crate::core::save::GameId;
use crate::core::table::Player;
use crate::i18n::Lang;
use crate::records::{self, Series};
use crate::ui::parts::{NewGame, Ranking};
use dioxus::prelude::*;

/// The series' totals by player, under the ranking of a finished game:
/// with that game counted (`game`: its id; none for a game viewed from the
/// history), whether or not its end has reached this phone's records yet.
#[component]
pub fn SeriesTotals(
    players: Vec<Player>,
    series: Signal<Series>,
    game: Option<(GameId, Standings)>,
    coached: bool,
    lang: Lang,
) -> Element {
    let t = lang.rtt();
    let mut series = series;
    let shown = match &game {
        Some((id, standings)) => series.read().with(id, standings, coached),
        None => series.read().clone(),
    };
    rsx! {
        h2 { class: "section-title", "{t.series}" }
        if coached && game.is_some() {
            p { class: "caption", "data-testid": "series-coached", "{t.series_coached}" }
        }
        ul { class: "ranking-list", "data-testid": "series",
            for p in players.iter() {
                li { key: "{p.name}", span { class: "rank-name", "{p.name}" } span { class: "rank-total", "{lang.score(shown.total(&p.name))}" } }
            }
        }
        button { class: "action", onclick: move |_| series.set(records::reset_series(Rtt::KIND)), "{t.series_reset}" }
    }
}

/// The end of a game: the ranking by squares left open, the series' totals
/// and a new game. `id`: the game's, unless it is viewed from the history.
#[component]
pub fn RttEnd(
    state: Rtt,
    id: Option<GameId>,
    coached: bool,
    series: Signal<Series>,
    lang: Lang,
) -> Element {
    let t = lang.rtt();
    let players = state.players().to_vec();
    let scores: Vec<String> = (0..players.len())
        .map(|i| format!("{} {}", state.open_squares(i), t.open))
        .collect();
    let game = id.map(|id| (id, state.standings()));
    rsx! {
        Ranking {
            players: players.clone(),
            places: state.places(),
            scores,
            lang,
            SeriesTotals { players, series, game, coached, lang }
            NewGame { kind: GameKind::Rtt, lang }
        }
    }
}
