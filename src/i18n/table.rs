//! One game on several phones: the words of the table screen, the link's
//! states and its refusals.

use super::Lang;
use crate::core::link::wire::{JoinRefusal, TableRefusal};
use crate::core::link::OpenFailure;

texts! {
    /// The labels of one game played on several phones.
    Lang::table() -> TableTexts;
    title: "Jouer sur plusieurs téléphones", "Play on several phones";
    open: "Jouer sur plusieurs téléphones", "Play on several phones";
    blurb:
        "Chaque joueur joue sa place sur son téléphone : les autres scannent ce code avec l'appareil photo, ou ouvrent le lien.",
        "Each player plays their own seat on their own phone: the others scan this code with their camera, or open the link.";
    qr_label: "Code QR pour rejoindre la partie", "QR code to join the game";
    share: "Partager le lien", "Share the link";
    copy: "Copier le lien", "Copy the link";
    copied: "Lien copié.", "Link copied.";
    seats: "Places", "Seats";
    this_phone: "ce téléphone", "this phone";
    on_host: "sur le téléphone hôte", "on the host phone";
    connected: "téléphone connecté", "phone connected";
    away: "téléphone déconnecté", "phone away";
    left_table: "téléphone parti (il a quitté la table)", "phone gone (it left the table)";
    host_unseen: "le téléphone hôte (injoignable d'ici)", "the host phone (out of reach from here)";
    unseen:
        "un autre téléphone (connecté ou non : ce téléphone, coupé de l'hôte, ne peut pas le savoir)",
        "another phone (connected or not: this phone, cut off from the host, cannot tell)";
    open_seat: "libre pour un téléphone (jouée ici en attendant)", "free for a phone (played here meanwhile)";
    free_for_guest: "libre (jouée sur le téléphone hôte en attendant)", "free (played on the host phone meanwhile)";
    free_seat: "Libérer", "Free";
    offer_seat: "Céder", "Hand over";
    take_seat: "Sur ce téléphone", "On this phone";
    phones: "Téléphones à la table", "Phones at the table";
    send_away: "Renvoyer de la table", "Send away";
    keep_phone: "Annuler", "Cancel";
    not_sent_away:
        "Ce téléphone n'a pas pu tirer de nouveau secret pour la table : aucun téléphone n'a été renvoyé.",
        "This phone could not draw a new secret for the table: no phone was sent away.";
    pick_seat: "Qui joue sur ce téléphone ?", "Who plays on this phone?";
    pick_first:
        "Choisissez votre joueur (plusieurs si vous partagez ce téléphone) ou de regarder seulement, puis « Aller à la partie ».",
        "Pick your player (several if you share this phone) or to just watch, then Go to the game.";
    no_free_seat:
        "Aucune place libre : l'hôte peut en libérer une.",
        "No seat is free: the host can free one.";
    asking: "Envoyé à l'hôte : en attente de sa réponse…", "Sent to the host: waiting for its answer…";
    watch: "Regarder seulement", "Just watch";
    watching: "Vous regardez la partie.", "You are watching the game.";
    watching_here:
        "Ce téléphone regarde la partie. Pour jouer, prenez une place libre sous « Téléphones ».",
        "This phone is watching the game. To play, take a free seat under “Phones”.";
    seat_taken: "Cette place vient d'être prise par un autre téléphone.", "That seat was just taken by another phone.";
    to_game: "Aller à la partie", "Go to the game";
    table_button: "Téléphones", "Phones";
    leave: "Quitter la table", "Leave the table";
    hosting: "Table ouverte : les autres téléphones peuvent rejoindre.", "Table open: the other phones can join.";
    connecting: "Connexion à la table…", "Connecting to the table…";
    looking:
        "Table ouverte : on vérifie où sont les autres téléphones de la table…",
        "Table open: checking where the table's other phones are…";
    host_left: "L'hôte a quitté la table.", "The host has left the table.";
    you_left: "Vous avez quitté la table.", "You left the table.";
    already_hosted:
        "Un autre téléphone accueille déjà cette table : ce téléphone l'a rejointe, et on y joue comme avant.",
        "Another phone already hosts this table: this phone joined it, and plays on as before.";
    unsent:
        "Un message pour les autres téléphones était trop long pour partir : il n'a pas été envoyé.",
        "A message for the other phones was too long to leave: it was not sent.";
    other_game:
        "Ce coup est d'un autre jeu que celui de la table : il n'a pas été joué.",
        "This move is for another game than the table's: it was not played.";
    unanswered:
        "L'hôte ne répond pas encore : votre coup est gardé et envoyé à nouveau…",
        "No answer from the host yet: your move is kept and sent again…";
    never_reached:
        "Cette table ne répond pas : le téléphone de l'hôte est peut-être fermé ou hors ligne. Demandez un nouveau lien à la table.",
        "This table does not answer: the host's phone may be closed or offline. Ask the table for a new link.";
    carry_on: "Continuer ici, seul", "Carry on here, alone";
    host_here: "Héberger la partie ici", "Host it from here";
    next_game_here: "Nouvelle partie à cette table", "New game at this table";
    new_game_alone: "Nouvelle partie sur ce téléphone seul", "New game on this phone alone";
    next_game_by_host:
        "Le téléphone hôte lance la partie suivante : elle s'ouvrira ici, à votre place.",
        "The host phone starts the next game: it will open here, in your seat.";
    waiting_title: "En attente", "Waiting";
    roll_sent:
        "Dés lancés : l'hôte les enregistre…",
        "Dice thrown: the host is recording them…";
    roll_kept:
        "Dés lancés, hors ligne : ils partiront dès le retour de la connexion.",
        "Dice thrown, offline: they will go out as soon as the link is back.";
    offline_kept:
        "Hors ligne : vos coups partiront dès le retour de la connexion.",
        "Offline: your moves will go out as soon as the link is back.";
    relay_title: "Relais entre téléphones", "Relay between phones";
    relay_public: "Relais publics d'iroh (par défaut)", "iroh's public relays (default)";
    relay_check: "Vérifier le relais", "Check the relay";
    relay_ok: "Le relais répond.", "The relay answers.";
    relay_down: "Le relais ne répond pas.", "The relay does not answer.";
}

impl Lang {
    /// While the table opens (kept apart from [`TableTexts`]: the app's
    /// start carries these two lines, not the table's other texts).
    pub fn table_starting(self) -> &'static str {
        self.pick("Ouverture de la table…", "Opening the table…")
    }

    /// An invitation link that names no game.
    /// Why the table could not be opened here.
    pub fn open_failure(self, why: OpenFailure) -> &'static str {
        match why {
            OpenFailure::BadRelay => self.pick(
                "L'adresse du relais des réglages n'en est pas une : corrigez-la dans les réglages.",
                "The relay's address in the settings is not one: correct it in the settings.",
            ),
            OpenFailure::BadLink => self.table_bad_link(),
            OpenFailure::Network => self.pick(
                "Le réseau de ce téléphone n'a pas pu s'ouvrir : vérifiez sa connexion.",
                "This phone's network could not be opened: check its connection.",
            ),
            OpenFailure::RelayDown => self.table().relay_down,
            OpenFailure::DamagedCopy => self.pick(
                "La copie de cette partie sur ce téléphone est illisible : rejoignez la table par son lien.",
                "This phone's copy of the game cannot be read: join the table by its link.",
            ),
            OpenFailure::NoCopy => self.pick(
                "Ce téléphone n'a pas encore reçu la partie : il ne peut pas l'héberger.",
                "This phone has not received the game yet: it cannot host it.",
            ),
        }
    }

    pub fn table_bad_link(self) -> &'static str {
        self.pick(
            "Ce lien d'invitation est abîmé ou incomplet : demandez à l'hôte de le partager à nouveau.",
            "This invitation link is damaged or incomplete: ask the host to share it again.",
        )
    }

    /// Connected, the host phone named by its own players (`host`; none:
    /// just connected). "Connecté à la table, hébergée par le téléphone où
    /// joue Anne" (no "de" to elide before a vowel).
    pub fn connected_to(self, host: &[String]) -> String {
        let list = self.and_list(host);
        match host.len() {
            0 => self
                .pick("Connecté à la table.", "Connected to the table.")
                .into(),
            1 => self.pick(
                format!("Connecté à la table, hébergée par le téléphone où joue {list}."),
                format!("Connected to the table, hosted on {list}'s phone."),
            ),
            _ => self.pick(
                format!("Connecté à la table, hébergée par le téléphone où jouent {list}."),
                format!("Connected to the table, hosted on the phone of {list}."),
            ),
        }
    }

    /// The link dropped: trying again in `secs`, or now (`0`: dialling).
    pub fn link_lost(self, secs: u64) -> String {
        match secs {
            0 => self
                .pick(
                    "Connexion perdue — nouvel essai en cours…",
                    "Connection lost — trying again…",
                )
                .to_string(),
            _ => self.pick(
                format!("Connexion perdue — nouvel essai dans {secs}\u{a0}s."),
                format!("Connection lost — trying again in {secs}\u{a0}s."),
            ),
        }
    }

    /// The host has not answered for `secs` (still trying).
    pub fn host_unreachable(self, secs: u64) -> String {
        self.pick(
            format!("Le téléphone hôte ne répond plus depuis {secs}\u{a0}s (nouvel essai en cours). Vous pouvez héberger la partie ici."),
            format!("The host phone has not answered for {secs}\u{a0}s (still trying). You can host the game from here."),
        )
    }

    /// Who the phones wait for: "On attend Anne et Bruno, sur leur
    /// téléphone" (no "de" to elide before a vowel).
    pub fn waiting_for(self, names: &[String]) -> String {
        let list = self.and_list(names);
        // Each on their own: "sur leur téléphone", "on their phones".
        let (whose, phones) = match names.len() {
            1 => ("son", "phone"),
            _ => ("leur", "phones"),
        };
        self.pick(
            format!("On attend {list}, sur {whose} téléphone."),
            format!("Waiting for {list}, on their {phones}."),
        )
    }

    /// Who the phones wait for, by where each plays: on their own phone
    /// (`own`), on a phone not connected now (`away`: the table waits for
    /// it, a take-over left it its seat), or on the host's (`on_host`: its
    /// own player, or a seat no phone holds): "On attend Anne, dont le
    /// téléphone n'est pas connecté, et Chloé, sur le téléphone hôte."
    pub fn waiting_for_where(self, own: &[String], away: &[String], on_host: &[String]) -> String {
        self.waiting_for_at(own, &[], away, &[], on_host)
    }

    /// [`Lang::waiting_for_where`], with players who play on a phone
    /// shared with another (`shared`: the player, and the phone's first
    /// player): "On attend David, sur le téléphone où joue aussi Bruno."
    pub fn waiting_for_at(
        self,
        own: &[String],
        shared: &[(String, String)],
        away: &[String],
        left: &[String],
        on_host: &[String],
    ) -> String {
        let mut clauses = Vec::new();
        if !own.is_empty() {
            let list = self.and_list(own);
            clauses.push(match own.len() {
                1 => self.pick(
                    format!("{list}, sur son téléphone"),
                    format!("{list}, on their phone"),
                ),
                _ => self.pick(
                    format!("{list}, sur leur téléphone"),
                    format!("{list}, on their phones"),
                ),
            });
        }
        for (name, holder) in shared {
            clauses.push(self.pick(
                format!("{name}, sur le téléphone où joue aussi {holder}"),
                format!("{name}, on {holder}'s phone"),
            ));
        }
        if !away.is_empty() {
            let list = self.and_list(away);
            clauses.push(match away.len() {
                1 => self.pick(
                    format!("{list}, dont le téléphone n'est pas connecté"),
                    format!("{list}, whose phone is not connected"),
                ),
                _ => self.pick(
                    format!("{list}, dont les téléphones ne sont pas connectés"),
                    format!("{list}, whose phones are not connected"),
                ),
            });
        }
        if !left.is_empty() {
            let list = self.and_list(left);
            clauses.push(match left.len() {
                1 => self.pick(
                    format!("{list}, dont le téléphone a quitté la table"),
                    format!("{list}, whose phone left the table"),
                ),
                _ => self.pick(
                    format!("{list}, dont les téléphones ont quitté la table"),
                    format!("{list}, whose phones left the table"),
                ),
            });
        }
        if !on_host.is_empty() {
            let list = self.and_list(on_host);
            clauses.push(self.pick(
                format!("{list}, sur le téléphone hôte"),
                format!("{list}, on the host phone"),
            ));
        }
        let and = self.pick("et", "and");
        let said = match clauses.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{}, {and} {last}", init.join(", ")),
        };
        self.pick(format!("On attend {said}."), format!("Waiting for {said}."))
    }

    /// The host's offer while the table waits for `name`, whose phone is
    /// not connected: free the seat and play it on this phone (one tap).
    pub fn play_away_seat_here(self, name: &str) -> String {
        self.pick(
            format!("Jouer ici pour {name} (libère sa place)"),
            format!("Play for {name} here (frees their seat)"),
        )
    }

    /// This phone hosted the table, and while it was out of reach (its
    /// screen locked, say) another phone took it over — where `host`
    /// play (none: unknown): it is now a guest there, and its players
    /// play on, here.
    pub fn stepped_down(self, host: &[String]) -> String {
        let list = self.and_list(host);
        let there = match host.len() {
            0 => self
                .pick("sur un autre téléphone", "to another phone")
                .to_string(),
            1 => self.pick(
                format!("sur le téléphone où joue {list}"),
                format!("to {list}'s phone"),
            ),
            _ => self.pick(
                format!("sur le téléphone où jouent {list}"),
                format!("to the phone of {list}"),
            ),
        };
        self.pick(
            format!("Pendant que ce téléphone était en veille ou hors ligne, la table est passée {there}. Vous continuez de jouer ici, sur ce téléphone."),
            format!("While this phone was asleep or offline, the table moved {there}. You play on here, on this phone."),
        )
    }

    /// This phone hosts the table, and `phones` other phones (seated or
    /// watching) are connected to it.
    pub fn hosting_with(self, phones: usize) -> String {
        match (self, phones) {
            (Lang::Fr, 1) => "Table ouverte : 1 autre téléphone connecté.".to_string(),
            (Lang::Fr, n) => format!("Table ouverte : {n} autres téléphones connectés."),
            (Lang::En, 1) => "Table open: 1 other phone connected.".to_string(),
            (Lang::En, n) => format!("Table open: {n} other phones connected."),
        }
    }

    /// The table waits for a move of the whole table (a roll-off), which
    /// any player's phone makes.
    pub fn waiting_for_players(self) -> &'static str {
        self.pick(
            "On attend les joueurs, sur leurs téléphones.",
            "Waiting for the players, on their phones.",
        )
    }

    /// Every player has chosen; the choices of `names` are not shown yet:
    /// the table waits for their phones (one offline shows them when back).
    /// Of them, `away` play on a phone not connected now: said too.
    pub fn waiting_for_reveals(self, names: &[String], away: &[String]) -> String {
        let waiting = self.waiting_for_phones_to_show(names);
        let list = self.and_list(away);
        match away.len() {
            0 => waiting,
            1 => self.pick(
                format!("{waiting} Le téléphone où joue {list} n'est pas connecté."),
                format!("{waiting} {list}'s phone is not connected."),
            ),
            _ => self.pick(
                format!("{waiting} Les téléphones où jouent {list} ne sont pas connectés."),
                format!("{waiting} The phones of {list} are not connected."),
            ),
        }
    }

    fn waiting_for_phones_to_show(self, names: &[String]) -> String {
        // "où joue Bruno": no "de" to elide before a vowel ("d'Anne").
        let list = self.and_list(names);
        match names.len() {
            1 => self.pick(
                format!("Tout le monde a choisi : on attend que le téléphone où joue {list} montre son choix."),
                format!("Everyone has chosen: waiting for {list}'s phone to show the choice."),
            ),
            _ => self.pick(
                format!("Tout le monde a choisi : on attend que les téléphones où jouent {list} montrent leurs choix."),
                format!("Everyone has chosen: waiting for the phones of {list} to show their choices."),
            ),
        }
    }

    /// The host freed `name`'s seat: its phone plays it from now on.
    pub fn freed_seat_here(self, name: &str) -> String {
        self.pick(
            format!("Vous jouez maintenant la place de {name} sur ce téléphone, jusqu'à ce qu'un autre téléphone la prenne."),
            format!("You now play {name}'s seat on this phone, until another phone takes it."),
        )
    }

    /// "Anne, Bruno et Chloé" / "Anne, Bruno and Chloé".
    pub fn and_list(self, names: &[String]) -> String {
        match names {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} {} {last}", init.join(", "), self.pick("et", "and")),
        }
    }

    /// A relay address that is not one.
    pub fn relay_url_error(self) -> &'static str {
        self.pick(
            "Ce n'est pas une adresse de relais : elle commence par http:// ou https:// (le relais actuel est gardé).",
            "That is not a relay address: it starts with http:// or https:// (the current relay is kept).",
        )
    }

    /// Why the host turned this phone away.
    pub fn join_refusal(self, why: &JoinRefusal) -> String {
        match why {
            JoinRefusal::WrongSecret => self
                .pick(
                    "Ce lien n'ouvre pas (ou plus) cette table : demandez le lien actuel à l'hôte. Rien n'a changé.",
                    "This link does not (or no longer) open this table: ask the host for the current one. Nothing changed.",
                )
                .into(),
            JoinRefusal::Protocol { .. } => self
                .pick(
                    "Les deux téléphones n'ont pas la même version de Genius : mettez-les à jour.",
                    "The two phones run different versions of Genius: update them.",
                )
                .into(),
            JoinRefusal::NoSuchSeat(_) | JoinRefusal::SeatTaken(_) => {
                self.table().seat_taken.into()
            }
            JoinRefusal::SentAway => self
                .pick(
                    "L'hôte a renvoyé ce téléphone de la table : il faut une nouvelle invitation pour la rejoindre.",
                    "The host sent this phone away from the table: it takes a new invitation to join again.",
                )
                .into(),
            JoinRefusal::TableFull => self
                .pick(
                    "Cette table a déjà tous les téléphones qu'elle peut recevoir : ce téléphone ne peut pas la rejoindre.",
                    "This table already has as many phones as it can take: this phone cannot join it.",
                )
                .into(),
            JoinRefusal::NotThisPhone => self
                .pick(
                    "L'hôte ne reconnaît pas ce téléphone : un téléphone ne peut pas parler au nom d'un autre. Rouvrez le lien de la table.",
                    "The host does not recognise this phone: a phone cannot speak in another's name. Open the table's link again.",
                )
                .into(),
        }
    }

    /// Moves made on this phone that the table did not receive (its copy
    /// went its own way while the phone was away): to make again.
    pub fn dropped_moves(self, moves: usize) -> String {
        match (self, moves) {
            (Lang::Fr, 1) => "Votre dernier coup n'a pas atteint la table (ce téléphone était hors de portée) : rejouez-le s'il vaut encore.".into(),
            (Lang::Fr, n) => format!("{n} de vos coups n'ont pas atteint la table (ce téléphone était hors de portée) : rejouez-les s'ils valent encore."),
            (Lang::En, 1) => "Your last move did not reach the table (this phone was out of reach): make it again if it still applies.".into(),
            (Lang::En, n) => format!("{n} of your moves did not reach the table (this phone was out of reach): make them again if they still apply."),
        }
    }

    /// The host freed the seats of `names`, which this phone held.
    pub fn seats_lost(self, names: &[String]) -> String {
        let list = self.and_list(names);
        match (self, names.len()) {
            (Lang::Fr, 1) => format!(
                "Le téléphone hôte a libéré la place de {list} : ce téléphone ne la joue plus."
            ),
            (Lang::Fr, _) => format!(
                "Le téléphone hôte a libéré les places de {list} : ce téléphone ne les joue plus."
            ),
            (Lang::En, 1) => {
                format!("The host phone freed {list}'s seat: this phone no longer plays it.")
            }
            (Lang::En, _) => format!(
                "The host phone freed the seats of {list}: this phone no longer plays them."
            ),
        }
    }

    /// A phone of the table, as the host names it: by its players (none:
    /// the `n`-th phone watching).
    pub fn phone_of(self, names: &[String], n: usize) -> String {
        let list = self.and_list(names);
        match (self, names.is_empty()) {
            (Lang::Fr, false) => format!("Téléphone de {list}"),
            (Lang::Fr, true) => format!("Téléphone qui regarde ({n})"),
            (Lang::En, false) => format!("{list}'s phone"),
            (Lang::En, true) => format!("Phone watching ({n})"),
        }
    }

    /// Asked before the host sends `phone` (named by [`Lang::phone_of`])
    /// away.
    pub fn send_away_asked(self, phone: &str) -> String {
        match self {
            Lang::Fr => format!(
                "Renvoyer de la table : {phone} ? Ses places seront libérées (jouées ici), et il ne pourra revenir qu'avec une nouvelle invitation : le lien et le code QR changent pour les autres téléphones."
            ),
            Lang::En => format!(
                "Send {phone} away from the table? Its seats will be freed (played here), and it can come back only with a new invitation: the link and QR code change for the other phones."
            ),
        }
    }

    /// The host sent away the phone of `names` (none: a phone watching).
    pub fn sent_away(self, names: &[String]) -> String {
        let list = self.and_list(names);
        match (self, names.is_empty()) {
            (Lang::Fr, false) => format!(
                "Le téléphone de {list} a été renvoyé de la table : ses places sont libres, jouées ici. Le lien d'invitation a changé : partagez le nouveau."
            ),
            (Lang::Fr, true) => "Le téléphone a été renvoyé de la table. Le lien d'invitation a changé : partagez le nouveau.".into(),
            (Lang::En, false) => format!(
                "{list}'s phone was sent away from the table: its seats are free, played here. The invitation link changed: share the new one."
            ),
            (Lang::En, true) => "The phone was sent away from the table. The invitation link changed: share the new one.".into(),
        }
    }

    /// The choices of `names` could not be shown (their phone lost them)
    /// once others were: the coach's choice was played for them (a ruling).
    pub fn stood_in(self, names: &[String]) -> String {
        let names = names.join(", ");
        match self {
            Lang::Fr => format!(
                "Le choix de {names} n'a pas pu être montré : le choix du coach a été joué à sa place."
            ),
            Lang::En => format!(
                "{names}'s choice could not be shown: the coach's choice was played instead."
            ),
        }
    }

    /// This phone had committed `name`'s hidden choice and closed before
    /// keeping what it was: the player chooses again.
    pub fn choice_lost(self, name: &str) -> String {
        match self {
            Lang::Fr => format!(
                "Ce téléphone s'est fermé avant de garder le choix de {name} : {name} choisit à nouveau."
            ),
            Lang::En => {
                format!("This phone closed before keeping {name}'s choice: {name} chooses again.")
            }
        }
    }

    /// Another phone took back the table's last move: `name`'s (none: a
    /// phone holding no seat), a roll (`roll`: its dice are gone).
    pub fn taken_back(self, name: Option<&str>, roll: bool) -> String {
        let who = name.map_or_else(
            || self.pick("Un autre téléphone", "Another phone").to_string(),
            str::to_string,
        );
        match (self, roll) {
            (Lang::Fr, true) => format!("{who} a annulé le lancer : les dés sont à relancer."),
            (Lang::En, true) => {
                format!("{who} took the roll back: the dice are to be rolled again.")
            }
            (Lang::Fr, false) => format!("{who} a annulé le dernier coup."),
            (Lang::En, false) => format!("{who} took the last move back."),
        }
    }

    /// A move of this phone refused because another phone's reached the
    /// host first (`name`: whose it was, if a player's).
    pub fn played_first(self, name: Option<&str>) -> String {
        match (self, name) {
            (Lang::Fr, Some(name)) => {
                format!("{name} a joué avant vous : votre coup n'a pas compté.")
            }
            (Lang::En, Some(name)) => format!("{name} played first: your move did not count."),
            (Lang::Fr, None) => {
                "Un autre téléphone a joué avant vous : votre coup n'a pas compté.".into()
            }
            (Lang::En, None) => "Another phone played first: your move did not count.".into(),
        }
    }

    /// Why a move was refused at the table; `rules` words the game's own.
    pub fn table_refusal<E>(
        self,
        why: &TableRefusal<E>,
        rules: impl FnOnce(&E) -> String,
    ) -> String {
        let text = match why {
            TableRefusal::Rules(e) => return rules(e),
            TableRefusal::AlreadyRolled => self.pick(
                "Les dés de l'application ont déjà été lancés pour ce coup.",
                "The app's dice were already thrown for this move.",
            ),
            TableRefusal::TableDice => self.dice().table_dice,
            TableRefusal::SameDice => self.dice().same_dice,
            TableRefusal::Watching => self.pick(
                "Ce téléphone regarde la partie : choisissez une place pour jouer.",
                "This phone is watching: pick a seat to play.",
            ),
            TableRefusal::NotYourSeat { .. } => self.pick(
                "Ce coup est celui d'un autre joueur, sur son téléphone.",
                "That move is another player's, on their phone.",
            ),
            TableRefusal::NothingToUndo => self.pick("Rien à annuler.", "Nothing to undo."),
            TableRefusal::NothingToRedo => self.pick("Rien à rétablir.", "Nothing to redo."),
            TableRefusal::OthersMove => self.pick(
                "Ce coup a été joué sur un autre téléphone : c'est là qu'il s'annule.",
                "That move was made on another phone: it is taken back there.",
            ),
            TableRefusal::NotJoined => self.pick(
                "Pas encore à la table : un instant.",
                "Not at the table yet: one moment.",
            ),
            TableRefusal::TooLarge => self.pick("Trop long pour être envoyé.", "Too long to send."),
            TableRefusal::DiceSwitch => self.pick(
                "À la table, seuls l'hôte et le joueur dont c'est le tour changent les dés.",
                "At a table, only the host and the player to move switch the dice.",
            ),
            TableRefusal::TooManyWaiting => self.pick(
                "Trop de coups attendent la connexion : attendez son retour.",
                "Too many moves are waiting for the link: wait until it is back.",
            ),
            TableRefusal::Stale => self.pick(
                "Ce coup n'a pas compté : l'hôte a rouvert la table depuis, et la partie a pu changer. Rejouez-le s'il vaut encore.",
                "That move did not count: the host reopened the table since, and the game may have changed. Make it again if it still applies.",
            ),
            TableRefusal::Revealing => self.pick(
                "Tout le monde a choisi : la table montre les choix, un instant.",
                "Everyone has chosen: the table is showing the choices, one moment.",
            ),
            TableRefusal::Shown => self.pick(
                "Ce choix a déjà été montré à la table : il est définitif.",
                "That choice was already shown to the table: it is final.",
            ),
            TableRefusal::BadSeal => self.pick(
                "La table n'a pas pu vérifier ce choix caché.",
                "The table could not check this hidden choice.",
            ),
            TableRefusal::Withdrawals => self.pick(
                "Ce choix a été retiré trop de fois pendant ce tour : celui qui est fait reste.",
                "That choice was taken back too many times this round: the one made stands.",
            ),
        };
        text.into()
    }
}

/// Leaving a table, asked first (issue 50): what the phone keeps, and the
/// choices. Functions rather than a table of labels: only the table's own
/// part of the web build carries them.
impl Lang {
    /// What this phone keeps if it leaves: its copy of the game, played on
    /// here alone for its `players` players, listed with the games in
    /// progress.
    pub fn leaving_keeps(self, players: usize) -> String {
        let listed = self.game().in_progress;
        self.pick(
            format!("En quittant la table, ce téléphone garde sa copie de la partie : vous pourrez la continuer ici, seul, en jouant pour les {players}\u{a0}joueurs. Elle reste dans « {listed} »."),
            format!("If you leave the table, this phone keeps its copy of the game: you can go on with it here alone, playing for all {players}\u{a0}players. It stays in “{listed}”."),
        )
    }

    /// The choices when leaving: leave and keep the copy, leave and delete
    /// it, stay at the table.
    pub fn leaving_choices(self) -> [&'static str; 3] {
        self.pick(
            [
                "Quitter et garder",
                "Quitter et supprimer",
                "Rester à la table",
            ],
            ["Leave, keep it", "Leave, delete it", "Stay at the table"],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waiting_line_names_everyone_in_each_language() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            Lang::En.waiting_for(&names(&["Anne", "Bruno", "Chloé"])),
            "Waiting for Anne, Bruno and Chloé, on their phones."
        );
        assert_eq!(
            Lang::Fr.waiting_for(&names(&["Anne"])),
            "On attend Anne, sur son téléphone."
        );
        // A seat the host's phone plays (a freed one) is not on its own phone.
        assert_eq!(
            Lang::Fr.waiting_for_where(&[], &[], &names(&["Chloé"])),
            "On attend Chloé, sur le téléphone hôte."
        );
        assert_eq!(
            Lang::En.waiting_for_where(&names(&["Bruno"]), &[], &names(&["Chloé"])),
            "Waiting for Bruno, on their phone, and Chloé, on the host phone."
        );
        assert_eq!(
            Lang::Fr.waiting_for_where(&names(&["Bruno"]), &[], &[]),
            Lang::Fr.waiting_for(&names(&["Bruno"]))
        );
        // A seat whose phone is away (a locked host, after a take-over):
        // the table waits for it, and says its phone is not connected.
        assert_eq!(
            Lang::Fr.waiting_for_where(&names(&["Bruno"]), &names(&["Anne"]), &names(&["Chloé"])),
            "On attend Bruno, sur son téléphone, Anne, dont le téléphone n'est pas connecté, et Chloé, sur le téléphone hôte."
        );
        assert_eq!(
            Lang::En.waiting_for_where(&[], &names(&["Anne"]), &[]),
            "Waiting for Anne, whose phone is not connected."
        );
        assert_eq!(
            Lang::En.waiting_for_reveals(&names(&["Anne", "Bruno"]), &names(&["Anne"])),
            "Everyone has chosen: waiting for the phones of Anne and Bruno to show their choices. Anne's phone is not connected."
        );
        // A phone that said goodbye is gone, not "not connected".
        assert_eq!(
            Lang::En.waiting_for_at(&[], &[], &[], &names(&["Bruno"]), &[]),
            "Waiting for Bruno, whose phone left the table."
        );
        // David plays on Bruno's phone: not "on his phone".
        assert_eq!(
            Lang::Fr.waiting_for_at(&[], &[("David".into(), "Bruno".into())], &[], &[], &[]),
            "On attend David, sur le téléphone où joue aussi Bruno."
        );
        assert_eq!(
            Lang::En.waiting_for_at(
                &names(&["Chloé"]),
                &[("David".into(), "Bruno".into())],
                &[],
                &[],
                &[]
            ),
            "Waiting for Chloé, on their phone, and David, on Bruno's phone."
        );
        // Woken after a take-over: where the table went, and that its
        // player plays on here (not "there", not "in its place").
        let woken = Lang::Fr.stepped_down(&names(&["Bruno"]));
        assert!(
            woken.contains("le téléphone où joue Bruno") && woken.contains("ici"),
            "{woken}"
        );
        assert!(
            !woken.contains("là-bas") && !woken.contains("à sa place"),
            "{woken}"
        );
        assert_eq!(
            Lang::En.stepped_down(&[]),
            "While this phone was asleep or offline, the table moved to another phone. You play on here, on this phone."
        );
        assert_eq!(Lang::En.connected_to(&[]), "Connected to the table.");
        assert_eq!(
            Lang::Fr.connected_to(&names(&["Anne"])),
            "Connecté à la table, hébergée par le téléphone où joue Anne."
        );
        assert_eq!(
            Lang::En.connected_to(&names(&["Anne"])),
            "Connected to the table, hosted on Anne's phone."
        );
        assert_eq!(
            Lang::En.connected_to(&names(&["Anne", "Bruno"])),
            "Connected to the table, hosted on the phone of Anne and Bruno."
        );
    }

    /// Issue 50: "depuis 24 / s" broke between a count of seconds and its
    /// unit; a no-break space holds them together, in both languages.
    #[test]
    fn seconds_stay_with_their_unit() {
        for lang in [Lang::Fr, Lang::En] {
            for line in [lang.host_unreachable(24), lang.link_lost(24)] {
                assert!(line.contains("24\u{a0}s"), "{line}");
                assert!(!line.contains("24 s"), "{line}");
            }
        }
    }
}
