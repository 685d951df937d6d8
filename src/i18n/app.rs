//! The app's own screens: home, settings, the prime checker (its verdicts,
//! factorisations and odds, which Mode Sérieux shows too) and the dice roller.

use super::Lang;
use crate::core::dice::D6;
use crate::core::prime::{Odds, Reason, Verdict};

texts! {
    /// The labels of the app's own screens.
    Lang::texts() -> Texts;
    app_name: "Genius", "Genius";
    tagline:
        "Le compagnon de table des jeux de dés Genius",
        "The table companion for the Genius dice games";
    home: "Accueil", "Home";
    back: "Retour", "Back";
    settings: "Réglages", "Settings";
    checker_title: "Nombre premier ?", "Prime or not?";
    checker_blurb:
        "Mode Sérieux : rangez vos dés, lisez le nombre, vert s'il est premier.",
        "Mode Sérieux: sort your dice, read the number, green if it is prime.";
    settings_blurb: "Langue et thème", "Language and theme";
    open: "Ouvrir", "Open";
    prime: "Premier", "Prime";
    not_prime: "Pas premier", "Not prime";
    waiting_title: "En attente des dés", "Waiting for dice";
    waiting_hint:
        "Touchez les faces de vos dés, tapez-les au clavier ou lancez-les ici.",
        "Tap your dice faces, type them on a keyboard or roll them here.";
    keyboard_hint:
        "Clavier : chiffres 1 à 6, Retour arrière retire, Échap efface.",
        "Keyboard: digits 1 to 6, Backspace removes, Escape clears.";
    tap_a_face: "Touchez une face", "Tap a face";
    roll_dice: "Lancer des dés virtuels", "Roll virtual dice";
    remove_last: "Retirer le dernier", "Remove last";
    clear: "Tout effacer", "Clear all";
    your_dice: "Vos dés, rangés", "Your dice, sorted";
    number_formed: "Nombre formé", "Number formed";
    odds_title: "Chances d'un nombre premier", "Chance of a prime";
    odds_caption:
        "Calculé en passant en revue tous les lancers possibles.",
        "Computed by going through every possible roll.";
    odds_dice: "Dés", "Dice";
    odds_rolls: "Lancers premiers", "Prime rolls";
    odds_chance: "Chance", "Chance";
    primes_title: "Les 14 nombres premiers possibles", "The 14 primes dice can form";
    primes_caption:
        "Sur les 461 nombres que forment 1 à 5 dés rangés.",
        "Out of the 461 numbers that 1 to 5 sorted dice form.";
    how_title: "Comment ça marche", "How it works";
    /// The checker's "how it works", one paragraph a line.
    how_body as &'static [&'static str]:
        &[
            "Rangez vos dés du plus petit au plus grand et lisez les chiffres comme un seul nombre : 2, 4, 3, 5, 3 donne 23345.",
            "Vert avec ✓ : le nombre est premier, inscrivez-le dans la case du tour. Rouge avec ✗ : il ne l'est pas, n'inscrivez rien.",
            "Vous pouvez saisir les dés dans n'importe quel ordre : l'application les range pour vous.",
            "1 n'est pas un nombre premier (il n'a qu'un diviseur).",
        ],
        &[
            "Sort your dice from lowest to highest and read the digits as one number: 2, 4, 3, 5, 3 gives 23345.",
            "Green with ✓: the number is prime, write it in this round's cell. Red with ✗: it is not, write nothing.",
            "You can enter the dice in any order: the app sorts them for you.",
            "1 is not a prime number (it has only one divisor).",
        ];
    language: "Langue", "Language";
    language_auto: "Celle de l'appareil", "Device language";
    theme: "Thème", "Theme";
    theme_light: "Clair", "Light";
    theme_dark: "Sombre", "Dark";
    theme_system: "Celui du système", "System";
    /// The settings group for a short vibration when dice are rolled.
    haptics: "Vibration aux lancers", "Vibration on rolls";
    settings_saved: "Réglages enregistrés sur cet appareil.", "Settings saved on this device.";
    settings_not_saved:
        "Impossible d'enregistrer les réglages sur cet appareil : ils valent pour cette session.",
        "Could not save settings on this device: they apply to this session.";
    dice_empty_label: "Aucun dé", "No dice";
    settings_unreadable:
        "Les réglages enregistrés étaient illisibles : l'application a repris les réglages par défaut.",
        "The saved settings could not be read: the app is using the defaults.";
    settings_newer:
        "Les réglages enregistrés viennent d'une version plus récente de l'application : les réglages par défaut s'appliquent.",
        "The saved settings come from a newer version of the app: the defaults apply.";
    roller_title: "Lanceur de dés", "Dice roller";
    roller_blurb:
        "d4 à d20, dé défi, dé blanc, dés de lettres et de couleur : pour tous les jeux, ou quand un dé manque.",
        "d4 to d20, challenge die, white die, letter and colour dice: for every game, or when a die is missing.";
    roller_add: "Ajouter un dé", "Add a die";
    roller_presets: "Jeux de dés tout prêts", "Ready-made sets";
    /// The ready-made sets' names, in the order of `ui::roller::presets`: the
    /// games' names as each language shows them (the word game is "Letter
    /// Dice" in English, the challenge die is Genius's "dé défi").
    roller_sets as [&'static str; 6]:
        ["Genius", "Genius + défi", "Einstein", "Séquence Dés", "Roll to the Top", "Mots"],
        ["Genius", "Genius + challenge", "Einstein", "Séquence Dés", "Roll to the Top", "Letter Dice"];
    roller_roll: "Lancer", "Roll";
    roller_roll_all: "Tout relancer", "Roll all again";
    roller_keep_hint:
        "Touchez un dé pour le garder : il ne sera pas relancé.",
        "Tap a die to keep it: it will not be rolled again.";
    roller_kept: "gardé", "kept";
    roller_sum: "Somme", "Sum";
    roller_history: "Derniers lancers", "Last rolls";
    roller_fairness: "Équité des dés", "Dice fairness";
    roller_fairness_caption:
        "Chaque face devrait sortir aussi souvent que les autres. Test du χ² au seuil de 5 %.",
        "Each face should come up as often as the others. χ² test at the 5% level.";
    roller_fair: "Conforme au hasard", "Consistent with chance";
    roller_unfair: "Écart inhabituel", "Unusual spread";
    roller_too_few: "Trop peu de lancers pour juger", "Too few rolls to judge";
    roller_empty:
        "Aucun dé sur la table : ajoutez-en ci-dessous.",
        "No dice on the table: add some below.";
    roller_clear: "Retirer tous les dés", "Remove all dice";
    roller_remove: "Retirer", "Remove";
    roller_undo: "Annuler", "Undo";
    roller_undone:
        "Lancer annulé : le prochain lancer redonne ces dés. Annuler corrige une erreur (un dé gardé par mégarde), il ne relance pas, comme dans les jeux.",
        "Roll undone: the next roll gives these dice back. Undo corrects a mistake (a die kept by accident); it does not re-roll, as in the games.";
    roller_animation: "Animation des dés", "Dice animation";
    animation_on: "Activée", "On";
    animation_off: "Désactivée", "Off";
}

impl Lang {
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
        self.pick(format!("Dés : {list}"), format!("Dice: {list}"))
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
