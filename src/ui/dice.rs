//! Whose dice the table plays with (see `core::game::WhoseDice`): the
//! choice at setup, remembered per game, and the one control every game
//! screen shows (through `GameFrame`) to change it during the game, with
//! the changes the game's record holds.

use super::use_prefs;
use crate::core::game::{GameKind, WhoseDice};
use crate::i18n::Lang;
use dioxus::prelude::*;

const BOTH: [WhoseDice; 2] = [WhoseDice::Table, WhoseDice::App];

fn testid(dice: WhoseDice) -> &'static str {
    match dice {
        WhoseDice::Table => "table",
        WhoseDice::App => "app",
    }
}

/// The setup's question: the table's real dice or the app's, defaulting
/// to the last choice made for this game (kept in the settings at once).
#[component]
pub fn DiceSetup(game: GameKind) -> Element {
    let prefs = use_prefs();
    let lang = prefs.lang();
    let t = lang.dice();
    let chosen = prefs.settings.read().dice(game);
    rsx! {
        fieldset { class: "choice-group", "data-testid": "dice-setup",
            legend { "{t.question}" }
            for dice in BOTH {
                label { key: "{testid(dice)}", class: "choice",
                    input {
                        r#type: "radio",
                        name: "dice",
                        "data-testid": "setup-dice-{testid(dice)}",
                        checked: chosen == dice,
                        onchange: move |_| { let mut prefs = prefs; prefs.update(|s| s.choose_dice(game, dice)) },
                    }
                    span { class: "choice-text",
                        strong { "{lang.whose_dice(dice)}" }
                        small { if dice == WhoseDice::Table { "{t.table_hint}" } else { "{t.app_hint}" } }
                    }
                }
            }
        }
    }
}

/// What a game screen shows of its dice (see `UseGame::frame`).
#[derive(Clone, PartialEq)]
pub struct DiceView {
    /// Whose dice the table plays with now.
    pub now: WhoseDice,
    /// What the game started with, and each change: how many rolls came
    /// before it, and the dice it changed to.
    pub started: WhoseDice,
    pub changes: Vec<(usize, WhoseDice)>,
    /// The game may be changed here (played, not viewed or over; at a
    /// table, on the host's phone or the player to move's).
    pub can_change: bool,
    /// At a table: a change is confirmed first (it changes every phone's
    /// dice), and each change says who made it (`switchers`, in the order of
    /// `changes`).
    pub on_table: bool,
    pub switchers: Vec<String>,
    /// Plays the change, an action of the game's log.
    pub change: Callback<WhoseDice>,
}

/// The game screen's control: "Dice: [Real dice] [App's dice]", the one
/// pressed being the table's choice now; a tap on the other changes it.
/// Below, once the dice changed during the game, the record of changes.
#[component]
pub fn DiceChoice(view: DiceView, lang: Lang) -> Element {
    let t = lang.dice();
    let DiceView {
        now,
        started,
        changes,
        can_change,
        on_table,
        switchers,
        change,
    } = view;
    // At a table, the dice tapped wait for a confirmation.
    let mut asked = use_signal(|| None::<WhoseDice>);
    let line = move |i: usize, rolls: usize, dice: WhoseDice| {
        let line = lang.dice_change(dice, Some(rolls));
        match switchers.get(i) {
            Some(who) => lang.dice_by(&line, who),
            None => line,
        }
    };
    rsx! {
        div { class: "dice-choice", "data-testid": "dice-choice",
            if let Some(dice) = asked().filter(|d| can_change && *d != now) {
                div { class: "dice-confirm", role: "alertdialog", "aria-labelledby": "dice-confirm-q", "data-testid": "dice-confirm",
                    p { id: "dice-confirm-q", if dice == WhoseDice::App { "{t.confirm_app}" } else { "{t.confirm_table}" } }
                    div { class: "actions",
                        button { class: "action confirm", "data-testid": "dice-confirm-yes",
                            onclick: move |_| { asked.set(None); change.call(dice) },
                            "{t.confirm}"
                        }
                        button { class: "action", "data-testid": "dice-confirm-no", onclick: move |_| asked.set(None), "{t.cancel}" }
                    }
                }
            } else if can_change {
                div { class: "dice-switch", role: "group", "aria-label": "{t.label}",
                    span { class: "dice-switch-label", "{lang.colon(t.label)}" }
                    for dice in BOTH {
                        button {
                            key: "{testid(dice)}",
                            class: if dice == now { "chip chip-on" } else { "chip" },
                            "aria-pressed": if dice == now { "true" } else { "false" },
                            "data-testid": "dice-{testid(dice)}",
                            onclick: move |_| {
                                if dice == now {
                                } else if on_table {
                                    asked.set(Some(dice));
                                } else {
                                    change.call(dice);
                                }
                            },
                            if dice == WhoseDice::Table { "{t.table_short}" } else { "{t.app_short}" }
                        }
                    }
                }
            } else {
                p { class: "caption", "data-testid": "dice-now", "{lang.dice_now(now)}" }
            }
            if !changes.is_empty() {
                div { class: "dice-changes", "data-testid": "dice-changes",
                    p { class: "caption", strong { "{t.changes}" } }
                    ol {
                        li { "{lang.dice_change(started, None)}" }
                        for (i, (rolls, dice)) in changes.iter().enumerate() {
                            li { key: "{i}", "data-testid": "dice-change-{i}", "{line(i, *rolls, *dice)}" }
                        }
                    }
                }
            }
        }
    }
}
