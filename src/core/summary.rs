//! What the home screen, the history and the statistics show of a game.

use super::game::{Game, GameKind, Progress, Standings, Variant};
use super::session::Session;

/// What the home screen, the history and the statistics show of a saved
/// game: read from one replay of its log, and kept for finished games in
/// the store's index (see [`crate::core::index`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub kind: GameKind,
    pub variant: Variant,
    pub standings: Standings,
    pub progress: Progress,
    pub finished: bool,
    /// Someone opened the coach during the game.
    pub coached: bool,
}

impl Summary {
    /// What a game being played sums up to now: saved with it at each save
    /// (see [`crate::core::save::SavedGame::summary`]), so that the home screen lists the games
    /// in progress without replaying them.
    pub fn of<G: Game>(session: &Session<G>) -> Summary {
        let game = session.state();
        Summary {
            kind: G::KIND,
            variant: game.variant(),
            standings: game.standings(),
            progress: game.progress(),
            finished: game.is_finished(),
            coached: session.coach().consulted,
        }
    }
}
