//! Hand-overs between the two sides of a table: a guest whose host is gone
//! hosts the table from its copy ([`take_over`]), and a host that another
//! superseded joins it as a guest ([`rejoin_as_guest`]). The drivers and the
//! seeded simulations both call these, so what a hand-over keeps is decided
//! once, here.

use super::super::game::Game;
use super::guest::Guest;
use super::host::Host;
use super::wire::Step;

/// The host is gone: the guest's phone hosts the table from its copy, under
/// the next term (after the lead it followed, and at least the term its
/// ticket counts), keeping its seats and the table's
/// phones (where the other phones look for it, and it for another
/// host). A take-over moves the hosting, not the seats (a ruling): every
/// other phone keeps its seats as the copy knew them, the phone that
/// hosted included. They follow within seconds (a host whose screen
/// locked, when it wakes), and until then the table waits for their
/// players, saying so; this phone plays such a seat only once it has
/// freed it ([`Host::free_seat`]). A seat no phone held (freed before) is
/// this one's to play. None without a copy: a phone that never received
/// the game cannot host it.
/// Its moves not known to be kept ([`Guest::unsettled`]) and its steps
/// still waiting for the old host are dropped: how many, the new host
/// says ([`Host::dropped`]), for its player to be told.
pub fn take_over<G: Game>(guest: &Guest<G>, term: u32) -> Option<Host<G>> {
    let replica = guest.replica()?.clone();
    // Terms are the wire's and the ticket's word: the last one stays.
    let term = guest
        .lead()
        .map_or(term, |l| l.term.max(term))
        .saturating_add(1);
    let (me, mine) = (guest.phone(), guest.seats_held());
    let players = replica.session().state().players().len();
    let seats = (0..players)
        .map(|s| {
            let other = guest.seats().get(s).and_then(|v| v.phone);
            if mine.contains(&s) {
                Some(me)
            } else {
                other.filter(|p| *p != me)
            }
        })
        .collect();
    // Its player's steps, not a phone's own doing (a reveal goes again
    // from the new host's copy, which holds the opening).
    let waiting = guest
        .pending()
        .filter(|p| {
            matches!(
                p.step,
                Step::Act(_) | Step::Undo | Step::Redo | Step::Commit { .. }
            )
        })
        .count();
    let mut host = Host::carried_on(replica, guest.secret(), me, seats)
        .with_term(term)
        .with_roster(guest.roster().to_vec())
        .with_dropped(guest.unsettled() + waiting);
    // It signs its own lead: the first vote of its mandate.
    if let Some(key) = guest.key() {
        host.identify(key);
    }
    Some(host)
}

/// Once this host stepped down: its phone as a guest of the table's
/// host, with its copy (its entries without an origin are its own
/// moves), its seat, and the table's phones to look among should that
/// host go silent. What it held that the table does not is told to its
/// player there ([`super::guest::GuestEvent::Dropped`]).
pub fn rejoin_as_guest<G: Game>(host: &Host<G>) -> Option<Guest<G>> {
    // The lead it stepped down to (see `Host::lead`).
    let lead = host.stepped_down().then(|| host.lead())?;
    let mut guest = Guest::new(host.secret(), host.me(), None, Some(host.replica().clone()))
        .with_seats(host.seats_of(host.me()))
        .hosted_here()
        .with_roster(host.roster().to_vec());
    if let Some(key) = host.key() {
        guest.identify(key);
    }
    guest.follow(lead);
    Some(guest)
}
