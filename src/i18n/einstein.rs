//! Einstein: labels of its sheet and turns, why a move was refused.

use super::Lang;
use crate::core::einstein::Error;

texts! {
    /// Einstein's labels.
    Lang::einstein() -> EinsteinTexts;
    title: "Einstein", "Einstein";
    blurb:
        "Un lancer de cinq dés pour tous : deux paires et le cinquième dé. Seul ou à plusieurs.",
        "One roll of five dice for everyone: two pairs and the fifth die. Alone or together.";
    roll_five: "Lancer les 5 dés", "Roll the 5 dice";
    choose_pairs:
        "Touchez deux dés pour la première paire, deux pour la seconde : le dé restant est le cinquième dé.",
        "Tap two dice for the first pair, two for the second: the die left is the fifth die.";
    fifth_any:
        "Cinquième dé : n'importe lequel (moins de trois valeurs choisies).",
        "Fifth die: any die (fewer than three values chosen).";
    free_throw:
        "Lancer libre : aucune de vos trois valeurs n'est sortie, le cinquième dé n'est pas coché.",
        "Free throw: none of your three values came up, the fifth die is not marked.";
    confirm_choice: "Valider ce choix", "Confirm this choice";
    fifth_die: "5e dé", "5th die";
    sheet_points: "Pts", "Pts";
    sheet_sum: "Somme", "Sum";
    sheet_score: "Résultat", "Score";
    new_best: "Nouveau record personnel !", "New personal best!";
    done: "a fini", "is done";
    free_throw_short: "lancer libre", "free throw";
    only_split:
        "Avec cette paire, une seule répartition est permise : elle est proposée, validez-la (ou touchez d'autres dés).",
        "With this pair only one split is allowed: it is proposed, confirm it (or tap other dice).";
    choice_hidden: "Le choix précédent est caché.", "The previous choice is hidden.";
    last_chooser:
        "Tous les autres ont choisi : la table n'attend plus que vous.",
        "Everyone else has chosen: the table is waiting for you.";
    all_chosen: "Tout le monde a choisi", "Everyone has chosen";
}

impl Lang {
    /// "Le 5e dé doit être un 2 ou un 5." / "The fifth die must be a 2 or a 5."
    pub fn fifth_one_of(self, values: &[u8]) -> String {
        let (article, or) = self.pick(("un", "ou"), ("a", "or"));
        let list: Vec<String> = values.iter().map(|v| format!("{article} {v}")).collect();
        let list = match list.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} {or} {last}", rest.join(", ")),
            _ => list.concat(),
        };
        self.pick(
            format!("Le cinquième dé doit être {list}."),
            format!("The fifth die must be {list}."),
        )
    }

    /// Whose sheet is shown, when it is the only one shown: "Feuille :
    /// Anne" / "Anne's sheet".
    pub fn sheet_of(self, name: &str) -> String {
        self.pick(format!("Feuille : {name}"), format!("{name}'s sheet"))
    }

    /// "Passez le téléphone à Anne" / "Hand the phone to Anne".
    pub fn hand_phone_to(self, name: &str) -> String {
        self.pick(
            format!("Passez le téléphone à {name}"),
            format!("Hand the phone to {name}"),
        )
    }

    /// "Je suis Anne : choisir" / "I am Anne: choose".
    pub fn ready_to_choose(self, name: &str) -> String {
        self.pick(
            format!("Je suis {name} : choisir"),
            format!("I am {name}: choose"),
        )
    }

    /// A die of the roll, for a screen reader: "Dé 3 : 6, paire A".
    pub fn einstein_die(self, position: usize, value: u8, tag: &str) -> String {
        let (die, colon) = self.pick(("Dé", " :"), ("Die", ":"));
        if tag.is_empty() {
            format!("{die} {}{colon} {value}", position + 1)
        } else {
            format!("{die} {}{colon} {value}, {tag}", position + 1)
        }
    }

    /// "Lancer n°3" / "Roll 3".
    pub fn roll_number(self, n: usize) -> String {
        self.pick(format!("Lancer n°{n}"), format!("Roll {n}"))
    }

    /// "Lancer n°3 · Anne lance les dés" / "Roll 3 · Anne rolls the dice".
    pub fn roll_by(self, n: usize, name: &str) -> String {
        format!("{} · {}", self.roll_number(n), self.rolls_dice(name))
    }

    /// "À Anne de choisir" / "Anne to choose".
    pub fn to_choose(self, name: &str) -> String {
        self.pick(format!("À {name} de choisir"), format!("{name} to choose"))
    }

    pub fn personal_best(self, best: i32) -> String {
        self.pick(
            format!("Record personnel : {best}"),
            format!("Personal best: {best}"),
        )
    }

    /// On several phones, to a player whose game has ended while the
    /// others play on: "Anne, votre partie est finie…".
    pub fn einstein_done_early(self, names: &[String]) -> String {
        let who = names.join(" & ");
        self.pick(
            format!("{who}, votre partie est finie : une valeur du 5e dé a 8 marques. Les autres jouent encore ; le classement viendra à la fin de leur partie."),
            format!("{who}, your game is over: one fifth-die value has 8 marks. The others play on; the ranking comes when they are done."),
        )
    }

    /// Why a move of Einstein was refused.
    pub fn einstein_error(self, error: &Error) -> String {
        match (self, error) {
            (_, Error::Setup(e)) => self.setup_error(e),
            (_, Error::First(e)) => self.first_player_error(e),
            (_, Error::FifthMustBeChosenValue { allowed }) => self.fifth_one_of(allowed),
            (Lang::Fr, Error::BadPairs) => "Formez deux paires avec quatre dés différents.".into(),
            (Lang::En, Error::BadPairs) => "Make two pairs from four different dice.".into(),
            (Lang::Fr, Error::WrongDiceCount) => "Einstein se joue avec 5 dés.".into(),
            (Lang::En, Error::WrongDiceCount) => "Einstein is played with 5 dice.".into(),
            (Lang::Fr, Error::ChoicesFinal) => {
                "Tout le monde a choisi et les choix sont montrés : ceux de ce lancer sont définitifs.".into()
            }
            (Lang::En, Error::ChoicesFinal) => {
                "Everyone has chosen and the choices are shown: this roll's choices are final.".into()
            }
            (_, Error::GameOver) => self.game_is_over(),
            (_, _) => self.not_possible_now(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_choices_are_worded_in_each_language() {
        let fr = Lang::Fr.einstein_error(&Error::ChoicesFinal);
        let en = Lang::En.einstein_error(&Error::ChoicesFinal);
        assert!(fr.contains("définitifs"), "{fr}");
        assert!(en.contains("final"), "{en}");
        assert_ne!(fr, Lang::Fr.not_possible_now());
    }

    #[test]
    fn a_player_done_early_is_told_in_each_language() {
        let anne = ["Anne".to_string()];
        assert!(Lang::Fr
            .einstein_done_early(&anne)
            .starts_with("Anne, votre partie est finie"));
        assert!(Lang::En
            .einstein_done_early(&anne)
            .starts_with("Anne, your game is over"));
    }
}
