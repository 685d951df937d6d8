//! Whose dice the table plays with (issue 37): the choice made at setup is
//! part of the game, a change during the game is an action of its log (so
//! undo, redo, saving and the table link follow it), and with the table's
//! real dice the app's rolls are refused with a typed error. Games saved
//! before the choice existed load with the app's dice, as they played.

use genius::core::dice::D6;
use genius::core::einstein::{self, Einstein};
use genius::core::game::{Actor, Game, GameKind, Roll, RollSource, Rules, WhoseDice};
use genius::core::games::check;
use genius::core::games::{with_game, WithGame};
use genius::core::link::replica::Replica;
use genius::core::link::wire::{Start, Step, TableRefusal};
use genius::core::save::{GameId, SavedGame};
use genius::core::serieux::{self, Action, Serieux};
use genius::core::session::{Session, SessionRefusal};
use genius::core::table::{Colour, FirstPlayer, Player};
use std::path::PathBuf;

fn players() -> Vec<Player> {
    vec![
        Player::new("Anne", Colour::ALL[0]),
        Player::new("Bruno", Colour::ALL[1]),
    ]
}

fn serieux_game(dice: WhoseDice) -> Session<Serieux> {
    let mut s = Session::new(serieux::Setup {
        players: players(),
        first: FirstPlayer::Chosen(0),
    })
    .unwrap();
    s.start_with(dice);
    s
}

fn typed(values: &[u8]) -> Action {
    Action::Roll {
        dice: values.iter().filter_map(|&v| D6::new(v)).collect(),
        source: RollSource::Typed,
    }
}

/// The app's throw of `k` dice, every die showing `face + 1`.
fn app_roll(s: &Session<Serieux>, k: usize, face: usize) -> Action {
    s.throw(&Roll::d6(k), |_| face).unwrap()
}

#[test]
fn with_the_table_s_dice_the_app_s_roll_is_refused_and_typed_dice_are_taken() {
    let mut s = serieux_game(WhoseDice::Table);
    assert_eq!(s.dice(), WhoseDice::Table);
    assert!(!s.app_rolls());
    let roll = app_roll(&s, 5, 4);
    assert_eq!(s.act(roll), Err(SessionRefusal::TableDice));
    assert!(s.log().is_empty(), "a refused roll changes nothing");
    assert!(!s.waiting_roll(), "and keeps no dice");
    // The real 2 and 3: taken at once, nothing to launder.
    s.act(typed(&[2, 3])).unwrap();
    assert_eq!(s.state().grid()[0][0], serieux::Cell::Prime(23));
}

#[test]
fn a_change_of_dice_is_an_action_of_the_log_that_undo_and_redo_follow() {
    let mut s = serieux_game(WhoseDice::Table);
    s.act(typed(&[2, 3])).unwrap();
    let change = Serieux::dice_action(WhoseDice::App).unwrap();
    assert_eq!(Serieux::dice_change(&change), Some(WhoseDice::App));
    s.act(change.clone()).unwrap();
    assert_eq!(s.log().last(), Some(&change));
    assert_eq!(s.dice(), WhoseDice::App);
    assert_eq!(s.dice_changes(), vec![(1, WhoseDice::App)]);
    // The change is the table's, not a player's move, and is not a turn.
    assert_eq!(s.state().actor(&change), Actor::Table);
    assert_eq!(s.state().current_player(), Some(1));
    let roll = app_roll(&s, 1, 4);
    s.act(roll).unwrap();
    // Undo takes back the roll (its dice kept), then the change.
    assert!(s.undo());
    assert!(s.waiting_roll());
    assert!(s.undo());
    assert_eq!(s.dice(), WhoseDice::Table);
    assert!(s.dice_changes().is_empty());
    // The app's undone roll still comes back (undo never re-rolls): the app
    // rolls for it even at the table's dice, and only with the same dice.
    assert!(s.app_rolls());
    assert_eq!(s.act(typed(&[3])), Err(SessionRefusal::AlreadyRolled));
    // Redo puts the change back, then the roll.
    assert!(s.redo());
    assert_eq!(s.dice(), WhoseDice::App);
    assert!(s.redo());
    assert_eq!(s.log().len(), 3);
    assert!(!s.waiting_roll());
}

#[test]
fn an_undone_app_roll_cannot_be_replaced_by_switching_to_the_table_s_dice() {
    let mut s = serieux_game(WhoseDice::App);
    // The mis-tap: five dice at once, then undo.
    let roll = app_roll(&s, 5, 5);
    s.act(roll).unwrap();
    assert!(s.undo());
    let to_table = Serieux::dice_action(WhoseDice::Table).unwrap();
    assert_eq!(s.act(to_table.clone()), Err(SessionRefusal::AlreadyRolled));
    assert_eq!(s.dice(), WhoseDice::App);
    // Once the app's dice are back (two of them for two dice), the table
    // takes its own.
    let again = app_roll(&s, 2, 0);
    s.act(again).unwrap();
    assert_eq!(s.state().grid()[0][0], serieux::Cell::Miss(66));
    s.act(to_table).unwrap();
    assert_eq!(s.dice(), WhoseDice::Table);
}

#[test]
fn a_change_to_the_same_dice_or_after_the_end_is_refused() {
    let mut s = serieux_game(WhoseDice::App);
    let to_app = Serieux::dice_action(WhoseDice::App).unwrap();
    assert_eq!(s.act(to_app), Err(SessionRefusal::SameDice));
    for _ in 0..10 {
        s.act(typed(&[2])).unwrap();
    }
    assert!(s.is_finished());
    let to_table = Serieux::dice_action(WhoseDice::Table).unwrap();
    assert_eq!(s.act(to_table), Err(SessionRefusal::SameDice));
}

#[test]
fn every_game_that_takes_dice_has_the_change() {
    struct Change;
    impl WithGame for Change {
        type Output = bool;
        fn run<G: Game>(self) -> bool {
            let both = [WhoseDice::Table, WhoseDice::App];
            both.into_iter()
                .all(|dice| G::dice_action(dice).and_then(|a| G::dice_change(&a)) == Some(dice))
        }
    }
    for kind in GameKind::ALL {
        assert!(with_game(kind, Change), "{kind:?}");
    }
}

#[test]
fn the_choice_and_its_changes_are_saved_and_replayed() {
    let mut s = serieux_game(WhoseDice::Table);
    s.act(typed(&[2, 3])).unwrap();
    s.act(Serieux::dice_action(WhoseDice::App).unwrap())
        .unwrap();
    let text = SavedGame::of_game(
        &GameId::parse("serieux-1-0001").unwrap(),
        GameKind::Serieux,
        1,
        &s,
    )
    .to_json();
    assert!(text.contains("\"dice\":\"table\""), "{text}");
    assert!(text.contains("{\"Dice\":\"app\"}"), "{text}");
    let back: Session<Serieux> = check(&text).unwrap().session().unwrap();
    assert_eq!(back.record(), s.record());
    assert_eq!(back.dice(), WhoseDice::App);
    assert!(s.undo());
    let back: Session<Serieux> = SavedGame::parse(
        &SavedGame::of_game(
            &GameId::parse("serieux-1-0001").unwrap(),
            GameKind::Serieux,
            2,
            &s,
        )
        .to_json(),
    )
    .unwrap()
    .session()
    .unwrap();
    assert_eq!(back.dice(), WhoseDice::Table);
    assert!(back.can_redo());
    // A game with the app's dice is written as before the choice existed.
    let plain = serieux_game(WhoseDice::App);
    let saved = SavedGame::of(
        &GameId::parse("serieux-1-0002").unwrap(),
        GameKind::Serieux,
        1,
        &plain,
    );
    let record: serde_json::Value = serde_json::from_str(saved.record.get()).unwrap();
    assert!(record.get("dice").is_none(), "{record}");
}

#[test]
fn games_saved_before_the_choice_load_with_the_app_s_dice() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/main-4ac8f55");
    let text = std::fs::read_to_string(dir.join("serieux-in-progress.json")).unwrap();
    let saved = check(&text).unwrap();
    let record: serde_json::Value = serde_json::from_str(saved.record.get()).unwrap();
    assert!(record.get("dice").is_none(), "written before the choice");
    let mut s: Session<Serieux> = saved.session().unwrap();
    assert_eq!(s.dice(), WhoseDice::App);
    assert!(s.app_rolls());
    // It plays on as it did: the app rolls, and can now switch.
    if !s.is_finished() {
        let roll = app_roll(&s, 1, 1);
        s.act(roll).unwrap();
        s.act(Serieux::dice_action(WhoseDice::Table).unwrap())
            .unwrap();
        assert_eq!(s.dice(), WhoseDice::Table);
    }
    let text = std::fs::read_to_string(dir.join("einstein-in-progress.json")).unwrap();
    let s: Session<Einstein> = check(&text).unwrap().session().unwrap();
    assert_eq!(s.dice(), WhoseDice::App);
}

#[test]
fn the_table_link_carries_the_choice_and_refuses_the_app_s_roll_on_every_phone() {
    let start = |dice| Start {
        setup: einstein::Setup {
            players: players(),
            first: FirstPlayer::Chosen(0),
        },
        coach_allowed: true,
        dice,
    };
    let mut host = Replica::<Einstein>::new(
        GameId::parse("einstein-1-0001").unwrap(),
        start(WhoseDice::Table),
    )
    .unwrap();
    assert_eq!(host.session().dice(), WhoseDice::Table);
    let roll = host.session().throw(&Roll::d6(5), |_| 2).unwrap();
    assert_eq!(
        host.check(&Step::Act(roll.clone())),
        Err(TableRefusal::TableDice)
    );
    let change = Einstein::dice_action(WhoseDice::App).unwrap();
    assert_eq!(host.check(&Step::Act(change.clone())), Ok(()));
    // A start written before the choice existed reads as the app's dice.
    let mut json = serde_json::to_value(start(WhoseDice::Table)).unwrap();
    json.as_object_mut().unwrap().remove("dice");
    let old: Start<einstein::Setup> = serde_json::from_value(json).unwrap();
    assert_eq!(old.dice, WhoseDice::App);
    // The change is an entry of the table's log: every copy replays it.
    let mut guest = Replica::<Einstein>::new(
        GameId::parse("einstein-1-0001").unwrap(),
        start(WhoseDice::Table),
    )
    .unwrap();
    for copy in [&mut host, &mut guest] {
        copy.append(genius::core::link::wire::Entry {
            step: Step::Act(change.clone()),
            origin: None,
        })
        .unwrap();
        assert_eq!(copy.session().dice(), WhoseDice::App);
        assert_eq!(copy.check(&Step::Act(roll.clone())), Ok(()));
    }
}
