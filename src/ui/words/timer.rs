//! The letter-dice game's optional round timer. It measures the table's
//! thinking: it stops while a proposal is being entered (who speaks chosen,
//! the word typed) and judged, and goes on after the verdict. The rules
//! have no clock: the timer lives beside the game (not in its log), counted
//! from the device's clock, and kept on the device so that a reload brings
//! it back where it was.

use crate::core::save::GameId;
use crate::i18n::Lang;
use crate::{platform, records};
use dioxus::prelude::*;
use serde::{Deserialize, Serialize};

/// Where the clock of the game being played is kept on the device.
const CLOCK_KEY: &str = "words-timer";

/// The time the table has spent thinking in one round, in ms of the
/// device's clock: what ran before the last pause, and since when it runs
/// again (none while paused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundClock {
    round: usize,
    spent: u64,
    since: Option<u64>,
}

impl RoundClock {
    /// Round `round`'s clock, running from `now`.
    pub fn start(round: usize, now: u64) -> RoundClock {
        RoundClock {
            round,
            spent: 0,
            since: Some(now),
        }
    }

    /// The time counted at `now`.
    pub fn spent(&self, now: u64) -> u64 {
        self.spent + self.since.map_or(0, |at| now.saturating_sub(at))
    }

    /// The time left of `total` at `now`.
    pub fn left(&self, total: u64, now: u64) -> u64 {
        total.saturating_sub(self.spent(now))
    }

    pub fn paused(&self) -> bool {
        self.since.is_none()
    }

    /// Stops counting at `now` (`paused`) or counts again from `now`.
    pub fn set_paused(&mut self, paused: bool, now: u64) {
        match (paused, self.since) {
            (true, Some(_)) => {
                self.spent = self.spent(now);
                self.since = None;
            }
            (false, None) => self.since = Some(now),
            _ => {}
        }
    }
}

/// A game's clock as kept on the device.
#[derive(Serialize, Deserialize)]
struct KeptClock {
    game: GameId,
    clock: RoundClock,
}

/// The round timer's clock of the game `game` (its id; none: no game, and
/// nothing kept), kept on the device each time it starts, stops or goes
/// on: a reload brings it back where it was (a running clock counts the
/// time the reload took, on the device's clock).
pub fn use_round_clock(game: Option<GameId>) -> Signal<Option<RoundClock>> {
    let kept = game.clone();
    let clock = use_signal(move || {
        records::load_json::<Option<KeptClock>>(CLOCK_KEY)
            .filter(|k| Some(&k.game) == kept.as_ref())
            .map(|k| k.clock)
    });
    use_effect(move || {
        if let (Some(clock), Some(game)) = (clock(), game.clone()) {
            records::save_json(CLOCK_KEY, &Some(KeptClock { game, clock }));
        }
    });
    clock
}

/// The optional round timer: counts down from the dice roll, stopped while
/// `paused` (a proposal being entered or judged), then says clearly that
/// time is up and offers to make the silent players pass.
#[component]
pub fn RoundTimer(
    secs: u32,
    round: usize,
    clock: Signal<Option<RoundClock>>,
    paused: bool,
    lang: Lang,
    on_time_up: EventHandler<()>,
) -> Element {
    let w = lang.words();
    let mut clock = clock;
    let mut now = use_signal(platform::now_ms);
    use_future(move || async move {
        loop {
            platform::sleep_ms(250).await;
            if clock.peek().is_some_and(|c| !c.paused()) {
                now.set(platform::now_ms());
            }
        }
    });
    // The proposal started or judged: the clock stops or goes on.
    use_effect(use_reactive!(|paused| {
        let at = platform::now_ms();
        if let Some(c) = clock.write().as_mut() {
            c.set_paused(paused, at);
        }
        now.set(at);
    }));
    let mut restart = move || {
        let at = platform::now_ms();
        now.set(at);
        let mut started = RoundClock::start(round, at);
        started.set_paused(paused, at);
        clock.set(Some(started));
    };
    let running = clock().filter(|c| c.round == round);
    let total = u64::from(secs) * 1000;
    let left = running.map(|c| c.left(total, now()));
    let up = left == Some(0);
    let stopped = running.is_some_and(|c| c.paused()) && !up;
    rsx! {
        div {
            class: if up { "round-timer up" } else if stopped { "round-timer paused" } else { "round-timer" },
            "data-testid": "round-timer",
            if up {
                p { class: "time-up", role: "alert", "data-testid": "time-up", "data-alarm": "time-up", "{w.time_up}" }
                div { class: "actions",
                    button { class: "action primary", "data-testid": "everyone-passes", onclick: move |_| on_time_up.call(()), "{w.everyone_passes}" }
                    button { class: "action", onclick: move |_| restart(), "{w.restart_timer}" }
                }
            } else if let Some(left) = left {
                span { class: "timer-clock", role: "timer", "aria-label": "{w.timer}", "{lang.clock(left)}" }
                span { class: "timer-bar", "aria-hidden": "true",
                    span { class: "timer-fill", style: "width: {left * 100 / total.max(1)}%" }
                }
                if stopped {
                    span { class: "timer-paused", "data-testid": "timer-paused", "{w.timer_paused}" }
                }
            } else {
                button { class: "action", "data-testid": "start-timer", onclick: move |_| restart(), "{w.timer} · {secs} s" }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RoundClock;

    #[test]
    fn the_clock_stops_while_a_proposal_is_entered_and_judged() {
        let mut clock = RoundClock::start(1, 1_000);
        assert_eq!(clock.left(30_000, 10_000), 21_000);
        // 0:21 left when the scorekeeper picks who speaks…
        clock.set_paused(true, 10_000);
        clock.set_paused(true, 12_000);
        // …and still 0:21 six seconds later, at the verdict.
        assert_eq!(clock.left(30_000, 16_000), 21_000);
        assert!(clock.paused());
        clock.set_paused(false, 16_000);
        clock.set_paused(false, 17_000);
        assert_eq!(clock.left(30_000, 20_000), 17_000);
        assert_eq!(clock.left(30_000, 60_000), 0);
    }
}
