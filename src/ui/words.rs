//! The letter-dice word game at the table: the theme and the dice (rolled
//! here or entered from the real ones), the initial shown big, words entered
//! in the order they are said with their score worked out as they are typed,
//! the table's verdict, tokens, and an optional round timer.

use super::coach::Panel;
use super::frame::{use_coach, use_game, GameFrame, NoGame};
use super::parts::{NewGame, Ranking, RulesPage};
use super::roller::die_colour_class;
use super::use_prefs;
use crate::core::dice_kinds::LETTER_FACES;
use crate::core::game::{Game, GameKind, RollSource, Rules};
use crate::core::words::{Action, Phase, Words, THEME_CARDS};
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;

mod draft;
mod roll;
mod round;
mod scores;
mod setup;
mod timer;
use draft::use_words_draft;
use roll::{DiceRoll, ThemeRoll};
use round::{DiceShown, Judge, ThemeBanner, WordEntry};
use scores::{Scores, WordEvents};
use timer::{use_round_clock, RoundClock, RoundTimer};

#[component(lazy)]
pub fn WordsGameScreen() -> Element {
    let game = use_game::<Words>();
    let coach = use_coach(game);
    let lang = game.lang;
    let draft = use_words_draft();
    // The round timer's clock (beside the game, not part of it).
    let mut clock = use_round_clock(game.active.peek().as_ref().map(|a| a.id.clone()));

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
        draft.reset();
        let round = game
            .active
            .peek()
            .as_ref()
            .map_or(0, |g| g.session.state().rounds());
        clock.set(Some(RoundClock::start(round, platform::now_ms())));
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
    let (speaker, word) = (draft.speaker, draft.word);

    rsx! {
        GameFrame {
            game: game.frame(),
            player: status_colour,
            status: status(&state, lang),
            coach: Some(coach.panel(None, move |state| Panel {
                note: crate::core::coach::words::advise(state).map(|a| lang.words_advice(&a)),
                ..Panel::default()
            })),
            p { class: "pots", "data-testid": "pots",
                span { class: "token-dot", "aria-hidden": "true" }
                {lang.words_pots(state.centre(), limited.then_some(state.reserve()))}
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.dice().roll_off(&r, &players)}
                },
                Phase::RollTheme => rsx! {
                    ThemeRoll { card, lang, app_rolls: game.dice().app_rolls(), on_roll: move |_| { game.dice().throw_next(); }, on_act: move |a| { act(a); } }
                },
                Phase::RollDice { theme } => rsx! {
                    ThemeBanner { card, theme, lang }
                    DiceRoll {
                        draft,
                        lang,
                        app_rolls: game.dice().app_rolls(),
                        on_roll: move |_| {
                            if game.dice().throw_next() {
                                dice_rolled();
                            }
                        },
                        on_typed: move |(letters, colour)| {
                            if act(Action::RollDice { letters, colour, source: RollSource::Typed }) {
                                dice_rolled();
                            }
                        },
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
                        Judge { prop, players: players.clone(), card, centre: state.centre(), silent: state.silent_speakers(), lang, on_act: move |a| { act(a); } }
                    } else {
                        WordEntry {
                            round: round.clone(),
                            waiting: waiting.clone(),
                            players: players.clone(),
                            card,
                            open_themes: setup.variants.open_themes,
                            draft,
                            lang,
                            on_act: act,
                            on_refuse: move |message| game.refuse(message),
                        }
                    }
                },
                Phase::Finished => rsx! {
                    Ranking {
                        players: players.clone(),
                        places: state.places(),
                        scores: state.tokens().iter().map(|t| lang.n_tokens(*t)).collect::<Vec<_>>(),
                        lang,
                        NewGame { kind: GameKind::Words, lang }
                    }
                },
            }

            if !state.events().is_empty() {
                WordEvents { events: state.events().to_vec(), players: players.clone(), lang }
            }

            if !state.is_finished() {
                Scores { players: players.clone(), tokens: state.tokens().to_vec(), done, lang }
            }

        }
    }
}

/// The status line: who rolls, the round being played, or the end.
fn status(state: &Words, lang: Lang) -> String {
    let g = lang.game();
    match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::RollTheme | Phase::RollDice { .. } => {
            lang.words_roller(state.rounds(), &state.players()[state.roller()].name)
        }
        Phase::Propose(_) => lang.words_playing(state.rounds()),
        Phase::Finished => g.game_over.to_string(),
    }
}

#[component]
pub fn WordsRulesScreen() -> Element {
    let lang = use_prefs().lang();
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
