//! The Roll to the Top coach's words: its reasons and what each open
//! square's chance means (how it thinks is in `assets/rules.json`).

use super::Lang;
use crate::core::coach::rtt::Reason;

texts! {
    /// The Roll to the Top coach's labels.
    Lang::coach_rtt() -> CoachRttTexts;
    /// What each open square's chance means.
    chance:
        "Chance qu'un lancer des dés en jeu puisse remplir la case directement",
        "Chance that a throw of the dice in play can fill the square directly";
    pass: "Passer ce résultat", "Pass this result";
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
