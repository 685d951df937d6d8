//! The Einstein coach in words: the headings of its table and why it
//! recommends a split (how it thinks is on the rules page, `assets/rules.json`).

use super::Lang;
use crate::core::coach::einstein::Reason;
use crate::core::coach::Ratio;

texts! {
    /// The Einstein coach's labels.
    Lang::coach_einstein() -> CoachEinsteinTexts;
    /// Column headings of the coach's table.
    now: "Maintenant", "Now";
    goes_on: "La partie continue", "Game goes on";
    ends_game: "termine votre partie", "ends your game";
}

impl Lang {
    /// A change of the score now, as the coach's rows and reasons write
    /// it: "+40", "−400", "0".
    pub fn einstein_points(self, points: i32) -> String {
        self.coach_signed(Ratio::from_int(points.into()))
    }

    /// Why the coach recommends its split, in one line. Each figure is
    /// one a row of the table shows: the recommended split's score now,
    /// and the best score now of any split.
    pub fn einstein_reason(self, reason: &Reason) -> String {
        let p = |points: i32| self.einstein_points(points);
        match *reason {
            Reason::OnlyOne => self.pick(
                "Toutes les façons de jouer ce lancer reviennent au même.".into(),
                "Every way to split this roll comes to the same.".into(),
            ),
            Reason::BestNow { gain } if gain > 0 => self.pick(
                format!("Le meilleur score tout de suite\u{202f}: {} points.", p(gain)),
                format!("The best score right now: {} points.", p(gain)),
            ),
            Reason::BestNow { gain: 0 } => self.pick(
                "Ne coûte rien maintenant et prépare le mieux la suite.".into(),
                "Costs nothing now and sets up the rest best.".into(),
            ),
            Reason::BestNow { gain } => self.pick(
                format!(
                    "Le moindre mal\u{202f}: {} points, le mieux que permet ce lancer.",
                    p(gain)
                ),
                format!(
                    "The least harm: {} points, the best this roll allows.",
                    p(gain)
                ),
            ),
            Reason::LongerGame { fifth, now, best_now } => self.pick(
                format!(
                    "Le cinquième dé va sur le {fifth}, moins coché\u{202f}: la partie dure plus longtemps, pour {} points maintenant au lieu de {}.",
                    p(now), p(best_now)
                ),
                format!(
                    "The fifth die goes on the {fifth}, which has fewer marks: the game lasts longer, for {} points now instead of {}.",
                    p(now), p(best_now)
                ),
            ),
            Reason::AvoidsEnding { now, best_now } => self.pick(
                format!(
                    "Ne termine pas votre partie, pour {} points maintenant\u{202f}: le coup à {} cocherait la huitième case d'un cinquième dé.",
                    p(now), p(best_now)
                ),
                format!(
                    "Does not end your game, for {} points now: the split worth {} would make the eighth mark on a fifth-die value.",
                    p(now), p(best_now)
                ),
            ),
            Reason::BuildsOn { sum, marks, now, best_now } => self.pick(
                format!(
                    "Renforce le {sum} ({marks} croix) au lieu d'ouvrir une nouvelle somme, pour {} points maintenant au lieu de {}.",
                    p(now), p(best_now)
                ),
                format!(
                    "Builds on the {sum} ({marks} marks) instead of opening a new sum, for {} points now instead of {}.",
                    p(now), p(best_now)
                ),
            ),
            Reason::BetterOutlook { points, now, best_now } => self.pick(
                format!(
                    "{} points maintenant au lieu de {}, mais le coach compte sur environ {points} points de plus en fin de partie.",
                    p(now), p(best_now)
                ),
                format!(
                    "{} points now instead of {}, but the coach expects about {points} more points by the end of the game.",
                    p(now), p(best_now)
                ),
            ),
        }
    }

    /// Below the table: the rows are ranked, and how many ways to play are
    /// not listed; and the chance that the game goes on when it is the
    /// same (below 1) for every split listed.
    pub fn einstein_coach_note(self, left_out: usize, goes_on: Option<Ratio>) -> String {
        let mut note = match (self, left_out) {
            (Lang::Fr, 0) => "Du meilleur au moins bon, selon le coach.".to_string(),
            (Lang::Fr, 1) => "Du meilleur au moins bon, selon le coach (et 1 autre façon de jouer, moins bonne).".into(),
            (Lang::Fr, n) => format!("Du meilleur au moins bon, selon le coach (et {n} autres façons de jouer, moins bonnes)."),
            (Lang::En, 0) => "Best first, as the coach ranks them.".into(),
            (Lang::En, 1) => "Best first, as the coach ranks them (and 1 other way to play, worse).".into(),
            (Lang::En, n) => format!("Best first, as the coach ranks them (and {n} other ways to play, worse)."),
        };
        if let Some(chance) = goes_on.filter(|c| *c > Ratio::ZERO && *c < Ratio::ONE) {
            note.push(' ');
            note.push_str(&self.pick(
                format!(
                    "Quel que soit votre choix, votre partie continue après le prochain lancer\u{202f}: {}.",
                    self.coach_chance(chance)
                ),
                format!(
                    "Whichever you choose, your game goes on after the next roll: {}.",
                    self.coach_chance(chance)
                ),
            ));
        }
        note
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
            Reason::LongerGame {
                fifth: 3,
                now: -230,
                best_now: -200,
            },
            Reason::AvoidsEnding {
                now: 0,
                best_now: 60,
            },
            Reason::BuildsOn {
                sum: 7,
                marks: 4,
                now: -200,
                best_now: -160,
            },
            Reason::BetterOutlook {
                points: 25,
                now: -400,
                best_now: -200,
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
            .einstein_reason(&Reason::LongerGame {
                fifth: 3,
                now: 0,
                best_now: 30
            })
            .contains("le 3"));
    }

    /// The reason gives the rows' own figures, written as the rows write
    /// them: never a difference ("costs 200") beside a row's "−400".
    #[test]
    fn the_reason_says_the_rows_figures() {
        let reason = Reason::BetterOutlook {
            points: 35,
            now: -400,
            best_now: -200,
        };
        assert_eq!(
            Lang::Fr.einstein_reason(&reason),
            "−400 points maintenant au lieu de −200, mais le coach compte sur environ 35 points de plus en fin de partie."
        );
        assert!(Lang::En
            .einstein_reason(&Reason::AvoidsEnding {
                now: 40,
                best_now: 100
            })
            .contains("for +40 points now: the split worth +100"));
        assert_eq!(Lang::En.einstein_points(-400), "−400");
        assert_eq!(Lang::Fr.einstein_points(60), "+60");
    }

    #[test]
    fn the_note_says_what_is_not_a_column() {
        assert_eq!(
            Lang::En.einstein_coach_note(11, Some(Ratio::ONE)),
            "Best first, as the coach ranks them (and 11 other ways to play, worse)."
        );
        assert!(Lang::Fr
            .einstein_coach_note(0, Some(Ratio::new(1, 2)))
            .ends_with("après le prochain lancer\u{202f}: 1/2 · 50,0\u{202f}%."));
    }
}
