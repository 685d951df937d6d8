//! The Genius modes (GENIUS, + Simple, Expert, Partie + Longue): labels, the
//! arithmetic of the challenge die, what each roll did, why a move was refused.

use super::Lang;
use crate::core::dice_kinds::{Challenge, Face};
use crate::core::game::Mode;
use crate::core::genius::{CellRef, Error, Halves, Slot};

texts! {
    /// The Genius modes' labels.
    Lang::genius() -> GeniusTexts;
    title: "Genius", "Genius";
    blurb:
        "Modes GENIUS, + Simple, Expert et Partie + Longue : la liste GENIUS, le dé défi et les grilles n°1 et n°2.",
        "Modes GENIUS, + Simple, Expert and Partie + Longue: the GENIUS list, the challenge die and grids no. 1 and 2.";
    mode: "Mode de jeu", "Game mode";
    finish_round: "Finir le tour quand une ligne est pleine", "Finish the round when a row is full";
    list: "Liste GENIUS", "GENIUS list";
    roll_challenge: "Lancer le dé défi", "Roll the challenge die";
    or_pick_face:
        "Ou touchez la face du vrai dé défi :",
        "Or tap the face of the real challenge die:";
    defi_keep: "Ne rien effacer", "Erase nothing";
    place_where: "Dans quelle case ?", "Which cell?";
    expert_throw: "Lancer les 6 dés", "Throw the 6 dice";
    expert_enter:
        "Ou saisissez les 5 dés réels puis la face du dé défi :",
        "Or enter the 5 real dice, then the challenge die's face:";
    last_round: "Dernier tour : une ligne est pleine.", "Last round: a row is full.";
    crossed: "rayée", "crossed out";
}

impl Lang {
    /// A stable id for a Genius mode (test ids, file names).
    pub fn mode_id(self, mode: Mode) -> &'static str {
        match mode {
            Mode::Genius => "genius",
            Mode::Simple => "simple",
            Mode::Expert => "expert",
            Mode::Longue => "longue",
        }
    }

    pub fn mode_name(self, mode: Mode) -> &'static str {
        match mode {
            Mode::Genius => "GENIUS",
            Mode::Simple => "+ Simple",
            Mode::Expert => "Expert",
            Mode::Longue => "Partie + Longue",
        }
    }

    pub fn mode_blurb(self, mode: Mode) -> &'static str {
        match (self, mode) {
            (Lang::Fr, Mode::Genius) => {
                "Choisissez 1 à 5 dés ; une somme de la liste GENIUS lance le dé défi."
            }
            (Lang::En, Mode::Genius) => {
                "Pick 1 to 5 dice; a sum on the GENIUS list rolls the challenge die."
            }
            (Lang::Fr, Mode::Simple) => {
                "Sans dé défi : une somme de la liste s'inscrit et on rejoue."
            }
            (Lang::En, Mode::Simple) => {
                "No challenge die: a sum on the list is written and you play again."
            }
            (Lang::Fr, Mode::Expert) => {
                "5 tours, les 6 dés d'un coup, +15 si le résultat est sur la liste."
            }
            (Lang::En, Mode::Expert) => {
                "5 rounds, all 6 dice at once, +15 when the result is on the list."
            }
            (Lang::Fr, Mode::Longue) => "Grille n°2 : une case MIN et une case MAX par colonne.",
            (Lang::En, Mode::Longue) => "Grid no. 2: a MIN and a MAX cell in each column.",
        }
    }

    /// Half points with the language's decimal separator: 8,5 / 8.5 / −7.
    pub fn points(self, value: Halves) -> String {
        match value.as_whole() {
            Some(n) if n < 0 => format!("−{}", -n),
            Some(n) => n.to_string(),
            None => {
                let text = self.decimal(value.as_f64().abs(), 1);
                if value.0 < 0 {
                    format!("−{text}")
                } else {
                    text
                }
            }
        }
    }

    /// "17 × 2 = 34", "17 ÷ 2 = 8,5", "3 − 10 = −7", "17 (Défi 1)".
    pub fn arithmetic(self, sum: Halves, face: Challenge, value: Halves) -> String {
        let (s, v) = (self.points(sum), self.points(value));
        match face {
            Challenge::Double => format!("{s} × 2 = {v}"),
            Challenge::Half => format!("{s} ÷ 2 = {v}"),
            Challenge::Plus10 => format!("{s} + 10 = {v}"),
            Challenge::Minus10 => format!("{s} − 10 = {v}"),
            Challenge::Defi1 | Challenge::Defi2 => {
                format!("{s} ({})", self.face_label(Face::Challenge(face)))
            }
        }
    }

    /// "1 dé", "3 dés" for a column; "Tour 2" / "Round 2" in Expert.
    pub fn column_name(self, column: usize, expert: bool) -> String {
        match (self, expert) {
            (Lang::Fr, true) => format!("Tour {}", column + 1),
            (Lang::En, true) => format!("Round {}", column + 1),
            _ => self.dice_count(column + 1),
        }
    }

    /// The MIN and MAX cells of grid n°2, named as on the paper grid.
    pub fn slot_name(self, slot: Slot) -> &'static str {
        match slot {
            Slot::Min => "MIN",
            Slot::Max => "MAX",
        }
    }

    /// "MIN 3 dés", "2 dice", "Tour 4": a cell of the grid.
    pub fn cell_name(self, cell: CellRef, expert: bool) -> String {
        let column = self.column_name(cell.column, expert);
        match cell.slot {
            Some(slot) => format!("{} {column}", self.slot_name(slot)),
            None => column,
        }
    }

    /// "Anne · 3 dés = 11 : dans la liste GENIUS !", or not on the list.
    pub fn genius_sum(self, name: &str, column: usize, sum: i32, on_list: bool) -> String {
        let dice = self.dice_count(column + 1);
        match (self, on_list) {
            (Lang::Fr, false) => format!("{name} · {dice} = {sum} : pas dans la liste GENIUS"),
            (Lang::En, false) => format!("{name} · {dice} = {sum}: not on the GENIUS list"),
            (Lang::Fr, true) => format!("{name} · {dice} = {sum} : dans la liste GENIUS !"),
            (Lang::En, true) => format!("{name} · {dice} = {sum}: on the GENIUS list!"),
        }
    }

    /// "Anne efface 17 de Bruno (3 dés)", by a Défi.
    pub fn genius_erased(self, by: &str, value: Halves, from: &str, cell: &str) -> String {
        let value = self.points(value);
        self.pick(
            format!("{by} efface {value} de {from} ({cell})"),
            format!("{by} erases {value} from {from} ({cell})"),
        )
    }

    /// "17 inscrit en 3 dés pour Anne".
    pub fn genius_written(self, value: Halves, cell: &str, name: &str) -> String {
        let value = self.points(value);
        self.pick(
            format!("{value} inscrit en {cell} pour {name}"),
            format!("{value} written in {cell} for {name}"),
        )
    }

    /// "−7 ne peut aller nulle part : case 3 dés de Bruno rayée".
    pub fn genius_crossed(self, value: Halves, cell: &str, name: &str) -> String {
        let value = self.points(value);
        self.pick(
            format!("{value} ne peut aller nulle part : case {cell} de {name} rayée"),
            format!("{value} fits nowhere: {name}'s {cell} cell crossed out"),
        )
    }

    /// An Expert throw: "Anne · 5 dés = 17 · 17 × 2 = 34", then
    /// " : dans la liste, +15 = 49" when `with_bonus` (the total) is given.
    pub fn genius_expert_throw(
        self,
        name: &str,
        sum: i32,
        arithmetic: &str,
        with_bonus: Option<Halves>,
    ) -> String {
        let bonus = match (self, with_bonus) {
            (_, None) => String::new(),
            (Lang::Fr, Some(total)) => format!(" : dans la liste, +15 = {}", self.points(total)),
            (Lang::En, Some(total)) => format!(": on the list, +15 = {}", self.points(total)),
        };
        format!(
            "{name} · 5 {} = {sum} · {arithmetic}{bonus}",
            self.dice_word(5)
        )
    }

    /// "Anne n'a plus de case vide : passe".
    pub fn genius_skipped(self, name: &str) -> String {
        self.pick(
            format!("{name} n'a plus de case vide : passe"),
            format!("{name} has no empty cell: skips"),
        )
    }

    /// Why a move of Genius was refused, or why a cell cannot be played.
    pub fn genius_error(self, error: &Error) -> String {
        match (self, error) {
            (_, Error::Setup(e)) => self.setup_error(e),
            (_, Error::First(e)) => self.first_player_error(e),
            (_, Error::GameOver) => self.game_is_over(),
            (Lang::Fr, Error::WrongDiceCount) => {
                "Lancez de 1 à 5 dés (5 dés et le dé défi en mode Expert).".into()
            }
            (Lang::En, Error::WrongDiceCount) => {
                "Roll 1 to 5 dice (5 dice and the challenge die in Expert).".into()
            }
            (Lang::Fr, Error::ColumnFull(k)) => {
                format!("La colonne « {} » est déjà remplie.", self.dice_count(*k))
            }
            (Lang::En, Error::ColumnFull(k)) => {
                format!("The “{}” column is already filled.", self.dice_count(*k))
            }
            (Lang::Fr, Error::CannotErase) => "Ce Défi ne peut pas effacer cette case.".into(),
            (Lang::En, Error::CannotErase) => "This challenge cannot erase that cell.".into(),
            (Lang::Fr, Error::MinAboveMax) => {
                "Le MIN ne peut pas dépasser le MAX de la colonne.".into()
            }
            (Lang::En, Error::MinAboveMax) => "MIN cannot be above the column's MAX.".into(),
            (Lang::Fr, Error::SlotTaken) => "Cette case est déjà remplie.".into(),
            (Lang::En, Error::SlotTaken) => "That cell is already filled.".into(),
            (_, Error::NotNow) => self.not_possible_now(),
        }
    }

    /// What a Défi face lets the player do.
    pub fn defi_instruction(self, face: Challenge, sum: &str) -> String {
        let cells = match (self, face) {
            (Lang::Fr, Challenge::Defi2) => "4 ou 5 dés",
            (Lang::Fr, _) => "1, 2 ou 3 dés",
            (Lang::En, Challenge::Defi2) => "4 or 5 dice",
            (Lang::En, _) => "1, 2 or 3 dice",
        };
        match self {
            Lang::Fr => format!(
                "Vous pouvez effacer un nombre des cases {cells}, sur votre ligne ou celle d'un autre joueur : touchez-le dans la grille. Ensuite {sum} sera inscrit."
            ),
            Lang::En => format!(
                "You may erase a number from the {cells} cells, in your row or another player's: tap it in the grid. Then {sum} is written."
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_lines_in_both_languages() {
        let min_two = CellRef {
            column: 1,
            slot: Some(Slot::Min),
        };
        let cell = Lang::Fr.cell_name(min_two, false);
        assert_eq!(cell, "MIN 2 dés");
        assert_eq!(
            Lang::Fr.genius_crossed(Halves::whole(11), &cell, "Solo"),
            "11 ne peut aller nulle part : case MIN 2 dés de Solo rayée"
        );
        assert_eq!(
            Lang::En.genius_crossed(Halves::whole(11), "MIN 2 dice", "Solo"),
            "11 fits nowhere: Solo's MIN 2 dice cell crossed out"
        );
        assert_eq!(
            Lang::Fr.genius_sum("Anne", 1, 3, true),
            "Anne · 2 dés = 3 : dans la liste GENIUS !"
        );
        assert_eq!(
            Lang::En.genius_sum("Anne", 0, 4, false),
            "Anne · 1 die = 4: not on the GENIUS list"
        );
        assert_eq!(
            Lang::Fr.genius_erased("Anne", Halves::whole(12), "Bruno", "2 dés"),
            "Anne efface 12 de Bruno (2 dés)"
        );
        assert_eq!(
            Lang::Fr.genius_expert_throw("Anne", 7, "7", Some(Halves::whole(22))),
            "Anne · 5 dés = 7 · 7 : dans la liste, +15 = 22"
        );
        assert_eq!(
            Lang::En.genius_expert_throw("Anne", 3, "3 − 10 = −7", None),
            "Anne · 5 dice = 3 · 3 − 10 = −7"
        );
        assert_eq!(
            Lang::En.genius_written(Halves(17), "Round 2", "Anne"),
            "8.5 written in Round 2 for Anne"
        );
    }
}
