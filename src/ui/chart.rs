//! The statistics' chart: scores game after game, one line per player.

use crate::core::history::{self, Points};
use crate::i18n::Lang;
use dioxus::prelude::*;

/// Line styles that tell players apart without colour.
const DASHES: [&str; 6] = ["", "6 4", "2 3", "10 3 2 3", "1 5", "8 8"];
const STROKES: [&str; 6] = [
    "#2f6fb7", "#c0392b", "#2e8b57", "#b8860b", "#7b3fa0", "#1b1c1f",
];

/// Scores game after game, one line per player (colour, dash and marker
/// differ), with the lowest and highest scores written on the axis.
#[component]
pub fn ScoreChart(series: Vec<(String, Vec<(u64, Points)>)>, lang: Lang) -> Element {
    let all: Vec<u64> = series
        .iter()
        .flat_map(|(_, s)| s.iter().map(|(t, _)| *t))
        .collect();
    let by_time = history::order(all.len(), &|a, b| all[a].cmp(&all[b]));
    let mut times: Vec<u64> = by_time.into_iter().map(|i| all[i]).collect();
    times.dedup();
    let values = series.iter().flat_map(|(_, s)| s.iter().map(|(_, p)| p.0));
    let (lo, hi) = values.fold((i64::MAX, i64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if times.is_empty() {
        return rsx! {};
    }
    let (lo, hi) = if lo == hi { (lo - 2, hi + 2) } else { (lo, hi) };
    // Room on the left for the scores and the vertical axis's name, below
    // for the horizontal axis's name.
    let (w, h, left, top, bottom) = (320i64, 176i64, 50i64, 10i64, 26i64);
    let x = |t: u64| -> i64 {
        let i = times.iter().position(|u| *u == t).unwrap_or(0) as i64;
        let n = (times.len() as i64 - 1).max(1);
        left + i * (w - left - 10) / n
    };
    let y = |v: i64| -> i64 { top + (hi - v) * (h - top - bottom) / (hi - lo) };
    let texts = lang.history();
    rsx! {
        svg { class: "chart", view_box: "0 0 {w} {h}", role: "img", "aria-label": "{lang.history().chart}", "data-testid": "chart",
            line { x1: "{left}", y1: "{top}", x2: "{left}", y2: "{h - bottom}", stroke: "currentColor", stroke_width: "1" }
            line { x1: "{left}", y1: "{h - bottom}", x2: "{w - 6}", y2: "{h - bottom}", stroke: "currentColor", stroke_width: "1" }
            text { x: "{left - 4}", y: "{top + 4}", text_anchor: "end", font_size: "10", fill: "currentColor", "{lang.score(Points(hi))}" }
            text { x: "{left - 4}", y: "{h - bottom}", text_anchor: "end", font_size: "10", fill: "currentColor", "{lang.score(Points(lo))}" }
            text { class: "axis-name", x: "10", y: "{(top + h - bottom) / 2}", text_anchor: "middle", font_size: "10", fill: "currentColor",
                transform: "rotate(-90 10 {(top + h - bottom) / 2})", "{texts.chart_y}" }
            text { class: "axis-name", x: "{(left + w) / 2}", y: "{h - 8}", text_anchor: "middle", font_size: "10", fill: "currentColor", "{texts.chart_x} →" }
            if lo < 0 && hi > 0 {
                line { x1: "{left}", y1: "{y(0)}", x2: "{w - 6}", y2: "{y(0)}", stroke: "currentColor", stroke_width: "0.5", stroke_dasharray: "2 2" }
            }
            for (i, (name, points)) in series.iter().enumerate() {
                g { key: "{name}",
                    polyline {
                        fill: "none",
                        stroke: STROKES[i % 6],
                        stroke_width: "2.5",
                        stroke_dasharray: DASHES[i % 6],
                        points: points.iter().map(|(t, p)| format!("{},{}", x(*t), y(p.0))).collect::<Vec<_>>().join(" "),
                    }
                    for (j, (t, p)) in points.iter().enumerate() {
                        circle { key: "{j}", cx: "{x(*t)}", cy: "{y(p.0)}", r: "3.5", fill: STROKES[i % 6] }
                    }
                }
            }
        }
        ul { class: "chart-legend",
            for (i, (name, _)) in series.iter().enumerate() {
                li { key: "{name}",
                    svg { view_box: "0 0 36 10", width: "36", height: "10", "aria-hidden": "true",
                        line { x1: "0", y1: "5", x2: "36", y2: "5", stroke: STROKES[i % 6], stroke_width: "3", stroke_dasharray: DASHES[i % 6] }
                    }
                    "{name}"
                }
            }
        }
    }
}
