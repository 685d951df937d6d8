//! What every game screen shares: [`use_game`], the game being played with
//! the moves that save it and word their refusal, undo and redo; its dice
//! ([`UseGame::dice`]: the app's rolls, the roll-off) and its coach
//! ([`use_coach`]); and [`GameFrame`], whose turn it is, the notices, the
//! table, undo/redo and the link to the rules around the screen's own
//! content.

mod coach;
mod dice;
mod game;
mod table_bar;

pub use coach::{use_coach, FrameCoach};
pub use game::{use_game, UseGame};

use super::coach::CoachToggle;
use super::dice::{DiceChoice, DiceView};
use super::parts::{Notices, RollOffResult, StatusLine, UndoRedo};
use super::table::{use_table, TableRequest};
use super::{use_nav, use_prefs, Screen, UndoOrRedo};
use crate::core::game::GameKind;
use crate::core::table::{Colour, Player, RollOff};
use coach::CoachPanel;
use dioxus::prelude::*;
use table_bar::{TableBar, TableLine, TableWaits};

/// What the frame of a game screen shows of its game (see [`UseGame::frame`]).
#[derive(Clone, PartialEq)]
pub struct FrameState {
    pub kind: GameKind,
    pub refused: Option<String>,
    pub save_failed: bool,
    /// The roll-off that just decided who starts, and the players.
    pub rolled_off: Option<(RollOff, Vec<Player>)>,
    /// Dice per player in the roll-off (see [`crate::core::game::Facts::roll_off_dice`]).
    pub roll_off_dice: usize,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Undo (`true`) or redo (`false`).
    pub step: Callback<UndoOrRedo>,
    /// The table, when the game is played on several phones.
    pub table: Option<TableBar>,
    /// The game may be opened to other phones (played here, not over).
    pub can_host: bool,
    /// Whose dice the table plays with (see [`DiceChoice`]).
    pub dice: DiceView,
}

/// Whose turn it is, the notices, the screen's content, undo and redo,
/// `sheet` (the score sheet, below undo) and the link to the rules.
/// `on_step` runs after an undo or redo (to clear what the screen was
/// drafting).
#[component]
pub fn GameFrame(
    game: FrameState,
    /// The colour of the player the status line is about, if any.
    player: Option<Colour>,
    status: String,
    /// A key that changes with each turn: the status line is then brought
    /// into view (see [`StatusLine`]).
    #[props(default)]
    turn: Option<usize>,
    #[props(default)] on_step: Option<EventHandler<UndoOrRedo>>,
    #[props(default = VNode::empty())] sheet: Element,
    /// The coach, its panel built for the decision at hand (see
    /// [`coach::UseCoach::panel`]).
    #[props(default)]
    coach: Option<FrameCoach>,
    children: Element,
) -> Element {
    let (nav, table_handle) = (use_nav(), use_table());
    let lang = use_prefs().lang();
    let FrameState {
        kind,
        refused,
        save_failed,
        rolled_off,
        roll_off_dice,
        can_undo,
        can_redo,
        step,
        table,
        can_host,
        dice,
    } = game;
    let told = table.as_ref().and_then(|t| t.told.clone());
    let refused = refused.or(told);
    rsx! {
        div { class: "game game-{kind.name()}", "data-testid": "{kind.name()}-game",
            if let Some(table) = &table {
                TableLine { table: table.clone(), kind, lang }
            }
            StatusLine { player, text: status, turn }
            Notices { refused, save_failed, lang }
            if let Some((roll_off, players)) = rolled_off {
                RollOffResult { roll_off, players, lang, dice: roll_off_dice }
            }
            if let Some(table) = &table {
                TableWaits { table: table.clone(), lang }
            }
            // Shown, inert, while a move is on its way (`TableBar::inert`).
            div { class: "table-controls", inert: table.as_ref().is_some_and(TableBar::inert).then_some("true"), {children} }
            if let Some(FrameCoach { allowed: true, open, spot, consult, build }) = coach {
                CoachToggle { lang, open, on_open: move |()| consult.call(()),
                    CoachPanel { panel: build, lang, open, spot }
                }
            }
            UndoRedo {
                can_undo,
                can_redo,
                lang,
                on_step: move |undo_or_redo| {
                    step.call(undo_or_redo);
                    if let Some(then) = on_step {
                        then.call(undo_or_redo);
                    }
                },
            }
            DiceChoice { view: dice, lang }
            {sheet}
            if can_host {
                button {
                    class: "action",
                    "data-testid": "play-on-phones",
                    onclick: move |_| table_handle.open(kind, TableRequest::Host(kind), nav),
                    "{lang.table().open}"
                }
            }
            button { class: "action", "data-testid": "open-rules", onclick: nav.go_on_click(Screen::Rules(kind)), "{lang.game().rules}" }
        }
    }
}

/// The game screen with no game: the way to a new one.
#[component]
pub fn NoGame(kind: GameKind) -> Element {
    let nav = use_nav();
    let new_game = use_prefs().lang().game().new_game;
    rsx! {
        div { class: "info",
            p { "{new_game}" }
            button { class: "roll-main", onclick: nav.go_on_click(Screen::Setup(kind)), "{new_game}" }
        }
    }
}
