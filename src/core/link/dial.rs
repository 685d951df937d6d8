//! Where a guest looks for its table's host, and how long it waits between
//! two tries: decided here, tested without a network; the driver dials
//! and sleeps as told.

use super::wire::{Member, PhoneId};
use ::core::time::Duration;

/// The first pause before dialling again; it doubles up to [`BACKOFF_MAX`].
pub const BACKOFF: Duration = Duration::from_millis(250);
pub const BACKOFF_MAX: Duration = Duration::from_secs(4);
/// How long one try to reach the host may take.
pub const DIAL: Duration = Duration::from_secs(10);

/// The phones to dial, all at once, for the host: `followed` first (the
/// host this phone knows, unless it said it left: `host_left`), then every
/// other phone of the roster but this one, `me` (one of them may have
/// taken the table over). Only a host answers.
pub fn order(
    followed: Option<PhoneId>,
    roster: &[Member],
    me: PhoneId,
    host_left: bool,
) -> Vec<PhoneId> {
    let first = followed.filter(|_| !host_left);
    let others = roster
        .iter()
        .map(|m| m.phone)
        .filter(|p| *p != me && Some(*p) != followed);
    let mut phones: Vec<PhoneId> = Vec::new();
    for phone in first.into_iter().chain(others) {
        if !phones.contains(&phone) {
            phones.push(phone);
        }
    }
    phones
}

/// The pause between two tries to reach the host: [`BACKOFF`] after one
/// that reached it (or a fresh path), doubling while it stays out of
/// reach, up to [`BACKOFF_MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff(Duration);

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff(BACKOFF)
    }
}

impl Backoff {
    /// The host was reached (or the path renewed): the next pause is the
    /// first again.
    pub fn reached(&mut self) {
        self.0 = BACKOFF;
    }

    /// A try ended: how long to pause before the next, the one after
    /// longer.
    pub fn pause(&mut self) -> Duration {
        let pause = self.0;
        self.0 = (self.0 * 2).min(BACKOFF_MAX);
        pause
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(n: u64) -> Member {
        Member {
            phone: PhoneId::numbered(n),
            relay: None,
        }
    }

    #[test]
    fn the_host_first_then_the_rosters_other_phones_never_this_one() {
        let roster = [member(1), member(2), member(3), member(2)];
        let (me, host) = (PhoneId::numbered(3), PhoneId::numbered(2));
        assert_eq!(
            order(Some(host), &roster, me, false),
            vec![host, PhoneId::numbered(1)]
        );
        assert_eq!(
            order(Some(host), &roster, me, true),
            vec![PhoneId::numbered(1)],
            "a host that left is not dialled again"
        );
        assert_eq!(
            order(None, &roster, me, false),
            vec![PhoneId::numbered(1), host]
        );
    }

    #[test]
    fn the_pause_doubles_to_its_most_and_starts_again_once_reached() {
        let mut backoff = Backoff::default();
        let pauses: Vec<u128> = (0..7).map(|_| backoff.pause().as_millis()).collect();
        assert_eq!(pauses, vec![250, 500, 1000, 2000, 4000, 4000, 4000]);
        backoff.reached();
        assert_eq!(backoff.pause(), BACKOFF);
    }
}
