//! Séquence Dés: labels, what a roll lets the player do, why a move was refused.

use super::Lang;
use crate::core::sequence::Error;

texts! {
    /// Séquence Dés's labels.
    Lang::sequence() -> SequenceTexts;
    title: "Séquence Dés", "Séquence Dés";
    blurb:
        "Deux dés, un plateau de sommes, des jetons : alignez-en cinq. À 2, 3 ou 4 en équipes.",
        "Two dice, a board of sums, chips: line up five. For 2, 3, or 4 in teams.";
    six_in_a_row:
        "Gagner avec six jetons alignés (à deux joueurs ou deux équipes)",
        "Win with six in a row (two players or two teams)";
    roll_two: "Lancer les 2 dés", "Roll the 2 dice";
    remove:
        "10 : retirez un jeton adverse (jamais sur une case 2 ou 12).",
        "10: remove an opponent's chip (never on a 2 or a 12 square).";
    wild:
        "11 : placez un jeton sur n'importe quelle case libre.",
        "11: place a chip on any free square.";
    full:
        "Plus de case libre : remplacez un jeton adverse.",
        "No free square left: replace an opponent's chip.";
    teams:
        "À quatre : le 1er et le 3e jouent contre le 2e et le 4e.",
        "With four: the 1st and 3rd play against the 2nd and 4th.";
}

impl Lang {
    /// "Placez un jeton sur une case 7 libre." and the like, for a roll.
    pub fn sequence_place(self, sum: u8, replacing: bool) -> String {
        match (self, sum, replacing) {
            (_, 11, false) => self.sequence().wild.into(),
            (_, 11, true) => self.sequence().full.into(),
            (Lang::Fr, s, false) => format!("{s} : posez un jeton sur une case {s} libre."),
            (Lang::En, s, false) => format!("{s}: place a chip on a free {s} square."),
            (Lang::Fr, s, true) => {
                format!("{s} : les quatre cases {s} sont prises, remplacez un jeton adverse.")
            }
            (Lang::En, s, true) => {
                format!("{s}: all four {s} squares are taken, replace an opponent's chip.")
            }
        }
    }

    /// The same, on a phone that waits while `name` plays (several
    /// phones): in the third person. "7 : Anne pose un jeton sur une case 7
    /// libre."
    pub fn sequence_place_by(self, name: &str, sum: u8, replacing: bool) -> String {
        match (self, sum, replacing) {
            (Lang::Fr, 11, false) => {
                format!("11 : {name} pose un jeton sur n'importe quelle case libre.")
            }
            (Lang::En, 11, false) => format!("11: {name} places a chip on any free square."),
            (Lang::Fr, 11, true) => {
                format!("Plus de case libre : {name} remplace un jeton adverse.")
            }
            (Lang::En, 11, true) => {
                format!("No free square left: {name} replaces an opponent's chip.")
            }
            (Lang::Fr, s, false) => format!("{s} : {name} pose un jeton sur une case {s} libre."),
            (Lang::En, s, false) => format!("{s}: {name} places a chip on a free {s} square."),
            (Lang::Fr, s, true) => {
                format!("{s} : les quatre cases {s} sont prises, {name} remplace un jeton adverse.")
            }
            (Lang::En, s, true) => {
                format!("{s}: all four {s} squares are taken, {name} replaces an opponent's chip.")
            }
        }
    }

    /// Before the last roll's dice: whose roll it was ("Anne a lancé :",
    /// "Anne rolled:"; no "de" to elide before a vowel).
    pub fn sequence_roll_of(self, name: &str) -> String {
        self.pick(format!("{name} a lancé :"), format!("{name} rolled:"))
    }

    /// "10 : Anne retire un jeton adverse…" (a phone that waits).
    pub fn sequence_remove_by(self, name: &str) -> String {
        self.pick(
            format!("10 : {name} retire un jeton adverse (jamais sur une case 2 ou 12)."),
            format!("10: {name} removes an opponent's chip (never on a 2 or a 12 square)."),
        )
    }

    /// A 10 took a chip: "10 : Anne a retiré un jeton à Bruno : case 7,
    /// ligne 3, colonne 4." (`whose`: the side that lost it; "à", not
    /// "de", so that nothing elides before a vowel).
    pub fn sequence_removed(
        self,
        by: &str,
        whose: &str,
        value: u8,
        (r, c): (usize, usize),
    ) -> String {
        let (row, column) = (r + 1, c + 1);
        self.pick(
            format!("10 : {by} a retiré un jeton à {whose} : case {value}, ligne {row}, colonne {column}."),
            format!("10: {by} removed {whose}'s chip: square {value}, row {row}, column {column}."),
        )
    }

    /// "Rien à faire avec ce 10 : le tour passe."
    pub fn sequence_nothing(self, sum: u8) -> String {
        self.pick(
            format!("Rien à faire avec ce {sum} : le tour passe."),
            format!("Nothing to do with this {sum}: the turn passes."),
        )
    }

    /// "Anne & Chloé gagnent !" / "Anne wins!"
    pub fn side_wins(self, names: &str, team: bool) -> String {
        match (self, team) {
            (Lang::Fr, true) => format!("{names} gagnent !"),
            (Lang::Fr, false) => format!("{names} gagne !"),
            (Lang::En, true) => format!("{names} win!"),
            (Lang::En, false) => format!("{names} wins!"),
        }
    }

    /// Why a move of Séquence Dés was refused.
    pub fn sequence_error(self, error: &Error) -> String {
        use Error as E;
        match (self, error) {
            (_, E::Setup(e)) => self.setup_error(e),
            (_, E::First(e)) => self.first_player_error(e),
            (Lang::Fr, E::NotAllowed(_)) => {
                "Ce lancer ne permet pas de jouer sur cette case.".into()
            }
            (Lang::En, E::NotAllowed(_)) => "This roll does not allow that square.".into(),
            (Lang::Fr, E::WrongDiceCount) => "Séquence Dés se joue avec deux dés.".into(),
            (Lang::En, E::WrongDiceCount) => "Séquence Dés is played with two dice.".into(),
            (_, E::GameOver) => self.game_is_over(),
            (Lang::Fr, E::NotNow) => "Lancez d'abord les dés.".into(),
            (Lang::En, E::NotNow) => "Roll the dice first.".into(),
            (Lang::Fr, E::SixInARowNeedsTwoSides) => {
                "Six jetons alignés se joue à deux camps seulement : deux joueurs ou deux équipes, pas à trois joueurs."
                    .into()
            }
            (Lang::En, E::SixInARowNeedsTwoSides) => {
                "Six in a row is only for two sides: two players or two teams, not three players."
                    .into()
            }
        }
    }
}
