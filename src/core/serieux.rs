//! Genius, Mode Sérieux: five rounds; on their turn a player rolls any number
//! of dice from 1 to 5, sorts them ascending and reads one number; a prime is
//! written in the cell of the round, anything else scores nothing. Highest
//! total after five rounds wins.

use super::dice::{number_of, sorted, EntryError, D6, MAX_DICE};
use super::game::{
    Actor, Game, GameKind, Move, Points, Progress, Roll, RollSource, Rules, Standings,
};
use super::prime::{verdict, Verdict};
pub use super::table::FirstPlayer;
use super::table::{places, seat, FirstPlayerError, Player, RollOff, SetupError};
use serde::{Deserialize, Serialize};

pub const ROUNDS: usize = 5;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<Player>,
    pub first: FirstPlayer,
}

crate::game_actions! {
    pub enum Action {
        /// The current player's dice for this round.
        Roll { dice: Vec<D6>, source: RollSource },
    }
}

/// One cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    Empty,
    /// A prime, written and scored.
    Prime(u32),
    /// The number rolled was not prime: nothing written, 0 points.
    Miss(u32),
}

impl Cell {
    pub fn points(self) -> u32 {
        match self {
            Cell::Prime(n) => n,
            _ => 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    RollOff(RollOff),
    Playing,
    Finished,
}

/// What happened on the last turn, for the screen to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastTurn {
    pub player: usize,
    pub round: usize,
    pub dice: Vec<D6>,
    pub verdict: Verdict,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Serieux {
    players: Vec<Player>,
    phase: Phase,
    first: usize,
    /// 0-based round, 0..ROUNDS.
    round: usize,
    /// The player whose turn it is.
    current: usize,
    grid: Vec<[Cell; ROUNDS]>,
    last: Option<LastTurn>,
}

impl Serieux {
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The 0-based round being played (the last one once finished).
    pub fn round(&self) -> usize {
        self.round
    }

    pub fn current_player(&self) -> Option<usize> {
        matches!(self.phase, Phase::Playing).then_some(self.current)
    }

    pub fn grid(&self) -> &[[Cell; ROUNDS]] {
        &self.grid
    }

    pub fn last_turn(&self) -> Option<&LastTurn> {
        self.last.as_ref()
    }

    pub fn total(&self, player: usize) -> u32 {
        self.grid[player].iter().map(|c| c.points()).sum()
    }

    pub fn totals(&self) -> Vec<u32> {
        (0..self.players.len()).map(|p| self.total(p)).collect()
    }

    /// Each player's place (1 = first; ties share a place).
    pub fn places(&self) -> Vec<usize> {
        places(&self.totals())
    }

    /// The order players play in, starting with the first player.
    pub fn turn_order(&self) -> Vec<usize> {
        let n = self.players.len();
        (0..n).map(|i| (self.first + i) % n).collect()
    }

    fn advance(&mut self) {
        let n = self.players.len();
        let next = (self.current + 1) % n;
        if next == self.first {
            if self.round + 1 == ROUNDS {
                self.phase = Phase::Finished;
                return;
            }
            self.round += 1;
        }
        self.current = next;
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Error {
    NotRollingOff,
    StillRollingOff,
    Dice(EntryError),
    GameOver,
    Setup(SetupError),
    /// The first player could not be settled (bad choice or roll-off).
    First(FirstPlayerError),
}

crate::seating_errors!(Error);

impl Rules for Serieux {
    type Setup = Setup;
    type Action = Action;
    type Error = Error;

    fn start(setup: &Setup) -> Result<Self, Error> {
        let opening = seat(&setup.players, &setup.first, Self::KIND.players())?;
        let (phase, first) = opening.phase(Phase::Playing, Phase::RollOff);
        let n = setup.players.len();
        Ok(Serieux {
            players: setup.players.clone(),
            phase,
            first,
            round: 0,
            current: first,
            grid: vec![[Cell::Empty; ROUNDS]; n],
            last: None,
        })
    }

    fn validate(&self, action: &Action) -> Result<(), Error> {
        match (action, &self.phase) {
            (_, Phase::Finished) => Err(Error::GameOver),
            (Action::Dice(_), _) => Ok(()),
            (Action::RollOff { values, .. }, Phase::RollOff(r)) => Ok(r.check_d6(values)?),
            (Action::RollOff { .. }, _) => Err(Error::NotRollingOff),
            (Action::Roll { .. }, Phase::RollOff(_)) => Err(Error::StillRollingOff),
            (Action::Roll { dice, .. }, Phase::Playing) => {
                if dice.is_empty() {
                    Err(Error::Dice(EntryError::Empty))
                } else if dice.len() > MAX_DICE {
                    Err(Error::Dice(EntryError::TooManyDice))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn apply_valid(&mut self, action: &Action) {
        match action {
            Action::RollOff { values, .. } => {
                if let Phase::RollOff(r) = &self.phase {
                    (self.phase, self.first) =
                        r.settle(values).phase(Phase::Playing, Phase::RollOff);
                    self.current = self.first;
                }
            }
            Action::Roll { dice, .. } => {
                let v = verdict(number_of(&sorted(dice)));
                self.grid[self.current][self.round] = if v.is_prime() {
                    Cell::Prime(v.number)
                } else {
                    Cell::Miss(v.number)
                };
                self.last = Some(LastTurn {
                    player: self.current,
                    round: self.round,
                    dice: dice.clone(),
                    verdict: v,
                });
                self.advance();
            }
            Action::Dice(_) => {}
        }
    }

    fn legal_moves(&self) -> Vec<Move<Action>> {
        match &self.phase {
            Phase::RollOff(r) => vec![Move::Roll(Roll::roll_off(Self::KIND, r.contenders.len()))],
            Phase::Playing => (1..=MAX_DICE).map(|k| Move::Roll(Roll::d6(k))).collect(),
            Phase::Finished => Vec::new(),
        }
    }

    crate::d6_rolls!(Action, Phase::Playing);
    crate::game_rules!(Action, Phase);
}

impl Game for Serieux {
    const KIND: GameKind = GameKind::Serieux;

    fn players(&self) -> &[Player] {
        &self.players
    }

    fn standings(&self) -> Standings {
        let scores = self.totals().into_iter().map(|t| Points::whole(t.into()));
        let over = self.is_finished();
        Standings::ranked(
            &self.players,
            scores.collect(),
            vec![over; self.players.len()],
        )
    }

    fn progress(&self) -> Progress {
        Progress::Round {
            round: self.round + 1,
            of: ROUNDS,
        }
    }

    fn actor(&self, action: &Action) -> Actor {
        match action {
            Action::RollOff { .. } | Action::Dice(_) => Actor::Table,
            Action::Roll { .. } => Actor::Player(self.current),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::decided_roll_off;
    use crate::core::session::{Session, SessionRefusal};
    use crate::core::table::Colour;

    fn setup(n: usize, first: FirstPlayer) -> Setup {
        let names = ["Anne", "Bruno", "Chloé", "David", "Emma", "Farid"];
        Setup {
            players: (0..n)
                .map(|i| Player::new(names[i], Colour::ALL[i]))
                .collect(),
            first,
        }
    }

    fn roll(values: &[u8]) -> Action {
        Action::Roll {
            dice: values.iter().map(|&v| D6::new(v).unwrap()).collect(),
            source: RollSource::Typed,
        }
    }

    #[test]
    fn a_prime_is_written_in_the_cell_of_the_round() {
        let mut s = Session::<Serieux>::new(setup(2, FirstPlayer::Chosen(0))).unwrap();
        s.act(roll(&[3, 2])).unwrap();
        assert_eq!(s.state().grid()[0][0], Cell::Prime(23));
        assert_eq!(s.state().current_player(), Some(1));
        s.act(roll(&[2, 4, 3, 5, 3])).unwrap();
        assert_eq!(s.state().grid()[1][0], Cell::Miss(23345));
        assert_eq!(s.state().round(), 1);
        assert_eq!(s.state().totals(), vec![23, 0]);
    }

    #[test]
    fn one_is_not_prime_here() {
        let mut s = Session::<Serieux>::new(setup(1, FirstPlayer::Chosen(0))).unwrap();
        s.act(roll(&[1])).unwrap();
        assert_eq!(s.state().grid()[0][0], Cell::Miss(1));
    }

    #[test]
    fn the_game_ends_after_five_rounds_with_a_ranking() {
        let mut s = Session::<Serieux>::new(setup(3, FirstPlayer::Chosen(1))).unwrap();
        let rolls: [&[u8]; 3] = [&[3, 3, 3, 3, 2], &[2], &[1, 1]];
        for _round in 0..ROUNDS {
            for (i, _) in rolls.iter().enumerate() {
                // Player 1 starts: 1, 2, 0.
                let player = (1 + i) % 3;
                assert_eq!(s.state().current_player(), Some(player));
                s.act(roll(rolls[player])).unwrap();
            }
        }
        assert!(s.is_finished());
        assert_eq!(s.state().totals(), vec![5 * 23333, 5 * 2, 5 * 11]);
        assert_eq!(s.state().places(), vec![1, 3, 2]);
        assert_eq!(
            s.act(roll(&[2])),
            Err(SessionRefusal::Rules(Error::GameOver))
        );
    }

    #[test]
    fn roll_off_decides_the_first_player_with_rerolls_for_ties() {
        let mut s = Session::<Serieux>::new(setup(3, FirstPlayer::RollOff)).unwrap();
        assert_eq!(
            s.act(roll(&[2])),
            Err(SessionRefusal::Rules(Error::StillRollingOff))
        );
        assert_eq!(
            s.act(Action::RollOff {
                values: vec![7, 1, 1],
                source: RollSource::Typed
            }),
            Err(SessionRefusal::Rules(Error::First(
                FirstPlayerError::NotAFace(7)
            )))
        );
        s.act(Action::RollOff {
            values: vec![5, 6, 6],
            source: RollSource::Typed,
        })
        .unwrap();
        assert!(matches!(s.state().phase(), Phase::RollOff(r) if r.contenders == vec![1, 2]));
        assert_eq!(
            decided_roll_off(s.state(), s.log()),
            None,
            "a tie decides nothing"
        );
        s.act(Action::RollOff {
            values: vec![2, 4],
            source: RollSource::Typed,
        })
        .unwrap();
        assert_eq!(s.state().current_player(), Some(2));
        assert_eq!(s.state().turn_order(), vec![2, 0, 1]);
        // Who starts, from the log alone (every phone of a table shows it):
        // both rounds, until the next move.
        let decided = decided_roll_off(s.state(), s.log()).unwrap();
        assert_eq!(decided.winner(), Some(2));
        assert_eq!(
            decided.rounds,
            vec![vec![(0, 5), (1, 6), (2, 6)], vec![(1, 2), (2, 4)]]
        );
        s.act(roll(&[2])).unwrap();
        assert_eq!(decided_roll_off(s.state(), s.log()), None);
    }

    #[test]
    fn bad_setups_are_refused() {
        assert!(matches!(
            Serieux::start(&setup(0, FirstPlayer::RollOff)),
            Err(Error::Setup(_))
        ));
        assert_eq!(
            Serieux::start(&setup(2, FirstPlayer::Chosen(2))),
            Err(Error::First(FirstPlayerError::OutOfRange))
        );
    }

    #[test]
    fn empty_and_oversized_rolls_are_refused_and_change_nothing() {
        let mut s = Session::<Serieux>::new(setup(2, FirstPlayer::Chosen(0))).unwrap();
        let before = s.state().clone();
        assert_eq!(
            s.act(roll(&[])),
            Err(SessionRefusal::Rules(Error::Dice(EntryError::Empty)))
        );
        assert_eq!(
            s.act(roll(&[1, 2, 3, 4, 5, 6])),
            Err(SessionRefusal::Rules(Error::Dice(EntryError::TooManyDice)))
        );
        assert_eq!(s.state(), &before);
        assert!(s.log().is_empty());
    }

    #[test]
    fn undo_across_a_round_boundary_and_redo() {
        let mut s = Session::<Serieux>::new(setup(2, FirstPlayer::Chosen(0))).unwrap();
        s.act(roll(&[2])).unwrap();
        s.act(roll(&[3])).unwrap();
        assert_eq!(s.state().round(), 1);
        assert!(s.undo());
        assert_eq!(s.state().round(), 0);
        assert_eq!(s.state().current_player(), Some(1));
        assert_eq!(s.state().grid()[1][0], Cell::Empty);
        assert!(s.redo());
        assert_eq!(s.state().round(), 1);
        assert_eq!(s.state().grid()[1][0], Cell::Prime(3));
    }

    #[test]
    fn undo_never_rerolls_virtual_dice() {
        let mut s = Session::<Serieux>::new(setup(2, FirstPlayer::Chosen(0))).unwrap();
        let dice = vec![D6::new(4).unwrap(), D6::new(6).unwrap()];
        s.act(Action::Roll {
            dice: dice.clone(),
            source: RollSource::Virtual,
        })
        .unwrap();
        s.undo();
        let values = |action: Option<Action>| Serieux::roll_values(&action.unwrap()).unwrap().0;
        // The next virtual roll of two dice gives the same 4 and 6 back…
        assert_eq!(values(s.throw(&Roll::d6(2), |_| 0)), vec![4, 6]);
        // …and a roll of three dice keeps them and adds one.
        assert_eq!(values(s.throw(&Roll::d6(3), |_| 0)), vec![4, 6, 1]);
        s.act(Action::Roll {
            dice,
            source: RollSource::Virtual,
        })
        .unwrap();
        assert_eq!(values(s.throw(&Roll::d6(2), |_| 4)), vec![5, 5]);
        // Typed dice are corrections: they may change after an undo.
        s.act(roll(&[2])).unwrap();
        s.undo();
        assert_eq!(values(s.throw(&Roll::d6(1), |_| 2)), vec![3]);
    }
}
