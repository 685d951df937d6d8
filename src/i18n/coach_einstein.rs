//! The Einstein coach in words: why it recommends a split, and how it thinks.

use super::Lang;
use crate::core::coach::einstein::Reason;

texts! {
    /// The Einstein coach's labels.
    Lang::coach_einstein() -> CoachEinsteinTexts;
    /// The rules page's "How the coach thinks" for Einstein.
    how_it_thinks:
        "Pour chaque façon de former les deux paires, le coach compte exactement ce qu'elle change à votre score tout de suite, et la chance exacte que votre partie continue après le lancer suivant (sur les 7 776 lancers possibles de cinq dés). Sa recommandation, elle, est une estimation : il essaie chaque lancer suivant possible, y choisit la meilleure réponse, et juge la feuille obtenue par une estimation du score final. Cette estimation compte les tours qui restent d'après les croix du cinquième dé, répartit les croix à venir entre les sommes déjà commencées selon la chance exacte de les faire, et applique le barème du jeu (−200 jusqu'à quatre croix, 0 à cinq, puis les points de la somme). Elle ne voit qu'un lancer à l'avance et ne connaît pas les dés suivants ; à plusieurs, le coach cherche votre meilleur score, sans regarder celui des autres.",
        "For every way to make the two pairs, the coach counts exactly what it changes to your score right now, and the exact chance that your game goes on after the next roll (over the 7,776 possible rolls of five dice). Its recommendation is an estimate: it tries every possible next roll, picks the best answer to it, and judges the sheet that results by an estimate of the final score. That estimate counts the turns left from the fifth-die marks, shares the marks to come among the sums already started by the exact chance of making each, and applies the game's table (−200 up to four marks, 0 at five, then the sum's points). It sees one roll ahead and does not know the dice after that; with several players, the coach looks for your best score and does not look at the others'.";
    /// Column headings of the coach's table.
    now: "Maintenant", "Now";
    goes_on: "La partie continue", "Game goes on";
    outlook: "Score final estimé", "Estimated final score";
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
                    "Coûte {cost} points maintenant, mais le score final estimé est meilleur d'environ {points} points."
                ),
                format!(
                    "Costs {cost} points now, but the estimated final score is about {points} points better."
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
