//! The contract every game keeps. It names no game: the registry of games
//! is [`crate::core::games`].
//!
//! A game is a [`Rules`] state (start, validate, apply; a [`Session`](crate::core::session::Session)
//! keeps its log) that also answers, at any moment:
//! - **what is legal now**: [`Rules::legal_moves`] enumerates every move —
//!   a complete action, a roll the game waits for (any faces of the dice
//!   make it an action, [`Rules::rolled`]), or an action the player composes
//!   step by step where the whole set is too large to list ([`Compose`]:
//!   Roll to the Top's placements, answered exactly square by square, and
//!   the word game's words, which only the table can judge);
//! - **who stands where**: [`Game::standings`], one type that home, the
//!   history, the export, the end screen and the statistics all read;
//! - **how it ended**: [`Game::outcome`], the standings once it is over.
//!
//! Randomness stays in the actions: a roll is an action that carries its
//! dice, so the same functions serve the app's dice, typed dice and replays.
//! [`crate::core::games::with_game`] is the one place that maps a
//! [`GameKind`] to its rules.

mod actions;
mod kind;
mod moves;
mod rules;
mod standings;

pub use actions::{decided_roll_off, RollOffAction};
pub use kind::{Facts, GameKind, Mode, Record, Tally, Variant};
pub use moves::{Compose, Move, Roll};
pub use rules::{RollSource, Rules, WhoseDice};
pub use standings::{Points, Standing, Standings};

use crate::core::table::Player;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// How far a game has gone, for a one-line summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Progress {
    /// Nothing to say beyond the players (the sheet says it all).
    None,
    /// Round `round` (1-based) of `of`.
    Round { round: usize, of: usize },
    /// The `n`th roll (1-based) is next.
    Roll(usize),
    /// The word game: the round being played and the tokens left in the centre.
    Centre { round: usize, centre: u32 },
}

/// A game of the rulebooks: rules that also name the game, give its
/// standings and say how it ended.
/// Its types are `Send`, so that a game can be played on a thread of its
/// own (the table link's native peer).
pub trait Game:
    Rules<Setup: Send, Action: Send + RollOffAction, Error: Send> + Send + 'static
{
    /// Which game this is: its facts beyond the rules (players, roll-off,
    /// what is kept of it) are its row of [`GameKind::facts`].
    const KIND: GameKind;

    fn players(&self) -> &[Player];

    /// What the game is played with beyond its kind (a mode, a sheet).
    fn variant(&self) -> Variant {
        Variant::None
    }

    /// Every player's score and place now, and who has finished.
    fn standings(&self) -> Standings;

    /// How far the game has gone.
    fn progress(&self) -> Progress {
        Progress::None
    }

    /// The final standings, once the game is over.
    fn outcome(&self) -> Option<Standings> {
        self.is_finished().then(|| self.standings())
    }

    /// At a table of several phones, whether `last`, the last action of the
    /// log (the one that led to this state), may still be taken back: a
    /// game may make a move final once every phone has seen it (Einstein:
    /// a roll's choices, once all are in and shown). Any move may by
    /// default; on one phone every move may.
    fn take_back_at_table(&self, last: &Self::Action) -> Result<(), Self::Error> {
        let _ = last;
        Ok(())
    }

    /// At a table of several phones, the player whose hidden choice
    /// `action` is, if it is one: the other phones do not receive it until
    /// [`Game::choices_hidden`] ends (Einstein: each player's pairs and
    /// fifth die for a roll). None by default: every move is seen.
    fn hidden_choice(&self, action: &Self::Action) -> Option<usize> {
        let _ = action;
        None
    }

    /// Whether the game waits for hidden choices now: the choices made
    /// since this began stay with their own phone until it ends (Einstein:
    /// until every player has chosen for the roll). Never by default.
    fn choices_hidden(&self) -> bool {
        false
    }

    /// While [`Game::choices_hidden`], the players whose hidden choice the
    /// game still waits for (Einstein: those who have not chosen for the
    /// roll); a table shows the choices once each of them has committed
    /// one (see [`super::link::sealed`]).
    fn hidden_choosers(&self) -> Vec<usize> {
        Vec::new()
    }

    /// Whose move `action` is, for a game played on several phones (see
    /// [`super::link`]): a phone holding a player's seat proposes that
    /// player's moves only. Answered for any action, legal now or not.
    fn actor(&self, action: &Self::Action) -> Actor;

    /// A composed move (see [`Compose`]) made at random, for a player that
    /// plays at random ([`crate::core::autoplay`]: the table peer's `auto`
    /// command, the link's tests and benchmark); none by default (the word
    /// game's words are for a table to judge).
    fn compose_at_random(&self, rng: &mut impl Rng, compose: &Compose) -> Option<Self::Action> {
        let _ = (rng, compose);
        None
    }
}

/// Who makes a move: one player, or the whole table (a roll-off, which
/// every player takes part in; a word judged by the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    Player(usize),
    Table,
}

/// Who is to move now: the actors of the legal moves (a roll's is the
/// actor of the action it makes), each once, players in seat order then
/// the table. On several phones, the phones of these players have the
/// controls; the others wait.
pub fn actors<G: Game>(state: &G) -> Vec<Actor> {
    let mut actors = Vec::new();
    for m in state.legal_moves() {
        let actor = match m {
            Move::Play(action) => state.actor(&action),
            Move::Roll(roll) => {
                let values: Vec<u32> = (0..roll.len()).map(|i| *roll.range(i).start()).collect();
                match state.rolled(&roll, &values, RollSource::Typed) {
                    Some(action) => state.actor(&action),
                    None => continue,
                }
            }
            Move::Compose(Compose::Placements { player } | Compose::Word { player, .. }) => {
                Actor::Player(player)
            }
            Move::Compose(Compose::Dice { .. }) => Actor::Table,
        };
        if !actors.contains(&actor) {
            actors.push(actor);
        }
    }
    actors.sort_by_key(|a| match a {
        Actor::Player(p) => *p,
        Actor::Table => usize::MAX,
    });
    actors
}
