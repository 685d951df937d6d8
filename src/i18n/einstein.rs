//! Einstein: labels of its sheet and turns, why a move was refused.

use super::Lang;
use crate::core::einstein::Error;

pub struct EinsteinTexts {
    pub title: &'static str,
    pub blurb: &'static str,
    pub roll_five: &'static str,
    pub choose_pairs: &'static str,
    pub fifth_any: &'static str,
    pub free_throw: &'static str,
    pub confirm_choice: &'static str,
    pub fifth_die: &'static str,
    pub sheet_points: &'static str,
    pub sheet_sum: &'static str,
    pub sheet_score: &'static str,
    pub new_best: &'static str,
    pub done: &'static str,
    pub free_throw_short: &'static str,
}

static FR: EinsteinTexts = EinsteinTexts {
    title: "Einstein",
    blurb: "Un lancer de cinq dés pour tous : deux paires et le cinquième dé. Seul ou à plusieurs.",
    roll_five: "Lancer les 5 dés",
    choose_pairs: "Touchez deux dés pour la première paire, deux pour la seconde : le dé restant est le cinquième dé.",
    fifth_any: "Cinquième dé : n'importe lequel (moins de trois valeurs choisies).",
    free_throw: "Lancer libre : aucune de vos trois valeurs n'est sortie, le cinquième dé n'est pas coché.",
    confirm_choice: "Valider ce choix",
    fifth_die: "5e dé",
    sheet_points: "Pts",
    sheet_sum: "Somme",
    sheet_score: "Résultat",
    new_best: "Nouveau record personnel !",
    done: "a fini",
    free_throw_short: "lancer libre",
};

static EN: EinsteinTexts = EinsteinTexts {
    title: "Einstein",
    blurb: "One roll of five dice for everyone: two pairs and the fifth die. Alone or together.",
    roll_five: "Roll the 5 dice",
    choose_pairs:
        "Tap two dice for the first pair, two for the second: the die left is the fifth die.",
    fifth_any: "Fifth die: any die (fewer than three values chosen).",
    free_throw: "Free throw: none of your three values came up, the fifth die is not marked.",
    confirm_choice: "Confirm this choice",
    fifth_die: "5th die",
    sheet_points: "Pts",
    sheet_sum: "Sum",
    sheet_score: "Score",
    new_best: "New personal best!",
    done: "is done",
    free_throw_short: "free throw",
};

impl Lang {
    pub fn einstein(self) -> &'static EinsteinTexts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

    /// "Le 5e dé doit être un 2 ou un 5." / "The fifth die must be a 2 or a 5."
    pub fn fifth_one_of(self, values: &[u8]) -> String {
        let list = values.iter().map(|v| v.to_string()).collect::<Vec<_>>();
        match self {
            Lang::Fr => format!("Le cinquième dé doit être un {}.", list.join(" ou un ")),
            Lang::En => format!("The fifth die must be a {}.", list.join(" or a ")),
        }
    }

    /// "Lancer n°3" / "Roll 3".
    pub fn roll_number(self, n: usize) -> String {
        match self {
            Lang::Fr => format!("Lancer n°{n}"),
            Lang::En => format!("Roll {n}"),
        }
    }

    /// "Lancer n°3 · Anne lance les dés" / "Roll 3 · Anne rolls the dice".
    pub fn roll_by(self, n: usize, name: &str) -> String {
        format!("{} · {}", self.roll_number(n), self.rolls_dice(name))
    }

    /// "À Anne de choisir" / "Anne to choose".
    pub fn to_choose(self, name: &str) -> String {
        match self {
            Lang::Fr => format!("À {name} de choisir"),
            Lang::En => format!("{name} to choose"),
        }
    }

    pub fn personal_best(self, best: i32) -> String {
        match self {
            Lang::Fr => format!("Record personnel : {best}"),
            Lang::En => format!("Personal best: {best}"),
        }
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
            (_, Error::GameOver) => self.game_is_over(),
            (_, _) => self.not_possible_now(),
        }
    }
}
