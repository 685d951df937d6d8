//! The host under a hostile flood, natively, through the real relay on
//! 127.0.0.1: while two phones play Einstein (the host's player and a
//! guest's, relay only), 48 programs knock at the host over and over
//! (more than it lets in) and 8 phones with the table's secret ask for the
//! whole log again 25 times a second and never read a byte. Prints the
//! honest moves' latency (host → guest) before and during the flood, and
//! the peak memory of the process of the host and the guest.
//!
//! The hostile programs run as another process (this one, with `--flood`)
//! at the lowest CPU priority: at a table they are another device, and on
//! this machine's two cores, sharing the host's runtime, their own
//! handshakes were what the honest moves waited for. The host's side of
//! every knock and resend is still this process's work.
//!
//! `cargo bench --bench link_flood --features peer` (`GENIUS_FLOOD_SECS`,
//! 60 by default; 2 under `cargo test`).

#[path = "../common/memory.rs"]
mod memory;
#[path = "../common/relay.rs"]
mod relay;

use genius::core::autoplay::random_move;
use genius::core::einstein::{self, Einstein};
use genius::core::link::door::{self, KNOCK_ALPN};
use genius::core::link::guest::{Guest, LinkState};
use genius::core::link::host::Host;
use genius::core::link::replica::Replica;
use genius::core::link::wire::{encode, Hello, PhoneId, Secret, Start, Step, ToHost, PROTOCOL};
use genius::core::save::GameId;
use genius::core::table::{Colour, FirstPlayer, Player};
use genius::link::{GuestLink, HostLink, Options, Relay};
use memory::memory;
use rand::rngs::StdRng;
use rand::SeedableRng;
use relay::LocalRelay;
use std::time::{Duration, Instant};
use tokio::task::JoinSet;

const SECRET: Secret = Secret::from_bytes([9; 16]);
const KNOCKERS: usize = 48;
const FLOODERS: usize = 8;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn raw_endpoint(relay: &str) -> iroh::Endpoint {
    iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::custom([relay.parse().unwrap()]))
        .bind()
        .await
        .unwrap()
}

/// The hostile programs against the host `host` behind `relay`, until this
/// process is killed (it is the `--flood` process).
async fn flood(relay: &str, host: &str) {
    let mut tasks = JoinSet::new();
    let addr =
        iroh::EndpointAddr::new(host.parse().unwrap()).with_relay_url(relay.parse().unwrap());
    let knocker = raw_endpoint(relay).await;
    for _ in 0..KNOCKERS {
        let (endpoint, addr) = (knocker.clone(), addr.clone());
        tasks.spawn(async move {
            loop {
                let knock = async {
                    let connection = endpoint.connect(addr.clone(), KNOCK_ALPN).await.ok()?;
                    let streams = connection.open_bi().await.ok()?;
                    Some((connection, streams))
                };
                let held = tokio::time::timeout(Duration::from_secs(5), knock).await;
                tokio::time::sleep(Duration::from_millis(500)).await;
                drop(held);
            }
        });
    }
    for _ in 0..FLOODERS {
        let endpoint = raw_endpoint(relay).await;
        let addr = addr.clone();
        tasks.spawn(async move {
            let me = PhoneId::from_hex(&endpoint.id().to_string()).unwrap();
            // They hold the secret: the table's door.
            let Ok(connection) = endpoint.connect(addr, &door::alpn(&SECRET)).await else {
                return;
            };
            let Ok((mut send, _never_read)) = connection.open_bi().await else {
                return;
            };
            let hello = encode(&ToHost::<einstein::Action>::Hello(Hello {
                protocol: PROTOCOL,
                secret: SECRET,
                phone: me,
                seats: Vec::new(),
                held: None,
                lead: None,
                relay: None,
            }))
            .unwrap();
            let resend = encode(&ToHost::<einstein::Action>::Resend { from: 1 }).unwrap();
            if send.write_all(&hello).await.is_err() {
                return;
            }
            while send.write_all(&resend).await.is_ok() {
                tokio::time::sleep(Duration::from_millis(40)).await;
            }
        });
    }
    // Every program is under way: the bench's moves count as flooded now.
    println!("flooding");
    while tasks.join_next().await.is_some() {}
    std::future::pending::<()>().await;
}

/// The hostile programs as a process of their own at the lowest priority,
/// once they are all under way; killed when dropped.
async fn hostile(relay: &str, host: &str) -> tokio::process::Child {
    use tokio::io::AsyncBufReadExt;
    let this = std::env::current_exe().unwrap();
    let mut child = tokio::process::Command::new("nice")
        .args(["-n", "19"])
        .arg(this)
        .args(["--flood", relay, host])
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the hostile programs' process");
    let stdout = child.stdout.take().expect("its output");
    let mut line = String::new();
    tokio::io::BufReader::new(stdout)
        .read_line(&mut line)
        .await
        .expect("the hostile programs start");
    assert_eq!(line.trim(), "flooding");
    child
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, relay, host] = &args[..] {
        if flag == "--flood" {
            return flood(relay, host).await;
        }
    }
    let full = args.iter().any(|a| a == "--bench");
    let secs: u64 = std::env::var("GENIUS_FLOOD_SECS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if full { 60 } else { 2 });
    let relay = LocalRelay::start().await;
    let mut rng = StdRng::seed_from_u64(11);
    let (mut calm, mut flooded) = (Vec::new(), Vec::new());
    let started = Instant::now();
    let mut games = 0;
    while started.elapsed() < Duration::from_secs(secs) || flooded.is_empty() {
        games += 1;
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
            Replica::new(GameId::parse(&format!("flood-{games}")).unwrap(), start).unwrap();
        let host = Host::new(replica, SECRET, PhoneId::numbered(1), Some(0));
        let (host, _) = HostLink::<Einstein>::open(host, &Options::new(Relay::Own(relay.url())))
            .await
            .unwrap();
        let guest_options = Options {
            relay_only: true,
            ..Options::new(Relay::Own(relay.url()))
        };
        let bruno = Guest::new(SECRET, PhoneId::numbered(2), Some(1), None);
        let (bruno, _) = GuestLink::join(bruno, &host.ticket(), &guest_options)
            .await
            .unwrap();
        while !bruno.with(|g| g.state() == &LinkState::Joined) {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The first game is played calm, the others under the flood.
        let hostile = match games {
            1 => None,
            _ => Some(hostile(&relay.url(), &host.ticket().host).await),
        };
        let latencies = if hostile.is_some() {
            &mut flooded
        } else {
            &mut calm
        };
        let head = |g: &GuestLink<Einstein>| g.with(|g| g.replica().map_or(0, |r| r.head()));
        let over = |played: &[Duration]| {
            started.elapsed() > Duration::from_secs(secs) && played.len() >= 10
        };
        while !over(latencies) {
            let host_move =
                host.with(|h| random_move(h.replica().session().state(), &[0], &mut rng));
            let bruno_move =
                bruno.with(|g| random_move(g.replica()?.session().state(), &[1], &mut rng));
            if let Some(action) = host_move {
                let sent = Instant::now();
                let Ok(seq) = host.act(Step::Act(action)) else {
                    break;
                };
                while head(&bruno) < seq {
                    tokio::time::sleep(Duration::from_micros(200)).await;
                    assert!(
                        sent.elapsed() < Duration::from_secs(10),
                        "a move never arrived"
                    );
                }
                latencies.push(sent.elapsed());
            } else if let Some(action) = bruno_move {
                let target = head(&bruno) + 1;
                if bruno.act(Step::Act(action)).is_err() {
                    break;
                }
                while head(&bruno) < target {
                    tokio::time::sleep(Duration::from_micros(200)).await;
                }
            } else {
                break;
            }
        }
        if let Some(mut hostile) = hostile {
            let _ = hostile.kill().await;
        }
        bruno.leave().await;
        host.close().await;
    }
    calm.sort();
    flooded.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let (now, peak) = memory();
    println!(
        "link flood: {games} Einstein games in {:.0} s, {KNOCKERS} programs knocking and {FLOODERS} phones asking for the log 25 times a second, never reading",
        started.elapsed().as_secs_f64()
    );
    println!(
        "  host → guest, calm: median {:.2} ms, p95 {:.2} ms ({} moves)",
        ms(percentile(&calm, 0.5)),
        ms(percentile(&calm, 0.95)),
        calm.len()
    );
    println!(
        "  host → guest, flooded: median {:.2} ms, p95 {:.2} ms ({} moves)",
        ms(percentile(&flooded, 0.5)),
        ms(percentile(&flooded, 0.95)),
        flooded.len()
    );
    println!(
        "  memory of the host's and guest's process: {now:.1} MiB now, {peak:.1} MiB at its peak"
    );
}
