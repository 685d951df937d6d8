//! The Séquence Dés coach's words: its options and its reasons (how it
//! thinks is in `assets/rules.json`, with the rules).

use super::Lang;
use crate::core::coach::sequence::{Choice, Kind, Reason};
use crate::core::coach::Ratio;
use crate::core::sequence::BOARD;

texts! {
    /// The Séquence Dés coach's labels.
    Lang::coach_sequence() -> CoachSequenceTexts;
    /// What each option's chance means.
    chance:
        "Chance que l'adversaire ne puisse pas aligner ses jetons au prochain lancer",
        "Chance that the opponent cannot complete a line with their next throw";
}

impl Lang {
    /// One row of moves alike (tied, of one kind): "Poser : ligne 3,
    /// colonne 3 (12)"; squares of one number say it once, first: "Poser
    /// sur un 12 : ligne 3, colonne 3 ou ligne 4, colonne 4".
    pub fn coach_sequence_group(self, choices: &[&Choice]) -> String {
        let Some(first) = choices.first() else {
            return String::new();
        };
        let sum_of = |choice: &&Choice| BOARD[choice.square.0][choice.square.1];
        let one_sum = choices.len() > 1 && choices.iter().all(|c| sum_of(c) == sum_of(first));
        let verb = match (self, first.kind, one_sum) {
            (Lang::Fr, Kind::Place, false) => "Poser".to_string(),
            (Lang::Fr, Kind::Replace, false) => "Remplacer".into(),
            (Lang::Fr, Kind::Remove, false) => "Retirer".into(),
            (Lang::En, Kind::Place, false) => "Place".into(),
            (Lang::En, Kind::Replace, false) => "Replace".into(),
            (Lang::En, Kind::Remove, false) => "Remove".into(),
            (Lang::Fr, Kind::Place, true) => format!("Poser sur un {}", sum_of(first)),
            (Lang::Fr, Kind::Replace, true) => {
                format!("Remplacer un jeton sur un {}", sum_of(first))
            }
            (Lang::Fr, Kind::Remove, true) => format!("Retirer un jeton sur un {}", sum_of(first)),
            (Lang::En, kind, true) => {
                let n = sum_of(first);
                let a = if n == 8 || n == 11 { "an" } else { "a" };
                match kind {
                    Kind::Place => format!("Place on {a} {n}"),
                    Kind::Replace => format!("Replace a chip on {a} {n}"),
                    Kind::Remove => format!("Remove a chip on {a} {n}"),
                }
            }
        };
        let square = |choice: &&Choice| {
            let (r, c) = choice.square;
            let sum = if one_sum {
                String::new()
            } else {
                format!(" ({})", sum_of(choice))
            };
            self.pick(
                format!("ligne {}, colonne {}{sum}", r + 1, c + 1),
                format!("row {}, column {}{sum}", r + 1, c + 1),
            )
        };
        let squares: Vec<String> = choices.iter().map(square).collect();
        let squares = squares.join(&format!(" {} ", self.coach().or));
        self.pick(
            format!("{verb}\u{202f}: {squares}"),
            format!("{verb}: {squares}"),
        )
    }

    /// Below the table: the rows are ranked, how many moves are not
    /// listed, and the opponent's chance of completing a line next when it
    /// is the same after every move listed (`safe` is its complement, the
    /// figure of the table's column).
    pub fn coach_sequence_note(self, left_out: usize, safe: Option<Ratio>) -> String {
        let mut note = match (self, left_out) {
            (Lang::Fr, 0) => "Du meilleur au moins bon, selon le coach.".to_string(),
            (Lang::Fr, 1) => {
                "Du meilleur au moins bon, selon le coach (et 1 autre case, moins bonne).".into()
            }
            (Lang::Fr, n) => format!(
                "Du meilleur au moins bon, selon le coach (et {n} autres cases, moins bonnes)."
            ),
            (Lang::En, 0) => "Best first, as the coach ranks them.".into(),
            (Lang::En, 1) => {
                "Best first, as the coach ranks them (and 1 other square, worse).".into()
            }
            (Lang::En, n) => {
                format!("Best first, as the coach ranks them (and {n} other squares, worse).")
            }
        };
        let said = match safe {
            Some(s) if s == Ratio::ONE => Some(self.pick(
                "Aucun de ces coups ne laisse l'adversaire compléter une ligne à son prochain lancer.".to_string(),
                "None of these moves lets the opponent complete a line with their next throw.".to_string(),
            )),
            Some(s) => Some(self.pick(
                format!(
                    "Après chacun d'eux, l'adversaire complète une ligne à son prochain lancer avec une chance de {}.",
                    self.coach_chance(Ratio::ONE - s)
                ),
                format!(
                    "After any of them, the opponent completes a line with their next throw with a chance of {}.",
                    self.coach_chance(Ratio::ONE - s)
                ),
            )),
            None => None,
        };
        if let Some(said) = said {
            note.push(' ');
            note.push_str(&said);
        }
        note
    }

    /// Why the coach recommends its move, in one line.
    /// Why the coach recommends the move, for the player to move: `you`
    /// on their phone, or (on a phone that waits while they play) named,
    /// in the third person.
    pub fn coach_sequence_reason_for(self, reason: &Reason, mover: Option<&str>) -> String {
        let Some(name) = mover else {
            return self.coach_sequence_reason(reason);
        };
        let why = match reason {
            Reason::Wins => self.pick(
                "ce coup aligne ses jetons : la partie est gagnée !".to_string(),
                "this move completes their line: the game is won!".to_string(),
            ),
            Reason::Threatens { chance } => self.pick(
                format!(
                    "il prépare une ligne que son prochain lancer peut compléter ({}).",
                    self.coach_chance(*chance)
                ),
                format!(
                    "it sets up a line their next throw can complete ({}).",
                    self.coach_chance(*chance)
                ),
            ),
            Reason::Builds => self.pick(
                "il renforce le plus ses lignes et affaiblit le plus celles de l'adversaire."
                    .to_string(),
                "it strengthens their lines and weakens the opponent's the most.".to_string(),
            ),
            // Worded without "you" already.
            Reason::OnlyMove | Reason::Blocks { .. } => {
                let mut text = self.coach_sequence_reason(reason);
                if let Some(first) = text.chars().next() {
                    text.replace_range(..first.len_utf8(), &first.to_lowercase().to_string());
                }
                text
            }
        };
        self.pick(format!("Pour {name} : {why}"), format!("For {name}: {why}"))
    }

    pub fn coach_sequence_reason(self, reason: &Reason) -> String {
        match reason {
            Reason::Wins => self
                .pick(
                    "Ce coup aligne vos jetons : la partie est gagnée !",
                    "This move completes your line: the game is won!",
                )
                .into(),
            Reason::OnlyMove => self
                .pick(
                    "C'est le seul coup que ce lancer permet.",
                    "It is the only move this roll allows.",
                )
                .into(),
            Reason::Blocks { before, after } => self.pick(
                format!(
                    "Il bloque l'adversaire : sa chance d'aligner au prochain lancer passe de {} à {}.",
                    self.coach_chance(*before),
                    self.coach_chance(*after)
                ),
                format!(
                    "It blocks the opponent: their chance of completing a line with their next throw drops from {} to {}.",
                    self.coach_chance(*before),
                    self.coach_chance(*after)
                ),
            ),
            Reason::Threatens { chance } => self.pick(
                format!(
                    "Il prépare une ligne que votre prochain lancer peut compléter ({}).",
                    self.coach_chance(*chance)
                ),
                format!(
                    "It sets up a line your next throw can complete ({}).",
                    self.coach_chance(*chance)
                ),
            ),
            Reason::Builds => self
                .pick(
                    "Il renforce le plus vos lignes et affaiblit le plus celles de l'adversaire.",
                    "It strengthens your lines and weakens the opponent's the most.",
                )
                .into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::sequence::Action;

    fn place(square: (usize, usize)) -> Choice {
        Choice {
            action: Action::Place { square },
            square,
            kind: Kind::Place,
            wins: false,
            danger: Ratio::ZERO,
            rank: 1,
            value: 0.0,
        }
    }

    #[test]
    fn a_row_of_tied_squares_names_each() {
        let (a, b) = (place((2, 2)), place((3, 3)));
        assert_eq!(
            Lang::Fr.coach_sequence_group(&[&a, &b]),
            "Poser sur un 12\u{202f}: ligne 3, colonne 3 ou ligne 4, colonne 4"
        );
        assert_eq!(
            Lang::En.coach_sequence_group(&[&a]),
            "Place: row 3, column 3 (12)"
        );
        // Squares of two numbers each say theirs.
        let (c, d) = (place((1, 2)), place((4, 3)));
        assert_eq!(
            Lang::En.coach_sequence_group(&[&c, &a]),
            "Place: row 2, column 3 (8) or row 3, column 3 (12)"
        );
        assert_eq!(
            Lang::En.coach_sequence_group(&[&c, &d]),
            "Place on an 8: row 2, column 3 or row 5, column 4"
        );
    }

    #[test]
    fn the_note_says_once_what_every_row_would() {
        assert_eq!(
            Lang::En.coach_sequence_note(33, Some(Ratio::ONE)),
            "Best first, as the coach ranks them (and 33 other squares, worse). None of these moves lets the opponent complete a line with their next throw."
        );
        assert!(Lang::Fr
            .coach_sequence_note(0, Some(Ratio::new(29, 36)))
            .ends_with("avec une chance de 7/36 · 19,4\u{202f}%."));
        assert_eq!(
            Lang::Fr.coach_sequence_note(1, None),
            "Du meilleur au moins bon, selon le coach (et 1 autre case, moins bonne)."
        );
    }

    #[test]
    fn reasons_read_in_both_languages() {
        let blocks = Reason::Blocks {
            before: Ratio::new(7, 36),
            after: Ratio::ZERO,
        };
        assert_eq!(
            Lang::Fr.coach_sequence_reason(&blocks),
            "Il bloque l'adversaire : sa chance d'aligner au prochain lancer passe de 7/36 · 19,4\u{202f}% à 0 · 0,0\u{202f}%."
        );
        assert!(Lang::En
            .coach_sequence_reason(&blocks)
            .contains("from 7/36 · 19.4% to 0 · 0.0%"));
        for lang in Lang::ALL {
            for r in [Reason::Wins, Reason::OnlyMove, Reason::Builds] {
                assert!(!lang.coach_sequence_reason(&r).is_empty());
            }
        }
    }
}
