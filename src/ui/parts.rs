//! Pieces every game screen shares: whose turn it is, refusals, the roll
//! (the app's or real dice typed in, in [`roll`]), undo/redo and the ranking.

mod roll;

pub use roll::{use_typed, AppRoll, RecordTyped, RollPanel, TypedDice};

use super::reader::{ReadDice, ReadInto};
use super::table::{use_table, TableCommand};
use super::{use_nav, DieFace, Screen, UndoOrRedo};
use crate::core::dice::D6;
use crate::core::game::GameKind;
use crate::core::reading::Expect;
use crate::core::save::TableRole;
use crate::core::table::{Colour, Player};
use crate::i18n::{Lang, Rulebooks, RulesFileError};
use crate::platform;
use dioxus::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// The way to a new game of `kind` at a game's end. At a table, the host
/// starts the next game there (the same players, every phone taken to it
/// in its seat); a guest is told the host's phone does.
#[component]
pub fn NewGame(kind: GameKind, lang: Lang) -> Element {
    let (nav, table) = (use_nav(), use_table());
    let (g, t) = (lang.game(), lang.table());
    let role = table.of(kind).filter(|t| t.linked()).map(|t| t.view.role);
    match role {
        Some(TableRole::Host) => rsx! {
            button {
                class: "roll-main",
                "data-testid": "next-game-here",
                onclick: move |_| table.send(TableCommand::NextGame),
                "{t.next_game_here}"
            }
            button { class: "action", onclick: nav.go_on_click(Screen::Setup(kind)), "{t.new_game_alone}" }
        },
        Some(TableRole::Guest) => rsx! {
            p { class: "notice", role: "status", "data-testid": "next-game-by-host", "{t.next_game_by_host}" }
        },
        None => rsx! {
            button { class: "roll-main", onclick: nav.go_on_click(Screen::Setup(kind)), "{g.new_game}" }
        },
    }
}

/// A player's symbol (● ▲ ■ …), which tells players apart beside colour.
pub fn symbol(p: &Player) -> &'static str {
    p.colour.symbol()
}

/// The CSS class of a player's colour ("pc-blue").
pub fn colour_class(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "pc-blue",
        Colour::Red => "pc-red",
        Colour::Green => "pc-green",
        Colour::Yellow => "pc-yellow",
        Colour::Purple => "pc-purple",
        Colour::Orange => "pc-orange",
    }
}

/// "À Anne de jouer" with Anne's symbol. When `turn` (a key that changes
/// with each turn) changes, the line is brought into view if it is not:
/// whoever plays next reads that it is their turn, even if the last player
/// had scrolled down to the keypad.
#[component]
pub fn StatusLine(
    player: Option<Colour>,
    text: String,
    #[props(default)] turn: Option<usize>,
) -> Element {
    let mut line = use_signal(|| None::<Rc<MountedData>>);
    let mut first = use_signal(|| true);
    use_effect(use_reactive!(|turn| {
        if std::mem::take(&mut *first.write()) || turn.is_none() {
            return;
        }
        if let Some(line) = line.peek().clone() {
            spawn(async move {
                let nearest = ScrollToOptions {
                    behavior: ScrollBehavior::Instant,
                    vertical: ScrollLogicalPosition::Nearest,
                    horizontal: ScrollLogicalPosition::Nearest,
                };
                let _ = line.scroll_to_with_options(nearest).await;
            });
        }
    }));
    rsx! {
        p { class: "game-status", "data-testid": "game-status", role: "status",
            onmounted: move |e| line.set(Some(e.data())),
            if let Some(colour) = player {
                span { class: "player-symbol {colour_class(colour)}", "aria-hidden": "true", "{colour.symbol()}" }
            }
            "{text}"
        }
    }
}

/// Why the last move was refused, and a failed save.
#[component]
pub fn Notices(refused: Option<String>, save_failed: bool, lang: Lang) -> Element {
    rsx! {
        if let Some(message) = refused {
            p { class: "entry-error", role: "alert", "data-testid": "move-error", "⚠ {message}" }
        }
        if save_failed && crate::saves::storage_full() {
            p { class: "entry-error", role: "alert", "data-testid": "storage-full", "⚠ {lang.storage().full_game}" }
        } else if save_failed {
            p { class: "entry-error", role: "alert", "⚠ {lang.game().not_saved}" }
        }
    }
}

/// Undo and redo; `on_step` hears which was tapped.
#[component]
pub fn UndoRedo(
    can_undo: bool,
    can_redo: bool,
    on_step: EventHandler<UndoOrRedo>,
    lang: Lang,
) -> Element {
    let g = lang.game();
    rsx! {
        div { class: "actions",
            button { class: "action", "data-testid": "undo", disabled: !can_undo, onclick: move |_| on_step.call(UndoOrRedo::Undo), "↶ {g.undo}" }
            button { class: "action", "data-testid": "redo", disabled: !can_redo, onclick: move |_| on_step.call(UndoOrRedo::Redo), "↷ {g.redo}" }
        }
    }
}

/// The final ranking: places (ties shared), players and what they scored,
/// then `children` (series, records, a new game button).
#[component]
pub fn Ranking(
    players: Vec<Player>,
    places: Vec<usize>,
    scores: Vec<String>,
    lang: Lang,
    children: Element,
) -> Element {
    // By place, players sharing a place in seat order (no sort needed: places
    // run from 1 to the number of players).
    let n = players.len();
    let mut order = Vec::with_capacity(n);
    for place in 1..=n {
        order.extend((0..n).filter(|&i| places[i] == place));
    }
    rsx! {
        section { class: "info ranking", "data-testid": "ranking",
            h2 { class: "section-title", "{lang.game().ranking}" }
            ol { class: "ranking-list",
                for i in order {
                    li { key: "{i}",
                        span { class: "place", "{lang.place(places[i])}" }
                        span { class: "player-symbol {colour_class(players[i].colour)}", "aria-hidden": "true", "{players[i].colour.symbol()}" }
                        span { class: "rank-name", "{players[i].name}" }
                        span { class: "rank-total", "{scores[i]}" }
                    }
                }
            }
            {children}
        }
    }
}

/// A roll-off round as the table sees it: each player's die, in seat order
/// (after the first round, who rolled again for a tie).
#[component]
fn RollOffRound(
    round: Vec<(usize, u32)>,
    players: Vec<Player>,
    lang: Lang,
    first: bool,
    /// Dice per player (see [`crate::core::game::Facts::roll_off_dice`]).
    dice: usize,
) -> Element {
    let again: Vec<&str> = round
        .iter()
        .map(|(p, _)| players[*p].name.as_str())
        .collect();
    rsx! {
        if !first {
            p { class: "caption", "{lang.roll_off_tie(&again)}" }
        }
        ul { class: "rolloff-round",
            for (p, v) in round {
                li { key: "{p}",
                    span { class: "player-symbol {colour_class(players[p].colour)}", "aria-hidden": "true", "{players[p].colour.symbol()}" }
                    span { class: "rolloff-name", "{players[p].name}" }
                    RollOffValue { value: v, dice, lang }
                }
            }
        }
    }
}

/// A roll-off value: the face of a player's one die, or the sum of their
/// `dice` dice, labelled as a sum (never drawn as one die).
#[component]
fn RollOffValue(value: u32, dice: usize, lang: Lang) -> Element {
    match u8::try_from(value)
        .ok()
        .and_then(D6::new)
        .filter(|_| dice == 1)
    {
        Some(face) => rsx! {
            span { class: "rolloff-value", "aria-label": "{value}", role: "img", DieFace { face, class: "mini" } }
        },
        None => rsx! {
            span { class: "rolloff-value rolloff-sum", "aria-label": "{lang.roll_off_sum(dice, value)}", role: "img",
                small { "{lang.roll_off_sums().sum}" }
                strong { "{value}" }
            }
        },
    }
}

/// The roll-off for the first player: the rounds so far (every player's
/// die), who rolls again, the button that rolls for everyone still in it,
/// and each player's real die entered by tapping them, then a face.
#[component]
pub fn RollOffPanel(
    roll_off: crate::core::table::RollOff,
    players: Vec<Player>,
    lang: Lang,
    /// What a player's die can show (1–6, or 2–12 with two dice).
    faces: Vec<u32>,
    /// Dice per player (see [`crate::core::game::Facts::roll_off_dice`]).
    dice: usize,
    /// The app rolls (see `GameDice::app_rolls`): its button is shown.
    app_rolls: bool,
    on_roll: EventHandler<()>,
    on_typed: EventHandler<Vec<u32>>,
) -> Element {
    let (g, sums) = (lang.game(), lang.roll_off_sums());
    let tied: Vec<&str> = roll_off
        .contenders
        .iter()
        .map(|p| players[*p].name.as_str())
        .collect();
    let n = roll_off.contenders.len();
    // The real dice entered, one per player still in it, and whose die the
    // next face tapped is.
    let mut entered = use_signal(Vec::<Option<u32>>::new);
    let mut at = use_signal(|| 0usize);
    let values: Vec<Option<u32>> = (0..n)
        .map(|i| entered.read().get(i).copied().flatten())
        .collect();
    let complete: Option<Vec<u32>> = values.iter().copied().collect();
    let current = at().min(n.saturating_sub(1));
    rsx! {
        section { class: "info", "data-testid": "roll-off",
            for (r, round) in roll_off.rounds.iter().enumerate() {
                RollOffRound { key: "{r}", round: round.clone(), players: players.clone(), lang, first: r == 0, dice }
            }
            if !roll_off.rounds.is_empty() {
                p { class: "caption", "{lang.roll_off_tie(&tied)}" }
            }
            button { class: "roll-main", "data-testid": "roll-off-all", "data-haptic": "roll", hidden: !app_rolls,
                onclick: move |_| { entered.set(Vec::new()); at.set(0); on_roll.call(()) },
                if dice == 1 { "{g.roll_off_all}" } else { "{sums.roll_all}" }
            }
            p { class: "caption",
                match (app_rolls, dice == 1) {
                    (true, true) => g.roll_off_enter,
                    (true, false) => sums.enter,
                    (false, true) => lang.dice().roll_off_enter,
                    (false, false) => lang.dice().roll_off_sums_enter,
                }
            }
            ul { class: "rolloff-entry",
                for (i, p) in roll_off.contenders.iter().copied().enumerate() {
                    li { key: "{p}",
                        button {
                            class: if i == current { "rolloff-player chip-on" } else { "rolloff-player" },
                            "data-testid": "rolloff-player-{i}",
                            "aria-pressed": if i == current { "true" } else { "false" },
                            onclick: move |_| at.set(i),
                            span { class: "player-symbol {colour_class(players[p].colour)}", "aria-hidden": "true", "{players[p].colour.symbol()}" }
                            span { class: "rolloff-name", "{players[p].name}" }
                            match values[i] {
                                Some(v) => rsx! { RollOffValue { value: v, dice, lang } },
                                None => rsx! { span { class: "rolloff-value missing", "?" } },
                            }
                        }
                    }
                }
            }
            div { class: "keypad small rolloff-faces", role: "group", "aria-label": "{players[roll_off.contenders[current]].name}",
                for v in faces.iter().copied() {
                    button {
                        key: "{v}",
                        class: "face-button",
                        "data-testid": "rolloff-face-{v}",
                        "aria-label": "{lang.labelled(&players[roll_off.contenders[current]].name, v)}",
                        onclick: move |_| {
                            let mut list = entered.write();
                            list.resize(n, None);
                            list[current] = Some(v);
                            // On to the next player without a die.
                            let next = (1..=n).map(|k| (current + k) % n).find(|&k| list[k].is_none());
                            at.set(next.unwrap_or(current));
                        },
                        match u8::try_from(v).ok().and_then(D6::new).filter(|_| dice == 1) {
                            Some(face) => rsx! { DieFace { face } },
                            None => rsx! { span { class: "roll-count", "{v}" } },
                        }
                    }
                }
            }
            // The camera reads the real dice (issue 61), one per player
            // still in it, given left to right in the players' order.
            if dice == 1 && (1..=crate::core::dice::MAX_DICE).contains(&n) {
                ReadDice { lang, expect: Expect::exactly(n), into: ReadInto::RollOff { entered, at } }
            }
            button {
                class: "action record",
                "data-testid": "rolloff-record",
                disabled: complete.is_none(),
                onclick: move |_| {
                    if let Some(values) = complete.clone() {
                        entered.set(Vec::new());
                        at.set(0);
                        on_typed.call(values);
                    }
                },
                if dice == 1 { "{g.roll_off_record}" } else { "{sums.record}" }
            }
        }
    }
}

/// The roll-off that decided who starts: every player's die, round by
/// round, and who starts (shown until the first move).
#[component]
pub fn RollOffResult(
    roll_off: crate::core::table::RollOff,
    players: Vec<Player>,
    lang: Lang,
    /// Dice per player (see [`crate::core::game::Facts::roll_off_dice`]).
    dice: usize,
) -> Element {
    let winner = roll_off
        .winner()
        .map(|w| players[w].name.clone())
        .unwrap_or_default();
    rsx! {
        section { class: "info rolloff-result", "data-testid": "roll-off-result", role: "status",
            h2 { class: "section-title", "{lang.game().who_starts}" }
            for (r, round) in roll_off.rounds.iter().enumerate() {
                RollOffRound { key: "{r}", round: round.clone(), players: players.clone(), lang, first: r == 0, dice }
            }
            p { class: "rolloff-winner", strong { "{lang.starts(&winner)}" } }
        }
    }
}

thread_local! {
    /// The rules pages' texts once read: fetched once per start of the web app.
    static RULEBOOKS: RefCell<Option<Rc<Rulebooks>>> = const { RefCell::new(None) };
}

/// Why the rules pages' texts are not at hand (the page says they are
/// unavailable, whichever it is).
#[derive(Clone, Debug, PartialEq)]
enum RulesUnavailable {
    /// The file could not be fetched (offline on a first visit).
    Fetch(platform::StorageError),
    /// The file is not as it should be.
    File(RulesFileError),
}

fn remember(parsed: Result<Rulebooks, RulesFileError>) -> Result<Rc<Rulebooks>, RulesUnavailable> {
    let books = Rc::new(parsed.map_err(RulesUnavailable::File)?);
    RULEBOOKS.with_borrow_mut(|b| *b = Some(books.clone()));
    Ok(books)
}

/// The rules texts if they are at hand: read before, or compiled in.
fn rulebooks_now() -> Option<Result<Rc<Rulebooks>, RulesUnavailable>> {
    if let Some(books) = RULEBOOKS.with_borrow(|b| b.clone()) {
        return Some(Ok(books));
    }
    platform::bundled_rules().map(|text| remember(Rulebooks::parse(text)))
}

/// The rules texts: at once where they are at hand, else `None` until they
/// are fetched (a failure is not remembered: the next page opened tries again).
fn use_rulebooks() -> Signal<Option<Result<Rc<Rulebooks>, RulesUnavailable>>> {
    let mut books = use_signal(rulebooks_now);
    use_hook(move || {
        if books.peek().is_none() {
            spawn(async move {
                let fetched = platform::fetch_rules()
                    .await
                    .map_err(RulesUnavailable::Fetch)
                    .and_then(|text| remember(Rulebooks::parse(&text)));
                books.set(Some(fetched));
            });
        }
    });
    books
}

/// A game's rules page: its rules (from `assets/rules.json`, see
/// `i18n::rules`), `children` (a table, a board, a list) after them, then the
/// rulings the app applies.
#[component]
pub fn RulesPage(
    id: &'static str,
    game: GameKind,
    title: &'static str,
    lang: Lang,
    children: Element,
) -> Element {
    let g = lang.game();
    let books = use_rulebooks();
    let read = books.read();
    let Some(Ok(book)) = read.as_ref().map(|r| r.as_ref().map(|b| b.of(lang, game))) else {
        let failed = read.as_ref().is_some();
        return rsx! {
            div { class: "rules", "data-testid": "{id}",
                section { class: "info",
                    h2 { class: "section-title", "{title}" }
                    if failed {
                        p { class: "entry-error", role: "alert", "data-testid": "rules-unavailable", "{g.rules_unavailable}" }
                    } else {
                        p { class: "caption", role: "status", "data-testid": "rules-loading", "{g.rules_loading}" }
                    }
                    {children}
                }
            }
        };
    };
    let last = book.sections.len().saturating_sub(1);
    rsx! {
        div { class: "rules", "data-testid": "{id}",
            for (n, section) in book.sections.iter().enumerate() {
                section { key: "{n}", class: "info",
                    h2 { class: "section-title", {section.title.as_deref().unwrap_or(title)} }
                    for (i, line) in section.lines.iter().enumerate() {
                        p { key: "{i}", "{line}" }
                    }
                    if n == last {
                        {children.clone()}
                    }
                }
            }
            section { class: "info",
                h2 { class: "section-title", "{g.rulings_title}" }
                ul { "data-testid": "rulings",
                    for (i, line) in book.rulings.iter().enumerate() {
                        li { key: "{i}", "{line}" }
                    }
                }
            }
            if !book.coach.is_empty() {
                section { class: "info", "data-testid": "coach-method",
                    h2 { class: "section-title", "{lang.coach().method_title}" }
                    for (i, line) in book.coach.iter().enumerate() {
                        p { key: "{i}", "{line}" }
                    }
                }
            }
        }
    }
}
