//! The host's heartbeat: a `Ping` to every joined phone each
//! [`HEARTBEAT`], and a connection silent for [`SILENCE`] dropped (the
//! phone's seat stays its own, shown not connected).

use super::{Host, Misbehaviour, PeerId};
use crate::core::game::Game;
use crate::core::link::wire::{ToGuest, HEARTBEAT, SILENCE};
use ::core::time::Duration;

impl<G: Game> Host<G> {
    /// The heartbeat: says `Ping` to every joined phone each
    /// [`HEARTBEAT`], and drops a connection silent for [`SILENCE`].
    pub fn handle_timeout(&mut self, now: Duration) {
        let silent: Vec<PeerId> = self
            .peers
            .iter()
            .filter(|(_, p)| now >= p.heard + SILENCE)
            .map(|(id, _)| *id)
            .collect();
        for peer in silent {
            self.turn(peer, Misbehaviour::Silent);
        }
        let due: Vec<PeerId> = self
            .peers
            .iter_mut()
            .filter(|(_, p)| p.phone.is_some() && now >= p.pinged + HEARTBEAT)
            .map(|(id, p)| {
                p.pinged = now;
                *id
            })
            .collect();
        for peer in due {
            self.send(peer, &ToGuest::Ping);
        }
    }

    /// When [`Host::handle_timeout`] has something to do, if ever (not
    /// while no phone is connected).
    pub fn next_timeout(&self) -> Option<Duration> {
        self.peers
            .values()
            .flat_map(|p| {
                let ping = p.phone.map(|_| p.pinged + HEARTBEAT);
                std::iter::once(p.heard + SILENCE).chain(ping)
            })
            .min()
    }
}
