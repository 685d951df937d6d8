//! Prints how long a table's copy that saw a flood of withdrawals in one
//! round (a phone committing and taking its hidden choice back, again and
//! again, as versions before the bound let it) takes to open: its saved
//! text read, then its entries replayed (`Replica::restore`, what every
//! phone does when the table opens again). 1 000 and 10 000 withdrawals,
//! the median of five openings each; the target is ≤ 200 ms at 10 000.
//!   cargo bench --bench table_reopen
//! Run by `cargo test` too (one opening of 1 000), so it cannot rot.

#[path = "../common/withdrawals.rs"]
mod withdrawals;

use genius::core::einstein::Einstein;
use genius::core::link::replica::{Replica, SavedReplica};
use std::time::{Duration, Instant};

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

/// The saved copy's text opened once: (read, replayed).
fn open(text: &str) -> (Duration, Duration) {
    let started = Instant::now();
    let saved: SavedReplica<Einstein> = serde_json::from_str(text).expect("the copy reads");
    let read = started.elapsed();
    let replica = Replica::restore(saved).expect("the copy replays");
    let total = started.elapsed();
    assert_eq!(replica.round_start(), None, "every choice shown");
    (read, total - read)
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (sizes, runs): (&[u64], usize) = if full {
        (&[1_000, 10_000], 5)
    } else {
        (&[1_000], 1)
    };
    for &withdrawals in sizes {
        let saved = withdrawals::flooded_round(withdrawals);
        let entries = saved.entries.len();
        let text = serde_json::to_string(&saved).unwrap();
        let mut times: Vec<(Duration, Duration)> = (0..runs).map(|_| open(&text)).collect();
        times.sort_by_key(|(read, replay)| *read + *replay);
        let (read, replay) = times[runs / 2];
        println!(
            "a copy that saw {withdrawals} withdrawals ({entries} entries, {} KiB): \
             opens in {} (read {}, replayed {}), median of {runs}",
            text.len() / 1024,
            ms(read + replay),
            ms(read),
            ms(replay),
        );
    }
}
