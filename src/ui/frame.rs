//! What every game screen shares: [`use_game`], the game being played with
//! the moves that save it and word their refusal, the app's dice, undo and
//! redo; and [`GameFrame`], whose turn it is, the notices, undo/redo and the
//! link to the rules around the screen's own content.

use super::parts::{Notices, StatusLine, UndoRedo};
use super::{use_default, use_ui, Active, Screen, Ui};
use crate::core::game::{Game, Move, Roll};
use crate::core::save::GameKind;
use crate::core::table::Colour;
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;

/// A game as its screens see it.
pub trait GameScreen: Game {
    /// The game of this kind being played (or viewed from the history).
    fn active(ui: &Ui) -> Signal<Option<Active<Self>>>;

    /// Why a move was refused, in the player's language.
    fn refusal(lang: Lang, error: &Self::Error) -> String;
}

/// A game screen's hold on its game (see [`use_game`]).
pub struct UseGame<G: GameScreen> {
    pub active: Signal<Option<Active<G>>>,
    /// The last refusal, worded, until the next move.
    pub refused: Signal<Option<String>>,
    pub lang: Lang,
}

impl<G: GameScreen> Clone for UseGame<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: GameScreen> Copy for UseGame<G> {}

impl<G: GameScreen> UseGame<G> {
    /// Plays `action` and saves the game; a refusal changes nothing and is
    /// shown. True if the move was played.
    pub fn act(mut self, action: G::Action) -> bool {
        let outcome = match self.active.write().as_mut() {
            Some(game) => game.act(action),
            None => return false,
        };
        let lang = self.lang;
        let refusal = outcome
            .as_ref()
            .err()
            .map(|e| lang.refusal(e, |e| G::refusal(lang, e)));
        self.refused.set(refusal);
        outcome.is_ok()
    }

    /// Throws `roll` with the app's dice (the dice kept from an undone roll
    /// come back first) and plays it.
    pub fn throw(self, roll: &Roll) -> bool {
        let action = self
            .active
            .read()
            .as_ref()
            .and_then(|game| game.session.throw(roll, platform::random_face));
        action.is_some_and(|action| self.act(action))
    }

    /// Throws the one roll the game waits for, if it waits for one.
    pub fn throw_next(self) -> bool {
        let roll = self.active.read().as_ref().and_then(|game| {
            game.session
                .state()
                .legal_moves()
                .iter()
                .find_map(|m| m.as_roll().cloned())
        });
        roll.is_some_and(|roll| self.throw(&roll))
    }

    /// Undo (`true`) or redo (`false`).
    pub fn step(mut self, undo: bool) {
        if let Some(game) = self.active.write().as_mut() {
            game.step(undo);
        }
        self.refused.set(None);
    }

    /// Shows a refusal that no move produced (a tap on nothing playable).
    pub fn refuse(mut self, message: String) {
        self.refused.set(Some(message));
    }

    /// The rolls the game waits for now.
    pub fn rolls(&self) -> Vec<Roll> {
        self.active
            .read()
            .as_ref()
            .map(|game| {
                let moves = game.session.state().legal_moves();
                moves
                    .into_iter()
                    .filter_map(|m| match m {
                        Move::Roll(roll) => Some(roll),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// The game of type `G` being played, for a screen of that game.
pub fn use_game<G: GameScreen>() -> UseGame<G> {
    let ui = use_ui();
    UseGame {
        active: G::active(&ui),
        refused: use_default::<Option<String>>(),
        lang: ui.lang(),
    }
}

/// Whose turn it is, the notices, the screen's content, undo and redo,
/// `sheet` (the score sheet, below undo) and the link to the rules.
#[component]
pub fn GameFrame(
    kind: GameKind,
    /// The colour of the player the status line is about, if any.
    player: Option<Colour>,
    status: String,
    refused: Option<String>,
    save_failed: bool,
    can_undo: bool,
    can_redo: bool,
    on_step: EventHandler<bool>,
    #[props(default = VNode::empty())] sheet: Element,
    children: Element,
) -> Element {
    let ui = use_ui();
    let lang = ui.lang();
    rsx! {
        div { class: "game game-{kind.name()}", "data-testid": "{kind.name()}-game",
            StatusLine { player, text: status }
            Notices { refused, save_failed, lang }
            {children}
            UndoRedo { can_undo, can_redo, lang, on_step }
            {sheet}
            button { class: "action", "data-testid": "open-rules", onclick: ui.go_to(Screen::Rules(kind)), "{lang.game().rules}" }
        }
    }
}

/// The game screen with no game: the way to a new one.
#[component]
pub fn NoGame(kind: GameKind) -> Element {
    let ui = use_ui();
    let new_game = ui.lang().game().new_game;
    rsx! {
        div { class: "info",
            p { "{new_game}" }
            button { class: "roll-main", onclick: ui.go_to(Screen::Setup(kind)), "{new_game}" }
        }
    }
}
