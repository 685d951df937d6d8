//! Roll to the Top: the dice pool and the white die, each player's tower of
//! numbered squares (the squares that take the picked dice lit, and the
//! coach's recommended ones while the coach is open), the adjustments the
//! white die asks for, and the series.

mod advice;
mod setup;
mod tower;

use super::parts::{symbol, Ranking, RulesPage};
use super::{use_default, use_game, use_ui, GameFrame, NoGame, Screen};
use crate::core::dice_kinds::{DieKind, Face, White};
use crate::core::game::{GameKind, RollSource, Rules};
use crate::core::rtt::{Action, Error, Phase, Placement, Rtt, COLOURED};
use crate::records;
use advice::{advice, coach_panel, marks, AdviceCache};
use dioxus::prelude::*;
use std::rc::Rc;
use tower::{Mark, StartRoll, Tower, TypedValues};

fn die_class(kind: DieKind) -> String {
    // The roller draws a d6 with pips; here every die shows its number.
    match kind {
        DieKind::D6 => "rdie rdie-d6n".to_string(),
        other => format!("rdie rdie-d{}", other.sides()),
    }
}

#[component(lazy)]
pub fn RttGameScreen() -> Element {
    let game = use_game::<Rtt>();
    let (ui, lang) = (game.ui, game.lang);
    let g = lang.game();
    let t = lang.rtt();
    // The current player's draft: placements made so far and the dice picked.
    let mut draft = use_default::<Vec<Placement>>();
    let mut picked = use_default::<Vec<usize>>();
    let mut chooser = use_default::<Option<usize>>();
    let mut shown = use_default::<Option<usize>>();
    let mut typed = use_default::<Vec<String>>();
    // No white face is chosen until the player taps one.
    let mut typed_white = use_default::<Option<usize>>();
    let mut add_pick = use_default::<Option<DieKind>>();
    let mut remove_pick = use_default::<Option<DieKind>>();
    // A square's refusal, shown under the tower the player is looking at;
    // a typed roll without its white face, beside the Record button.
    let mut square_refused = use_default::<Option<String>>();
    let mut white_missing = use_default::<bool>();
    let tower_box = use_default::<Option<Rc<MountedData>>>();
    let cache: AdviceCache = use_hook(|| CopyValue::new(None));
    let mut series = use_signal(records::rtt_series);
    // Each throw shows this phone's placing player's tower again: a tower
    // looked at during the last round does not stay in front of them.
    let throws = use_memo(move || {
        game.active.read().as_ref().map_or(0, |a| {
            let log = a.session.log();
            log.iter()
                .filter(|x| matches!(x, Action::Roll { .. }))
                .count()
        })
    });
    use_effect(move || {
        throws();
        shown.set(None);
    });

    let read = game.active.read();
    let Some(active) = read.as_ref() else {
        return rsx! { NoGame { kind: GameKind::Rtt } };
    };
    let state = active.session.state();
    let coach_allowed = active.coach_allowed();
    let players = state.players().to_vec();
    let sheet = state.sheet().clone();

    let mut reset_draft = move || {
        draft.set(Vec::new());
        picked.set(Vec::new());
        typed.set(Vec::new());
        typed_white.set(None);
        add_pick.set(None);
        remove_pick.set(None);
        square_refused.set(None);
        white_missing.set(false);
    };
    let mut act = move |action: Action| {
        // A refused move keeps what was typed or drafted, to be corrected.
        if game.act(action) {
            // The move may have ended the game and counted it in the series.
            series.set(records::rtt_series());
            reset_draft();
            chooser.set(None);
        }
    };
    let mut throw = move || {
        game.throw_next();
        series.set(records::rtt_series());
        reset_draft();
    };

    // On several phones each phone fills its own players' sheets.
    let table = ui.table.of(GameKind::Rtt);
    let waiting: Vec<usize> = match state.phase() {
        Phase::Place { waiting, .. } => waiting
            .iter()
            .copied()
            .filter(|p| table.as_ref().is_none_or(|t| t.mine.contains(p)))
            .collect(),
        _ => Vec::new(),
    };
    let placing = chooser()
        .filter(|c| waiting.contains(c))
        .or(waiting.first().copied());
    // Otherwise this phone's own player's tower (on several phones).
    let own = table.as_ref().and_then(|t| t.mine.first().copied());
    let sheet_of = shown()
        .or(placing)
        .or(own)
        .unwrap_or(0)
        .min(players.len() - 1);
    let status = match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Start | Phase::Roll | Phase::Adjust { .. } => {
            lang.rolls_dice(&players[state.roller()].name)
        }
        Phase::Place { .. } => match placing {
            Some(p) => lang.to_play(&players[p].name),
            // This phone's players have placed; the frame says whom the
            // others wait for.
            None => t.placed.to_string(),
        },
        Phase::Finished => g.game_over.to_string(),
    };

    // The draft's board for the placing player.
    let (result, used) = match state.phase() {
        Phase::Place { result, .. } => {
            let mut used = vec![false; result.len()];
            for p in draft.read().iter() {
                for &d in &p.dice {
                    used[d] = true;
                }
            }
            (result.clone(), used)
        }
        _ => (Vec::new(), Vec::new()),
    };
    let mut board: Vec<Option<u32>> = state.filled(sheet_of).to_vec();
    if Some(sheet_of) == placing {
        for p in draft.read().iter() {
            board[p.square] = Some(p.dice.iter().map(|&d| result[d]).sum());
        }
    }
    let picked_sum: u32 = picked
        .read()
        .iter()
        .map(|&d| result.get(d).copied().unwrap_or(0))
        .sum();
    let drafted: Vec<usize> = draft.read().iter().map(|p| p.square).collect();
    // The squares that take the picked dice now, as the game lists them.
    let mut picked_dice = picked.read().clone();
    picked_dice.sort_unstable();
    let accepting: Vec<usize> = match placing {
        Some(p) if p == sheet_of && !picked_dice.is_empty() => state
            .next_placements(p, &draft.read())
            .into_iter()
            .filter(|pl| pl.dice == picked_dice)
            .map(|pl| pl.square)
            .collect(),
        _ => Vec::new(),
    };
    // While the coach is open, its recommended squares on the placing
    // player's own sheet.
    let coach_marks: Vec<Mark> = match placing {
        Some(p) if p == sheet_of && coach_allowed && (game.coach_open)() => {
            advice(cache, state, p).map_or_else(Vec::new, |a| marks(&a, state, lang))
        }
        _ => Vec::new(),
    };
    // The dice the roller may add or remove, as the game lists them, and
    // whether the picks make one of the changes it lists.
    let (mut adds, mut removes, mut changes) = (Vec::new(), Vec::new(), Vec::new());
    for m in state.legal_moves() {
        if let Some(Action::Adjust { add, remove }) = m.as_play() {
            changes.push((*add, *remove));
            for (list, die) in [(&mut adds, add), (&mut removes, remove)] {
                if let Some(die) = die.filter(|d| !list.contains(d)) {
                    list.push(die);
                }
            }
        }
    }
    let chosen = changes.contains(&(add_pick(), remove_pick()));
    let fits = move |add: Option<DieKind>, remove: Option<DieKind>| {
        changes
            .iter()
            .any(|&(a, r)| (add.is_none() || a == add) && (remove.is_none() || r == remove))
    };
    let fits_add = fits.clone();
    // This phone places now: the tower comes right under the dice.
    let tower_in_play = matches!(state.phase(), Phase::Place { .. }) && !waiting.is_empty();
    let start_roll = state.start_roll();

    let tower = rsx! {
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
            sheet: sheet.clone(),
            board: board.clone(),
            highlight: state.last_filled(sheet_of).iter().copied().chain(drafted.iter().copied()).collect::<Vec<usize>>(),
            accept: accepting.clone(),
            coach: coach_marks,
            lang,
            mounted: tower_box,
            on_square: move |square: usize| {
                let mut dice = picked.read().clone();
                if dice.is_empty() || Some(sheet_of) != placing { return; }
                dice.sort_unstable();
                if accepting.contains(&square) {
                    draft.write().push(Placement { square, dice });
                    picked.set(Vec::new());
                    square_refused.set(None);
                } else {
                    square_refused.set(Some(lang.rtt_error(&Error::SquareRefuses { square, value: picked_sum })));
                }
            },
        }
        if let Some(message) = square_refused() {
            p {
                class: "entry-error",
                role: "alert",
                "data-testid": "square-error",
                onmounted: move |e| {
                    // Under the square just tapped: kept in view.
                    let node = e.data();
                    spawn(async move { let _ = node.scroll_to_with_options(nearest()).await; });
                },
                "⚠ {message}"
            }
        }
    };
    let (tower_here, tower_below) = if tower_in_play {
        (tower, VNode::empty())
    } else {
        (VNode::empty(), tower)
    };

    rsx! {
        GameFrame {
            game: game.frame(),
            player: placing.or(matches!(state.phase(), Phase::Start | Phase::Roll | Phase::Adjust { .. }).then_some(state.roller())).map(|p| players[p].colour),
            status: status.clone(),
            on_step: move |_| reset_draft(),
            // The advice is the placing player's (several may place on
            // one result).
            coach: Some(game.coach(placing, move |state| coach_panel(state, placing, lang, cache))),
            sheet: tower_below,
            div { class: "pool", "data-testid": "pool",
                for (i, kind) in COLOURED.into_iter().enumerate() {
                    span {
                        key: "{i}",
                        // Before the first roll every coloured die is about to be rolled.
                        class: if matches!(state.phase(), Phase::Start) || state.dice_in_play().contains(&kind) { "pool-die in" } else { "pool-die out" },
                        span { class: "{die_class(kind)}", "d{kind.sides()}" }
                    }
                }
                if let Some(w) = state.white() {
                    span { class: "pool-die white", title: t.white_next,
                        span { class: "rdie rdie-white", "{lang.face_label(Face::White(w))}" }
                    }
                }
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.roll_off(&r, &players)}
                },
                Phase::Start => rsx! {
                    section { class: "info play",
                        if !start_roll.is_empty() {
                            StartRoll { dice: start_roll.clone(), lang }
                        }
                        p { class: "caption", "{t.start_hint}" }
                        button {
                            class: "roll-main",
                            "data-testid": "rtt-start",
                            hidden: !game.app_rolls(),
                            "data-haptic": "roll",
                            onclick: move |_| throw(),
                            "{t.start}"
                        }
                        TypedValues { kinds: COLOURED.to_vec(), values: typed, caption: game.enter_dice() }
                        button {
                            class: "action",
                            "data-testid": "rtt-start-typed",
                            onclick: move |_| {
                                let values = typed.read().iter().map(|v| v.trim().parse().unwrap_or(0)).collect();
                                act(Action::StartRoll { values, source: RollSource::Typed });
                            },
                            "{g.record}"
                        }
                    }
                },
                Phase::Roll => rsx! {
                    section { class: "info play",
                        if !start_roll.is_empty() {
                            StartRoll { dice: start_roll.clone(), lang }
                        }
                        button {
                            class: "roll-main",
                            "data-testid": "rtt-roll",
                            hidden: !game.app_rolls(),
                            "data-haptic": "roll",
                            onclick: move |_| throw(),
                            "{t.roll}"
                        }
                        TypedValues { kinds: state.dice_in_play().to_vec(), values: typed, caption: game.enter_dice() }
                        p { class: "caption", "{lang.colon(t.white_die)}" }
                        div { class: "chips", role: "group", "aria-label": t.white_die,
                            // One button per kind of face (two faces show +1, two −1).
                            for (i, face) in [0usize, 2, 4, 5].into_iter().filter_map(|i| Some((i, White::from_value(i as u32)?))) {
                                button {
                                    key: "{i}",
                                    class: if typed_white() == Some(i) { "chip chip-on" } else { "chip" },
                                    "aria-pressed": if typed_white() == Some(i) { "true" } else { "false" },
                                    "data-testid": "typed-white-{i}",
                                    onclick: move |_| { typed_white.set(Some(i)); white_missing.set(false); },
                                    "{lang.face_label(Face::White(face))}"
                                }
                            }
                        }
                        if white_missing() {
                            p { class: "entry-error", role: "alert", "data-testid": "white-missing", "⚠ {t.white_missing}" }
                        }
                        button {
                            class: "action",
                            "data-testid": "rtt-roll-typed",
                            onclick: move |_| {
                                // Nothing typed is lost: the values stay for the face to be chosen.
                                let Some(white) = typed_white() else {
                                    white_missing.set(true);
                                    return;
                                };
                                let values = typed.read().iter().map(|v| v.trim().parse().unwrap_or(0)).collect();
                                act(Action::Roll { values, white, source: RollSource::Typed });
                            },
                            "{g.record}"
                        }
                    }
                },
                // This phone's players have all placed: the frame says whom
                // the others wait for.
                Phase::Place { .. } if waiting.is_empty() => rsx! {},
                Phase::Place { result, .. } => {
                    let who = placing.unwrap_or(0);
                    let kinds = state.dice_in_play().to_vec();
                    rsx! {
                        section { class: "info play", "data-testid": "place",
                            if waiting.len() > 1 {
                                div { class: "chips",
                                    for p in waiting.iter().copied() {
                                        button {
                                            key: "{p}",
                                            class: if p == who { "chip chip-on" } else { "chip" },
                                            "data-testid": "placer-{p}",
                                            onclick: move |_| { chooser.set(Some(p)); shown.set(Some(p)); reset_draft(); },
                                            "{players[p].name}"
                                        }
                                    }
                                }
                            }
                            p { class: "caption", "{t.pick_dice}" }
                            div { class: "roller-dice rtt-result",
                                for (i, v) in result.iter().copied().enumerate() {
                                    button {
                                        key: "{i}",
                                        class: if picked.read().contains(&i) { "rdie-slot kept" } else { "rdie-slot" },
                                        "data-testid": "rd-{i}",
                                        disabled: used[i],
                                        onclick: move |_| {
                                            let now_picked = {
                                                let mut p = picked.write();
                                                if let Some(pos) = p.iter().position(|&x| x == i) { p.remove(pos); } else { p.push(i); }
                                                !p.is_empty()
                                            };
                                            square_refused.set(None);
                                            // Picking a die is for one's own tower.
                                            shown.set(None);
                                            // The squares that take it come into view.
                                            // Once the picked dice are drawn, lit squares and all.
                                            if let Some(node) = tower_box().filter(|_| now_picked) {
                                                spawn(async move {
                                                    crate::platform::next_frame().await;
                                                    let _ = node.scroll_to_with_options(nearest()).await;
                                                });
                                            }
                                        },
                                        span { class: "{die_class(kinds.get(i).copied().unwrap_or(DieKind::D6))}", span { class: "rdie-label", "{v}" } }
                                        span { class: "rdie-name", "d{kinds.get(i).map(|k| k.sides()).unwrap_or(6)}" }
                                    }
                                }
                            }
                            // Its line kept while empty: the tower below does not move.
                            p { class: "pair-sums", "data-testid": "picked-sum",
                                if picked.read().is_empty() { "\u{a0}" } else { "= {picked_sum}" }
                            }
                        }
                        {tower_here}
                        div { class: "actions rtt-actions",
                            button { class: "action", "data-testid": "take-back", disabled: draft.read().is_empty(),
                                onclick: move |_| { draft.write().pop(); },
                                "↶ {t.take_back}"
                            }
                            button {
                                class: "roll-main",
                                "data-testid": "rtt-done",
                                onclick: move |_| {
                                    let placements = draft.read().clone();
                                    act(Action::Place { player: who, placements });
                                },
                                if draft.read().is_empty() { "{t.pass}" } else { "{t.done} ({draft.read().len()})" }
                            }
                        }
                    }
                }
                Phase::Adjust { must, because } => {
                    rsx! {
                        section { class: "info play", "data-testid": "adjust",
                            p { class: "fifth-rule", "data-testid": "adjustment", "{lang.rtt_adjustment(must, because)}" }
                            if !adds.is_empty() {
                                div { class: "chips",
                                    span { class: "caption", "{lang.colon(t.add)}" }
                                    for (i, k) in adds.iter().copied().enumerate() {
                                        button {
                                            key: "{i}",
                                            class: if add_pick() == Some(k) { "chip chip-on" } else { "chip" },
                                            "aria-pressed": if add_pick() == Some(k) { "true" } else { "false" },
                                            "data-testid": "add-d{k.sides()}",
                                            onclick: {
                                                let fits = fits_add.clone();
                                                move |_| {
                                                    let next = if add_pick() == Some(k) { None } else { Some(k) };
                                                    add_pick.set(next);
                                                    // A removal no listed change goes with is let go.
                                                    if !fits(next, remove_pick()) { remove_pick.set(None); }
                                                }
                                            },
                                            "+ d{k.sides()}"
                                        }
                                    }
                                }
                            }
                            if !removes.is_empty() {
                                div { class: "chips",
                                    span { class: "caption", "{lang.colon(t.remove)}" }
                                    for (i, k) in removes.iter().copied().enumerate() {
                                        button {
                                            key: "{i}",
                                            class: if remove_pick() == Some(k) { "chip chip-on" } else { "chip" },
                                            "aria-pressed": if remove_pick() == Some(k) { "true" } else { "false" },
                                            "data-testid": "remove-d{k.sides()}",
                                            onclick: {
                                                let fits = fits.clone();
                                                move |_| {
                                                    let next = if remove_pick() == Some(k) { None } else { Some(k) };
                                                    remove_pick.set(next);
                                                    if !fits(add_pick(), next) { add_pick.set(None); }
                                                }
                                            },
                                            "− d{k.sides()}"
                                        }
                                    }
                                }
                            }
                            // Offered once the picks make a change the game lists.
                            button {
                                class: "roll-main adjust-confirm",
                                "data-testid": "rtt-adjust",
                                disabled: !chosen,
                                onclick: move |_| act(Action::Adjust { add: add_pick(), remove: remove_pick() }),
                                "{t.confirm}"
                            }
                        }
                    }
                }
                Phase::Finished => {
                    let totals = series.read().totals.clone();
                    rsx! {
                        Ranking {
                            players: players.clone(),
                            places: state.places(),
                            scores: (0..players.len()).map(|i| format!("{} {}", state.open_squares(i), t.open)).collect::<Vec<String>>(),
                            lang,
                            h2 { class: "section-title", "{t.series}" }
                            ul { class: "ranking-list", "data-testid": "series",
                                for p in players.iter() {
                                    li { key: "{p.name}", span { class: "rank-name", "{p.name}" } span { class: "rank-total", "{totals.get(&p.name).copied().unwrap_or(0)}" } }
                                }
                            }
                            button { class: "action", onclick: move |_| series.set(records::reset_rtt_series()), "{t.series_reset}" }
                            button { class: "roll-main", onclick: ui.go_to(Screen::Setup(GameKind::Rtt)), "{g.new_game}" }
                        }
                    }
                }
            }

        }
    }
}

/// Scrolling only as far as it takes to show a box (not at all if it shows).
fn nearest() -> ScrollToOptions {
    ScrollToOptions {
        behavior: ScrollBehavior::Instant,
        vertical: ScrollLogicalPosition::Nearest,
        horizontal: ScrollLogicalPosition::Nearest,
    }
}

#[component]
pub fn RttRulesScreen() -> Element {
    let lang = use_ui().lang();
    let t = lang.rtt();
    rsx! {
        RulesPage { id: "rtt-rules", game: GameKind::Rtt, title: t.title, lang }
    }
}
