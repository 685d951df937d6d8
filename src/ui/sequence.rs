//! Séquence Dés: the board drawn as a board, chips that differ by shape as
//! well as colour, the squares the roll allows highlighted, the winning line.
//! On several phones, a phone that waits shows the move as the mover's.

mod board;
mod events;
mod setup;
mod view;
use super::coach::Panel;
use super::frame::{use_coach, use_game, GameFrame, NoGame};
use super::parts::{use_typed, AppRoll, NewGame, RollPanel, RulesPage};
use super::use_prefs;
use crate::core::coach;
use crate::core::game::{GameKind, RollSource};
use crate::core::reading::Expect;
use crate::core::sequence::{self, Action, Phase, Sequence, BOARD, SIZE};
use crate::core::table::Colour;
use crate::i18n::Lang;
use board::SequenceBoard;
use dioxus::prelude::*;
use events::{SequenceEvents, SideLegend};
use view::use_sequence_view;

/// The coach at a square to choose: the few moves the coach ranks best
/// (`coach::sequence::shortlist`), best first, the chance that the
/// opponent cannot complete a line next where it differs between them, the
/// recommended one and why (about `mover`, named, when another phone plays
/// them); its square is lit on the board.
fn coach_panel(state: &Sequence, mover: Option<&str>, lang: Lang) -> Panel {
    let Some(advice) = coach::sequence::advise(state) else {
        return Panel::default();
    };
    let list = coach::sequence::shortlist(&advice);
    let mut panel = Panel::shortlisted(&advice, &list, |moves| lang.coach_sequence_group(moves));
    panel.chance_label = Some(lang.coach_sequence().chance.into());
    panel.reason = Some(lang.coach_sequence_reason_for(&advice.reason, mover));
    let safe = match list.chance {
        coach::Figure::Same(chance) => chance,
        coach::Figure::Varies => None,
    };
    panel.note = Some(lang.coach_sequence_note(list.left_out, safe));
    panel.spot = advice.recommended().map(|best| best.option.square);
    panel
}

/// A side's colour and symbol: those of its first player.
fn side_look(game: &Sequence, side: usize) -> (Colour, &'static str) {
    let first = game.side_players(side).first().copied().unwrap_or(0);
    let colour = game.players()[first].colour;
    (colour, colour.symbol())
}

/// "Anne" or "Anne & Chloé".
fn side_name(game: &Sequence, side: usize) -> String {
    game.side_players(side)
        .iter()
        .map(|&p| game.players()[p].name.clone())
        .collect::<Vec<_>>()
        .join(" & ")
}

#[component(lazy)]
pub fn SequenceGameScreen() -> Element {
    let game = use_game::<Sequence>();
    let coach = use_coach(game);
    let lang = game.lang;
    let t = lang.sequence();
    let typed = use_typed();
    let view = use_sequence_view(game);

    let read = game.active.read();
    let (Some(active), Some(view)) = (read.as_ref(), view) else {
        return rsx! { NoGame { kind: GameKind::Sequence } };
    };
    let state = active.session.state();
    let players = state.players().to_vec();
    let current = state.current_player();
    let teams = state.side_count() < players.len();
    let mover = view.mover_elsewhere.clone();
    // A phone that waits for another's roll shows no dice to roll: the
    // board comes right under the waiting line, whole on the screen.
    let waits = mover.is_some();

    rsx! {
        GameFrame {
            game: game.frame(),
            // The player's own colour and symbol, as at setup and in the
            // roll-off (a side's chips are its first player's).
            player: current.map(|p| players[p].colour),
            status: view.status.clone(),
            coach: Some(coach.panel(None, move |state| coach_panel(state, mover.as_deref(), lang))),
            sheet: rsx! {
                SideLegend { state: state.clone() }
            },
            if teams {
                p { class: "caption", "{t.teams}" }
            }
            SequenceEvents { state: state.clone(), view: view.clone(), lang }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.dice().roll_off(&r, &players)}
                },
                Phase::Roll if waits => rsx! {},
                Phase::Roll => rsx! {
                    RollPanel {
                        app_roll: AppRoll::One { id: "sequence-roll", label: t.roll_two },
                        reads: Expect::exactly(sequence::DICE),
                        typed,
                        lang,
                        app_rolls: game.dice().app_rolls(),
                        on_roll: move |_| { game.dice().throw_next(); },
                        caption: game.dice().enter_dice(),
                        // The two faces typed are the roll.
                        on_face: move |_| {
                            if typed.len() == sequence::DICE {
                                game.act(Action::Roll { dice: typed.dice(), source: RollSource::Typed });
                                typed.clear();
                            }
                        },
                    }
                },
                Phase::Finished => rsx! {
                    section { class: "info ranking", "data-testid": "ranking",
                        NewGame { kind: GameKind::Sequence, lang }
                    }
                },
                _ => rsx! {},
            }

            SequenceBoard { state: state.clone(), view, advised: coach.spot(), lang, on_act: move |action| { game.act(action); } }
        }
    }
}

#[component]
pub fn SequenceRulesScreen() -> Element {
    let lang = use_prefs().lang();
    let t = lang.sequence();
    rsx! {
        RulesPage { id: "sequence-rules", game: GameKind::Sequence, title: t.title, lang,
            div { class: "board mini-board", "aria-hidden": "true",
                for r in 0..SIZE { for c in 0..SIZE { span { key: "{r}-{c}", class: "square", span { class: "sq-number", "{BOARD[r][c]}" } } } }
            }
        }
    }
}
