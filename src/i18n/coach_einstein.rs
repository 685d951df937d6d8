//! The Einstein coach in words: the headings of its table and why it
//! recommends a split (how it thinks is on the rules page, `assets/rules.json`).

use super::Lang;
use crate::core::coach::einstein::Reason;

texts! {
    /// The Einstein coach's labels.
    Lang::coach_einstein() -> CoachEinsteinTexts;
    /// Column headings of the coach's table.
    now: "Ce coup", "Now";
    goes_on: "La partie continue", "Game goes on";
    outlook: "Estimation du coach", "Coach's estimate";
    ends_game: "termine votre partie", "ends your game";
}

/// "+40", "−200", "0".
fn signed(points: i32) -> String {
    match points {
        p if p > 0 => format!("+{p}"),
        p if p < 0 => format!("−{}", -p),
        _ => "0".into(),
    }
}

impl Lang {
    /// Why the coach recommends its split, in one line.
    pub fn einstein_reason(self, reason: &Reason) -> String {
        match *reason {
            Reason::OnlyOne => self.pick(
                "Toutes les façons de jouer ce lancer reviennent au même.".into(),
                "Every way to split this roll comes to the same.".into(),
            ),
            Reason::BestNow { gain } if gain > 0 => self.pick(
                format!("Le meilleur score tout de suite : {} points.", signed(gain)),
                format!("The best score right now: {} points.", signed(gain)),
            ),
            Reason::BestNow { gain: 0 } => self.pick(
                "Ne coûte rien maintenant et prépare le mieux la suite.".into(),
                "Costs nothing now and sets up the rest best.".into(),
            ),
            Reason::BestNow { gain } => self.pick(
                format!(
                    "Le moindre mal : {} points, le mieux que permet ce lancer.",
                    signed(gain)
                ),
                format!(
                    "The least harm: {} points, the best this roll allows.",
                    signed(gain)
                ),
            ),
            Reason::LongerGame { fifth, cost } => self.pick(
                format!(
                    "Le cinquième dé va sur le {fifth}, moins coché : la partie dure plus longtemps (coûte {cost} points maintenant)."
                ),
                format!(
                    "The fifth die goes on the {fifth}, which has fewer marks: the game lasts longer (costs {cost} points now)."
                ),
            ),
            Reason::AvoidsEnding { cost } => self.pick(
                format!(
                    "Ne termine pas votre partie : le coup qui rapporte {cost} points de plus cocherait la huitième case d'un cinquième dé."
                ),
                format!(
                    "Does not end your game: the split worth {cost} more points would make the eighth mark on a fifth-die value."
                ),
            ),
            Reason::BuildsOn { sum, marks, cost } => self.pick(
                format!(
                    "Renforce le {sum} ({marks} croix) au lieu d'ouvrir une nouvelle somme (coûte {cost} points maintenant)."
                ),
                format!(
                    "Builds on the {sum} ({marks} marks) instead of opening a new sum (costs {cost} points now)."
                ),
            ),
            Reason::BetterOutlook { points, cost } => self.pick(
                format!(
                    "Coûte {cost} points maintenant, mais l'estimation du coach pour la fin de partie est meilleure d'environ {points} points."
                ),
                format!(
                    "Costs {cost} points now, but the coach's estimate of the final score is about {points} points better."
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_is_worded_in_both_languages() {
        let reasons = [
            Reason::OnlyOne,
            Reason::BestNow { gain: 40 },
            Reason::BestNow { gain: 0 },
            Reason::BestNow { gain: -200 },
            Reason::LongerGame { fifth: 3, cost: 30 },
            Reason::AvoidsEnding { cost: 60 },
            Reason::BuildsOn {
                sum: 7,
                marks: 4,
                cost: 40,
            },
            Reason::BetterOutlook {
                points: 25,
                cost: 30,
            },
        ];
        for reason in &reasons {
            let fr = Lang::Fr.einstein_reason(reason);
            let en = Lang::En.einstein_reason(reason);
            assert!(!fr.is_empty() && !en.is_empty());
            assert_ne!(fr, en, "{reason:?}");
        }
        assert_eq!(
            Lang::En.einstein_reason(&Reason::BestNow { gain: -200 }),
            "The least harm: −200 points, the best this roll allows."
        );
        assert!(Lang::Fr
            .einstein_reason(&Reason::LongerGame { fifth: 3, cost: 30 })
            .contains("le 3"));
    }
}
