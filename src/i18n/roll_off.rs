//! The roll-off for the first player when each player throws two dice and
//! their value is the sum (Séquence Dés): what to roll, what to enter, and
//! a value shown as a sum, never as one die.

use super::Lang;

texts! {
    /// The labels of a roll-off on sums of two dice.
    Lang::roll_off_sums() -> RollOffSumTexts;
    roll_all: "Lancer deux dés pour chacun", "Roll two dice for each";
    enter:
        "Ou saisissez la somme des deux vrais dés de chacun : touchez un joueur, puis la somme.",
        "Or enter the sum of each player's two real dice: tap a player, then the sum.";
    record: "Inscrire ces sommes", "Record these sums";
    /// Beside a player's value: the value is a sum.
    sum: "somme", "sum";
}

impl Lang {
    /// "Somme de 2 dés : 8", "Sum of 2 dice: 8".
    pub fn roll_off_sum(self, dice: usize, value: u32) -> String {
        let label = match self {
            Lang::Fr => format!("Somme de {}", self.dice_count(dice)),
            Lang::En => format!("Sum of {}", self.dice_count(dice)),
        };
        self.labelled(&label, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_is_labelled_in_each_language() {
        assert_eq!(Lang::Fr.roll_off_sum(2, 8), "Somme de 2 dés : 8");
        assert_eq!(Lang::En.roll_off_sum(2, 8), "Sum of 2 dice: 8");
    }
}
