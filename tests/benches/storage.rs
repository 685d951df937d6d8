//! Prints, for 100, 1 000 and 10 000 stored games (native build): the export
//! → import → store → load round trip (time and peak memory, every game
//! checked identical), the time to open Home and History by reading every
//! game whole (as before the index of summaries), and the time to open them
//! through the index (`saves::list`): on a store of finished games plus five
//! in progress, as a family's store is, and on the generated mix (six kinds
//! of ten in progress).
//!   cargo bench --bench storage
//! Run by `cargo test` too (one quick pass at 100 games), so it cannot rot.
//! Peak memory is the process's resident high-water mark (Linux), reset
//! before each step through /proc/self/clear_refs.

#[path = "../common/games.rs"]
mod games;

use genius::core::export::{export, import};
use genius::core::history::outcome;
use genius::core::history::Outcome;
use genius::core::index::Index;
use genius::core::index::Unread;
use genius::core::save::SavedGame;
use genius::platform::GameFiles;
use genius::saves::{list, list_for_home, load_all, GameStore, Replays};
use std::time::{Duration, Instant};

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

/// Home as the app opens it at start: the listing (`list_for_home`: the
/// store's names, the index read from the store and checked, its summaries
/// left unread, the games it lacks read whole), then a line for each game
/// in progress (`summarise`, as `ui::home` does; later visits to Home
/// reuse these). The number of lines.
fn open_home(store: &GameFiles) -> usize {
    list_for_home(store)
        .games
        .iter()
        .filter(|g| !g.finished)
        .filter_map(|g| genius::core::games::summarise(g).ok())
        .count()
}

/// History as the app opens it: each finished game's outcome from its
/// summary, from the index in memory (`saves::with_index`), or, the first
/// time, listed from the store. The number of rows.
fn open_history(store: &GameFiles, kept: Option<&Index>) -> usize {
    let outcomes = |index: &Index| -> Vec<Outcome> {
        index
            .entries
            .iter()
            .map(|e| Outcome::of(&e.id, e.saved_at, &e.summary))
            .collect()
    };
    match kept {
        Some(index) => outcomes(index).len(),
        None => outcomes(&list(store, Replays::NOW).index).len(),
    }
}

/// CPU time this thread has run (Linux's schedstat, in ns): on a shared
/// machine, wall time also counts the time other processes ran.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(
        text.split_whitespace().next()?.parse().ok()?,
    ))
}

/// Wall and CPU time of one run of `f`, the best of three each.
struct Timed(Duration, Option<Duration>);

impl std::fmt::Display for Timed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // schedstat moves at the scheduler's ticks: a short run may read 0.
        match self.1 {
            Some(cpu) if !cpu.is_zero() => write!(f, "{} (CPU {})", ms(self.0), ms(cpu)),
            _ => write!(f, "{}", ms(self.0)),
        }
    }
}

fn best(f: &dyn Fn() -> usize) -> Timed {
    let runs: Vec<(Duration, Option<Duration>)> = (0..3)
        .map(|_| {
            let cpu = cpu_time();
            let started = Instant::now();
            std::hint::black_box(f());
            let wall = started.elapsed();
            (wall, cpu.zip(cpu_time()).map(|(a, b)| b - a))
        })
        .collect();
    Timed(
        runs.iter().map(|r| r.0).min().unwrap(),
        runs.iter().filter_map(|r| r.1).min(),
    )
}

/// Times Home and History through the index on `store` (files already
/// written): the first start after the update (no index yet: every game
/// read, the index built), an app start (the index read from the store),
/// and later visits (the index in memory); the best of three each.
fn through_the_index(label: &str, store: &GameFiles, dir: &std::path::Path, finished: usize) {
    let _ = std::fs::remove_file(dir.join("_index.json"));
    let started = Instant::now();
    let first = list(store, Replays::NOW);
    let build = started.elapsed();
    assert_eq!(
        first.index.entries.len(),
        finished,
        "every finished game indexed"
    );
    let index = first.index.clone();
    let home_start = best(&|| open_home(store));
    let history_start = best(&|| open_history(store, None));
    // History's first visit after Home: the summaries of the index Home
    // checked are read (`Unread::read`, on a copy of it).
    let unread = GameStore::read_index(store)
        .and_then(Unread::check)
        .unwrap();
    let summaries = best(&|| unread.clone().read().map_or(0, |i| i.entries.len()));
    let rows = open_history(store, Some(&index));
    assert_eq!(rows, finished);
    let history = best(&|| open_history(store, Some(&index)));
    // A game that ends: its summary joins the index, which is rewritten.
    let mut index: Index = first.index.clone();
    let entry = index.entries[0].clone();
    let started = Instant::now();
    index.remove(&entry.id);
    index.insert(entry);
    let text = index.to_json();
    GameStore::write_index(store, &text);
    let end = started.elapsed();
    println!(
        "  through the index, {label} ({} in progress, read whole; {rows} finished, from summaries):\n    \
         first start (index built) {}; at start (index read, {} bytes): Home {}, History {}; \
         History after Home (summaries read) {}; later visits (index in memory): History {}; \
         a game ending rewrites the index in {}",
        first.loaded.games.iter().filter(|g| !g.finished).count(),
        ms(build),
        text.len(),
        home_start,
        history_start,
        summaries,
        history,
        ms(end),
    );
}

/// A family's store: `n` finished games of every kind that has a finished
/// template, and five in progress, written as plain files (the setup of the
/// measure, not what is measured).
fn family_store(n: usize, dir: &std::path::Path) -> GameFiles {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let pool = games::many_games(n * 3 + 10, 17);
    let finished = pool.iter().filter(|g| g.finished).take(n);
    let in_progress = pool.iter().filter(|g| !g.finished).take(5);
    for g in finished.chain(in_progress) {
        let g: &SavedGame = g;
        std::fs::write(dir.join(format!("{}.json", g.id)), g.to_json()).unwrap();
    }
    GameFiles::at(dir.to_path_buf())
}

/// Resets the resident high-water mark (Linux), so the next reading is
/// the peak of what follows.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The resident high-water mark in MiB (Linux), if readable.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn mib(v: Option<f64>) -> String {
    v.map_or("?".into(), |v| format!("{v:.1} MiB"))
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    // `-- --index-only`: only the listings through the index (the round
    // trip writes every game with three fsyncs, minutes at 10 000).
    let index_only = std::env::args().any(|a| a == "--index-only");
    let sizes: &[usize] = if full { &[100, 1_000, 10_000] } else { &[100] };
    for &n in sizes {
        let dir = std::env::temp_dir().join(format!("genius-bench-storage-{}", std::process::id()));
        if index_only {
            family(n, &dir);
            continue;
        }
        let games = games::many_games(n, 2026);
        let base = rss_mib();

        reset_peak();
        let started = Instant::now();
        let text = export(&games, games::NOW);
        let export_time = started.elapsed();
        let export_peak = peak_mib();

        reset_peak();
        let started = Instant::now();
        let report = import(&text, |_| false).expect("the export imports");
        let import_time = started.elapsed();
        let import_peak = peak_mib();
        assert!(report.refused.is_empty());
        assert_eq!(report.added.len(), n);

        let _ = std::fs::remove_dir_all(&dir);
        let store = GameFiles::at(dir.clone());
        let started = Instant::now();
        for g in &report.added {
            store.write(&g.id, &g.to_json()).unwrap();
        }
        let store_time = started.elapsed();
        drop(report);

        // Home today: every file read, checked (replayed), newest first.
        reset_peak();
        let started = Instant::now();
        let loaded = load_all(&store, Replays::NOW);
        let home_time = started.elapsed();
        let load_peak = peak_mib();
        let by_id: std::collections::HashMap<&str, &genius::core::save::SavedGame> =
            loaded.games.iter().map(|g| (g.id.as_str(), g)).collect();
        let identical = games
            .iter()
            .filter(|g| by_id.get(g.id.as_str()) == Some(g))
            .count();
        assert_eq!(identical, n, "every game comes back identical");

        // History today: the same, then each finished game replayed again
        // for its outcome.
        drop(by_id);
        let started = Instant::now();
        let loaded = load_all(&store, Replays::NOW);
        let history_load = started.elapsed();
        let outcomes = loaded
            .games
            .iter()
            .filter(|g| g.finished)
            .filter_map(|g| outcome(g).ok())
            .count();
        let history_time = started.elapsed();

        println!(
            "storage: {n} games, export {} bytes ({} a game)",
            text.len(),
            text.len() / n
        );
        println!(
            "  export {:.1} ms (peak {}), import {:.1} ms (peak {}), write to store {:.1} ms, \
             load back {:.1} ms (peak {}); {identical}/{n} identical; resident before {}",
            export_time.as_secs_f64() * 1e3,
            mib(export_peak),
            import_time.as_secs_f64() * 1e3,
            mib(import_peak),
            store_time.as_secs_f64() * 1e3,
            home_time.as_secs_f64() * 1e3,
            mib(load_peak),
            mib(base),
        );
        println!(
            "  open Home (load every game) {:.1} ms; open History (load {:.1} ms + {outcomes} outcomes) {:.1} ms",
            home_time.as_secs_f64() * 1e3,
            history_load.as_secs_f64() * 1e3,
            history_time.as_secs_f64() * 1e3,
        );
        let finished = games.iter().filter(|g| g.finished).count();
        through_the_index("the generated mix", &store, &dir, finished);
        std::fs::remove_dir_all(&dir).unwrap();

        family(n, &dir);
    }
}

fn family(n: usize, dir: &std::path::Path) {
    let family = dir.with_extension("family");
    let store = family_store(n, &family);
    through_the_index("finished games and 5 in progress", &store, &family, n);
    std::fs::remove_dir_all(&family).unwrap();
}
