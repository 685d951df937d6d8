//! The table protocol without a network: a host and its guests driven
//! through seeded random interleavings, with frames lost, repeated and
//! reordered, guests dropping off, coming back and restarting from their
//! saved copy. Whatever happens, once the link is healthy again every copy
//! holds the host's log, that log replays on one phone to the same game,
//! and every proposal was applied once or refused with a reason.

use genius::core::autoplay::random_move;
use genius::core::einstein::{self, Einstein};
use genius::core::game::{Actor, Game};
use genius::core::link::guest::{Guest, GuestEvent, LinkState, SavedGuest, SeatChoice};
use genius::core::link::host::{Host, HostEvent, Misbehaviour};
use genius::core::link::replica::Replica;
use genius::core::link::wire::{
    encode, Denied, Entry, FrameError, JoinRefusal, PhoneId, Secret, Start, Step, StepKind, ToHost,
    MAX_FRAME, PROTOCOL, SILENCE,
};
use genius::core::link::{Output, PeerId};
use genius::core::rtt::{self, shipped_sheets, Rtt};
use genius::core::sequence::{self, Sequence};
use genius::core::serieux::{self, Serieux};
use genius::core::session::Session;
use genius::core::table::{Colour, FirstPlayer, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, VecDeque};
use std::time::Duration;

const SECRET: Secret = secret(7);

const fn secret(b: u8) -> Secret {
    Secret::from_bytes([b; 16])
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

fn players(n: usize) -> Vec<Player> {
    let names = ["Anne", "Bruno", "Chloé", "David", "Emma", "Farid"];
    (0..n)
        .map(|i| Player::new(names[i], Colour::ALL[i]))
        .collect()
}

/// How a proposal was answered: none yet, applied as entry `seq`, or refused.
type Outcome<G> = Option<Result<u64, Denied<<G as genius::core::game::Rules>::Error>>>;

/// One guest phone and its connection, as the test's network sees it.
struct Phone<G: Game> {
    guest: Guest<G>,
    /// The host's number for its connection, while connected.
    peer: Option<PeerId>,
    to_host: VecDeque<Vec<u8>>,
    to_guest: VecDeque<Vec<u8>>,
    /// Every proposal this phone made, and how it was answered.
    outcomes: HashMap<u64, Outcome<G>>,
}

/// The table: one host, its guests, the frames in flight, the time.
struct Table<G: Game> {
    host: Host<G>,
    phones: Vec<Phone<G>>,
    next_peer: PeerId,
    now: Duration,
    faults: Faults,
}

/// What the network did to the table, for the test's report.
#[derive(Default, Debug)]
struct Faults {
    reordered: usize,
    repeated: usize,
    lost: usize,
    dropped_links: usize,
    restarts: usize,
    /// Connections dropped by a side that heard nothing for too long.
    silences: usize,
}

impl<G: Game> Table<G> {
    /// `n` players: the host plays seat 0, guest `i` seat `claims[i]`.
    fn new(start: Start<G::Setup>, claims: &[Option<usize>]) -> Self {
        let replica = Replica::new("test-game".into(), start).unwrap();
        let host = Host::new(replica, SECRET, PhoneId(1000), Some(0));
        let phones = claims
            .iter()
            .enumerate()
            .map(|(i, claim)| Phone {
                guest: Guest::new(SECRET, PhoneId(i as u64 + 1), *claim, None),
                peer: None,
                to_host: VecDeque::new(),
                to_guest: VecDeque::new(),
                outcomes: HashMap::new(),
            })
            .collect();
        Table {
            host,
            phones,
            next_peer: 1,
            now: Duration::ZERO,
            faults: Faults::default(),
        }
    }

    fn connect(&mut self, i: usize) {
        let peer = self.next_peer;
        self.next_peer += 1;
        self.host.connected(peer, self.now);
        let phone = &mut self.phones[i];
        phone.peer = Some(peer);
        phone.guest.connected(self.now);
    }

    fn disconnect(&mut self, i: usize) {
        let phone = &mut self.phones[i];
        if let Some(peer) = phone.peer.take() {
            phone.to_host.clear();
            phone.to_guest.clear();
            phone.guest.disconnected(self.now);
            self.host.disconnected(peer, self.now);
        }
    }

    /// Moves what both sides want to send into the network, and closes
    /// what either side closes.
    fn pump(&mut self) {
        while let Some(output) = self.host.poll_output() {
            match output {
                Output::Transmit { peer, frame } => {
                    if let Some(p) = self.phones.iter_mut().find(|p| p.peer == Some(peer)) {
                        p.to_guest.push_back(frame);
                    }
                }
                Output::Close { peer } => {
                    if let Some(i) = self.phones.iter().position(|p| p.peer == Some(peer)) {
                        // What was queued before the close still arrives.
                        let phone = &mut self.phones[i];
                        while let Some(frame) = phone.to_guest.pop_front() {
                            phone.guest.receive(&frame, self.now);
                        }
                        self.disconnect(i);
                    }
                }
                Output::Event(event) => {
                    if std::env::var("LINK_DEBUG").is_ok() {
                        eprintln!("{event:?}");
                    }
                }
            }
        }
        let mut closed = Vec::new();
        for (i, phone) in self.phones.iter_mut().enumerate() {
            while let Some(output) = phone.guest.poll_output() {
                match output {
                    Output::Transmit { frame, .. } if phone.peer.is_some() => {
                        phone.to_host.push_back(frame)
                    }
                    Output::Transmit { .. } => {}
                    Output::Close { .. } => closed.push(i),
                    Output::Event(GuestEvent::Accepted { id, seq }) => {
                        phone.outcomes.insert(id, Some(Ok(seq)));
                    }
                    Output::Event(GuestEvent::Denied { id, why }) => {
                        phone.outcomes.insert(id, Some(Err(why)));
                    }
                    Output::Event(_) => {}
                }
            }
        }
        for i in closed {
            self.faults.silences +=
                usize::from(self.phones[i].guest.state() == &LinkState::Offline);
            self.disconnect(i);
        }
    }

    /// Takes one frame off a queue: mostly the first, sometimes another
    /// (reordered); some are lost, some delivered twice.
    fn take(
        queue: &mut VecDeque<Vec<u8>>,
        rng: &mut StdRng,
        faults: Option<&mut Faults>,
    ) -> Option<Vec<u8>> {
        if queue.is_empty() {
            return None;
        }
        let Some(faults) = faults else {
            return queue.pop_front();
        };
        let at = if rng.random_bool(0.15) {
            faults.reordered += usize::from(queue.len() > 1);
            rng.random_range(0..queue.len())
        } else {
            0
        };
        let frame = if rng.random_bool(0.05) {
            faults.repeated += 1;
            queue[at].clone() // delivered now and again later
        } else {
            queue.remove(at)?
        };
        if rng.random_bool(0.05) {
            faults.lost += 1;
            return None;
        }
        Some(frame)
    }

    fn deliver_one(&mut self, rng: &mut StdRng, faults: bool) -> bool {
        let busy: Vec<usize> = (0..self.phones.len())
            .filter(|i| !self.phones[*i].to_host.is_empty() || !self.phones[*i].to_guest.is_empty())
            .collect();
        let Some(&i) = busy.get(rng.random_range(0..busy.len().max(1))) else {
            return false;
        };
        let now = self.now;
        let phone = &mut self.phones[i];
        let faults = faults.then_some(&mut self.faults);
        if rng.random_bool(0.5) && !phone.to_host.is_empty() || phone.to_guest.is_empty() {
            if let (Some(frame), Some(peer)) =
                (Self::take(&mut phone.to_host, rng, faults), phone.peer)
            {
                self.host.receive(peer, &frame, now);
            }
        } else if let Some(frame) = Self::take(&mut phone.to_guest, rng, faults) {
            // Bytes it cannot read: the guest closes (see `pump`).
            phone.guest.receive(&frame, now);
        }
        true
    }

    /// A player makes a move on their own phone (or the host's).
    fn play(&mut self, rng: &mut StdRng) {
        let i = rng.random_range(0..=self.phones.len());
        let now = self.now;
        if i == self.phones.len() {
            // The host: its own seat, and the seats no phone holds.
            let seats: Vec<usize> = self
                .host
                .seats()
                .iter()
                .enumerate()
                .filter(|(s, v)| *s == 0 || v.phone.is_none())
                .map(|(s, _)| s)
                .collect();
            let step = if rng.random_bool(0.04) {
                Step::Undo
            } else if rng.random_bool(0.02) {
                Step::Redo
            } else {
                match random_move(self.host.replica().session().state(), &seats, rng) {
                    Some(action) => Step::Act(action),
                    None => return,
                }
            };
            let _ = self.host.act(step, self.now);
            return;
        }
        let phone = &mut self.phones[i];
        let Some(replica) = phone.guest.replica() else {
            return;
        };
        let step = if rng.random_bool(0.03) {
            Step::Undo
        } else if rng.random_bool(0.02) {
            Step::Redo
        } else {
            let seat = phone.guest.seat();
            let seats: Vec<usize> = seat.into_iter().collect();
            match random_move(replica.session().state(), &seats, rng) {
                Some(action) => Step::Act(action),
                None => return,
            }
        };
        if let Ok(id) = phone.guest.act(step, now) {
            phone.outcomes.insert(id, None);
        }
    }

    /// Every guest's copy is a prefix of the host's log, as the guest may
    /// read it: another player's hidden choice (Einstein's) is held sealed
    /// while that roll's choices are not all made, and never in full.
    fn check_prefixes(&self) {
        for (i, phone) in self.phones.iter().enumerate() {
            if let Some(replica) = phone.guest.replica() {
                self.check_copy(i, replica.entries(), phone.guest.seat());
            }
        }
    }

    fn check_copy(&self, i: usize, held: &[Entry<G::Action>], seat: Option<usize>) {
        let host = self.host.replica();
        let log = host.entries();
        assert!(
            held.len() <= log.len(),
            "guest {i} holds more than the host"
        );
        for (seq, (held, entry)) in (1..).zip(held.iter().zip(log)) {
            match held.step {
                Step::Sealed { player, kind } => assert!(
                    host.hidden_of(seq) == Some(player) && entry.step.kind() == kind,
                    "guest {i}'s sealed entry {seq} is not the host's"
                ),
                _ => {
                    assert_eq!(held, entry, "guest {i}'s entry {seq} is not the host's");
                    let mine: Vec<usize> = seat.into_iter().collect();
                    assert_eq!(
                        host.sealed_for(seq, &mine),
                        None,
                        "guest {i} holds another player's hidden choice {seq}"
                    );
                }
            }
        }
    }

    /// One random step of the table's life.
    fn step(&mut self, rng: &mut StdRng) {
        let roll = rng.random_range(0..100);
        let i = rng.random_range(0..self.phones.len());
        match roll {
            0..=44 => {
                self.deliver_one(rng, true);
            }
            45..=69 => self.play(rng),
            70..=74 => {
                self.faults.dropped_links += usize::from(self.phones[i].peer.is_some());
                self.disconnect(i);
            }
            75..=86 => {
                if self.phones[i].peer.is_none() {
                    self.connect(i);
                }
            }
            87..=88 => {
                self.faults.restarts += 1;
                self.restart(i);
            }
            _ => {
                self.now += Duration::from_millis(rng.random_range(0..800));
                self.tick();
            }
        }
        self.pump();
        self.check_prefixes();
    }

    /// The time is given to every side: pings, retries, and the
    /// connections of a side gone silent dropped (as the drivers do).
    fn tick(&mut self) {
        self.host.handle_timeout(self.now);
        for phone in &mut self.phones {
            phone.guest.handle_timeout(self.now);
        }
        self.pump();
    }

    /// The phone is closed and opened again: the guest comes back from what
    /// it saved (through JSON, as a file), offline.
    fn restart(&mut self, i: usize) {
        self.disconnect(i);
        let phone = &mut self.phones[i];
        let json = serde_json::to_string(&phone.guest.saved()).unwrap();
        let saved: SavedGuest<G> = serde_json::from_str(&json).unwrap();
        let replica = saved
            .replica
            .clone()
            .map(|r| Replica::restore(r).expect("a saved copy replays"));
        phone.guest = Guest::restore(saved, replica);
    }

    /// The link healthy again: every phone reconnects, and every frame is
    /// delivered in order until nothing moves.
    fn heal(&mut self, rng: &mut StdRng) {
        for i in 0..self.phones.len() {
            self.disconnect(i);
            self.connect(i);
        }
        self.pump();
        for _ in 0..100_000 {
            if !self.deliver_one(rng, false) {
                // Something still to come: an answer, or missing entries.
                let head = self.host.replica().head();
                let waiting = self.phones.iter().any(|p| {
                    p.guest.pending().count() > 0
                        || p.guest.replica().is_none_or(|r| r.head() < head)
                });
                if !waiting {
                    return;
                }
                self.now += Duration::from_secs(1);
                self.tick();
            }
            self.pump();
        }
        panic!("the table never settled");
    }

    fn check_settled(&self) {
        let host = self.host.replica();
        // The log replays on one phone, step by step, to the same game.
        let mut one_phone: Session<G> = Session::new(host.start().setup.clone()).unwrap();
        one_phone.allow_coach(host.start().coach_allowed);
        for entry in host.entries() {
            match &entry.step {
                Step::Act(action) => one_phone.act(action.clone()).unwrap(),
                Step::Undo => assert!(one_phone.undo()),
                Step::Redo => assert!(one_phone.redo()),
                Step::Sealed { .. } => panic!("the host's log holds every entry"),
            }
        }
        assert_eq!(json(one_phone.record()), json(host.session().record()));
        // Choices still hidden stay sealed on the others' copies.
        let round_open = host.round_start().is_some();
        for (i, phone) in self.phones.iter().enumerate() {
            assert_eq!(phone.guest.state(), &LinkState::Joined, "guest {i}");
            let copy = phone.guest.replica().expect("joined");
            assert_eq!(copy.head(), host.head(), "guest {i}'s log");
            self.check_copy(i, copy.entries(), phone.guest.seat());
            if !round_open {
                assert_eq!(copy.entries(), host.entries(), "guest {i}'s log");
                assert_eq!(
                    json(copy.session().record()),
                    json(host.session().record()),
                    "guest {i}"
                );
            }
            assert_eq!(phone.guest.pending().count(), 0, "guest {i}: unanswered");
            // Applied once, or refused and not applied.
            for (id, outcome) in &phone.outcomes {
                let entries: Vec<u64> = (1..)
                    .zip(host.entries())
                    .filter(|(_, e)| {
                        e.origin
                            .is_some_and(|o| o.phone == phone.guest.phone() && o.proposal == *id)
                    })
                    .map(|(seq, _)| seq)
                    .collect();
                match outcome {
                    Some(Ok(seq)) => assert_eq!(entries, vec![*seq], "guest {i}, proposal {id}"),
                    Some(Err(_)) => assert!(entries.is_empty(), "guest {i}, proposal {id}"),
                    None => panic!("guest {i}: proposal {id} never answered"),
                }
            }
        }
    }
}

/// Plays `games` seeded tables of `steps` steps each, then heals the link
/// and checks every copy. Returns (entries, proposals) over all tables.
fn interleavings<G: Game>(
    start: impl Fn(&mut StdRng) -> Start<G::Setup>,
    claims: &[Option<usize>],
    games: u64,
    steps: usize,
) -> (usize, usize) {
    let (mut entries, mut proposals) = (0, 0);
    let mut faults = Faults::default();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut table = Table::<G>::new(start(&mut rng), claims);
        for i in 0..claims.len() {
            table.connect(i);
        }
        table.pump();
        for _ in 0..steps {
            table.step(&mut rng);
            if table.host.replica().session().is_finished() && rng.random_bool(0.05) {
                break;
            }
        }
        table.heal(&mut rng);
        table.check_settled();
        entries += table.host.replica().head() as usize;
        proposals += table.phones.iter().map(|p| p.outcomes.len()).sum::<usize>();
        faults.reordered += table.faults.reordered;
        faults.repeated += table.faults.repeated;
        faults.lost += table.faults.lost;
        faults.dropped_links += table.faults.dropped_links;
        faults.restarts += table.faults.restarts;
        faults.silences += table.faults.silences;
    }
    // Every table settled identical (checked above): 0 copies diverged,
    // 0 entries lost.
    println!(
        "{}: {games} tables, {entries} entries, {proposals} proposals; {faults:?}; copies diverged 0",
        std::any::type_name::<G>()
    );
    (entries, proposals)
}

fn games() -> u64 {
    std::env::var("GENIUS_LINK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40)
}

#[test]
fn einstein_three_phones_and_a_watcher_agree_whatever_the_network_does() {
    let (entries, proposals) = interleavings::<Einstein>(
        |rng| Start {
            setup: einstein::Setup {
                players: players(4),
                first: if rng.random_bool(0.5) {
                    FirstPlayer::RollOff
                } else {
                    FirstPlayer::Chosen(rng.random_range(0..4))
                },
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        // Seat 3 has no phone: the host plays it.
        &[Some(1), Some(2), None],
        games(),
        1500,
    );
    assert!(entries > 20 * games() as usize, "{entries} entries");
    assert!(proposals > 20 * games() as usize, "{proposals} proposals");
}

#[test]
fn roll_to_the_top_sheets_filled_at_once_agree() {
    interleavings::<Rtt>(
        |rng| {
            let sheets = shipped_sheets();
            Start {
                setup: rtt::Setup {
                    players: players(3),
                    first: FirstPlayer::RollOff,
                    sheet: sheets[rng.random_range(0..sheets.len())].clone(),
                    decreasing: rng.random_bool(0.3),
                },
                coach_allowed: false,
                dice: Default::default(),
            }
        },
        &[Some(1), Some(2)],
        games() / 2,
        1200,
    );
}

#[test]
fn turn_games_agree() {
    interleavings::<Serieux>(
        |_| Start {
            setup: serieux::Setup {
                players: players(3),
                first: FirstPlayer::RollOff,
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        &[Some(1), Some(2)],
        games() / 2,
        600,
    );
    interleavings::<Sequence>(
        |_| Start {
            setup: sequence::Setup {
                players: players(2),
                first: FirstPlayer::RollOff,
                six_in_a_row: false,
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        &[Some(1)],
        games() / 2,
        800,
    );
}

/// A host with two joined guests (seats 1 and 2) of a three-player Einstein.
fn einstein_table() -> Table<Einstein> {
    let mut table = Table::<Einstein>::new(
        Start {
            setup: einstein::Setup {
                players: players(3),
                first: FirstPlayer::Chosen(0),
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        &[Some(1), Some(2)],
    );
    table.connect(0);
    table.connect(1);
    settle(&mut table);
    table
}

/// Phone `i` sends the host an undo its own copy would refuse (a modified
/// client), proposal number `id`, and the table settles.
fn forge_undo(table: &mut Table<Einstein>, i: usize, id: u64) {
    let forged = encode(&ToHost::<einstein::Action>::Propose {
        id,
        step: Step::Undo,
    })
    .unwrap();
    let peer = table.phones[i].peer.unwrap();
    table.host.receive(peer, &forged, table.now);
    settle(table);
}

fn settle<G: Game>(table: &mut Table<G>) {
    let mut rng = StdRng::seed_from_u64(0);
    table.pump();
    while table.deliver_one(&mut rng, false) {
        table.pump();
    }
}

fn roll(dice: [u8; 5]) -> einstein::Action {
    einstein::Action::Roll {
        dice: dice
            .iter()
            .map(|v| genius::core::dice::D6::new(*v).unwrap())
            .collect(),
        source: genius::core::game::RollSource::Typed,
    }
}

fn choose(player: usize) -> einstein::Action {
    einstein::Action::Choose {
        player,
        choice: einstein::Choice {
            pairs: [[0, 1], [2, 3]],
        },
    }
}

#[test]
fn a_guest_proposes_for_its_own_seat_only_and_sees_the_rules_refusal() {
    let mut table = einstein_table();
    // Seat 0 (the host) rolls; a guest may not roll for it.
    let guest = &mut table.phones[0].guest;
    assert_eq!(
        guest.act(Step::Act(roll([1, 2, 3, 4, 5])), Duration::ZERO),
        Err(Denied::NotYourSeat {
            seat: Some(1),
            actor: Actor::Player(0)
        })
    );
    // Nor choose for another player.
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
        .unwrap();
    settle(&mut table);
    let guest = &mut table.phones[0].guest;
    assert!(matches!(
        guest.act(Step::Act(choose(2)), Duration::ZERO),
        Err(Denied::NotYourSeat { .. })
    ));
    // Its own choice goes through, once; the second is refused by the rules.
    let id = guest.act(Step::Act(choose(1)), Duration::ZERO).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(2)));
    let guest = &mut table.phones[0].guest;
    assert_eq!(
        guest.act(Step::Act(choose(1)), Duration::ZERO),
        Err(Denied::Rules(einstein::Error::NotWaitingFor(1)))
    );
    // The host enforces it too: a proposal forged past the guest's own check.
    let forged = encode(&ToHost::Propose {
        id: 99,
        step: Step::Act(choose(2)),
    })
    .unwrap();
    let peer = table.phones[0].peer.unwrap();
    table.host.receive(peer, &forged, Duration::ZERO);
    settle(&mut table);
    assert_eq!(
        table.phones[0].outcomes.get(&99),
        None,
        "answered, but to no proposal the guest made"
    );
    assert_eq!(table.host.replica().head(), 2, "nothing applied");
    // The host may not play a seat a phone holds.
    assert!(matches!(
        table.host.act(Step::Act(choose(2)), table.now),
        Err(Denied::NotYourSeat { .. })
    ));
}

#[test]
fn steps_made_offline_go_out_when_the_link_is_back() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    table.disconnect(0);
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), Duration::ZERO)
        .unwrap();
    // Closed and opened again before the link is back: still waiting.
    table.restart(0);
    assert_eq!(table.phones[0].guest.pending().count(), 1);
    table.connect(0);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(2)));
    assert_eq!(table.phones[1].guest.replica().unwrap().head(), 2);
}

#[test]
fn each_phone_takes_back_its_own_moves() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(2)));
    // Chloé's phone may not undo Bruno's choice: refused at once…
    assert!(!table.phones[1].guest.may(&Step::Undo));
    assert_eq!(
        table.phones[1].guest.act(Step::Undo, table.now),
        Err(Denied::OthersMove)
    );
    // …and by the host, had it been sent.
    forge_undo(&mut table, 1, 50);
    assert_eq!(table.host.replica().head(), 2, "nothing undone");
    // Nor may the host, while Bruno's phone holds his seat.
    assert!(!table.host.may(&Step::Undo));
    assert_eq!(
        table.host.act(Step::Undo, table.now),
        Err(Denied::OthersMove)
    );
    // Bruno takes it back, and only he puts it back.
    assert!(table.phones[0].guest.may(&Step::Undo));
    let undo = table.phones[0].guest.act(Step::Undo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&undo], Some(Ok(3)));
    assert_eq!(
        table.phones[1].guest.act(Step::Redo, table.now),
        Err(Denied::OthersMove)
    );
    assert_eq!(
        table.host.act(Step::Redo, table.now),
        Err(Denied::OthersMove)
    );
    let redo = table.phones[0].guest.act(Step::Redo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&redo], Some(Ok(4)));
    // Should Bruno's phone host the game from here, his moves stay his.
    let bruno = &table.phones[0].guest;
    let copy = bruno.replica().unwrap().clone();
    let new_host = Host::new(copy, secret(9), bruno.phone(), Some(1));
    assert!(new_host.may(&Step::Undo));
    // The host's own roll is the host's to take back once the choices on
    // top of it are; and a phone that left its seat leaves its moves to
    // the host.
    table.host.free_seat(1, table.now);
    settle(&mut table);
    assert!(table.host.may(&Step::Undo));
    table.host.act(Step::Undo, table.now).unwrap();
    table.host.act(Step::Undo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.host.replica().session().log().len(), 0);
    for phone in &table.phones {
        assert_eq!(phone.guest.replica().unwrap().session().log().len(), 0);
    }
}

/// Counts the pings in a queue of frames.
fn pings(frames: &VecDeque<Vec<u8>>) -> usize {
    let ping = encode(&ToHost::<einstein::Action>::Ping).unwrap();
    frames.iter().filter(|f| **f == ping).count()
}

#[test]
fn a_quiet_table_stays_connected_on_its_heartbeat() {
    let mut table = einstein_table();
    // A minute with no move: both sides ping every two seconds, and the
    // pings keep every connection up.
    for _ in 0..60 {
        table.now += Duration::from_secs(1);
        table.tick();
        table.pump();
        assert!(pings(&table.phones[0].to_host) <= 1, "at most one per 2 s");
        settle(&mut table);
    }
    assert_eq!(table.faults.silences, 0);
    for phone in &table.phones {
        assert_eq!(phone.guest.state(), &LinkState::Joined);
    }
    assert!(table.host.seats().iter().all(|s| s.connected));
    let next = table.host.poll_timeout().unwrap();
    assert!(next > table.now && next <= table.now + Duration::from_secs(2));
}

#[test]
fn a_host_gone_silent_is_told_within_the_silence_and_dialled_again() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    // The host's page is closed without a word: nothing comes from it any
    // more, and what the guest sends goes nowhere.
    let vanished = table.now;
    let mut told = None;
    for _ in 0..20 {
        table.now += Duration::from_millis(500);
        let guest = &mut table.phones[0].guest;
        if let Some(at) = guest.poll_timeout() {
            assert!(at <= vanished + SILENCE, "the guest waits no longer");
        }
        guest.handle_timeout(table.now);
        let closed =
            std::iter::from_fn(|| guest.poll_output()).any(|o| matches!(o, Output::Close { .. }));
        if closed {
            assert_eq!(guest.state(), &LinkState::Offline);
            told = Some(table.now - vanished);
            break;
        }
    }
    assert_eq!(told, Some(SILENCE), "offline once the host was silent 8 s");
    // Its choice made offline waits, and goes out to the next host it
    // reaches (here the same one, back).
    let id = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    table.disconnect(0);
    table.connect(0);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&id], Some(Ok(2)));
}

#[test]
fn a_guest_gone_silent_keeps_its_seat_shown_not_connected() {
    let mut table = einstein_table();
    let peer = table.phones[1].peer.unwrap();
    // Only the first guest still speaks.
    for _ in 0..9 {
        table.now += Duration::from_secs(1);
        table.host.handle_timeout(table.now);
        table.phones[0].guest.handle_timeout(table.now);
        table.pump();
        table.phones[1].to_host.clear();
        settle(&mut table);
    }
    // The host closed its connection (the test's network hangs up both
    // ends, as the driver does).
    assert_eq!(table.phones[1].peer, None, "peer {peer} dropped");
    let seats = table.host.seats();
    assert_eq!(
        seats[2].phone,
        Some(table.phones[1].guest.phone()),
        "still its seat"
    );
    assert!(!seats[2].connected, "shown not connected");
    assert!(seats[1].connected);
    // The other guest hears it.
    assert!(!table.phones[0].guest.seats()[2].connected);
}

#[test]
fn the_host_frees_a_seat_and_another_phone_takes_it() {
    let mut table = einstein_table();
    let third = Guest::<Einstein>::new(SECRET, PhoneId(77), Some(2), None);
    table.phones.push(Phone {
        guest: third,
        peer: None,
        to_host: VecDeque::new(),
        to_guest: VecDeque::new(),
        outcomes: HashMap::new(),
    });
    table.connect(2);
    settle(&mut table);
    assert_eq!(
        table.phones[2].guest.state(),
        &LinkState::Refused(JoinRefusal::SeatTaken(2))
    );
    table.host.free_seat(2, table.now);
    settle(&mut table);
    assert_eq!(table.phones[1].guest.seat(), None, "now watching");
    let mut again = Guest::<Einstein>::new(SECRET, PhoneId(77), Some(2), None);
    std::mem::swap(&mut table.phones[2].guest, &mut again);
    table.connect(2);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), Some(2));
    assert_eq!(table.host.seats()[2].phone, Some(PhoneId(77)));
}

#[test]
fn a_watching_phone_picks_a_free_seat_and_cannot_take_a_held_one() {
    let mut table = einstein_table();
    let watcher = Guest::<Einstein>::new(SECRET, PhoneId(78), None, None);
    table.phones.push(Phone {
        guest: watcher,
        peer: None,
        to_host: VecDeque::new(),
        to_guest: VecDeque::new(),
        outcomes: HashMap::new(),
    });
    table.connect(2);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), None, "joined watching");
    // Seat 1 is another phone's: refused, the seats unchanged.
    table.phones[2].guest.claim(Some(1), table.now);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), None);
    assert_eq!(table.phones[0].guest.seat(), Some(1));
    // Freed by the host, seat 1 may be claimed.
    table.host.free_seat(1, table.now);
    settle(&mut table);
    table.phones[2].guest.claim(Some(1), table.now);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), Some(1));
    assert_eq!(table.host.seats()[1].phone, Some(PhoneId(78)));
    assert_eq!(table.phones[1].guest.seats()[1].phone, Some(PhoneId(78)));
    // A reconnection asks for the seat it holds.
    table.disconnect(2);
    table.connect(2);
    settle(&mut table);
    assert_eq!(table.phones[2].guest.seat(), Some(1));
    // Back to watching.
    table.phones[2].guest.claim(None, table.now);
    settle(&mut table);
    assert_eq!(table.host.seats()[1].phone, None);
}

/// Seats another phone (`phone`, asking for `claim`) at `table`, as its
/// phone number `table.phones.len()`.
fn another_phone(table: &mut Table<Einstein>, phone: u64, claim: Option<usize>) -> usize {
    table.phones.push(Phone {
        guest: Guest::new(SECRET, PhoneId(phone), claim, None),
        peer: None,
        to_host: VecDeque::new(),
        to_guest: VecDeque::new(),
        outcomes: HashMap::new(),
    });
    let i = table.phones.len() - 1;
    table.connect(i);
    settle(table);
    i
}

#[test]
fn the_hosts_own_seat_is_refused_to_other_phones_until_the_host_frees_it() {
    let mut table = einstein_table();
    let host = PhoneId(1000);
    assert_eq!(table.host.seats()[0].phone, Some(host));
    assert!(table.host.seats()[0].host, "told as the host's");
    assert!(
        table.phones[0].guest.seats()[0].host,
        "every phone hears it"
    );
    // A phone whose hello asks for the host's seat is turned away.
    let i = another_phone(&mut table, 79, Some(0));
    assert_eq!(
        table.phones[i].guest.state(),
        &LinkState::Refused(JoinRefusal::SeatTaken(0))
    );
    // A phone joined with nothing chosen has chosen nothing: it watches
    // until it picks, and says so.
    let i = another_phone(&mut table, 80, None);
    let watcher = &table.phones[i].guest;
    assert_eq!(watcher.state(), &LinkState::Joined);
    assert_eq!(watcher.seat_choice(), SeatChoice::Unchosen);
    assert_eq!(watcher.seat(), None);
    // Its claim of the host's seat is asked, then refused: the host keeps it.
    table.phones[i].guest.claim(Some(0), table.now);
    assert_eq!(
        table.phones[i].guest.seat_choice(),
        SeatChoice::Asked(Some(0))
    );
    settle(&mut table);
    let watcher = &table.phones[i].guest;
    assert_eq!(watcher.refused_claim(), Some(0));
    assert_eq!(watcher.seat_choice(), SeatChoice::Unchosen);
    assert_eq!(table.host.seats()[0].phone, Some(host));
    // Forged past the guest's own state, the claim is refused all the same.
    let forged = encode(&ToHost::<einstein::Action>::Claim { seat: Some(0) }).unwrap();
    let peer = table.phones[i].peer.unwrap();
    table.host.receive(peer, &forged, table.now);
    settle(&mut table);
    assert_eq!(table.host.seats()[0].phone, Some(host));
    // The host still plays its player.
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
        .unwrap();
    // Left to the other phones by the host, the seat is theirs to claim.
    table.host.free_seat(0, table.now);
    settle(&mut table);
    table.phones[i].guest.claim(Some(0), table.now);
    settle(&mut table);
    let watcher = &table.phones[i].guest;
    assert_eq!(watcher.seat_choice(), SeatChoice::Held(Some(0)));
    assert_eq!(watcher.refused_claim(), None);
    assert_eq!(table.host.seats()[0].phone, Some(PhoneId(80)));
    assert!(!table.host.seats()[0].host);
    // The host keeps a seat no phone holds; not one a phone holds.
    table.phones[i].guest.claim(None, table.now);
    settle(&mut table);
    assert_eq!(
        table.phones[i].guest.seat_choice(),
        SeatChoice::Held(None),
        "watching, by choice"
    );
    assert!(table.host.take_seat(0, table.now));
    assert!(!table.host.take_seat(1, table.now));
    settle(&mut table);
    assert_eq!(table.phones[0].guest.seats()[0].phone, Some(host));
    assert_eq!(table.phones[0].guest.seat(), Some(1));
}

#[test]
fn a_claim_is_asked_until_the_host_answers_then_held_or_refused() {
    let mut table = einstein_table();
    let w = another_phone(&mut table, 81, None);
    table.host.free_seat(2, table.now);
    settle(&mut table);
    assert_eq!(table.phones[1].guest.seat(), None, "freed: now watching");
    // The watcher asks for seat 2; before the host reads it, seats sent for
    // another reason (a phone gone) reach the watcher: not an answer.
    table.phones[w].guest.claim(Some(2), table.now);
    table.pump();
    table.disconnect(0);
    table.pump();
    let now = table.now;
    let phone = &mut table.phones[w];
    assert!(!phone.to_guest.is_empty());
    while let Some(frame) = phone.to_guest.pop_front() {
        phone.guest.receive(&frame, now);
    }
    assert_eq!(phone.guest.seat_choice(), SeatChoice::Asked(Some(2)));
    assert_eq!(phone.guest.refused_claim(), None, "not refused");
    settle(&mut table);
    assert_eq!(
        table.phones[w].guest.seat_choice(),
        SeatChoice::Held(Some(2))
    );
    // Two phones ask for one free seat at once: one holds it, the other is
    // told it was taken.
    table.phones[w].guest.claim(None, table.now);
    settle(&mut table);
    table.phones[w].guest.claim(Some(2), table.now);
    table.phones[1].guest.claim(Some(2), table.now);
    settle(&mut table);
    let (a, b) = (&table.phones[w].guest, &table.phones[1].guest);
    let held = [a, b]
        .iter()
        .filter(|g| g.seat_choice() == SeatChoice::Held(Some(2)))
        .count();
    let refused = [a, b]
        .iter()
        .filter(|g| g.refused_claim() == Some(2))
        .count();
    assert_eq!((held, refused), (1, 1));
}

#[test]
fn a_guest_saved_with_its_choice_has_it_after_a_restart() {
    let mut table = einstein_table();
    let w = another_phone(&mut table, 82, None);
    table.phones[w].guest.claim(None, table.now);
    settle(&mut table);
    let saved: SavedGuest<Einstein> =
        serde_json::from_str(&json(&table.phones[w].guest.saved())).unwrap();
    let replica = saved.replica.clone().map(|r| Replica::restore(r).unwrap());
    let restored = Guest::restore(saved, replica);
    assert_eq!(restored.seat_choice(), SeatChoice::Held(None));
    // A seat held counts as chosen even in a copy saved before the choice
    // was kept.
    let mut old: serde_json::Value = serde_json::to_value(table.phones[0].guest.saved()).unwrap();
    old.as_object_mut().unwrap().remove("chosen");
    let old: SavedGuest<Einstein> = serde_json::from_value(old).unwrap();
    assert_eq!(
        Guest::restore(old, None).seat_choice(),
        SeatChoice::Held(Some(1))
    );
}

#[test]
fn hostile_peers_change_nothing() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([1, 1, 2, 2, 3])), table.now)
        .unwrap();
    settle(&mut table);
    let before = table.host.replica().entries().to_vec();
    let now = Duration::ZERO;
    let mut turned = |bytes: &[u8]| {
        let peer = 1_000_000 + table.next_peer;
        table.next_peer += 1;
        table.host.connected(peer, now);
        table.host.receive(peer, bytes, now);
        let mut out = Vec::new();
        let mut why = None;
        while let Some(o) = table.host.poll_output() {
            if let Output::Event(HostEvent::Turned { why: w, .. }) = &o {
                why = Some(w.clone());
            }
            out.push(o);
        }
        assert!(out.contains(&Output::Close { peer }), "{out:?}");
        why.expect("turned away")
    };
    let hello = |secret: Secret, protocol: u32, seat: Option<usize>| {
        encode(&ToHost::<einstein::Action>::Hello {
            protocol,
            secret,
            phone: PhoneId(666),
            seat,
            held: None,
        })
        .unwrap()
    };
    // Knowing the host's key is not enough: a wrong secret gets nothing.
    assert_eq!(
        turned(&hello(secret(8), PROTOCOL, None)),
        Misbehaviour::Refused(JoinRefusal::WrongSecret)
    );
    assert_eq!(
        turned(&hello(SECRET, PROTOCOL + 1, None)),
        Misbehaviour::Refused(JoinRefusal::Protocol { host: PROTOCOL })
    );
    assert_eq!(
        turned(&hello(SECRET, PROTOCOL, Some(9))),
        Misbehaviour::Refused(JoinRefusal::NoSuchSeat(9))
    );
    assert_eq!(
        turned(&hello(SECRET, PROTOCOL, Some(1))),
        Misbehaviour::Refused(JoinRefusal::SeatTaken(1))
    );
    // A proposal before any hello.
    let propose = encode(&ToHost::Propose {
        id: 1,
        step: Step::Act(choose(0)),
    })
    .unwrap();
    assert_eq!(turned(&propose), Misbehaviour::NoHello);
    // Garbage, and a frame announced too large.
    assert_eq!(
        turned(b"\x00\x00\x00\x05hello"),
        Misbehaviour::Frame(FrameError::Garbage)
    );
    assert_eq!(
        turned(&(MAX_FRAME as u32 + 1).to_be_bytes()),
        Misbehaviour::Frame(FrameError::TooLarge(MAX_FRAME + 1))
    );
    // A flood from a joined watcher.
    let mut flood = hello(SECRET, PROTOCOL, None);
    for _ in 0..200 {
        flood.extend(encode(&ToHost::<einstein::Action>::Resend { from: 1 }).unwrap());
    }
    assert_eq!(turned(&flood), Misbehaviour::Flood);
    // A watcher proposing anything is refused.
    let peer = 2_000_000;
    table.host.connected(peer, now);
    let mut bytes = hello(SECRET, PROTOCOL, None);
    bytes.extend(propose);
    table.host.receive(peer, &bytes, now);
    let mut answered = false;
    let mut frames = genius::core::link::wire::Frames::default();
    while let Some(o) = table.host.poll_output() {
        if let Output::Transmit { frame, .. } = o {
            frames.push(&frame);
        }
    }
    while let Some(m) = frames
        .next_message::<genius::core::link::wire::ToGuest<einstein::Setup, einstein::Action, einstein::Error>>()
        .unwrap()
    {
        if let genius::core::link::wire::ToGuest::Answer { outcome, .. } = m {
            assert_eq!(outcome, Err(Denied::Watching));
            answered = true;
        }
    }
    assert!(answered);
    // A connection that opens and never says a word is dropped at the
    // heartbeat's silence, and holds nothing.
    let mute = 3_000_000;
    table.host.connected(mute, now);
    table.host.handle_timeout(now + SILENCE);
    let mut silent = false;
    while let Some(o) = table.host.poll_output() {
        silent |= o
            == Output::Event(HostEvent::Turned {
                peer: mute,
                why: Misbehaviour::Silent,
            });
    }
    assert!(silent, "the mute connection was dropped");
    assert_eq!(table.host.replica().entries(), &before[..]);
    settle(&mut table);
    for phone in &table.phones {
        assert_eq!(phone.guest.replica().unwrap().entries(), &before[..]);
    }
}

#[test]
fn a_copy_that_is_not_a_prefix_is_replaced_by_the_hosts() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
        .unwrap();
    settle(&mut table);
    table.disconnect(1);
    // The guest's copy gets an entry the host never had (a copy carried
    // on elsewhere), and the host moves on differently.
    table.host.act(Step::Undo, table.now).unwrap();
    table
        .host
        .act(Step::Act(roll([6, 6, 6, 6, 6])), table.now)
        .unwrap();
    table.pump();
    table.connect(1);
    settle(&mut table);
    let copy = table.phones[1].guest.replica().unwrap();
    assert_eq!(copy.entries(), table.host.replica().entries());
    assert_eq!(
        copy.session().record(),
        table.host.replica().session().record()
    );
}

#[test]
fn a_long_catch_up_comes_in_frames_under_the_limit() {
    let mut table = Table::<Einstein>::new(
        Start {
            setup: einstein::Setup {
                players: players(1),
                first: FirstPlayer::Chosen(0),
            },
            coach_allowed: true,
            dice: Default::default(),
        },
        &[None],
    );
    for _ in 0..2000 {
        table
            .host
            .act(Step::Act(roll([1, 2, 3, 4, 5])), table.now)
            .unwrap();
        table.host.act(Step::Undo, table.now).unwrap();
    }
    table.connect(0);
    table.pump();
    let hello = table.phones[0].to_host.pop_front().unwrap();
    table
        .host
        .receive(table.phones[0].peer.unwrap(), &hello, Duration::ZERO);
    table.pump();
    let frames = table.phones[0].to_guest.len();
    assert!(frames > 4, "{frames} frames");
    assert!(table.phones[0]
        .to_guest
        .iter()
        .all(|f| f.len() <= MAX_FRAME + 4));
    settle(&mut table);
    assert_eq!(table.phones[0].guest.replica().unwrap().head(), 4000);
}

/// A ruling: at a table, only the host or the player to move switches
/// everyone's dice; every copy knows who made each switch.
#[test]
fn only_the_host_or_the_player_to_move_switches_the_dice() {
    use genius::core::game::WhoseDice;
    let mut table = einstein_table();
    let switch = |dice| Step::Act(einstein::Action::Dice(dice));
    // Anne (the host's seat) is to roll: Bruno's phone may not switch.
    let now = table.now;
    assert_eq!(
        table.phones[0].guest.act(switch(WhoseDice::Table), now),
        Err(Denied::DiceSwitch)
    );
    // The host may, at any time.
    table.host.act(switch(WhoseDice::Table), now).unwrap();
    settle(&mut table);
    assert_eq!(table.host.replica().dice_makers(), vec![None]);
    // Once the roll is made, every player is to move (they all choose):
    // Bruno may switch back, and every copy says it was his phone.
    table
        .host
        .act(Step::Act(roll([1, 2, 3, 4, 5])), now)
        .unwrap();
    settle(&mut table);
    let id = table.phones[0]
        .guest
        .act(switch(WhoseDice::App), now)
        .unwrap();
    settle(&mut table);
    assert!(matches!(
        table.phones[0].outcomes.get(&id),
        Some(Some(Ok(_)))
    ));
    let bruno = Some(table.phones[0].guest.phone());
    for makers in [
        table.host.replica().dice_makers(),
        table.phones[1].guest.replica().unwrap().dice_makers(),
    ] {
        assert_eq!(makers, vec![None, bruno]);
    }
}

/// A move sent as the link dies (the host silent, but not for long enough
/// to count as gone): the guest says so after RETRY, sends it again, and
/// the screen can tell the player before the heartbeat's silence.
#[test]
fn a_move_with_no_answer_is_told_and_sent_again() {
    use genius::core::link::guest::RETRY;
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    settle(&mut table);
    // The host hears nothing more from Bruno's phone (nothing delivered).
    let now = table.now;
    let guest = &mut table.phones[0].guest;
    let id = guest.act(Step::Act(choose(1)), now).unwrap();
    let sent = |guest: &mut Guest<Einstein>| {
        std::iter::from_fn(|| guest.poll_output()).collect::<Vec<_>>()
    };
    assert!(sent(guest)
        .iter()
        .any(|o| matches!(o, Output::Transmit { .. })));
    guest.handle_timeout(now + RETRY / 2);
    assert!(
        !sent(guest).contains(&Output::Event(GuestEvent::Unanswered { id })),
        "not before RETRY"
    );
    guest.handle_timeout(now + RETRY);
    let out = sent(guest);
    assert!(out.contains(&Output::Event(GuestEvent::Unanswered { id })));
    assert!(
        out.iter().any(|o| matches!(o, Output::Transmit { .. })),
        "sent again"
    );
    assert_eq!(guest.state(), &LinkState::Joined, "not yet counted as gone");
}

/// Rulings (several phones): once every player has chosen for a roll and
/// the choices are shown, that roll's choices are final for everyone; the
/// last chooser may not take theirs back after seeing the others'.
#[test]
fn einsteins_choices_are_final_once_all_are_shown() {
    let mut table = einstein_table();
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), table.now)
        .unwrap();
    table.host.act(Step::Act(choose(0)), table.now).unwrap();
    settle(&mut table);
    // Before everyone has chosen, a player may take their own choice back.
    let bruno = table.phones[0]
        .guest
        .act(Step::Act(choose(1)), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&bruno], Some(Ok(3)));
    let undo = table.phones[0].guest.act(Step::Undo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&undo], Some(Ok(4)));
    let redo = table.phones[0].guest.act(Step::Redo, table.now).unwrap();
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&redo], Some(Ok(5)));
    // Chloé chooses last: the choices are shown, and final.
    let chloe = table.phones[1]
        .guest
        .act(Step::Act(choose(2)), table.now)
        .unwrap();
    settle(&mut table);
    assert_eq!(table.phones[1].outcomes[&chloe], Some(Ok(6)));
    let final_ = Err(Denied::Rules(einstein::Error::ChoicesFinal));
    // Refused at once on her phone…
    assert_eq!(table.phones[1].guest.act(Step::Undo, table.now), final_);
    // …and by the host, for a proposal forged past that check.
    forge_undo(&mut table, 1, 70);
    assert_eq!(table.host.replica().head(), 6, "nothing undone");
    assert_eq!(
        table.phones[1]
            .guest
            .replica()
            .unwrap()
            .session()
            .log()
            .len(),
        4,
        "the roll and the three choices"
    );
    // Nor may the host, should it hold the seat of the last chooser.
    table.host.free_seat(2, table.now);
    settle(&mut table);
    assert!(table.host.may(&Step::Undo));
    assert_eq!(table.host.act(Step::Undo, table.now), final_);
    // The next roll may be taken back (its dice come back), not the
    // choices beneath it.
    let bruno = &mut table.phones[0].guest;
    let rolled = bruno.act(Step::Act(roll([1, 1, 2, 2, 3])), table.now);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&rolled.unwrap()], Some(Ok(7)));
    let undo = table.phones[0].guest.act(Step::Undo, table.now);
    settle(&mut table);
    assert_eq!(table.phones[0].outcomes[&undo.unwrap()], Some(Ok(8)));
    assert_eq!(table.host.act(Step::Undo, table.now), final_);
    assert_eq!(table.host.replica().session().log().len(), 4);
}

/// The Einstein table after the host's roll and Anne's choice (on the
/// host), every frame delivered.
fn anne_has_chosen() -> Table<Einstein> {
    let mut table = einstein_table();
    let now = table.now;
    table
        .host
        .act(Step::Act(roll([6, 5, 4, 3, 2])), now)
        .unwrap();
    table.host.act(Step::Act(choose(0)), now).unwrap();
    settle(&mut table);
    table
}

/// Einstein's choices are hidden until all are made, on the wire too: a
/// guest's copy, and so its stored game, holds the others' choices of the
/// roll sealed (who chose, not what), and every choice once all are in;
/// the log then agrees on every phone, link by link.
#[test]
fn a_guests_copy_holds_no_other_players_choice_until_all_are_made() {
    let mut table = anne_has_chosen();
    let now = table.now;
    let anne_sealed = Step::Sealed {
        player: 0,
        kind: StepKind::Act,
    };
    for i in 0..2 {
        let copy = table.phones[i].guest.replica().unwrap();
        assert_eq!(copy.entries()[1].step, anne_sealed, "guest {i}");
        assert_eq!(copy.sealed_choices(), vec![0], "guest {i} knows Anne chose");
        let saved = serde_json::to_string(&table.phones[i].guest.saved()).unwrap();
        assert!(
            !saved.contains("Choose"),
            "guest {i} stores no choice: {saved}"
        );
    }
    // Bruno chooses, takes it back and chooses again: Chloé's copy holds
    // the three sealed, and knows Bruno's choice stands.
    let bruno = &mut table.phones[0].guest;
    bruno.act(Step::Act(choose(1)), now).unwrap();
    settle(&mut table);
    table.phones[0].guest.act(Step::Undo, now).unwrap();
    settle(&mut table);
    assert_eq!(
        table.phones[1].guest.replica().unwrap().sealed_choices(),
        vec![0]
    );
    table.phones[0].guest.act(Step::Redo, now).unwrap();
    settle(&mut table);
    let chloe = table.phones[1].guest.replica().unwrap();
    assert_eq!(chloe.sealed_choices(), vec![0, 1]);
    assert!(chloe.entries()[1..]
        .iter()
        .all(|e| matches!(e.step, Step::Sealed { .. })));
    // Bruno's copy plays his own choice, not Anne's.
    let bruno = table.phones[0].guest.replica().unwrap();
    assert_eq!(bruno.session().log().len(), 2, "the roll and his choice");
    // A phone that reconnects now is sent the round sealed again.
    table.disconnect(1);
    table.connect(1);
    settle(&mut table);
    let chloe = table.phones[1].guest.replica().unwrap();
    assert_eq!(chloe.head(), 5);
    assert_eq!(chloe.sealed_choices(), vec![0, 1]);
    // Chloé chooses last: every choice reaches every phone.
    table.phones[1]
        .guest
        .act(Step::Act(choose(2)), now)
        .unwrap();
    settle(&mut table);
    let host = table.host.replica();
    assert_eq!(host.round_start(), None);
    for (i, phone) in table.phones.iter().enumerate() {
        let copy = phone.guest.replica().unwrap();
        assert_eq!(copy.entries(), host.entries(), "guest {i}");
        assert_eq!(
            copy.chain(copy.head()),
            host.chain(host.head()),
            "guest {i}"
        );
        assert_eq!(json(copy.session().record()), json(host.session().record()));
        assert!(copy.sealed_choices().is_empty());
    }
    // A modified client cannot append a sealed step.
    let forged = encode(&ToHost::<einstein::Action>::Propose {
        id: 90,
        step: anne_sealed,
    })
    .unwrap();
    let peer = table.phones[0].peer.unwrap();
    table.host.receive(peer, &forged, table.now);
    settle(&mut table);
    assert_eq!(table.host.replica().head(), 6);
    assert!(matches!(
        table.phones[0].outcomes.get(&90),
        None | Some(Some(Err(_)))
    ));
}

/// A guest that carries the table on, its host gone in the middle of a
/// roll's choices, goes on from before the choices it holds sealed: they
/// are made again.
#[test]
fn a_copy_carried_on_drops_the_choices_it_holds_sealed() {
    let mut table = anne_has_chosen();
    let now = table.now;
    table.phones[0]
        .guest
        .act(Step::Act(choose(1)), now)
        .unwrap();
    settle(&mut table);
    let copy = table.phones[1].guest.replica().unwrap().clone();
    assert_eq!(copy.head(), 3);
    assert_eq!(copy.verified(), 1);
    let new_host = Host::new(copy, secret(9), PhoneId(2), Some(2));
    let carried = new_host.replica();
    assert_eq!(carried.head(), 1, "the roll");
    assert!(matches!(
        carried.session().state().phase(),
        einstein::Phase::Choose { waiting, .. } if waiting == &vec![0, 1, 2]
    ));
}
