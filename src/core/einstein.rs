//! Einstein (Sid Sackson's *Solitaire Dice* / *Choice*), as `rulings.md`
//! reads the rulebook: one roll of five dice serves every player; each splits
//! it into two pairs and a fifth die; sums score by how often they were marked.

use super::dice::D6;
use super::game::{
    Actor, Game, GameKind, Move, Points, Progress, Roll, RollSource, Rules, Standings,
};
use super::table::{places, seat, FirstPlayer, FirstPlayerError, Player, RollOff, SetupError};
use serde::{Deserialize, Serialize};

/// The dice of a roll: two pairs and a fifth die.
pub const DICE: usize = 5;
/// Points per sum, 2 to 12.
pub const POINTS: [i32; 11] = [100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100];
/// A sum's boxes on the sheet: 4, 1 and 5 (ten in all).
pub const BOXES: [usize; 3] = [4, 1, 5];
/// Fifth-die values a player may choose, and marks that end their game.
pub const FIFTH_SLOTS: usize = 3;
pub const FIFTH_MARKS_TO_END: u8 = 8;

/// Points for `marks` on the sum `sum` (2–12): 0 → 0, 1–4 → −200, 5 → 0,
/// 6–10 → (marks − 5) × points, beyond 10 nothing more.
pub fn score(sum: usize, marks: u8) -> i32 {
    let points = POINTS[sum - 2];
    match marks {
        0 => 0,
        1..=4 => -200,
        5 => 0,
        m => i32::from(m.min(10) - 5) * points,
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<Player>,
    /// Who rolls first (the rulebook: the youngest).
    pub first: FirstPlayer,
}

/// One player's sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Marks per sum, index 0 = sum 2.
    pub marks: [u8; 11],
    /// The fifth-die values chosen so far (at most three) and their marks.
    pub fifth: Vec<(u8, u8)>,
    /// This player's own game has ended (eighth mark on a fifth-die value).
    pub done: bool,
}

impl Sheet {
    pub fn total(&self) -> i32 {
        (2..=12).map(|s| score(s, self.marks[s - 2])).sum()
    }

    pub fn fifth_values(&self) -> Vec<u8> {
        self.fifth.iter().map(|(v, _)| *v).collect()
    }
}

/// A player's choice for the current roll: the two pairs, by die position
/// (0–4); the die left over is the fifth die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choice {
    pub pairs: [[usize; 2]; 2],
}

impl Choice {
    /// The same split written one way: each pair in ascending order, the
    /// pair with the lower die first (as [`all_choices`] writes it).
    pub fn normalised(&self) -> Choice {
        let mut pairs = self.pairs.map(|[a, b]| [a.min(b), a.max(b)]);
        pairs.sort();
        Choice { pairs }
    }

    /// The position of the die left over, if the pairs use four different dice.
    pub fn leftover(&self) -> Option<usize> {
        let used = [
            self.pairs[0][0],
            self.pairs[0][1],
            self.pairs[1][0],
            self.pairs[1][1],
        ];
        if used.iter().any(|&i| i > 4) {
            return None;
        }
        let mut seen = [false; 5];
        for i in used {
            if seen[i] {
                return None;
            }
            seen[i] = true;
        }
        seen.iter().position(|s| !s)
    }
}

crate::game_actions! {
    pub enum Action {
        /// The roller's five dice, for everyone.
        Roll { dice: Vec<D6>, source: RollSource },
        /// One player's pairs for the current roll.
        Choose { player: usize, choice: Choice },
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    RollOff(RollOff),
    /// The roller rolls the five dice.
    Roll,
    /// Every player still playing chooses, in any order.
    Choose {
        dice: Vec<D6>,
        waiting: Vec<usize>,
    },
    Finished,
}

/// What a choice did, for the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marked {
    pub player: usize,
    pub sums: [usize; 2],
    /// The fifth die's value and whether it was marked (false: free throw).
    pub fifth: (u8, bool),
    pub ended: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Einstein {
    players: Vec<Player>,
    phase: Phase,
    roller: usize,
    rolls: usize,
    sheets: Vec<Sheet>,
    last: Vec<Marked>,
}

impl Einstein {
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Who rolls (or rolled) the current dice.
    pub fn roller(&self) -> usize {
        self.roller
    }

    pub fn rolls(&self) -> usize {
        self.rolls
    }

    pub fn sheet(&self, player: usize) -> &Sheet {
        &self.sheets[player]
    }

    pub fn totals(&self) -> Vec<i32> {
        self.sheets.iter().map(|s| s.total()).collect()
    }

    pub fn places(&self) -> Vec<usize> {
        places(&self.totals())
    }

    /// The choices made for the current (or last) roll.
    pub fn marked(&self) -> &[Marked] {
        &self.last
    }

    /// Some players have chosen for this roll and others still wait: on
    /// one phone, the phone goes from one player to the next, whose choice
    /// must not open in front of whoever holds it. A fact of the game, so a
    /// game resumed at this point starts with the hand-over too.
    pub fn passing_phone(&self) -> bool {
        matches!(&self.phase, Phase::Choose { waiting, .. } if !waiting.is_empty())
            && !self.last.is_empty()
    }

    /// On several phones: every other player still playing has chosen for
    /// this roll, and the table waits only for `mine` (this phone's
    /// players) to choose. `unseen`: players whose choice this copy has not
    /// received yet, though they have made it (a guest's, see
    /// `core::link::replica`).
    pub fn waits_only_for(&self, mine: &[usize], unseen: &[usize]) -> bool {
        let still = self.still_to_choose(unseen);
        !still.is_empty()
            && still.iter().all(|p| mine.contains(p))
            && (self.last.iter().any(|m| !mine.contains(&m.player)) || !unseen.is_empty())
    }

    /// The players still to choose for this roll, in seat order: those the
    /// game waits for, but for `unseen`, who have chosen on their own phone
    /// (a choice this copy cannot read yet, see `core::link::sealed`).
    pub fn still_to_choose(&self, unseen: &[usize]) -> Vec<usize> {
        match &self.phase {
            Phase::Choose { waiting, .. } => waiting
                .iter()
                .copied()
                .filter(|p| !unseen.contains(p))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// On several phones: the game of every one of `mine` (this phone's
    /// players) has ended while others play on.
    pub fn done_before_the_others(&self, mine: &[usize]) -> bool {
        self.phase != Phase::Finished
            && !mine.is_empty()
            && mine
                .iter()
                .all(|p| self.sheets.get(*p).is_some_and(|s| s.done))
    }

    /// The game as a phone of the table shows it (one game on several
    /// phones): while players are still choosing for a roll, the choices
    /// of that roll made by players other than `mine` are not shown yet
    /// (their sheets as before the roll, the players still waiting).
    /// Once everyone has chosen, the game as it is.
    pub fn seen_by(&self, mine: &[usize]) -> Einstein {
        let Phase::Choose { dice, waiting } = &self.phase else {
            return self.clone();
        };
        let mut seen = self.clone();
        let mut waiting = waiting.clone();
        for m in self.last.iter().filter(|m| !mine.contains(&m.player)) {
            let sheet = &mut seen.sheets[m.player];
            for s in m.sums {
                sheet.marks[s - 2] -= 1;
            }
            let (value, marked) = m.fifth;
            if marked {
                if let Some(at) = sheet.fifth.iter().position(|(v, _)| *v == value) {
                    sheet.fifth[at].1 -= 1;
                    if sheet.fifth[at].1 == 0 {
                        sheet.fifth.remove(at);
                    }
                }
            }
            sheet.done = false;
            waiting.push(m.player);
        }
        waiting.sort_unstable();
        seen.last.retain(|m| mine.contains(&m.player));
        seen.phase = Phase::Choose {
            dice: dice.clone(),
            waiting,
        };
        seen
    }

    /// The fifth-die values `player` may leave over from `dice`: any while
    /// fewer than three are chosen; else the chosen ones the roll shows, or
    /// any die on a free throw.
    pub fn allowed_fifth(&self, player: usize, dice: &[D6]) -> FifthRule {
        let sheet = &self.sheets[player];
        if sheet.fifth.len() < FIFTH_SLOTS {
            return FifthRule::Any;
        }
        let chosen = sheet.fifth_values();
        let shown: Vec<u8> = chosen
            .iter()
            .copied()
            .filter(|v| dice.iter().any(|d| d.value() == *v))
            .collect();
        if shown.is_empty() {
            FifthRule::FreeThrow
        } else {
            FifthRule::OneOf(shown)
        }
    }

    /// Every legal choice for `player` on `dice` (each way of pairing, once).
    pub fn legal_choices(&self, player: usize, dice: &[D6]) -> Vec<Choice> {
        all_choices()
            .into_iter()
            .filter(|c| self.check_choice(player, dice, c).is_ok())
            .collect()
    }

    /// The legal choices that keep `pair` (two dice positions) together, with
    /// `pair` written first: a single one means that, once a player has
    /// tapped this pair, the rest of the split is forced.
    pub fn choices_with_pair(&self, player: usize, dice: &[D6], pair: [usize; 2]) -> Vec<Choice> {
        let key = [pair[0].min(pair[1]), pair[0].max(pair[1])];
        self.legal_choices(player, dice)
            .into_iter()
            .filter_map(|c| {
                let [a, b] = c.normalised().pairs;
                match (a == key, b == key) {
                    (true, _) => Some(Choice { pairs: [pair, b] }),
                    (_, true) => Some(Choice { pairs: [pair, a] }),
                    _ => None,
                }
            })
            .collect()
    }

    fn check_choice(&self, player: usize, dice: &[D6], choice: &Choice) -> Result<(), Error> {
        let leftover = choice.leftover().ok_or(Error::BadPairs)?;
        match self.allowed_fifth(player, dice) {
            FifthRule::OneOf(allowed) if !allowed.contains(&dice[leftover].value()) => {
                Err(Error::FifthMustBeChosenValue { allowed })
            }
            _ => Ok(()),
        }
    }

    fn next_roller(&mut self) {
        let n = self.players.len();
        for step in 1..=n {
            let p = (self.roller + step) % n;
            if !self.sheets[p].done {
                self.roller = p;
                return;
            }
        }
    }
}

/// What the fifth die may be for a player on this roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FifthRule {
    /// Fewer than three values chosen: any die.
    Any,
    /// Three chosen and the roll shows some: one of these.
    OneOf(Vec<u8>),
    /// Three chosen and the roll shows none: any die, no mark.
    FreeThrow,
}

/// The 15 ways to split five dice into two pairs and a fifth die.
pub fn all_choices() -> Vec<Choice> {
    let mut out = Vec::new();
    for leftover in 0..5 {
        let rest: Vec<usize> = (0..5).filter(|&i| i != leftover).collect();
        for partner in 1..4 {
            let others: Vec<usize> = rest[1..]
                .iter()
                .copied()
                .filter(|&i| i != rest[partner])
                .collect();
            out.push(Choice {
                pairs: [[rest[0], rest[partner]], [others[0], others[1]]],
            });
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Error {
    GameOver,
    NotNow,
    WrongDiceCount,
    /// The pairs do not use four different dice of the roll.
    BadPairs,
    /// This player has already chosen for this roll, or their game is over.
    NotWaitingFor(usize),
    /// Three fifth-die values are chosen and the roll shows one: the fifth die
    /// must be one of them.
    FifthMustBeChosenValue {
        allowed: Vec<u8>,
    },
    Setup(SetupError),
    First(FirstPlayerError),
    /// On several phones: every player has chosen for the roll and the
    /// choices are shown, so they are final (none is taken back after
    /// seeing the others').
    ChoicesFinal,
}

crate::seating_errors!(Error);

impl Rules for Einstein {
    type Setup = Setup;
    type Action = Action;
    type Error = Error;

    fn start(setup: &Setup) -> Result<Self, Error> {
        let opening = seat(&setup.players, &setup.first, Self::KIND.players())?;
        let (phase, roller) = opening.phase(Phase::Roll, Phase::RollOff);
        let n = setup.players.len();
        Ok(Einstein {
            players: setup.players.clone(),
            phase,
            roller,
            rolls: 0,
            sheets: vec![Sheet::default(); n],
            last: Vec::new(),
        })
    }

    fn validate(&self, action: &Action) -> Result<(), Error> {
        match (&self.phase, action) {
            (Phase::Finished, _) => Err(Error::GameOver),
            (_, Action::Dice(_)) => Ok(()),
            (Phase::RollOff(r), Action::RollOff { values, .. }) => Ok(r.check_d6(values)?),
            (Phase::Roll, Action::Roll { dice, .. }) => {
                if dice.len() == DICE {
                    Ok(())
                } else {
                    Err(Error::WrongDiceCount)
                }
            }
            (Phase::Choose { dice, waiting }, Action::Choose { player, choice }) => {
                if !waiting.contains(player) {
                    return Err(Error::NotWaitingFor(*player));
                }
                self.check_choice(*player, dice, choice)
            }
            _ => Err(Error::NotNow),
        }
    }

    fn apply_valid(&mut self, action: &Action) {
        match (self.phase.clone(), action) {
            (Phase::RollOff(r), Action::RollOff { values, .. }) => {
                (self.phase, self.roller) = r.settle(values).phase(Phase::Roll, Phase::RollOff);
            }
            (Phase::Roll, Action::Roll { dice, .. }) => {
                self.rolls += 1;
                self.last.clear();
                let waiting = (0..self.players.len())
                    .filter(|p| !self.sheets[*p].done)
                    .collect();
                self.phase = Phase::Choose {
                    dice: dice.clone(),
                    waiting,
                };
            }
            (Phase::Choose { dice, mut waiting }, Action::Choose { player, choice }) => {
                let p = *player;
                let Some(leftover) = choice.leftover() else {
                    return;
                };
                let rule = self.allowed_fifth(p, &dice);
                let sheet = &mut self.sheets[p];
                let sums = choice
                    .pairs
                    .map(|[a, b]| usize::from(dice[a].value() + dice[b].value()));
                for s in sums {
                    sheet.marks[s - 2] = sheet.marks[s - 2].saturating_add(1);
                }
                let value = dice[leftover].value();
                let mut marked = false;
                if rule != FifthRule::FreeThrow {
                    match sheet.fifth.iter_mut().find(|(v, _)| *v == value) {
                        Some((_, m)) => *m += 1,
                        None => sheet.fifth.push((value, 1)),
                    }
                    marked = true;
                }
                sheet.done = sheet.fifth.iter().any(|(_, m)| *m >= FIFTH_MARKS_TO_END);
                self.last.push(Marked {
                    player: p,
                    sums,
                    fifth: (value, marked),
                    ended: sheet.done,
                });
                waiting.retain(|w| *w != p);
                if !waiting.is_empty() {
                    self.phase = Phase::Choose { dice, waiting };
                } else if self.sheets.iter().all(|s| s.done) {
                    self.phase = Phase::Finished;
                } else {
                    self.next_roller();
                    self.phase = Phase::Roll;
                }
            }
            _ => {}
        }
    }

    fn legal_moves(&self) -> Vec<Move<Action>> {
        match &self.phase {
            Phase::RollOff(r) => vec![Move::Roll(Roll::roll_off(Self::KIND, r.contenders.len()))],
            Phase::Roll => vec![Move::Roll(Roll::d6(5))],
            Phase::Choose { dice, waiting } => waiting
                .iter()
                .flat_map(|&player| {
                    self.legal_choices(player, dice)
                        .into_iter()
                        .map(move |choice| Move::Play(Action::Choose { player, choice }))
                })
                .collect(),
            Phase::Finished => Vec::new(),
        }
    }

    fn normalise(action: &Action) -> Action {
        match action {
            Action::Choose { player, choice } => Action::Choose {
                player: *player,
                choice: choice.normalised(),
            },
            other => other.clone(),
        }
    }

    crate::d6_rolls!(Action, Phase::Roll);
    crate::game_rules!(Action, Phase);
}

impl Game for Einstein {
    const KIND: GameKind = GameKind::Einstein;

    fn players(&self) -> &[Player] {
        &self.players
    }

    fn standings(&self) -> Standings {
        let scores = self.totals().into_iter().map(|t| Points::whole(t.into()));
        let done = self.sheets.iter().map(|s| s.done).collect();
        Standings::ranked(&self.players, scores.collect(), done)
    }

    fn progress(&self) -> Progress {
        Progress::Roll(self.rolls + 1)
    }

    /// Once every player has chosen for a roll, the choices are shown on
    /// every phone: the last of them, which showed them, is final (on
    /// paper, the marks are made before anyone looks across). Before that
    /// a player may take their own choice back.
    fn take_back_at_table(&self, last: &Action) -> Result<(), Error> {
        match (last, &self.phase) {
            (Action::Choose { .. }, Phase::Roll | Phase::Finished) => Err(Error::ChoicesFinal),
            _ => Ok(()),
        }
    }

    /// A player's choice for a roll is theirs alone until every player
    /// has chosen (a ruling: choices are made at once, on their own phones).
    fn hidden_choice(&self, action: &Action) -> Option<usize> {
        match action {
            Action::Choose { player, .. } => Some(*player),
            _ => None,
        }
    }

    fn choices_hidden(&self) -> bool {
        matches!(&self.phase, Phase::Choose { waiting, .. } if !waiting.is_empty())
    }

    fn hidden_choosers(&self) -> Vec<usize> {
        match &self.phase {
            Phase::Choose { waiting, .. } => waiting.clone(),
            _ => Vec::new(),
        }
    }

    fn actor(&self, action: &Action) -> Actor {
        match action {
            Action::RollOff { .. } | Action::Dice(_) => Actor::Table,
            Action::Roll { .. } => Actor::Player(self.roller),
            Action::Choose { player, .. } => Actor::Player(*player),
        }
    }
}
