//! The Roll to the Top coach's words: its reasons, the chance of each open
//! square, and how it thinks (for the rules page).

use super::Lang;
use crate::core::coach::rtt::Reason;

texts! {
    /// The Roll to the Top coach's labels.
    Lang::coach_rtt() -> CoachRttTexts;
    /// What each open square's chance means.
    chance:
        "Chance qu'un lancer des dés en jeu puisse remplir la case directement",
        "Chance that a throw of the dice in play can fill the square directly";
    best: "Conseillé", "Recommended";
    pass: "Passer ce résultat", "Pass this result";
    how_title: "Comment pense le coach", "How the coach thinks";
    how:
        "Le coach essaie toutes les façons d'inscrire ce résultat sur votre défi (chaque dé une fois ; un seul dé sur une case qui prend n'importe quel nombre ; le moins de dés possible pour une case posée sur d'autres). Il garde celle qui laisse le défi le plus facile : chaque case vide compte, et aussi la hauteur que les nombres du dessous lui imposent déjà, si bien que les petits nombres vont au pied des hautes tours. Cette règle est une estimation, vérifiée en parties simulées contre un joueur qui remplit toujours le plus de cases. La chance affichée pour chaque case vide est exacte : la part de tous les lancers des dés en jeu qui peuvent la remplir directement, une fois le conseil suivi (remplir une case et celle du dessus avec le même lancer n'est pas compté).",
        "The coach tries every way of writing this result on your challenge (each die once; one die on a square that takes any number; the fewest dice that will do on a square resting on others). It keeps the one that leaves your challenge easiest: each open square counts, and so does how high the numbers below already force it to be, so small numbers go at the foot of tall towers. That rule is an estimate, checked by simulated games against a player who always fills the most squares. The chance shown for each open square is exact: the share of every throw of the dice in play that can fill it directly once the advice is followed (filling a square and the one above it from the same throw is not counted).";
}

impl Lang {
    /// Why the coach recommends its placement, in one line.
    pub fn coach_rtt_reason(self, reason: &Reason) -> String {
        match (self, reason) {
            (Lang::Fr, Reason::Finishes) => {
                "Ces cases finissent votre défi : c'est gagné !".into()
            }
            (Lang::En, Reason::Finishes) => {
                "These squares finish your challenge: you win!".into()
            }
            (Lang::Fr, Reason::FillsMost { squares: 1 }) => {
                "Une case : le plus que ce résultat permet.".into()
            }
            (Lang::Fr, Reason::FillsMost { squares }) => {
                format!("{squares} cases : le plus que ce résultat permet, avec les nombres qui gênent le moins la suite.")
            }
            (Lang::En, Reason::FillsMost { squares: 1 }) => {
                "One square: the most this result allows.".into()
            }
            (Lang::En, Reason::FillsMost { squares }) => {
                format!("{squares} squares: the most this result allows, with the numbers that hinder the rest least.")
            }
            (Lang::Fr, Reason::HoldsBack { squares, could }) => format!(
                "{squares} case(s) au lieu de {could} : remplir les autres maintenant imposerait des nombres trop difficiles plus haut."
            ),
            (Lang::En, Reason::HoldsBack { squares, could }) => format!(
                "{squares} square(s) instead of {could}: filling the others now would force numbers too hard to reach higher up."
            ),
            (Lang::Fr, Reason::NothingFits) => {
                "Aucune case n'accepte un nombre de ce résultat : passez.".into()
            }
            (Lang::En, Reason::NothingFits) => {
                "No square takes a number from this result: pass.".into()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_in_both_languages() {
        let held = Reason::HoldsBack {
            squares: 1,
            could: 3,
        };
        assert!(Lang::Fr
            .coach_rtt_reason(&held)
            .starts_with("1 case(s) au lieu de 3"));
        assert!(Lang::En
            .coach_rtt_reason(&held)
            .starts_with("1 square(s) instead of 3"));
        for lang in Lang::ALL {
            for r in [
                Reason::Finishes,
                Reason::NothingFits,
                Reason::FillsMost { squares: 2 },
            ] {
                assert!(!lang.coach_rtt_reason(&r).is_empty());
            }
        }
    }
}
