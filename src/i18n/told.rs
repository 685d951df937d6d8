//! What a game screen tells its player, worded when it is shown: a screen
//! keeps the reason ([`crate::core::told`]), and the words come in the
//! language of the moment it is drawn (a player who switches language
//! mid-game reads it in the new one). The game's own reasons are worded by
//! the game's texts, which the caller passes (`rules`): each game's screens
//! carry their own game's words, not the six games'.

use super::Lang;
use crate::core::told::{NotPlayed, TableNotice, Told};

impl Lang {
    /// Why a move was not played; `rules` words the game's own reason.
    pub fn not_played<E>(self, why: &NotPlayed<E>, rules: impl FnOnce(&E) -> String) -> String {
        match why {
            NotPlayed::Session(refusal) => self.session_refusal(refusal, rules),
            NotPlayed::Table(denied) => self.table_refusal(denied, rules),
            NotPlayed::Rules(e) => rules(e),
            NotPlayed::OutOfTurn { to_play } => self.to_play(to_play),
            NotPlayed::NoSpeaker => self.words().who_speaks.into(),
            NotPlayed::PlayedFirst { by } => self.played_first(by.as_deref()),
            NotPlayed::OtherGame => self.table().other_game.into(),
        }
    }

    /// What the table did to this phone's place or game.
    pub fn table_notice(self, notice: &TableNotice) -> String {
        match notice {
            TableNotice::AlreadyHosted => self.table().already_hosted.into(),
            TableNotice::Dropped { moves } => self.dropped_moves(*moves),
            TableNotice::SteppedDown { host } => self.stepped_down(host),
            TableNotice::ChoiceLost { name } => self.choice_lost(name),
            TableNotice::SeatsLost { names } => self.seats_lost(names),
            TableNotice::Unsent => self.table().unsent.into(),
            TableNotice::TakenBack { by, roll } => self.taken_back(by.as_deref(), *roll),
            TableNotice::StoodIn { names } => self.stood_in(names),
            TableNotice::SentAway { names } => self.sent_away(names),
            TableNotice::NotSentAway => self.table().not_sent_away.into(),
        }
    }

    /// What the table last told this phone: the notices one after the
    /// other; `rules` words the game's own reason for a move refused.
    pub fn told<E>(self, told: &Told<E>, rules: impl FnOnce(&E) -> String) -> String {
        match told {
            Told::NotPlayed(why) => self.not_played(why, rules),
            Told::Table(notices) => (notices.iter())
                .map(|notice| self.table_notice(notice))
                .collect::<Vec<String>>()
                .join(" "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::genius::Error;
    use crate::core::link::wire::TableRefusal;
    use crate::core::session::SessionRefusal;

    fn genius(lang: Lang) -> impl Fn(&Error) -> String {
        move |e| lang.genius_error(e)
    }

    #[test]
    fn notices_are_told_one_after_the_other_in_the_language_shown() {
        let told: Told<Error> = Told::Table(vec![
            TableNotice::Dropped { moves: 1 },
            TableNotice::SeatsLost {
                names: vec!["Anne".into(), "Bruno".into()],
            },
        ]);
        assert_eq!(
            Lang::En.told(&told, genius(Lang::En)),
            "Your last move did not reach the table (this phone was out of reach): \
             make it again if it still applies. \
             The host phone freed the seats of Anne and Bruno: this phone no longer plays them."
        );
        assert_eq!(
            Lang::Fr.told(&told, genius(Lang::Fr)),
            "Votre dernier coup n'a pas atteint la table (ce téléphone était hors de portée) : \
             rejouez-le s'il vaut encore. \
             Le téléphone hôte a libéré les places de Anne et Bruno : ce téléphone ne les joue plus."
        );
    }

    #[test]
    fn a_move_not_played_is_worded_by_its_reason() {
        let out_of_turn = NotPlayed::<Error>::OutOfTurn {
            to_play: "Anne".into(),
        };
        assert_eq!(
            Lang::Fr.not_played(&out_of_turn, genius(Lang::Fr)),
            "À Anne de jouer"
        );
        assert_eq!(
            Lang::En.not_played(&out_of_turn, genius(Lang::En)),
            "Anne to play"
        );
        // The game's own reason, worded by the game's texts, wherever it
        // was refused: on this phone, at the table, or before any move.
        let own = Lang::En.genius_error(&Error::NotNow);
        for why in [
            NotPlayed::Rules(Error::NotNow),
            NotPlayed::Session(SessionRefusal::Rules(Error::NotNow)),
            NotPlayed::Table(TableRefusal::Rules(Error::NotNow)),
        ] {
            assert_eq!(Lang::En.not_played(&why, genius(Lang::En)), own);
        }
        // The session's and the table's refusals of typed dice are not
        // worded alike: the session says how to get the dice back.
        let here = NotPlayed::<Error>::Session(SessionRefusal::AlreadyRolled);
        let there = NotPlayed::<Error>::Table(TableRefusal::AlreadyRolled);
        assert!(Lang::En
            .not_played(&here, genius(Lang::En))
            .contains("roll again"));
        assert_eq!(
            Lang::En.not_played(&there, genius(Lang::En)),
            "The app's dice were already thrown for this move."
        );
        let first = NotPlayed::<Error>::PlayedFirst { by: None };
        assert_eq!(
            Lang::Fr.not_played(&first, genius(Lang::Fr)),
            "Un autre téléphone a joué avant vous : votre coup n'a pas compté."
        );
        assert_eq!(
            Lang::En.not_played(&NotPlayed::<Error>::NoSpeaker, genius(Lang::En)),
            "Who is speaking?"
        );
    }

    #[test]
    fn every_notice_is_worded_in_both_languages() {
        let anne = || "Anne".to_string();
        let notices = [
            TableNotice::AlreadyHosted,
            TableNotice::Dropped { moves: 3 },
            TableNotice::SteppedDown { host: vec![anne()] },
            TableNotice::ChoiceLost { name: anne() },
            TableNotice::SeatsLost {
                names: vec![anne()],
            },
            TableNotice::Unsent,
            TableNotice::TakenBack {
                by: Some(anne()),
                roll: false,
            },
            TableNotice::StoodIn {
                names: vec![anne()],
            },
            TableNotice::SentAway {
                names: vec![anne()],
            },
            TableNotice::SentAway { names: Vec::new() },
            TableNotice::NotSentAway,
        ];
        for notice in &notices {
            let (fr, en) = (Lang::Fr.table_notice(notice), Lang::En.table_notice(notice));
            assert!(!fr.is_empty() && !en.is_empty() && fr != en, "{notice:?}");
        }
        assert_eq!(
            Lang::En.table_notice(&notices[6]),
            "Anne took the last move back."
        );
    }
}
