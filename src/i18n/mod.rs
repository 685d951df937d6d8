//! French and English. Every label lives in a table per language (one for
//! the app's own screens, one for what the games share, one per game), so a
//! missing translation is a compile error; messages that carry values
//! (errors, factorisations, odds) are functions of the language.
//!
//! - here: the [`Lang`], the dice and their faces, typing dice, and what
//!   every game says ([`GameTexts`]: setting up, the roll-off, whose turn,
//!   places, the refusals they all share);
//! - `app`: home, settings, the prime checker and the dice roller;
//! - one module per game: `serieux`, `genius`, `einstein`, `sequence`, `rtt`,
//!   `words`;
//! - `history`: the history, statistics and export; `rules`: the rulebooks.

use crate::core::dice::{EntryError, D6};
use crate::core::dice_kinds::{Challenge, DieColour, DieKind, Face, White};
use crate::core::game::{Progress, Variant};
use crate::core::summary::Summary;
use crate::core::table::{FirstPlayerError, RollOffError, SetupError};
use serde::{Deserialize, Serialize};

/// A table of labels: its struct, each label in French then in English, and
/// the `Lang` method that gives the table of a language. A label given in one
/// language only does not compile. Labels are `&'static str` unless the line
/// names another type (`name as Type: fr, en;`).
macro_rules! texts {
    (@type) => { &'static str };
    (@type $ty:ty) => { $ty };
    (
        $(#[$doc:meta])*
        Lang::$read:ident() -> $name:ident;
        $( $(#[$field_doc:meta])* $field:ident $(as $ty:ty)?: $fr:expr, $en:expr; )*
    ) => {
        $(#[$doc])*
        pub struct $name {
            $( $(#[$field_doc])* pub $field: texts!(@type $($ty)?), )*
        }

        impl $crate::i18n::Lang {
            pub fn $read(self) -> &'static $name {
                static FR: $name = $name { $( $field: $fr, )* };
                static EN: $name = $name { $( $field: $en, )* };
                match self {
                    $crate::i18n::Lang::Fr => &FR,
                    $crate::i18n::Lang::En => &EN,
                }
            }
        }
    };
}

mod app;
mod coach;
mod coach_einstein;
mod coach_rtt;
mod coach_sequence;
mod dice;
mod einstein;
mod errors;
mod genius;
mod history;
mod reader;
mod roll_off;
mod rtt;
mod rules;
mod sequence;
mod serieux;
mod storage;
mod table;
mod told;
mod words;
pub use app::{factorisation, Texts};
pub use coach::CoachTexts;
pub use coach_einstein::CoachEinsteinTexts;
pub use coach_rtt::CoachRttTexts;
pub use coach_sequence::CoachSequenceTexts;
pub use einstein::EinsteinTexts;
pub use genius::GeniusTexts;
pub use history::HistoryTexts;
pub use reader::ReaderTexts;
pub use roll_off::RollOffSumTexts;
pub use rtt::RttTexts;
pub use rules::{Rulebook, Rulebooks, RulesFileError};
pub use sequence::SequenceTexts;
pub use serieux::SerieuxTexts;
pub use storage::StorageTexts;
pub use table::TableTexts;
pub use words::WordsTexts;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "en")]
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// A message in this language, given in French then in English.
    pub fn pick<T>(self, french: T, english: T) -> T {
        match self {
            Lang::Fr => french,
            Lang::En => english,
        }
    }

    /// The language for a BCP 47 locale tag such as `fr-FR`, `en_GB` or `de`:
    /// English for English locales, French for everything else, since the
    /// games come from French rulebooks.
    pub fn from_locale(tag: &str) -> Lang {
        let primary = tag
            .split(['-', '_', '.'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if primary == "en" {
            Lang::En
        } else {
            Lang::Fr
        }
    }

    /// The language's own name, as shown in the language picker.
    pub fn name(self) -> &'static str {
        self.pick("Français", "English")
    }

    /// A die's name: "d20", "dé défi" / "challenge die", "dé lettres vert"…
    pub fn die_name(self, kind: DieKind) -> String {
        let fr = self == Lang::Fr;
        match kind {
            DieKind::D4
            | DieKind::D6
            | DieKind::D8
            | DieKind::D10
            | DieKind::D12
            | DieKind::D20 => {
                format!("d{}", kind.sides())
            }
            DieKind::Challenge => if fr { "dé défi" } else { "challenge die" }.into(),
            DieKind::White => if fr { "dé blanc" } else { "white die" }.into(),
            DieKind::Colour => if fr { "dé couleur" } else { "colour die" }.into(),
            DieKind::Theme => if fr { "dé thème" } else { "theme die" }.into(),
            DieKind::Letter(c) => {
                if fr {
                    format!("dé lettres {}", self.colour_name(c))
                } else {
                    format!("{} letter die", self.colour_name(c))
                }
            }
        }
    }

    pub fn colour_name(self, colour: DieColour) -> &'static str {
        match (self, colour) {
            (Lang::Fr, DieColour::Green) => "vert",
            (Lang::Fr, DieColour::White) => "blanc",
            (Lang::Fr, DieColour::Yellow) => "jaune",
            (Lang::Fr, DieColour::Red) => "rouge",
            (Lang::Fr, DieColour::Blue) => "bleu",
            (Lang::Fr, DieColour::Black) => "noir",
            (Lang::En, DieColour::Green) => "green",
            (Lang::En, DieColour::White) => "white",
            (Lang::En, DieColour::Yellow) => "yellow",
            (Lang::En, DieColour::Red) => "red",
            (Lang::En, DieColour::Blue) => "blue",
            (Lang::En, DieColour::Black) => "black",
        }
    }

    /// What a face shows, in words where it has words: "×2", "Défi 1",
    /// "+1 ou −1", "noir", "B", "17".
    pub fn face_label(self, face: Face) -> String {
        let fr = self == Lang::Fr;
        match face {
            Face::Number(n) => n.to_string(),
            Face::Letter(c) => c.to_string(),
            Face::Colour(c) => self.colour_name(c).to_string(),
            Face::Challenge(Challenge::Double) => "×2".into(),
            Face::Challenge(Challenge::Half) => "÷2".into(),
            Face::Challenge(Challenge::Plus10) => "+10".into(),
            Face::Challenge(Challenge::Minus10) => "−10".into(),
            Face::Challenge(Challenge::Defi1) => if fr { "Défi 1" } else { "Challenge 1" }.into(),
            Face::Challenge(Challenge::Defi2) => if fr { "Défi 2" } else { "Challenge 2" }.into(),
            Face::White(White::AddOne) => "+1".into(),
            Face::White(White::RemoveOne) => "−1".into(),
            Face::White(White::AddOrRemove) => if fr { "+1 ou −1" } else { "+1 or −1" }.into(),
            Face::White(White::AddAndRemove) => if fr { "+1 et −1" } else { "+1 and −1" }.into(),
        }
    }

    /// The `lang` attribute of the page.
    pub fn code(self) -> &'static str {
        self.pick("fr", "en")
    }

    /// A decimal number with this language's separator: 13,9 or 13.9.
    pub fn decimal(self, value: f64, places: usize) -> String {
        let s = format!("{value:.places$}");
        self.pick(s.replace('.', ","), s)
    }

    pub fn percent(self, value: f64) -> String {
        let places = if value >= 10.0 {
            1
        } else if value >= 1.0 {
            2
        } else {
            3
        };
        match self {
            // French typography: a narrow no-break space before %.
            Lang::Fr => format!("{}\u{202f}%", self.decimal(value, places)),
            Lang::En => format!("{}%", self.decimal(value, places)),
        }
    }

    /// A label and its value: "Somme : 28" in French, with the space
    /// French typography puts before a colon, "Sum: 28" in English.
    pub fn labelled(self, label: &str, value: impl std::fmt::Display) -> String {
        format!("{} {value}", self.colon(label))
    }

    /// A label that introduces what follows: "Ajouter :", "Add:".
    pub fn colon(self, label: &str) -> String {
        match self {
            Lang::Fr => format!("{label} :"),
            Lang::En => format!("{label}:"),
        }
    }

    /// The message for a refused input.
    pub fn entry_error(self, error: &EntryError) -> String {
        match (self, error) {
            (Lang::Fr, EntryError::NotAFace(d)) => {
                format!("{d} n'est pas une face de dé : tapez un chiffre de 1 à 6.")
            }
            (Lang::En, EntryError::NotAFace(d)) => {
                format!("{d} is not a die face: type a digit from 1 to 6.")
            }
            (Lang::Fr, EntryError::NotADigit(c)) => {
                format!("« {c} » n'est pas un chiffre : tapez un chiffre de 1 à 6.")
            }
            (Lang::En, EntryError::NotADigit(c)) => {
                format!("“{c}” is not a digit: type a digit from 1 to 6.")
            }
            (Lang::Fr, EntryError::TooManyDice) => {
                "5 dés au maximum : retirez un dé ou effacez tout.".to_string()
            }
            (Lang::En, EntryError::TooManyDice) => {
                "5 dice at most: remove a die or clear them all.".to_string()
            }
            (Lang::Fr, EntryError::Empty) => {
                "Aucun dé : touchez une face, tapez un chiffre ou lancez les dés.".to_string()
            }
            (Lang::En, EntryError::Empty) => {
                "No dice yet: tap a face, type a digit or roll the dice.".to_string()
            }
        }
    }

    /// "dé" / "dés", "die" / "dice".
    pub fn dice_word(self, k: usize) -> &'static str {
        match (self, k) {
            (Lang::Fr, 1) => "dé",
            (Lang::Fr, _) => "dés",
            (Lang::En, 1) => "die",
            (Lang::En, _) => "dice",
        }
    }

    /// "1 dé" / "2 dés", "1 die" / "2 dice".
    pub fn dice_count(self, k: usize) -> String {
        format!("{k} {}", self.dice_word(k))
    }

    /// Label for the "roll k dice" button, for screen readers.
    pub fn roll_label(self, k: usize) -> String {
        self.pick(
            format!("Lancer {}", self.dice_count(k)),
            format!("Roll {}", self.dice_count(k)),
        )
    }

    /// Label for a face button: "Ajouter un 4" / "Add a 4".
    pub fn add_face_label(self, face: D6) -> String {
        self.pick(format!("Ajouter un {face}"), format!("Add a {face}"))
    }
}

texts! {
    /// The labels every game screen shares: setting up, turns, undo, ranking, rules.
    Lang::game() -> GameTexts;
    new_game: "Nouvelle partie", "New game";
    in_progress: "Parties en cours", "Games in progress";
    at_table: "à une table de plusieurs téléphones", "at a table of several phones";
    resume: "Reprendre", "Resume";
    delete: "Supprimer", "Delete";
    players: "Joueurs", "Players";
    add_player: "Ajouter un joueur", "Add a player";
    recent_players: "Joueurs récents", "Recent players";
    who_starts: "Qui commence ?", "Who starts?";
    roll_off:
        "Tirage au dé : le plus haut commence, les ex æquo relancent",
        "Roll a die: highest starts, tied players roll again";
    chosen: "La table choisit", "The table chooses";
    start: "Commencer la partie", "Start the game";
    roll_off_all: "Lancer un dé pour chacun", "Roll a die for each";
    roll_dice: "Lancer les dés", "Roll the dice";
    enter_dice: "Ou saisissez les dés réels :", "Or enter the real dice:";
    roll_off_enter:
        "Ou saisissez le vrai dé de chacun : touchez un joueur, puis la face de son dé.",
        "Or enter each player's real die: tap a player, then the face of their die.";
    roll_off_record: "Inscrire ces dés", "Record these dice";
    record: "Inscrire ce lancer", "Record this roll";
    undo: "Annuler", "Undo";
    redo: "Rétablir", "Redo";
    total: "Total", "Total";
    ranking: "Classement", "Ranking";
    game_over: "Partie terminée", "Game over";
    rules: "Règles", "Rules";
    player: "Joueur", "Player";
    not_saved:
        "Attention : la partie n'a pas pu être enregistrée sur cet appareil.",
        "Warning: the game could not be saved on this device.";
    choose_k: "Combien de dés ?", "How many dice?";
    rulings_title: "Ce que l'application applique", "What the app applies";
    rules_loading: "Chargement des règles…", "Loading the rules…";
    game_loading: "Ouverture de la partie…", "Opening the game…";
    game_unavailable:
        "Ce jeu ne s'ouvre pas : la première fois, son code se télécharge, et il n'arrive pas. La partie est enregistrée : revenez à l'accueil, ou rouvrez l'application une fois connecté.",
        "This game does not open: the first time, its code is downloaded, and it has not arrived. The game is saved: go back to the home screen, or reopen the app once online.";
    screen_loading: "Ouverture…", "Opening…";
    screen_unavailable:
        "Cet écran ne s'ouvre pas : la première fois, son code se télécharge, et il n'arrive pas. Revenez à l'accueil, ou rouvrez l'application une fois connecté.",
        "This screen does not open: the first time, its code is downloaded, and it has not arrived. Go back to the home screen, or reopen the app once online.";
    rules_unavailable:
        "Les règles n'ont pas pu être chargées. Elles s'afficheront une fois l'application ouverte avec une connexion.",
        "The rules could not be loaded. They will show once the app has been opened with a connection.";
    plays_again: "rejoue", "plays again";
}

impl Lang {
    /// "Manche 2 / 5", "Round 2 / 5".
    pub fn round_of(self, round: usize, rounds: usize) -> String {
        self.pick(
            format!("Manche {round} / {rounds}"),
            format!("Round {round} / {rounds}"),
        )
    }

    /// "À Anne de jouer", "Anne to play".
    pub fn to_play(self, name: &str) -> String {
        self.pick(format!("À {name} de jouer"), format!("{name} to play"))
    }

    /// "1er", "2e" / "1st", "2nd".
    pub fn place(self, place: usize) -> String {
        match (self, place) {
            (Lang::Fr, 1) => "1er".into(),
            (Lang::Fr, n) => format!("{n}e"),
            (Lang::En, n) => {
                let suffix = match (n % 10, n % 100) {
                    (1, r) if r != 11 => "st",
                    (2, r) if r != 12 => "nd",
                    (3, r) if r != 13 => "rd",
                    _ => "th",
                };
                format!("{n}{suffix}")
            }
        }
    }

    /// Why a move was refused: the game's own reason, worded by `rules`, or
    /// the session's (typed dice while an undone virtual roll waits).
    pub fn session_refusal<E>(
        self,
        refusal: &crate::core::session::SessionRefusal<E>,
        rules: impl FnOnce(&E) -> String,
    ) -> String {
        use crate::core::session::SessionRefusal;
        match refusal {
            SessionRefusal::Rules(e) => rules(e),
            SessionRefusal::AlreadyRolled => self.pick(
                "L'application a déjà lancé les dés pour ce tour : \
                 relancez pour retrouver les mêmes dés (de vrais dés ne peuvent pas les remplacer)."
                    .into(),
                "The app already rolled for this turn: \
                 roll again to get the same dice back (real dice cannot replace them)."
                    .into(),
            ),
            SessionRefusal::TableDice => self.dice().table_dice.into(),
            SessionRefusal::SameDice => self.dice().same_dice.into(),
        }
    }

    /// Why a list of players cannot start a game.
    pub fn setup_error(self, error: &SetupError) -> String {
        use SetupError as E;
        match (self, error) {
            (Lang::Fr, E::TooFewPlayers { min }) => format!("Il faut au moins {min} joueur(s)."),
            (Lang::En, E::TooFewPlayers { min }) => format!("At least {min} player(s) are needed."),
            (Lang::Fr, E::TooManyPlayers { max }) => format!("{max} joueurs au maximum."),
            (Lang::En, E::TooManyPlayers { max }) => format!("{max} players at most."),
            (Lang::Fr, E::EmptyName { index }) => {
                format!("Le joueur {} n'a pas de nom.", index + 1)
            }
            (Lang::En, E::EmptyName { index }) => format!("Player {} has no name.", index + 1),
            (Lang::Fr, E::DuplicateName { name }) => {
                format!("Deux joueurs s'appellent « {name} ».")
            }
            (Lang::En, E::DuplicateName { name }) => format!("Two players are called “{name}”."),
            (_, E::NameNotClean { index }) => self.name_not_clean(*index),
        }
    }

    /// Why the first player could not be settled.
    pub fn first_player_error(self, error: &FirstPlayerError) -> String {
        use {FirstPlayerError as F, RollOffError as R};
        match (self, error) {
            (_, F::NotAFace(v)) => self.entry_error(&EntryError::NotAFace((*v).min(255) as u8)),
            (Lang::Fr, F::RollOff(R::WrongCount { expected })) => {
                format!("Il faut un dé par joueur encore en lice : {expected} chiffres de 1 à 6.")
            }
            (Lang::En, F::RollOff(R::WrongCount { expected })) => {
                format!("One die per player still in the roll-off: {expected} digits from 1 to 6.")
            }
            (Lang::Fr, F::RollOff(R::AlreadyDecided)) => {
                "Le premier joueur est déjà désigné.".into()
            }
            (Lang::En, F::RollOff(R::AlreadyDecided)) => {
                "The first player is already decided.".into()
            }
            (Lang::Fr, F::OutOfRange) => "Ce joueur n'existe pas.".into(),
            (Lang::En, F::OutOfRange) => "There is no such player.".into(),
        }
    }

    /// "Anne lance les dés" / "Anne rolls the dice".
    pub fn rolls_dice(self, name: &str) -> String {
        self.pick(
            format!("{name} lance les dés"),
            format!("{name} rolls the dice"),
        )
    }

    /// "Zoé commence." / "Zoé starts."
    pub fn starts(self, name: &str) -> String {
        self.pick(format!("{name} commence."), format!("{name} starts."))
    }

    /// "Égalité : Anne et Bruno relancent."
    pub fn roll_off_tie(self, names: &[&str]) -> String {
        let list = names.join(", ");
        self.pick(
            format!("Égalité : {list} relancent."),
            format!("Tie: {list} roll again."),
        )
    }

    /// "2 parties illisibles ont été mises de côté, sans être modifiées."
    pub fn games_set_aside(self, n: usize) -> String {
        match (self, n) {
            (Lang::Fr, 1) => "1 partie enregistrée était illisible : elle a été mise de côté, sans être modifiée.".into(),
            (Lang::Fr, n) => format!("{n} parties enregistrées étaient illisibles : elles ont été mises de côté, sans être modifiées."),
            (Lang::En, 1) => "1 saved game could not be read: it was set aside, untouched.".into(),
            (Lang::En, n) => format!("{n} saved games could not be read: they were set aside, untouched."),
        }
    }

    /// Any game, when a move comes after its end.
    pub fn game_is_over(self) -> String {
        self.pick("La partie est terminée.".into(), "The game is over.".into())
    }

    /// Any game, when a move does not fit the moment.
    pub fn not_possible_now(self) -> String {
        self.pick(
            "Ce coup n'est pas possible maintenant.".into(),
            "That move is not possible now.".into(),
        )
    }
}

/// A saved game's line on the home screen (its game's title and blurb come
/// from the game's own texts, through the screens' registry:
/// `ui::GameTitles`).
impl Lang {
    /// A saved game's line on the home screen, after its game's `title`:
    /// "Genius Expert · Anne, Bruno", "Mode Sérieux · Anne, Bruno · Manche 2 / 5".
    pub fn summary(self, title: &str, summary: &Summary) -> String {
        let mut line = title.to_string();
        match &summary.variant {
            Variant::None => {}
            Variant::Genius(mode) => line = format!("{line} {}", self.mode_name(*mode)),
            Variant::Sheet(fr, en) => line = format!("{line} · {}", self.pick(fr, en)),
        }
        line = format!("{line} · {}", summary.standings.names().join(", "));
        let progress = match summary.progress {
            Progress::None => return line,
            Progress::Round { round, of } => self.round_of(round, of),
            Progress::Roll(n) => self.roll_number(n),
            Progress::Centre { round, centre } => self.words_progress(round, centre),
        };
        format!("{line} · {progress}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colon_follows_each_language_s_typography() {
        assert_eq!(Lang::Fr.labelled("Somme", 28), "Somme : 28");
        assert_eq!(Lang::En.labelled("Sum", 28), "Sum: 28");
        assert_eq!(Lang::Fr.colon("Ajouter"), "Ajouter :");
        assert_eq!(Lang::En.colon("Add"), "Add:");
        // No French name of a ready-made set shows in English.
        let en = Lang::En.texts().roller_sets;
        assert!(
            !en.contains(&"Mots") && !en.iter().any(|s| s.contains("défi")),
            "{en:?}"
        );
    }

    #[test]
    fn lists_end_with_or_and_commas_before() {
        assert_eq!(
            Lang::Fr.fifth_one_of(&[6, 3, 5]),
            "Le cinquième dé doit être un 6, un 3 ou un 5."
        );
        assert_eq!(
            Lang::Fr.fifth_one_of(&[2]),
            "Le cinquième dé doit être un 2."
        );
        assert_eq!(
            Lang::En.fifth_one_of(&[2, 5]),
            "The fifth die must be a 2 or a 5."
        );
    }

    #[test]
    fn a_colon_takes_a_space_before_it_in_french_only() {
        assert_eq!(
            Lang::Fr.best_alone_line("Einstein", 42),
            "Record personnel Einstein (solo) : 42"
        );
        assert_eq!(
            Lang::En.best_alone_line("Einstein", -7),
            "Einstein personal best (solo): −7"
        );
    }

    #[test]
    fn locale_tags() {
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("EN_gb.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale("fr-FR"), Lang::Fr);
        assert_eq!(Lang::from_locale("de"), Lang::Fr);
        assert_eq!(Lang::from_locale(""), Lang::Fr);
    }

    #[test]
    fn every_error_has_a_message_in_each_language() {
        for lang in Lang::ALL {
            for e in [
                EntryError::NotAFace(7),
                EntryError::NotADigit('x'),
                EntryError::TooManyDice,
                EntryError::Empty,
            ] {
                assert!(!lang.entry_error(&e).is_empty());
            }
        }
        assert!(Lang::Fr
            .entry_error(&EntryError::NotAFace(7))
            .starts_with("7 n'est pas"));
        assert!(Lang::En
            .entry_error(&EntryError::NotADigit('x'))
            .contains("“x”"));
    }
}
