//! How the link stands, for the table screen's line: hosting, joined, the
//! link lost and when it is dialled again, a move unanswered.
//!
//! Sans-IO like the machines: the driver tells it what the link said
//! (`dialling`, `heard`) and how the guest stands after each event
//! (`settled`), each with the time since the table opened, and gives it
//! the timer it asks for (`poll_timeout`, `handle_timeout`: once a second
//! while the link is lost, the countdown to the next dial and the seconds
//! without the host). The screen words [`LinkLine::status`].

use super::guest::{GuestEvent, LinkState};
use ::core::time::Duration;

/// Seconds without the host after which a guest is offered, first, to host
/// the game from here.
pub const HOST_GONE_AFTER: u64 = 12;
/// How often the line counts while the link is lost.
const TICK: Duration = Duration::from_secs(1);

/// How the link stands, for the screens.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkStatus {
    /// This phone hosts; the others may join.
    Hosting,
    /// A guest: the protocol's own state.
    Guest(LinkState),
    /// A guest whose link dropped `down_secs` ago: dialling again in
    /// `retry_secs` (0: dialling now).
    Lost { retry_secs: u64, down_secs: u64 },
    /// Joined, but a move of this phone has had no answer for a while: the
    /// link may be dying before the heartbeat can tell.
    Unanswered,
}

impl LinkStatus {
    /// Whether the host is gone for this phone: it said it left, or has not
    /// answered for [`HOST_GONE_AFTER`] (closed without a word, or off the
    /// network for good): hosting here is then the first thing offered.
    pub fn host_unreachable(&self) -> bool {
        match self {
            LinkStatus::Guest(LinkState::HostLeft) => true,
            LinkStatus::Lost { down_secs, .. } => *down_secs >= HOST_GONE_AFTER,
            _ => false,
        }
    }

    /// Whether the link is up: hosting, or joined to the host.
    pub fn linked(&self) -> bool {
        matches!(
            self,
            LinkStatus::Hosting | LinkStatus::Guest(LinkState::Joined) | LinkStatus::Unanswered
        )
    }
}

/// What a guest's driver says of its dialling (beside the table's own
/// events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dial {
    /// Dialling the host now.
    Connecting,
    /// The host could not be reached: dialling again after `after`.
    Retry { after: Duration },
}

/// The link's line on one phone.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkLine {
    status: LinkStatus,
    /// A move of this phone went unanswered for a while
    /// ([`GuestEvent::Unanswered`]), and nothing has been heard of it
    /// since.
    unanswered: bool,
    /// When the host was last heard, while the link is lost.
    lost_since: Option<Duration>,
    /// The next second of the countdown, while the link is lost.
    tick_at: Option<Duration>,
}

impl LinkLine {
    /// The line of a phone that hosts.
    pub fn hosting() -> LinkLine {
        LinkLine::new(LinkStatus::Hosting)
    }

    /// The line of a guest, not connected yet (and of a host that stepped
    /// down, joining the table elsewhere).
    pub fn guest() -> LinkLine {
        LinkLine::new(LinkStatus::Guest(LinkState::Offline))
    }

    fn new(status: LinkStatus) -> LinkLine {
        LinkLine {
            status,
            unanswered: false,
            lost_since: None,
            tick_at: None,
        }
    }

    pub fn status(&self) -> &LinkStatus {
        &self.status
    }

    /// The guest's driver dials (no countdown left to show), or will again
    /// after a pause.
    pub fn dialling(&mut self, dial: Dial) {
        if let LinkStatus::Lost { retry_secs, .. } = &mut self.status {
            *retry_secs = match dial {
                Dial::Connecting => 0,
                Dial::Retry { after } => after.as_secs().max(1),
            };
        }
    }

    /// The guest said `event` at `now`.
    pub fn heard<E>(&mut self, event: &GuestEvent<E>, now: Duration) {
        match event {
            GuestEvent::Unanswered { .. } => self.unanswered = true,
            GuestEvent::Accepted { .. } => self.unanswered = false,
            GuestEvent::Lost { down } => {
                self.unanswered = false;
                self.lost_since = Some(now.saturating_sub(*down));
                self.status = LinkStatus::Lost {
                    retry_secs: 0,
                    down_secs: down.as_secs(),
                };
                self.tick_at = Some(now + TICK);
            }
            _ => {}
        }
    }

    /// How the guest stands after an event: its protocol's state, and
    /// whether moves of it wait for the host. A lost link stays lost until
    /// the guest is back beyond offline; a move unanswered while joined
    /// says so until it is answered or no move waits.
    pub fn settled(&mut self, state: &LinkState, waiting: bool) {
        if self.status == LinkStatus::Hosting {
            return;
        }
        let lost = matches!(self.status, LinkStatus::Lost { .. });
        if !lost || *state != LinkState::Offline {
            self.status = LinkStatus::Guest(state.clone());
            self.tick_at = None;
        }
        self.unanswered &= waiting;
        if self.unanswered && self.status == LinkStatus::Guest(LinkState::Joined) {
            self.status = LinkStatus::Unanswered;
        }
    }

    /// When the line next changes by itself (a second of the countdown,
    /// while the link is lost).
    pub fn poll_timeout(&self) -> Option<Duration> {
        self.tick_at
    }

    /// The time came: a second less to the next dial, and the seconds
    /// without the host counted again. True if the line changed.
    pub fn handle_timeout(&mut self, now: Duration) -> bool {
        let (Some(at), Some(since)) = (self.tick_at, self.lost_since) else {
            return false;
        };
        let LinkStatus::Lost {
            retry_secs,
            down_secs,
        } = &mut self.status
        else {
            self.tick_at = None;
            return false;
        };
        if now < at {
            return false;
        }
        *down_secs = now.saturating_sub(since).as_secs();
        *retry_secs = retry_secs.saturating_sub(1);
        self.tick_at = Some(now + TICK);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    /// A guest joins, loses its host (heard 3 s ago), counts down to the
    /// next dial and up to the offer to host here, and is back.
    #[test]
    fn a_lost_link_counts_down_to_its_dial_and_up_to_hosting_here() {
        let mut line = LinkLine::guest();
        line.settled(&LinkState::Joined, false);
        assert_eq!(line.status(), &LinkStatus::Guest(LinkState::Joined));
        assert!(line.status().linked());
        assert_eq!(line.poll_timeout(), None, "nothing to count");
        line.heard(&GuestEvent::<()>::Lost { down: secs(3) }, secs(10));
        line.settled(&LinkState::Offline, false);
        let lost = |retry_secs, down_secs| LinkStatus::Lost {
            retry_secs,
            down_secs,
        };
        assert_eq!(line.status(), &lost(0, 3));
        line.dialling(Dial::Retry { after: secs(4) });
        assert_eq!(line.status(), &lost(4, 3));
        assert!(!line.handle_timeout(secs(10)), "not yet");
        assert_eq!(line.poll_timeout(), Some(secs(11)));
        assert!(line.handle_timeout(secs(11)));
        assert_eq!(line.status(), &lost(3, 4));
        line.dialling(Dial::Connecting);
        assert_eq!(line.status(), &lost(0, 4));
        for s in 12..=19 {
            line.handle_timeout(secs(s));
        }
        assert!(line.status().host_unreachable(), "{:?}", line.status());
        assert!(!line.status().linked());
        line.settled(&LinkState::Joining, false);
        assert_eq!(line.status(), &LinkStatus::Guest(LinkState::Joining));
        assert_eq!(line.poll_timeout(), None, "no more counting");
        assert!(!line.handle_timeout(secs(30)));
    }

    /// A move unanswered while joined says so until it is answered, or
    /// until no move of this phone waits.
    #[test]
    fn a_move_unanswered_is_said_until_answered() {
        let mut line = LinkLine::guest();
        line.settled(&LinkState::Joined, false);
        line.heard(&GuestEvent::<()>::Unanswered { id: 1 }, secs(1));
        line.settled(&LinkState::Joined, true);
        assert_eq!(line.status(), &LinkStatus::Unanswered);
        assert!(line.status().linked());
        line.heard(&GuestEvent::<()>::Accepted { id: 1, seq: 4 }, secs(2));
        line.settled(&LinkState::Joined, false);
        assert_eq!(line.status(), &LinkStatus::Guest(LinkState::Joined));
        line.heard(&GuestEvent::<()>::Unanswered { id: 2 }, secs(3));
        line.settled(&LinkState::Joined, false);
        assert_eq!(line.status(), &LinkStatus::Guest(LinkState::Joined));
    }

    #[test]
    fn a_host_line_stays_hosting_and_the_host_gone_is_said() {
        let mut line = LinkLine::hosting();
        line.settled(&LinkState::Offline, false);
        assert_eq!(line.status(), &LinkStatus::Hosting);
        assert!(LinkStatus::Guest(LinkState::HostLeft).host_unreachable());
        assert!(!LinkStatus::Hosting.host_unreachable());
    }
}
