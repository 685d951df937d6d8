//! The table link over iroh, natively, through the real relay server on
//! 127.0.0.1 (nothing mocked at the transport, nothing dialled outside):
//! whole games on three phones with a guest that crashes and comes back,
//! a relay that restarts, a hostile peer, and the native peer program
//! killed, resumed, and taking over when the host leaves.

#[path = "common/relay.rs"]
mod relay;

use genius::core::autoplay::random_move;
use genius::core::einstein::{self, Einstein};
use genius::core::link::door::{KNOCK_ALPN as ALPN, KNOCK_SLOTS, KNOCK_WAIT};
use genius::core::link::guest::{Guest, GuestEvent, LinkState, SavedGuest};
use genius::core::link::host::{Host, HostEvent};
use genius::core::link::replica::Replica;
use genius::core::link::ticket::Ticket;
use genius::core::link::wire::{
    encode, Frames, Hello, JoinRefusal, PhoneId, Secret, Start, Step, TableRefusal, ToGuest,
    ToHost, MAX_FRAME, PROTOCOL,
};
use genius::core::save::GameId;
use genius::core::table::{Colour, FirstPlayer, Player};
use genius::link::{GuestLink, GuestLinkEvent, HostLink, Options, Relay};
use rand::rngs::StdRng;
use rand::SeedableRng;
use relay::LocalRelay;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};

const SECRET: Secret = Secret::from_bytes([42; 16]);

fn start(players: usize) -> Start<einstein::Setup> {
    let names = ["Anne", "Bruno", "Chloé"];
    Start {
        setup: einstein::Setup {
            players: (0..players)
                .map(|i| Player::new(names[i], Colour::ALL[i]))
                .collect(),
            first: FirstPlayer::Chosen(0),
        },
        coach_allowed: true,
        dice: Default::default(),
    }
}

fn options(relay: &LocalRelay, relay_only: bool) -> Options {
    Options {
        relay_only,
        ..Options::new(Relay::Own(relay.url()))
    }
}

async fn open_host(relay: &LocalRelay, players: usize) -> HostLink<Einstein> {
    let replica = Replica::new(GameId::parse("einstein-test").unwrap(), start(players)).unwrap();
    let host = Host::new(replica, SECRET, PhoneId::numbered(1000), Some(0));
    let (link, mut events) = HostLink::open(host, &options(relay, false)).await.unwrap();
    if std::env::var("LINK_DEBUG").is_ok() {
        tokio::spawn(async move {
            while let Some(event) = events.recv().await {
                if !matches!(event, HostEvent::Applied { .. }) {
                    eprintln!("{:?} host event: {event:?}", Instant::now());
                }
            }
        });
    }
    link
}

type Events = tokio::sync::mpsc::UnboundedReceiver<GuestLinkEvent<einstein::Error>>;

/// A guest through the relay only, as a browser's traffic goes.
async fn join(
    relay: &LocalRelay,
    ticket: &Ticket,
    guest: Guest<Einstein>,
) -> (GuestLink<Einstein>, Events) {
    GuestLink::join(guest, ticket, &options(relay, true))
        .await
        .unwrap()
}

/// The same, for a phone coming back with its key (its identity).
async fn rejoin(
    relay: &LocalRelay,
    ticket: &Ticket,
    guest: Guest<Einstein>,
    key: [u8; 32],
) -> (GuestLink<Einstein>, Events) {
    let options = Options {
        key: Some(key),
        ..options(relay, true)
    };
    GuestLink::join(guest, ticket, &options).await.unwrap()
}

/// A guest phone holding `seat` (its phone id the seat's number).
async fn sit(relay: &LocalRelay, ticket: &Ticket, seat: usize) -> GuestLink<Einstein> {
    let guest = Guest::new(SECRET, PhoneId::numbered(seat as u64), Some(seat), None);
    let (link, mut events) = join(relay, ticket, guest).await;
    if std::env::var("LINK_DEBUG").is_ok() {
        tokio::spawn(async move {
            while let Some(event) = events.recv().await {
                if !matches!(
                    event,
                    GuestLinkEvent::Table(GuestEvent::Applied { .. } | GuestEvent::Accepted { .. })
                ) {
                    eprintln!("{:?} guest {seat} event: {event:?}", Instant::now());
                }
            }
        });
    }
    link
}

async fn until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Every phone plays a random legal move of its own seat (the host also
/// plays the seats no phone holds), over and over, until `stop`.
async fn play(
    host: &HostLink<Einstein>,
    guests: &[&GuestLink<Einstein>],
    rng: &mut StdRng,
    limit: Duration,
    stop: impl Fn(&HostLink<Einstein>) -> bool,
) {
    let deadline = Instant::now() + limit;
    let mut report = Instant::now();
    while !stop(host) {
        if std::env::var("LINK_DEBUG").is_ok() && report.elapsed() > Duration::from_millis(500) {
            report = Instant::now();
            eprintln!(
                "host {:?} {:?}; guests {:?}",
                host.with(|h| h.replica().head()),
                host.with(|h| h.replica().session().state().phase().clone()),
                guests
                    .iter()
                    .map(|g| g.with(|g| (
                        g.state().clone(),
                        g.replica().map(|r| r.head()),
                        g.pending().count(),
                        g.seat()
                    )))
                    .collect::<Vec<_>>()
            );
        }
        assert!(Instant::now() < deadline, "the game did not get that far");
        let action = host.with(|h| {
            let seats: Vec<usize> = (0..h.seats().len())
                .filter(|s| *s == 0 || h.seats()[*s].phone.is_none())
                .collect();
            random_move(h.replica().session().state(), &seats, rng)
        });
        if let Some(action) = action {
            let _ = host.act(Step::Act(action));
        }
        for guest in guests {
            let action = guest.with(|g| {
                if g.state() != &LinkState::Joined || g.pending().count() > 0 {
                    return None;
                }
                let seats: Vec<usize> = g.seat().into_iter().collect();
                random_move(g.replica()?.session().state(), &seats, rng)
            });
            if let Some(action) = action {
                let _ = guest.act(Step::Act(action));
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn head(host: &HostLink<Einstein>) -> u64 {
    host.with(|h| h.replica().head())
}

/// Every guest holds the host's log, and, once no hidden choice waits to
/// be shown, the same game (see `core::link::sealed`).
async fn converged(host: &HostLink<Einstein>, guests: &[&GuestLink<Einstein>]) {
    until("every copy to catch up", Duration::from_secs(30), || {
        let head = host.with(|h| h.replica().head());
        guests.iter().all(|g| {
            g.with(|g| {
                g.replica().is_some_and(|r| {
                    r.head() == head && r.chain(head) == host.with(|h| h.replica().chain(head))
                }) && g.pending().count() == 0
            })
        })
    })
    .await;
    if host.with(|h| h.replica().round_start().is_some()) {
        return;
    }
    let record = host.with(|h| serde_json::to_string(h.replica().session().record()).unwrap());
    for guest in guests {
        let copy =
            guest.with(|g| serde_json::to_string(g.replica().unwrap().session().record()).unwrap());
        assert_eq!(copy, record);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_phones_play_einstein_to_the_end_through_crashes_and_a_relay_restart() {
    let mut relay = LocalRelay::start().await;
    let host = open_host(&relay, 3).await;
    let ticket = host.ticket();
    let bruno = sit(&relay, &ticket, 1).await;
    let chloe = sit(&relay, &ticket, 2).await;
    let mut rng = StdRng::seed_from_u64(1);
    let both = [&bruno, &chloe];
    play(&host, &both, &mut rng, Duration::from_secs(60), |h| {
        head(h) >= 10
    })
    .await;
    converged(&host, &both).await;
    let saved = chloe.with(|g| serde_json::to_string(&g.saved()).unwrap());
    let key = chloe.key();
    let saved_at = head(&host);
    play(&host, &both, &mut rng, Duration::from_secs(60), |h| {
        head(h) >= saved_at + 15
    })
    .await;

    // Chloé's phone crashes just after committing a choice, with no
    // goodbye, and comes back with what it had saved earlier, 15 entries
    // behind: her choice's opening lost, her phone makes it void and she
    // chooses again (her seat waits for her meanwhile).
    play(&host, &both, &mut rng, Duration::from_secs(60), |h| {
        // A roll's choices just begun, none made yet.
        h.with(|h| h.replica().round_start() == Some(h.replica().head() + 1))
    })
    .await;
    let round = head(&host);
    until(
        "Chloé's phone to see the roll",
        Duration::from_secs(10),
        || chloe.with(|g| g.replica().is_some_and(|r| r.head() == round)),
    )
    .await;
    let choice = chloe.with(|g| random_move(g.replica()?.session().state(), &[2], &mut rng));
    chloe
        .act(Step::Act(choice.expect("Chloé to choose")))
        .unwrap();
    until(
        "Chloé's commitment at the host",
        Duration::from_secs(10),
        || host.with(|h| h.replica().sealed_choices().contains(&2)),
    )
    .await;
    drop(chloe);
    let saved: SavedGuest<Einstein> = serde_json::from_str(&saved).unwrap();
    let replica = saved.replica.clone().map(|r| Replica::restore(r).unwrap());
    assert_eq!(replica.as_ref().unwrap().head(), saved_at);
    let (chloe, mut told) = rejoin(&relay, &ticket, Guest::restore(saved, replica), key).await;
    let lost = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(event) = told.recv().await {
            if let GuestLinkEvent::Table(GuestEvent::ChoiceLost { player }) = event {
                return player;
            }
        }
        panic!("the link ended")
    });
    assert_eq!(lost.await.expect("Chloé told her choice was lost"), 2);
    converged(&host, &[&bruno, &chloe]).await;

    // The relay crashes and comes back on the same port.
    play(
        &host,
        &[&bruno, &chloe],
        &mut rng,
        Duration::from_secs(60),
        |h| head(h) >= 45,
    )
    .await;
    relay.kill().await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    relay.restart().await;
    play(
        &host,
        &[&bruno, &chloe],
        &mut rng,
        Duration::from_secs(180),
        |h| h.with(|h| h.replica().session().is_finished()),
    )
    .await;
    converged(&host, &[&bruno, &chloe]).await;
    assert!(chloe.with(|g| g.replica().unwrap().session().is_finished()));
    println!("a whole game: {} entries", head(&host));

    // The host leaves: the guests hear it at once, not by a timeout.
    host.close().await;
    until(
        "the guests to hear the host left",
        Duration::from_secs(5),
        || {
            [&bruno, &chloe]
                .iter()
                .all(|g| g.with(|g| g.state() == &LinkState::HostLeft))
        },
    )
    .await;
}

type Heard = Vec<ToGuest<einstein::Setup, einstein::Action, einstein::Error>>;

/// A raw connection to the host, as any program could open one: sends what
/// `bytes` makes of the program's own phone (its key), and says what came
/// back.
async fn raw_exchange(
    relay: &LocalRelay,
    ticket: &Ticket,
    alpn: &[u8],
    bytes: impl FnOnce(PhoneId) -> Vec<u8>,
) -> Option<Heard> {
    let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::custom([relay.url().parse().unwrap()]))
        .bind()
        .await
        .unwrap();
    let me = PhoneId::from_hex(&endpoint.id().to_string()).unwrap();
    let bytes = bytes(me);
    let addr = iroh::EndpointAddr::new(ticket.host.parse().unwrap())
        .with_relay_url(relay.url().parse().unwrap());
    let connection = tokio::time::timeout(Duration::from_secs(10), endpoint.connect(addr, alpn))
        .await
        .ok()?
        .ok()?;
    let (mut send, mut recv) = connection.open_bi().await.ok()?;
    send.write_all(&bytes).await.ok()?;
    let mut frames = Frames::default();
    let mut got = Vec::new();
    let mut buffer = vec![0; 4096];
    // Until the host closes the connection, or stays quiet a moment.
    while let Ok(Ok(Some(n))) =
        tokio::time::timeout(Duration::from_millis(1500), recv.read(&mut buffer)).await
    {
        frames.push(&buffer[..n]);
        while let Ok(Some(message)) = frames.next_message() {
            got.push(message);
        }
    }
    endpoint.close().await;
    Some(got)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_peer_changes_nothing() {
    let relay = LocalRelay::start().await;
    let host = open_host(&relay, 3).await;
    let ticket = host.ticket();
    let bruno = sit(&relay, &ticket, 1).await;
    let mut rng = StdRng::seed_from_u64(2);
    play(&host, &[&bruno], &mut rng, Duration::from_secs(30), |h| {
        head(h) >= 2
    })
    .await;
    converged(&host, &[&bruno]).await;
    let before = host.with(|h| h.replica().entries().to_vec());

    let hello = |secret: Secret, phone: PhoneId, seat: Option<usize>| {
        encode(&ToHost::<einstein::Action>::Hello(Hello {
            protocol: PROTOCOL,
            secret,
            phone,
            seats: seat.into_iter().collect(),
            held: None,
            lead: None,
            relay: None,
        }))
        .unwrap()
    };
    // Another protocol: iroh refuses the connection itself.
    assert!(raw_exchange(&relay, &ticket, b"genius/other/1", |me| hello(
        SECRET, me, None
    ))
    .await
    .is_none());
    // The host's key without the secret: refused, nothing read.
    let got = raw_exchange(&relay, &ticket, ALPN, |me| {
        hello(Secret::from_bytes([1; 16]), me, None)
    })
    .await
    .unwrap();
    assert_eq!(got, vec![ToGuest::Refused(JoinRefusal::WrongSecret)]);
    // Garbage, and a frame announced larger than the limit: dropped.
    let got = raw_exchange(&relay, &ticket, ALPN, |_| {
        b"\x00\x00\x00\x08garbage!".to_vec()
    })
    .await
    .unwrap();
    assert!(got.is_empty());
    let got = raw_exchange(&relay, &ticket, ALPN, |_| {
        (MAX_FRAME as u32 * 4).to_be_bytes().to_vec()
    })
    .await
    .unwrap();
    assert!(got.is_empty());
    // The secret, but in Bruno's name (his phone is his key, which this
    // connection is not): refused, and Bruno keeps his seat and his link.
    let bruno_phone = bruno.with(|g| g.phone());
    let got = raw_exchange(&relay, &ticket, ALPN, |_| {
        let mut bytes = hello(SECRET, bruno_phone, Some(1));
        bytes.extend(
            encode(&ToHost::<einstein::Action>::Propose {
                id: 99,
                step: Step::Undo,
            })
            .unwrap(),
        );
        bytes
    })
    .await
    .unwrap();
    assert_eq!(got, vec![ToGuest::Refused(JoinRefusal::NotThisPhone)]);
    assert_eq!(host.with(|h| h.seats()[1]).phone, Some(bruno_phone));
    assert!(
        host.with(|h| h.seats()[1]).connected,
        "Bruno still connected"
    );
    // A phone with the secret on the free seat proposing Bruno's move.
    let roll_for_someone_else = host.with(|h| {
        random_move(h.replica().session().state(), &[0, 1], &mut rng)
            .expect("a move of seat 0 or 1")
    });
    let mut intruder = None;
    let got = raw_exchange(&relay, &ticket, ALPN, |me| {
        intruder = Some(me);
        let mut bytes = hello(SECRET, me, Some(2));
        bytes.extend(
            encode(&ToHost::Propose {
                id: 1,
                step: Step::Act(roll_for_someone_else),
            })
            .unwrap(),
        );
        bytes
    })
    .await
    .unwrap();
    assert!(
        got.iter().any(|m| matches!(
            m,
            ToGuest::Answer {
                outcome: Err(TableRefusal::NotYourSeat { .. }),
                ..
            }
        )),
        "{got:?}"
    );
    assert_eq!(host.with(|h| h.replica().entries().to_vec()), before);
    // That phone keeps the seat it claimed until the host frees it.
    assert_eq!(host.with(|h| h.seats()[2].phone), intruder);
    host.free_seat(2);
    // The table plays on.
    play(&host, &[&bruno], &mut rng, Duration::from_secs(30), |h| {
        head(h) >= before.len() as u64 + 4
    })
    .await;
    converged(&host, &[&bruno]).await;
    host.close().await;
}

/// A knock at the host from a program of its own, as any could: a
/// connection with its stream open, its key the program's.
async fn knock(endpoint: &iroh::Endpoint, ticket: &Ticket, relay: &LocalRelay) -> Option<Knock> {
    let addr = iroh::EndpointAddr::new(ticket.host.parse().unwrap())
        .with_relay_url(relay.url().parse().unwrap());
    let dial = async {
        let connection = endpoint.connect(addr, ALPN).await.ok()?;
        let (send, recv) = connection.open_bi().await.ok()?;
        Some((connection, send, recv))
    };
    tokio::time::timeout(Duration::from_secs(15), dial)
        .await
        .ok()
        .flatten()
}

type Knock = (
    iroh::endpoint::Connection,
    iroh::endpoint::SendStream,
    iroh::endpoint::RecvStream,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_connections_and_a_phone_that_never_reads_do_not_stop_the_table() {
    let relay = LocalRelay::start().await;
    let host = open_host(&relay, 3).await;
    let ticket = host.ticket();
    let bruno = sit(&relay, &ticket, 1).await;
    let mut rng = StdRng::seed_from_u64(3);
    play(&host, &[&bruno], &mut rng, Duration::from_secs(30), |h| {
        head(h) >= 2
    })
    .await;
    converged(&host, &[&bruno]).await;

    // A phone with the secret takes the free seat, then never reads a
    // byte again (nor says anything): the host cuts it off by its silence,
    // and nothing piles up for it. (The host frees its seat meanwhile, to
    // play on.)
    let mute = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::custom([relay.url().parse().unwrap()]))
        .bind()
        .await
        .unwrap();
    let me = PhoneId::from_hex(&mute.id().to_string()).unwrap();
    let (held, mut send, _never_read) = knock(&mute, &ticket, &relay).await.unwrap();
    let hello = encode(&ToHost::<einstein::Action>::Hello(Hello {
        protocol: PROTOCOL,
        secret: SECRET,
        phone: me,
        seats: vec![2],
        held: None,
        lead: None,
        relay: None,
    }))
    .unwrap();
    send.write_all(&hello).await.unwrap();
    until("the mute phone seated", Duration::from_secs(10), || {
        host.with(|h| h.seats()[2].phone == Some(me))
    })
    .await;
    host.free_seat(2);

    // 200 connections at once from one program, none saying a word.
    let flood = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .relay_mode(iroh::RelayMode::custom([relay.url().parse().unwrap()]))
        .bind()
        .await
        .unwrap();
    let mut knocks = tokio::task::JoinSet::new();
    for _ in 0..200 {
        let (flood, ticket) = (flood.clone(), ticket.clone());
        let url = relay.url();
        knocks.spawn(async move {
            let addr = iroh::EndpointAddr::new(ticket.host.parse().unwrap())
                .with_relay_url(url.parse().unwrap());
            let dial = tokio::time::timeout(Duration::from_secs(15), flood.connect(addr, ALPN));
            let Ok(Ok(connection)) = dial.await else {
                return Some(Duration::ZERO); // turned away
            };
            let Ok((_send, _recv)) = connection.open_bi().await else {
                return Some(Duration::ZERO);
            };
            // Held open, silent: the host closes it (how long it took).
            let held = Instant::now();
            tokio::time::timeout(Duration::from_secs(20), connection.closed())
                .await
                .ok()?;
            Some(held.elapsed())
        });
    }
    // The honest phones play on meanwhile.
    let flooded_at = head(&host);
    let started = Instant::now();
    play(&host, &[&bruno], &mut rng, Duration::from_secs(60), |h| {
        head(h) >= flooded_at + 6
    })
    .await;
    converged(&host, &[&bruno]).await;
    println!(
        "6 entries through a flood of 200 connections in {} ms",
        started.elapsed().as_millis()
    );
    let mut longest = Duration::ZERO;
    while let Some(knock) = knocks.join_next().await {
        let held = knock.unwrap().expect("every knock closed by the host");
        longest = longest.max(held);
    }
    println!("of 200 knocks at once, the longest held {longest:?}");
    assert!(longest < 3 * KNOCK_WAIT, "a knock held {longest:?}");
    tokio::time::timeout(Duration::from_secs(30), held.closed())
        .await
        .expect("the mute phone cut off");
    play(&host, &[&bruno], &mut rng, Duration::from_secs(30), |h| {
        head(h) >= flooded_at + 10
    })
    .await;
    converged(&host, &[&bruno]).await;
    flood.close().await;
    mute.close().await;
    host.close().await;
}

/// Knocks without the secret, again and again from many keys, each held
/// as long as the host lets it: a phone with the secret still joins at
/// once. (Before the table's door, 32 knocks held the host's 32 slots
/// about 20 s each, and a phone with the secret was turned away.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn knocks_without_the_secret_never_turn_a_phone_with_it_away() {
    let relay = LocalRelay::start().await;
    let host = open_host(&relay, 3).await;
    let ticket = host.ticket();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let knocked = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut knockers = tokio::task::JoinSet::new();
    for _ in 0..5 * KNOCK_SLOTS {
        let (ticket, url) = (ticket.clone(), relay.url());
        let (stop, knocked) = (stop.clone(), knocked.clone());
        knockers.spawn(async move {
            let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
                .relay_mode(iroh::RelayMode::custom([url.parse().unwrap()]))
                .bind()
                .await
                .unwrap();
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let addr = iroh::EndpointAddr::new(ticket.host.parse().unwrap())
                    .with_relay_url(url.parse().unwrap());
                let dial = tokio::time::timeout(Duration::from_secs(5), async {
                    let connection = endpoint.connect(addr, ALPN).await.ok()?;
                    let streams = connection.open_bi().await.ok()?;
                    Some((connection, streams))
                });
                if let Ok(Some((connection, (mut send, _recv)))) = dial.await {
                    // Opens its stream (a byte of a frame) and holds it.
                    let _ = send.write_all(&[0]).await;
                    knocked.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let _ =
                        tokio::time::timeout(Duration::from_secs(30), connection.closed()).await;
                }
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            endpoint.close().await;
        });
    }
    until(
        "the knocks to fill the doors",
        Duration::from_secs(30),
        || knocked.load(std::sync::atomic::Ordering::SeqCst) >= 4 * KNOCK_SLOTS,
    )
    .await;
    let started = Instant::now();
    let bruno = sit(&relay, &ticket, 1).await;
    until(
        "Bruno seated through the knocks",
        Duration::from_secs(10),
        || host.with(|h| h.seats()[1].connected),
    )
    .await;
    println!(
        "a phone with the secret joined in {} ms through {} knocks",
        started.elapsed().as_millis(),
        knocked.load(std::sync::atomic::Ordering::SeqCst)
    );
    until("Bruno's phone joined", Duration::from_secs(10), || {
        bruno.with(|g| g.state() == &LinkState::Joined)
    })
    .await;
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    knockers.shutdown().await;
    host.close().await;
}

/// The next refusal a guest's link reports, within `limit`.
async fn refusal(events: &mut Events, limit: Duration) -> JoinRefusal {
    tokio::time::timeout(limit, async {
        while let Some(event) = events.recv().await {
            if let GuestLinkEvent::Table(GuestEvent::Refused(why)) = event {
                return why;
            }
        }
        panic!("no refusal");
    })
    .await
    .expect("a refusal in time")
}

/// The host sends Chloé's phone away, over the real transport: her phone
/// is told and stops, her seat is free; the table's secret and its door
/// change, and Bruno's phone is told the new secret over the link (its
/// ticket changes), so that it comes back through the new door. The old
/// link lets no new phone in (told why); the new one does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_sent_away_is_told_and_the_old_link_no_longer_opens_the_table() {
    let relay = LocalRelay::start().await;
    let host = open_host(&relay, 3).await;
    let old = host.ticket();
    let bruno = sit(&relay, &old, 1).await;
    let (chloe, mut chloe_events) = join(
        &relay,
        &old,
        Guest::new(SECRET, PhoneId::numbered(2), Some(2), None),
    )
    .await;
    until("Bruno and Chloé seated", Duration::from_secs(15), || {
        host.with(|h| h.seats()[1].connected && h.seats()[2].connected)
    })
    .await;
    let chloe_phone = chloe.with(|g| g.phone());
    assert!(host.send_away(chloe_phone).unwrap());
    assert_eq!(
        refusal(&mut chloe_events, Duration::from_secs(10)).await,
        JoinRefusal::SentAway
    );
    assert_eq!(host.with(|h| h.seats()[2].phone), None, "her seat is free");
    let new = host.ticket();
    assert_ne!(new.secret, old.secret);
    until("Bruno told the new secret", Duration::from_secs(10), || {
        bruno.ticket().secret == new.secret
    })
    .await;
    // Bruno's phone comes back (a reload) with the ticket it keeps: in.
    let (ticket, key) = (bruno.ticket(), bruno.key());
    let me = bruno.with(|g| g.phone());
    drop(bruno);
    let guest = Guest::new(ticket.secret, me, Some(1), None);
    let (bruno, _events) = rejoin(&relay, &ticket, guest, key).await;
    until("Bruno back", Duration::from_secs(15), || {
        bruno.with(|g| g.state() == &LinkState::Joined)
    })
    .await;
    // A new phone with the old link: refused, and told why.
    let guest = Guest::new(old.secret, PhoneId::numbered(7), None, None);
    let (_stranger, mut events) = join(&relay, &old, guest).await;
    assert_eq!(
        refusal(&mut events, Duration::from_secs(15)).await,
        JoinRefusal::WrongSecret
    );
    // With the new link: in, on Chloé's old seat.
    let guest = Guest::new(new.secret, PhoneId::numbered(8), Some(2), None);
    let (newcomer, _events) = join(&relay, &new, guest).await;
    until(
        "a phone with the new link seated",
        Duration::from_secs(15),
        || {
            newcomer.with(|g| g.state() == &LinkState::Joined)
                && host.with(|h| h.seats()[2].connected)
        },
    )
    .await;
    host.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_secret_is_refused_with_its_reason_and_the_guest_stops() {
    let relay = LocalRelay::start().await;
    let host = open_host(&relay, 2).await;
    let mut ticket = host.ticket();
    ticket.secret = Secret::from_bytes([3; 16]);
    let (guest, mut events) = join(
        &relay,
        &ticket,
        Guest::new(ticket.secret, PhoneId::numbered(5), Some(1), None),
    )
    .await;
    let refused = tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(event) = events.recv().await {
            if let GuestLinkEvent::Table(GuestEvent::Refused(why)) = event {
                return why;
            }
        }
        panic!("no refusal");
    })
    .await
    .unwrap();
    assert_eq!(refused, JoinRefusal::WrongSecret);
    assert!(guest.with(|g| g.replica().is_none()), "nothing read");
    host.close().await;
}

/// Each peer makes its moves, if it has one to make.
async fn round(peers: &mut [&mut Peer]) {
    for peer in peers.iter_mut() {
        peer.send("auto").await;
    }
    tokio::time::sleep(Duration::from_millis(40)).await;
}

/// Rounds until the first peer's copy (the host's) reaches `head`; a
/// minute at most, then the test fails with what each peer said last.
async fn play_to(head: u64, peers: &mut [&mut Peer]) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while peers[0].head() < head {
        if Instant::now() > deadline {
            let said: Vec<Vec<Value>> = peers.iter().map(|p| p.tail(6)).collect();
            panic!(
                "the game stopped at {} of {head}; each peer said last: {said:?}",
                peers[0].head()
            );
        }
        round(peers).await;
    }
}

/// The native peer program, as a third phone: its standard input takes
/// commands, its standard output says what happens, one JSON a line.
struct Peer {
    child: Child,
    stdin: ChildStdin,
    lines: Arc<Mutex<Vec<Value>>>,
}

impl Peer {
    fn spawn(args: &[&str]) -> Peer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_genius-table"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        tokio::spawn(async move {
            let mut reader = BufReader::new(stdout).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                if let Ok(value) = serde_json::from_str::<Value>(&line) {
                    sink.lock().unwrap().push(value);
                }
            }
        });
        Peer {
            child,
            stdin,
            lines,
        }
    }

    async fn send(&mut self, line: &str) {
        let _ = self.stdin.write_all(format!("{line}\n").as_bytes()).await;
    }

    /// The last line saying `{"link": what, …}`.
    fn said(&self, what: &str) -> Option<Value> {
        self.lines
            .lock()
            .unwrap()
            .iter()
            .rev()
            .find(|v| v["link"] == what)
            .cloned()
    }

    /// Its last `n` lines.
    fn tail(&self, n: usize) -> Vec<Value> {
        let lines = self.lines.lock().unwrap();
        lines[lines.len().saturating_sub(n)..].to_vec()
    }

    /// The last line that has `key`.
    fn last(&self, key: &str) -> Option<Value> {
        self.lines
            .lock()
            .unwrap()
            .iter()
            .rev()
            .find(|v| v.get(key).is_some())
            .cloned()
    }

    fn head(&self) -> u64 {
        self.last("head")
            .and_then(|v| v["head"].as_u64())
            .unwrap_or(0)
    }

    async fn wait(&self, what: &str, done: impl Fn(&Peer) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !done(self) {
            if Instant::now() > deadline {
                let lines = self.lines.lock().unwrap();
                let tail = &lines[lines.len().saturating_sub(40)..];
                panic!("timed out waiting for: {what}; it said last: {tail:?}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_native_peer_is_killed_resumes_and_carries_the_game_on_when_the_host_leaves() {
    let relay = LocalRelay::start().await;
    let dir = std::env::temp_dir().join(format!("genius-peers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let url = relay.url();
    let (h, g1, g2) = (file("host.json"), file("g1.json"), file("g2.json"));
    let mut host = Peer::spawn(&[
        "host",
        "--file",
        &h,
        "--game",
        "einstein",
        "--players",
        "Anne,Bruno,Chloé",
        "--relay",
        &url,
        "--seed",
        "1",
    ]);
    host.wait("the ticket", |p| p.last("ticket").is_some())
        .await;
    let ticket = host.last("ticket").unwrap()["ticket"]
        .as_str()
        .unwrap()
        .to_string();
    let guest = |file: &str, seat: &str, seed: &str| {
        Peer::spawn(&[
            "join",
            "--file",
            file,
            "--ticket",
            &ticket,
            "--seat",
            seat,
            "--relay",
            &url,
            "--relay-only",
            "--seed",
            seed,
        ])
    };
    let mut bruno = guest(&g1, "1", "2");
    let mut chloe = guest(&g2, "2", "3");
    for peer in [&bruno, &chloe] {
        peer.wait("joined", |p| {
            p.last("link").is_some_and(|v| v["link"] == "joined")
        })
        .await;
    }
    play_to(15, &mut [&mut host, &mut bruno, &mut chloe]).await;
    // Killed (kill -9: nothing more written) once its copy has the host's
    // head, then resumed from its file.
    let want = host.head();
    chloe
        .wait(&format!("Chloé's copy at {want}"), |p| p.head() >= want)
        .await;
    chloe.child.kill().await.unwrap();
    let killed_at = chloe.head();
    for _ in 0..5 {
        round(&mut [&mut host, &mut bruno]).await;
    }
    let mut chloe = Peer::spawn(&[
        "resume",
        "--file",
        &g2,
        "--relay",
        &url,
        "--relay-only",
        "--seed",
        "4",
    ]);
    chloe
        .wait("the copy to catch up", |p| {
            p.head() >= killed_at && p.last("link").is_some_and(|v| v["link"] == "joined")
        })
        .await;
    play_to(30, &mut [&mut host, &mut bruno, &mut chloe]).await;
    // The host is killed too, and resumed from its file with the same key
    // (the same identity; only its direct addresses change): the guests,
    // still dialling through the relay, come back by themselves.
    host.child.kill().await.unwrap();
    let mut host = Peer::spawn(&["resume", "--file", &h, "--relay", &url, "--seed", "7"]);
    host.wait("the same ticket", |p| p.last("ticket").is_some())
        .await;
    let again = host.last("ticket").unwrap()["ticket"]
        .as_str()
        .unwrap()
        .to_string();
    let key = |t: &str| Ticket::parse(t).unwrap().host;
    assert_eq!(key(&again), key(&ticket), "the same host key");
    for peer in [&bruno, &chloe] {
        peer.wait("back at the table", |p| {
            p.last("link").is_some_and(|v| v["link"] == "joined")
                && p.lines
                    .lock()
                    .unwrap()
                    .iter()
                    .filter(|v| v["link"] == "joined")
                    .count()
                    >= 2
        })
        .await;
    }
    play_to(40, &mut [&mut host, &mut bruno, &mut chloe]).await;
    // Moves still on their way land after the last round: every copy
    // settles on the host's head as it then stands.
    for peer in [&bruno, &chloe] {
        let want = host.head();
        peer.wait(&format!("the same game (host at {want})"), |p| {
            p.head() == host.head()
        })
        .await;
    }
    let at = host.head();
    // The host leaves. Bruno's copy carries the game on under his own key
    // and the next term; Chloé's phone, looking for a host among the
    // table's phones since hers left, follows it by itself, with the copy
    // she has: no new link to pass around.
    host.send("quit").await;
    host.child.wait().await.unwrap();
    for peer in [&bruno, &chloe] {
        peer.wait("the host to have left", |p| p.said("host left").is_some())
            .await;
    }
    bruno.child.kill().await.unwrap();
    let mut bruno = Peer::spawn(&["takeover", "--file", &g1, "--relay", &url, "--seed", "5"]);
    bruno
        .wait("the new ticket", |p| p.last("ticket").is_some())
        .await;
    let new_ticket = bruno.last("ticket").unwrap()["ticket"]
        .as_str()
        .unwrap()
        .to_string();
    let (old, new) = (
        Ticket::parse(&ticket).unwrap(),
        Ticket::parse(&new_ticket).unwrap(),
    );
    assert_ne!(new.host, old.host);
    assert!(new.same_table(&old) && new.term == 1, "{new_ticket}");
    // A take-over moves the hosting, not the seats: Anne's stays with the
    // phone that left, and the table would wait for her. Bruno's phone
    // frees it, and plays it from now on.
    bruno.send("free 0").await;
    chloe
        .wait("to follow the next host", |p| p.said("moved").is_some())
        .await;
    let moved = chloe.said("moved").unwrap()["ticket"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(Ticket::parse(&moved).unwrap().host, new.host);
    chloe.wait("joined the next host", |p| p.head() >= at).await;
    // Played to the end, so that every choice is shown on every phone.
    let finished = |p: &Peer| p.last("head").is_some_and(|v| v["finished"] == true);
    // Two minutes at most (a loaded machine answers slower; the rounds are
    // what the game needs, not a fixed count).
    let deadline = Instant::now() + Duration::from_secs(120);
    while !finished(&bruno) && Instant::now() < deadline {
        // Until the game moves on, the seat is freed again: a loaded machine
        // may take the first `free` before this phone hosts (it is then
        // no host's to free), and freeing a freed seat changes nothing.
        if bruno.head() <= at {
            bruno.send("free 0").await;
        }
        round(&mut [&mut bruno, &mut chloe]).await;
    }
    assert!(
        finished(&bruno),
        "the game went on to its end; Bruno said last {:?}, Chloé {:?}",
        bruno.tail(6),
        chloe.tail(6)
    );
    // Moves on their way land after the last round.
    chloe
        .wait("the same game", |p| p.head() == bruno.head() && finished(p))
        .await;
    assert_eq!(
        bruno.last("head").unwrap()["chain"],
        chloe.last("head").unwrap()["chain"]
    );
    // Chloé would host it too: told that Bruno's phone hosts it, she joins
    // it instead, on her seat (one table, one host).
    chloe.child.kill().await.unwrap();
    let chloe = Peer::spawn(&["takeover", "--file", &g2, "--relay", &url, "--seed", "8"]);
    chloe
        .wait("told the table is hosted", |p| {
            p.said("already hosted").is_some()
        })
        .await;
    chloe
        .wait("back in the same game", |p| {
            p.head() == bruno.head() && p.said("joined").is_some()
        })
        .await;
    assert!(chloe.last("ticket").is_none(), "no second table");
    bruno.send("quit").await;
    let _ = bruno.child.wait().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Settings checks iroh's public relays when no relay of the player's own
/// is set: the list it asks is iroh's own.
#[test]
fn the_public_relays_settings_checks_are_irohs() {
    let mut iroh: Vec<String> = iroh::defaults::prod::default_relay_map()
        .urls::<Vec<_>>()
        .iter()
        .map(|url| url.to_string())
        .collect();
    let mut ours: Vec<String> = genius::settings::PUBLIC_RELAYS
        .iter()
        .map(|u| u.to_string())
        .collect();
    iroh.sort();
    ours.sort();
    assert_eq!(ours, iroh);
}
