//! Roll to the Top: the dice pool and the white die, each player's tower of
//! numbered squares (the squares that take the picked dice lit, and the
//! coach's recommended ones while the coach is open), the adjustments the
//! white die asks for, and the series. The screen holds the game and whose
//! tower is shown; the move being composed is [`draft::RttDraft`]; each
//! phase's panel is in its own module (`roll`, `place`, `adjust`, `series`).

mod adjust;
mod advice;
mod draft;
mod place;
mod roll;
mod series;
mod setup;
mod tower;

use super::frame::{use_coach, use_game, GameFrame, NoGame};
use super::parts::RulesPage;
use super::{use_prefs, Active};
use crate::core::dice_kinds::DieKind;
use crate::core::game::{Game, GameKind};
use crate::core::rtt::{Action, Phase, Rtt, COLOURED};
use crate::i18n::Lang;
use crate::records;
use adjust::AdjustPanel;
use advice::{advice, coach_panel, marks, AdviceCache};
use dioxus::prelude::*;
use draft::{use_kept_squares, use_rtt_draft, PlacingTurn};
use place::PlacePanel;
use roll::{Pool, RollEntry};
use series::RttEnd;
use tower::{use_tower_view, Mark, TowerView, Towers};

fn die_class(kind: DieKind) -> String {
    // The roller draws a d6 with pips; here every die shows its number.
    match kind {
        DieKind::D6 => "rdie rdie-d6n".to_string(),
        other => format!("rdie rdie-d{}", other.sides()),
    }
}

/// The players this phone places for now: all who still place, or on
/// several phones (`mine`: this phone's seats) only its own.
fn waiting_here(state: &Rtt, mine: Option<&[usize]>) -> Vec<usize> {
    match state.phase() {
        Phase::Place { waiting, .. } => waiting
            .iter()
            .copied()
            .filter(|p| mine.is_none_or(|mine| mine.contains(p)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The status line: who rolls, who places (none left on this phone: the
/// frame says whom the others wait for; a phone that plays no seat names
/// the first still to place), or the end.
fn status(state: &Rtt, placing: Option<usize>, watching: bool, lang: Lang) -> String {
    let g = lang.game();
    let players = state.players();
    match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Start | Phase::Roll | Phase::Adjust { .. } => {
            lang.rolls_dice(&players[state.roller()].name)
        }
        Phase::Place { waiting, .. } => match placing {
            Some(p) => lang.to_play(&players[p].name),
            None if watching && !waiting.is_empty() => {
                let names: Vec<String> = waiting.iter().map(|p| players[*p].name.clone()).collect();
                lang.to_play(&lang.and_list(&names))
            }
            None => lang.rtt().placed.to_string(),
        },
        Phase::Finished => g.game_over.to_string(),
    }
}

/// The moment `active`'s squares are placed in, by the player of this
/// phone (`mine`: its players at a table) placing now: what squares placed
/// and not yet confirmed are kept for.
fn placing_moment(
    active: &Active<Rtt>,
    view: &TowerView,
    mine: Option<&[usize]>,
) -> Option<PlacingTurn> {
    let state = active.session.state();
    let Phase::Place { result, .. } = state.phase() else {
        return None;
    };
    let player = view.placing(&waiting_here(state, mine))?;
    let rolls = (active.session.log().iter())
        .filter(|x| matches!(x, Action::Roll { .. }))
        .count();
    Some(PlacingTurn {
        game: active.id.clone(),
        rolls,
        result: result.clone(),
        player,
    })
}

#[component(lazy)]
pub fn RttGameScreen() -> Element {
    let game = use_game::<Rtt>();
    let coach = use_coach(game);
    let lang = game.lang;
    // What the current player composes before the move is sent.
    let draft = use_rtt_draft();
    // Who of this phone's players places now, and whose tower is shown.
    let view = use_tower_view(game.active);
    let cache: AdviceCache = use_hook(|| CopyValue::new(None));
    let series = use_signal(|| records::series(Rtt::KIND));
    // On several phones each phone fills its own players' sheets.
    let table = game.table.of(GameKind::Rtt);
    // Squares placed and not yet confirmed survive a reload.
    let mine = table.as_ref().map(|t| t.view.mine.clone());
    let moment =
        (game.active.read().as_ref()).and_then(|a| placing_moment(a, &view, mine.as_deref()));
    use_kept_squares(moment, draft);

    let read = game.active.read();
    let Some(active) = read.as_ref() else {
        return rsx! { NoGame { kind: GameKind::Rtt } };
    };
    let state = active.session.state();
    let coach_allowed = active.coach_allowed();
    let players = state.players().to_vec();

    let act = move |action: Action| {
        // A refused move keeps what was typed or drafted, to be corrected.
        if game.act(action) {
            draft.reset();
            let mut chooser = view.chooser;
            chooser.set(None);
        }
    };
    let throw = move |()| {
        game.dice().throw_next();
        draft.reset();
    };

    let waiting = waiting_here(state, table.as_ref().map(|t| &t.view.mine[..]));
    let placing = view.placing(&waiting);
    let own = table.as_ref().and_then(|t| t.view.mine.first().copied());
    let sheet_of = view.sheet_of(placing, own, players.len());
    let rolling = matches!(
        state.phase(),
        Phase::Start | Phase::Roll | Phase::Adjust { .. }
    );

    // While the coach is open, its recommended squares on the placing
    // player's own sheet.
    let coach_marks: Vec<Mark> = match placing {
        Some(p) if p == sheet_of && coach_allowed && coach.is_open() => {
            advice(cache, state, p).map_or_else(Vec::new, |a| marks(&a, state, lang))
        }
        _ => Vec::new(),
    };
    // This phone places now: the tower comes right under the dice.
    let tower_in_play = matches!(state.phase(), Phase::Place { .. }) && !waiting.is_empty();
    let tower = rsx! {
        Towers { state: state.clone(), draft, placing, sheet_of, view, coach: coach_marks, lang }
    };
    let (tower_here, tower_below) = if tower_in_play {
        (tower, VNode::empty())
    } else {
        (VNode::empty(), tower)
    };
    // Before the first roll every coloured die is about to be rolled.
    let in_play = match state.phase() {
        Phase::Start => COLOURED.to_vec(),
        _ => state.dice_in_play().to_vec(),
    };

    rsx! {
        GameFrame {
            game: game.frame(),
            player: placing.or(rolling.then_some(state.roller())).map(|p| players[p].colour),
            status: status(state, placing, table.as_ref().is_some_and(|t| t.view.mine.is_empty()), lang),
            on_step: move |_| draft.reset(),
            // The advice is the placing player's (several may place on
            // one result).
            coach: Some(coach.panel(placing, move |state| coach_panel(state, placing, lang, cache))),
            sheet: tower_below,
            if table.as_ref().is_some_and(|t| state.waits_only_for(&t.view.mine)) {
                p { class: "notice waiting", role: "status", "data-testid": "rtt-last-placer", "{lang.rtt().last_placer}" }
            }
            Pool { in_play: in_play.clone(), white: state.white(), lang }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.dice().roll_off(&r, &players)}
                },
                Phase::Start | Phase::Roll => rsx! {
                    RollEntry {
                        start: matches!(state.phase(), Phase::Start),
                        start_roll: state.start_roll(),
                        in_play,
                        draft,
                        lang,
                        app_rolls: game.dice().app_rolls(),
                        caption: game.dice().enter_dice(),
                        on_throw: throw,
                        on_act: act,
                    }
                },
                // This phone's players have all placed: the frame says whom
                // the others wait for.
                Phase::Place { .. } if waiting.is_empty() => rsx! {},
                Phase::Place { result, .. } => rsx! {
                    PlacePanel {
                        result,
                        kinds: state.dice_in_play().to_vec(),
                        who: placing.unwrap_or(0),
                        waiting: waiting.clone(),
                        players: players.clone(),
                        draft,
                        view,
                        lang,
                        on_act: act,
                        {tower_here}
                    }
                },
                Phase::Adjust { must, because } => rsx! {
                    AdjustPanel {
                        must,
                        because,
                        changes: adjust::changes(state),
                        draft,
                        lang,
                        on_act: act,
                    }
                },
                Phase::Finished => rsx! {
                    RttEnd {
                        state: state.clone(),
                        id: (!active.is_viewed()).then(|| active.id.clone()),
                        coached: active.session.coach().consulted,
                        series,
                        lang,
                    }
                },
            }

        }
    }
}

/// Scrolling only as far as it takes to show a box (not at all if it shows).
fn nearest() -> ScrollToOptions {
    ScrollToOptions {
        behavior: ScrollBehavior::Instant,
        vertical: ScrollLogicalPosition::Nearest,
        horizontal: ScrollLogicalPosition::Nearest,
    }
}

#[component]
pub fn RttRulesScreen() -> Element {
    let lang = use_prefs().lang();
    let t = lang.rtt();
    rsx! {
        RulesPage { id: "rtt-rules", game: GameKind::Rtt, title: t.title, lang }
    }
}
