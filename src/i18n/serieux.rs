//! Mode Sérieux: its title and why a move was refused.

use super::Lang;
use crate::core::serieux::Error;

pub struct SerieuxTexts {
    pub title: &'static str,
    pub blurb: &'static str,
}

static FR: SerieuxTexts = SerieuxTexts {
    title: "Mode Sérieux",
    blurb: "Genius en cinq manches : rangez les dés, seuls les nombres premiers s'inscrivent.",
};

static EN: SerieuxTexts = SerieuxTexts {
    title: "Mode Sérieux",
    blurb: "Genius over five rounds: sort the dice, only primes are written.",
};

impl Lang {
    pub fn serieux(self) -> &'static SerieuxTexts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

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
