//! The Séquence Dés coach's words: its options and its reasons (how it
//! thinks is in `assets/rules.json`, with the rules).

use super::Lang;
use crate::core::coach::sequence::{Choice, Kind, Reason};
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
    /// "Poser : ligne 2, colonne 3 (7)" and the like.
    pub fn coach_sequence_option(self, choice: &Choice) -> String {
        let (r, c) = choice.square;
        let verb = match (self, choice.kind) {
            (Lang::Fr, Kind::Place) => "Poser",
            (Lang::Fr, Kind::Replace) => "Remplacer",
            (Lang::Fr, Kind::Remove) => "Retirer",
            (Lang::En, Kind::Place) => "Place",
            (Lang::En, Kind::Replace) => "Replace",
            (Lang::En, Kind::Remove) => "Remove",
        };
        let sum = BOARD[r][c];
        self.pick(
            format!("{verb} : ligne {}, colonne {} ({sum})", r + 1, c + 1),
            format!("{verb}: row {}, column {} ({sum})", r + 1, c + 1),
        )
    }

    /// Why the coach recommends its move, in one line.
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
    use crate::core::coach::Ratio;

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
