//! The history, statistics, players and sharing screens' words.

use super::Lang;
use crate::core::export::ImportError;
use crate::core::genius::Halves;
use crate::core::history::{CsvWords, Outcome, Points, Variant};
use crate::core::save::LoadError;
use crate::platform::Handed;

texts! {
    /// The labels of the history, statistics and players screens.
    Lang::history() -> HistoryTexts;
    title: "Historique et statistiques", "History and statistics";
    blurb:
        "Les parties terminées, qui gagne le plus, les feuilles à garder et à partager.",
        "Finished games, who wins most, score sheets to keep and share.";
    games_tab: "Parties", "Games";
    stats_tab: "Statistiques", "Statistics";
    players_tab: "Joueurs", "Players";
    empty:
        "Aucune partie terminée pour l'instant : elles apparaîtront ici à la fin de chaque partie.",
        "No finished game yet: games appear here when they end.";
    view: "Voir la feuille", "See the sheet";
    export: "Exporter", "Export";
    export_all: "Tout exporter (JSON)", "Export everything (JSON)";
    export_csv: "Scores (CSV)", "Scores (CSV)";
    import: "Importer un fichier", "Import a file";
    import_hint:
        "Un export de Genius (.json, ou .json.txt une fois passé par le menu Partager) ou une partie sauvegardée, 4 Mo au plus.",
        "A Genius export (.json, or .json.txt once through the share menu) or one saved game, 4 MB at most.";
    read_only: "Partie terminée, en lecture seule.", "Finished game, read only.";
    player: "Joueur", "Player";
    played: "Parties", "Games";
    wins: "Victoires", "Wins";
    best: "Meilleur", "Best";
    average: "Moyenne", "Average";
    series: "Série", "Series";
    best_alone: "Record personnel", "personal best";
    chart: "Scores au fil des parties", "Scores game after game";
    chart_x: "Parties, de la plus ancienne à la plus récente", "Games, oldest to newest";
    chart_y: "Points", "Points";
    rename: "Renommer", "Rename";
    rename_ok: "Valider", "Save";
    cancel: "Annuler", "Cancel";
    renames: "Renommages", "Renames";
    undo_rename: "Défaire", "Undo";
    players_hint:
        "Renommer un joueur change son nom partout dans l'historique et les statistiques ; lui donner le nom d'un autre joueur fusionne les deux.",
        "Renaming a player changes their name everywhere in the history and statistics; giving them another player's name merges the two.";
    csv_header as [&'static str; 7]:
        ["Date", "Jeu", "Variante", "Joueur", "Score", "Place", "Gagnant"],
        ["Date", "Game", "Variant", "Player", "Score", "Place", "Winner"];
    yes: "oui", "yes";
    no: "non", "no";
}

impl Lang {
    /// The best total of game `title` played alone: "Record personnel
    /// Einstein (solo) : 42" / "Einstein personal best (solo): 42" (a space
    /// before the colon in French only).
    pub fn best_alone_line(self, title: &str, best: i64) -> String {
        let label = self.history().best_alone;
        // A typographic minus, as in every other score.
        let best = if best < 0 {
            format!("−{}", -best)
        } else {
            best.to_string()
        };
        self.pick(
            format!("{label} {title} (solo) : {best}"),
            format!("{title} {label} (solo): {best}"),
        )
    }

    /// The decimal mark: 8,5 or 8.5.
    pub fn decimal_mark(self) -> char {
        self.pick(',', '.')
    }

    /// A score as the rest of the app writes points: 17, 8,5, −7.
    pub fn score(self, p: Points) -> String {
        self.points(Halves(p.0.clamp(i32::MIN.into(), i32::MAX.into()) as i32))
    }

    /// The mode or sheet a game was played with ("" when there is none).
    pub fn variant_name(self, variant: &Variant) -> String {
        match variant {
            Variant::None => String::new(),
            Variant::Genius(m) => self.mode_name(*m).to_string(),
            Variant::Sheet(fr, en) => match self {
                Lang::Fr => fr.clone(),
                Lang::En => en.clone(),
            },
        }
    }

    /// A game's `title` with what it was played with: "Genius · Expert".
    pub fn outcome_title(self, title: &str, o: &Outcome) -> String {
        let v = self.variant_name(&o.variant);
        if v.is_empty() {
            title.to_string()
        } else {
            format!("{title} · {v}")
        }
    }

    pub fn csv_words(self) -> CsvWords<'static> {
        let h = self.history();
        CsvWords {
            header: h.csv_header,
            separator: if self.decimal_mark() == ',' { ';' } else { ',' },
            decimal: self.decimal_mark(),
            yes: h.yes,
            no: h.no,
        }
    }

    /// "12 parties", "1 game".
    pub fn n_games(self, n: usize) -> String {
        match (self, n) {
            (Lang::Fr, 0 | 1) => format!("{n} partie"),
            (Lang::Fr, _) => format!("{n} parties"),
            (Lang::En, 1) => format!("{n} game"),
            (Lang::En, _) => format!("{n} games"),
        }
    }

    /// "Fusionner avec Anne" / "Merge with Anne".
    pub fn merge_with(self, name: &str) -> String {
        self.pick(
            format!("Fusionner avec {name}"),
            format!("Merge with {name}"),
        )
    }

    /// "Bob → Robert".
    pub fn renamed(self, from: &str, to: &str) -> String {
        format!("{from} → {to}")
    }

    /// What an import did.
    pub fn import_summary(self, added: usize, already: usize, refused: usize) -> String {
        match self {
            Lang::Fr => format!(
                "Import : {added} partie(s) ajoutée(s), {already} déjà présente(s), {refused} refusée(s)."
            ),
            Lang::En => format!(
                "Import: {added} game(s) added, {already} already here, {refused} refused."
            ),
        }
    }

    /// Where an export went, and on the phone builds why it stays there.
    pub fn handed(self, handed: &Handed) -> String {
        match (self, handed) {
            #[cfg(target_arch = "wasm32")]
            (Lang::Fr, Handed::ShareSheet(name)) => format!("{name} : envoyé au menu Partager."),
            #[cfg(target_arch = "wasm32")]
            (Lang::En, Handed::ShareSheet(name)) => format!("{name}: sent to the share menu."),
            #[cfg(target_arch = "wasm32")]
            (Lang::Fr, Handed::Downloaded(name)) => {
                format!("{name} : téléchargé (ce navigateur ne partage pas de fichiers).")
            }
            #[cfg(target_arch = "wasm32")]
            (Lang::En, Handed::Downloaded(name)) => {
                format!("{name}: downloaded (this browser does not share files).")
            }
            #[cfg(not(target_arch = "wasm32"))]
            (Lang::Fr, Handed::Saved(path)) => format!("Fichier enregistré : {path}"),
            #[cfg(not(target_arch = "wasm32"))]
            (Lang::En, Handed::Saved(path)) => format!("File saved: {path}"),
            #[cfg(not(target_arch = "wasm32"))]
            (Lang::Fr, Handed::KeptInApp(path)) => format!(
                "Fichier enregistré dans le dossier de l'application ({path}), que seule l'application peut lire : \
                 l'application installée ne sait pas encore ouvrir le menu Partager du téléphone. \
                 Pour passer des parties à un autre appareil, exportez-les depuis la version web (la page de Genius, \
                 ou l'icône ajoutée à l'écran d'accueil) : elle les envoie au menu Partager."
            ),
            #[cfg(not(target_arch = "wasm32"))]
            (Lang::En, Handed::KeptInApp(path)) => format!(
                "File saved in the app's own folder ({path}), which only the app can read: \
                 the installed app cannot open the phone's share menu yet. \
                 To move games to another device, export them from the web version (Genius's page, \
                 or its icon added to the home screen): it sends them to the share menu."
            ),
        }
    }

    pub fn import_error(self, e: &ImportError) -> String {
        match (self, e) {
            (Lang::Fr, ImportError::TooLarge { bytes }) => format!(
                "Fichier refusé : {} Ko, c'est plus que la limite de {} Mo. Rien n'a été importé.",
                bytes / 1024,
                crate::core::export::MAX_IMPORT_BYTES / (1024 * 1024)
            ),
            (Lang::En, ImportError::TooLarge { bytes }) => format!(
                "File refused: {} KB is over the {} MB limit. Nothing was imported.",
                bytes / 1024,
                crate::core::export::MAX_IMPORT_BYTES / (1024 * 1024)
            ),
            (Lang::Fr, ImportError::NotJson(_)) => {
                "Fichier refusé : ce n'est pas un export de Genius lisible. Le fichier CSV des scores est fait pour un tableur ; \
                 c'est le fichier JSON (genius-export-….json) qui s'importe. Rien n'a été importé."
                    .into()
            }
            (Lang::En, ImportError::NotJson(_)) => {
                "File refused: not a readable Genius export. The scores CSV is for a spreadsheet; \
                 the JSON file (genius-export-….json) is the one to import. Nothing was imported."
                    .into()
            }
            (Lang::Fr, ImportError::NotAnExport) => {
                "Fichier refusé : ce n'est ni un export ni une partie de Genius.".into()
            }
            (Lang::En, ImportError::NotAnExport) => {
                "File refused: neither a Genius export nor a Genius game.".into()
            }
            (Lang::Fr, ImportError::NewerVersion(v)) => format!(
                "Fichier refusé : il vient d'une version plus récente de l'application (format {v}). Mettez l'application à jour."
            ),
            (Lang::En, ImportError::NewerVersion(v)) => format!(
                "File refused: it comes from a newer version of the app (format {v}). Update the app."
            ),
            (Lang::Fr, ImportError::TooManyGames(n)) => {
                format!("Fichier refusé : {n} parties, c'est plus que ce que l'application écrit.")
            }
            (Lang::En, ImportError::TooManyGames(n)) => {
                format!("File refused: {n} games is more than the app ever writes.")
            }
        }
    }

    /// Why one game of an import was refused.
    pub fn refused_game(self, index: usize, id: Option<&str>, e: &LoadError) -> String {
        let which = id.map_or_else(|| format!("#{}", index + 1), str::to_string);
        let why = match (self, e) {
            (Lang::Fr, LoadError::NotJson(_)) => "illisible".to_string(),
            (Lang::En, LoadError::NotJson(_)) => "unreadable".to_string(),
            (Lang::Fr, LoadError::NotAGame) => "pas une partie de Genius".to_string(),
            (Lang::En, LoadError::NotAGame) => "not a Genius game".to_string(),
            (Lang::Fr, LoadError::NewerVersion(v)) => format!("version plus récente ({v})"),
            (Lang::En, LoadError::NewerVersion(v)) => format!("newer version ({v})"),
            (Lang::Fr, LoadError::BadRecord(_)) => "feuille invalide".to_string(),
            (Lang::En, LoadError::BadRecord(_)) => "invalid sheet".to_string(),
            (Lang::Fr, LoadError::DoesNotReplay { index }) => {
                format!("le coup n° {} ne respecte pas les règles", index + 1)
            }
            (Lang::En, LoadError::DoesNotReplay { index }) => {
                format!("move {} breaks the rules", index + 1)
            }
            (_, LoadError::Damaged) => self.storage().damaged.to_string(),
        };
        self.pick(format!("{which} : {why}"), format!("{which}: {why}"))
    }
}
