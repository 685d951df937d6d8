//! The coach: its labels, how it writes a chance and an expectation, and
//! its reasons for the checker, Mode Sérieux, the Genius modes, the roller
//! and the word game (Einstein, Séquence Dés and Roll to the Top word theirs
//! in their own coach modules).

use super::Lang;
use crate::core::coach::{checker, genius, serieux, words, Basis, Ratio};
use crate::core::genius::Slot;

texts! {
    /// The coach's labels.
    Lang::coach() -> CoachTexts;
    open: "Coach", "Coach";
    close: "Fermer le coach", "Close the coach";
    title: "Le coach", "The coach";
    method_title: "Comment pense le coach", "How the coach thinks";
    chance: "Chance", "Chance";
    expected: "Points espérés", "Expected points";
    expected_number: "Nombre moyen", "Average number";
    win_chance: "Chance de gagner", "Chance to win";
    prime_chance: "Chance d'un premier", "Chance of a prime";
    on_list: "Chance d'être sur la liste", "Chance of the list";
    face: "Face du dé défi", "Challenge die face";
    written: "Inscrit", "Written";
    recommended: "★ Conseillé", "★ Best choice";
    /// Between options alike in one row of the coach's table.
    or: "ou", "or";
    /// Read out with the square the coach recommends, lit on the board.
    advised: "conseillé par le coach", "the coach's pick";
    allowed: "Coach autorisé", "Coach allowed";
    allowed_hint:
        "Une partie où le coach est ouvert ne compte pas pour les records.",
        "A game where the coach is opened counts for no personal best.";
    coached: "coaché", "coached";
    nothing_to_decide: "Rien à décider pour l'instant : le coach revient au prochain choix.",
        "Nothing to decide right now: the coach comes back at the next choice.";
    exact: "Exact : compté sur toutes les faces des dés.", "Exact: counted over every face of the dice.";
    search: "Calculé en regardant les prochains lancers.", "Worked out by looking ahead over the next rolls.";
    heuristic: "Classé selon une méthode expliquée dans les règles.", "Ranked by a method the rules page explains.";
    sum_title: "Somme des dés", "Sum of the dice";
    at_least: "Au moins", "At least";
    at_most: "Au plus", "At most";
    average: "Moyenne", "Average";
    keep_all: "Ne rien effacer", "Erase nothing";
    throw: "Le lancer", "The throw";
    expert_bonus: "Chance du bonus ±15", "Chance of the ±15 bonus";
    gap: "Écart avec le meilleur rival", "Gap to the best rival";
    next_fits: "Chance que l'autre case prenne le prochain coup réussi",
        "Chance that the other cell takes the next hit";
}

impl Lang {
    /// An exact chance: "73/216 · 33,8 %" ("1/1 · 100 %" written "1 · 100 %").
    pub fn coach_chance(self, chance: Ratio) -> String {
        format!("{chance} · {}", self.per_mille(chance.per_mille()))
    }

    /// Tenths of a per cent as a percentage with one decimal.
    pub fn per_mille(self, tenths: i64) -> String {
        let sign = if tenths < 0 { "−" } else { "" };
        let (whole, tenth) = (tenths.abs() / 10, tenths.abs() % 10);
        match self {
            Lang::Fr => format!("{sign}{whole},{tenth}\u{202f}%"),
            Lang::En => format!("{sign}{whole}.{tenth}%"),
        }
    }

    /// An expectation, to two decimals ("28,91"), a whole number without
    /// ("−400": Einstein's score changes), with the true minus sign.
    pub fn coach_points(self, value: Ratio) -> String {
        let places = if value.denom() == 1 { 0 } else { 2 };
        let text = self.decimal(value.to_f64().abs(), places);
        if value < Ratio::ZERO && text.chars().any(|c| c.is_ascii_digit() && c != '0') {
            format!("−{text}")
        } else {
            text
        }
    }

    /// A change of a score, with its sign: "+40", "−400", "0" (the
    /// coach's reasons and its rows write it alike).
    pub fn coach_signed(self, value: Ratio) -> String {
        let text = self.coach_points(value);
        if value > Ratio::ZERO {
            format!("+{text}")
        } else {
            text
        }
    }

    /// How the figures were found.
    pub fn coach_basis(self, basis: Basis) -> &'static str {
        let t = self.coach();
        match basis {
            Basis::Exact => t.exact,
            Basis::Search => t.search,
            Basis::Heuristic => t.heuristic,
        }
    }

    /// "1 dé", "4 dés".
    pub fn coach_dice(self, k: usize) -> String {
        format!("{k} {}", self.dice_word(k))
    }

    pub fn checker_reason(self, reason: checker::Reason) -> String {
        match reason {
            checker::Reason::BestChance => self
                .pick(
                    "La meilleure chance d'un nombre premier (mais peu de points).",
                    "The best chance of a prime (but few points).",
                )
                .into(),
        }
    }

    pub fn serieux_reason(self, reason: serieux::Reason, dice: usize) -> String {
        let d = self.coach_dice(dice);
        match (self, reason) {
            (Lang::Fr, serieux::Reason::BestPoints) => format!(
                "{d} : le plus de points en moyenne. Avec 5 dés, les nombres premiers sont bien plus rares."
            ),
            (Lang::En, serieux::Reason::BestPoints) => format!(
                "{d}: the most points on average. With 5 dice, primes are far rarer."
            ),
            (Lang::Fr, serieux::Reason::BestOnBoth) => {
                format!("{d} : le plus de points en moyenne et la meilleure chance de gagner.")
            }
            (Lang::En, serieux::Reason::BestOnBoth) => {
                format!("{d}: the most points on average and the best chance to win.")
            }
            (Lang::Fr, serieux::Reason::BestChanceToWin) => format!(
                "{d} : moins de points en moyenne, mais la meilleure chance de gagner vu les scores et les manches restantes."
            ),
            (Lang::En, serieux::Reason::BestChanceToWin) => format!(
                "{d}: fewer points on average, but the best chance to win given the scores and the rounds left."
            ),
        }
    }

    /// An option of a Genius decision, as the coach lists it.
    pub fn genius_choice(self, choice: genius::Choice, player_names: &[String]) -> String {
        match choice {
            genius::Choice::Column(k) => self.coach_dice(k),
            genius::Choice::Place(Slot::Min) => "MIN".into(),
            genius::Choice::Place(Slot::Max) => "MAX".into(),
            genius::Choice::Erase { player, cell } => {
                let name = player_names.get(player).map_or("?", String::as_str);
                let column = self.column_name(cell.column, false);
                let slot = match cell.slot {
                    Some(Slot::Min) => " MIN",
                    Some(Slot::Max) => " MAX",
                    None => "",
                };
                self.pick(
                    format!("Effacer {name} · {column}{slot}"),
                    format!("Erase {name} · {column}{slot}"),
                )
            }
            genius::Choice::KeepAll => self.coach().keep_all.into(),
            genius::Choice::Throw => self.coach().throw.into(),
            genius::Choice::Face(face) => {
                self.face_label(crate::core::dice_kinds::Face::Challenge(face))
            }
        }
    }

    pub fn genius_reason(self, reason: genius::Reason) -> &'static str {
        use genius::Reason::*;
        match reason {
            MostPointsNow => self.pick(
                "Le plus de points espérés maintenant.",
                "The most points expected now.",
            ),
            MostPointsBeforeTheEnd => self.pick(
                "Moins de points tout de suite, mais l'ordre qui en inscrit le plus avant la fin de la partie.",
                "Fewer points right now, but the order that writes the most before the game ends.",
            ),
            KeepsTheColumnOpen => self.pick(
                "Laisse à l'autre case de la colonne le plus de chances, et le plus de points.",
                "Leaves the column's other cell the best chance, and the most points.",
            ),
            HurtsTheLeader => self.pick(
                "Retire le plus au meilleur rival.",
                "Takes the most from the best rival.",
            ),
            NothingWorthErasing => self.pick(
                "Effacer n'aiderait pas : ne rien effacer.",
                "Erasing would not help: erase nothing.",
            ),
            NoChoice => self.pick(
                "Pas de choix ici : les dés décident. Voici ce qui peut arriver.",
                "No choice here: the dice decide. Here is what can happen.",
            ),
        }
    }

    /// The word game's coach, in a sentence.
    pub fn words_advice(self, advice: &words::Advice) -> String {
        let list = |letters: &[char]| {
            letters
                .iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        match (self, advice) {
            (
                Lang::Fr,
                words::Advice::UseLetters {
                    initial, letters, most,
                },
            ) => {
                let start = initial.map_or(String::new(), |c| format!("Commencez par {c}. "));
                format!("{start}Chaque lettre des dés dans le mot rapporte un jeton : {} (jusqu'à {most} ; une lettre sortie sur deux dés doit figurer deux fois).", list(letters))
            }
            (
                Lang::En,
                words::Advice::UseLetters {
                    initial, letters, most,
                },
            ) => {
                let start = initial.map_or(String::new(), |c| format!("Start with {c}. "));
                format!("{start}Each dice letter in the word brings one token: {} (up to {most}; a letter on two dice must appear twice).", list(letters))
            }
            (Lang::Fr, words::Advice::Avoid { letters }) => format!(
                "Face noire : le mot ne doit contenir aucune de ces lettres : {}. Chacune coûte des jetons.",
                list(letters)
            ),
            (Lang::En, words::Advice::Avoid { letters }) => format!(
                "Black face: the word must use none of these letters: {}. Each one costs tokens.",
                list(letters)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chance_reads_as_a_fraction_and_a_percentage() {
        assert_eq!(Lang::En.coach_chance(Ratio::new(73, 216)), "73/216 · 33.8%");
        assert_eq!(
            Lang::Fr.coach_chance(Ratio::new(73, 216)),
            "73/216 · 33,8\u{202f}%"
        );
        assert_eq!(Lang::En.coach_chance(Ratio::ONE), "1 · 100.0%");
    }

    #[test]
    fn expectations_use_the_minus_sign() {
        assert_eq!(Lang::En.coach_points(Ratio::new(-7, 2)), "−3.50");
        assert_eq!(Lang::Fr.coach_points(Ratio::new(37465, 1296)), "28,91");
        assert_eq!(Lang::En.coach_points(Ratio::from_int(-400)), "−400");
        assert_eq!(Lang::Fr.coach_points(Ratio::ZERO), "0");
        assert_eq!(Lang::Fr.coach_signed(Ratio::from_int(40)), "+40");
        assert_eq!(Lang::En.coach_signed(Ratio::from_int(-400)), "−400");
        assert_eq!(Lang::En.coach_signed(Ratio::ZERO), "0");
    }
}
