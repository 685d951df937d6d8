//! The statistics tab of the history: games, wins, best and average per
//! player and game, the Einstein personal best, and a chart of scores over
//! time.

use crate::core::game::{GameKind, Record, Tally};
use crate::core::history::{self, Aliases, Outcome};
use crate::i18n::Lang;
use crate::records;
use crate::ui::chart::ScoreChart;
use crate::ui::GameTitles;
use dioxus::prelude::*;

/// Games, wins, best and average per player and game; the Einstein
/// personal best; a chart of scores over time.
#[component]
pub fn StatsTab(outcomes: Vec<Outcome>, aliases: Aliases, lang: Lang) -> Element {
    let h = lang.history();
    let all = history::stats(&outcomes, &aliases);
    let charted: Vec<GameKind> = all
        .iter()
        .map(|g| g.game)
        .filter(|g| g.tally().has_points())
        .collect();
    let mut chart_game = use_signal(|| None::<GameKind>);
    let shown = chart_game()
        .filter(|g| charted.contains(g))
        .or(charted.first().copied());
    // The games whose record is a best alone (Einstein), with that best.
    let bests: Vec<(GameKind, i64)> = GameKind::ALL
        .into_iter()
        .filter(|kind| kind.record() == Record::BestAlone)
        .filter_map(|kind| Some((kind, records::best_alone(kind)?.into())))
        .collect();
    rsx! {
        if all.is_empty() {
            p { class: "info", "{h.empty}" }
        }
        for g in all {
            section { key: "{g.game:?}", class: "info", "data-testid": "stats-{g.game:?}",
                h2 { class: "section-title", "{lang.game_title(g.game)} · {lang.n_games(g.games)}" }
                // Each player's name on a line across the table, their
                // figures below: six-digit bests and averages fit 360 px.
                table { class: "stats-table", "aria-label": "{lang.game_title(g.game)}",
                    thead {
                        tr {
                            th { scope: "col", "{h.played}" }
                            th { scope: "col", "{h.wins}" }
                            match g.game.tally() {
                                Tally::Series => rsx! { th { scope: "col", "{h.series}" } },
                                Tally::Points => rsx! {
                                    th { scope: "col", "{h.best}" }
                                    th { scope: "col", "{h.average}" }
                                },
                                Tally::WinsOnly => rsx! {},
                            }
                        }
                    }
                    for p in g.players.iter() {
                        tbody { key: "{p.name}",
                            tr { class: "name-row",
                                th { scope: "rowgroup", colspan: match g.game.tally() { Tally::Series => "3", Tally::WinsOnly => "2", Tally::Points => "4" }, "{p.name}" }
                            }
                            tr {
                                td { "{p.games}" }
                                td { "{p.wins}" }
                                match g.game.tally() {
                                    Tally::Series => rsx! { td { "{lang.score(p.total)}" } },
                                    Tally::Points => rsx! {
                                        td { {p.best.map(|b| lang.score(b)).unwrap_or_default()} }
                                        td { {p.average().map(|a| lang.score(a)).unwrap_or_default()} }
                                    },
                                    Tally::WinsOnly => rsx! {},
                                }
                            }
                        }
                    }
                }
            }
        }
        for (kind, best) in bests {
            p { class: "info", key: "{kind.name()}", "data-testid": "{kind.name()}-best",
                {lang.best_alone_line(lang.game_title(kind), best)}
            }
        }
        if let Some(game) = shown {
            section { class: "info",
                h2 { class: "section-title", "{h.chart}" }
                if charted.len() > 1 {
                    div { class: "chips",
                        for (i, k) in charted.iter().copied().enumerate() {
                            button {
                                key: "{i}",
                                class: if k == game { "chip chip-on" } else { "chip" },
                                "aria-pressed": if k == game { "true" } else { "false" },
                                "data-testid": "chart-{k:?}",
                                onclick: move |_| chart_game.set(Some(k)),
                                "{lang.game_title(k)}"
                            }
                        }
                    }
                }
                ScoreChart { series: history::series(&outcomes, game, &aliases), lang }
            }
        }
    }
}
