//! The letter-dice word game's words, French and English.

use super::Lang;
use crate::core::words::{Error, THEME_CARDS};

texts! {
    /// The letter-dice word game's labels.
    Lang::words() -> WordsTexts;
    title: "Dés à lettres", "Letter Dice";
    blurb:
        "Un thème, cinq dés de lettres, un dé de couleurs : trouvez vite un mot qui contient le plus de lettres des dés. De 2 à 6.",
        "A theme, five letter dice, a colour die: quickly find a word with as many of the dice letters as you can. 2 to 6 players.";
    card: "Carte de thèmes", "Theme card";
    card_n: "Carte", "Card";
    variants: "Variantes", "Variants";
    limited: "Propositions limitées", "Limited proposals";
    limited_blurb:
        "2 jetons par joueur au centre à chaque manche ; on continue de proposer après un mot valide ; la manche finit quand le centre est vide.",
        "2 tokens per player go to the centre each round; players keep proposing after a valid word; the round ends when the centre is empty.";
    open_themes: "Thèmes ouverts", "Open themes";
    open_themes_blurb:
        "Pas de dé de thème : tous les thèmes de la carte ; un mot valide ferme son thème ; la manche finit quand les six sont fermés.",
        "No theme die: any theme of the card; a valid word closes its theme; the round ends when all six are closed.";
    timer: "Minuteur de manche", "Round timer";
    timer_off: "Sans", "Off";
    roll_theme: "Lancer le dé de thème", "Roll the theme die";
    or_theme:
        "…ou touchez le thème que montre le vrai dé :",
        "…or tap the theme the real die shows:";
    roll_dice: "Lancer les 6 dés", "Roll the 6 dice";
    or_dice: "…ou saisissez les vrais dés :", "…or enter the real dice:";
    colour_die: "Dé de couleurs", "Colour die";
    confirm_dice: "Valider ces dés", "Use these dice";
    theme: "Thème", "Theme";
    any_theme: "Tous les thèmes de la carte", "Any theme of the card";
    initial: "Initiale imposée", "Words start with";
    black_face: "Face noire", "Black face";
    black_rule:
        "Un mot du thème sans aucune lettre des dés : le premier gagne 4 jetons. Un mot avec une lettre des dés coûte 4 jetons à son auteur.",
        "A word of the theme with none of the dice letters: the first one wins 4 tokens. A word with a dice letter costs its author 4 tokens.";
    who_speaks: "Qui parle ?", "Who is speaking?";
    word: "Mot annoncé", "Word said";
    propose: "Proposer", "Propose";
    accept: "✓ Accepter", "✓ Accept";
    reject: "✗ Refuser", "✗ Reject";
    no_dice_letter: "Aucune lettre des dés ✓", "No dice letter ✓";
    time_up: "Temps écoulé !", "Time's up!";
    restart_timer: "Relancer le minuteur", "Restart the timer";
    timer_paused: "En pause : proposition en cours", "Paused: a word is being entered";
    everyone_passes: "Ceux qui n'ont rien dit passent", "Those who said nothing pass";
    done_round: "A fini la manche", "Done this round";
    closed: "fermé", "closed";
    tokens: "jetons", "tokens";
}

impl Lang {
    /// A theme of a card, in this language.
    pub fn theme_name(self, card: usize, theme: usize) -> &'static str {
        let (fr, en) = THEME_CARDS[card.min(THEME_CARDS.len() - 1)][theme % 6];
        self.pick(fr, en)
    }

    /// "Manche 3 · Anne lance les dés".
    pub fn words_roller(self, round: usize, name: &str) -> String {
        self.pick(
            format!("Manche {round} · {name} lance les dés"),
            format!("Round {round} · {name} rolls"),
        )
    }

    /// "Manche 3 · tout le monde cherche".
    pub fn words_playing(self, round: usize) -> String {
        self.pick(
            format!("Manche {round} · tout le monde cherche"),
            format!("Round {round} · everybody plays"),
        )
    }

    /// "0:42".
    pub fn clock(self, ms: u64) -> String {
        let s = ms.div_ceil(1000);
        format!("{}:{:02}", s / 60, s % 60)
    }

    /// "Centre : 62 jetons · réserve : 20".
    pub fn words_pots(self, centre: u32, reserve: Option<u32>) -> String {
        let tokens = self.words().tokens;
        match (self, reserve) {
            (Lang::Fr, None) => format!("Centre : {centre} {tokens}"),
            (Lang::Fr, Some(r)) => format!("Centre : {centre} {tokens} · réserve : {r}"),
            (Lang::En, None) => format!("Centre: {centre} {tokens}"),
            (Lang::En, Some(r)) => format!("Centre: {centre} {tokens} · reserve: {r}"),
        }
    }

    /// "dé vert", "green die".
    pub fn die_of(self, colour: crate::core::dice_kinds::DieColour) -> String {
        self.pick(
            format!("dé {}", self.colour_name(colour)),
            format!("{} die", self.colour_name(colour)),
        )
    }

    /// "+3 jetons", "+1 token".
    pub fn plus_tokens(self, n: u32) -> String {
        match (self, n) {
            (Lang::Fr, 0 | 1) => format!("+{n} jeton"),
            (Lang::Fr, _) => format!("+{n} jetons"),
            (Lang::En, 1) => format!("+{n} token"),
            (Lang::En, _) => format!("+{n} tokens"),
        }
    }

    /// "3 jetons", "1 token".
    pub fn n_tokens(self, n: u32) -> String {
        match (self, n) {
            (Lang::Fr, 0 | 1) => format!("{n} jeton"),
            (Lang::Fr, _) => format!("{n} jetons"),
            (Lang::En, 1) => format!("{n} token"),
            (Lang::En, _) => format!("{n} tokens"),
        }
    }

    /// The black face: the dice letters a word contains.
    pub fn has_dice_letters(self, found: &str) -> String {
        self.pick(
            format!("Contient {found} : coûterait 4 jetons"),
            format!("Contains {found}: would cost 4 tokens"),
        )
    }

    /// "Anne parle en dernier : ce mot ne rapportera rien."
    pub fn last_speaker(self, name: &str, silent: usize) -> String {
        match (self, silent) {
            (Lang::Fr, 1) => format!("{name} parle en dernier : ce mot ne rapporte rien."),
            (Lang::Fr, _) => {
                format!("{name} est parmi les deux derniers : ce mot ne rapporte rien.")
            }
            (Lang::En, 1) => format!("{name} speaks last: this word scores nothing."),
            (Lang::En, _) => format!("{name} is among the last two: this word scores nothing."),
        }
    }

    /// "La table accepte-t-elle « Brejnev » d'Anne ?"
    pub fn judge_prompt(self, name: &str, word: &str) -> String {
        self.pick(
            format!("{name} : « {word} ». La table l'accepte-t-elle ?"),
            format!("{name}: “{word}”. Does the table accept it?"),
        )
    }

    /// "Anne passe", "Anne passes".
    pub fn passes(self, name: &str) -> String {
        self.pick(format!("{name} passe"), format!("{name} passes"))
    }

    pub fn words_awarded(self, name: &str, word: &str, tokens: u32, last: bool) -> String {
        match (self, last) {
            (Lang::Fr, false) => format!("{name} · « {word} » : {}", self.plus_tokens(tokens)),
            (Lang::En, false) => format!("{name} · “{word}”: {}", self.plus_tokens(tokens)),
            (Lang::Fr, true) => format!("{name} · « {word} » : dernier à parler, 0 jeton"),
            (Lang::En, true) => format!("{name} · “{word}”: spoke last, 0 tokens"),
        }
    }

    pub fn words_rejected(self, name: &str, word: &str) -> String {
        self.pick(
            format!(
                "{name} · « {word} » : mot refusé par la table, {name} peut proposer un autre mot"
            ),
            format!(
                "{name} · “{word}”: word rejected by the table, {name} may propose another one"
            ),
        )
    }

    pub fn words_penalty(self, name: &str, word: &str, tokens: u32) -> String {
        match self {
            Lang::Fr => format!(
                "{name} · « {word} » contient une lettre des dés : −{}",
                self.n_tokens(tokens)
            ),
            Lang::En => format!(
                "{name} · “{word}” has a dice letter: −{}",
                self.n_tokens(tokens)
            ),
        }
    }

    pub fn words_round_over(self) -> &'static str {
        self.pick("Fin de la manche.", "End of the round.")
    }

    /// How far a game has gone, on its line on the home screen.
    pub fn words_progress(self, round: usize, centre: u32) -> String {
        self.pick(
            format!("manche {round}, {centre} au centre"),
            format!("round {round}, {centre} in the centre"),
        )
    }

    pub fn words_error(self, error: &Error) -> String {
        match (self, error) {
            (_, Error::Setup(e)) => self.setup_error(e),
            (_, Error::First(e)) => self.first_player_error(e),
            (Lang::Fr, Error::BadCard) => "Choisissez une des quatre cartes de thèmes.".into(),
            (Lang::En, Error::BadCard) => "Choose one of the four theme cards.".into(),
            (_, Error::GameOver) => self.game_is_over(),
            (Lang::Fr, Error::NotNow) => "Pas maintenant : lancez d'abord les dés.".into(),
            (Lang::En, Error::NotNow) => "Not now: roll the dice first.".into(),
            (Lang::Fr, Error::NotAFace) => "Ce n'est pas une face de ce dé.".into(),
            (Lang::En, Error::NotAFace) => "That is not a face of this die.".into(),
            (Lang::Fr, Error::NotPlaying(_)) => {
                "Ce joueur a déjà fini la manche : choisissez qui parle.".into()
            }
            (Lang::En, Error::NotPlaying(_)) => {
                "This player is done for this round: choose who is speaking.".into()
            }
            (Lang::Fr, Error::AwaitingJudgement) => {
                "La table doit d'abord accepter ou refuser le mot annoncé.".into()
            }
            (Lang::En, Error::AwaitingJudgement) => {
                "The table must first accept or reject the word on the table.".into()
            }
            (Lang::Fr, Error::NoWord) => "Tapez le mot annoncé (des lettres).".into(),
            (Lang::En, Error::NoWord) => "Type the word that was said (letters).".into(),
            (Lang::Fr, Error::WrongInitial(c)) => format!("Le mot doit commencer par {c}."),
            (Lang::En, Error::WrongInitial(c)) => format!("The word must start with {c}."),
            (Lang::Fr, Error::ThemeNeeded) => "Choisissez le thème que vise ce mot.".into(),
            (Lang::En, Error::ThemeNeeded) => "Choose the theme this word is for.".into(),
            (Lang::Fr, Error::ThemeClosed(_)) => "Ce thème est déjà fermé pour la manche.".into(),
            (Lang::En, Error::ThemeClosed(_)) => "That theme is already closed this round.".into(),
        }
    }
}
