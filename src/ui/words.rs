//! The letter-dice word game at the table: the theme and the dice (rolled
//! here or entered from the real ones), the initial shown big, words entered
//! in the order they are said with their score worked out as they are typed,
//! the table's verdict, tokens, and an optional round timer.

use super::coach::Panel;
use super::parts::{Ranking, RulesPage};
use super::roller::die_colour_class;
use super::{use_game, use_ui, GameFrame, NoGame, Screen};
use crate::core::dice_kinds::{DieColour, LETTER_FACES};
use crate::core::game::{GameKind, RollSource, Rules};
use crate::core::words::{self, Action, Event, Phase, Round, Words, COLOUR_FACES, THEME_CARDS};
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;

mod setup;
mod timer;
use timer::{RoundClock, RoundTimer};

#[component(lazy)]
pub fn WordsGameScreen() -> Element {
    let game = use_game::<Words>();
    let (ui, lang) = (game.ui, game.lang);
    let g = lang.game();
    let w = lang.words();
    let mut typed_letters = use_signal(|| [None::<usize>; 5]);
    let mut typed_colour = use_signal(|| None::<usize>);
    let mut speaker = use_signal(|| None::<usize>);
    let mut word = use_signal(String::new);
    let mut theme_pick = use_signal(|| None::<usize>);
    // The round timer's clock (the screen's, not part of the game).
    let mut clock = use_signal(|| None::<RoundClock>);

    let Some(active) = game.active.read().clone() else {
        return rsx! { NoGame { kind: GameKind::Words } };
    };
    let state = active.session.state().clone();
    let players = state.players().to_vec();
    let setup = state.setup().clone();
    let card = setup.card;
    let limited = setup.variants.limited;

    let act = move |action: Action| -> bool { game.act(action) };
    // Once the letter and colour dice are on the table: a new round of words.
    let mut dice_rolled = move || {
        typed_letters.set([None; 5]);
        typed_colour.set(None);
        speaker.set(None);
        word.set(String::new());
        theme_pick.set(None);
        let round = game
            .active
            .peek()
            .as_ref()
            .map_or(0, |g| g.session.state().rounds());
        clock.set(Some(RoundClock::start(round, platform::now_ms())));
    };

    let status = match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::RollTheme | Phase::RollDice { .. } => {
            lang.words_roller(state.rounds(), &players[state.roller()].name)
        }
        Phase::Propose(_) => lang.words_playing(state.rounds()),
        Phase::Finished => g.game_over.to_string(),
    };
    let status_colour = match state.phase() {
        Phase::RollTheme | Phase::RollDice { .. } => Some(players[state.roller()].colour),
        _ => None,
    };
    let done: Vec<usize> = match state.phase() {
        Phase::Propose(r) => r.done.clone(),
        _ => Vec::new(),
    };
    let waiting: Vec<usize> = (0..players.len()).filter(|p| !done.contains(p)).collect();

    rsx! {
        GameFrame {
            game: game.frame(),
            player: status_colour,
            status,
            coach: Some(game.coach(None, move |state| Panel {
                note: crate::core::coach::words::advise(state).map(|a| lang.words_advice(&a)),
                ..Panel::default()
            })),
            p { class: "pots", "data-testid": "pots",
                span { class: "token-dot", "aria-hidden": "true" }
                {lang.words_pots(state.centre(), limited.then_some(state.reserve()))}
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.roll_off(&r, &players)}
                },
                Phase::RollTheme => rsx! {
                    section { class: "info play",
                        button {
                            class: "roll-main",
                            "data-testid": "roll-theme",
                            hidden: !game.app_rolls(),
                            "data-haptic": "roll",
                            onclick: move |_| { game.throw_next(); },
                            "{w.roll_theme}"
                        }
                        p { class: "caption", "{w.or_theme}" }
                        div { class: "theme-list", role: "group", "aria-label": w.theme,
                            for t in 0..6usize {
                                button {
                                    key: "{t}",
                                    class: "theme-face",
                                    "data-testid": "theme-face-{t + 1}",
                                    onclick: move |_| { act(Action::RollTheme { value: t as u32 + 1, source: RollSource::Typed }); },
                                    span { class: "theme-number", "{t + 1}" }
                                    "{lang.theme_name(card, t)}"
                                }
                            }
                        }
                    }
                },
                Phase::RollDice { theme } => rsx! {
                    ThemeBanner { card, theme, lang }
                    section { class: "info play",
                        button {
                            class: "roll-main",
                            "data-testid": "roll-dice",
                            hidden: !game.app_rolls(),
                            "data-haptic": "roll",
                            onclick: move |_| {
                                if game.throw_next() {
                                    dice_rolled();
                                }
                            },
                            "{w.roll_dice}"
                        }
                        p { class: "caption", "{w.or_dice}" }
                        for (k, (colour, faces)) in LETTER_FACES.iter().enumerate() {
                            div { key: "{k}", class: "letter-row", role: "group", "aria-label": lang.die_of(*colour),
                                span { class: "letter-row-name", "{lang.colour_name(*colour)}" }
                                for (i, l) in faces.iter().enumerate() {
                                    button {
                                        key: "{i}",
                                        class: "ldie-key rdie-letter rdie-{die_colour_class(*colour)}",
                                        "aria-pressed": if typed_letters()[k] == Some(i) { "true" } else { "false" },
                                        "data-testid": "lface-{k}-{l}",
                                        onclick: move |_| typed_letters.write()[k] = Some(i),
                                        "{l}"
                                    }
                                }
                            }
                        }
                        div { class: "letter-row", role: "group", "aria-label": w.colour_die,
                            span { class: "letter-row-name", "{w.colour_die}" }
                            for (i, c) in COLOUR_FACES.iter().enumerate() {
                                button {
                                    key: "{i}",
                                    class: "ldie-key colour-key",
                                    "aria-pressed": if typed_colour() == Some(i) { "true" } else { "false" },
                                    "aria-label": lang.colour_name(*c),
                                    title: lang.colour_name(*c),
                                    "data-testid": "cface-{die_colour_class(*c)}",
                                    onclick: move |_| typed_colour.set(Some(i)),
                                    span { class: "swatch swatch-{die_colour_class(*c)}", "aria-hidden": "true" }
                                    small { "{lang.colour_name(*c)}" }
                                }
                            }
                        }
                        button {
                            class: "action primary",
                            "data-testid": "confirm-dice",
                            disabled: typed_letters().iter().any(|l| l.is_none()) || typed_colour().is_none(),
                            onclick: move |_| {
                                let letters: Option<Vec<usize>> = typed_letters().iter().copied().collect();
                                if let (Some(letters), Some(colour)) = (letters, typed_colour()) {
                                    if act(Action::RollDice { letters, colour, source: RollSource::Typed }) {
                                        dice_rolled();
                                    }
                                }
                            },
                            "{w.confirm_dice}"
                        }
                    }
                },
                Phase::Propose(round) => rsx! {
                    ThemeBanner { card, theme: round.theme, lang }
                    DiceShown { round: round.clone(), word: word(), lang }
                    if let Some(secs) = setup.timer {
                        RoundTimer {
                            secs,
                            round: state.rounds(),
                            clock,
                            // Stopped from the choice of who speaks (or the
                            // first letter typed) to the verdict.
                            paused: speaker().is_some() || !word().is_empty() || round.pending.is_some(),
                            lang,
                            on_time_up: {
                                let waiting = waiting.clone();
                                move |_| {
                                    for p in waiting.iter() {
                                        if !act(Action::Pass { player: *p }) { break; }
                                    }
                                }
                            },
                        }
                    }
                    if let Some(prop) = round.pending.clone() {
                        section { class: "info judge", "data-testid": "judge",
                            p { class: "judge-prompt", "{lang.judge_prompt(&players[prop.player].name, &prop.word)}" }
                            if let Some(t) = prop.theme {
                                p { class: "caption", "{lang.labelled(w.theme, lang.theme_name(card, t))}" }
                            }
                            if prop.last_speaker {
                                p { class: "event bad", "{lang.last_speaker(&players[prop.player].name, state.silent_speakers())}" }
                            } else {
                                p { class: "judge-points", "data-testid": "judge-points", "{lang.plus_tokens(prop.points.min(state.centre()))}" }
                            }
                            div { class: "actions",
                                button { class: "action primary", "data-testid": "accept", onclick: move |_| { act(Action::Judge { accept: true }); }, "{w.accept}" }
                                button { class: "action", "data-testid": "reject", onclick: move |_| { act(Action::Judge { accept: false }); }, "{w.reject}" }
                            }
                        }
                    } else {
                        WordEntry {
                            round: round.clone(),
                            waiting: waiting.clone(),
                            players: players.clone(),
                            card,
                            open_themes: setup.variants.open_themes,
                            speaker,
                            word,
                            theme_pick,
                            lang,
                            on_propose: {
                                let waiting = waiting.clone();
                                move |_| {
                                let Some(player) = who_speaks(speaker(), &waiting) else {
                                    game.refuse(w.who_speaks.to_string());
                                    return;
                                };
                                if act(Action::Propose { player, word: word(), theme: theme_pick() }) {
                                    word.set(String::new());
                                    speaker.set(None);
                                    theme_pick.set(None);
                                }
                            }},
                            on_pass: {
                                let waiting = waiting.clone();
                                move |_| {
                                if let Some(player) = who_speaks(speaker(), &waiting) {
                                    if act(Action::Pass { player }) {
                                        speaker.set(None);
                                    }
                                }
                            }},
                        }
                    }
                },
                Phase::Finished => rsx! {
                    Ranking {
                        players: players.clone(),
                        places: state.places(),
                        scores: state.tokens().iter().map(|t| lang.n_tokens(*t)).collect::<Vec<_>>(),
                        lang,
                        button { class: "roll-main", onclick: ui.go_to(Screen::Setup(GameKind::Words)), "{g.new_game}" }
                    }
                },
            }

            if !state.events().is_empty() {
                div { class: "events", "data-testid": "events", "aria-live": "polite",
                    for (i, e) in state.events().iter().enumerate() {
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

            if !state.is_finished() {
            section { class: "info",
                ul { class: "word-scores", "data-testid": "scores",
                    for (i, p) in players.iter().enumerate() {
                        li { key: "{i}", class: if done.contains(&i) { "done" } else { "" },
                            span { class: "player-symbol {super::parts::colour_class(p.colour)}", "aria-hidden": "true", "{p.colour.symbol()}" }
                            span { class: "rank-name", "{p.name}" }
                            if done.contains(&i) {
                                span { class: "caption", title: w.done_round, "aria-label": w.done_round, "✓" }
                            }
                            span { class: "rank-total", "data-testid": "tokens-{i}", "{state.tokens()[i]}" }
                        }
                    }
                }
            }
            }

        }
    }
}

/// The round's theme, or every theme of the card with open themes.
#[component]
fn ThemeBanner(card: usize, theme: Option<usize>, lang: Lang) -> Element {
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
fn DiceShown(round: Round, word: String, lang: Lang) -> Element {
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
/// score, worked out as it is typed.
#[component]
fn WordEntry(
    round: Round,
    waiting: Vec<usize>,
    players: Vec<crate::core::table::Player>,
    card: usize,
    open_themes: bool,
    speaker: Signal<Option<usize>>,
    word: Signal<String>,
    theme_pick: Signal<Option<usize>>,
    lang: Lang,
    on_propose: EventHandler<()>,
    on_pass: EventHandler<()>,
) -> Element {
    let w = lang.words();
    let mut speaker = speaker;
    let mut word = word;
    let mut theme_pick = theme_pick;
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
                        span { class: "player-symbol {super::parts::colour_class(players[p].colour)}", "aria-hidden": "true", "{players[p].colour.symbol()}" }
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
                onsubmit: move |e| { e.prevent_default(); on_propose.call(()) },
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
                button { class: "action", "data-testid": "pass", onclick: move |_| on_pass.call(()), "{lang.passes(&players[p].name)}" }
            }
        }
    }
}

#[component]
pub fn WordsRulesScreen() -> Element {
    let lang = use_ui().lang();
    let w = lang.words();
    rsx! {
        RulesPage { id: "words-rules", game: GameKind::Words, title: w.title, lang,
            h2 { class: "section-title", "{w.card}" }
            div { class: "theme-cards",
                for c in 0..THEME_CARDS.len() {
                    div { key: "{c}", class: "theme-card",
                        strong { "{w.card_n} {c + 1}" }
                        ol {
                            for t in 0..6 { li { key: "{t}", "{lang.theme_name(c, t)}" } }
                        }
                    }
                }
            }
            div { class: "letter-dice rules-dice",
                for (i, (colour, faces)) in LETTER_FACES.iter().enumerate() {
                    span { key: "{i}", class: "ldie wide rdie-letter rdie-{die_colour_class(*colour)}",
                        span { class: "ldie-letter", {faces.iter().collect::<String>()} }
                        small { class: "ldie-name", "{lang.die_of(*colour)}" }
                    }
                }
            }
        }
    }
}
