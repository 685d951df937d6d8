//! The table as one phone sees it, for its screens: derived from the
//! host's or the guest's state by [`Host::view`] and [`Guest::view`], so
//! that no screen assembles it (or fills a part of it) by hand.

use super::guest::{Guest, SeatChoice};
use super::host::Host;
use super::replica::Replica;
use super::wire::{PhoneId, SeatView, Step};
use super::{maker_seat, may_switch_dice};
use crate::core::game::{actors, Actor, Game};
use crate::core::game_id::GameId;
use crate::core::save::TableRole;

/// What one phone knows of its table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    pub role: TableRole,
    /// The game's id, the same on every phone; none on a guest that has no
    /// copy yet (it was never welcomed).
    pub game: Option<GameId>,
    /// Who holds each player's seat.
    pub seats: Vec<SeatView>,
    /// This phone.
    pub me: PhoneId,
    /// The seats this phone plays: a guest's own; the host's, and every
    /// seat no phone holds (played on the host's screen).
    pub mine: Vec<usize>,
    /// Moves made here and not yet answered by the host.
    pub pending: usize,
    /// A roll made here that the host has not ordered yet: how many dice.
    /// This phone shows them rolling at once, and their faces only once
    /// the host has ordered the roll (one it refuses is told, never shown
    /// as if it stood).
    pub pending_roll: Option<usize>,
    /// Where this phone's choice of a seat stands (the host's: held).
    pub choice: SeatChoice,
    /// The seat this phone last asked for, refused: another phone holds it.
    pub claim_refused: Option<usize>,
    /// Whether this phone may switch the table's dice now (the host, or the
    /// player to move: [`may_switch_dice`]).
    pub may_switch_dice: bool,
    /// Who made each switch of the dice still played, in order.
    pub dice_switchers: Vec<DiceSwitcher>,
    /// The players who have committed a hidden choice this phone cannot
    /// read yet (see [`super::sealed`]).
    pub chosen_unseen: Vec<usize>,
    /// Every player has chosen, and the table waits for these players'
    /// phones to show their choices.
    pub reveals_awaited: Vec<usize>,
    /// The host: how many other phones are joined to it now, seated or
    /// watching (a guest does not know: none).
    pub phones_joined: Option<usize>,
    /// The host, with no phone joined, is asking the table's other phones
    /// whether one hosts it now ([`Host::looking`]).
    pub looking: bool,
    /// The host: the other phones of the table, which it may send away
    /// ([`Host::send_away`]); a guest: none.
    pub phones: Vec<PhoneView>,
}

/// Another phone of the table, as the host sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneView {
    pub phone: PhoneId,
    /// The seats it holds (none: it watches).
    pub seats: Vec<usize>,
    /// Whether it is joined to the host now.
    pub connected: bool,
}

impl TableView {
    /// Whether this phone makes the moves of `actor`.
    pub fn plays(&self, actor: Actor) -> bool {
        match actor {
            Actor::Player(p) => self.mine.contains(&p),
            Actor::Table => self.role == TableRole::Host || !self.mine.is_empty(),
        }
    }

    /// Whether the host's phone plays `seat`: its own, or one no phone
    /// holds (a freed seat among them).
    pub fn on_host(&self, seat: usize) -> bool {
        self.seats
            .get(seat)
            .is_some_and(|s| s.host || s.phone.is_none())
    }

    /// Whether this phone may go on to the game: the host, or a guest that
    /// has chosen its seat or to watch (and been given it).
    pub fn chosen(&self) -> bool {
        self.role == TableRole::Host || matches!(self.choice, SeatChoice::Held(_))
    }

    /// A guest that plays no seat: it chose to watch, or the host freed
    /// its seat.
    pub fn watching(&self) -> bool {
        self.role == TableRole::Guest && self.mine.is_empty() && self.chosen()
    }

    /// Whether `seat` is held by another phone that is not connected to
    /// the host now (locked, off the network, or the phone that hosted
    /// before a take-over): the table waits for its player there, and says
    /// so. A seat stays with its phone until the host frees it.
    pub fn away(&self, seat: usize) -> bool {
        self.seats
            .get(seat)
            .is_some_and(|s| s.phone.is_some_and(|p| p != self.me) && !s.connected)
    }

    /// Whether `seat` is held by another phone that left the table on
    /// purpose (it said goodbye, or hosted and closed the table): shown as
    /// gone, its seat its own until the host frees it.
    pub fn left(&self, seat: usize) -> bool {
        self.away(seat) && self.seats.get(seat).is_some_and(|s| s.left)
    }

    /// The first seat of the phone holding `seat` (players may share a
    /// phone: it is named by its first player).
    fn first_on_its_phone(&self, seat: usize) -> Option<usize> {
        let phone = self.seats.get(seat)?.phone?;
        self.seats.iter().position(|s| s.phone == Some(phone))
    }

    /// Whom the table waits for in `state`, and where each plays, as this
    /// phone sees it; on the host, the seats it may play once freed (one
    /// tap, offered while the table waits for their away phones).
    pub fn awaited<G: Game>(&self, state: &G) -> Awaited {
        let mut awaited = Awaited {
            reveals: self.reveals_awaited.clone(),
            ..Awaited::default()
        };
        // A player who has chosen on their own phone is not waited for,
        // though this phone has not received the choice yet.
        let actors: Vec<Actor> = actors(state)
            .into_iter()
            .filter(|a| !matches!(a, Actor::Player(p) if self.chosen_unseen.contains(p)))
            .collect();
        awaited.here = actors.iter().any(|a| self.plays(*a));
        for actor in actors {
            match actor {
                Actor::Table => awaited.table = true,
                Actor::Player(p) if self.on_host(p) => awaited.on_host.push(p),
                Actor::Player(p) if self.left(p) => awaited.left.push(p),
                Actor::Player(p) if self.away(p) => awaited.away.push(p),
                Actor::Player(p) => match self.first_on_its_phone(p) {
                    Some(first) if first != p => awaited.shared.push((p, first)),
                    _ => awaited.own.push(p),
                },
            }
        }
        if self.role == TableRole::Host {
            let waited: Vec<usize> = if awaited.reveals.is_empty() {
                [&awaited.away[..], &awaited.left[..]].concat()
            } else {
                awaited.reveals.clone()
            };
            awaited.free_here = waited.into_iter().filter(|s| self.away(*s)).collect();
        }
        awaited
    }
}

/// Whom the table waits for, as one phone sees it ([`TableView::awaited`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Awaited {
    /// Every player has chosen: the phones of these players are to show
    /// their choices.
    pub reveals: Vec<usize>,
    /// The players to move on their own phone, connected…
    pub own: Vec<usize>,
    /// …on a phone another player holds first (players sharing a phone):
    /// (the player, that phone's first player)…
    pub shared: Vec<(usize, usize)>,
    /// …on a phone not connected now ([`TableView::away`])…
    pub away: Vec<usize>,
    /// …on a phone that left the table ([`TableView::left`])…
    pub left: Vec<usize>,
    /// …and on the host's phone (its own, and seats no phone holds).
    pub on_host: Vec<usize>,
    /// A move of the whole table (a roll-off): any player's phone makes it.
    pub table: bool,
    /// This phone has a move to make among them.
    pub here: bool,
    /// The host: the awaited seats whose phone is away, which it may free
    /// and play here (the ruling: only once freed).
    pub free_here: Vec<usize>,
}

/// Who made a move at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceSwitcher {
    /// The phone holding that player's seat.
    Player(usize),
    /// The host's phone, holding no seat.
    Host,
    /// A phone that holds no seat now.
    Phone,
}

/// Who made each switch of the dice still played, as `seats` stand.
fn switchers<G: Game>(replica: &Replica<G>, seats: &[SeatView]) -> Vec<DiceSwitcher> {
    replica
        .dice_switchers()
        .into_iter()
        .map(|phone| match (maker_seat(seats, phone), phone) {
            (Some(seat), _) => DiceSwitcher::Player(seat),
            (None, None) => DiceSwitcher::Host,
            (None, Some(_)) => DiceSwitcher::Phone,
        })
        .collect()
}

impl<G: Game> Host<G> {
    /// The table as the host's phone sees it.
    pub fn view(&self) -> TableView {
        let seats = self.seats();
        let replica = self.replica();
        let me = self.me();
        TableView {
            role: TableRole::Host,
            game: Some(replica.game().clone()),
            mine: self.seats_played(),
            me,
            pending: 0,
            // The host orders its own roll as it makes it.
            pending_roll: None,
            choice: SeatChoice::Held(self.seats_of(me)),
            claim_refused: None,
            may_switch_dice: true,
            dice_switchers: switchers(replica, &seats),
            chosen_unseen: replica.sealed_choices(),
            reveals_awaited: replica.awaited_reveals(),
            phones_joined: Some(self.phones_joined()),
            looking: self.looking(),
            phones: self
                .roster()
                .iter()
                .filter(|m| m.phone != me)
                .map(|m| PhoneView {
                    phone: m.phone,
                    seats: self.seats_of(m.phone),
                    connected: self.is_joined(m.phone),
                })
                .collect(),
            seats,
        }
    }
}

impl<G: Game> Guest<G> {
    /// The table as this guest's phone sees it.
    pub fn view(&self) -> TableView {
        let seats = self.seats().to_vec();
        let replica = self.replica();
        TableView {
            role: TableRole::Guest,
            game: replica.map(|r| r.game().clone()),
            me: self.phone(),
            mine: self.seats_held(),
            pending: self.pending().count(),
            pending_roll: self.pending().find_map(|p| match &p.step {
                Step::Act(action) => G::roll_values(action).map(|(faces, _)| faces.len()),
                _ => None,
            }),
            choice: self.seat_choice(),
            claim_refused: self.refused_claim(),
            may_switch_dice: replica
                .is_some_and(|r| may_switch_dice(r.session().state(), self.seat())),
            dice_switchers: replica.map_or(Vec::new(), |r| switchers(r, &seats)),
            chosen_unseen: replica.map_or(Vec::new(), Replica::sealed_choices),
            reveals_awaited: replica.map_or(Vec::new(), Replica::awaited_reveals),
            phones_joined: None,
            looking: false,
            phones: Vec::new(),
            seats,
        }
    }
}
