//! The player's preferences, as remembered between launches. Pure data: the
//! platform module stores the JSON, this module reads and writes it.

use crate::core::game::{GameKind, WhoseDice};
use crate::core::link::ticket::is_relay_url;
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};

/// Light, dark, or whatever the device uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    Light,
    Dark,
    #[default]
    System,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// The value of the root element's `data-theme` attribute.
    pub fn attr(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::System => "system",
        }
    }
}

/// The format version written in every settings file.
pub const SETTINGS_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `None` follows the device or browser locale.
    pub lang: Option<Lang>,
    pub theme: Theme,
    /// Dice tumble when rolled; off for players who prefer no motion.
    pub animations: bool,
    /// A short vibration when the app rolls dice, where the device can.
    /// Added in version 1 without a new version: files without it load
    /// with haptics on, and older apps ignore the field.
    pub haptics: bool,
    /// Games whose tables turned the coach off at setup (remembered for the
    /// next game of that kind). Files without it allow the coach everywhere.
    pub no_coach: Vec<GameKind>,
    /// Games whose tables chose their own real dice at setup (remembered
    /// for the next game of that kind). Files without it play every game
    /// with the app's dice, as before the choice existed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub table_dice: Vec<GameKind>,
    /// The relay a game on several phones goes through: none for iroh's
    /// public relays (the default, free and without set-up), or the URL of
    /// a relay the table runs itself (see the README). Files without it use
    /// the public relays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relay: Option<String>,
}

/// iroh's public relays, run by n0 (its default relays, checked against
/// it in tests/link_native.rs): the ones Settings asks when the player has
/// set no relay of their own.
pub const PUBLIC_RELAYS: [&str; 4] = [
    "https://euc1-1.relay.n0.iroh.link./",
    "https://use1-1.relay.n0.iroh.link./",
    "https://usw1-1.relay.n0.iroh.link./",
    "https://aps1-1.relay.n0.iroh.link./",
];

/// Why a relay address was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayUrlError {
    /// Not an `http://` or `https://` address with a host.
    NotAnAddress,
}

impl std::fmt::Display for RelayUrlError {
    /// A plain description for logs; the UI words it through `i18n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RelayUrlError::NotAnAddress => f.write_str("not a relay's address"),
        }
    }
}

impl std::error::Error for RelayUrlError {}

impl Settings {
    /// May the coach be opened in a new game of `kind`?
    pub fn coach_allowed(&self, kind: GameKind) -> bool {
        !self.no_coach.contains(&kind)
    }

    /// Takes the relay address a player typed: blank for the public
    /// relays, else an `http(s)://host[:port][/path]` address; anything else
    /// is refused and the setting stays as it was.
    pub fn set_relay(&mut self, typed: &str) -> Result<(), RelayUrlError> {
        let typed = typed.trim();
        if typed.is_empty() {
            self.relay = None;
            return Ok(());
        }
        if !is_relay_url(typed) {
            return Err(RelayUrlError::NotAnAddress);
        }
        self.relay = Some(typed.to_string());
        Ok(())
    }

    /// Whose dice a new game of `kind` starts with: the last choice made
    /// for that game.
    pub fn dice(&self, kind: GameKind) -> WhoseDice {
        if self.table_dice.contains(&kind) {
            WhoseDice::Table
        } else {
            WhoseDice::App
        }
    }

    pub fn choose_dice(&mut self, kind: GameKind, dice: WhoseDice) {
        self.table_dice.retain(|k| *k != kind);
        if dice == WhoseDice::Table {
            self.table_dice.push(kind);
        }
    }

    pub fn allow_coach(&mut self, kind: GameKind, allowed: bool) {
        self.no_coach.retain(|k| *k != kind);
        if !allowed {
            self.no_coach.push(kind);
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: None,
            theme: Theme::System,
            animations: true,
            haptics: true,
            no_coach: Vec::new(),
            table_dice: Vec::new(),
            relay: None,
        }
    }
}

/// What was wrong with a stored settings file; the app then starts from the
/// defaults and leaves the stored text alone until the player changes a setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// The device would not read it back.
    NotRead(crate::platform::StorageError),
    /// Its text is not settings (what the JSON reader said).
    Unreadable(String),
    /// Written by a newer version of the app.
    NewerVersion(u32),
}

impl std::fmt::Display for SettingsError {
    /// A plain description for logs; the UI words it through `i18n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettingsError::NotRead(e) => write!(f, "the settings could not be read: {e}"),
            SettingsError::Unreadable(e) => write!(f, "the settings are unreadable: {e}"),
            SettingsError::NewerVersion(v) => write!(f, "settings of a newer version ({v})"),
        }
    }
}

impl std::error::Error for SettingsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SettingsError::NotRead(e) => Some(e),
            _ => None,
        }
    }
}

/// The settings as written: the version first, then the settings' fields.
#[derive(Serialize)]
struct Stored {
    version: u32,
    #[serde(flatten)]
    settings: Settings,
}

impl Settings {
    /// The language to show: the chosen one, else the device's.
    pub fn effective_lang(&self, device_locale: Option<&str>) -> Lang {
        self.lang
            .unwrap_or_else(|| device_locale.map(Lang::from_locale).unwrap_or(Lang::Fr))
    }

    pub fn to_json(&self) -> String {
        let stored = Stored {
            version: SETTINGS_VERSION,
            settings: self.clone(),
        };
        // Serialising plain enums and options cannot fail.
        serde_json::to_string(&stored).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<Settings, SettingsError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| SettingsError::Unreadable(e.to_string()))?;
        let version = value.get("version").and_then(|v| v.as_u64());
        if version.unwrap_or(0) > u64::from(SETTINGS_VERSION) {
            return Err(SettingsError::NewerVersion(version.unwrap_or(0) as u32));
        }
        // The settings are the other fields (read without `#[serde(flatten)]`,
        // which would buffer them and cost the web build a second reader).
        if version.and_then(|v| u32::try_from(v).ok()).is_none() {
            return Err(SettingsError::Unreadable("no version".into()));
        }
        serde_json::from_value(value).map_err(|e| SettingsError::Unreadable(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A storage failure stays the cause of the settings error it makes,
    /// for a log that follows the chain.
    #[test]
    fn a_settings_error_keeps_its_storage_failure() {
        use std::error::Error;
        let e = SettingsError::NotRead(crate::platform::StorageError::failed("disk gone"));
        assert_eq!(e.to_string(), "the settings could not be read: disk gone");
        assert_eq!(
            e.source().map(|s| s.to_string()).as_deref(),
            Some("disk gone")
        );
    }

    #[test]
    fn a_relay_address_is_taken_or_refused_with_nothing_lost() {
        let mut settings = Settings::default();
        for good in [
            "https://relay.example.org",
            "http://192.168.1.20:3340/",
            " http://laptop.local:3340 ",
            "http://[::1]",
            "http://[::1]:3340",
        ] {
            assert_eq!(settings.set_relay(good), Ok(()), "{good}");
            assert_eq!(settings.relay.as_deref(), Some(good.trim()));
        }
        for bad in [
            "relay.example.org",
            "ftp://x",
            "http://",
            "http://a b",
            "http://h:port",
            "http://[::1]x",
        ] {
            assert_eq!(
                settings.set_relay(bad),
                Err(RelayUrlError::NotAnAddress),
                "{bad}"
            );
            assert_eq!(settings.relay.as_deref(), Some("http://[::1]:3340"));
        }
        assert_eq!(settings.set_relay("  "), Ok(()));
        assert_eq!(settings.relay, None);
        // Written only when set: files of the public relays are as before.
        assert!(!settings.to_json().contains("relay"));
        settings.set_relay("https://relay.example.org").unwrap();
        let back = Settings::from_json(&settings.to_json()).unwrap();
        assert_eq!(back.relay.as_deref(), Some("https://relay.example.org"));
    }

    #[test]
    fn round_trip() {
        let s = Settings {
            lang: Some(Lang::En),
            theme: Theme::Dark,
            animations: false,
            haptics: false,
            no_coach: vec![GameKind::Einstein],
            table_dice: vec![GameKind::Serieux],
            relay: Some("http://192.168.1.20:3340/".into()),
        };
        assert_eq!(Settings::from_json(&s.to_json()), Ok(s.clone()));
        assert!(!s.coach_allowed(GameKind::Einstein));
        assert!(s.coach_allowed(GameKind::Serieux));
        assert_eq!(s.dice(GameKind::Serieux), WhoseDice::Table);
        assert_eq!(s.dice(GameKind::Einstein), WhoseDice::App);
        assert_eq!(
            Settings::from_json(&Settings::default().to_json()),
            Ok(Settings::default())
        );
    }

    #[test]
    fn bad_files_are_refused_not_panicked_on() {
        assert!(matches!(
            Settings::from_json(""),
            Err(SettingsError::Unreadable(_))
        ));
        assert!(matches!(
            Settings::from_json("{\"version\":1,"),
            Err(SettingsError::Unreadable(_))
        ));
        assert!(matches!(
            Settings::from_json("{\"version\":1,\"theme\":\"purple\"}"),
            Err(SettingsError::Unreadable(_))
        ));
        assert_eq!(
            Settings::from_json("{\"version\":9}"),
            Err(SettingsError::NewerVersion(9))
        );
        for no_version in ["{\"theme\":\"dark\"}", "{\"version\":\"1\"}", "[1]", "1"] {
            assert!(matches!(
                Settings::from_json(no_version),
                Err(SettingsError::Unreadable(_))
            ));
        }
    }

    #[test]
    fn the_choice_of_dice_is_remembered_per_game() {
        let mut s = Settings::default();
        s.choose_dice(GameKind::Rtt, WhoseDice::Table);
        s.choose_dice(GameKind::Rtt, WhoseDice::Table);
        assert_eq!(s.table_dice, vec![GameKind::Rtt]);
        let back = Settings::from_json(&s.to_json()).unwrap();
        assert_eq!(back.dice(GameKind::Rtt), WhoseDice::Table);
        assert_eq!(back.dice(GameKind::Words), WhoseDice::App);
        s.choose_dice(GameKind::Rtt, WhoseDice::App);
        assert!(!s.to_json().contains("table_dice"));
    }

    #[test]
    fn missing_fields_take_defaults() {
        assert_eq!(
            Settings::from_json("{\"version\":1}"),
            Ok(Settings::default())
        );
    }

    #[test]
    fn files_written_before_haptics_still_load_with_haptics_on() {
        let old = r#"{"version":1,"lang":"en","theme":"dark","animations":false}"#;
        let s = Settings::from_json(old).unwrap();
        assert!(s.haptics);
        assert!(GameKind::ALL.iter().all(|k| s.coach_allowed(*k)));
        assert!(GameKind::ALL.iter().all(|k| s.dice(*k) == WhoseDice::App));
        assert_eq!(s.lang, Some(Lang::En));
        assert!(!s.animations);
        let off = Settings {
            haptics: false,
            ..Settings::default()
        };
        assert!(off.to_json().contains("\"haptics\":false"));
        assert_eq!(Settings::from_json(&off.to_json()), Ok(off));
    }

    #[test]
    fn language_follows_the_device_until_chosen() {
        let auto = Settings::default();
        assert_eq!(auto.effective_lang(Some("en-GB")), Lang::En);
        assert_eq!(auto.effective_lang(Some("fr-CA")), Lang::Fr);
        assert_eq!(auto.effective_lang(None), Lang::Fr);
        let fr = Settings {
            lang: Some(Lang::Fr),
            ..Settings::default()
        };
        assert_eq!(fr.effective_lang(Some("en-US")), Lang::Fr);
    }
}
