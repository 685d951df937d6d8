//! Séquence Dés: the board drawn as a board, chips that differ by shape as
//! well as colour, the squares the roll allows highlighted, the winning line.

mod setup;
use super::coach::Panel;
use super::parts::{colour_class, use_typed, AppRoll, RollPanel, RulesPage};
use super::{use_game, use_ui, DieFace, GameFrame, NoGame, Screen};
use crate::core::coach;
use crate::core::dice::D6;
use crate::core::game::{GameKind, RollSource, Rules};
use crate::core::sequence::{Action, Event, Phase, Sequence, Square, BOARD, SIZE};
use crate::core::table::Colour;
use crate::i18n::Lang;
use dioxus::prelude::*;

/// The coach at a square to choose: the few moves the coach ranks best
/// (`coach::sequence::shortlist`), best first, the chance that the
/// opponent cannot complete a line next where it differs between them, the
/// recommended one and why; its square is lit on the board.
fn coach_panel(state: &Sequence, lang: Lang) -> Panel {
    let Some(advice) = coach::sequence::advise(state) else {
        return Panel::default();
    };
    let list = coach::sequence::shortlist(&advice);
    let mut panel = Panel::shortlisted(&advice, &list, |moves| lang.coach_sequence_group(moves));
    panel.chance_label = Some(lang.coach_sequence().chance.into());
    panel.reason = Some(lang.coach_sequence_reason(&advice.reason));
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
    let (ui, lang) = (game.ui, game.lang);
    let g = lang.game();
    let t = lang.sequence();
    let typed = use_typed();

    let read = game.active.read();
    let Some(active) = read.as_ref() else {
        return rsx! { NoGame { kind: GameKind::Sequence } };
    };
    let state = active.session.state();
    let players = state.players().to_vec();
    let current = state.current_player();
    let teams = state.side_count() < players.len();

    // The squares the roll allows, as the game lists them.
    let (targets, removing): (Vec<Square>, bool) = state
        .legal_moves()
        .iter()
        .filter_map(|m| match m.as_play() {
            Some(Action::Place { square }) => Some((*square, false)),
            Some(Action::Remove { square }) => Some((*square, true)),
            _ => None,
        })
        .fold((Vec::new(), false), |(mut all, any), (square, remove)| {
            all.push(square);
            (all, any || remove)
        });
    let winning: Vec<Square> = state.winner().map(|(_, l)| l.clone()).unwrap_or_default();
    // The open coach's recommended square, lit.
    let advised = (game.coach_spot)();
    let ct = lang.coach();
    let instruction = match state.phase() {
        Phase::Place { sum, replacing, .. } => Some(lang.sequence_place(*sum, *replacing)),
        Phase::Remove { .. } => Some(t.remove.to_string()),
        _ => None,
    };
    let status = match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Finished => state
            .winner()
            .map(|(side, _)| lang.side_wins(&side_name(state, *side), teams))
            .unwrap_or_else(|| g.game_over.to_string()),
        _ => lang.to_play(&players[current.unwrap_or(0)].name),
    };
    let last_roll: Vec<u8> = active
        .session
        .log()
        .iter()
        .rev()
        .find_map(|a| match a {
            Action::Roll { dice, .. } => Some(dice.iter().map(|d| d.value()).collect()),
            _ => None,
        })
        .unwrap_or_default();

    rsx! {
        GameFrame {
            game: game.frame(),
            player: current.map(|p| side_look(state, state.side_of(p)).0),
            status: status.clone(),
            coach: Some(game.coach(None, move |state| coach_panel(state, lang))),
            sheet: rsx! {
                div { class: "chips",
                    for side in 0..state.side_count() {
                        {
                            let (colour, sym) = side_look(state, side);
                            rsx! {
                                span { key: "{side}", class: "legend",
                                    span { class: "chip-disc small {colour_class(colour)}", "aria-hidden": "true", "{sym}" }
                                    "{side_name(state, side)}"
                                }
                            }
                        }
                    }
                }
            },
            if teams {
                p { class: "caption", "{t.teams}" }
            }
            div { class: "events", "data-testid": "events", "aria-live": "polite",
                if !last_roll.is_empty() && !matches!(state.phase(), Phase::RollOff(_)) {
                    div { class: "last-dice",
                        for (i, v) in last_roll.iter().enumerate() {
                            if let Some(d) = D6::new(*v) { DieFace { key: "{i}", face: d, class: "mini" } }
                        }
                        strong { " = {last_roll.iter().sum::<u8>()}" }
                    }
                }
                for (i, e) in state.events().iter().enumerate() {
                    match e {
                        Event::NothingToDo { sum, .. } => rsx! { p { key: "{i}", class: "event bad", "✗ {lang.sequence_nothing(*sum)}" } },
                        Event::PlaysAgain { player } => rsx! { p { key: "{i}", class: "event good", "✓ {players[*player].name} {g.plays_again}" } },
                        _ => rsx! {},
                    }
                }
                if let Some(text) = instruction.clone() {
                    p { class: "event good", "data-testid": "instruction", "{text}" }
                }
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.roll_off(&r, &players)}
                },
                Phase::Roll => rsx! {
                    RollPanel {
                        app_roll: AppRoll::One { id: "sequence-roll", label: t.roll_two },
                        typed,
                        lang,
                        app_rolls: game.app_rolls(),
                        on_roll: move |_| { game.throw_next(); },
                        caption: game.enter_dice(),
                        // The two faces typed are the roll.
                        on_face: move |_| {
                            if typed.len() == 2 {
                                game.act(Action::Roll { dice: typed.dice(), source: RollSource::Typed });
                                typed.clear();
                            }
                        },
                    }
                },
                Phase::Finished => rsx! {
                    section { class: "info ranking", "data-testid": "ranking",
                        button { class: "roll-main", onclick: ui.go_to(Screen::Setup(GameKind::Sequence)), "{g.new_game}" }
                    }
                },
                _ => rsx! {},
            }

            div { class: "board", role: "group", "aria-label": "{t.title}", "data-testid": "board",
                for r in 0..SIZE {
                    for c in 0..SIZE {
                        {
                            let owner = state.board()[r][c];
                            let target = targets.contains(&(r, c));
                            let win = winning.contains(&(r, c));
                            let best = advised == Some((r, c)) && target;
                            let look = owner.map(|s| side_look(state, s));
                            rsx! {
                                button {
                                    key: "{r}-{c}",
                                    class: if win { "square win" } else if best { "square target coach-best" } else if target { "square target" } else { "square" },
                                    "data-testid": "sq-{r}-{c}",
                                    "aria-label": {
                                        let who = owner.map(|s| side_name(state, s)).unwrap_or_default();
                                        let star = if best { format!(", {}", ct.advised) } else { String::new() };
                                        format!("{} {}{star}", BOARD[r][c], who)
                                    },
                                    onclick: move |_| {
                                        game.act(if removing {
                                            Action::Remove { square: (r, c) }
                                        } else {
                                            Action::Place { square: (r, c) }
                                        });
                                    },
                                    span { class: "sq-number", "{BOARD[r][c]}" }
                                    if best {
                                        span { class: "sq-star", "aria-hidden": "true", "★" }
                                    }
                                    if let Some((colour, sym)) = look {
                                        span { class: "chip-disc {colour_class(colour)}", "aria-hidden": "true", "{sym}" }
                                    }
                                }
                            }
                        }
                    }
                }
            }

        }
    }
}

#[component]
pub fn SequenceRulesScreen() -> Element {
    let lang = use_ui().lang();
    let t = lang.sequence();
    rsx! {
        RulesPage { id: "sequence-rules", game: GameKind::Sequence, title: t.title, lang,
            div { class: "board mini-board", "aria-hidden": "true",
                for r in 0..SIZE { for c in 0..SIZE { span { key: "{r}-{c}", class: "square", span { class: "sq-number", "{BOARD[r][c]}" } } } }
            }
        }
    }
}
