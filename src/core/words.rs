//! The letter-dice word game (William Athia), as `rulings.md` reads it:
//! a theme, five letter dice and a colour die; words that start with the
//! chosen die's letter score one token per die whose letter they contain.
//!
//! Whether a word fits the theme (and the same-root rule) is for the table:
//! the app checks the letters and asks the table to accept or reject.

use super::dice_kinds::{DieColour, DieKind, Face};
use super::game::{
    Actor, Compose, Game, GameKind, Move, Points, Progress, Roll, RollOffAction, RollSource, Rules,
    Standings,
};
use super::table::{places, seat, FirstPlayer, FirstPlayerError, Player, RollOff, SetupError};
use serde::{Deserialize, Serialize};

mod letters;
mod round;
pub use letters::{
    avoids, fold, letters, matches, score, COLOUR_FACES, THEMES_PER_CARD, THEME_CARDS,
};
pub use round::{silent_speakers, Event, Proposal, Round};

/// Tokens in the box.
pub const TOKENS: u32 = 90;
/// What the black face wins (or costs a wrong proposal).
pub const BLACK_TOKENS: u32 = 4;
/// Tokens per player put in the centre each round in "Propositions limitées".
pub const LIMITED_PER_PLAYER: u32 = 2;
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variants {
    /// "Propositions limitées": 2 tokens per player in the centre each round;
    /// players go on proposing after a valid word; the round ends when the
    /// centre is empty.
    #[serde(default)]
    pub limited: bool,
    /// "Thèmes ouverts": no theme die; any theme of the card; a valid word
    /// closes its theme; the round ends when all six are closed.
    #[serde(default)]
    pub open_themes: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// 2 to 6 players, in seating order (the roller rotates clockwise).
    pub players: Vec<Player>,
    pub first: FirstPlayer,
    /// The theme card (0–3), kept for the whole game.
    pub card: usize,
    #[serde(default)]
    pub variants: Variants,
    /// A round timer in seconds, if the table wants one. The rules never
    /// read it (they have no clock); the screen counts it down.
    #[serde(default)]
    pub timer: Option<u32>,
}

crate::game_actions! {
    pub enum Action {
        /// The theme die (1–6).
        RollTheme { value: u32, source: RollSource },
        /// The five letter dice (face index each, in the order green, white,
        /// yellow, red, blue) and the colour die's face index.
        RollDice {
            letters: Vec<usize>,
            colour: usize,
            source: RollSource,
        },
        /// A player says a word (with open themes, for a theme of the card).
        Propose {
            player: usize,
            word: String,
            theme: Option<usize>,
        },
        /// The table accepts or rejects the word on the table.
        Judge { accept: bool },
        /// A player gives up for this round.
        Pass { player: usize },
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    RollOff(RollOff),
    RollTheme,
    RollDice { theme: Option<usize> },
    Propose(Round),
    Finished,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    setup: Setup,
    phase: Phase,
    roller: usize,
    rounds: usize,
    reserve: u32,
    centre: u32,
    tokens: Vec<u32>,
    events: Vec<Event>,
}

impl Words {
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn roller(&self) -> usize {
        self.roller
    }

    pub fn rounds(&self) -> usize {
        self.rounds
    }

    pub fn centre(&self) -> u32 {
        self.centre
    }

    pub fn reserve(&self) -> u32 {
        self.reserve
    }

    pub fn tokens(&self) -> &[u32] {
        &self.tokens
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn places(&self) -> Vec<usize> {
        places(&self.tokens)
    }

    /// How many of the last speakers score nothing (see [`silent_speakers`]).
    pub fn silent_speakers(&self) -> usize {
        silent_speakers(self.setup.players.len())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Error {
    /// 2 to 6 players, and a card 1–4.
    BadCard,
    GameOver,
    NotNow,
    NotAFace,
    /// This player has finished the round (or is not at the table).
    NotPlaying(usize),
    /// A word is on the table: the table judges it first.
    AwaitingJudgement,
    NoWord,
    /// The word must start with this letter.
    WrongInitial(char),
    /// With open themes, say which theme (and not a closed one).
    ThemeNeeded,
    ThemeClosed(usize),
    Setup(SetupError),
    First(FirstPlayerError),
}

crate::seating_errors!(Error);

impl Rules for Words {
    type Setup = Setup;
    type Action = Action;
    type Error = Error;

    fn start(setup: &Setup) -> Result<Self, Error> {
        let opening = seat(&setup.players, &setup.first, Self::KIND.players())?;
        if setup.card >= THEME_CARDS.len() {
            return Err(Error::BadCard);
        }
        let n = setup.players.len();
        let mut game = Words {
            setup: setup.clone(),
            phase: Phase::RollTheme,
            roller: 0,
            rounds: 0,
            reserve: if setup.variants.limited { TOKENS } else { 0 },
            centre: if setup.variants.limited { 0 } else { TOKENS },
            tokens: vec![0; n],
            events: Vec::new(),
        };
        game.open(opening);
        Ok(game)
    }

    fn validate(&self, action: &Action) -> Result<(), Error> {
        match (&self.phase, action) {
            (Phase::Finished, _) => Err(Error::GameOver),
            (_, Action::Dice(_)) => Ok(()),
            (Phase::RollOff(r), Action::RollOff { values, .. }) => Ok(r.check_d6(values)?),
            (Phase::RollTheme, Action::RollTheme { value, .. }) => {
                if (1..=6).contains(value) {
                    Ok(())
                } else {
                    Err(Error::NotAFace)
                }
            }
            (
                Phase::RollDice { .. },
                Action::RollDice {
                    letters, colour, ..
                },
            ) => {
                if letters.len() != 5 || letters.iter().any(|&i| i >= 6) || *colour >= 6 {
                    Err(Error::NotAFace)
                } else {
                    Ok(())
                }
            }
            (
                Phase::Propose(round),
                Action::Propose {
                    player,
                    word,
                    theme,
                },
            ) => {
                if round.pending.is_some() {
                    return Err(Error::AwaitingJudgement);
                }
                if *player >= self.players().len() || round.done.contains(player) {
                    return Err(Error::NotPlaying(*player));
                }
                let folded = letters(word);
                if folded.is_empty() {
                    return Err(Error::NoWord);
                }
                if let Some(initial) = round.initial() {
                    if !folded.starts_with(initial) {
                        return Err(Error::WrongInitial(initial));
                    }
                }
                if self.setup.variants.open_themes {
                    match theme {
                        None => return Err(Error::ThemeNeeded),
                        Some(t) if *t >= THEMES_PER_CARD => return Err(Error::ThemeNeeded),
                        Some(t) if round.closed[*t] => return Err(Error::ThemeClosed(*t)),
                        _ => {}
                    }
                }
                Ok(())
            }
            (Phase::Propose(round), Action::Judge { .. }) => {
                if round.pending.is_some() {
                    Ok(())
                } else {
                    Err(Error::NotNow)
                }
            }
            (Phase::Propose(round), Action::Pass { player }) => {
                if round.pending.is_some() {
                    Err(Error::AwaitingJudgement)
                } else if *player >= self.players().len() || round.done.contains(player) {
                    Err(Error::NotPlaying(*player))
                } else {
                    Ok(())
                }
            }
            _ => Err(Error::NotNow),
        }
    }

    fn apply_valid(&mut self, action: &Action) {
        match (self.phase.clone(), action) {
            (Phase::RollOff(r), Action::RollOff { values, .. }) => self.open(r.settle(values)),
            (Phase::RollTheme, Action::RollTheme { value, .. }) => {
                self.phase = Phase::RollDice {
                    theme: Some(*value as usize - 1),
                };
            }
            (
                Phase::RollDice { theme },
                Action::RollDice {
                    letters: faces,
                    colour,
                    ..
                },
            ) => {
                self.events.clear();
                let letters = DieColour::LETTER_DICE
                    .iter()
                    .zip(faces)
                    .map(|(c, &i)| match DieKind::Letter(*c).face(i) {
                        Some(Face::Letter(l)) => l,
                        _ => '?',
                    })
                    .collect();
                self.phase = Phase::Propose(Round {
                    theme,
                    letters,
                    colour: COLOUR_FACES[*colour],
                    done: Vec::new(),
                    pending: None,
                    closed: vec![false; THEMES_PER_CARD],
                });
            }
            (
                Phase::Propose(mut round),
                Action::Propose {
                    player,
                    word,
                    theme,
                },
            ) => {
                let p = *player;
                if round.colour == DieColour::Black && !avoids(word, &round.letters) {
                    // A dice letter on the black face: it costs its author.
                    let lost = BLACK_TOKENS.min(self.tokens[p]);
                    self.tokens[p] -= lost;
                    if self.setup.variants.limited {
                        self.reserve += lost;
                    } else {
                        self.centre += lost;
                    }
                    self.events.push(Event::Penalty {
                        player: p,
                        word: word.clone(),
                        tokens: lost,
                    });
                    self.phase = Phase::Propose(round);
                    return;
                }
                let remaining = self.players().len() - round.done.len();
                let classic = !self.setup.variants.limited && !self.setup.variants.open_themes;
                let last_speaker = classic
                    && round.colour != DieColour::Black
                    && remaining <= self.silent_speakers();
                let points = if round.colour == DieColour::Black {
                    BLACK_TOKENS
                } else {
                    score(word, &round.letters)
                };
                round.pending = Some(Proposal {
                    player: p,
                    word: word.clone(),
                    theme: *theme,
                    points,
                    last_speaker,
                });
                self.phase = Phase::Propose(round);
            }
            (Phase::Propose(mut round), Action::Judge { accept }) => {
                let Some(prop) = round.pending.take() else {
                    return;
                };
                if !accept {
                    self.events.push(Event::Rejected {
                        player: prop.player,
                        word: prop.word,
                    });
                    self.phase = Phase::Propose(round);
                    return;
                }
                let black = round.colour == DieColour::Black;
                let wanted = if prop.last_speaker { 0 } else { prop.points };
                let from_reserve = black && self.setup.variants.limited;
                let got = self.take(prop.player, wanted, from_reserve);
                self.events.push(Event::Awarded {
                    player: prop.player,
                    word: prop.word,
                    tokens: got,
                    last_speaker: prop.last_speaker,
                });
                round.close_theme(prop.theme);
                let keeps_playing = self.setup.variants.limited || self.setup.variants.open_themes;
                if !keeps_playing || black {
                    round.done.push(prop.player);
                }
                if black || self.out_of_tokens() || self.round_is_over(&round) {
                    self.end_round(black);
                } else {
                    self.phase = Phase::Propose(round);
                }
            }
            (Phase::Propose(mut round), Action::Pass { player }) => {
                round.done.push(*player);
                self.events.push(Event::Passed { player: *player });
                if self.round_is_over(&round) {
                    self.end_round(round.colour == DieColour::Black);
                } else {
                    self.phase = Phase::Propose(round);
                }
            }
            _ => {}
        }
    }

    /// d6 values, and letter and colour face indices (0 to 5).
    fn virtual_values() -> std::ops::RangeInclusive<u32> {
        0..=6
    }

    fn legal_moves(&self) -> Vec<Move<Action>> {
        match &self.phase {
            Phase::RollOff(r) => vec![Move::Roll(Roll::roll_off(Self::KIND, r.contenders.len()))],
            Phase::RollTheme => vec![Move::Roll(Roll::of(vec![DieKind::Theme]))],
            Phase::RollDice { .. } => {
                let mut dice: Vec<DieKind> = DieColour::LETTER_DICE.map(DieKind::Letter).to_vec();
                dice.push(DieKind::Colour);
                vec![Move::Roll(Roll::of(dice))]
            }
            Phase::Propose(round) if round.pending.is_some() => [true, false]
                .map(|accept| Move::Play(Action::Judge { accept }))
                .to_vec(),
            Phase::Propose(round) => {
                let themes: Vec<Option<usize>> = if self.setup.variants.open_themes {
                    (0..THEMES_PER_CARD)
                        .filter(|t| !round.closed[*t])
                        .map(Some)
                        .collect()
                } else {
                    vec![None]
                };
                (0..self.players().len())
                    .filter(|p| !round.done.contains(p))
                    .flat_map(|player| {
                        let words = themes.iter().map(move |&theme| {
                            Move::Compose(Compose::Word {
                                player,
                                theme,
                                initial: round.initial(),
                            })
                        });
                        words.chain([Move::Play(Action::Pass { player })])
                    })
                    .collect()
            }
            Phase::Finished => Vec::new(),
        }
    }

    fn rolled(&self, _roll: &Roll, values: &[u32], source: RollSource) -> Option<Action> {
        match (&self.phase, values) {
            (Phase::RollOff(_), _) => Some(Action::roll_off(values, source)),
            (Phase::RollTheme, [value]) => Some(Action::RollTheme {
                value: *value,
                source,
            }),
            (Phase::RollDice { .. }, [letters @ .., colour]) => Some(Action::RollDice {
                letters: letters.iter().map(|&i| i as usize).collect(),
                colour: *colour as usize,
                source,
            }),
            _ => None,
        }
    }

    fn roll_values(action: &Action) -> Option<(Vec<u32>, RollSource)> {
        match action {
            Action::RollOff { values, source } => Some((values.clone(), *source)),
            Action::RollTheme { value, source } => Some((vec![*value], *source)),
            Action::RollDice {
                letters,
                colour,
                source,
            } => {
                let mut v: Vec<u32> = letters.iter().map(|&i| i as u32).collect();
                v.push(*colour as u32);
                Some((v, *source))
            }
            Action::Propose { .. }
            | Action::Judge { .. }
            | Action::Pass { .. }
            | Action::Dice(_) => None,
        }
    }

    crate::game_rules!(Action, Phase);
}

impl Game for Words {
    const KIND: GameKind = GameKind::Words;

    fn players(&self) -> &[Player] {
        &self.setup.players
    }

    /// Tokens won.
    fn standings(&self) -> Standings {
        let n = self.players().len();
        let scores = self.tokens.iter().map(|&t| Points::whole(t.into()));
        Standings::ranked(
            self.players(),
            scores.collect(),
            vec![self.is_finished(); n],
        )
    }

    fn progress(&self) -> Progress {
        Progress::Centre {
            round: self.rounds,
            centre: self.centre,
        }
    }

    /// The roller rolls, players speak and pass for themselves, the table judges.
    fn actor(&self, action: &Action) -> Actor {
        match action {
            Action::RollOff { .. } | Action::Judge { .. } | Action::Dice(_) => Actor::Table,
            Action::RollTheme { .. } | Action::RollDice { .. } => Actor::Player(self.roller),
            Action::Propose { player, .. } | Action::Pass { player } => Actor::Player(*player),
        }
    }
}
