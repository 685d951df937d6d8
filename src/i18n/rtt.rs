//! Roll to the Top: labels, what the white die asks, why a move was refused.

use super::Lang;
use crate::core::rtt::{Adjustment, Because, Error, Names};

texts! {
    /// Roll to the Top's labels.
    Lang::rtt() -> RttTexts;
    title: "Roll to the Top", "Roll to the Top";
    blurb:
        "Le d4, le d6, le d8, le d12, le d20 et le dé blanc : remplissez la tour de votre défi.",
        "The d4, d6, d8, d12, d20 and the white die: fill your challenge's tower.";
    sheet: "Défi", "Challenge";
    decreasing:
        "Variante : nombres décroissants (chaque nombre ≤ ceux du dessous)",
        "Variant: decreasing numbers (each number ≤ the ones below)";
    start: "Lancer les 5 dés colorés", "Roll the 5 coloured dice";
    start_hint:
        "Les dés impairs sont mis de côté ; les pairs sont relancés avec le dé blanc. Tous impairs : on relance.",
        "Odd dice are set aside; even ones are rolled again with the white die. All odd: roll again.";
    roll: "Lancer les dés et le dé blanc", "Roll the dice and the white die";
    pick_dice:
        "Touchez un ou plusieurs dés (additionnés), puis une case qui accepte ce nombre.",
        "Tap one or more dice (added up), then a square that takes that number.";
    take_back: "Reprendre la dernière case", "Take back the last square";
    done: "Valider", "Confirm";
    pass: "Passer", "Pass";
    white_next: "Dé blanc pour le prochain lanceur", "White die for the next roller";
    add: "Ajouter", "Add";
    remove: "Retirer", "Remove";
    confirm: "Confirmer", "Confirm";
    open: "cases vides", "open squares";
    square: "Case", "Square";
    empty: "vide", "empty";
    on_ground: "au sol", "on the ground";
    series: "Série", "Series";
    series_reset: "Remettre la série à zéro", "Reset the series";
    series_coached:
        "Partie jouée avec le coach : elle ne compte pas dans la série.",
        "Played with the coach: this game does not count in the series.";
    winners: "Gagnants", "Winners";
    placed: "Vos dés sont placés.", "Your dice are placed.";
    last_placer:
        "Tous les autres ont placé : la table n'attend plus que vous.",
        "Everyone else has placed: the table is waiting for you.";
    white_die: "Dé blanc", "White die";
    white_missing:
        "Touchez la face du dé blanc, puis inscrivez le lancer.",
        "Tap the white die's face, then record the throw.";
    coach_mark: "conseil du coach", "the coach's choice";
    start_roll:
        "Lancer de départ : les dés pairs entrent en jeu, les impairs sont mis de côté.",
        "Start roll: the even dice come into play, the odd ones are set aside.";
    in_play: "en jeu", "in play";
    set_aside: "de côté", "set aside";
}

impl Lang {
    /// A challenge sheet's name in this language (sheets carry both).
    pub fn sheet_name(self, names: &Names) -> &str {
        self.pick(&names.fr, &names.en)
    }

    /// What the white die or an override asks of the roller, and why.
    pub fn rtt_adjustment(self, must: Adjustment, because: Because) -> String {
        use {Adjustment as A, Because as B};
        let what = match (self, must) {
            (Lang::Fr, A::Add) => "ajoutez 1 dé",
            (Lang::Fr, A::Remove) => "retirez 1 dé",
            (Lang::Fr, A::AddOrRemove) => "ajoutez OU retirez 1 dé",
            (Lang::Fr, A::AddAndRemove) => "ajoutez 1 dé ET retirez-en un autre",
            (Lang::En, A::Add) => "add 1 die",
            (Lang::En, A::Remove) => "remove 1 die",
            (Lang::En, A::AddOrRemove) => "add OR remove 1 die",
            (Lang::En, A::AddAndRemove) => "add 1 die AND remove another",
        };
        let why = match (self, because) {
            (Lang::Fr, B::WhiteDie) => "Le dé blanc dit",
            (Lang::Fr, B::FiveDiceRolled) => "Les 5 dés ont été lancés",
            (Lang::Fr, B::NobodyWrote) => "Personne n'a rien inscrit",
            (Lang::Fr, B::OneDieRolled) => "Un seul dé a été lancé",
            (Lang::En, B::WhiteDie) => "The white die says",
            (Lang::En, B::FiveDiceRolled) => "All 5 dice were rolled",
            (Lang::En, B::NobodyWrote) => "Nobody wrote anything",
            (Lang::En, B::OneDieRolled) => "Only one die was rolled",
        };
        let sep = if self == Lang::Fr { " : " } else { ": " };
        format!("{why}{sep}{what}.")
    }

    /// Why a move of Roll to the Top was refused.
    pub fn rtt_error(self, error: &Error) -> String {
        use Error as E;
        match (self, error) {
            (_, E::Setup(e)) => self.setup_error(e),
            (_, E::First(e)) => self.first_player_error(e),
            (Lang::Fr, E::NotAFace { value, .. }) => {
                format!("{value} n'est pas une face de ce dé.")
            }
            (Lang::En, E::NotAFace { value, .. }) => format!("{value} is not a face of that die."),
            (Lang::Fr, E::WrongDiceCount) => "Il faut une valeur par dé en jeu.".into(),
            (Lang::En, E::WrongDiceCount) => "One value per die in play is needed.".into(),
            (Lang::Fr, E::DieReused(_)) => "Chaque dé ne sert qu'une fois par résultat.".into(),
            (Lang::En, E::DieReused(_)) => "Each die is used once per result.".into(),
            (Lang::Fr, E::SquareRefuses { value, .. }) => {
                format!("Cette case ne peut pas recevoir {value} maintenant.")
            }
            (Lang::En, E::SquareRefuses { value, .. }) => {
                format!("That square cannot take {value} now.")
            }
            (_, E::WrongAdjustment(a)) => self.rtt_adjustment(*a, Because::WhiteDie),
            (_, E::GameOver) => self.game_is_over(),
            (_, _) => self.not_possible_now(),
        }
    }
}
