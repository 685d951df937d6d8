//! Language, theme, dice animation and haptics, remembered between launches.

use super::{use_prefs, SaveStatus};
use crate::i18n::Lang;
use crate::settings::{Settings, Theme};
use dioxus::prelude::*;

#[component(lazy)]
pub fn SettingsScreen() -> Element {
    let prefs = use_prefs();
    let t = prefs.texts();
    let chosen_lang = prefs.settings.read().lang;
    let chosen_theme = prefs.settings.read().theme;
    let status = prefs.save_status.read().clone();

    let device_lang = Settings::default().effective_lang(prefs.locale.read().as_deref());
    let auto_label = format!("{} ({})", t.language_auto, device_lang.name());
    let lang_options: [(Option<Lang>, &str, String); 3] = [
        (None, "auto", auto_label),
        (Some(Lang::Fr), "fr", Lang::Fr.name().to_string()),
        (Some(Lang::En), "en", Lang::En.name().to_string()),
    ];
    let theme_label = |theme: Theme| match theme {
        Theme::System => t.theme_system,
        Theme::Light => t.theme_light,
        Theme::Dark => t.theme_dark,
    };

    rsx! {
        div { class: "settings",
            fieldset { class: "choice-group",
                legend { "{t.language}" }
                for (value, id, label) in lang_options {
                    label { class: "choice", key: "{id}",
                        input {
                            r#type: "radio",
                            name: "lang",
                            value: id,
                            "data-testid": "lang-{id}",
                            checked: chosen_lang == value,
                            onchange: move |_| { let mut prefs = prefs; prefs.update(|s| s.lang = value) },
                        }
                        span { "{label}" }
                    }
                }
            }
            fieldset { class: "choice-group",
                legend { "{t.theme}" }
                for theme in Theme::ALL {
                    label { class: "choice", key: "{theme.attr()}",
                        input {
                            r#type: "radio",
                            name: "theme",
                            value: theme.attr(),
                            "data-testid": "theme-{theme.attr()}",
                            checked: chosen_theme == theme,
                            onchange: move |_| { let mut prefs = prefs; prefs.update(|s| s.theme = theme) },
                        }
                        span { "{theme_label(theme)}" }
                    }
                }
            }
            fieldset { class: "choice-group",
                legend { "{t.roller_animation}" }
                for (on, id, label) in [(true, "on", t.animation_on), (false, "off", t.animation_off)] {
                    label { class: "choice", key: "{id}",
                        input {
                            r#type: "radio",
                            name: "animations",
                            value: id,
                            "data-testid": "animations-{id}",
                            checked: prefs.settings.read().animations == on,
                            onchange: move |_| { let mut prefs = prefs; prefs.update(|s| s.animations = on) },
                        }
                        span { "{label}" }
                    }
                }
            }
            fieldset { class: "choice-group",
                legend { "{t.haptics}" }
                for (on, id, label) in [(true, "on", t.animation_on), (false, "off", t.animation_off)] {
                    label { class: "choice", key: "{id}",
                        input {
                            r#type: "radio",
                            name: "haptics",
                            value: id,
                            "data-testid": "haptics-{id}",
                            checked: prefs.settings.read().haptics == on,
                            onchange: move |_| { let mut prefs = prefs; prefs.update(|s| s.haptics = on) },
                        }
                        span { "{label}" }
                    }
                }
            }
            RelaySetting {}
            p { class: "save-status", role: "status",
                match status {
                    SaveStatus::Idle => "",
                    SaveStatus::Saved => t.settings_saved,
                    SaveStatus::Failed => t.settings_not_saved,
                }
            }
        }
    }
}

/// The relay through which phones of a table reach each other: the one in
/// use (iroh's public relays unless the player set their own), changed by
/// typing an address; a wrong one is refused with the reason, the setting
/// unchanged.
#[component]
fn RelaySetting() -> Element {
    let prefs = use_prefs();
    let lang = prefs.lang();
    let t = lang.table();
    let current = prefs.settings.read().relay.clone();
    let mut typed = use_signal(|| current.clone().unwrap_or_default());
    let mut error = use_signal(|| false);
    // The last check: none yet, or whether the relay answered.
    let mut answered = use_signal(|| None::<bool>);
    let mut checking = use_signal(|| false);
    let check = move |_| {
        let relays: Vec<String> = match prefs.settings.peek().relay.clone() {
            Some(own) => vec![own],
            None => crate::settings::PUBLIC_RELAYS
                .iter()
                .map(|u| u.to_string())
                .collect(),
        };
        checking.set(true);
        answered.set(None);
        spawn(async move {
            let mut any = false;
            for relay in relays {
                if crate::platform::relay_answers(&relay).await {
                    any = true;
                    break;
                }
            }
            answered.set(Some(any));
            checking.set(false);
        });
    };
    rsx! {
        fieldset { class: "choice-group relay",
            legend { "{t.relay_title}" }
            p { class: "caption", "data-testid": "relay-in-use",
                {current.clone().unwrap_or_else(|| t.relay_public.to_string())}
            }
            label { class: "field",
                input {
                    r#type: "url",
                    "aria-label": t.relay_title,
                    "data-testid": "relay-input",
                    placeholder: "https://relay.example.org",
                    value: "{typed}",
                    oninput: move |e| { typed.set(e.value()); error.set(false); },
                }
            }
            if error() {
                p { class: "entry-error", role: "alert", "data-testid": "relay-error", "{lang.relay_url_error()}" }
            }
            // Side by side, apart.
            div { class: "actions",
                button {
                    class: "action",
                    "data-testid": "relay-save",
                    onclick: move |_| {
                        let text = typed.peek().clone();
                        let mut next = prefs.settings.peek().clone();
                        match next.set_relay(&text) {
                            Ok(()) => {
                                let mut prefs = prefs;
                                prefs.update(|s| s.relay = next.relay);
                                answered.set(None);
                            }
                            Err(_) => error.set(true),
                        }
                    },
                    "{lang.history().rename_ok}"
                }
                button { class: "action", "data-testid": "relay-check", disabled: checking(), onclick: check, "{t.relay_check}" }
            }
            match answered() {
                Some(true) => rsx! { p { class: "notice", role: "status", "data-testid": "relay-answer", "✓ {t.relay_ok}" } },
                Some(false) => rsx! { p { class: "entry-error", role: "alert", "data-testid": "relay-answer", "✗ {t.relay_down}" } },
                None => rsx! {},
            }
        }
    }
}
