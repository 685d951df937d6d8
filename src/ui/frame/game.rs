//! A game screen's hold on its game: the moves that play and save it (or,
//! at a table, propose it), undo and redo, and their refusal.

use super::dice::GameDice;
use super::table_bar::TableBar;
use super::FrameState;
use crate::core::game::decided_roll_off;
use crate::core::games::TableMove;
use crate::core::link::wire::TableRefusal;
use crate::core::told::NotPlayed;
use crate::i18n::Lang;
use crate::ui::table::{use_table, TableCommand, TableHandle, TableInfo};
use crate::ui::{
    use_default, use_nav, use_play, use_prefs, use_saves, Active, GameScreen, PlayMode, UndoOrRedo,
};
use dioxus::prelude::*;

/// A game screen's hold on its game (see [`use_game`]).
pub struct UseGame<G: GameScreen> {
    /// The table, when the game is played on several phones.
    pub table: TableHandle,
    pub active: Signal<Option<Active<G>>>,
    /// Why the last move was not played, until the next move.
    refused: Signal<Option<NotPlayed<G::Error>>>,
    pub lang: Lang,
}

impl<G: GameScreen> Clone for UseGame<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: GameScreen> Copy for UseGame<G> {}

/// The game of type `G` being played, for a screen of that game.
pub fn use_game<G: GameScreen>() -> UseGame<G> {
    let (play, table, lang) = (use_play(), use_table(), use_prefs().lang());
    let (saves, nav) = (use_saves(), use_nav());
    // The game chosen on Home, opened here with this game's rules.
    use_hook(move || saves.open_chosen::<G>(&play, nav));
    let mut active = G::active(&play);
    // A save that fails after the action returned (the web's IndexedDB)
    // is shown at once, not at the next action.
    let failed = use_callback(move |()| {
        if let Some(game) = active.write().as_mut() {
            game.save_failed = true;
        }
    });
    use_future(move || watch_saves(failed));
    UseGame {
        table,
        active,
        refused: use_default::<Option<NotPlayed<G::Error>>>(),
        lang,
    }
}

/// Calls `failed` at each save that fails after it returned (one code for
/// every game, not one per game).
async fn watch_saves(failed: Callback<()>) {
    loop {
        crate::saves::late_failure().await;
        failed.call(());
    }
}

impl<G: GameScreen> UseGame<G> {
    /// Plays `action` and saves the game; a refusal changes nothing and is
    /// shown. True if the move was played.
    pub fn act(mut self, action: G::Action) -> bool {
        if let Some(table) = self.table.of(G::KIND) {
            return self.propose(&table, action);
        }
        let outcome = match self.active.write().as_mut() {
            Some(game) => game.act(action),
            None => return false,
        };
        let played = outcome.is_ok();
        self.refused.set(outcome.err().map(NotPlayed::Session));
        played
    }

    /// A move at a table of several phones: checked here first (this
    /// phone's copy gives the same refusal as one phone would, at once),
    /// then sent to the link, which plays it once the host has ordered it.
    fn propose(mut self, table: &TableInfo, action: G::Action) -> bool {
        let checked = match self.active.read().as_ref() {
            Some(game) => {
                let actor = game.session.state().actor(&action);
                if !table.view.plays(actor) {
                    let seat = table.view.mine.first().copied();
                    Err(NotPlayed::Table(TableRefusal::NotYourSeat { seat, actor }))
                } else {
                    game.session.check(&action).map_err(NotPlayed::Session)
                }
            }
            None => return false,
        };
        match checked {
            Ok(()) => {
                self.refused.set(None);
                self.table
                    .send(TableCommand::Act(Box::new(TableMove::<G>(action))));
                true
            }
            Err(refusal) => {
                self.refused.set(Some(refusal));
                false
            }
        }
    }

    /// Undoes or redoes: at a table, asked of the link.
    pub fn step(mut self, step: UndoOrRedo) {
        if self.table.of(G::KIND).is_some() {
            self.table.send(match step {
                UndoOrRedo::Undo => TableCommand::Undo,
                UndoOrRedo::Redo => TableCommand::Redo,
            });
        } else if let Some(game) = self.active.write().as_mut() {
            game.step(step);
        }
        self.refused.set(None);
    }

    /// Shows a refusal that no move produced (a tap on nothing playable).
    pub fn refuse(mut self, why: NotPlayed<G::Error>) {
        self.refused.set(Some(why));
    }

    /// The game's dice: the app's rolls and the roll-off.
    pub fn dice(self) -> GameDice<G> {
        GameDice(self)
    }

    /// What the frame shows of the game: refusal, saving, undo and redo,
    /// the table, the dice.
    pub fn frame(self) -> FrameState {
        let read = self.active.read();
        let game = read.as_ref();
        let table = self.table.of(G::KIND);
        FrameState {
            kind: G::KIND,
            roll_off_dice: G::KIND.facts().roll_off_dice,
            refused: (self.refused.read().as_ref())
                .map(|why| self.lang.not_played(why, |e| G::refusal(self.lang, e))),
            save_failed: game.is_some_and(|g| g.save_failed),
            // Whoever rolled it: every phone of a table has the same log.
            rolled_off: game.and_then(|g| {
                let state = g.session.state();
                let roll_off = decided_roll_off(state, g.session.log())?;
                Some((roll_off, state.players().to_vec()))
            }),
            can_undo: game.is_some_and(|g| g.can_undo()),
            can_redo: game.is_some_and(|g| g.can_redo()),
            step: Callback::new(move |step| self.step(step)),
            table: (table.zip(game))
                .map(|(table, g)| TableBar::of(&table, g.session.state(), self.lang)),
            can_host: game.is_some_and(|g| g.mode == PlayMode::Alone && !g.session.is_finished()),
            dice: self.dice().view(),
        }
    }
}
