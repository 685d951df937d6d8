//! What the word game's table has done so far: the events of the last move
//! (words awarded, rejected, penalised, passes, the end of a round), and
//! each player's tokens with who is done for the round.

use crate::core::table::Player;
use crate::core::words::Event;
use crate::i18n::Lang;
use crate::ui::parts::colour_class;
use dioxus::prelude::*;

/// The events of the last move, one line each.
#[component]
pub fn WordEvents(events: Vec<Event>, players: Vec<Player>, lang: Lang) -> Element {
    rsx! {
        div { class: "events", "data-testid": "events", "aria-live": "polite",
            for (i, e) in events.iter().enumerate() {
                match e {
                    Event::Awarded { player, word, tokens, last_speaker } => rsx! {
                        p { key: "{i}", class: if *last_speaker { "event" } else { "event good" },
                            "✓ {lang.words_awarded(&players[*player].name, word, *tokens, *last_speaker)}"
                        }
                    },
                    Event::Rejected { player, word } => rsx! {
                        p { key: "{i}", class: "event bad", "✗ {lang.words_rejected(&players[*player].name, word)}" }
                    },
                    Event::Penalty { player, word, tokens } => rsx! {
                        p { key: "{i}", class: "event bad", "✗ {lang.words_penalty(&players[*player].name, word, *tokens)}" }
                    },
                    Event::Passed { player } => rsx! {
                        p { key: "{i}", class: "event", "– {lang.passes(&players[*player].name)}" }
                    },
                    Event::RoundOver => rsx! {
                        p { key: "{i}", class: "event", "■ {lang.words_round_over()}" }
                    },
                }
            }
        }
    }
}

/// Each player's tokens, those `done` with the round ticked.
#[component]
pub fn Scores(players: Vec<Player>, tokens: Vec<u32>, done: Vec<usize>, lang: Lang) -> Element {
    let w = lang.words();
    rsx! {
        section { class: "info",
            ul { class: "word-scores", "data-testid": "scores",
                for (i, p) in players.iter().enumerate() {
                    li { key: "{i}", class: if done.contains(&i) { "done" } else { "" },
                        span { class: "player-symbol {colour_class(p.colour)}", "aria-hidden": "true", "{p.colour.symbol()}" }
                        span { class: "rank-name", "{p.name}" }
                        if done.contains(&i) {
                            span { class: "caption", title: w.done_round, "aria-label": w.done_round, "✓" }
                        }
                        span { class: "rank-total", "data-testid": "tokens-{i}", "{tokens[i]}" }
                    }
                }
            }
        }
    }
}
