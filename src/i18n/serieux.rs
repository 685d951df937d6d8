//! Mode Sérieux: its title and why a move was refused.

use super::Lang;
use crate::core::serieux::Error;

texts! {
    /// Mode Sérieux's labels.
    Lang::serieux() -> SerieuxTexts;
    title: "Mode Sérieux", "Mode Sérieux";
    blurb:
        "Genius en cinq manches : rangez les dés, seuls les nombres premiers s'inscrivent.",
        "Genius over five rounds: sort the dice, only primes are written.";
}

impl Lang {
    /// Why a move of Mode Sérieux was refused.
    pub fn serieux_error(self, error: &Error) -> String {
        match error {
            Error::Setup(e) => self.setup_error(e),
            Error::Dice(e) => self.entry_error(e),
            Error::First(e) => self.first_player_error(e),
            Error::GameOver => self.game_is_over(),
            _ => self.not_possible_now(),
        }
    }
}
