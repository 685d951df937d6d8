//! Roll to the Top's sheet on screen: a tower of numbered squares drawn
//! from the sheet's data, the squares that take the picked dice, the
//! coach's recommended squares and the number typed dice.

use crate::core::dice_kinds::DieKind;
use crate::core::rtt::Sheet;
use crate::i18n::Lang;
use dioxus::prelude::*;
use std::rc::Rc;

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

/// Number fields for dice typed in from real dice.
#[component]
pub fn TypedValues(
    kinds: Vec<DieKind>,
    values: Signal<Vec<String>>,
    caption: &'static str,
) -> Element {
    let mut values = values;
    if values.read().len() != kinds.len() {
        values.set(vec![String::new(); kinds.len()]);
    }
    rsx! {
        p { class: "caption", "{caption}" }
        div { class: "typed-values",
            for (i, k) in kinds.iter().enumerate() {
                label { key: "{i}", class: "typed-value",
                    span { "d{k.sides()}" }
                    input {
                        r#type: "number",
                        inputmode: "numeric",
                        min: "1",
                        max: "{k.sides()}",
                        "data-testid": "value-{i}",
                        value: values.read().get(i).cloned().unwrap_or_default(),
                        oninput: move |e| { if let Some(v) = values.write().get_mut(i) { *v = e.value(); } },
                    }
                }
            }
        }
    }
}

/// The start roll while it is news: each coloured die with its value,
/// in play or set aside (said in words, not by colour alone).
#[component]
pub fn StartRoll(dice: Vec<(DieKind, u32, bool)>, lang: Lang) -> Element {
    let t = lang.rtt();
    rsx! {
        div { class: "start-roll", "data-testid": "start-roll",
            p { class: "caption", "{t.start_roll}" }
            div { class: "start-dice",
                for (i, (kind, value, in_play)) in dice.iter().copied().enumerate() {
                    span {
                        key: "{i}",
                        class: if in_play { "start-die in" } else { "start-die out" },
                        "data-testid": "start-die-{i}",
                        span { class: "{super::die_class(kind)}", span { class: "rdie-label", "{value}" } }
                        span { class: "rdie-name", "d{kind.sides()}" }
                        span { class: "start-die-state", if in_play { "{t.in_play}" } else { "{t.set_aside}" } }
                    }
                }
            }
        }
    }
}
