//! What Séquence Dés's screen shows of the game now: the squares the roll
//! allows, the instruction, the status line, the last roll — and, on
//! several phones, whether this phone makes the move (a phone that waits
//! shows the move as the mover's, in the third person, nothing lit).

use crate::core::game::{Actor, GameKind, Rules};
use crate::core::sequence::{Action, Phase, Sequence, Square};
use crate::i18n::Lang;
use crate::ui::frame::UseGame;
use dioxus::prelude::*;

/// The screen's view of the game (see [`use_sequence_view`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SequenceView {
    /// The squares this phone may tap now (none on a phone that waits).
    pub targets: Vec<Square>,
    /// A tap removes a chip (a 10) rather than placing one.
    pub removing: bool,
    pub winning: Vec<Square>,
    /// What the roll asks of the player to move, worded for this phone.
    pub instruction: Option<String>,
    pub status: String,
    /// The values of the last roll, if any.
    pub last_roll: Vec<u8>,
    /// Whose roll they are (the next player's turn may already have begun).
    pub roller: Option<String>,
    /// On several phones, the player to move when another phone plays
    /// them: the coach and the instruction name them.
    pub mover_elsewhere: Option<String>,
}

/// The view of `game`'s Séquence, if a game is on.
pub fn use_sequence_view(game: UseGame<Sequence>) -> Option<SequenceView> {
    let read = game.active.read();
    let active = read.as_ref()?;
    let table = game.table.of(GameKind::Sequence);
    let (state, lang) = (active.session.state(), game.lang);
    let players = state.players();
    let current = state.current_player();
    let mover_elsewhere = current
        .filter(|p| {
            table
                .as_ref()
                .is_some_and(|t| !t.view.plays(Actor::Player(*p)))
        })
        .map(|p| players[p].name.clone());
    // The squares the roll allows, as the game lists them (on the phone
    // that makes the move).
    let (mut targets, mut removing) = (Vec::new(), false);
    for m in &state.legal_moves() {
        match m.as_play() {
            Some(Action::Place { square }) => targets.push(*square),
            Some(Action::Remove { square }) => {
                targets.push(*square);
                removing = true;
            }
            _ => {}
        }
    }
    if mover_elsewhere.is_some() {
        targets.clear();
    }
    Some(SequenceView {
        targets,
        removing,
        winning: state.winner().map(|(_, l)| l.clone()).unwrap_or_default(),
        instruction: instruction(state, mover_elsewhere.as_deref(), lang),
        status: status(state, lang),
        last_roll: active
            .session
            .log()
            .iter()
            .rev()
            .find_map(|a| match a {
                Action::Roll { dice, .. } => Some(dice.iter().map(|d| d.value()).collect()),
                _ => None,
            })
            .unwrap_or_default(),
        roller: (state.last_roller()).and_then(|p| players.get(p).map(|p| p.name.clone())),
        mover_elsewhere,
    })
}

/// What the roll asks: of this phone's player, or of `mover` playing on
/// another phone.
fn instruction(state: &Sequence, mover: Option<&str>, lang: Lang) -> Option<String> {
    match (state.phase(), mover) {
        (Phase::Place { sum, replacing, .. }, None) => Some(lang.sequence_place(*sum, *replacing)),
        (Phase::Place { sum, replacing, .. }, Some(name)) => {
            Some(lang.sequence_place_by(name, *sum, *replacing))
        }
        (Phase::Remove { .. }, None) => Some(lang.sequence().remove.to_string()),
        (Phase::Remove { .. }, Some(name)) => Some(lang.sequence_remove_by(name)),
        _ => None,
    }
}

fn status(state: &Sequence, lang: Lang) -> String {
    let g = lang.game();
    let teams = state.side_count() < state.players().len();
    match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Finished => state
            .winner()
            .map(|(side, _)| lang.side_wins(&super::side_name(state, *side), teams))
            .unwrap_or_else(|| g.game_over.to_string()),
        _ => lang.to_play(&state.players()[state.current_player().unwrap_or(0)].name),
    }
}
