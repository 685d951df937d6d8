//! A round of the word game on screen: its theme and dice, the initial
//! shown big, who speaks and the word with what it would score as it is
//! typed, and the table's verdict on it.

use super::draft::WordsDraft;
use crate::core::dice_kinds::DieColour;
use crate::core::table::Player;
use crate::core::told::NotPlayed;
use crate::core::words::{self, Action, Proposal, Round, THEME_CARDS};
use crate::i18n::Lang;
use crate::ui::parts::colour_class;
use crate::ui::roller::die_colour_class;
use dioxus::prelude::*;

/// The table's verdict on `prop`, the word just proposed (with what it
/// would bring from the `centre`'s tokens, or, from the last speaker, the
/// `silent` speakers' share).
#[component]
pub fn Judge(
    prop: Proposal,
    players: Vec<Player>,
    card: usize,
    centre: u32,
    silent: usize,
    lang: Lang,
    on_act: EventHandler<Action>,
) -> Element {
    let w = lang.words();
    rsx! {
        section { class: "info judge", "data-testid": "judge",
            p { class: "judge-prompt", "{lang.judge_prompt(&players[prop.player].name, &prop.word)}" }
            if let Some(t) = prop.theme {
                p { class: "caption", "{lang.labelled(w.theme, lang.theme_name(card, t))}" }
            }
            if prop.last_speaker {
                p { class: "event bad", "{lang.last_speaker(&players[prop.player].name, silent)}" }
            } else {
                p { class: "judge-points", "data-testid": "judge-points", "{lang.plus_tokens(prop.points.min(centre))}" }
            }
            div { class: "actions",
                button { class: "action primary", "data-testid": "accept", onclick: move |_| on_act.call(Action::Judge { accept: true }), "{w.accept}" }
                button { class: "action", "data-testid": "reject", onclick: move |_| on_act.call(Action::Judge { accept: false }), "{w.reject}" }
            }
        }
    }
}

/// The round's theme, or every theme of the card with open themes.
#[component]
pub fn ThemeBanner(card: usize, theme: Option<usize>, lang: Lang) -> Element {
    let w = lang.words();
    rsx! {
        p { class: "theme-banner", "data-testid": "theme",
            small { "{w.theme}" }
            strong {
                match theme {
                    Some(t) => format!("{} · {}", t + 1, lang.theme_name(card, t)),
                    None => w.any_theme.to_string(),
                }
            }
        }
    }
}

/// The initial shown big, and the five dice with the ones the word being
/// typed uses ticked (or, on the black face, the letters it must avoid).
#[component]
pub fn DiceShown(round: Round, word: String, lang: Lang) -> Element {
    let w = lang.words();
    let hits = words::matches(&word, &round.letters);
    let black = round.colour == DieColour::Black;
    rsx! {
        div { class: "initial-area",
            div {
                class: if black { "initial-tile black" } else { "initial-tile rdie-letter rdie-{die_colour_class(round.colour)}" },
                "data-testid": "initial",
                if let Some(l) = round.initial() { "{l}" } else { "∅" }
            }
            div { class: "initial-caption",
                if black {
                    strong { "{w.black_face}" }
                    small { "{w.black_rule}" }
                } else {
                    strong { "{w.initial}" }
                    small { "{lang.die_of(round.colour)}" }
                }
            }
        }
        div { class: "letter-dice", "data-testid": "letter-dice",
            for (k, (colour, l)) in DieColour::LETTER_DICE.iter().zip(round.letters.iter()).enumerate() {
                span {
                    key: "{k}",
                    class: if hits[k] { "ldie rdie-letter rdie-{die_colour_class(*colour)} hit" } else { "ldie rdie-letter rdie-{die_colour_class(*colour)}" },
                    "aria-label": "{lang.die_of(*colour)} {l}",
                    if !black && round.colour == *colour { span { class: "ldie-star", "aria-hidden": "true", "★" } }
                    span { class: "ldie-letter", "{l}" }
                    small { class: "ldie-name", "{lang.colour_name(*colour)}" }
                    if hits[k] { span { class: "ldie-hit", "aria-hidden": "true", if black { "✗" } else { "✓" } } }
                }
            }
        }
    }
}

/// The player the word is from: the one chosen, or the only one left.
fn who_speaks(chosen: Option<usize>, waiting: &[usize]) -> Option<usize> {
    chosen
        .filter(|p| waiting.contains(p))
        .or_else(|| (waiting.len() == 1).then(|| waiting[0]))
}

/// Who speaks, the word, (with open themes) its theme, and what it would
/// score, worked out as it is typed; the word proposed, or a pass.
#[component]
pub fn WordEntry(
    round: Round,
    waiting: Vec<usize>,
    players: Vec<Player>,
    card: usize,
    open_themes: bool,
    draft: WordsDraft,
    lang: Lang,
    /// Plays an action; true if it was played.
    on_act: Callback<Action, bool>,
    /// Says why nothing was played.
    on_refuse: EventHandler<NotPlayed<words::Error>>,
) -> Element {
    let w = lang.words();
    let (mut speaker, mut word, mut theme_pick) = (draft.speaker, draft.word, draft.theme);
    let (to_propose, to_pass) = (waiting.clone(), waiting.clone());
    let propose = move || {
        let Some(player) = who_speaks(speaker(), &to_propose) else {
            on_refuse.call(NotPlayed::NoSpeaker);
            return;
        };
        if on_act.call(Action::Propose {
            player,
            word: word(),
            theme: theme_pick(),
        }) {
            draft.proposed();
        }
    };
    let chosen = who_speaks(speaker(), &waiting);
    let text = word();
    let folded = words::letters(&text);
    let black = round.colour == DieColour::Black;
    let preview = if folded.is_empty() {
        None
    } else if let Some(initial) = round.initial().filter(|i| !folded.starts_with(*i)) {
        Some((
            false,
            lang.words_error(&words::Error::WrongInitial(initial)),
        ))
    } else if black {
        let found: Vec<String> = round
            .letters
            .iter()
            .zip(words::matches(&text, &round.letters))
            .filter(|(_, hit)| *hit)
            .map(|(l, _)| l.to_string())
            .collect();
        if found.is_empty() {
            Some((true, w.no_dice_letter.to_string()))
        } else {
            Some((false, lang.has_dice_letters(&found.join(", "))))
        }
    } else {
        Some((true, lang.n_tokens(words::score(&text, &round.letters))))
    };
    rsx! {
        section { class: "info word-entry",
            h2 { class: "section-title", "{w.who_speaks}" }
            div { class: "chips", role: "group", "aria-label": w.who_speaks,
                for p in waiting.iter().copied() {
                    button {
                        key: "{p}",
                        class: if chosen == Some(p) { "chip chip-on" } else { "chip" },
                        "aria-pressed": if chosen == Some(p) { "true" } else { "false" },
                        "data-testid": "speaker-{p}",
                        onclick: move |_| speaker.set(Some(p)),
                        span { class: "player-symbol {colour_class(players[p].colour)}", "aria-hidden": "true", "{players[p].colour.symbol()}" }
                        "{players[p].name}"
                    }
                }
            }
            if open_themes {
                div { class: "chips", role: "group", "aria-label": w.theme,
                    for t in 0..THEME_CARDS[card].len() {
                        button {
                            key: "{t}",
                            class: if theme_pick() == Some(t) { "chip chip-on" } else { "chip" },
                            "aria-pressed": if theme_pick() == Some(t) { "true" } else { "false" },
                            "data-testid": "pick-theme-{t + 1}",
                            disabled: round.closed[t],
                            onclick: move |_| theme_pick.set(Some(t)),
                            if round.closed[t] { "{lang.theme_name(card, t)} · {w.closed}" } else { "{lang.theme_name(card, t)}" }
                        }
                    }
                }
            }
            form {
                class: "word-form",
                onsubmit: move |e| { e.prevent_default(); propose() },
                input {
                    class: "name-input word-input",
                    "data-testid": "word-input",
                    r#type: "text",
                    autocomplete: "off",
                    autocapitalize: "words",
                    spellcheck: "false",
                    maxlength: "40",
                    placeholder: "{w.word}",
                    "aria-label": "{w.word}",
                    value: "{text}",
                    oninput: move |e| word.set(e.value()),
                }
                button { class: "action primary", r#type: "submit", "data-testid": "propose", "{w.propose}" }
            }
            if let Some((good, message)) = preview {
                p { class: if good { "word-preview good" } else { "word-preview bad" }, "data-testid": "word-preview", role: "status",
                    if good { "✓ " } else { "⚠ " }
                    "{message}"
                }
            }
            if let Some(p) = chosen {
                button { class: "action", "data-testid": "pass", onclick: move |_| {
                        if let Some(player) = who_speaks(speaker(), &to_pass) {
                            if on_act.call(Action::Pass { player }) {
                                speaker.set(None);
                            }
                        }
                    }, "{lang.passes(&players[p].name)}" }
            }
        }
    }
}
