//! Einstein's choice on screen: the phone handed on to the next player
//! with the choices so far hidden, and a player's split of the roll into
//! two pairs and a fifth die, judged by the game as the dice are tapped.

use super::draft::EinsteinDraft;
use crate::core::dice::D6;
use crate::core::einstein::{Action, Choice, Einstein, FifthRule};
use crate::core::game::Rules;
use crate::core::table::Player;
use crate::i18n::Lang;
use crate::ui::DieFace;
use dioxus::prelude::*;

/// The phone goes to `next` (or another player still `waiting` to choose
/// takes it).
#[component]
pub fn Handover(
    next: usize,
    waiting: Vec<usize>,
    players: Vec<Player>,
    draft: EinsteinDraft,
    lang: Lang,
) -> Element {
    let t = lang.einstein();
    let mut handing_over = draft.handing_over;
    let next = players[next].name.clone();
    rsx! {
        section { class: "info play handover", "data-testid": "handover",
            h2 { class: "section-title", "{lang.hand_phone_to(&next)}" }
            p { class: "caption", "{t.choice_hidden}" }
            button { class: "roll-main", "data-testid": "handover-ok", onclick: move |_| handing_over.set(false), "{lang.ready_to_choose(&next)}" }
            // Or another player still to choose takes the phone.
            if waiting.len() > 1 {
                div { class: "chips choosers",
                    for p in waiting.iter().copied().skip(1) {
                        button {
                            key: "{p}",
                            class: "chip",
                            "data-testid": "handover-{p}",
                            onclick: move |_| draft.take_phone(p),
                            "{lang.ready_to_choose(&players[p].name)}"
                        }
                    }
                }
            }
        }
    }
}

/// `who`'s choice on `dice`: the dice to tap into pair A, pair B and the
/// fifth die (the dice the game lets them leave marked), the fifth-die
/// rule, the sums, the game's verdict, and the other players of this
/// phone still `waiting` to choose.
#[component]
pub fn ChoosePanel(
    state: Einstein,
    who: usize,
    dice: Vec<D6>,
    waiting: Vec<usize>,
    players: Vec<Player>,
    draft: EinsteinDraft,
    lang: Lang,
    on_act: EventHandler<Action>,
) -> Element {
    let t = lang.einstein();
    let rule = state.allowed_fifth(who, &dice);
    let tapped = draft.picked.read().clone();
    // One pair tapped: when the game allows a single split with it, that
    // split is proposed, to confirm at once.
    let proposal = match tapped.as_slice() {
        [a, b] => match state.choices_with_pair(who, &dice, [*a, *b]).as_slice() {
            [only] => Some(*only),
            _ => None,
        },
        _ => None,
    };
    let chosen: Vec<usize> = match proposal {
        Some(c) => c.pairs.concat(),
        None => tapped,
    };
    let pair_of = |i: usize| chosen.iter().position(|&d| d == i).map(|pos| pos / 2);
    let choice = (chosen.len() == 4).then(|| Choice {
        pairs: [[chosen[0], chosen[1]], [chosen[2], chosen[3]]],
    });
    // The game judges the pairs tapped so far, as it would the move.
    let verdict = choice.map(|choice| {
        state.validate(&Action::Choose {
            player: who,
            choice,
        })
    });
    let legal = verdict.as_ref().map(Result::is_ok);
    let leftover = choice.and_then(|c| c.leftover());
    let illegal_message = match &verdict {
        Some(Err(e)) => lang.einstein_error(e),
        _ => String::new(),
    };
    // The dice the game lets this player leave as the fifth die.
    let allowed_fifth: Vec<usize> = state
        .legal_choices(who, &dice)
        .iter()
        .filter_map(Choice::leftover)
        .collect();
    let tag = |i: usize| match pair_of(i) {
        Some(0) => "A",
        Some(_) => "B",
        None if leftover == Some(i) => t.fifth_die,
        None => "",
    };
    rsx! {
        section { class: "info play", "data-testid": "choose",
            p { class: "caption", "{t.choose_pairs}" }
            div { class: "einstein-dice",
                for (i, d) in dice.iter().copied().enumerate() {
                    button {
                        key: "{i}",
                        class: match pair_of(i) {
                            Some(0) => "edie pair-a",
                            Some(_) => "edie pair-b",
                            None if leftover == Some(i) => "edie fifth",
                            None if !allowed_fifth.contains(&i) => "edie cannot-be-fifth",
                            None => "edie",
                        },
                        "data-testid": "edie-{i}",
                        "aria-pressed": if pair_of(i).is_some() { "true" } else { "false" },
                        "aria-label": lang.einstein_die(i, d.value(), tag(i)),
                        onclick: move |_| draft.tap(i),
                        DieFace { face: d }
                        span { class: "edie-tag", "{tag(i)}" }
                    }
                }
            }
            p { class: "fifth-rule", "data-testid": "fifth-rule",
                match &rule {
                    FifthRule::Any => t.fifth_any.to_string(),
                    FifthRule::OneOf(values) => lang.fifth_one_of(values),
                    FifthRule::FreeThrow => t.free_throw.to_string(),
                }
            }
            if chosen.len() >= 2 {
                p { class: "pair-sums", "data-testid": "pair-sums",
                    "A = {dice[chosen[0]].value() + dice[chosen[1]].value()}"
                    if chosen.len() == 4 { "  ·  B = {dice[chosen[2]].value() + dice[chosen[3]].value()}" }
                    if let Some(l) = leftover { "  ·  {t.fifth_die} = {dice[l].value()}" }
                }
            }
            if proposal.is_some() {
                p { class: "caption", "data-testid": "only-split", "{t.only_split}" }
            }
            if legal == Some(false) {
                p { class: "entry-error", role: "alert", "data-testid": "choice-error", "⚠ {illegal_message}" }
            }
            button {
                class: "roll-main",
                "data-testid": "confirm-choice",
                disabled: legal != Some(true),
                onclick: move |_| {
                    if let Some(choice) = choice {
                        on_act.call(Action::Choose { player: who, choice });
                    }
                },
                "{t.confirm_choice}"
            }
            // Another player may choose first: below, so that the dice
            // stay in view.
            if waiting.len() > 1 {
                div { class: "chips choosers",
                    for p in waiting.iter().copied() {
                        button {
                            key: "{p}",
                            class: if p == who { "chip chip-on" } else { "chip" },
                            "data-testid": "chooser-{p}",
                            onclick: move |_| draft.choose(p),
                            "{players[p].name}"
                        }
                    }
                }
            }
        }
    }
}
