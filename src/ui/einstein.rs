//! Einstein: the shared roll, each player's pairs and fifth die (legal
//! choices shown before committing), and the sheet as on paper.

use super::coach::Panel;
use super::parts::{symbol, use_typed, AppRoll, Ranking, RecordTyped, RollPanel, RulesPage};
use super::{use_default, use_game, use_ui, DieFace, GameFrame, NoGame, Screen};
use crate::core::coach;
use crate::core::einstein::{
    self, score, Action, Choice, Einstein, FifthRule, Phase, Sheet, BOXES, FIFTH_MARKS_TO_END,
    FIFTH_SLOTS, POINTS,
};
use crate::core::game::{GameKind, RollSource, Rules};
use crate::core::genius::Halves;
use crate::core::table::{FirstPlayer, Player};
use crate::i18n::Lang;
use crate::records;
use dioxus::prelude::*;

/// A score with the minus sign the other games write ("−400", not "-400").
fn signed(lang: Lang, points: i32) -> String {
    lang.points(Halves::whole(points))
}

/// The coach for `player`'s split: the ways to split the roll that the
/// coach ranks best (splits that mark the same sums and fifth die are one
/// way; `coach::einstein::shortlist` says which are listed), best first,
/// each with its exact score change now, and the exact chance the game
/// goes on after the next roll where it differs between them.
fn coach_panel(state: &Einstein, player: Option<usize>, lang: Lang) -> Panel {
    let (Some(player), Phase::Choose { dice, .. }) = (player, state.phase()) else {
        return Panel::default();
    };
    let Some(advice) = coach::einstein::advise(state, player).map(coach::einstein::distinct) else {
        return Panel::default();
    };
    let list = coach::einstein::shortlist(&advice);
    let t = lang.einstein();
    let c = lang.coach_einstein();
    let value = |i: usize| dice[i].value();
    let label = |split: &coach::einstein::Split| {
        let pair =
            |[x, y]: [usize; 2]| format!("{}+{}={}", value(x), value(y), value(x) + value(y));
        let [a, b] = split.choice.pairs;
        let mut label = format!(
            "{} · {} · {} {}",
            pair(a),
            pair(b),
            t.fifth_die,
            split.fifth
        );
        if !split.fifth_marked {
            label.push_str(" (");
            label.push_str(t.free_throw_short);
            label.push(')');
        }
        if split.ends_game {
            label.push_str(" · ");
            label.push_str(c.ends_game);
        }
        label
    };
    let or = format!(" {} ", lang.coach().or);
    let mut panel = Panel::shortlisted(&advice, &list, |splits| {
        splits
            .iter()
            .map(|s| label(s))
            .collect::<Vec<_>>()
            .join(&or)
    });
    panel.signed = true;
    panel.chance_label = Some(c.goes_on.into());
    panel.expected_label = Some(c.now.into());
    panel.reason = Some(lang.einstein_reason(&advice.reason));
    let goes_on = match list.chance {
        coach::Figure::Same(chance) => chance,
        coach::Figure::Varies => None,
    };
    panel.note = Some(lang.einstein_coach_note(list.left_out, goes_on));
    panel
}

#[component(lazy)]
pub fn EinsteinGameScreen() -> Element {
    let game = use_game::<Einstein>();
    let (ui, lang) = (game.ui, game.lang);
    let g = lang.game();
    let t = lang.einstein();
    let typed = use_typed();
    // The dice tapped so far for the current chooser, in order: pair A, pair B.
    let mut picked = use_default::<Vec<usize>>();
    // Whose choice is on screen (any player still waiting).
    let mut chooser = use_default::<Option<usize>>();
    // The sheet shown below.
    let mut sheet_of = use_default::<Option<usize>>();
    // After a choice, the phone goes to the next player: the screen waits
    // for them, the choices made so far hidden. A game opened at that point
    // (resumed, reloaded) opens there too: the game says so.
    let mut handing_over = use_signal(|| {
        ui.table.of(GameKind::Einstein).is_none()
            && game
                .active
                .peek()
                .as_ref()
                .is_some_and(|a| a.session.state().passing_phone())
    });
    let best_before = use_hook(records::einstein_best);

    let read = game.active.read();
    let Some(active) = read.as_ref() else {
        return rsx! { NoGame { kind: GameKind::Einstein } };
    };
    let state = active.session.state();
    let players = state.players().to_vec();
    // On several phones each phone chooses for its own players, and the
    // others' choices of this roll stay hidden until everyone has chosen.
    let table = ui.table.of(GameKind::Einstein);
    let on_table = table.is_some();
    let shown = match &table {
        Some(table) => state.seen_by(&table.mine),
        None => state.clone(),
    };

    let mut act = move |action: Action| {
        let chose = matches!(action, Action::Choose { .. });
        let played = game.act(action);
        picked.set(Vec::new());
        chooser.set(None);
        sheet_of.set(None);
        let still_choosing = game
            .active
            .read()
            .as_ref()
            .is_some_and(|g| matches!(g.session.state().phase(), Phase::Choose { .. }));
        handing_over.set(played && chose && still_choosing && !on_table);
    };

    let (dice, waiting) = match state.phase() {
        Phase::Choose { dice, waiting } => (
            dice.clone(),
            waiting
                .iter()
                .copied()
                .filter(|p| table.as_ref().is_none_or(|t| t.mine.contains(p)))
                .collect::<Vec<usize>>(),
        ),
        _ => (Vec::new(), Vec::new()),
    };
    let first_waiting = match state.phase() {
        Phase::Choose { waiting, .. } => waiting.first().copied(),
        _ => None,
    };
    let current_chooser = chooser()
        .filter(|c| waiting.contains(c))
        .or(waiting.first().copied());
    let shown_sheet = sheet_of()
        .or(current_chooser)
        .unwrap_or(0)
        .min(players.len() - 1);

    let status = match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Roll => lang.roll_by(state.rolls() + 1, &players[state.roller()].name),
        Phase::Choose { .. } => {
            lang.to_choose(&players[current_chooser.or(first_waiting).unwrap_or(0)].name)
        }
        Phase::Finished => g.game_over.to_string(),
    };
    let status_player = match state.phase() {
        Phase::Roll => Some(state.roller()),
        Phase::Choose { .. } => current_chooser,
        _ => None,
    };

    // Players choosing in turn on one phone see their own sheet only: the
    // others' sheets and totals would tell what they chose.
    let in_turn = players.len() > 1
        && matches!(state.phase(), Phase::Choose { .. })
        && table.as_ref().is_none_or(|t| t.mine.len() > 1);

    rsx! {
        GameFrame {
            game: game.frame(),
            player: status_player.map(|p| players[p].colour),
            status: status.clone(),
            on_step: move |_| picked.set(Vec::new()),
            coach: Some(game.coach(current_chooser, move |state| coach_panel(state, current_chooser, lang))),
            sheet: rsx! {
                    if players.len() > 1 && !in_turn {
                        div { class: "chips", role: "tablist",
                            for (p, player) in players.iter().enumerate() {
                                button {
                                    key: "{p}",
                                    class: if p == shown_sheet { "chip chip-on" } else { "chip" },
                                    role: "tab",
                                    "aria-selected": if p == shown_sheet { "true" } else { "false" },
                                    "data-testid": "sheet-tab-{p}",
                                    onclick: move |_| sheet_of.set(Some(p)),
                                    "{symbol(player)} {player.name} · {signed(lang, shown.sheet(p).total())}"
                                }
                            }
                        }
                    }
                    if !(in_turn && handing_over()) {
                        SheetView { sheet: shown.sheet(shown_sheet).clone(), lang }
                    }
            },
            // While players choose in turn, what the others chose stays hidden.
            if !shown.marked().is_empty() && !in_turn {
                div { class: "events", "data-testid": "events",
                    for m in shown.marked().iter() {
                        p { key: "{m.player}", class: "event good",
                            strong { "{players[m.player].name}" }
                            " · {m.sums[0]} + {m.sums[1]} · {t.fifth_die} {m.fifth.0}"
                            if !m.fifth.1 { " ({t.free_throw_short})" }
                            if m.ended { " · {t.done}" }
                        }
                    }
                }
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.roll_off(&r, &players)}
                },
                Phase::Roll => rsx! {
                    RollPanel {
                        app_roll: AppRoll::One { id: "einstein-roll", label: t.roll_five },
                        typed,
                        lang,
                        app_rolls: game.app_rolls(),
                        on_roll: move |_| { game.throw_next(); },
                        caption: game.enter_dice(),
                        RecordTyped { typed, lang, ready: typed.is_full(),
                            on_record: move |dice| act(Action::Roll { dice, source: RollSource::Typed }),
                        }
                    }
                },
                // This phone's players have all chosen: the frame says whom
                // the others wait for.
                Phase::Choose { .. } if waiting.is_empty() => rsx! {},
                Phase::Choose { .. } if handing_over() && !on_table => {
                    let next = players[current_chooser.unwrap_or(0)].name.clone();
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
                                            onclick: move |_| { chooser.set(Some(p)); sheet_of.set(Some(p)); handing_over.set(false); },
                                            "{lang.ready_to_choose(&players[p].name)}"
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                Phase::Choose { .. } => {
                    let who = current_chooser.unwrap_or(0);
                    let rule = state.allowed_fifth(who, &dice);
                    let tapped = picked();
                    // One pair tapped: when the game allows a single split with
                    // it, that split is proposed, to confirm at once.
                    let proposal = match tapped.as_slice() {
                        [a, b] => match state.choices_with_pair(who, &dice, [*a, *b]).as_slice() {
                            [only] => Some(*only),
                            _ => None,
                        },
                        _ => None,
                    };
                    let chosen: Vec<usize> = match proposal {
                        Some(c) => c.pairs.concat(),
                        None => tapped.clone(),
                    };
                    let pair_of = |i: usize| chosen.iter().position(|&d| d == i).map(|pos| pos / 2);
                    let choice = (chosen.len() == 4).then(|| Choice { pairs: [[chosen[0], chosen[1]], [chosen[2], chosen[3]]] });
                    // The game judges the pairs tapped so far, as it would the move.
                    let verdict = choice.map(|choice| state.validate(&Action::Choose { player: who, choice }));
                    let legal = verdict.as_ref().map(Result::is_ok);
                    let leftover = choice.and_then(|c| c.leftover());
                    let illegal_message = match &verdict {
                        Some(Err(e)) => lang.einstein_error(e),
                        _ => String::new(),
                    };
                    // The dice the game lets this player leave as the fifth die.
                    let allowed_fifth: Vec<usize> = state.legal_choices(who, &dice).iter().filter_map(Choice::leftover).collect();
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
                                        "aria-label": {
                                            let tag = match pair_of(i) {
                                                Some(0) => "A",
                                                Some(_) => "B",
                                                None if leftover == Some(i) => t.fifth_die,
                                                None => "",
                                            };
                                            lang.einstein_die(i, d.value(), tag)
                                        },
                                        onclick: move |_| {
                                            let mut list = picked.write();
                                            if let Some(pos) = list.iter().position(|&x| x == i) {
                                                list.truncate(pos - pos % 2);
                                            } else if list.len() < 4 {
                                                list.push(i);
                                            }
                                        },
                                        DieFace { face: d }
                                        span { class: "edie-tag",
                                            match pair_of(i) {
                                                Some(0) => "A".to_string(),
                                                Some(_) => "B".to_string(),
                                                None if leftover == Some(i) => t.fifth_die.to_string(),
                                                None => String::new(),
                                            }
                                        }
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
                                        act(Action::Choose { player: who, choice });
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
                                            onclick: move |_| { chooser.set(Some(p)); picked.set(Vec::new()); sheet_of.set(Some(p)); handing_over.set(false); },
                                            "{players[p].name}"
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                Phase::Finished => {
                    let totals = state.totals();
                    // The move that ended the game kept the total if it was a record.
                    let solo_best = (players.len() == 1).then(|| {
                        let total = totals[0];
                        let record = best_before.is_none_or(|b| total > b);
                        (record, best_before.map_or(total, |b| b.max(total)))
                    });
                    rsx! {
                        Ranking {
                            players: players.clone(),
                            places: state.places(),
                            scores: totals.iter().map(|t| signed(lang, *t)).collect::<Vec<String>>(),
                            lang,
                            if let Some((record, best)) = solo_best {
                                p { class: "notice", "data-testid": "personal-best",
                                    if record { "{t.new_best} " }
                                    "{lang.personal_best(best)}"
                                }
                            }
                            button { class: "roll-main", onclick: ui.go_to(Screen::Setup(GameKind::Einstein)), "{g.new_game}" }
                        }
                    }
                }
            }

        }
    }
}

/// The paper sheet: points, sum, ten boxes split 4-1-5, the running score per
/// sum, the three fifth-die rows of eight boxes, and the total.
#[component]
fn SheetView(sheet: Sheet, lang: Lang) -> Element {
    let g = lang.game();
    let t = lang.einstein();
    rsx! {
        div { class: "grid-wrap",
            table { class: "score-grid einstein-sheet", "data-testid": "sheet",
                thead {
                    tr {
                        th { scope: "col", "{t.sheet_points}" }
                        th { scope: "col", "{t.sheet_sum}" }
                        th { scope: "col", "" }
                        th { scope: "col", "{t.sheet_score}" }
                    }
                }
                tbody {
                    for sum in 2..=12usize {
                        {
                            let marks = sheet.marks[sum - 2];
                            let result = score(sum, marks);
                            rsx! {
                                tr { key: "{sum}", "data-testid": "sum-{sum}",
                                    td { class: "pts", "{POINTS[sum - 2]}" }
                                    th { scope: "row", "{sum}" }
                                    td { class: "boxes",
                                        {
                                            let mut start = 0usize;
                                            let groups: Vec<(usize, usize)> = BOXES.iter().map(|&n| { let g = (start, n); start += n; g }).collect();
                                            rsx! {
                                                for (gi, (from, n)) in groups.into_iter().enumerate() {
                                                    span { key: "{gi}", class: "box-group",
                                                        for b in from..from + n {
                                                            span { key: "{b}", class: if (b as u8) < marks { "box on" } else { "box" } }
                                                        }
                                                    }
                                                }
                                                if marks > 10 { span { class: "extra", "+{marks - 10}" } }
                                            }
                                        }
                                    }
                                    td { class: if result < 0 { "cell negative" } else { "cell written" }, "data-testid": "score-{sum}", "{signed(lang, result)}" }
                                }
                            }
                        }
                    }
                    for slot in 0..FIFTH_SLOTS {
                        {
                            let entry = sheet.fifth.get(slot).copied();
                            rsx! {
                                tr { key: "fifth-{slot}", class: "fifth-row", "data-testid": "fifth-{slot}",
                                    td { class: "pts", if slot == 0 { "{t.fifth_die}" } }
                                    th { scope: "row", {entry.map(|(v, _)| v.to_string()).unwrap_or_default()} }
                                    td { class: "boxes",
                                        for b in 0..FIFTH_MARKS_TO_END {
                                            span { key: "{b}", class: if entry.is_some_and(|(_, m)| b < m) { "box on" } else { "box" } }
                                        }
                                    }
                                    td { class: "cell", {entry.map(|(_, m)| format!("{m}/{FIFTH_MARKS_TO_END}")).unwrap_or_default()} }
                                }
                            }
                        }
                    }
                    tr { class: "total-row",
                        td { colspan: "3", "{g.total}" }
                        td { class: "cell total", "data-testid": "sheet-total", "{signed(lang, sheet.total())}" }
                    }
                }
            }
        }
    }
}

#[component]
pub fn EinsteinRulesScreen() -> Element {
    let lang = use_ui().lang();
    let t = lang.einstein();
    rsx! {
        RulesPage { id: "einstein-rules", game: GameKind::Einstein, title: t.title, lang,
            table { class: "score-grid",
                tbody {
                    tr { for s in 2..=12 { th { key: "{s}", "{s}" } } }
                    tr { for s in 2..=12usize { td { key: "{s}", "{POINTS[s - 2]}" } } }
                }
            }
        }
    }
}

impl super::GameSetup for Einstein {
    type Options = ();

    fn setup(players: Vec<Player>, first: FirstPlayer, _options: &()) -> einstein::Setup {
        einstein::Setup { players, first }
    }
}
