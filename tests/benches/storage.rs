//! Prints, for 100, 1 000 and 10 000 stored games (native build): the export
//! → import → store → load round trip (time and peak memory, every game
//! checked identical) and the time to open Home and History as they load
//! games today (every file read, checked and replayed).
//!   cargo bench --bench storage
//! Run by `cargo test` too (one quick pass at 100 games), so it cannot rot.
//! Peak memory is the process's resident high-water mark (Linux), reset
//! before each step through /proc/self/clear_refs.

#[path = "../common/games.rs"]
mod games;

use genius::core::export::{export, import};
use genius::core::history::outcome;
use genius::platform::GameFiles;
use genius::saves::load_all;
use std::time::Instant;

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
    let sizes: &[usize] = if full { &[100, 1_000, 10_000] } else { &[100] };
    for &n in sizes {
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

        let dir = std::env::temp_dir().join(format!("genius-bench-storage-{}", std::process::id()));
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
        let loaded = load_all(&store);
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
        let loaded = load_all(&store);
        let history_load = started.elapsed();
        let outcomes = loaded
            .games
            .iter()
            .filter(|g| g.finished)
            .filter_map(|g| outcome(g).ok())
            .count();
        let history_time = started.elapsed();
        std::fs::remove_dir_all(&dir).unwrap();

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
    }
}
