//! Sessions of every game, built through real actions, saved as the app
//! saves them: the seeds of the export, import and history tests and of the
//! import fuzzer (`#[path]`-included by `tests/history_export.rs` and
//! `tests/fuzz_import.rs`).

#![allow(dead_code)]

use genius::core::dice::D6;
use genius::core::dice_kinds::{Challenge, DieColour, DieKind, Face};
use genius::core::einstein::{self, Choice, Einstein};
use genius::core::game::{self, GameKind, Mode, RollSource};
use genius::core::genius::{self as genius_game, Genius, Slot};
use genius::core::rtt::{self, shipped_sheets, Placement, Rtt};
use genius::core::save::{GameId, LoadError, SavedGame};
use genius::core::sequence::{self, Sequence};
use genius::core::serieux::{self, Serieux};
use genius::core::session::Session;
use genius::core::table::{Colour, FirstPlayer, Player};
use genius::core::words::{self, Variants, Words};

/// The clock of these tests: 2025-11-24 16:00 UTC, in ms.
pub const NOW: u64 = 1_764_000_000_000;

pub const NAMES: [&str; 6] = ["Anne", "Bruno", "Chloé", "David", "Emma", "Farid"];

fn players(n: usize) -> Vec<Player> {
    (0..n)
        .map(|i| Player::new(NAMES[i], Colour::ALL[i]))
        .collect()
}

fn d6(values: &[u8]) -> Vec<D6> {
    values.iter().map(|&v| D6::new(v).unwrap()).collect()
}

/// A live session of any game, as the export, import and history tests
/// ask of it.
pub trait LiveGame {
    fn kind(&self) -> GameKind;
    fn is_finished(&self) -> bool;
    fn actions(&self) -> usize;
    fn save(&self, id: &GameId, saved_at: u64) -> SavedGame;
    /// Whether `saved` replays to this very session (record and state).
    fn replays_as(&self, saved: &SavedGame) -> Result<(), String>;
}

pub type Live = Box<dyn LiveGame>;

fn live<G: game::Game + PartialEq>(session: Session<G>) -> Live {
    Box::new(session)
}

impl<G: game::Game + PartialEq> LiveGame for Session<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn is_finished(&self) -> bool {
        Session::is_finished(self)
    }

    fn actions(&self) -> usize {
        self.log().len()
    }

    fn save(&self, id: &GameId, saved_at: u64) -> SavedGame {
        SavedGame::of_game(id, G::KIND, saved_at, self)
    }

    fn replays_as(&self, saved: &SavedGame) -> Result<(), String> {
        if saved.game != G::KIND {
            return Err(format!("{:?} saved as {:?}", G::KIND, saved.game));
        }
        let back: Session<G> = saved.session().map_err(|e| format!("{e:?}"))?;
        if back.record() != self.record() {
            return Err("the record differs".into());
        }
        if back.state() != self.state() {
            return Err("the replayed state differs".into());
        }
        Ok(())
    }
}

/// One built game and its saved file.
pub struct Game {
    pub name: &'static str,
    pub live: Live,
    pub saved: SavedGame,
}

// ---- Mode Sérieux ----

fn serieux_roll(values: &[u8], source: RollSource) -> serieux::Action {
    serieux::Action::Roll {
        dice: d6(values),
        source,
    }
}

/// Two players, five rounds each: Anne 2 + 13 + 23 + 5 + 11 = 54, Bruno
/// 3 + 0 (4) + 113 + 0 (66) + 0 (12) = 116.
pub fn serieux_finished() -> Session<Serieux> {
    let mut s = Session::new(serieux::Setup {
        players: players(2),
        first: FirstPlayer::Chosen(0),
    })
    .unwrap();
    let anne: [&[u8]; 5] = [&[2], &[1, 3], &[2, 3], &[5], &[1, 1]];
    let bruno: [&[u8]; 5] = [&[3], &[4], &[1, 1, 3], &[6, 6], &[1, 2]];
    for (a, b) in anne.iter().zip(bruno) {
        s.act(serieux_roll(a, RollSource::Typed)).unwrap();
        s.act(serieux_roll(b, RollSource::Typed)).unwrap();
    }
    assert!(s.is_finished());
    s
}

/// Three players with a roll-off, virtual rolls, an undone virtual roll whose
/// dice are kept, and an undone typed roll waiting to be redone.
pub fn serieux_in_progress() -> Session<Serieux> {
    let mut s = Session::new(serieux::Setup {
        players: players(3),
        first: FirstPlayer::RollOff,
    })
    .unwrap();
    s.act(serieux::Action::RollOff {
        values: vec![3, 5, 2],
        source: RollSource::Virtual,
    })
    .unwrap();
    s.act(serieux_roll(&[1, 2], RollSource::Virtual)).unwrap();
    s.act(serieux_roll(&[5], RollSource::Typed)).unwrap();
    s.act(serieux_roll(&[3, 1], RollSource::Typed)).unwrap();
    s.act(serieux_roll(&[2, 2], RollSource::Typed)).unwrap();
    s.act(serieux_roll(&[4, 6, 1], RollSource::Virtual))
        .unwrap();
    assert!(s.undo(), "a virtual roll undone: its dice are kept");
    assert!(s.undo(), "a typed roll undone: waiting in redo");
    assert!(!s.record().kept_rolls.is_empty() && s.can_redo());
    s
}

// ---- Genius, its four modes ----

fn genius_setup(n: usize, mode: Mode) -> genius_game::Setup {
    genius_game::Setup {
        players: players(n),
        first: FirstPlayer::Chosen(0),
        mode,
        finish_round: false,
    }
}

fn g_roll(values: &[u8]) -> genius_game::Action {
    genius_game::Action::Roll {
        dice: d6(values),
        source: RollSource::Typed,
    }
}

fn g_challenge(face: Challenge) -> genius_game::Action {
    genius_game::Action::Challenge {
        face,
        source: RollSource::Typed,
    }
}

fn g_expert(values: &[u8], face: Challenge) -> genius_game::Action {
    genius_game::Action::Expert {
        dice: d6(values),
        challenge: face,
        source: RollSource::Typed,
    }
}

/// Anne's row fills up while Bruno misses: 12 + 12 + 17 ÷ 2 + 15 + 15 =
/// 62,5 (125 half points); Bruno 0.
pub fn genius_finished_with_a_half() -> Session<Genius> {
    let mut g = Session::new(genius_setup(2, Mode::Genius)).unwrap();
    let anne: [(&[u8], Challenge); 5] = [
        (&[6, 6, 5], Challenge::Half),
        (&[2], Challenge::Plus10),
        (&[1, 1], Challenge::Plus10),
        (&[1, 1, 2, 1], Challenge::Plus10),
        (&[1, 1, 1, 1, 1], Challenge::Plus10),
    ];
    for (dice, face) in anne {
        g.act(g_roll(dice)).unwrap();
        g.act(g_challenge(face)).unwrap();
        if !g.is_finished() {
            g.act(g_roll(&[6, 6])).unwrap(); // Bruno: 12 is off the list
        }
    }
    assert!(g.is_finished());
    g
}

/// Mode Simple: a hit plays again, then misses pass the turn.
pub fn genius_simple_in_progress() -> Session<Genius> {
    let mut g = Session::new(genius_setup(3, Mode::Simple)).unwrap();
    g.act(g_roll(&[6, 5])).unwrap(); // Anne: 11, plays again
    g.act(g_roll(&[4])).unwrap(); // miss
    g.act(g_roll(&[1, 1, 1])).unwrap(); // Bruno: 3, plays again
    g.act(g_roll(&[6, 6])).unwrap(); // miss
    g.act(g_roll(&[2, 3, 2])).unwrap(); // Chloé: 7
    g
}

/// Mode Expert, five rounds: Anne 17 ÷ 2 each round (42,5), Bruno 58 × 5.
pub fn genius_expert_finished() -> Session<Genius> {
    let mut g = Session::new(genius_setup(2, Mode::Expert)).unwrap();
    for _ in 0..5 {
        g.act(g_expert(&[3, 3, 3, 4, 4], Challenge::Half)).unwrap();
        g.act(g_expert(&[6, 6, 6, 6, 5], Challenge::Double))
            .unwrap();
    }
    assert!(g.is_finished());
    g
}

/// Partie + Longue: MAX, a crossed-out MIN, then a MIN.
pub fn genius_longue_in_progress() -> Session<Genius> {
    let mut g = Session::new(genius_setup(1, Mode::Longue)).unwrap();
    g.act(g_roll(&[3, 4])).unwrap(); // 7
    g.act(g_challenge(Challenge::Defi1)).unwrap(); // nothing to erase
    g.act(genius_game::Action::Place { slot: Slot::Max })
        .unwrap();
    g.act(g_roll(&[5, 6])).unwrap(); // 11
    g.act(g_challenge(Challenge::Defi1)).unwrap();
    g.act(genius_game::Action::KeepAll).unwrap(); // MIN crossed out
    g.act(g_roll(&[2])).unwrap();
    g.act(g_challenge(Challenge::Double)).unwrap();
    g.act(genius_game::Action::Place { slot: Slot::Min })
        .unwrap();
    g
}

// ---- Einstein ----

fn e_roll(values: [u8; 5]) -> einstein::Action {
    einstein::Action::Roll {
        dice: d6(&values),
        source: RollSource::Typed,
    }
}

fn e_choose(player: usize, a: [usize; 2], b: [usize; 2]) -> einstein::Action {
    einstein::Action::Choose {
        player,
        choice: Choice { pairs: [a, b] },
    }
}

pub fn einstein_in_progress() -> Session<Einstein> {
    let mut g = Session::new(einstein::Setup {
        players: players(2),
        first: FirstPlayer::Chosen(0),
    })
    .unwrap();
    g.act(e_roll([1, 3, 4, 4, 6])).unwrap();
    g.act(e_choose(1, [0, 1], [3, 4])).unwrap();
    g.act(e_choose(0, [0, 4], [1, 2])).unwrap();
    g.act(e_roll([1, 1, 2, 2, 5])).unwrap();
    g.act(e_choose(0, [0, 1], [2, 3])).unwrap();
    g.act(e_choose(1, [0, 2], [1, 3])).unwrap();
    g.act(e_roll([6, 6, 5, 5, 3])).unwrap();
    g.act(e_choose(0, [0, 1], [2, 3])).unwrap();
    g
}

// ---- Séquence Dés ----

fn s_roll(sum: u8) -> sequence::Action {
    let a = sum.saturating_sub(1).clamp(1, 6);
    sequence::Action::Roll {
        dice: d6(&[a, sum - a]),
        source: RollSource::Typed,
    }
}

/// Anne lines up five chips on the second row with 11s and wins.
pub fn sequence_finished() -> Session<Sequence> {
    let mut g = Session::new(sequence::Setup {
        players: players(2),
        first: FirstPlayer::Chosen(0),
        six_in_a_row: false,
    })
    .unwrap();
    for c in 0..5 {
        g.act(s_roll(11)).unwrap();
        g.act(sequence::Action::Place { square: (1, c) }).unwrap();
        if g.is_finished() {
            break;
        }
        g.act(s_roll(11)).unwrap();
        g.act(sequence::Action::Place { square: (5, c) }).unwrap();
    }
    assert!(g.is_finished());
    g
}

// ---- Roll to the Top ----

fn rtt_place(player: usize, list: &[(usize, &[usize])]) -> rtt::Action {
    rtt::Action::Place {
        player,
        placements: list
            .iter()
            .map(|(square, dice)| Placement {
                square: *square,
                dice: dice.to_vec(),
            })
            .collect(),
    }
}

pub fn rtt_in_progress() -> Session<Rtt> {
    let sheet = shipped_sheets()
        .into_iter()
        .find(|s| s.id == "first-steps")
        .unwrap();
    let mut g = Session::new(rtt::Setup {
        players: players(2),
        first: FirstPlayer::Chosen(0),
        sheet,
        decreasing: false,
    })
    .unwrap();
    g.act(rtt::Action::StartRoll {
        values: vec![2, 4, 6, 8, 20],
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rtt::Action::Roll {
        values: vec![1, 2, 3, 4, 5],
        white: 0,
        source: RollSource::Typed,
    })
    .unwrap();
    g.act(rtt_place(0, &[(0, &[0]), (1, &[1]), (3, &[2])]))
        .unwrap();
    g.act(rtt_place(1, &[(0, &[4])])).unwrap();
    g
}

// ---- The word game ----

fn letter(colour: DieColour, l: char) -> usize {
    DieKind::Letter(colour).index_of(Face::Letter(l)).unwrap()
}

/// The rulebook's round: B O R V A, words starting with B.
pub fn words_in_progress() -> Session<Words> {
    let mut g = Session::new(words::Setup {
        players: players(4),
        first: FirstPlayer::Chosen(0),
        card: 0,
        variants: Variants::default(),
        timer: Some(90),
    })
    .unwrap();
    g.act(words::Action::RollTheme {
        value: 1,
        source: RollSource::Typed,
    })
    .unwrap();
    let letters = DieColour::LETTER_DICE
        .iter()
        .zip(['B', 'O', 'R', 'V', 'A'])
        .map(|(c, l)| letter(*c, l))
        .collect();
    g.act(words::Action::RollDice {
        letters,
        colour: 0,
        source: RollSource::Typed,
    })
    .unwrap();
    for (player, word, accept) in [
        (1, "Bono", true),
        (2, "Brejnev", true),
        (3, "Bxzq", false),
        (3, "Buñuel", true),
    ] {
        g.act(words::Action::Propose {
            player,
            word: word.into(),
            theme: None,
        })
        .unwrap();
        g.act(words::Action::Judge { accept }).unwrap();
    }
    g
}

/// Every game: each kind, each Genius mode, finished and in progress, each
/// saved with its own id, one minute apart.
pub fn all_games() -> Vec<Game> {
    let built: Vec<(&'static str, Live)> = vec![
        ("serieux finished", live(serieux_finished())),
        ("serieux in progress", live(serieux_in_progress())),
        (
            "genius finished with a half",
            live(genius_finished_with_a_half()),
        ),
        (
            "genius simple in progress",
            live(genius_simple_in_progress()),
        ),
        ("genius expert finished", live(genius_expert_finished())),
        (
            "genius longue in progress",
            live(genius_longue_in_progress()),
        ),
        ("einstein in progress", live(einstein_in_progress())),
        ("sequence finished", live(sequence_finished())),
        ("rtt in progress", live(rtt_in_progress())),
        ("words in progress", live(words_in_progress())),
    ];
    built
        .into_iter()
        .enumerate()
        .map(|(i, (name, live))| {
            let at = NOW + i as u64 * 60_000;
            let saved = live.save(&GameId::new(live.kind(), at, 0x1000 + i as u16), at);
            Game { name, live, saved }
        })
        .collect()
}

pub fn saved_games(games: &[Game]) -> Vec<SavedGame> {
    games.iter().map(|g| g.saved.clone()).collect()
}

/// A short name for an error's kind, for counting distinct outcomes.
pub fn load_error_kind(e: &LoadError) -> &'static str {
    match e {
        LoadError::NotJson(_) => "NotJson",
        LoadError::NotAGame => "NotAGame",
        LoadError::NewerVersion(_) => "NewerVersion",
        LoadError::BadRecord(_) => "BadRecord",
        LoadError::DoesNotReplay { .. } => "DoesNotReplay",
        LoadError::Damaged => "Damaged",
    }
}

/// A JSON tree as text, each saved game in it with its checksum made again
/// (as a tool that edits files on purpose would), so that edited games
/// reach the rules rather than stop at the checksum.
#[allow(dead_code)]
pub fn sealed(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Object(m) if m.get("format").and_then(|f| f.as_str()) == Some("genius-game") => {
            let mut m = m.clone();
            m.remove("crc32");
            genius::core::save::reseal(&Value::Object(m).to_string())
        }
        Value::Object(m) => {
            let fields: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{}:{}", Value::from(k.as_str()), sealed(v)))
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(sealed).collect();
            format!("[{}]", items.join(","))
        }
        other => other.to_string(),
    }
}

/// Names for generated games: accents, other scripts, spreadsheet formulas,
/// the longest name kept.
pub const MORE_NAMES: [&str; 12] = [
    "Zoë",
    "李雷",
    "=SUM(A1:A9)",
    "+33 6 12",
    "-Jo",
    "@home",
    "Ōsaka Ænima",
    "Jean-Baptiste-Emmanuelle",
    "O'Brien",
    "Ana \"Nana\"",
    "Smith, Jo",
    "Émile",
];

/// `n` saved games built from [`all_games`], each with its own id, date and
/// players' names (drawn with `seed`): the finished ones of Sérieux, Genius
/// and Séquence and the in-progress ones of every kind, as many of each.
pub fn many_games(n: usize, seed: u64) -> Vec<SavedGame> {
    use rand::{Rng, SeedableRng};
    let templates = saved_games(&all_games());
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..n)
        .map(|i| {
            let mut g = templates[i % templates.len()].clone();
            let at = NOW - 3 * 365 * 86_400_000 + i as u64 * 60_000;
            g.id = GameId::new(g.game, at, rng.random_range(0..=u16::MAX));
            g.saved_at = at;
            let mut record: serde_json::Value = serde_json::from_str(g.record.get()).unwrap();
            if let Some(players) = record["setup"]["players"].as_array_mut() {
                let start = rng.random_range(0..MORE_NAMES.len());
                for (k, p) in players.iter_mut().enumerate() {
                    let pool = MORE_NAMES.iter().chain(NAMES.iter());
                    let name = pool.cycle().nth(start + k).unwrap();
                    p["name"] = serde_json::json!(name);
                }
            }
            g.record = serde_json::value::to_raw_value(&record).unwrap();
            // The summary the app saves with such a game.
            g.summary = Some(genius::core::games::summarise(&g).unwrap());
            g
        })
        .collect()
}
