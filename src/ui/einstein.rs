//! Einstein: the shared roll, each player's pairs and fifth die (legal
//! choices shown before committing), and the sheet as on paper.

mod choose;
mod draft;
mod ranking;
mod sheet;
mod table_notes;

use super::coach::Panel;
use super::frame::{use_coach, use_game, GameFrame, NoGame};
use super::parts::{use_typed, AppRoll, RecordTyped, RollPanel, RulesPage};
use super::use_prefs;
use crate::core::coach;
use crate::core::einstein::{self, Action, Einstein, Phase, POINTS};
use crate::core::game::{Game, GameKind, RollSource};
use crate::core::reading::Expect;
use crate::core::table::{FirstPlayer, Player};
use crate::i18n::Lang;
use crate::records;
use choose::{ChoosePanel, Handover};
use dioxus::prelude::*;
use draft::use_einstein_draft;
use ranking::EinsteinRanking;
use sheet::{MarkedList, SheetTabs, SheetView};
use table_notes::TableNotes;

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
    let coach = use_coach(game);
    let lang = game.lang;
    let t = lang.einstein();
    let typed = use_typed();
    // After a choice, the phone goes to the next player. A game opened at
    // that point (resumed, reloaded) opens there too: the game says so.
    let draft = use_einstein_draft(|| {
        game.table.of(GameKind::Einstein).is_none()
            && game
                .active
                .peek()
                .as_ref()
                .is_some_and(|a| a.session.state().passing_phone())
    });
    let (mut picked, handing_over) = (draft.picked, draft.handing_over);
    let best_before = use_hook(|| records::best_alone(Einstein::KIND));

    let read = game.active.read();
    let Some(active) = read.as_ref() else {
        return rsx! { NoGame { kind: GameKind::Einstein } };
    };
    let state = active.session.state();
    let players = state.players().to_vec();
    // On several phones each phone chooses for its own players, and the
    // others' choices of this roll stay hidden until everyone has chosen.
    let table = game.table.of(GameKind::Einstein);
    let on_table = table.is_some();
    let shown = match &table {
        Some(table) => state.seen_by(&table.view.mine),
        None => state.clone(),
    };

    let act = move |action: Action| {
        let chose = matches!(action, Action::Choose { .. });
        let played = game.act(action);
        let still_choosing = game
            .active
            .read()
            .as_ref()
            .is_some_and(|g| matches!(g.session.state().phase(), Phase::Choose { .. }));
        draft.moved(played && chose && still_choosing && !on_table);
    };

    // Those who chose on their own phone, though this copy cannot read it
    // yet, are not still to choose (a new host's freed seat among them).
    let unseen = table
        .as_ref()
        .map_or(&[][..], |t| &t.view.chosen_unseen[..]);
    let still = state.still_to_choose(unseen);
    let waiting: Vec<usize> = still
        .iter()
        .copied()
        .filter(|p| table.as_ref().is_none_or(|t| t.view.mine.contains(p)))
        .collect();
    let dice = match state.phase() {
        Phase::Choose { dice, .. } => dice.clone(),
        _ => Vec::new(),
    };
    let current_chooser = (draft.chooser)()
        .filter(|c| waiting.contains(c))
        .or(waiting.first().copied());
    // Otherwise (on several phones, once this phone's players have chosen)
    // this phone's own player's sheet, not the first player's.
    let own = table.as_ref().and_then(|t| t.view.mine.first().copied());
    let shown_sheet = (draft.sheet_of)()
        .or(current_chooser)
        .or(own)
        .unwrap_or(0)
        .min(players.len() - 1);
    let named = heading_names(state, current_chooser, &still);
    let status_player = match named[..] {
        [p] => Some(p),
        _ => None,
    };

    // Players choosing in turn on one phone see their own sheet only: the
    // others' sheets and totals would tell what they chose. Once every
    // player of a shared phone has chosen, its sheets are all shown again
    // (the other phones' choices stay hidden until shown to the table).
    let in_turn = players.len() > 1
        && matches!(state.phase(), Phase::Choose { .. })
        && table.as_ref().is_none_or(|t| t.view.mine.len() > 1)
        && !waiting.is_empty();

    rsx! {
        GameFrame {
            game: game.frame(),
            player: status_player.map(|p| players[p].colour),
            status: status(state, &named, lang),
            on_step: move |_| picked.set(Vec::new()),
            coach: Some(coach.panel(current_chooser, move |state| coach_panel(state, current_chooser, lang))),
            sheet: rsx! {
                    if players.len() > 1 && !in_turn {
                        SheetTabs { players: players.clone(), totals: shown.totals(), shown: shown_sheet, sheet_of: draft.sheet_of, lang }
                    }
                    if in_turn && !handing_over() {
                        p { class: "caption", "data-testid": "sheet-owner", "{lang.sheet_of(&players[shown_sheet].name)}" }
                    }
                    if !(in_turn && handing_over()) {
                        SheetView { sheet: shown.sheet(shown_sheet).clone(), lang }
                    }
            },
            // While players choose in turn, what the others chose stays hidden.
            if !shown.marked().is_empty() && !in_turn {
                MarkedList { marked: shown.marked().to_vec(), players: players.clone(), lang }
            }
            if let Some(table) = &table {
                TableNotes { state: state.clone(), mine: table.view.mine.clone(), unseen: table.view.chosen_unseen.clone(), lang }
            }

            match state.phase().clone() {
                Phase::RollOff(r) => rsx! {
                    {game.dice().roll_off(&r, &players)}
                },
                Phase::Roll => rsx! {
                    RollPanel {
                        app_roll: AppRoll::One { id: "einstein-roll", label: t.roll_five },
                        reads: Expect::exactly(einstein::DICE),
                        typed,
                        lang,
                        app_rolls: game.dice().app_rolls(),
                        on_roll: move |_| { game.dice().throw_next(); },
                        caption: game.dice().enter_dice(),
                        RecordTyped { typed, lang, ready: typed.is_full(),
                            on_record: move |dice| act(Action::Roll { dice, source: RollSource::Typed }),
                        }
                    }
                },
                // This phone's players have all chosen: the frame says whom
                // the others wait for.
                Phase::Choose { .. } if waiting.is_empty() => rsx! {},
                Phase::Choose { .. } if handing_over() && !on_table => rsx! {
                    Handover { next: current_chooser.unwrap_or(0), waiting, players: players.clone(), draft, lang }
                },
                Phase::Choose { .. } => rsx! {
                    ChoosePanel { state: state.clone(), who: current_chooser.unwrap_or(0), dice, waiting, players: players.clone(), draft, lang, on_act: act }
                },
                Phase::Finished => rsx! {
                    EinsteinRanking { state: state.clone(), best_before, lang }
                },
            }

        }
    }
}

/// The status line: who rolls, who chooses (`chooser`: the one on screen,
/// or the first still to; none: everyone has), or the end.
/// Whom the heading names: the roller; the player choosing on this phone,
/// else every player still to choose (on other phones).
fn heading_names(state: &Einstein, chooser: Option<usize>, still: &[usize]) -> Vec<usize> {
    match state.phase() {
        Phase::Roll => vec![state.roller()],
        Phase::Choose { .. } => chooser.map_or_else(|| still.to_vec(), |p| vec![p]),
        _ => Vec::new(),
    }
}

fn status(state: &Einstein, choosers: &[usize], lang: Lang) -> String {
    let g = lang.game();
    let players = state.players();
    match state.phase() {
        Phase::RollOff(_) => g.who_starts.to_string(),
        Phase::Roll => lang.roll_by(state.rolls() + 1, &players[state.roller()].name),
        Phase::Choose { .. } if choosers.is_empty() => lang.einstein().all_chosen.to_string(),
        Phase::Choose { .. } => {
            let names: Vec<String> = choosers.iter().map(|p| players[*p].name.clone()).collect();
            lang.to_choose(&lang.and_list(&names))
        }
        Phase::Finished => g.game_over.to_string(),
    }
}

#[component]
pub fn EinsteinRulesScreen() -> Element {
    let lang = use_prefs().lang();
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
