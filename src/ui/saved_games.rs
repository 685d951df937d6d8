//! The saved games as the screens reach them: Home's list of games in
//! progress (from the summary saved with each, no replay), resuming one
//! (replayed by its own game screen) and viewing one from the history.

use super::{with_screen, Active, GameScreen, Init, Nav, Play, Screen, TableHandle, WithScreen};
use crate::core::save::{GameId, SavedGame};
use crate::saves::Loaded;
use dioxus::prelude::*;

/// What a listing found, as Home shows it: the unfinished games, how many
/// files were set aside, and the games loaded from their backup (they went
/// back one action).
pub(super) fn listed(loaded: Loaded) -> (Vec<SavedGame>, usize, Vec<SavedGame>) {
    let restored = loaded
        .games
        .iter()
        .filter(|g| loaded.from_backup.contains(&g.id))
        .cloned()
        .collect();
    let unfinished = loaded.games.into_iter().filter(|g| !g.finished).collect();
    (unfinished, loaded.set_aside.len(), restored)
}

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

impl Init {
    /// Starts on the only game in progress, reopened as Home's Resume does
    /// (a reload mid-game comes back to it; a table game to its table),
    /// unless Home has something to tell first (see [`to_reopen`]). The
    /// page paints no copy of Home when a game is in progress (index.html):
    /// the app's first screen is then the game.
    pub(super) fn reopening(mut self) -> Init {
        let told = self.settings_error.is_some() || self.set_aside > 0 || !self.restored.is_empty();
        if let Some(game) = to_reopen(&self.saved, told) {
            if game.table.is_some() {
                self.table = Some(super::TableRequest::Resume {
                    game: game.game,
                    id: game.id.clone(),
                });
            }
            self.screen = Screen::Game(game.game);
            self.opening = Some(game);
        }
        self
    }
}

/// The saved games as Home shows them, and the one chosen to resume.
#[derive(Clone, Copy)]
pub struct Saves {
    /// The unfinished games, newest first.
    pub saved: Signal<Vec<SavedGame>>,
    /// How many saved files could not be loaded and were set aside.
    pub set_aside: Signal<usize>,
    /// Games whose last save was damaged, loaded from their backup.
    pub restored: Signal<Vec<SavedGame>>,
    /// The saved game chosen on Home to resume, until its game screen
    /// opens it (see [`Saves::resume`]).
    pub opening: Signal<Option<SavedGame>>,
}

pub fn use_saves() -> Saves {
    use_context::<Saves>()
}

impl Saves {
    /// Shows what a listing of the saved games found: the unfinished games,
    /// and (added to what was shown) the files set aside and the games
    /// loaded from their backup not told yet.
    pub(super) fn show_saved(&mut self, loaded: Loaded) {
        let (saved, set_aside, restored) = listed(loaded);
        self.saved.set(saved);
        *self.set_aside.write() += set_aside;
        let shown: Vec<GameId> = self.restored.peek().iter().map(|g| g.id.clone()).collect();
        let new: Vec<SavedGame> = restored
            .into_iter()
            .filter(|g| !shown.contains(&g.id))
            .collect();
        if !new.is_empty() {
            self.restored.write().extend(new);
        }
    }

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
            let request = super::TableRequest::Resume {
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
            Active::viewing(id, saved.game, session)
        } else {
            Active::new(id, saved.game, session)
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
