//! A game screen's dice: the app's rolls (the dice kept from an undone
//! roll come back first), the roll-off for the first player, and whose
//! dice the table plays with.

use super::UseGame;
use crate::core::game::{Move, Roll, RollSource, WhoseDice};
use crate::core::link::view::DiceSwitcher;
use crate::core::table::{Player, RollOff};
use crate::platform;
use crate::ui::dice::DiceView;
use crate::ui::parts::RollOffPanel;
use crate::ui::GameScreen;
use dioxus::prelude::*;

/// The dice of a game screen's game (see [`UseGame::dice`]).
pub struct GameDice<G: GameScreen>(pub(super) UseGame<G>);

impl<G: GameScreen> Clone for GameDice<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: GameScreen> Copy for GameDice<G> {}

impl<G: GameScreen> GameDice<G> {
    /// Throws `roll` with the app's dice (the dice kept from an undone roll
    /// come back first) and plays it.
    pub fn throw(self, roll: &Roll) -> bool {
        let game = self.0;
        let action = (game.active.read().as_ref())
            .and_then(|active| active.session.throw(roll, platform::random_face));
        action.is_some_and(|action| game.act(action))
    }

    /// Throws the one roll the game waits for, if it waits for one.
    pub fn throw_next(self) -> bool {
        let roll = self.rolls().into_iter().next();
        roll.is_some_and(|roll| self.throw(&roll))
    }

    /// The rolls the game waits for now.
    pub fn rolls(&self) -> Vec<Roll> {
        let read = self.0.active.read();
        let moves = read.as_ref().map(|g| g.session.state().legal_moves());
        (moves.into_iter().flatten())
            .filter_map(|m| match m {
                Move::Roll(roll) => Some(roll),
                _ => None,
            })
            .collect()
    }

    /// Whether the app rolls now (its dice, or an undone roll's to give
    /// back): the screens show their roll buttons only then.
    pub fn app_rolls(&self) -> bool {
        let read = self.0.active.read();
        read.as_ref().is_none_or(|game| game.session.app_rolls())
    }

    /// The caption above the keypad of real dice: "Or enter…" under the
    /// app's roll buttons, "Enter…" alone.
    pub fn enter_dice(&self) -> &'static str {
        if self.app_rolls() {
            self.0.lang.game().enter_dice
        } else {
            self.0.lang.dice().enter
        }
    }

    /// The roll-off for the first player, rolled by the app for everyone
    /// still in it.
    pub fn roll_off(self, roll_off: &RollOff, players: &[Player]) -> Element {
        let range = (self.rolls().first())
            .map(|roll| roll.range(0))
            .unwrap_or(1..=6);
        rsx! {
            RollOffPanel {
                roll_off: roll_off.clone(),
                players: players.to_vec(),
                lang: self.0.lang,
                faces: range.collect::<Vec<u32>>(),
                dice: G::KIND.facts().roll_off_dice,
                app_rolls: self.app_rolls(),
                on_roll: move |_| self.roll_off_round(None),
                on_typed: move |values| self.roll_off_round(Some(values)),
            }
        }
    }

    /// Plays a round of the roll-off (the app's dice if `typed` is `None`).
    fn roll_off_round(self, typed: Option<Vec<u32>>) {
        let Some(roll) = self.rolls().into_iter().next() else {
            return;
        };
        let Some(values) = typed else {
            self.throw(&roll);
            return;
        };
        let action = (self.0.active.read().as_ref()).and_then(|game| {
            game.session
                .state()
                .rolled(&roll, &values, RollSource::Typed)
        });
        if let Some(action) = action {
            self.0.act(action);
        }
    }

    /// Whose dice the table plays with, its changes, and the way to change it.
    pub(super) fn view(self) -> DiceView {
        let game = self.0;
        let read = game.active.read();
        let active = read.as_ref();
        let table = game.table.of(G::KIND);
        let t = game.lang.dice();
        let players = (active.map(|g| g.session.state().players())).unwrap_or_default();
        let switchers = table.as_ref().map_or_else(Vec::new, |table| {
            let name = |maker: &DiceSwitcher| match maker {
                DiceSwitcher::Player(p) => players.get(*p).map_or(t.by_phone, |p| p.name.as_str()),
                DiceSwitcher::Host => t.by_host,
                DiceSwitcher::Phone => t.by_phone,
            };
            (table.view.dice_switchers.iter())
                .map(|m| name(m).to_string())
                .collect()
        });
        DiceView {
            now: active.map_or(WhoseDice::App, |g| g.session.dice()),
            started: active.map_or(WhoseDice::App, |g| g.session.record().dice),
            changes: active.map(|g| g.session.dice_changes()).unwrap_or_default(),
            can_change: active.is_some_and(|g| !g.is_viewed() && !g.session.is_finished())
                && table.as_ref().is_none_or(|t| t.view.may_switch_dice),
            on_table: table.is_some(),
            switchers,
            change: Callback::new(move |dice| {
                if let Some(action) = G::dice_action(dice) {
                    game.act(action);
                }
            }),
        }
    }
}
