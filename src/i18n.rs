//! French and English. Every label lives in one [`Texts`] table per language,
//! so a missing translation is a compile error; messages that carry values
//! (errors, factorisations, odds) are functions of the language.

use crate::core::dice::{EntryError, D6};
use crate::core::dice_kinds::{Challenge, DieColour, DieKind, Face, White};
use crate::core::prime::{Odds, Reason, Verdict};
use serde::{Deserialize, Serialize};

mod history;
mod rules;
mod storage;
mod words;
pub use history::HistoryTexts;
pub use rules::{Rulebook, Rulebooks};
pub use storage::StorageTexts;
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
        match self {
            Lang::Fr => "Français",
            Lang::En => "English",
        }
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
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

    /// A decimal number with this language's separator: 13,9 or 13.9.
    pub fn decimal(self, value: f64, places: usize) -> String {
        let s = format!("{value:.places$}");
        match self {
            Lang::Fr => s.replace('.', ","),
            Lang::En => s,
        }
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

    /// "Prime" / "Not prime" for the verdict band.
    pub fn verdict_word(self, verdict: &Verdict) -> &'static str {
        let t = self.texts();
        if verdict.is_prime() {
            t.prime
        } else {
            t.not_prime
        }
    }

    /// Why: "23 n'a que deux diviseurs : 1 et 23", "1 n'est pas premier",
    /// "23345 = 5 × 7 × 23 × 29".
    pub fn reason(self, verdict: &Verdict) -> String {
        let n = verdict.number;
        match (&verdict.reason, self) {
            (Reason::Prime, Lang::Fr) => format!("{n} n'a que deux diviseurs : 1 et {n}"),
            (Reason::Prime, Lang::En) => format!("{n} has exactly two divisors: 1 and {n}"),
            (Reason::One, Lang::Fr) => "1 n'est pas premier : il n'a qu'un seul diviseur".into(),
            (Reason::One, Lang::En) => "1 is not prime: it has only one divisor".into(),
            (Reason::Composite(factors), _) => format!("{n} = {}", factorisation(factors)),
        }
    }

    /// "Triés : vous avez saisi 2 4 3 5 3" — shown when the app had to sort.
    pub fn sorted_note(self, entered: &[D6], rolled: bool) -> String {
        let list = dice_list(entered);
        match (self, rolled) {
            (Lang::Fr, false) => format!("Rangés dans l'ordre croissant (saisis : {list})"),
            (Lang::Fr, true) => format!("Rangés dans l'ordre croissant (lancer : {list})"),
            (Lang::En, false) => format!("Sorted in ascending order (entered: {list})"),
            (Lang::En, true) => format!("Sorted in ascending order (rolled: {list})"),
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

    /// The chance as the fraction of all rolls, reduced where it can be:
    /// "3/6 = 1/2", "5/36", "9/216 = 1/24".
    pub fn odds_fraction(self, odds: &Odds) -> String {
        let (a, b) = odds.reduced();
        if (a, b) == (odds.favourable, odds.total) {
            format!("{}/{}", odds.favourable, odds.total)
        } else {
            format!("{}/{} = {a}/{b}", odds.favourable, odds.total)
        }
    }

    /// Label for the "roll k dice" button, for screen readers.
    pub fn roll_label(self, k: usize) -> String {
        match self {
            Lang::Fr => format!("Lancer {}", self.dice_count(k)),
            Lang::En => format!("Roll {}", self.dice_count(k)),
        }
    }

    /// Label for a face button: "Ajouter un 4" / "Add a 4".
    pub fn add_face_label(self, face: D6) -> String {
        match self {
            Lang::Fr => format!("Ajouter un {face}"),
            Lang::En => format!("Add a {face}"),
        }
    }

    /// Spoken description of the dice shown: "Dés : 2, 3, 3, 4, 5".
    pub fn dice_shown_label(self, sorted: &[D6]) -> String {
        let list = sorted
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        match self {
            Lang::Fr => format!("Dés : {list}"),
            Lang::En => format!("Dice: {list}"),
        }
    }
}

/// "5 × 7 × 23 × 29", "2³ × 139".
pub fn factorisation(factors: &[(u32, u32)]) -> String {
    factors
        .iter()
        .map(|&(p, e)| {
            if e == 1 {
                p.to_string()
            } else {
                format!("{p}{}", superscript(e))
            }
        })
        .collect::<Vec<_>>()
        .join(" × ")
}

fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .chars()
        .map(|c| DIGITS[c.to_digit(10).unwrap_or(0) as usize])
        .collect()
}

fn dice_list(dice: &[D6]) -> String {
    dice.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every fixed label of the app, in one language.
pub struct Texts {
    pub app_name: &'static str,
    pub tagline: &'static str,
    pub home: &'static str,
    pub back: &'static str,
    pub settings: &'static str,
    pub checker_title: &'static str,
    pub checker_blurb: &'static str,
    pub settings_blurb: &'static str,
    pub open: &'static str,
    pub prime: &'static str,
    pub not_prime: &'static str,
    pub waiting_title: &'static str,
    pub waiting_hint: &'static str,
    pub keyboard_hint: &'static str,
    pub tap_a_face: &'static str,
    pub roll_dice: &'static str,
    pub remove_last: &'static str,
    pub clear: &'static str,
    pub your_dice: &'static str,
    pub number_formed: &'static str,
    pub odds_title: &'static str,
    pub odds_caption: &'static str,
    pub odds_dice: &'static str,
    pub odds_rolls: &'static str,
    pub odds_chance: &'static str,
    pub primes_title: &'static str,
    pub primes_caption: &'static str,
    pub how_title: &'static str,
    pub how_body: &'static [&'static str],
    pub language: &'static str,
    pub language_auto: &'static str,
    pub theme: &'static str,
    pub theme_light: &'static str,
    pub theme_dark: &'static str,
    pub theme_system: &'static str,
    /// The settings group for a short vibration when dice are rolled.
    pub haptics: &'static str,
    pub settings_saved: &'static str,
    pub settings_not_saved: &'static str,
    pub dice_empty_label: &'static str,
    pub settings_unreadable: &'static str,
    pub settings_newer: &'static str,
    pub roller_title: &'static str,
    pub roller_blurb: &'static str,
    pub roller_add: &'static str,
    pub roller_presets: &'static str,
    pub roller_roll: &'static str,
    pub roller_roll_all: &'static str,
    pub roller_keep_hint: &'static str,
    pub roller_kept: &'static str,
    pub roller_sum: &'static str,
    pub roller_history: &'static str,
    pub roller_fairness: &'static str,
    pub roller_fairness_caption: &'static str,
    pub roller_fair: &'static str,
    pub roller_unfair: &'static str,
    pub roller_too_few: &'static str,
    pub roller_empty: &'static str,
    pub roller_clear: &'static str,
    pub roller_remove: &'static str,
    pub roller_undo: &'static str,
    pub roller_animation: &'static str,
    pub animation_on: &'static str,
    pub animation_off: &'static str,
}

pub static FR: Texts = Texts {
    app_name: "Genius",
    tagline: "Le compagnon de table des jeux de dés Genius",
    home: "Accueil",
    back: "Retour",
    settings: "Réglages",
    checker_title: "Nombre premier ?",
    checker_blurb: "Mode Sérieux : rangez vos dés, lisez le nombre, vert s'il est premier.",
    settings_blurb: "Langue et thème",
    open: "Ouvrir",
    prime: "Premier",
    not_prime: "Pas premier",
    waiting_title: "En attente des dés",
    waiting_hint: "Touchez les faces de vos dés, tapez-les au clavier ou lancez-les ici.",
    keyboard_hint: "Clavier : chiffres 1 à 6, Retour arrière retire, Échap efface.",
    tap_a_face: "Touchez une face",
    roll_dice: "Lancer des dés virtuels",
    remove_last: "Retirer le dernier",
    clear: "Tout effacer",
    your_dice: "Vos dés, rangés",
    number_formed: "Nombre formé",
    odds_title: "Chances d'un nombre premier",
    odds_caption: "Calculé en passant en revue tous les lancers possibles.",
    odds_dice: "Dés",
    odds_rolls: "Lancers premiers",
    odds_chance: "Chance",
    primes_title: "Les 14 nombres premiers possibles",
    primes_caption: "Sur les 461 nombres que forment 1 à 5 dés rangés.",
    how_title: "Comment ça marche",
    how_body: &[
        "Rangez vos dés du plus petit au plus grand et lisez les chiffres comme un seul nombre : 2, 4, 3, 5, 3 donne 23345.",
        "Vert avec ✓ : le nombre est premier, inscrivez-le dans la case du tour. Rouge avec ✗ : il ne l'est pas, n'inscrivez rien.",
        "Vous pouvez saisir les dés dans n'importe quel ordre : l'application les range pour vous.",
        "1 n'est pas un nombre premier (il n'a qu'un diviseur).",
    ],
    language: "Langue",
    language_auto: "Celle de l'appareil",
    theme: "Thème",
    theme_light: "Clair",
    theme_dark: "Sombre",
    theme_system: "Celui du système",
    haptics: "Vibration aux lancers",
    settings_saved: "Réglages enregistrés sur cet appareil.",
    settings_not_saved: "Impossible d'enregistrer les réglages sur cet appareil : ils valent pour cette session.",
    dice_empty_label: "Aucun dé",
    settings_unreadable: "Les réglages enregistrés étaient illisibles : l'application a repris les réglages par défaut.",
    settings_newer: "Les réglages enregistrés viennent d'une version plus récente de l'application : les réglages par défaut s'appliquent.",
    roller_title: "Lanceur de dés",
    roller_blurb: "d4 à d20, dé défi, dé blanc, dés de lettres et de couleur : pour tous les jeux, ou quand un dé manque.",
    roller_add: "Ajouter un dé",
    roller_presets: "Jeux de dés tout prêts",
    roller_roll: "Lancer",
    roller_roll_all: "Tout relancer",
    roller_keep_hint: "Touchez un dé pour le garder : il ne sera pas relancé.",
    roller_kept: "gardé",
    roller_sum: "Somme",
    roller_history: "Derniers lancers",
    roller_fairness: "Équité des dés",
    roller_fairness_caption: "Chaque face devrait sortir aussi souvent que les autres. Test du χ² au seuil de 5 %.",
    roller_fair: "Conforme au hasard",
    roller_unfair: "Écart inhabituel",
    roller_too_few: "Trop peu de lancers pour juger",
    roller_empty: "Aucun dé sur la table : ajoutez-en ci-dessous.",
    roller_clear: "Retirer tous les dés",
    roller_remove: "Retirer",
    roller_undo: "Annuler",
    roller_animation: "Animation des dés",
    animation_on: "Activée",
    animation_off: "Désactivée",
};

pub static EN: Texts = Texts {
    app_name: "Genius",
    tagline: "The table companion for the Genius dice games",
    home: "Home",
    back: "Back",
    settings: "Settings",
    checker_title: "Prime or not?",
    checker_blurb: "Mode Sérieux: sort your dice, read the number, green if it is prime.",
    settings_blurb: "Language and theme",
    open: "Open",
    prime: "Prime",
    not_prime: "Not prime",
    waiting_title: "Waiting for dice",
    waiting_hint: "Tap your dice faces, type them on a keyboard or roll them here.",
    keyboard_hint: "Keyboard: digits 1 to 6, Backspace removes, Escape clears.",
    tap_a_face: "Tap a face",
    roll_dice: "Roll virtual dice",
    remove_last: "Remove last",
    clear: "Clear all",
    your_dice: "Your dice, sorted",
    number_formed: "Number formed",
    odds_title: "Chance of a prime",
    odds_caption: "Computed by going through every possible roll.",
    odds_dice: "Dice",
    odds_rolls: "Prime rolls",
    odds_chance: "Chance",
    primes_title: "The 14 primes dice can form",
    primes_caption: "Out of the 461 numbers that 1 to 5 sorted dice form.",
    how_title: "How it works",
    how_body: &[
        "Sort your dice from lowest to highest and read the digits as one number: 2, 4, 3, 5, 3 gives 23345.",
        "Green with ✓: the number is prime, write it in this round's cell. Red with ✗: it is not, write nothing.",
        "You can enter the dice in any order: the app sorts them for you.",
        "1 is not a prime number (it has only one divisor).",
    ],
    language: "Language",
    language_auto: "Device language",
    theme: "Theme",
    theme_light: "Light",
    theme_dark: "Dark",
    theme_system: "System",
    haptics: "Vibration on rolls",
    settings_saved: "Settings saved on this device.",
    settings_not_saved: "Could not save settings on this device: they apply to this session.",
    dice_empty_label: "No dice",
    settings_unreadable: "The saved settings could not be read: the app is using the defaults.",
    settings_newer: "The saved settings come from a newer version of the app: the defaults apply.",
    roller_title: "Dice roller",
    roller_blurb: "d4 to d20, challenge die, white die, letter and colour dice: for every game, or when a die is missing.",
    roller_add: "Add a die",
    roller_presets: "Ready-made sets",
    roller_roll: "Roll",
    roller_roll_all: "Roll all again",
    roller_keep_hint: "Tap a die to keep it: it will not be rolled again.",
    roller_kept: "kept",
    roller_sum: "Sum",
    roller_history: "Last rolls",
    roller_fairness: "Dice fairness",
    roller_fairness_caption: "Each face should come up as often as the others. χ² test at the 5% level.",
    roller_fair: "Consistent with chance",
    roller_unfair: "Unusual spread",
    roller_too_few: "Too few rolls to judge",
    roller_empty: "No dice on the table: add some below.",
    roller_clear: "Remove all dice",
    roller_remove: "Remove",
    roller_undo: "Undo",
    roller_animation: "Dice animation",
    animation_on: "On",
    animation_off: "Off",
};

/// Labels of the game screens (Mode Sérieux and what games share).
pub struct GameTexts {
    pub serieux_title: &'static str,
    pub serieux_blurb: &'static str,
    pub new_game: &'static str,
    pub in_progress: &'static str,
    pub resume: &'static str,
    pub delete: &'static str,
    pub players: &'static str,
    pub add_player: &'static str,
    pub recent_players: &'static str,
    pub who_starts: &'static str,
    pub roll_off: &'static str,
    pub chosen: &'static str,
    pub start: &'static str,
    pub roll_off_all: &'static str,
    pub roll_dice: &'static str,
    pub enter_dice: &'static str,
    pub record: &'static str,
    pub undo: &'static str,
    pub redo: &'static str,
    pub total: &'static str,
    pub ranking: &'static str,
    pub game_over: &'static str,
    pub rules: &'static str,
    pub player: &'static str,
    pub not_saved: &'static str,
    pub choose_k: &'static str,
    pub rulings_title: &'static str,
    pub rules_loading: &'static str,
    pub rules_unavailable: &'static str,
    pub genius_title: &'static str,
    pub genius_blurb: &'static str,
    pub mode: &'static str,
    pub finish_round: &'static str,
    pub genius_list: &'static str,
    pub roll_challenge: &'static str,
    pub or_pick_face: &'static str,
    pub defi_keep: &'static str,
    pub place_where: &'static str,
    pub expert_throw: &'static str,
    pub expert_enter: &'static str,
    pub plays_again: &'static str,
    pub last_round: &'static str,
    pub crossed: &'static str,
    pub einstein_title: &'static str,
    pub einstein_blurb: &'static str,
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
    pub sequence_title: &'static str,
    pub sequence_blurb: &'static str,
    pub six_in_a_row: &'static str,
    pub roll_two: &'static str,
    pub sequence_remove: &'static str,
    pub sequence_wild: &'static str,
    pub sequence_full: &'static str,
    pub sequence_teams: &'static str,
    pub rtt_title: &'static str,
    pub rtt_blurb: &'static str,
    pub rtt_sheet: &'static str,
    pub rtt_decreasing: &'static str,
    pub rtt_start: &'static str,
    pub rtt_start_hint: &'static str,
    pub rtt_roll: &'static str,
    pub rtt_pick_dice: &'static str,
    pub rtt_take_back: &'static str,
    pub rtt_done: &'static str,
    pub rtt_pass: &'static str,
    pub rtt_white_next: &'static str,
    pub rtt_add: &'static str,
    pub rtt_remove: &'static str,
    pub rtt_confirm: &'static str,
    pub rtt_open: &'static str,
    pub rtt_series: &'static str,
    pub rtt_series_reset: &'static str,
    pub rtt_winners: &'static str,
    pub rtt_enter_values: &'static str,
}

pub static GAME_FR: GameTexts = GameTexts {
    serieux_title: "Mode Sérieux",
    serieux_blurb: "Genius en cinq manches : rangez les dés, seuls les nombres premiers s'inscrivent.",
    new_game: "Nouvelle partie",
    in_progress: "Parties en cours",
    resume: "Reprendre",
    delete: "Supprimer",
    players: "Joueurs",
    add_player: "Ajouter un joueur",
    recent_players: "Joueurs récents",
    who_starts: "Qui commence ?",
    roll_off: "Tirage au dé : le plus haut commence, les ex æquo relancent",
    chosen: "La table choisit",
    start: "Commencer la partie",
    roll_off_all: "Lancer un dé pour chacun",
    roll_dice: "Lancer les dés",
    enter_dice: "Ou saisissez les dés réels :",
    record: "Inscrire ce lancer",
    undo: "Annuler",
    redo: "Rétablir",
    total: "Total",
    ranking: "Classement",
    game_over: "Partie terminée",
    rules: "Règles",
    player: "Joueur",
    not_saved: "Attention : la partie n'a pas pu être enregistrée sur cet appareil.",
    choose_k: "Combien de dés ?",
    rulings_title: "Ce que l'application applique",
    rules_loading: "Chargement des règles…",
    rules_unavailable: "Les règles n'ont pas pu être chargées. Elles s'afficheront une fois l'application ouverte avec une connexion.",
    genius_title: "Genius",
    genius_blurb: "Modes GENIUS, + Simple, Expert et Partie + Longue : la liste GENIUS, le dé défi et les grilles n°1 et n°2.",
    mode: "Mode de jeu",
    finish_round: "Finir le tour quand une ligne est pleine",
    genius_list: "Liste GENIUS",
    roll_challenge: "Lancer le dé défi",
    or_pick_face: "Ou touchez la face du vrai dé défi :",
    defi_keep: "Ne rien effacer",
    place_where: "Dans quelle case ?",
    expert_throw: "Lancer les 6 dés",
    expert_enter: "Ou saisissez les 5 dés réels puis la face du dé défi :",
    plays_again: "rejoue",
    last_round: "Dernier tour : une ligne est pleine.",
    crossed: "rayée",
    einstein_title: "Einstein",
    einstein_blurb: "Un lancer de cinq dés pour tous : deux paires et le cinquième dé. Seul ou à plusieurs.",
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
    sequence_title: "Séquence Dés",
    sequence_blurb: "Deux dés, un plateau de sommes, des jetons : alignez-en cinq. À 2, 3 ou 4 en équipes.",
    six_in_a_row: "Gagner avec six jetons alignés (conseillé à deux joueurs ou deux équipes)",
    roll_two: "Lancer les 2 dés",
    sequence_remove: "10 : retirez un jeton adverse (jamais sur une case 2 ou 12).",
    sequence_wild: "11 : placez un jeton sur n'importe quelle case libre.",
    sequence_full: "Plus de case libre : remplacez un jeton adverse.",
    sequence_teams: "À quatre : le 1er et le 3e jouent contre le 2e et le 4e.",
    rtt_title: "Roll to the Top",
    rtt_blurb: "Le d4, le d6, le d8, le d12, le d20 et le dé blanc : remplissez la tour de votre défi.",
    rtt_sheet: "Défi",
    rtt_decreasing: "Variante : nombres décroissants (chaque nombre ≤ ceux du dessous)",
    rtt_start: "Lancer les 5 dés colorés",
    rtt_start_hint: "Les dés impairs sont mis de côté ; les pairs sont relancés avec le dé blanc. Tous impairs : on relance.",
    rtt_roll: "Lancer les dés et le dé blanc",
    rtt_pick_dice: "Touchez un ou plusieurs dés (additionnés), puis une case qui accepte ce nombre.",
    rtt_take_back: "Reprendre la dernière case",
    rtt_done: "Valider",
    rtt_pass: "Passer",
    rtt_white_next: "Dé blanc pour le prochain lanceur",
    rtt_add: "Ajouter",
    rtt_remove: "Retirer",
    rtt_confirm: "Confirmer",
    rtt_open: "cases vides",
    rtt_series: "Série",
    rtt_series_reset: "Remettre la série à zéro",
    rtt_winners: "Gagnants",
    rtt_enter_values: "Ou saisissez les vrais dés :",
};

pub static GAME_EN: GameTexts = GameTexts {
    serieux_title: "Mode Sérieux",
    serieux_blurb: "Genius over five rounds: sort the dice, only primes are written.",
    new_game: "New game",
    in_progress: "Games in progress",
    resume: "Resume",
    delete: "Delete",
    players: "Players",
    add_player: "Add a player",
    recent_players: "Recent players",
    who_starts: "Who starts?",
    roll_off: "Roll a die: highest starts, tied players roll again",
    chosen: "The table chooses",
    start: "Start the game",
    roll_off_all: "Roll a die for each",
    roll_dice: "Roll the dice",
    enter_dice: "Or enter the real dice:",
    record: "Record this roll",
    undo: "Undo",
    redo: "Redo",
    total: "Total",
    ranking: "Ranking",
    game_over: "Game over",
    rules: "Rules",
    player: "Player",
    not_saved: "Warning: the game could not be saved on this device.",
    choose_k: "How many dice?",
    rulings_title: "What the app applies",
    rules_loading: "Loading the rules…",
    rules_unavailable: "The rules could not be loaded. They will show once the app has been opened with a connection.",
    genius_title: "Genius",
    genius_blurb: "Modes GENIUS, + Simple, Expert and Partie + Longue: the GENIUS list, the challenge die and grids no. 1 and 2.",
    mode: "Game mode",
    finish_round: "Finish the round when a row is full",
    genius_list: "GENIUS list",
    roll_challenge: "Roll the challenge die",
    or_pick_face: "Or tap the face of the real challenge die:",
    defi_keep: "Erase nothing",
    place_where: "Which cell?",
    expert_throw: "Throw the 6 dice",
    expert_enter: "Or enter the 5 real dice, then the challenge die's face:",
    plays_again: "plays again",
    last_round: "Last round: a row is full.",
    crossed: "crossed out",
    einstein_title: "Einstein",
    einstein_blurb: "One roll of five dice for everyone: two pairs and the fifth die. Alone or together.",
    roll_five: "Roll the 5 dice",
    choose_pairs: "Tap two dice for the first pair, two for the second: the die left is the fifth die.",
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
    sequence_title: "Séquence Dés",
    sequence_blurb: "Two dice, a board of sums, chips: line up five. For 2, 3, or 4 in teams.",
    six_in_a_row: "Win with six in a row (suggested for two players or two teams)",
    roll_two: "Roll the 2 dice",
    sequence_remove: "10: remove an opponent's chip (never on a 2 or a 12 square).",
    sequence_wild: "11: place a chip on any free square.",
    sequence_full: "No free square left: replace an opponent's chip.",
    sequence_teams: "With four: the 1st and 3rd play against the 2nd and 4th.",
    rtt_title: "Roll to the Top",
    rtt_blurb: "The d4, d6, d8, d12, d20 and the white die: fill your challenge's tower.",
    rtt_sheet: "Challenge",
    rtt_decreasing: "Variant: decreasing numbers (each number ≤ the ones below)",
    rtt_start: "Roll the 5 coloured dice",
    rtt_start_hint: "Odd dice are set aside; even ones are rolled again with the white die. All odd: roll again.",
    rtt_roll: "Roll the dice and the white die",
    rtt_pick_dice: "Tap one or more dice (added up), then a square that takes that number.",
    rtt_take_back: "Take back the last square",
    rtt_done: "Confirm",
    rtt_pass: "Pass",
    rtt_white_next: "White die for the next roller",
    rtt_add: "Add",
    rtt_remove: "Remove",
    rtt_confirm: "Confirm",
    rtt_open: "open squares",
    rtt_series: "Series",
    rtt_series_reset: "Reset the series",
    rtt_winners: "Winners",
    rtt_enter_values: "Or enter the real dice:",
};

impl Lang {
    pub fn game(self) -> &'static GameTexts {
        match self {
            Lang::Fr => &GAME_FR,
            Lang::En => &GAME_EN,
        }
    }

    /// "Manche 2 / 5", "Round 2 / 5".
    pub fn round_of(self, round: usize, rounds: usize) -> String {
        match self {
            Lang::Fr => format!("Manche {round} / {rounds}"),
            Lang::En => format!("Round {round} / {rounds}"),
        }
    }

    /// "À Anne de jouer", "Anne to play".
    pub fn to_play(self, name: &str) -> String {
        match self {
            Lang::Fr => format!("À {name} de jouer"),
            Lang::En => format!("{name} to play"),
        }
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

    /// Why a list of players cannot start a game.
    pub fn setup_error(self, error: &crate::core::table::SetupError) -> String {
        use crate::core::table::SetupError as E;
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
    pub fn first_player_error(self, error: &crate::core::table::FirstPlayerError) -> String {
        use crate::core::table::{FirstPlayerError as F, RollOffError as R};
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

    /// A stable id for a Genius mode (test ids, file names).
    pub fn mode_id(self, mode: crate::core::genius::Mode) -> &'static str {
        use crate::core::genius::Mode as M;
        match mode {
            M::Genius => "genius",
            M::Simple => "simple",
            M::Expert => "expert",
            M::Longue => "longue",
        }
    }

    pub fn mode_name(self, mode: crate::core::genius::Mode) -> &'static str {
        use crate::core::genius::Mode as M;
        match mode {
            M::Genius => "GENIUS",
            M::Simple => "+ Simple",
            M::Expert => "Expert",
            M::Longue => "Partie + Longue",
        }
    }

    pub fn mode_blurb(self, mode: crate::core::genius::Mode) -> &'static str {
        use crate::core::genius::Mode as M;
        match (self, mode) {
            (Lang::Fr, M::Genius) => {
                "Choisissez 1 à 5 dés ; une somme de la liste GENIUS lance le dé défi."
            }
            (Lang::En, M::Genius) => {
                "Pick 1 to 5 dice; a sum on the GENIUS list rolls the challenge die."
            }
            (Lang::Fr, M::Simple) => "Sans dé défi : une somme de la liste s'inscrit et on rejoue.",
            (Lang::En, M::Simple) => {
                "No challenge die: a sum on the list is written and you play again."
            }
            (Lang::Fr, M::Expert) => {
                "5 tours, les 6 dés d'un coup, +15 si le résultat est sur la liste."
            }
            (Lang::En, M::Expert) => {
                "5 rounds, all 6 dice at once, +15 when the result is on the list."
            }
            (Lang::Fr, M::Longue) => "Grille n°2 : une case MIN et une case MAX par colonne.",
            (Lang::En, M::Longue) => "Grid no. 2: a MIN and a MAX cell in each column.",
        }
    }

    /// Half points with the language's decimal separator: 8,5 / 8.5 / −7.
    pub fn points(self, value: crate::core::genius::Halves) -> String {
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
    pub fn arithmetic(
        self,
        sum: crate::core::genius::Halves,
        face: crate::core::dice_kinds::Challenge,
        value: crate::core::genius::Halves,
    ) -> String {
        use crate::core::dice_kinds::Challenge as C;
        let (s, v) = (self.points(sum), self.points(value));
        match face {
            C::Double => format!("{s} × 2 = {v}"),
            C::Half => format!("{s} ÷ 2 = {v}"),
            C::Plus10 => format!("{s} + 10 = {v}"),
            C::Minus10 => format!("{s} − 10 = {v}"),
            C::Defi1 | C::Defi2 => format!(
                "{s} ({})",
                self.face_label(crate::core::dice_kinds::Face::Challenge(face))
            ),
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

    /// Why a move of Genius was refused, or why a cell cannot be played.
    pub fn genius_error(self, error: &crate::core::genius::Error) -> String {
        use crate::core::genius::Error as E;
        match (self, error) {
            (_, E::Setup(e)) => self.setup_error(e),
            (_, E::First(e)) => self.first_player_error(e),
            (Lang::Fr, E::GameOver) => "La partie est terminée.".into(),
            (Lang::En, E::GameOver) => "The game is over.".into(),
            (Lang::Fr, E::WrongDiceCount) => {
                "Lancez de 1 à 5 dés (5 dés et le dé défi en mode Expert).".into()
            }
            (Lang::En, E::WrongDiceCount) => {
                "Roll 1 to 5 dice (5 dice and the challenge die in Expert).".into()
            }
            (Lang::Fr, E::ColumnFull(k)) => {
                format!("La colonne « {} » est déjà remplie.", self.dice_count(*k))
            }
            (Lang::En, E::ColumnFull(k)) => {
                format!("The “{}” column is already filled.", self.dice_count(*k))
            }
            (Lang::Fr, E::CannotErase) => "Ce Défi ne peut pas effacer cette case.".into(),
            (Lang::En, E::CannotErase) => "This challenge cannot erase that cell.".into(),
            (Lang::Fr, E::MinAboveMax) => {
                "Le MIN ne peut pas dépasser le MAX de la colonne.".into()
            }
            (Lang::En, E::MinAboveMax) => "MIN cannot be above the column's MAX.".into(),
            (Lang::Fr, E::SlotTaken) => "Cette case est déjà remplie.".into(),
            (Lang::En, E::SlotTaken) => "That cell is already filled.".into(),
            (Lang::Fr, E::NotNow) => "Ce coup n'est pas possible maintenant.".into(),
            (Lang::En, E::NotNow) => "That move is not possible now.".into(),
        }
    }

    /// What a Défi face lets the player do.
    pub fn defi_instruction(self, face: crate::core::dice_kinds::Challenge, sum: &str) -> String {
        use crate::core::dice_kinds::Challenge as C;
        let cells = match (self, face) {
            (Lang::Fr, C::Defi2) => "4 ou 5 dés",
            (Lang::Fr, _) => "1, 2 ou 3 dés",
            (Lang::En, C::Defi2) => "4 or 5 dice",
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

    /// "Le 5e dé doit être un 2 ou un 5." / "The fifth die must be a 2 or a 5."
    pub fn fifth_one_of(self, values: &[u8]) -> String {
        let list = values.iter().map(|v| v.to_string()).collect::<Vec<_>>();
        match self {
            Lang::Fr => format!("Le cinquième dé doit être un {}.", list.join(" ou un ")),
            Lang::En => format!("The fifth die must be a {}.", list.join(" or a ")),
        }
    }

    /// "Lancer n°3 · Anne lance les dés" / "Roll 3 · Anne rolls the dice".
    pub fn roll_by(self, n: usize, name: &str) -> String {
        match self {
            Lang::Fr => format!("Lancer n°{n} · {}", self.rolls_dice(name)),
            Lang::En => format!("Roll {n} · {}", self.rolls_dice(name)),
        }
    }

    /// "Anne lance les dés" / "Anne rolls the dice".
    pub fn rolls_dice(self, name: &str) -> String {
        match self {
            Lang::Fr => format!("{name} lance les dés"),
            Lang::En => format!("{name} rolls the dice"),
        }
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
    pub fn einstein_error(self, error: &crate::core::einstein::Error) -> String {
        use crate::core::einstein::Error as E;
        match (self, error) {
            (_, E::Setup(e)) => self.setup_error(e),
            (_, E::First(e)) => self.first_player_error(e),
            (_, E::FifthMustBeChosenValue { allowed }) => self.fifth_one_of(allowed),
            (Lang::Fr, E::BadPairs) => "Formez deux paires avec quatre dés différents.".into(),
            (Lang::En, E::BadPairs) => "Make two pairs from four different dice.".into(),
            (Lang::Fr, E::WrongDiceCount) => "Einstein se joue avec 5 dés.".into(),
            (Lang::En, E::WrongDiceCount) => "Einstein is played with 5 dice.".into(),
            (Lang::Fr, E::GameOver) => "La partie est terminée.".into(),
            (Lang::En, E::GameOver) => "The game is over.".into(),
            (Lang::Fr, _) => "Ce coup n'est pas possible maintenant.".into(),
            (Lang::En, _) => "That move is not possible now.".into(),
        }
    }

    /// "Placez un jeton sur une case 7 libre." and the like, for a roll.
    pub fn sequence_place(self, sum: u8, replacing: bool) -> String {
        match (self, sum, replacing) {
            (_, 11, false) => self.game().sequence_wild.into(),
            (_, 11, true) => self.game().sequence_full.into(),
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

    /// "Rien à faire avec ce 10 : le tour passe."
    pub fn sequence_nothing(self, sum: u8) -> String {
        match self {
            Lang::Fr => format!("Rien à faire avec ce {sum} : le tour passe."),
            Lang::En => format!("Nothing to do with this {sum}: the turn passes."),
        }
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
    pub fn sequence_error(self, error: &crate::core::sequence::Error) -> String {
        use crate::core::sequence::Error as E;
        match (self, error) {
            (_, E::Setup(e)) => self.setup_error(e),
            (_, E::First(e)) => self.first_player_error(e),
            (Lang::Fr, E::NotAllowed(_)) => {
                "Ce lancer ne permet pas de jouer sur cette case.".into()
            }
            (Lang::En, E::NotAllowed(_)) => "This roll does not allow that square.".into(),
            (Lang::Fr, E::WrongDiceCount) => "Séquence Dés se joue avec deux dés.".into(),
            (Lang::En, E::WrongDiceCount) => "Séquence Dés is played with two dice.".into(),
            (Lang::Fr, E::GameOver) => "La partie est terminée.".into(),
            (Lang::En, E::GameOver) => "The game is over.".into(),
            (Lang::Fr, E::NotNow) => "Lancez d'abord les dés.".into(),
            (Lang::En, E::NotNow) => "Roll the dice first.".into(),
        }
    }

    /// What the white die or an override asks of the roller, and why.
    pub fn rtt_adjustment(
        self,
        must: crate::core::rtt::Adjustment,
        because: crate::core::rtt::Because,
    ) -> String {
        use crate::core::rtt::{Adjustment as A, Because as B};
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
    pub fn rtt_error(self, error: &crate::core::rtt::Error) -> String {
        use crate::core::rtt::Error as E;
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
            (_, E::WrongAdjustment(a)) => {
                self.rtt_adjustment(*a, crate::core::rtt::Because::WhiteDie)
            }
            (Lang::Fr, E::GameOver) => "La partie est terminée.".into(),
            (Lang::En, E::GameOver) => "The game is over.".into(),
            (Lang::Fr, _) => "Ce coup n'est pas possible maintenant.".into(),
            (Lang::En, _) => "That move is not possible now.".into(),
        }
    }

    /// Why a move of Mode Sérieux was refused.
    pub fn serieux_error(self, error: &crate::core::serieux::Error) -> String {
        use crate::core::serieux::Error as E;
        match (self, error) {
            (_, E::Setup(e)) => self.setup_error(e),
            (_, E::Dice(e)) => self.entry_error(e),
            (_, E::First(e)) => self.first_player_error(e),
            (Lang::Fr, E::GameOver) => "La partie est terminée.".into(),
            (Lang::En, E::GameOver) => "The game is over.".into(),
            (Lang::Fr, _) => "Ce coup n'est pas possible maintenant.".into(),
            (Lang::En, _) => "That move is not possible now.".into(),
        }
    }

    /// "Égalité : Anne et Bruno relancent."
    pub fn roll_off_tie(self, names: &[&str]) -> String {
        let list = names.join(match self {
            Lang::Fr => ", ",
            Lang::En => ", ",
        });
        match self {
            Lang::Fr => format!("Égalité : {list} relancent."),
            Lang::En => format!("Tie: {list} roll again."),
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colon_takes_a_space_before_it_in_french_only() {
        assert_eq!(
            Lang::Fr.einstein_best_line(42),
            "Record personnel Einstein (solo) : 42"
        );
        assert_eq!(
            Lang::En.einstein_best_line(-7),
            "Einstein personal best (solo): −7"
        );
    }
    use crate::core::prime::{prime_odds, verdict};

    #[test]
    fn locale_tags() {
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("EN_gb.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale("fr-FR"), Lang::Fr);
        assert_eq!(Lang::from_locale("de"), Lang::Fr);
        assert_eq!(Lang::from_locale(""), Lang::Fr);
    }

    #[test]
    fn reasons_in_both_languages() {
        assert_eq!(Lang::Fr.reason(&verdict(23345)), "23345 = 5 × 7 × 23 × 29");
        assert_eq!(Lang::En.reason(&verdict(1112)), "1112 = 2³ × 139");
        assert!(Lang::Fr
            .reason(&verdict(1))
            .starts_with("1 n'est pas premier"));
        assert!(Lang::En.reason(&verdict(1)).starts_with("1 is not prime"));
        assert_eq!(
            Lang::En.reason(&verdict(23)),
            "23 has exactly two divisors: 1 and 23"
        );
    }

    #[test]
    fn odds_as_fractions() {
        let shown: Vec<String> = (1..=5)
            .map(|k| Lang::Fr.odds_fraction(&prime_odds(k)))
            .collect();
        assert_eq!(
            shown,
            [
                "3/6 = 1/2",
                "5/36",
                "9/216 = 1/24",
                "28/1296 = 7/324",
                "10/7776 = 5/3888"
            ]
        );
        assert_eq!(Lang::Fr.percent(50.0), "50,0\u{202f}%");
        assert_eq!(Lang::En.percent(0.1286), "0.129%");
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
