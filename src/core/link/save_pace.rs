//! When a phone writes its copy of a table: soon after a change, but not
//! at every entry the table sends.
//!
//! A copy is written whole (its log, its seats, its moves waiting), so a
//! table that sends entries fast — a phone flooding the round at the rate
//! limit, a long catch-up — would have every phone write its whole copy
//! for each: the cost of a save times the length of the log, again and
//! again. So a change is written [`SAVE_AFTER`] after it (the screen shows
//! it first, and the events that come with it are written with it), and
//! no sooner than [`SAVE_EVERY`] after the last write: a burst of entries
//! is written once or twice, never lost — a change waiting keeps its time
//! however many follow (nothing puts a save off for ever), and leaving
//! writes what waits ([`SavePace::flush`]). This phone's own move is
//! written [`SAVE_AFTER`] after it whatever the pace: its player made it
//! (no other phone can make this one write faster), and the opening of a
//! hidden choice must be kept before it is needed.
//!
//! Sans-IO like the rest of the link: the driver says what changed and
//! when (`changed`, `moved`), sleeps until [`SavePace::poll_timeout`], and
//! writes the copy when [`SavePace::handle_timeout`] says so.

use ::core::time::Duration;

/// How long a change waits to be written: the screen shows it first.
pub const SAVE_AFTER: Duration = Duration::from_millis(20);
/// The shortest time between two writes of a copy, but for this phone's
/// own moves.
pub const SAVE_EVERY: Duration = Duration::from_millis(300);

/// When the copy is next to be written.
#[derive(Clone, Debug, Default)]
pub struct SavePace {
    /// When the change waiting is to be written, if one waits.
    due: Option<Duration>,
    /// When the copy was last written.
    written: Option<Duration>,
}

impl SavePace {
    /// The table changed the copy at `now` (an entry, the seats, the
    /// link's state): written once the pace allows, at the time a change
    /// already waiting was given if one is.
    pub fn changed(&mut self, now: Duration) {
        let paced = self.written.map_or(Duration::ZERO, |at| at + SAVE_EVERY);
        self.due = Some(self.due.unwrap_or((now + SAVE_AFTER).max(paced)));
    }

    /// This phone's own move changed the copy at `now`: written
    /// [`SAVE_AFTER`] later, whatever the pace.
    pub fn moved(&mut self, now: Duration) {
        let soon = now + SAVE_AFTER;
        self.due = Some(self.due.map_or(soon, |due| due.min(soon)));
    }

    /// When to call [`SavePace::handle_timeout`], if a change waits.
    pub fn poll_timeout(&self) -> Option<Duration> {
        self.due
    }

    /// Whether the copy is to be written now (the driver writes it).
    pub fn handle_timeout(&mut self, now: Duration) -> bool {
        match self.due {
            Some(due) if due <= now => {
                self.due = None;
                self.written = Some(now);
                true
            }
            _ => false,
        }
    }

    /// Leaving, or closing: whether a change waits, to be written now
    /// whatever the pace.
    pub fn flush(&mut self) -> bool {
        self.due.take().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Writes `pace` makes over the entries arriving at `arrivals` (ms),
    /// each timer honoured on time: the times of the writes.
    fn writes(pace: &mut SavePace, arrivals: &[u64], until: u64) -> Vec<u64> {
        let mut written = Vec::new();
        for now in 0..=until {
            if arrivals.contains(&now) {
                pace.changed(ms(now));
            }
            if pace.poll_timeout().is_some_and(|due| due <= ms(now)) && pace.handle_timeout(ms(now))
            {
                written.push(now);
            }
        }
        written
    }

    #[test]
    fn a_change_alone_is_written_soon() {
        let mut pace = SavePace::default();
        assert_eq!(writes(&mut pace, &[5], 1_000), vec![25]);
    }

    /// An entry every 31 ms (the rate limit) for 3 s: about ten writes,
    /// not a hundred, and the last change written.
    #[test]
    fn a_flood_of_entries_is_written_at_the_pace_and_never_lost() {
        let mut pace = SavePace::default();
        let arrivals: Vec<u64> = (0..100).map(|i| i * 31).collect();
        let written = writes(&mut pace, &arrivals, 4_000);
        assert!(written.len() <= 12, "{written:?}");
        for pair in written.windows(2) {
            assert!(pair[1] - pair[0] >= 300, "{written:?}");
        }
        let last_change = *arrivals.last().unwrap();
        assert!(*written.last().unwrap() >= last_change, "{written:?}");
        assert_eq!(pace.poll_timeout(), None, "nothing left waiting");
    }

    #[test]
    fn a_change_waiting_is_not_put_off_by_those_that_follow() {
        let mut pace = SavePace::default();
        pace.changed(ms(0));
        for now in 1..20 {
            pace.changed(ms(now));
        }
        assert_eq!(pace.poll_timeout(), Some(ms(20)));
    }

    #[test]
    fn this_phones_own_move_is_written_soon_whatever_the_pace() {
        let mut pace = SavePace::default();
        pace.changed(ms(0));
        assert!(pace.handle_timeout(ms(20)));
        pace.changed(ms(30));
        assert_eq!(pace.poll_timeout(), Some(ms(320)));
        pace.moved(ms(40));
        assert_eq!(pace.poll_timeout(), Some(ms(60)));
    }

    #[test]
    fn leaving_writes_what_waits() {
        let mut pace = SavePace::default();
        assert!(!pace.flush());
        pace.changed(ms(0));
        assert!(pace.flush());
        assert!(!pace.flush());
    }
}
