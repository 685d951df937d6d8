//! Reading the dice with the camera (issue 61): the button beside the
//! keypad, the camera's screen, and what it says of the dice read.

use super::Lang;
use crate::core::reading::{Expect, NotYet, ReadDie};

texts! {
    /// The camera's screen.
    Lang::reader() -> ReaderTexts;
    /// The button beside every d6 keypad.
    button: "Lire les dés", "Read the dice";
    /// What the camera reads, and what it does not.
    pip_only:
        "La caméra lit les dés à points (d6) ; les autres dés se saisissent.",
        "The camera reads pip dice (d6); other dice are entered by hand.";
    private: "Rien ne quitte le téléphone.", "Nothing leaves the phone.";
    opening: "Ouverture de la caméra…", "Opening the camera…";
    aim:
        "Tenez le téléphone au-dessus des dés : ils sont lus dès qu'ils ne bougent plus.",
        "Hold the phone over the dice: they are read once they stay still.";
    take_photo: "Prendre une photo", "Take a photo";
    use_frame: "Lire cette image", "Read this picture";
    reading: "Lecture des dés…", "Reading the dice…";
    loading_reader: "Chargement du lecteur de dés…", "Loading the dice reader…";
    refused:
        "L'accès à la caméra est refusé. Prenez une photo, ou saisissez les dés.",
        "Camera access was refused. Take a photo, or enter the dice.";
    absent:
        "Pas de caméra ici. Prenez une photo, ou saisissez les dés.",
        "No camera here. Take a photo, or enter the dice.";
    failed:
        "La caméra n'a pas pu s'ouvrir. Prenez une photo, ou saisissez les dés.",
        "The camera could not open. Take a photo, or enter the dice.";
    unavailable:
        "Le lecteur de dés n'a pas pu être chargé. Saisissez les dés.",
        "The dice reader could not be loaded. Enter the dice.";
    bad_photo: "Cette photo n'a pas pu être lue.", "This photo could not be read.";
    tap_to_fix:
        "Touchez un dé pour changer sa face ou le retirer. « ? » : à confirmer.",
        "Tap a die to change its face or remove it. “?”: to confirm.";
    which_face: "Quelle face montre ce dé ?", "Which face does this die show?";
    remove: "Pas un dé : retirer", "Not a die: remove";
    add: "Ajouter un dé manqué", "Add a missed die";
    added: "Dés ajoutés :", "Dice added:";
    confirm: "Valider ces dés", "Use these dice";
    again: "Relire", "Read again";
    close: "Fermer", "Close";
    keypad: "Saisir au clavier", "Use the keypad";
    /// A roll-off: whose die is whose.
    roll_off:
        "Les dés sont donnés de gauche à droite, dans l'ordre des joueurs.",
        "The dice go left to right, in the players' order.";
    no_dice:
        "Aucun dé lu. Ajoutez-les, ou relisez.",
        "No dice read. Add them, or read again.";
}

impl Lang {
    /// "5 dés", "1 à 5 dés", "1, 3 ou 5 dés".
    pub fn expected_dice(self, expect: Expect) -> String {
        let counts = expect.counts();
        let word = self.dice_word(expect.max());
        match counts.as_slice() {
            [k] => format!("{k} {word}"),
            _ if expect.is_range() => {
                let (a, b) = (expect.min(), expect.max());
                self.pick(format!("{a} à {b} {word}"), format!("{a} to {b} {word}"))
            }
            [rest @ .., last] => {
                let rest: Vec<String> = rest.iter().map(|k| k.to_string()).collect();
                let rest = rest.join(", ");
                self.pick(
                    format!("{rest} ou {last} {word}"),
                    format!("{rest} or {last} {word}"),
                )
            }
            [] => String::new(),
        }
    }

    /// Why the dice read cannot go in yet.
    pub fn not_yet(self, why: NotYet) -> String {
        match why {
            NotYet::NoDice => self.reader().no_dice.to_string(),
            NotYet::TooMany { read, expect } => self.pick(
                format!(
                    "{read} dés lus : il en faut {} ici. Retirez-en, ou relisez.",
                    self.expected_dice(expect)
                ),
                format!(
                    "{read} dice read: this takes {}. Remove some, or read again.",
                    self.expected_dice(expect)
                ),
            ),
            NotYet::TooFew { read, expect } => self.pick(
                format!(
                    "{} lu{} : il en faut {} ici. Ajoutez ceux qui manquent, ou relisez.",
                    self.dice_count(read),
                    if read > 1 { "s" } else { "" },
                    self.expected_dice(expect)
                ),
                format!(
                    "{} read: this takes {}. Add the missing ones, or read again.",
                    self.dice_count(read),
                    self.expected_dice(expect)
                ),
            ),
            NotYet::Unsure(n) => self.pick(
                format!(
                    "{} à confirmer (marqué{} « ? ») : touchez-le{}.",
                    self.dice_count(n),
                    if n > 1 { "s" } else { "" },
                    if n > 1 { "s" } else { "" }
                ),
                format!(
                    "{} to confirm (marked “?”): tap {}.",
                    self.dice_count(n),
                    if n > 1 { "them" } else { "it" }
                ),
            ),
        }
    }

    /// A die on the photo, for screen readers: its face and whether it is
    /// to confirm.
    pub fn read_die_label(self, die: &ReadDie) -> String {
        let face = die.face;
        match (die.needs_confirming(), die.read_as) {
            (true, _) => self.pick(
                format!("Dé lu {face}, incertain : à confirmer"),
                format!("Die read as {face}, unsure: to confirm"),
            ),
            (false, Some(was)) => self.pick(
                format!("Dé {face} (lu {was})"),
                format!("Die {face} (read as {was})"),
            ),
            (false, None) => self.pick(format!("Dé {face}"), format!("Die {face}")),
        }
    }
}
