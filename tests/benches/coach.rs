//! Proves the coach's policies by seeded self-play, and prints how long each
//! coach answer takes natively (the browser bench prints the web figures).
//!   cargo bench --bench coach            (every game, full runs)
//!   cargo bench --bench coach -- einstein   (one game: einstein, sequence,
//!                                            rtt, genius, latency)
//! `cargo test` runs it too with a few games each, so it cannot rot; the
//! figures of a quick pass are not meant to be read.

#[path = "coach/stats.rs"]
#[allow(dead_code)] // each section uses what it needs
mod stats;

#[path = "coach/genius.rs"]
mod genius_modes;
#[path = "coach/rtt.rs"]
mod rtt;
#[path = "coach/sequence.rs"]
mod sequence;

#[path = "coach/einstein.rs"]
mod einstein;

/// How many games a section plays: the full count under `cargo bench`, a
/// small seeded sample under `cargo test`.
pub struct Budget {
    pub full: bool,
}

impl Budget {
    pub fn games(&self, full: usize, quick: usize) -> usize {
        if self.full {
            full
        } else {
            quick
        }
    }
}

/// A part of the bench: its name on the command line, and what it runs.
type Section = (&'static str, fn(&Budget));

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let budget = Budget {
        full: args.iter().any(|a| a == "--bench"),
    };
    let chosen: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(String::as_str)
        .collect();
    let wanted = |name: &str| chosen.is_empty() || chosen.contains(&name);
    let sections: &[Section] = &[
        ("genius", genius_modes::run),
        ("latency", genius_modes::latency),
        ("einstein", einstein::run),
        ("sequence", sequence::run),
        ("rtt", rtt::run),
    ];
    for (name, run) in sections {
        if wanted(name) {
            println!("\n== {name} ==");
            run(&budget);
        }
    }
}
