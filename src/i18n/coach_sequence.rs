//! The Séquence Dés coach's words: its options, its reasons, and how it
//! thinks (for the rules page).

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
    best: "Conseillé", "Recommended";
    how_title: "Comment pense le coach", "How the coach thinks";
    how:
        "Le coach essaie chaque coup que le lancer permet. Pour chacun, il compte exactement, sur les 36 lancers de deux dés, la chance que l'adversaire complète une ligne à son prochain lancer : c'est la fraction affichée. Il joue ensuite chaque lancer suivant possible avec la meilleure réponse, et estime le plateau obtenu : chaque suite de cinq cases occupée par un seul camp vaut la chance d'obtenir les sommes de ses cases vides (ou un 11). Les chances affichées sont donc exactes, mais le classement des coups est une estimation qui ne regarde qu'un lancer plus loin.",
        "The coach tries every move the roll allows. For each one it counts exactly, over the 36 throws of two dice, the chance that the opponent completes a line with their next throw: that is the fraction shown. It then plays out every possible next throw with the best answer to it, and estimates the board that results: each run of five squares held by one side only is worth the chance of rolling the sums of its empty squares (or an 11). So the chances shown are exact, but the ranking of the moves is an estimate that looks one throw ahead only.";
}

/// "7/36 · 19,4 %".
fn odds(lang: Lang, r: Ratio) -> String {
    let tenths = r.per_mille() as f64 / 10.0;
    let percent = lang.decimal(tenths, 1);
    match lang {
        Lang::Fr => format!("{r} · {percent}\u{202f}%"),
        Lang::En => format!("{r} · {percent}%"),
    }
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
                    odds(self, *before),
                    odds(self, *after)
                ),
                format!(
                    "It blocks the opponent: their chance of completing a line with their next throw drops from {} to {}.",
                    odds(self, *before),
                    odds(self, *after)
                ),
            ),
            Reason::Threatens { chance } => self.pick(
                format!(
                    "Il prépare une ligne que votre prochain lancer peut compléter ({}).",
                    odds(self, *chance)
                ),
                format!(
                    "It sets up a line your next throw can complete ({}).",
                    odds(self, *chance)
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
