//! Mode Sérieux, complete: setup, the five-round grid, rolls from the app or
//! from real dice with the checker's verdict inline, undo/redo, the ranking,
//! and the rules page with the rulings the app applies.

use super::coach::Panel;
use super::frame::{use_coach, use_game, GameFrame, NoGame};
use super::parts::{
    colour_class, symbol, use_typed, AppRoll, NewGame, Ranking, RecordTyped, RollPanel, RulesPage,
};
use super::use_prefs;
use crate::core::coach;
use crate::core::game::{GameKind, Roll, RollSource, Rules};
use crate::core::serieux::{self, Action, Cell, Phase, Serieux, ROUNDS};
use crate::core::table::{FirstPlayer, Player};
use crate::i18n::Lang;
use dioxus::prelude::*;

/// The coach at a roll: per count of dice, the chance of a prime, the
/// expected points and the chance to finish first.
fn coach_panel(state: &Serieux, lang: Lang) -> Panel {
    let Some(advice) = coach::serieux::advise(state) else {
        return Panel::default();
    };
    let mut panel = Panel::of(&advice, |o| lang.coach_dice(o.dice));
    for (row, option) in panel.rows.iter_mut().zip(&advice.options) {
        row.extra = option
            .option
            .win_chance
            .map(|p| lang.per_mille((p * 1000.0).round() as i64));
    }
    let t = lang.coach();
    panel.chance_label = Some(t.prime_chance.into());
    panel.extra_label = Some(t.win_chance.into());
    panel.reason = advice
        .recommended()
        .map(|best| lang.serieux_reason(advice.reason, best.option.dice));
    panel
}

#[component(lazy)]
pub fn SerieuxGameScreen() -> Element {
    let game = use_game::<Serieux>();
    let coach = use_coach(game);
    let lang = game.lang;
    let g = lang.game();
    let typed = use_typed();

    let read = game.active.read();
    let Some(active) = read.as_ref() else {
        return rsx! { NoGame { kind: GameKind::Serieux } };
    };
    let state = active.session.state();
    let players = state.players().to_vec();
    let totals = state.totals();
    let places = state.places();

    let header = match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Playing => format!(
            "{} · {}",
            lang.round_of(state.round() + 1, ROUNDS),
            lang.to_play(&players[state.current_player().unwrap_or(0)].name)
        ),
        Phase::Finished => g.game_over.to_string(),
    };

    rsx! {
        GameFrame {
            game: game.frame(),
            player: state.current_player().map(|p| players[p].colour),
            status: header,
            turn: state.current_player().map(|p| state.round() * players.len() + p),
            sheet: rsx! { Grid { state: state.clone(), lang } },
            coach: Some(coach.panel(None, move |state| coach_panel(state, lang))),

            if let Some(last) = state.last_turn() {
                div {
                    class: if last.verdict.is_prime() { "turn-result verdict-prime" } else { "turn-result verdict-not-prime" },
                    "data-testid": "last-turn",
                    span { class: "verdict-icon small", "aria-hidden": "true", if last.verdict.is_prime() { "✓" } else { "✗" } }
                    span { class: "turn-text",
                        strong { "{players[last.player].name}" }
                        " · {last.verdict.number} · {lang.verdict_word(&last.verdict)}"
                        br {}
                        small { "{lang.reason(&last.verdict)}" }
                    }
                }
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.dice().roll_off(&r, &players)}
                },
                Phase::Playing => rsx! {
                    RollPanel {
                        app_roll: AppRoll::Counts { id: "serieux-roll", listed: None },
                        typed,
                        lang,
                        app_rolls: game.dice().app_rolls(),
                        on_roll: move |k| { game.dice().throw(&Roll::d6(k)); },
                        caption: game.dice().enter_dice(),
                        sorted: true,
                        preview: rsx! {
                            if let Some(v) = typed.verdict() {
                                span {
                                    class: if v.is_prime() { "preview-verdict ok" } else { "preview-verdict ko" },
                                    "data-testid": "typed-verdict",
                                    if v.is_prime() { "✓ " } else { "✗ " }
                                    "{v.number} · {lang.verdict_word(&v)}"
                                }
                            }
                        },
                        RecordTyped { typed, lang, ready: !typed.is_empty(),
                            on_record: move |dice| { game.act(Action::Roll { dice, source: RollSource::Typed }); },
                        }
                    }
                },
                Phase::Finished => rsx! {
                    Ranking { players: players.clone(), places: places.clone(), scores: totals.iter().map(|t| t.to_string()).collect::<Vec<String>>(), lang,
                        NewGame { kind: GameKind::Serieux, lang }
                    }
                },
            }

        }
    }
}

/// The score grid, laid out for a phone: each player's name on a line of
/// its own across the grid, their five rounds and total on the line below,
/// so that five-digit rounds and a six-digit total fit 360 px with the
/// total in view (and pinned to the right edge should a larger text size
/// still make the grid scroll). A miss shows "—" and the number thrown.
#[component]
fn Grid(state: Serieux, lang: Lang) -> Element {
    let g = lang.game();
    let players = state.players().to_vec();
    let now = state.current_player().map(|p| (p, state.round()));
    let columns = ROUNDS + 1;
    rsx! {
        div { class: "grid-wrap",
            table { class: "score-grid serieux-grid", "data-testid": "grid",
                thead {
                    tr {
                        for r in 1..=ROUNDS {
                            th { key: "{r}", scope: "col", class: if state.round() + 1 == r && !state.is_finished() { "round-now" }, "{r}" }
                        }
                        th { scope: "col", class: "total-col", "{g.total}" }
                    }
                }
                for (p, player) in players.iter().enumerate() {
                    tbody { key: "{p}", class: if now.map(|(c, _)| c) == Some(p) { "row-now" }, "data-testid": "grid-row-{p}",
                        tr { class: "name-row",
                            th { scope: "rowgroup", colspan: "{columns}", class: "name-col",
                                span { class: "player-symbol {colour_class(player.colour)}", "aria-hidden": "true", "{symbol(player)}" }
                                span { class: "grid-name", "{player.name}" }
                            }
                        }
                        tr { class: "score-row",
                            for (r, cell) in state.grid()[p].iter().enumerate() {
                                td {
                                    key: "{r}",
                                    class: match cell { Cell::Prime(_) => "cell prime", Cell::Miss(_) => "cell miss", Cell::Empty if now == Some((p, r)) => "cell now", Cell::Empty => "cell" },
                                    "data-testid": "cell-{p}-{r}",
                                    match cell {
                                        Cell::Prime(n) => rsx! { "{n}" },
                                        Cell::Miss(n) => rsx! {
                                            span { class: "miss-mark", "—" }
                                            " "
                                            span { class: "miss-number", "data-testid": "miss-{p}-{r}", "{n}" }
                                        },
                                        Cell::Empty => rsx! {},
                                    }
                                }
                            }
                            td { class: "cell total total-col", "data-testid": "total-{p}", "{state.total(p)}" }
                        }
                    }
                }
            }
        }
    }
}

#[component]
pub fn SerieuxRulesScreen() -> Element {
    let lang = use_prefs().lang();
    let t = lang.serieux();
    rsx! {
        RulesPage { id: "serieux-rules", game: GameKind::Serieux, title: t.title, lang }
    }
}

impl super::GameSetup for Serieux {
    type Options = ();

    fn setup(players: Vec<Player>, first: FirstPlayer, _options: &()) -> serieux::Setup {
        serieux::Setup { players, first }
    }
}
