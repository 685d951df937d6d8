//! The saved games as the screens reach them ([`Saves`], the context, is
//! in the base): Home's list of games in progress (from the summary saved
//! with each, no replay) listed again with the summaries replayed,
//! resuming one (replayed by its own game screen) and viewing one from the
//! history; and the game the app reopens at start.

use super::table::{TableHandle, TableRequest};
use super::{with_screen, Active, GameScreen, Nav, Play, Saves, Screen, WithScreen};
use crate::core::save::SavedGame;
use dioxus::prelude::*;

/// The game the app reopens at start: the only game in progress, unless
/// Home has something to tell (`told`: a notice about the settings or the
/// saved games). With several in progress Home stays, where they are
/// listed to choose from.
pub(super) fn to_reopen(saved: &[SavedGame], told: bool) -> Option<SavedGame> {
    match saved {
        [only] if !told && !only.finished => Some(only.clone()),
        _ => None,
    }
}

impl Saves {
    /// Lists the saved games again with every game saved without its
    /// summary replayed for one (see `saves::replayed_listing`), and shows
    /// what that found.
    pub async fn replay_unsummarised(mut self) {
        let loaded = crate::saves::replayed_listing().await;
        // The games restored from their backup, shown already, get their
        // summary too.
        for shown in self.restored.write().iter_mut() {
            if let Some(game) = loaded.games.iter().find(|g| g.id == shown.id) {
                shown.summary.clone_from(&game.summary);
            }
        }
        self.show_saved(loaded);
    }

    /// Opens saved game `saved` to play it: its game screen replays it
    /// ([`Saves::open_chosen`]), so that the rules of the games are in the
    /// game screens' code (on the web, each its own file), not in Home's.
    pub fn resume(mut self, saved: &SavedGame, mut nav: Nav, mut table: TableHandle) {
        // A game played on several phones goes back to its table.
        if saved.table.is_some() {
            let request = TableRequest::Resume {
                game: saved.game,
                id: saved.id.clone(),
            };
            table.info.set(None);
            table.request.set(Some(request));
        }
        self.opening.set(Some(saved.clone()));
        nav.go(Screen::Game(saved.game));
    }

    /// Opens the game chosen to resume ([`Saves::resume`]) in `play` if it
    /// is a game of `G`. One that no longer replays (edited by hand, or by
    /// a version of the app whose rules differ) is set aside, untouched,
    /// and Home says so.
    pub fn open_chosen<G: GameScreen>(mut self, play: &Play, mut nav: Nav) {
        let Some(saved) = self.opening.peek().clone().filter(|s| s.game == G::KIND) else {
            return;
        };
        self.opening.set(None);
        if !play.open_as::<G>(&saved, false) {
            crate::saves::set_aside(&saved.id);
            *self.set_aside.write() += 1;
            nav.go(Screen::Home);
        }
    }
}

impl Play {
    /// Opens a saved game to play it (or, `viewing`, to look at its
    /// sheet); false if it does not replay.
    pub fn open(&self, saved: &SavedGame, viewing: bool) -> bool {
        struct Open<'a>(&'a Play, &'a SavedGame, bool);
        impl WithScreen for Open<'_> {
            type Output = bool;
            fn run<G: GameScreen>(self) -> bool {
                let Open(play, saved, viewing) = self;
                play.open_as::<G>(saved, viewing)
            }
        }
        with_screen(saved.game, Open(self, saved, viewing))
    }

    /// [`Play::open`] for a game of `G`.
    fn open_as<G: GameScreen>(&self, saved: &SavedGame, viewing: bool) -> bool {
        let Ok(session) = saved.session::<G>() else {
            return false;
        };
        let id = saved.id.clone();
        G::active(self).set(Some(if viewing {
            Active::viewing(id, session)
        } else {
            Active::new(id, session)
        }));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::to_reopen;
    use crate::core::game::GameKind;
    use crate::core::save::{test_id, SavedGame};
    use crate::core::serieux::{FirstPlayer, Serieux, Setup};
    use crate::core::session::Session;
    use crate::core::table::{Colour, Player};

    fn in_progress(id: &str) -> SavedGame {
        let session = Session::<Serieux>::new(Setup {
            players: vec![
                Player::new("Anne", Colour::Blue),
                Player::new("Bruno", Colour::Red),
            ],
            first: FirstPlayer::Chosen(0),
        })
        .unwrap();
        SavedGame::of_game(&test_id(id), GameKind::Serieux, 1_764_000_000_000, &session)
    }

    #[test]
    fn the_only_game_in_progress_is_reopened_unless_home_has_news() {
        let one = in_progress("serieux-1764000000000-0001");
        let two = in_progress("serieux-1764000000000-0002");
        assert_eq!(to_reopen(&[], false), None);
        assert_eq!(
            to_reopen(std::slice::from_ref(&one), false),
            Some(one.clone())
        );
        assert_eq!(
            to_reopen(std::slice::from_ref(&one), true),
            None,
            "a notice first"
        );
        assert_eq!(to_reopen(&[one, two], false), None, "Home lists both");
    }
}
