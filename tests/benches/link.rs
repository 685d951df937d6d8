//! The table link's latency, natively, through the real relay on
//! 127.0.0.1: an action proposed on one phone until it is applied on
//! another (both guests, relay only, as browsers are; the host between
//! them), over `GENIUS_LINK_ACTIONS` actions (1 000 by default; 40 under
//! `cargo test`), and the size of an entry on the wire.
//!
//! `cargo bench --bench link --features peer` (scripts/bench runs it).

#[path = "../common/relay.rs"]
mod relay;

use genius::core::autoplay::random_move;
use genius::core::einstein::{self, Einstein};
use genius::core::link::guest::{Guest, LinkState};
use genius::core::link::host::Host;
use genius::core::link::replica::Replica;
use genius::core::link::wire::{encode, PhoneId, Secret, Start, Step, ToGuest, ToHost};
use genius::core::save::GameId;
use genius::core::table::{Colour, FirstPlayer, Player};
use genius::link::{GuestLink, HostLink, Options, Relay};
use rand::rngs::StdRng;
use rand::SeedableRng;
use relay::LocalRelay;
use std::time::{Duration, Instant};

const SECRET: Secret = Secret::from_bytes([5; 16]);

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    // `cargo test` runs this too, as a short smoke run.
    let full = std::env::args().any(|a| a == "--bench");
    let wanted: usize = std::env::var("GENIUS_LINK_ACTIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if full { 1000 } else { 40 });
    let relay = LocalRelay::start().await;
    let mut rng = StdRng::seed_from_u64(7);
    let mut latencies = Vec::new();
    let mut entry_bytes = Vec::new();
    let mut proposal_bytes = Vec::new();
    let mut joins = Vec::new();
    let mut games = 0;
    while latencies.len() < wanted {
        games += 1;
        // Two players, one guest phone each; the host phone only orders.
        let start = Start {
            setup: einstein::Setup {
                players: vec![
                    Player::new("Anne", Colour::ALL[0]),
                    Player::new("Bruno", Colour::ALL[1]),
                ],
                first: FirstPlayer::Chosen(0),
            },
            coach_allowed: true,
            dice: Default::default(),
        };
        let replica =
            Replica::new(GameId::parse(&format!("bench-{games}")).unwrap(), start).unwrap();
        let host = Host::new(replica, SECRET, PhoneId::numbered(1000), None);
        let relay_options = Options::new(Relay::Own(relay.url()));
        let (host, _) = HostLink::<Einstein>::open(host, &relay_options)
            .await
            .unwrap();
        let guest_options = Options {
            relay_only: true,
            ..Options::new(Relay::Own(relay.url()))
        };
        let joining = Instant::now();
        let mut phones: Vec<GuestLink<Einstein>> = Vec::new();
        for seat in 0..2 {
            let guest = Guest::new(SECRET, PhoneId::numbered(seat as u64 + 1), Some(seat), None);
            let (link, _) = GuestLink::join(guest, &host.ticket(), &guest_options)
                .await
                .unwrap();
            phones.push(link);
        }
        while !phones
            .iter()
            .all(|p| p.with(|g| g.state() == &LinkState::Joined))
        {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        joins.push(joining.elapsed());
        'game: while latencies.len() < wanted {
            // Whichever phone has a move plays it; the other one waits for it.
            let mut moved = false;
            for (me, other) in [(0, 1), (1, 0)] {
                let action = phones[me].with(|g| {
                    let seats: Vec<usize> = g.seat().into_iter().collect();
                    random_move(g.replica()?.session().state(), &seats, &mut rng)
                });
                let Some(action) = action else { continue };
                let step = Step::Act(action);
                proposal_bytes.push(
                    encode(&ToHost::Propose {
                        id: 1,
                        step: step.clone(),
                    })
                    .unwrap()
                    .len(),
                );
                let target = phones[other].with(|g| g.replica().map_or(0, |r| r.head())) + 1;
                let sent = Instant::now();
                if phones[me].act(step).is_err() {
                    continue;
                }
                while phones[other].with(|g| g.replica().map_or(0, |r| r.head())) < target {
                    tokio::time::sleep(Duration::from_micros(200)).await;
                    if sent.elapsed() > Duration::from_secs(10) {
                        panic!("an action never arrived");
                    }
                }
                latencies.push(sent.elapsed());
                moved = true;
                // The next move is chosen on a copy that holds this one.
                while phones[me].with(|g| g.replica().map_or(0, |r| r.head())) < target {
                    tokio::time::sleep(Duration::from_micros(200)).await;
                }
            }
            let finished = host.with(|h| h.replica().session().is_finished());
            if finished || !moved {
                break 'game;
            }
        }
        host.with(|h| {
            for (i, entry) in h.replica().entries().iter().enumerate() {
                let message =
                    ToGuest::<einstein::Setup, einstein::Action, einstein::Error>::Entries {
                        from: i as u64 + 1,
                        entries: vec![entry.clone()],
                    };
                entry_bytes.push(encode(&message).unwrap().len());
            }
        });
        for phone in phones {
            phone.leave().await;
        }
        host.close().await;
    }
    latencies.sort();
    entry_bytes.sort();
    proposal_bytes.sort();
    joins.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "link: {} actions in {games} Einstein games, proposed on one guest phone → applied on the other, \
         both through the relay on 127.0.0.1 (the host between them)",
        latencies.len()
    );
    println!(
        "  latency: median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.95)),
        ms(*latencies.last().unwrap())
    );
    println!(
        "  entry on the wire (frame with its 4-byte prefix): median {} B, max {} B; a proposal: median {} B",
        percentile_usize(&entry_bytes, 0.5),
        entry_bytes.last().unwrap(),
        percentile_usize(&proposal_bytes, 0.5)
    );
    println!(
        "  two guests joined (dial, hello, welcome): median {:.0} ms over {} tables",
        ms(percentile(&joins, 0.5)),
        joins.len()
    );
}

fn percentile_usize(sorted: &[usize], p: f64) -> usize {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}
