//! The Roll to the Top coach's words: its reasons and what each open
//! square's chance means (how it thinks is in `assets/rules.json`).

use super::Lang;
use crate::core::coach::rtt::Reason;
use crate::core::dice_kinds::DieKind;
use crate::core::rtt::{Placement, Sheet};

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
    /// "Case 4, rangée 2": a square as the panel names it (squares are
    /// counted from 1 in the sheet's order).
    pub fn coach_rtt_square(self, sheet: &Sheet, square: usize) -> String {
        let row = sheet.squares.get(square).map_or(0, |s| s.row) + 1;
        self.pick(
            format!("Case {}, rangée {row}", square + 1),
            format!("Square {}, row {row}", square + 1),
        )
    }

    /// The recommended placement: "★ Conseillé : case 1 ← d6 (4) ; case 5
    /// ← d8 + d4 (9)", or the advice to pass.
    pub fn coach_rtt_plan(self, plan: &[Placement], result: &[u32], dice: &[DieKind]) -> String {
        if plan.is_empty() {
            return self.coach_rtt().pass.into();
        }
        let parts: Vec<String> = plan
            .iter()
            .map(|p| {
                let names: Vec<String> = p
                    .dice
                    .iter()
                    .map(|&d| dice.get(d).map_or_else(String::new, |k| self.die_name(*k)))
                    .collect();
                let value: u32 = p
                    .dice
                    .iter()
                    .map(|&d| result.get(d).copied().unwrap_or(0))
                    .sum();
                let square = self.pick("case", "square");
                format!(
                    "{square} {} ← {} ({value})",
                    p.square + 1,
                    names.join(" + ")
                )
            })
            .collect();
        let sep = self.pick(" ; ", "; ");
        let colon = self.pick(" :", ":");
        format!("{}{colon} {}", self.coach().recommended, parts.join(sep))
    }

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
        let sheet = crate::core::rtt::shipped_sheets().remove(0);
        let plan = [Placement {
            square: 4,
            dice: vec![0, 2],
        }];
        let dice = [DieKind::D4, DieKind::D6, DieKind::D8];
        assert_eq!(
            Lang::Fr.coach_rtt_plan(&plan, &[3, 6, 5], &dice),
            "★ Conseillé : case 5 ← d4 + d8 (8)"
        );
        assert_eq!(
            Lang::En.coach_rtt_plan(&plan, &[3, 6, 5], &dice),
            "★ Best choice: square 5 ← d4 + d8 (8)"
        );
        assert_eq!(
            Lang::En.coach_rtt_plan(&[], &[3], &dice),
            "Pass this result"
        );
        assert!(Lang::Fr
            .coach_rtt_square(&sheet, 0)
            .starts_with("Case 1, rangée 1"));
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
