//! The heartbeat, the same on both sides of a connection: a side that has
//! sent nothing for [`HEARTBEAT`] says `Ping`, and a side that has heard
//! nothing for [`SILENCE`] counts the other as gone (a host drops the
//! connection and shows the seat's phone as not connected; a guest drops
//! it and dials again).
//!
//! The host keeps one per connection, the guest one for its connection to
//! the host; each calls [`Heartbeat::heard`] for every frame it reads and
//! [`Heartbeat::sent`] for every frame it sends, and asks the two
//! questions in its `handle_timeout`.

use super::wire::{HEARTBEAT, SILENCE};
use ::core::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heartbeat {
    heard: Duration,
    sent: Duration,
}

impl Heartbeat {
    /// A connection opened at `now`: as if both sides had just spoken.
    pub fn new(now: Duration) -> Heartbeat {
        Heartbeat {
            heard: now,
            sent: now,
        }
    }

    /// Bytes came in.
    pub fn heard(&mut self, now: Duration) {
        self.heard = self.heard.max(now);
    }

    /// A frame went out.
    pub fn sent(&mut self, now: Duration) {
        self.sent = self.sent.max(now);
    }

    /// When the other side was last heard (or the connection opened).
    pub fn last_heard(&self) -> Duration {
        self.heard
    }

    /// The other side has said nothing for [`SILENCE`]: it is gone.
    pub fn is_silent(&self, now: Duration) -> bool {
        now >= self.heard + SILENCE
    }

    /// This side has said nothing for [`HEARTBEAT`]: time for a `Ping`.
    pub fn ping_due(&self, now: Duration) -> bool {
        now >= self.sent + HEARTBEAT
    }

    /// When one of the two questions above next turns true; `pinging`:
    /// whether this side pings on this connection yet (not before the
    /// hello is answered).
    pub fn next(&self, pinging: bool) -> Duration {
        let silent = self.heard + SILENCE;
        if pinging {
            silent.min(self.sent + HEARTBEAT)
        } else {
            silent
        }
    }
}
