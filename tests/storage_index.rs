//! The index of summaries (`core::index`, `saves::list`): Home and History
//! list finished games from it without reading them, it is rebuilt from the
//! games when it is missing, damaged or out of step, and a summary that
//! disagrees with its game is replaced as soon as the game is read.

#[path = "common/games.rs"]
mod games;

use genius::core::games::check;
use genius::core::games::summarise;
use genius::core::history::{outcome, Outcome};
use genius::core::index::Index;
use genius::core::save::{GameId, SavedGame};
use genius::platform::GameFiles;
use genius::saves::{list, read_game, GameStore, Replays};
use std::fs;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("genius-index-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A store holding `games`, written as the app writes them.
fn store_of(dir: &Path, games: &[SavedGame]) -> GameFiles {
    let store = GameFiles::at(dir.to_path_buf());
    for g in games {
        let text = g.to_json();
        if g.finished {
            store.write_finished(&g.id, &text).unwrap();
        } else {
            store.write(&g.id, &text).unwrap();
        }
    }
    store
}

/// A store that counts the games it is asked to read.
struct Counting<'a>(&'a GameFiles, std::cell::Cell<usize>);

impl GameStore for Counting<'_> {
    fn ids(&self) -> Vec<GameId> {
        GameStore::ids(self.0)
    }
    fn read(&self, id: &GameId, accept: &dyn Fn(&str) -> bool) -> Option<(String, bool)> {
        self.1.set(self.1.get() + 1);
        GameStore::read(self.0, id, accept)
    }
    fn set_aside(&self, id: &GameId) {
        GameStore::set_aside(self.0, id)
    }
    fn read_index(&self) -> Option<String> {
        GameStore::read_index(self.0)
    }
    fn write_index(&self, text: &str) {
        GameStore::write_index(self.0, text)
    }
}

fn outcomes(index: &Index) -> Vec<Outcome> {
    index
        .entries
        .iter()
        .map(|e| Outcome::of(&e.id, e.saved_at, &e.summary))
        .collect()
}

#[test]
fn finished_games_are_listed_from_the_index_without_being_read() {
    let dir = scratch("listed");
    let games = games::many_games(40, 5);
    let store = store_of(&dir, &games);
    let finished: Vec<&SavedGame> = games.iter().filter(|g| g.finished).collect();
    let unfinished = games.len() - finished.len();
    assert!(!finished.is_empty() && unfinished > 0);

    // First listing: no index yet, so every game is read once.
    let counting = Counting(&store, Default::default());
    let first = list(&counting, Replays::NOW);
    assert_eq!(counting.1.get(), games.len());
    assert_eq!(first.index.entries.len(), finished.len());
    // Each summary is what the replay says, newest first.
    let mut expected: Vec<Outcome> = finished.iter().map(|g| outcome(g).unwrap()).collect();
    expected.sort_by(|a, b| b.finished_at.cmp(&a.finished_at).then(a.id.cmp(&b.id)));
    assert_eq!(outcomes(&first.index), expected);
    for e in &first.index.entries {
        let g = games.iter().find(|g| g.id == e.id).unwrap();
        assert_eq!(e.summary, summarise(g).unwrap());
    }

    // Next listings read only the games in progress.
    let counting = Counting(&store, Default::default());
    let again = list(&counting, Replays::NOW);
    assert_eq!(counting.1.get(), unfinished);
    assert_eq!(again.index, first.index);
    assert_eq!(again.loaded.games.len(), unfinished);
    assert!(again.loaded.games.iter().all(|g| !g.finished));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_missing_damaged_or_foreign_index_is_rebuilt_from_the_games() {
    let dir = scratch("rebuilt");
    let games = games::many_games(20, 6);
    let store = store_of(&dir, &games);
    let good = list(&store, Replays::NOW).index;
    let text = fs::read_to_string(dir.join("_index.json")).unwrap();
    let damaged = [
        String::new(),
        text[..text.len() / 2].to_string(),
        // A flipped digit that still parses: the checksum refuses it.
        text.replacen("\"saved_at\":1", "\"saved_at\":2", 1),
        "{\"format\":\"something else\"}".to_string(),
        genius::core::save::reseal(&text.replace("\"version\":1", "\"version\":9")),
    ];
    for bad in damaged {
        fs::write(dir.join("_index.json"), &bad).unwrap();
        assert_eq!(
            list(&store, Replays::NOW).index,
            good,
            "{}",
            &bad[..bad.len().min(60)]
        );
        assert_eq!(fs::read_to_string(dir.join("_index.json")).unwrap(), text);
    }
    fs::remove_file(dir.join("_index.json")).unwrap();
    assert_eq!(list(&store, Replays::NOW).index, good);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_index_follows_games_added_and_removed_outside_it() {
    let dir = scratch("follows");
    let games = games::many_games(20, 7);
    let finished: Vec<SavedGame> = games.iter().filter(|g| g.finished).cloned().collect();
    let store = store_of(&dir, &finished[1..]);
    assert_eq!(
        list(&store, Replays::NOW).index.entries.len(),
        finished.len() - 1
    );
    // A game written without the index (a crash before the index was
    // written, a file copied in): read once and indexed.
    fs::write(
        dir.join(format!("{}.json", finished[0].id)),
        finished[0].to_json(),
    )
    .unwrap();
    let listed = list(&store, Replays::NOW);
    assert_eq!(listed.index.entries.len(), finished.len());
    assert!(listed.index.get(&finished[0].id).is_some());
    // A game deleted without the index: its summary goes.
    fs::remove_file(dir.join(format!("{}.json", finished[1].id))).unwrap();
    let listed = list(&store, Replays::NOW);
    assert_eq!(listed.index.entries.len(), finished.len() - 1);
    assert!(listed.index.get(&finished[1].id).is_none());
    // And the stored index says so too.
    let stored = Index::parse(&store.read_index().unwrap()).unwrap();
    assert_eq!(stored, listed.index);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_summary_that_disagrees_with_its_game_is_rebuilt_when_the_game_is_read() {
    let dir = scratch("disagrees");
    let games = games::many_games(20, 8);
    let finished: Vec<SavedGame> = games.iter().filter(|g| g.finished).cloned().collect();
    let store = store_of(&dir, &finished[..2]);
    let mut index = list(&store, Replays::NOW).index;
    // The first game's file replaced by the second game's content (a file
    // copied over another): the index still shows the old summary...
    let (a, b) = (&finished[0], &finished[1]);
    let mut copy = b.clone();
    copy.id = a.id.clone();
    fs::write(dir.join(format!("{}.json", a.id)), copy.to_json()).unwrap();
    assert_eq!(index.get(&a.id).unwrap().summary, summarise(a).unwrap());
    // ...until the game is read to act on it: then the game's own summary.
    let (read, changed) = read_game(&store, &mut index, &a.id, Replays::NOW);
    assert_eq!(read.unwrap().saved_at, b.saved_at);
    assert!(changed);
    assert_eq!(index.get(&a.id).unwrap().summary, summarise(b).unwrap());
    assert_eq!(index.get(&a.id).unwrap().saved_at, b.saved_at);
    // Read again, nothing changes.
    let (_, changed) = read_game(&store, &mut index, &a.id, Replays::NOW);
    assert!(!changed);
    // A game that no longer loads leaves the index and is set aside.
    fs::write(
        dir.join(format!("{}.json", b.id)),
        "{\"format\":\"genius-ga",
    )
    .unwrap();
    let (read, changed) = read_game(&store, &mut index, &b.id, Replays::NOW);
    assert!(read.is_none() && changed);
    assert!(index.get(&b.id).is_none());
    assert!(dir
        .join("set-aside")
        .join(format!("{}.json", b.id))
        .exists());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_old_builds_saves_are_indexed_as_they_score() {
    // Saved by the build before checksums and before the index.
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/main-4ac8f55");
    let dir = scratch("fixtures");
    let mut expected = Vec::new();
    let mut unfinished = 0;
    for entry in fs::read_dir(&fixtures).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with("-finished.json") && !name.ends_with("-in-progress.json") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let saved = check(&text).unwrap();
        // Stored under its own id, exactly as the old build wrote it.
        fs::write(dir.join(format!("{}.json", saved.id)), &text).unwrap();
        if saved.finished {
            expected.push(outcome(&saved).unwrap());
        } else {
            unfinished += 1;
        }
    }
    assert!(!expected.is_empty() && unfinished > 0);
    expected.sort_by(|a, b| b.finished_at.cmp(&a.finished_at).then(a.id.cmp(&b.id)));
    let store = GameFiles::at(dir.clone());
    let listed = list(&store, Replays::NOW);
    assert_eq!(outcomes(&listed.index), expected);
    assert_eq!(listed.loaded.set_aside.len(), 0);
    // Listed again from the index: the same, the old files untouched.
    let counting = Counting(&store, Default::default());
    assert_eq!(outcomes(&list(&counting, Replays::NOW).index), expected);
    assert_eq!(counting.1.get(), unfinished);
    fs::remove_dir_all(dir).unwrap();
}

/// The app's own listing (`saves::listing`): once the store is listed at
/// start, the index and the unfinished games are kept in memory, so a later
/// visit to Home reads the unfinished games only, without listing the
/// store's folder again, and follows the app's own saves and deletes.
#[test]
fn home_after_start_reads_the_unfinished_games_kept_in_memory() {
    use genius::core::dice::D6;
    use genius::core::game::GameKind;
    use genius::core::game::RollSource;
    use genius::core::serieux::{Action, FirstPlayer, Serieux, Setup};
    use genius::core::session::Session;
    use genius::core::table::{Colour, Player};
    use std::collections::BTreeSet;

    let dir = scratch("device");
    std::env::set_var("GENIUS_DATA_DIR", &dir);
    let games = games::many_games(40, 9);
    store_of(&dir.join("games"), &games);
    // The games Home offers to resume (the first listing also reads the
    // finished games, to index them).
    let ids = |loaded: genius::saves::Loaded| -> BTreeSet<GameId> {
        let unfinished = loaded.games.into_iter().filter(|g| !g.finished);
        unfinished.map(|g| g.id).collect()
    };
    let mut unfinished: BTreeSet<GameId> = games
        .iter()
        .filter(|g| !g.finished)
        .map(|g| g.id.clone())
        .collect();
    assert!(!unfinished.is_empty());
    assert_eq!(ids(genius::saves::listing()), unfinished, "at start");
    // Later visits read only these games.
    assert!(genius::saves::listing().games.iter().all(|g| !g.finished));

    // A game copied into the folder by hand while the app runs is not seen
    // before the next start: the folder is not listed again.
    let copied = games.iter().find(|g| !g.finished).unwrap();
    fs::copy(
        dir.join("games").join(format!("{}.json", copied.id)),
        dir.join("games").join("serieux-1-copied.json"),
    )
    .unwrap();
    assert_eq!(ids(genius::saves::listing()), unfinished);

    // A game the app saves is listed; one it deletes is not.
    let mut session: Session<Serieux> = Session::new(Setup {
        players: vec![Player::new("Anne", Colour::Blue)],
        first: FirstPlayer::Chosen(0),
    })
    .unwrap();
    session
        .act(Action::Roll {
            dice: vec![D6::ALL[2]],
            source: RollSource::Virtual,
        })
        .unwrap();
    let new = GameId::parse("serieux-2-new").unwrap();
    genius::saves::save(&new, GameKind::Serieux, &session).unwrap();
    unfinished.insert(new);
    assert_eq!(ids(genius::saves::listing()), unfinished);
    let gone = unfinished.pop_first().unwrap();
    genius::saves::forget(&gone).unwrap();
    assert_eq!(ids(genius::saves::listing()), unfinished);
    // The History's list is the finished games, from the index.
    let finished = games.iter().filter(|g| g.finished).count();
    assert_eq!(
        genius::saves::with_index(Replays::NOW, |i| i.entries.len()),
        finished
    );
    fs::remove_dir_all(dir).unwrap();
}
