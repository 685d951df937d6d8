//! The words of storage: damaged saves, a full device, deleting games.

use super::Lang;

pub struct StorageTexts {
    /// Why a saved game was refused: its checksum does not match.
    pub damaged: &'static str,
    /// On the game screen when a save failed for lack of space.
    pub full_game: &'static str,
    /// On Home while saves fail for lack of space.
    pub full_home: &'static str,
    /// Deleting an unfinished game from Home: the question and its answers.
    pub confirm_delete: &'static str,
    pub yes_delete: &'static str,
    pub keep: &'static str,
    /// History: selecting and deleting games.
    pub delete: &'static str,
    pub select: &'static str,
    pub delete_before: &'static str,
    pub undo_delete: &'static str,
}

const FR: StorageTexts = StorageTexts {
    damaged: "fichier endommagé (somme de contrôle)",
    full_game: "Partie non enregistrée : la mémoire de l'appareil est pleine. Exportez vos parties (Historique → Tout exporter), puis supprimez les anciennes parties dans l'Historique.",
    full_home: "La mémoire est pleine : les parties ne s'enregistrent plus. Exportez vos parties (Historique → Tout exporter), puis supprimez les anciennes parties dans l'Historique.",
    confirm_delete: "Supprimer cette partie en cours ? Elle ne pourra plus être reprise.",
    yes_delete: "Oui, supprimer",
    keep: "Non, la garder",
    delete: "Supprimer",
    select: "Choisir",
    delete_before: "Supprimer les parties d'avant le",
    undo_delete: "Annuler la suppression",
};

const EN: StorageTexts = StorageTexts {
    damaged: "damaged file (checksum)",
    full_game: "Game not saved: this device's storage is full. Export your games (History → Export all), then delete old games in the History.",
    full_home: "Storage is full: games are no longer saved. Export your games (History → Export all), then delete old games in the History.",
    confirm_delete: "Delete this unfinished game? It can no longer be resumed.",
    yes_delete: "Yes, delete",
    keep: "No, keep it",
    delete: "Delete",
    select: "Select",
    delete_before: "Delete games from before",
    undo_delete: "Undo the delete",
};

impl Lang {
    pub fn storage(self) -> &'static StorageTexts {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

    /// A player name in a file that the setup screen would not have written.
    pub fn name_not_clean(self, index: usize) -> String {
        match self {
            Lang::Fr => format!("Le nom du joueur {} est trop long ou mal formé.", index + 1),
            Lang::En => format!("Player {}'s name is too long or malformed.", index + 1),
        }
    }

    /// A game whose last save was damaged, loaded from its backup.
    pub fn went_back(self, game: &str, players: &str, date: &str) -> String {
        match self {
            Lang::Fr => format!(
                "{game} ({players}, {date}) est revenue un coup en arrière : son dernier enregistrement était endommagé."
            ),
            Lang::En => format!(
                "{game} ({players}, {date}) went back one action: its last save was damaged."
            ),
        }
    }

    /// How many games a delete removed.
    pub fn n_deleted(self, n: usize) -> String {
        match (self, n) {
            (Lang::Fr, 1) => "1 partie supprimée.".to_string(),
            (Lang::Fr, n) => format!("{n} parties supprimées."),
            (Lang::En, 1) => "1 game deleted.".to_string(),
            (Lang::En, n) => format!("{n} games deleted."),
        }
    }

    /// How many deleted games an undo put back.
    pub fn n_restored(self, n: usize) -> String {
        match (self, n) {
            (Lang::Fr, 1) => "1 partie remise dans l'historique.".to_string(),
            (Lang::Fr, n) => format!("{n} parties remises dans l'historique."),
            (Lang::En, 1) => "1 game put back in the history.".to_string(),
            (Lang::En, n) => format!("{n} games put back in the history."),
        }
    }

    /// The button deleting the selected games.
    pub fn delete_selected(self, n: usize) -> String {
        match self {
            Lang::Fr => format!("Supprimer la sélection ({n})"),
            Lang::En => format!("Delete selected ({n})"),
        }
    }

    /// History shows a page of games at a time: the button for the next.
    pub fn show_more(self, left: usize) -> String {
        match self {
            Lang::Fr => format!("Afficher plus ({left} autres)"),
            Lang::En => format!("Show more ({left} more)"),
        }
    }
}
