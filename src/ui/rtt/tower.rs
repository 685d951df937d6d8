//! Roll to the Top's sheets on screen: a tower of numbered squares drawn
//! from the sheet's data, the squares that take the picked dice and the
//! coach's recommended squares; a tab per player's tower.

use super::draft::RttDraft;
use crate::core::game::Game;
use crate::core::rtt::{Action, Error, Phase, Rtt, Sheet};
use crate::i18n::Lang;
use crate::ui::parts::symbol;
use crate::ui::{use_default, Active};
use dioxus::prelude::*;
use std::rc::Rc;

/// Who of this phone's players places and whose tower is shown (see
/// [`use_tower_view`]): the screen's view, apart from the move's draft.
#[derive(Clone, Copy, PartialEq)]
pub struct TowerView {
    /// The player of this phone chosen to place now.
    pub chooser: Signal<Option<usize>>,
    /// The tower whose tab was tapped.
    pub shown: Signal<Option<usize>>,
    /// The tower's box, brought into view when a die is picked.
    pub mounted: Signal<Option<Rc<MountedData>>>,
    /// On several phones, the last player this phone played: a phone whose
    /// seat was freed keeps that player's tower in view.
    pub last_own: CopyValue<Option<usize>>,
}

/// The view of the towers of `active`'s game. Each throw shows this
/// phone's placing player's tower again: a tower looked at during the last
/// round does not stay in front of them.
pub fn use_tower_view(active: Signal<Option<Active<Rtt>>>) -> TowerView {
    let view = TowerView {
        chooser: use_default(),
        shown: use_default(),
        mounted: use_default(),
        last_own: use_hook(|| CopyValue::new(None)),
    };
    let throws = use_memo(move || {
        active.read().as_ref().map_or(0, |a| {
            let log = a.session.log();
            log.iter()
                .filter(|x| matches!(x, Action::Roll { .. }))
                .count()
        })
    });
    let mut shown = view.shown;
    use_effect(move || {
        throws();
        shown.set(None);
    });
    view
}

impl TowerView {
    /// Who places now of this phone's players `waiting` to: the one
    /// chosen, or the first.
    pub fn placing(&self, waiting: &[usize]) -> Option<usize> {
        (self.chooser)()
            .filter(|c| waiting.contains(c))
            .or(waiting.first().copied())
    }

    /// The tower shown: the one tapped, else the placing player's, else
    /// this phone's `own` player's (on several phones; or the one it
    /// played last, its seat freed), of `players`.
    pub fn sheet_of(&self, placing: Option<usize>, own: Option<usize>, players: usize) -> usize {
        let mut last_own = self.last_own;
        if own.is_some() {
            last_own.set(own);
        }
        (self.shown)()
            .or(placing)
            .or(own)
            .or(last_own())
            .unwrap_or(0)
            .min(players - 1)
    }

    /// `player` places now, their own tower shown.
    pub fn choose(mut self, player: usize) {
        self.chooser.set(Some(player));
        self.shown.set(Some(player));
    }
}

/// A square the coach recommends, with what goes there.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub square: usize,
    pub value: u32,
    /// The dice it is made of, named ("d4 + d8").
    pub dice: String,
}

/// A square as drawn: its class, label, place, number and the coach's.
struct SquareView {
    id: usize,
    class: String,
    label: String,
    style: String,
    value: Option<u32>,
    advice: Option<u32>,
}

/// Half a square's width, in px (a square is 2 wide: 48 px and a gap).
const UNIT: usize = 26;

/// A tower of squares drawn from the sheet's data. Each square shows its
/// number (the coach names squares by it) in its corner; `accept` are the
/// squares that take the picked dice, `coach` the coach's recommended
/// ones (★ and the number it would write), `highlight` the ones just
/// filled. `mounted` receives the tower's box, to bring it into view.
#[component]
pub fn Tower(
    sheet: Sheet,
    board: Vec<Option<u32>>,
    highlight: Vec<usize>,
    accept: Vec<usize>,
    #[props(default)] coach: Vec<Mark>,
    lang: Lang,
    on_square: EventHandler<usize>,
    #[props(default)] mounted: Option<Signal<Option<Rc<MountedData>>>>,
) -> Element {
    let t = lang.rtt();
    let width = sheet.width() * UNIT;
    let height = sheet.rows() * UNIT * 2;
    let squares: Vec<SquareView> = sheet
        .squares
        .iter()
        .map(|s| {
            let mark = coach
                .iter()
                .find(|m| m.square == s.id && board[s.id].is_none());
            let look = if accept.contains(&s.id) {
                "tsq accept"
            } else if highlight.contains(&s.id) {
                "tsq new"
            } else if board[s.id].is_some() {
                "tsq filled"
            } else {
                "tsq"
            };
            let base = if s.base { " base" } else { "" };
            let marked = if mark.is_some() { " coach-mark" } else { "" };
            let value = board[s.id].map_or_else(|| t.empty.to_string(), |v| v.to_string());
            let ground = if s.base {
                format!(", {}", t.on_ground)
            } else {
                String::new()
            };
            let advice = mark
                .map(|m| {
                    format!(
                        ", ★ {}",
                        lang.labelled(t.coach_mark, format!("{} ({})", m.value, m.dice))
                    )
                })
                .unwrap_or_default();
            let name = format!("{} {}", t.square, s.id + 1);
            let label = format!("{}{ground}{advice}", lang.labelled(&name, value));
            let style = format!(
                "left: {}px; bottom: {}px; width: {w}px; height: {w}px;",
                s.x * UNIT,
                s.row * UNIT * 2,
                w = UNIT * 2 - 4
            );
            SquareView {
                id: s.id,
                class: format!("{look}{base}{marked}"),
                label,
                style,
                value: board[s.id],
                advice: mark.map(|m| m.value),
            }
        })
        .collect();
    rsx! {
        div {
            class: "tower-wrap",
            onmounted: move |e| {
                if let Some(mut m) = mounted {
                    m.set(Some(e.data()));
                }
            },
            div { class: "tower", "data-testid": "tower", style: "width: {width}px; height: {height}px;",
                for SquareView { id, class, label, style, value, advice } in squares {
                    button {
                        key: "{id}",
                        class,
                        "data-testid": "tsq-{id}",
                        "aria-label": label,
                        // The number and the coach's star are drawn by the
                        // stylesheet (::before, ::after): the only text is the
                        // value, which the label says as well.
                        "data-n": "{id + 1}",
                        style,
                        onclick: move |_| on_square.call(id),
                        if let Some(v) = value {
                            span { class: "tsq-v", "{v}" }
                        } else if let Some(v) = advice {
                            span { class: "tsq-v tsq-advice", "{v}" }
                        }
                    }
                }
            }
        }
    }
}

/// A tab per player's tower (with the squares each has open), and the
/// tower of `sheet_of`: the placing player's draft drawn in, the squares
/// that take the picked dice lit, the `coach`'s marks, and under it why a
/// square tapped does not take them.
#[component]
pub fn Towers(
    state: Rtt,
    draft: RttDraft,
    placing: Option<usize>,
    sheet_of: usize,
    view: TowerView,
    coach: Vec<Mark>,
    lang: Lang,
) -> Element {
    let mut shown = view.shown;
    let mut square_refused = draft.square_refused;
    let players = state.players();
    let result: Vec<u32> = match state.phase() {
        Phase::Place { result, .. } => result.clone(),
        _ => Vec::new(),
    };
    let placements = draft.placements.read().clone();
    let placing_here = Some(sheet_of) == placing;
    let mut board: Vec<Option<u32>> = state.filled(sheet_of).to_vec();
    if placing_here {
        for p in placements.iter() {
            board[p.square] = Some(p.dice.iter().map(|&d| result[d]).sum());
        }
    }
    let picked_sum = draft.picked_sum(&result);
    // The squares that take the picked dice now, as the game lists them.
    let picked = draft.picked_dice();
    let accepting: Vec<usize> = match placing {
        Some(p) if placing_here && !picked.is_empty() => state
            .next_placements(p, &placements)
            .into_iter()
            .filter(|pl| pl.dice == picked)
            .map(|pl| pl.square)
            .collect(),
        _ => Vec::new(),
    };
    let highlight: Vec<usize> = state
        .last_filled(sheet_of)
        .iter()
        .copied()
        .chain(placements.iter().map(|p| p.square))
        .collect();
    rsx! {
        if players.len() > 1 {
            div { class: "chips", role: "tablist",
                for (p, player) in players.iter().enumerate() {
                    button {
                        key: "{p}",
                        class: if p == sheet_of { "chip chip-on" } else { "chip" },
                        role: "tab",
                        "aria-selected": if p == sheet_of { "true" } else { "false" },
                        "data-testid": "tower-tab-{p}",
                        onclick: move |_| shown.set(Some(p)),
                        "{symbol(player)} {player.name} · {state.open_squares(p)}"
                    }
                }
            }
        }
        Tower {
            sheet: state.sheet().clone(),
            board,
            highlight,
            accept: accepting.clone(),
            coach,
            lang,
            mounted: view.mounted,
            on_square: move |square: usize| {
                if draft.picked.read().is_empty() || !placing_here { return; }
                if accepting.contains(&square) {
                    draft.place(square);
                } else {
                    square_refused.set(Some(Error::SquareRefuses { square, value: picked_sum }));
                }
            },
        }
        if let Some(message) = square_refused().map(|e| lang.rtt_error(&e)) {
            p {
                class: "entry-error",
                role: "alert",
                "data-testid": "square-error",
                onmounted: move |e| {
                    // Under the square just tapped: kept in view.
                    let node = e.data();
                    spawn(async move { let _ = node.scroll_to_with_options(super::nearest()).await; });
                },
                "⚠ {message}"
            }
        }
    }
}
