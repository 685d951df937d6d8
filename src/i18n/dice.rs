//! Whose dice the table plays with (see `core::game::WhoseDice`): the
//! choice at setup, the control on every game screen, the changes as the
//! game's record shows them, and the refusals that go with them.

use super::Lang;
use crate::core::game::WhoseDice;

texts! {
    /// The labels of the choice of dice.
    Lang::dice() -> DiceTexts;
    /// The setup's question.
    question: "Avec quels dés jouez-vous ?", "Which dice do you play with?";
    /// The game screen's label before the two choices.
    label: "Dés", "Dice";
    table: "Les vrais dés de la table", "The table's real dice";
    table_short: "Vrais dés", "Real dice";
    table_hint:
        "Vous lancez vos dés et les saisissez : l'app ne lance pas.",
        "You roll your own dice and enter them: the app does not roll.";
    app: "Les dés de l'app", "The app's dice";
    app_short: "Dés de l'app", "App's dice";
    app_hint:
        "L'app lance les dés ; de vrais dés peuvent aussi être saisis.",
        "The app rolls; real dice can be entered too.";
    /// Above the keypad when the app does not roll (no "Or" then).
    enter: "Saisissez les dés réels :", "Enter the real dice:";
    roll_off_enter:
        "Saisissez le vrai dé de chacun : touchez un joueur, puis la face de son dé.",
        "Enter each player's real die: tap a player, then the face of their die.";
    roll_off_sums_enter:
        "Saisissez la somme des deux vrais dés de chacun : touchez un joueur, puis la somme.",
        "Enter the sum of each player's two real dice: tap a player, then the sum.";
    /// Above the list of changes made during the game.
    changes: "Dés au fil de la partie", "Dice during the game";
    table_dice:
        "Cette table joue avec ses vrais dés : saisissez-les, ou passez aux dés de l'app.",
        "This table plays with its real dice: enter them, or switch to the app's dice.";
    same_dice:
        "Rien à changer : la partie joue déjà avec ces dés, ou elle est finie.",
        "Nothing to change: the game already plays with these dice, or it is over.";
    /// At a table, the switch is confirmed first: it changes every phone's.
    confirm_app:
        "Passer toute la table aux dés de l'app ?",
        "Switch the whole table to the app's dice?";
    confirm_table:
        "Passer toute la table aux vrais dés ?",
        "Switch the whole table to real dice?";
    confirm: "Changer les dés", "Switch the dice";
    cancel: "Annuler", "Cancel";
    /// Who made a change, at a table: the host's phone holding no seat, or
    /// a phone that holds none now.
    by_host: "l'hôte", "the host";
    by_phone: "un autre téléphone", "another phone";
}

impl Lang {
    /// The name of a choice of dice.
    pub fn whose_dice(self, dice: WhoseDice) -> &'static str {
        match dice {
            WhoseDice::App => self.dice().app,
            WhoseDice::Table => self.dice().table,
        }
    }

    /// "Dés : les vrais dés de la table", "Dice: the table's real dice".
    pub fn dice_now(self, dice: WhoseDice) -> String {
        self.labelled(self.dice().label, lower(self.whose_dice(dice)))
    }

    /// "… — par Anne", "… — by Anne": who made a change, at a table.
    pub fn dice_by(self, line: &str, who: &str) -> String {
        match self {
            Lang::Fr => format!("{line} — par {who}"),
            Lang::En => format!("{line} — by {who}"),
        }
    }

    /// One line of the record of dice: what the game started with
    /// (`rolls` is `None`), or a change after that many rolls.
    pub fn dice_change(self, dice: WhoseDice, rolls: Option<usize>) -> String {
        let name = self.whose_dice(dice);
        match (self, rolls) {
            (Lang::Fr, None) => format!("Au début : {}", lower(name)),
            (Lang::En, None) => format!("At the start: {}", lower(name)),
            (Lang::Fr, Some(0)) => format!("Avant le premier lancer : {}", lower(name)),
            (Lang::En, Some(0)) => format!("Before the first roll: {}", lower(name)),
            (Lang::Fr, Some(1)) => format!("Après 1 lancer : {}", lower(name)),
            (Lang::En, Some(1)) => format!("After 1 roll: {}", lower(name)),
            (Lang::Fr, Some(n)) => format!("Après {n} lancers : {}", lower(name)),
            (Lang::En, Some(n)) => format!("After {n} rolls: {}", lower(name)),
        }
    }
}

/// "Les dés de l'app" → "les dés de l'app" (the name after a colon).
fn lower(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_of_dice_is_worded_in_each_language() {
        assert_eq!(
            Lang::Fr.dice_change(WhoseDice::Table, Some(3)),
            "Après 3 lancers : les vrais dés de la table"
        );
        assert_eq!(
            Lang::En.dice_change(WhoseDice::App, None),
            "At the start: the app's dice"
        );
        assert_eq!(
            Lang::En.dice_change(WhoseDice::Table, Some(1)),
            "After 1 roll: the table's real dice"
        );
        assert_eq!(Lang::Fr.dice_now(WhoseDice::App), "Dés : les dés de l'app");
    }
}
