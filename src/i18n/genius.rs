//! The Genius modes (GENIUS, + Simple, Expert, Partie + Longue): labels, the
//! arithmetic of the challenge die, what each roll did, why a move was refused.

use super::Lang;
use crate::core::dice_kinds::{Challenge, Face};
use crate::core::genius::{CellRef, Error, Halves, Mode, Slot};

pub struct GeniusTexts {
    pub title: &'static str,
    pub blurb: &'static str,
    pub mode: &'static str,
    pub finish_round: &'static str,
    pub list: &'static str,
    pub roll_challenge: &'static str,
    pub or_pick_face: &'static str,
    pub defi_keep: &'static str,
    pub place_where: &'static str,
    pub expert_throw: &'static str,
    pub expert_enter: &'static str,
    pub last_round: &'static str,
    pub crossed: &'static str,
}

static FR: GeniusTexts = GeniusTexts {
    title: "Genius",
    blurb: "Modes GENIUS, + Simple, Expert et Partie + Longue : la liste GENIUS, le dé défi et les grilles n°1 et n°2.",
    mode: "Mode de jeu",
    finish_round: "Finir le tour quand une ligne est pleine",
    list: "Liste GENIUS",
    roll_challenge: "Lancer le dé défi",
    or_pick_face: "Ou touchez la face du vrai dé défi :",
    defi_keep: "Ne rien effacer",
    place_where: "Dans quelle case ?",
    expert_throw: "Lancer les 6 dés",
    expert_enter: "Ou saisissez les 5 dés réels puis la face du dé défi :",
    last_round: "Dernier tour : une ligne est pleine.",
    crossed: "rayée",
};

static EN: GeniusTexts = GeniusTexts {
    title: "Genius",
    blurb: "Modes GENIUS, + Simple, Expert and Partie + Longue: the GENIUS list, the challenge die and grids no. 1 and 2.",
    mode: "Game mode",
    finish_round: "Finish the round when a row is full",
    list: "GENIUS list",
    roll_challenge: "Roll the challenge die",
    or_pick_face: "Or tap the face of the real challenge die:",
    defi_keep: "Erase nothing",
    place_where: "Which cell?",
    expert_throw: "Throw the 6 dice",
    expert_enter: "Or enter the 5 real dice, then the challenge die's face:",
    last_round: "Last round: a row is full.",
    crossed: "crossed out",
};

impl Lang {
    pub fn genius(self) -> &'static GeniusTexts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

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
        match self {
            Lang::Fr => format!("{by} efface {value} de {from} ({cell})"),
            Lang::En => format!("{by} erases {value} from {from} ({cell})"),
        }
    }

    /// "17 inscrit en 3 dés pour Anne".
    pub fn genius_written(self, value: Halves, cell: &str, name: &str) -> String {
        let value = self.points(value);
        match self {
            Lang::Fr => format!("{value} inscrit en {cell} pour {name}"),
            Lang::En => format!("{value} written in {cell} for {name}"),
        }
    }

    /// "−7 ne peut aller nulle part : case 3 dés de Bruno rayée".
    pub fn genius_crossed(self, value: Halves, cell: &str, name: &str) -> String {
        let value = self.points(value);
        match self {
            Lang::Fr => format!("{value} ne peut aller nulle part : case {cell} de {name} rayée"),
            Lang::En => format!("{value} fits nowhere: {name}'s {cell} cell crossed out"),
        }
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
        match self {
            Lang::Fr => format!("{name} n'a plus de case vide : passe"),
            Lang::En => format!("{name} has no empty cell: skips"),
        }
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
