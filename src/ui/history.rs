//! History, statistics and players: every finished game by its summary
//! (from the store's index, see `core::index`; a game is read whole only to
//! view, export or delete it), who wins most, scores over time, renaming and
//! merging players, and export/import of games as files. The list shows a
//! page of games at a time.

use super::chart::ScoreChart;
use super::{use_ui, Screen};
use crate::core::export::{self, check_size, ImportError};
use crate::core::game::GameKind;
use crate::core::history::{self, Aliases, Outcome};
use crate::core::save::SavedGame;
use crate::i18n::Lang;
use crate::platform;
use crate::{records, saves};
use dioxus::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Games,
    Stats,
    Players,
}

/// Finished games, newest first, with their outcome from their summary.
fn finished() -> Vec<Outcome> {
    saves::with_index(saves::Replays::NOW, |index| {
        index
            .entries
            .iter()
            .map(|e| Outcome::of(&e.id, e.saved_at, &e.summary))
            .collect()
    })
}

/// How many games the list shows at first, and more at each tap.
const PAGE: usize = 20;

/// "2026-11-21".
fn today() -> String {
    history::date_text(platform::now_ms(), platform::local_offset_minutes())[..10].to_string()
}

#[component(lazy)]
pub fn HistoryScreen() -> Element {
    let ui = use_ui();
    let lang = ui.lang();
    let h = lang.history();
    let mut tab = use_signal(|| Tab::Games);
    let mut generation = use_signal(|| 0u32);
    let aliases = use_signal(records::aliases);
    let mut message = use_signal(|| None::<(bool, String)>);
    let mut refusals = use_signal(Vec::<String>::new);
    // Each import gets a fresh file field, so the same file can be chosen again.
    let mut import_round = use_signal(|| 0u32);
    let done = use_memo(move || {
        generation();
        finished()
    });
    let mut shown = use_signal(|| PAGE);
    // Read in place: thousands of games are not copied at each render, only
    // the page shown (the statistics and players tabs take them all).
    let count = done.read().len();
    let page: Vec<Outcome> = done.read().iter().take(shown()).cloned().collect();
    let offset = platform::local_offset_minutes();
    let st = lang.storage();
    // Games ticked for deleting, the last games deleted (for undo) and the
    // date before which games are deleted.
    let mut selected = use_signal(Vec::<String>::new);
    let mut trash = use_signal(Vec::<SavedGame>::new);
    let mut before = use_signal(String::new);
    let mut delete = move |gone: Vec<String>| {
        // Each game is read whole first, so that the delete can be undone.
        let (deleted, failure) = saves::forget_many(&gone);
        message.set(Some(match failure {
            None => (true, lang.n_deleted(deleted.len())),
            Some(e) => (false, format!("{} ⚠ {e}", lang.n_deleted(deleted.len()))),
        }));
        selected.set(Vec::new());
        trash.set(deleted);
        generation += 1;
    };

    let share = move |name: String, mime: &str, text: String| {
        let result = platform::share_file(&name, mime, &text);
        message.set(Some(match result {
            Ok(handed) => (true, lang.handed(&handed)),
            Err(e) => (false, format!("⚠ {e}")),
        }));
    };

    rsx! {
        div { class: "history-screen", "data-testid": "history",
            div { class: "tabs", role: "tablist",
                for (t, label) in [(Tab::Games, h.games_tab), (Tab::Stats, h.stats_tab), (Tab::Players, h.players_tab)] {
                    button {
                        key: "{label}",
                        role: "tab",
                        class: if tab() == t { "tab tab-on" } else { "tab" },
                        "aria-selected": if tab() == t { "true" } else { "false" },
                        "data-testid": "tab-{t:?}",
                        onclick: move |_| tab.set(t),
                        "{label}"
                    }
                }
            }
            // What was just done, and beside "1 game deleted" the way to
            // undo it.
            if message().is_some() || !trash().is_empty() {
            div { class: "history-message",
                if let Some((ok, text)) = message() {
                    p { class: if ok { "notice" } else { "entry-error" }, role: "status", "data-testid": "history-message", "{text}" }
                }
                if !trash().is_empty() {
                    button {
                        class: "action",
                        "data-testid": "undo-delete",
                        onclick: move |_| {
                            let back = trash();
                            let result = saves::store_imported(&back);
                            message.set(Some(match result {
                                Ok(n) if n == back.len() => (true, lang.n_restored(n)),
                                Ok(n) if saves::storage_full() => (false, format!("{} ⚠ {}", lang.n_restored(n), lang.storage().full_home)),
                                Ok(n) => (false, format!("{} ⚠ {}", lang.n_restored(n), lang.game().not_saved)),
                                Err(e) if e.is_full() => (false, format!("⚠ {}", lang.storage().full_home)),
                                Err(e) => (false, format!("⚠ {e}")),
                            }));
                            trash.set(Vec::new());
                            generation += 1;
                        },
                        "{st.undo_delete}"
                    }
                }
            }
            }
            if !refusals().is_empty() {
                ul { class: "refusals", "data-testid": "import-refusals",
                    for (i, r) in refusals().iter().enumerate() { li { key: "{i}", "{r}" } }
                }
            }
            match tab() {
                Tab::Games => rsx! {
                    section { class: "info",
                        div { class: "actions",
                            button {
                                class: "action",
                                "data-testid": "export-all",
                                onclick: {
                                    let mut share = share;
                                    move |_| share(format!("genius-export-{}.json", today()), "application/json", export::export(&saves::all_games().0, platform::now_ms()))
                                },
                                "{h.export_all}"
                            }
                            button {
                                class: "action",
                                "data-testid": "export-csv",
                                onclick: {
                                    let mut share = share;
                                    move |_| {
                                        let csv = history::csv(&done.peek(), &aliases.read(), &lang.csv_words(), offset, |o| {
                                            (lang.game_title(o.game).to_string(), lang.variant_name(&o.variant))
                                        });
                                        share(format!("genius-scores-{}.csv", today()), "text/csv", csv)
                                    }
                                },
                                "{h.export_csv}"
                            }
                        }
                        label { class: "action import-button",
                            "{h.import}"
                            for round in [import_round()] {
                            input {
                                key: "{round}",
                                r#type: "file",
                                // .txt too: the copy Chrome's share sheet takes (see public/shell.js).
                                accept: ".json,application/json,.txt,text/plain",
                                "data-testid": "import-file",
                                onchange: move |e| async move {
                                    let Some(file) = e.files().into_iter().next() else { return };
                                    import_round += 1;
                                    refusals.set(Vec::new());
                                    if let Err(err) = check_size(file.size()) {
                                        message.set(Some((false, format!("⚠ {}", lang.import_error(&err)))));
                                        return;
                                    }
                                    let text = match file.read_string().await {
                                        Ok(t) => t,
                                        Err(err) => {
                                            let err = ImportError::NotJson(err.to_string());
                                            message.set(Some((false, format!("⚠ {}", lang.import_error(&err)))));
                                            return;
                                        }
                                    };
                                    let have = saves::stored_ids();
                                    match export::import(&text, |id| have.contains(id)) {
                                        Err(err) => message.set(Some((false, format!("⚠ {}", lang.import_error(&err))))),
                                        Ok(report) => {
                                            let stored = saves::store_imported(&report.added);
                                            let added = stored.as_ref().copied().unwrap_or(0);
                                            let mut text = lang.import_summary(added, report.already.len(), report.refused.len());
                                            let all_stored = matches!(stored, Ok(n) if n == report.added.len());
                                            match stored {
                                                Err(e) if e.is_full() => text = format!("{text} ⚠ {}", lang.storage().full_home),
                                                Err(e) => text = format!("{text} ⚠ {e}"),
                                                Ok(n) if n < report.added.len() && saves::storage_full() => {
                                                    text = format!("{text} ⚠ {}", lang.storage().full_home)
                                                }
                                                Ok(_) => {}
                                            }
                                            message.set(Some((report.refused.is_empty() && all_stored, text)));
                                            refusals.set(report.refused.iter().map(|(i, id, e)| lang.refused_game(*i, id.as_deref(), e)).collect());
                                            generation += 1;
                                        }
                                    }
                                },
                            }
                            }
                        }
                        p { class: "caption", "{h.import_hint}" }
                        div { class: "actions",
                            if !selected().is_empty() {
                                button {
                                    class: "action",
                                    "data-testid": "delete-selected",
                                    onclick: move |_| {
                                        delete(selected())
                                    },
                                    "{lang.delete_selected(selected().len())}"
                                }
                            }
                        }
                        div { class: "actions",
                            label { "{st.delete_before} "
                                input {
                                    r#type: "date",
                                    "data-testid": "delete-before-date",
                                    value: "{before}",
                                    oninput: move |e| before.set(e.value()),
                                }
                            }
                            button {
                                class: "action",
                                "data-testid": "delete-before",
                                disabled: before().len() != 10,
                                onclick: move |_| {
                                    let day = before();
                                    let gone = done
                                        .peek()
                                        .iter()
                                        .filter(|o| history::date_text(o.finished_at, offset)[..10] < *day)
                                        .map(|o| o.id.clone())
                                        .collect();
                                    delete(gone)
                                },
                                "{st.delete}"
                            }
                        }
                    }
                    if count == 0 {
                        p { class: "info", "data-testid": "history-empty", "{h.empty}" }
                    }
                    for o in page {
                        HistoryRow { key: "{o.id}", selected: selected().contains(&o.id), outcome: o, aliases: aliases(), lang, offset,
                            on_select: move |id: String| {
                                let mut now = selected();
                                match now.iter().position(|s| *s == id) {
                                    Some(at) => { now.remove(at); }
                                    None => now.push(id),
                                }
                                selected.set(now);
                            },
                            on_delete: move |id: String| delete(vec![id]),
                            on_view: move |id: String| {
                                let mut ui = ui;
                                match saves::game(&id) {
                                    Some(s) => if ui.open(&s, true) { ui.go(Screen::Game(s.game)) },
                                    None => { message.set(Some((false, format!("⚠ {}", lang.games_set_aside(1))))); generation += 1; }
                                }
                            },
                            on_export: {
                                let mut share = share;
                                move |id: String| match saves::game(&id) {
                                    Some(s) => share(format!("genius-{id}.json"), "application/json", export::export(&[s], platform::now_ms())),
                                    None => { message.set(Some((false, format!("⚠ {}", lang.games_set_aside(1))))); generation += 1; }
                                }
                            },
                        }
                    }
                    if count > shown() {
                        button {
                            class: "action",
                            "data-testid": "show-more",
                            onclick: move |_| shown += PAGE,
                            "{lang.show_more(count - shown())}"
                        }
                    }
                },
                Tab::Stats => rsx! { StatsTab { outcomes: done(), aliases: aliases(), lang } },
                Tab::Players => rsx! { PlayersTab { outcomes: done(), aliases, lang } },
            }
        }
    }
}

/// One finished game: when, what, who with what score, and its actions.
#[component]
fn HistoryRow(
    outcome: Outcome,
    aliases: Aliases,
    lang: Lang,
    offset: i32,
    on_view: EventHandler<String>,
    on_export: EventHandler<String>,
    selected: bool,
    on_select: EventHandler<String>,
    on_delete: EventHandler<String>,
) -> Element {
    let h = lang.history();
    let st = lang.storage();
    let id = outcome.id.clone();
    let places = &outcome.places;
    let order = history::order(places.len(), &|a, b| places[a].cmp(&places[b]));
    let (view, export, gone) = (id.clone(), id.clone(), id.clone());
    rsx! {
        article { class: "info history-row", "data-testid": "hist-{id}",
            div { class: "hist-head",
                strong { "{lang.outcome_title(&outcome)}" }
                if outcome.coached {
                    span { class: "coached-mark", "data-testid": "coached-{id}", super::coach::CoachIcon {} "{lang.coach().coached}" }
                }
                small { "{history::date_text(outcome.finished_at, offset)}" }
            }
            ol { class: "hist-players",
                for i in order {
                    li { key: "{i}", class: if outcome.places[i] == 1 { "winner" } else { "" },
                        span { class: "place", "{lang.place(outcome.places[i])}" }
                        span { class: "rank-name", if outcome.places[i] == 1 { "★ " } "{aliases.resolve(&outcome.players[i])}" }
                        if outcome.has_points() {
                            span { class: "rank-total", "{lang.score(outcome.scores[i])}" }
                        }
                    }
                }
            }
            div { class: "actions",
                button { class: "action", "data-testid": "view-{id}", onclick: move |_| on_view.call(view.clone()), "{h.view}" }
                button { class: "action", "data-testid": "export-{id}", onclick: move |_| on_export.call(export.clone()), "{h.export}" }
                label { class: "action",
                    input {
                        r#type: "checkbox",
                        "data-testid": "select-{id}",
                        checked: selected,
                        onchange: {
                            let id = id.clone();
                            move |_| on_select.call(id.clone())
                        },
                    }
                    " {st.select}"
                }
                button { class: "action", "data-testid": "delete-{id}", onclick: move |_| on_delete.call(gone.clone()), "{st.delete}" }
            }
        }
    }
}

/// Games, wins, best and average per player and game; the Einstein
/// personal best; a chart of scores over time.
#[component]
fn StatsTab(outcomes: Vec<Outcome>, aliases: Aliases, lang: Lang) -> Element {
    let h = lang.history();
    let all = history::stats(&outcomes, &aliases);
    let charted: Vec<GameKind> = all
        .iter()
        .map(|g| g.game)
        .filter(|g| *g != GameKind::Sequence)
        .collect();
    let mut chart_game = use_signal(|| None::<GameKind>);
    let shown = chart_game()
        .filter(|g| charted.contains(g))
        .or(charted.first().copied());
    let einstein_best = records::einstein_best().map(i64::from);
    rsx! {
        if all.is_empty() {
            p { class: "info", "{h.empty}" }
        }
        for g in all {
            section { key: "{g.game:?}", class: "info", "data-testid": "stats-{g.game:?}",
                h2 { class: "section-title", "{lang.game_title(g.game)} · {lang.n_games(g.games)}" }
                // Each player's name on a line across the table, their
                // figures below: six-digit bests and averages fit 360 px.
                table { class: "stats-table", "aria-label": "{lang.game_title(g.game)}",
                    thead {
                        tr {
                            th { scope: "col", "{h.played}" }
                            th { scope: "col", "{h.wins}" }
                            if g.game == GameKind::Rtt {
                                th { scope: "col", "{h.series}" }
                            } else if g.game != GameKind::Sequence {
                                th { scope: "col", "{h.best}" }
                                th { scope: "col", "{h.average}" }
                            }
                        }
                    }
                    for p in g.players.iter() {
                        tbody { key: "{p.name}",
                            tr { class: "name-row",
                                th { scope: "rowgroup", colspan: match g.game { GameKind::Rtt => "3", GameKind::Sequence => "2", _ => "4" }, "{p.name}" }
                            }
                            tr {
                                td { "{p.games}" }
                                td { "{p.wins}" }
                                if g.game == GameKind::Rtt {
                                    td { "{lang.score(p.total)}" }
                                } else if g.game != GameKind::Sequence {
                                    td { {p.best.map(|b| lang.score(b)).unwrap_or_default()} }
                                    td { {p.average().map(|a| lang.score(a)).unwrap_or_default()} }
                                }
                            }
                        }
                    }
                }
            }
        }
        if let Some(best) = einstein_best {
            p { class: "info", "data-testid": "einstein-best", "{lang.einstein_best_line(best)}" }
        }
        if let Some(game) = shown {
            section { class: "info",
                h2 { class: "section-title", "{h.chart}" }
                if charted.len() > 1 {
                    div { class: "chips",
                        for (i, k) in charted.iter().copied().enumerate() {
                            button {
                                key: "{i}",
                                class: if k == game { "chip chip-on" } else { "chip" },
                                "aria-pressed": if k == game { "true" } else { "false" },
                                "data-testid": "chart-{k:?}",
                                onclick: move |_| chart_game.set(Some(k)),
                                "{lang.game_title(k)}"
                            }
                        }
                    }
                }
                ScoreChart { series: history::series(&outcomes, game, &aliases), lang }
            }
        }
    }
}

/// Renaming and merging players across every game.
#[component]
fn PlayersTab(outcomes: Vec<Outcome>, aliases: Signal<Aliases>, lang: Lang) -> Element {
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
