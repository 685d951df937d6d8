//! What a game screen tells its player beside the game, as values: why a
//! move made on this phone was not played ([`NotPlayed`]), what the table
//! did meanwhile ([`TableNotice`]), and which of them the table tells
//! ([`Told`]). Nothing here is worded: `i18n` words them in the language
//! of the moment they are shown (a player who switches language mid-game
//! reads them in the new one), and a test, a log or a screen drawn again
//! compares them as the reasons they are.
//!
//! The core's refusals are named by who refuses: the session on this
//! phone ([`SessionRefusal`]: the rules, or the dice), the table
//! ([`TableRefusal`]: a step of this phone, checked by its copy or by the
//! host), the host when a phone joins
//! ([`JoinRefusal`](super::link::wire::JoinRefusal), told by the table
//! screen's line). [`NotPlayed`] gathers the first two with
//! the screens' own reasons.

use super::link::wire::TableRefusal;
use super::session::SessionRefusal;

/// Why a move made on this phone was not played; `E` is the game's own
/// reason (its rules' error, or the registry's
/// [`AnyError`](super::games::AnyError) where the game's type is not at
/// hand).
#[derive(Clone, Debug, PartialEq)]
pub enum NotPlayed<E> {
    /// This phone's session refused it: the game's rules, or the dice.
    Session(SessionRefusal<E>),
    /// The table refused it: this phone's copy first, or the host.
    Table(TableRefusal<E>),
    /// The game's rules make no move of the tap (a Genius cell that
    /// cannot be played now).
    Rules(E),
    /// A tap out of turn: `to_play` plays now (a Genius grid not the
    /// player's to move).
    OutOfTurn { to_play: String },
    /// A word proposed before saying who speaks (the word game).
    NoSpeaker,
    /// The host's rules refused it where this phone's copy allowed it:
    /// another phone's move got there first, `by` this player's (none: a
    /// phone holding no seat).
    PlayedFirst { by: Option<String> },
    /// A move of another game than the table's (never sent by its
    /// screens).
    OtherGame,
}

impl<E> NotPlayed<E> {
    /// The same reason, the game's own turned by `f` (into the registry's
    /// [`AnyError`](super::games::AnyError), say).
    pub fn map<F>(self, f: impl FnOnce(E) -> F) -> NotPlayed<F> {
        match self {
            NotPlayed::Session(refusal) => NotPlayed::Session(refusal.map(f)),
            NotPlayed::Table(denied) => NotPlayed::Table(denied.map(f)),
            NotPlayed::Rules(e) => NotPlayed::Rules(f(e)),
            NotPlayed::OutOfTurn { to_play } => NotPlayed::OutOfTurn { to_play },
            NotPlayed::NoSpeaker => NotPlayed::NoSpeaker,
            NotPlayed::PlayedFirst { by } => NotPlayed::PlayedFirst { by },
            NotPlayed::OtherGame => NotPlayed::OtherGame,
        }
    }
}

/// What the table did to this phone's place or game, told until its
/// player plays (or, for another phone's undo and the coach's stand-in,
/// until the game moves on). Players are named as the game names them.
#[derive(Clone, Debug, PartialEq)]
pub enum TableNotice {
    /// This phone went to take the table over, and another phone hosts it
    /// already: this phone joined it instead.
    AlreadyHosted,
    /// Moves made on this phone that the table did not receive (its copy
    /// went its own way while the phone was away): to make again.
    Dropped { moves: usize },
    /// This phone hosted the table, and while it was out of reach another
    /// phone took it over, where `host` play (none: unknown): it is now a
    /// guest there, and its players play on, here.
    SteppedDown { host: Vec<String> },
    /// This phone closed before keeping `name`'s hidden choice: `name`
    /// chooses again.
    ChoiceLost { name: String },
    /// The host freed the seats of `names`, which this phone held.
    SeatsLost { names: Vec<String> },
    /// A message for the other phones was too long to send.
    Unsent,
    /// Another phone took back the table's last move: `by` this player's
    /// phone (none: a phone holding no seat); `roll`: a roll, whose dice
    /// are gone.
    TakenBack { by: Option<String>, roll: bool },
    /// The choices of `names` could not be shown (their phone lost them):
    /// the coach's choice was played for them (a ruling).
    StoodIn { names: Vec<String> },
    /// The host sent away the phone of `names` (none: a phone watching):
    /// their seats are free, and the invitation link changed.
    SentAway { names: Vec<String> },
    /// The host could not send a phone away: this phone's system gave no
    /// random bytes for the table's new secret. Nothing changed.
    NotSentAway,
}

/// What the table last told this phone: a move of it refused, or else
/// what the table did, told one after the other.
#[derive(Clone, Debug, PartialEq)]
pub enum Told<E> {
    NotPlayed(NotPlayed<E>),
    Table(Vec<TableNotice>),
}

impl<E> Told<E> {
    /// The first of what a phone is told: the move `refused`, or else the
    /// first of `notices` not empty; none if nothing is told.
    pub fn first(refused: Option<NotPlayed<E>>, notices: &[&[TableNotice]]) -> Option<Told<E>> {
        if let Some(why) = refused {
            return Some(Told::NotPlayed(why));
        }
        let told = notices.iter().find(|notices| !notices.is_empty())?;
        Some(Told::Table(told.to_vec()))
    }
}

/// What the table tells one phone, and how long each thing is told: the
/// table screen's notices, decided here and tested without a screen.
///
/// A move of this phone refused is told until the game moves on; what
/// happened to its place (another phone hosts it, moves that did not
/// reach it, seats freed…) until its player plays or picks its seats
/// again, through the joins and catch-ups that follow; a message too long
/// to send once; another phone's undo and the coach's stand-in, read from
/// the game, until it moves on. The first of them is shown ([`Told::first`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Telling<E> {
    refused: Option<NotPlayed<E>>,
    notices: Vec<TableNotice>,
    told_unsent: bool,
    taken_back: Option<TableNotice>,
    stood_in: Option<TableNotice>,
}

impl<E: Clone> Telling<E> {
    /// A phone arriving at its table, told `notices` (what became of its
    /// place on the way: another phone hosted the table already…), and
    /// what its game says now.
    pub fn new(
        notices: Vec<TableNotice>,
        taken_back: Option<TableNotice>,
        stood_in: Option<TableNotice>,
    ) -> Telling<E> {
        Telling {
            refused: None,
            notices,
            told_unsent: false,
            taken_back,
            stood_in,
        }
    }

    /// This phone's player played (a move, an undo, a redo) or picked its
    /// seats: what happened to its place was read.
    pub fn played(&mut self) {
        self.notices.clear();
    }

    /// The table did `notice` to this phone's place or game (a message too
    /// long to send is told once).
    pub fn tell(&mut self, notice: TableNotice) {
        if notice == TableNotice::Unsent {
            if self.told_unsent {
                return;
            }
            self.told_unsent = true;
        }
        self.notices.push(notice);
    }

    /// This phone is somewhere else now (it stepped down and joined the
    /// table's host): that alone is told.
    pub fn moved(&mut self, notice: TableNotice) {
        self.notices = vec![notice];
    }

    /// This phone's move was refused (none: it went through).
    pub fn refused(&mut self, why: Option<NotPlayed<E>>) {
        self.refused = why;
    }

    /// The game moved on: a refusal is told no more, and another phone's
    /// undo and the coach's stand-in are what the game says now.
    pub fn game_moved(&mut self, taken_back: Option<TableNotice>, stood_in: Option<TableNotice>) {
        self.refused = None;
        self.taken_back = taken_back;
        self.stood_in = stood_in;
    }

    /// What the phone is told now, if anything.
    pub fn told(&self) -> Option<Told<E>> {
        Told::first(
            self.refused.clone(),
            &[
                &self.notices,
                self.taken_back.as_slice(),
                self.stood_in.as_slice(),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::games::{AnyError, Registered};
    use crate::core::genius::{Error, Genius};

    /// How long each thing is told: a refusal until the game moves on,
    /// what happened to the phone's place until its player plays, a
    /// message too long once, the game's own notices as the game says.
    #[test]
    fn each_thing_is_told_for_as_long_as_it_holds() {
        let undo = TableNotice::TakenBack {
            by: Some("Anne".into()),
            roll: true,
        };
        let dropped = TableNotice::Dropped { moves: 2 };
        let mut telling = Telling::<Error>::new(vec![TableNotice::AlreadyHosted], None, None);
        assert_eq!(
            telling.told(),
            Some(Told::Table(vec![TableNotice::AlreadyHosted]))
        );
        telling.tell(dropped.clone());
        telling.tell(TableNotice::Unsent);
        telling.tell(TableNotice::Unsent);
        let place = vec![TableNotice::AlreadyHosted, dropped, TableNotice::Unsent];
        assert_eq!(telling.told(), Some(Told::Table(place.clone())), "once");
        // A refusal comes first, and holds until the game moves on, when
        // what happened to the place is told again: the player has not
        // played since.
        let refused = NotPlayed::Table(TableRefusal::NothingToUndo);
        telling.refused(Some(refused.clone()));
        assert_eq!(telling.told(), Some(Told::NotPlayed(refused)));
        telling.game_moved(Some(undo.clone()), None);
        assert_eq!(telling.told(), Some(Told::Table(place)));
        // The player plays: the game's own notice is left.
        telling.played();
        assert_eq!(telling.told(), Some(Told::Table(vec![undo.clone()])));
        telling.tell(TableNotice::Unsent);
        assert_eq!(
            telling.told(),
            Some(Told::Table(vec![undo])),
            "a message too long is told once"
        );
        telling.game_moved(None, None);
        assert_eq!(telling.told(), None);
        telling.moved(TableNotice::SteppedDown { host: Vec::new() });
        assert_eq!(
            telling.told(),
            Some(Told::Table(vec![TableNotice::SteppedDown {
                host: Vec::new()
            }]))
        );
    }

    #[test]
    fn a_refusal_keeps_its_reason_through_the_registry() {
        let refused: NotPlayed<Error> = NotPlayed::Table(TableRefusal::Rules(Error::NotNow));
        let any = refused.clone().map(Genius::error_into_any);
        assert_eq!(
            any,
            NotPlayed::Table(TableRefusal::Rules(AnyError::Genius(Error::NotNow)))
        );
        let seat = NotPlayed::<Error>::Table(TableRefusal::NothingToUndo);
        assert_eq!(
            seat.map(Genius::error_into_any),
            NotPlayed::Table(TableRefusal::NothingToUndo)
        );
        let session = NotPlayed::Session(SessionRefusal::Rules(Error::NotNow));
        assert_eq!(
            session.map(Genius::error_into_any),
            NotPlayed::Session(SessionRefusal::Rules(AnyError::Genius(Error::NotNow)))
        );
    }

    #[test]
    fn a_refused_move_is_told_before_what_the_table_did() {
        let dropped = [TableNotice::Dropped { moves: 2 }];
        let undone = [TableNotice::TakenBack {
            by: Some("Anne".into()),
            roll: true,
        }];
        let refused = NotPlayed::<Error>::Table(TableRefusal::Stale);
        let told = Told::first(Some(refused.clone()), &[&dropped, &undone]);
        assert_eq!(told, Some(Told::NotPlayed(refused)));
        let told = Told::<Error>::first(None, &[&[], &undone, &dropped]);
        assert_eq!(told, Some(Told::Table(undone.to_vec())));
        assert_eq!(Told::<Error>::first(None, &[&[], &[]]), None);
    }
}
