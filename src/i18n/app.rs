//! The app's own screens: home, settings, the prime checker (its verdicts,
//! factorisations and odds, which Mode Sérieux shows too) and the dice roller.

use super::Lang;
use crate::core::dice::D6;
use crate::core::prime::{Odds, Reason, Verdict};

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
    /// The ready-made sets' names, in the order of `ui::roller::presets`.
    pub roller_sets: [&'static str; 6],
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

static FR: Texts = Texts {
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
    roller_sets: [
        "Genius",
        "Genius + défi",
        "Einstein",
        "Séquence Dés",
        "Roll to the Top",
        "Mots",
    ],
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

static EN: Texts = Texts {
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
    // The names shown so far, French ones included; an English wording for
    // "Genius + défi" and "Mots" is still to choose.
    roller_sets: [
        "Genius",
        "Genius + défi",
        "Einstein",
        "Séquence Dés",
        "Roll to the Top",
        "Mots",
    ],
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

impl Lang {
    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::prime::{prime_odds, verdict};

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
}
