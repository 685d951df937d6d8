//! `genius-table`: a phone at a table, from the command line.
//!
//! ```text
//! genius-table host  --file GAME.json --game einstein --players Anne,Bruno,Chloé
//!                    [--setup SETUP.json] [--seat N | --watch] [RELAY] [--seed N]
//! genius-table join  --file GAME.json --ticket TICKET [--seat N | --watch] [RELAY] [--seed N]
//! genius-table resume --file GAME.json [RELAY] [--seed N]   # rejoin, or host again
//! genius-table takeover --file GAME.json [RELAY] [--seed N]  # a guest's copy, hosted here
//! RELAY: --relay URL (own relay) | --public (iroh's) | --no-relay; --relay-only
//! ```
//!
//! It saves its copy of the game to `--file` soon after a change, at the
//! app's pace (`core::link::save_pace`: a flood of entries is written a
//! few times a second, not once each; leaving writes what waits), in the
//! app's own saved-game format with the table's mark. On its standard
//! input, one command a line: `auto` (a random legal move of this phone's
//! seats), `act <action JSON>`, `undo`, `redo`, `free <seat>` (host),
//! `away <phone key>` (host: sends that phone away, a new ticket printed),
//! `state`, `quit`. On its standard output, one JSON object a line: the
//! ticket, the seats, every change of the game (`head`, `finished`,
//! `scores`, `chain`), refusals, and the link's state.

use genius::core::autoplay::random_move;
use genius::core::game::{Game, GameKind};
use genius::core::games::{with_game, WithGame};
use genius::core::link::guest::{Guest, GuestEvent, SavedGuest};
use genius::core::link::host::{Host, HostEvent};
use genius::core::link::replica::Replica;
use genius::core::link::save_pace::SavePace;
use genius::core::link::ticket::Ticket;
use genius::core::link::wire::{PhoneId, Start, Step};
use genius::core::rtt::shipped_sheets;
use genius::core::save::{GameId, SavedGame, TableRole};
use genius::core::summary::Summary;
use genius::core::table::{Colour, FirstPlayer, Player};
use genius::link::{GuestLinkEvent, LinkSave, Options, Phone, PhoneEvents, Relay, TableGame};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncBufReadExt, BufReader};

type Fail = Box<dyn std::error::Error>;

struct Args {
    command: String,
    values: HashMap<String, String>,
    flags: Vec<String>,
}

impl Args {
    fn parse() -> Result<Args, Fail> {
        let mut raw = std::env::args().skip(1);
        let command = raw.next().ok_or(USAGE)?;
        let (mut values, mut flags) = (HashMap::new(), Vec::new());
        let mut raw = raw.peekable();
        while let Some(arg) = raw.next() {
            let name = arg.strip_prefix("--").ok_or(USAGE)?.to_string();
            match raw.peek() {
                Some(next) if !next.starts_with("--") => {
                    values.insert(name, raw.next().unwrap_or_default());
                }
                _ => flags.push(name),
            }
        }
        Ok(Args {
            command,
            values,
            flags,
        })
    }

    fn value(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    fn options(&self) -> Options {
        let relay = match self.value("relay") {
            Some(url) => Relay::Own(url.to_string()),
            None if self.flag("no-relay") => Relay::Disabled,
            None => Relay::Public,
        };
        Options {
            relay_only: self.flag("relay-only"),
            ..Options::new(relay)
        }
    }

    /// The seat asked for: `--seat N`, or none with `--watch`.
    fn seat(&self, default: Option<usize>) -> Result<Option<usize>, Fail> {
        if self.flag("watch") {
            return Ok(None);
        }
        match self.value("seat") {
            Some(n) => Ok(Some(n.parse()?)),
            None => Ok(default),
        }
    }
}

const USAGE: &str = "usage: genius-table host|join|resume|takeover --file GAME.json [options] (see the source's header)";

/// Unpredictable bytes, from the system: for the table's secret and the
/// phone's id (never from `--seed`, which only steers `auto`).
fn os_random<const N: usize>() -> Result<[u8; N], Fail> {
    use rand::TryRngCore;
    let mut bytes = [0; N];
    rand::rngs::OsRng.try_fill_bytes(&mut bytes)?;
    Ok(bytes)
}

fn say(value: Value) {
    println!("{value}");
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

#[tokio::main]
async fn main() {
    let code = match run().await {
        Ok(()) => 0,
        Err(e) => {
            say(json!({ "error": e.to_string() }));
            1
        }
    };
    // Now, without waiting for the runtime's reader of the standard input,
    // which would wait for a line that may never come.
    std::process::exit(code);
}

async fn run() -> Result<(), Fail> {
    let args = Args::parse()?;
    let file = PathBuf::from(args.value("file").ok_or("--file GAME.json is needed")?);
    let kind = match args.command.as_str() {
        "host" => GameKind::from_name(args.value("game").ok_or("--game is needed")?)
            .ok_or("unknown game")?,
        "join" => {
            Ticket::parse(args.value("ticket").ok_or("--ticket is needed")?)
                .map_err(|e| format!("--ticket: {e}"))?
                .game
        }
        "resume" | "takeover" => {
            SavedGame::parse(&std::fs::read_to_string(&file)?)
                .map_err(|e| format!("--file: {e}"))?
                .game
        }
        _ => return Err(USAGE.into()),
    };
    /// The game of that kind, played on this phone.
    struct Play<'a>(&'a Args, PathBuf);
    impl<'a> WithGame for Play<'a> {
        type Output = Pin<Box<dyn Future<Output = Result<(), Fail>> + 'a>>;
        fn run<G: Game>(self) -> Self::Output {
            Box::pin(play::<G>(self.0, self.1))
        }
    }
    with_game(kind, Play(&args, file)).await
}

/// A setup from `--setup FILE` (any game), or from `--players` for the
/// games that need nothing else (the first player is the first named).
fn setup<G: Game>(args: &Args) -> Result<G::Setup, Fail> {
    if let Some(path) = args.value("setup") {
        return Ok(serde_json::from_str(&std::fs::read_to_string(path)?)?);
    }
    let names = args
        .value("players")
        .ok_or("--players or --setup is needed")?;
    let players: Vec<Player> = names
        .split(',')
        .zip(Colour::ALL.iter().cycle())
        .map(|(name, colour)| Player::new(name, *colour))
        .collect();
    let mut setup = json!({ "players": players, "first": FirstPlayer::Chosen(0) });
    if G::KIND == GameKind::Rtt {
        let sheet = shipped_sheets()
            .into_iter()
            .find(|s| Some(s.id.as_str()) == args.value("sheet"))
            .or_else(|| shipped_sheets().into_iter().next())
            .ok_or("no sheet")?;
        setup["sheet"] = serde_json::to_value(sheet)?;
    }
    Ok(serde_json::from_value(setup)?)
}

/// What the loop of [`play`] heard.
enum Heard<E> {
    Line(std::io::Result<Option<String>>),
    Host(Option<HostEvent>),
    Guest(Option<GuestLinkEvent<E>>),
    /// The copy's change waiting is due to be written (see `SavePace`).
    Save,
}

async fn play<G: TableGame>(args: &Args, file: PathBuf) -> Result<(), Fail> {
    let mut rng = match args.value("seed") {
        Some(seed) => SmallRng::seed_from_u64(seed.parse()?),
        None => SmallRng::from_os_rng(),
    };
    let options = args.options();
    let saved = match args.command.as_str() {
        "resume" | "takeover" => {
            let game = SavedGame::parse(&std::fs::read_to_string(&file)?)
                .map_err(|e| format!("--file: {e}"))?;
            Some(game.table_mark().ok_or("not a table game")?)
        }
        _ => None,
    };
    let (mut phone, mut events) = match (args.command.as_str(), saved) {
        ("host", _) => {
            let start = Start {
                setup: setup::<G>(args)?,
                coach_allowed: true,
                dice: Default::default(),
            };
            let id = GameId::new(G::KIND, now_ms(), u16::from_le_bytes(os_random()?));
            let replica = Replica::new(id, start).map_err(|e| format!("{e:?}"))?;
            Phone::open_table(replica, &[], args.seat(Some(0))?, &options).await?
        }
        ("join", _) => {
            let ticket = Ticket::parse(args.value("ticket").unwrap_or_default())
                .map_err(|e| format!("--ticket: {e}"))?;
            // A copy of this game already here (a table whose host left,
            // carried on elsewhere): joined with it, as the same phone.
            let kept = std::fs::read_to_string(&file)
                .ok()
                .and_then(|text| SavedGame::parse(&text).ok())
                .and_then(|game| game.table_mark())
                .filter(|mark| mark.role == TableRole::Guest)
                .and_then(|mark| serde_json::from_value::<LinkSave>(mark.link).ok())
                .and_then(|link| serde_json::from_value::<SavedGuest<G>>(link.state).ok());
            let seat = args.seat(None)?;
            match kept {
                // The same phone, numbering its proposals on from where it
                // was: a number it already used is one the new host has an
                // answer for (the entry it became), and would give it again.
                Some(saved) => {
                    let replica = saved.replica.clone().and_then(|r| Replica::restore(r).ok());
                    let saved = SavedGuest {
                        secret: ticket.secret,
                        claim: seat.into_iter().collect(),
                        chosen: seat.is_some(),
                        pending: Vec::new(),
                        ..saved
                    };
                    Phone::join(Guest::restore(saved, replica), &ticket, &options).await?
                }
                None => Phone::join_table(&ticket, seat, &options).await?,
            }
        }
        ("resume", Some(mark)) => Phone::resume(&mark, &options).await?,
        // The host is gone: this copy carries the game on under this
        // phone's key and the next term; the other phones find it among the
        // table's roster (and if another phone took it over too, one of the
        // two steps down and joins the other).
        // Or, if a phone hosts it already, joins that one.
        ("takeover", Some(mark)) => {
            let phone = Phone::take_over(&mark, &options).await?;
            match &phone.0 {
                Phone::Guest(_) => say(json!({ "link": "already hosted" })),
                Phone::Host(link) => {
                    let dropped = link.with(Host::dropped);
                    if dropped > 0 {
                        say(json!({ "dropped": dropped }));
                    }
                }
            }
            phone
        }
        _ => return Err(USAGE.into()),
    };
    if let Phone::Host(link) = &phone {
        say(json!({ "ticket": link.ticket().to_string() }));
    }
    persist(&file, &phone)?;
    // The copy is written at the app's pace: soon after a change, at most
    // every few hundred milliseconds but for this phone's own commands.
    let mut pace = SavePace::default();
    let opened = std::time::Instant::now();
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    loop {
        let due = pace.poll_timeout();
        let save_soon = async {
            match due {
                Some(due) => tokio::time::sleep(due.saturating_sub(opened.elapsed())).await,
                None => std::future::pending().await,
            }
        };
        // What the link says, or a line of input.
        let heard = match &mut events {
            PhoneEvents::Host(events) => tokio::select! {
                line = lines.next_line() => Heard::Line(line),
                event = events.recv() => Heard::Host(event),
                _ = save_soon => Heard::Save,
            },
            PhoneEvents::Guest(events) => tokio::select! {
                line = lines.next_line() => Heard::Line(line),
                event = events.recv() => Heard::Guest(event),
                _ = save_soon => Heard::Save,
            },
        };
        match heard {
            Heard::Save => {
                if pace.handle_timeout(opened.elapsed()) {
                    persist(&file, &phone)?;
                }
                continue;
            }
            Heard::Line(Ok(Some(line))) => {
                if !command(&phone, line.trim(), &mut rng)? {
                    break;
                }
                pace.moved(opened.elapsed());
                continue;
            }
            // Another phone hosts this table under a later lead: this one
            // joins it with its copy (what waited is written first).
            Heard::Host(Some(HostEvent::SteppedDown { lead })) => {
                if pace.flush() {
                    persist(&file, &phone)?;
                }
                say(json!({ "link": "stepped down", "term": lead.term }));
                (phone, events) = phone.follow(lead, &options).await?;
                say(json!({ "link": "following", "ticket": phone.ticket().to_string() }));
            }
            Heard::Host(Some(event)) => host_event::<G>(&phone, event),
            Heard::Guest(Some(event)) => {
                if guest_event::<G>(&phone, event) {
                    persist(&file, &phone)?;
                    break;
                }
            }
            // Input closed, or the link stopped.
            _ => break,
        }
        pace.changed(opened.elapsed());
    }
    // Leaving writes what waits.
    if pace.flush() {
        persist(&file, &phone)?;
    }
    phone.leave().await;
    Ok(())
}

/// One line of input; false to stop.
fn command<G: TableGame>(phone: &Phone<G>, line: &str, rng: &mut SmallRng) -> Result<bool, Fail> {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let step = match word {
        "" => return Ok(true),
        "quit" => return Ok(false),
        "state" => {
            report(phone);
            return Ok(true);
        }
        "free" => {
            if let Phone::Host(link) = phone {
                link.free_seat(rest.trim().parse()?);
            }
            return Ok(true);
        }
        "away" => {
            if let Phone::Host(link) = phone {
                let away = PhoneId::from_hex(rest.trim()).ok_or("not a phone's key")?;
                link.send_away(away)?;
            }
            return Ok(true);
        }
        "undo" => Step::Undo,
        "redo" => Step::Redo,
        "act" => Step::Act(serde_json::from_str(rest)?),
        "auto" => {
            // The host's own seat and the seats no phone holds; a guest's own.
            let seats = phone.my_seats();
            let action = match phone {
                Phone::Host(link) => {
                    link.with(|host| random_move(host.replica().session().state(), &seats, rng))
                }
                Phone::Guest(link) => {
                    link.with(|guest| random_move(guest.replica()?.session().state(), &seats, rng))
                }
            };
            match action {
                Some(action) => Step::Act(action),
                None => {
                    say(json!({ "auto": "nothing to play" }));
                    return Ok(true);
                }
            }
        }
        _ => {
            say(json!({ "error": format!("unknown command: {word}") }));
            return Ok(true);
        }
    };
    match phone.act(step) {
        Ok(n) => say(json!({ "sent": n })),
        Err(why) => say(json!({ "denied": format!("{why:?}") })),
    }
    Ok(true)
}

fn host_event<G: TableGame>(phone: &Phone<G>, event: HostEvent) {
    match event {
        HostEvent::Applied { .. } => report(phone),
        HostEvent::Joined { phone: p, seat, .. } => {
            say(json!({ "joined": { "phone": p.to_hex(), "seat": seat } }))
        }
        HostEvent::Left { phone: p, .. } => say(json!({ "left": p.to_hex() })),
        HostEvent::Seated { phone: p, seat } => {
            say(json!({ "seated": { "phone": p.to_hex(), "seat": seat } }))
        }
        HostEvent::Turned { why, .. } => say(json!({ "turned": format!("{why:?}") })),
        HostEvent::Unsent(what) => say(json!({ "unsent": format!("{what:?}") })),
        HostEvent::SentAway { phone: p } => say(json!({
            "sent_away": p.to_hex(),
            "ticket": phone.ticket().to_string(),
        })),
        // Handled by the loop, which follows the new host.
        HostEvent::SteppedDown { .. } => {}
    }
}

/// True once the guest is done (refused). After the host left, the link
/// dials the table's next host: this phone follows whoever takes it over.
fn guest_event<G: TableGame>(phone: &Phone<G>, event: GuestLinkEvent<G::Error>) -> bool {
    match event {
        GuestLinkEvent::Connecting => say(json!({ "link": "connecting" })),
        GuestLinkEvent::Moved => {
            say(json!({ "link": "moved", "ticket": phone.ticket().to_string() }));
        }
        GuestLinkEvent::Retry { after } => {
            say(json!({ "link": "retry", "after_ms": after.as_millis() as u64 }))
        }
        GuestLinkEvent::Table(event) => match event {
            GuestEvent::Joined { seat } => say(json!({ "link": "joined", "seat": seat })),
            GuestEvent::Applied { .. } => report(phone),
            GuestEvent::Accepted { id, seq } => say(json!({ "accepted": id, "seq": seq })),
            GuestEvent::Denied { id, why } => {
                say(json!({ "denied": format!("{why:?}"), "id": id }))
            }
            GuestEvent::Refused(why) => {
                say(json!({ "refused": format!("{why:?}") }));
                return true;
            }
            GuestEvent::Seats => report(phone),
            GuestEvent::Unanswered { id } => say(json!({ "unanswered": id })),
            GuestEvent::RevealAgain => say(json!({ "reveal": "refused, sent again when due" })),
            GuestEvent::Lost { down } => {
                say(json!({ "link": "lost", "down_ms": down.as_millis() as u64 }))
            }
            GuestEvent::HostLeft => say(json!({ "link": "host left" })),
            GuestEvent::Moved(lead) => say(json!({ "link": "host moved", "term": lead.term })),
            GuestEvent::Dropped { moves } => say(json!({ "dropped": moves })),
            GuestEvent::ChoiceLost { player } => say(json!({ "choice_lost": player })),
            GuestEvent::SeatsLost { seats } => say(json!({ "seats_lost": seats })),
            GuestEvent::Rekeyed => {
                say(json!({ "link": "new secret", "ticket": phone.ticket().to_string() }))
            }
        },
    }
    false
}

/// The game as this phone holds it, in one line.
fn report<G: TableGame>(phone: &Phone<G>) {
    let line = |replica: Option<&Replica<G>>, seat: Option<usize>| {
        let Some(replica) = replica else {
            return json!({ "head": 0 });
        };
        let summary = Summary::of(replica.session());
        json!({
            "head": replica.head(),
            "chain": replica.chain(replica.head()),
            "finished": summary.finished,
            "scores": summary.standings.scores().iter().map(|p| p.0).collect::<Vec<_>>(),
            "seat": seat,
        })
    };
    say(match phone {
        Phone::Host(link) => link.with(|h| line(Some(h.replica()), h.seat_of(h.me()))),
        Phone::Guest(link) => link.with(|g| line(g.replica(), g.seat())),
    });
}

/// Saves this phone's copy, marked as a table game, in the app's format;
/// nothing before a guest's first welcome (no game yet).
fn persist<G: TableGame>(file: &PathBuf, phone: &Phone<G>) -> Result<(), Fail> {
    match phone.saved_game(now_ms()) {
        Some(game) => write(file, game),
        None => Ok(()),
    }
}

/// Written next to the file, then renamed over it: a crash leaves the old
/// copy or the new one, never half of one.
fn write(file: &PathBuf, game: SavedGame) -> Result<(), Fail> {
    let text = game.to_json();
    let partial = file.with_extension("partial");
    std::fs::write(&partial, text)?;
    std::fs::rename(&partial, file)?;
    Ok(())
}
