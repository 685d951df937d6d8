//! The players tab of the history: every name played under, renamed or
//! merged with another across every game, and the renames undone.

use crate::core::history::{self, Aliases, Outcome};
use crate::i18n::Lang;
use crate::records;
use dioxus::prelude::*;

/// Renaming and merging players across every game.
#[component]
pub fn PlayersTab(outcomes: Vec<Outcome>, aliases: Signal<Aliases>, lang: Lang) -> Element {
    let h = lang.history();
    let mut aliases = aliases;
    let mut editing = use_signal(|| None::<String>);
    let mut draft = use_signal(String::new);
    let mut error = use_signal(|| None::<String>);
    let current = aliases();
    // Current names with how many games each played.
    let mut names: Vec<(String, usize)> = Vec::new();
    for o in &outcomes {
        for raw in &o.players {
            let name = current.resolve(raw);
            match names
                .iter_mut()
                .find(|(n, _)| n.eq_ignore_ascii_case(&name))
            {
                Some((_, c)) => *c += 1,
                None => names.push((name, 1)),
            }
        }
    }
    let ranked = history::order(names.len(), &|a, b| {
        names[b]
            .1
            .cmp(&names[a].1)
            .then_with(|| names[a].0.cmp(&names[b].0))
    });
    let names: Vec<(String, usize)> = ranked.into_iter().map(|i| names[i].clone()).collect();
    let renames: Vec<(String, String)> = current
        .pairs()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let mut commit = move |from: String, to: String| {
        let mut next = aliases();
        next.rename(&from, &to);
        match records::save_aliases(&next) {
            Ok(()) => {
                aliases.set(next);
                editing.set(None);
                error.set(None);
            }
            Err(e) => error.set(Some(format!("⚠ {e}"))),
        }
    };
    rsx! {
        section { class: "info", "data-testid": "players",
            p { class: "caption", "{h.players_hint}" }
            if let Some(e) = error() {
                p { class: "entry-error", role: "alert", "{e}" }
            }
            if names.is_empty() {
                p { "{h.empty}" }
            }
            ul { class: "player-list",
                for (name, count) in names.iter().cloned() {
                    li { key: "{name}",
                        if editing() == Some(name.clone()) {
                            {
                                let target = draft().trim().to_string();
                                let merge = names.iter().find(|(n, _)| !n.eq_ignore_ascii_case(&name) && n.eq_ignore_ascii_case(&target)).map(|(n, _)| n.clone());
                                let from = name.clone();
                                rsx! {
                                    form { class: "word-form",
                                        onsubmit: {
                                            let merge = merge.clone();
                                            move |e: FormEvent| {
                                                e.prevent_default();
                                                // Merging keeps the other player's spelling.
                                                let to = merge.clone().unwrap_or_else(|| draft().trim().to_string());
                                                if !to.is_empty() { commit(from.clone(), to) }
                                            }
                                        },
                                        input { class: "name-input", r#type: "text", maxlength: "24", "data-testid": "rename-input", "aria-label": "{h.rename} {name}", value: "{draft}", oninput: move |e| draft.set(e.value()) }
                                        button { class: "action primary", r#type: "submit", "data-testid": "rename-ok",
                                            if let Some(m) = merge.as_ref() { "{lang.merge_with(m)}" } else { "{h.rename_ok}" }
                                        }
                                    }
                                    button { class: "chip", onclick: move |_| editing.set(None), "{h.cancel}" }
                                }
                            }
                        } else {
                            span { class: "rank-name", "{name}" }
                            span { class: "caption", "{lang.n_games(count)}" }
                            button {
                                class: "chip",
                                "data-testid": "rename-{name}",
                                onclick: {
                                    let name = name.clone();
                                    move |_| { draft.set(name.clone()); editing.set(Some(name.clone())); }
                                },
                                "{h.rename}"
                            }
                        }
                    }
                }
            }
            if !renames.is_empty() {
                h2 { class: "section-title", "{h.renames}" }
                ul { class: "player-list", "data-testid": "renames",
                    for (from, to) in renames {
                        li { key: "{from}",
                            span { class: "rank-name", "{lang.renamed(&from, &to)}" }
                            button {
                                class: "chip",
                                onclick: move |_| {
                                    let mut next = aliases();
                                    next.forget(&from);
                                    if records::save_aliases(&next).is_ok() { aliases.set(next); }
                                },
                                "{h.undo_rename}"
                            }
                        }
                    }
                }
            }
        }
    }
}
