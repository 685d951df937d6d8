//! The parts of the app fetched when first needed: on the web every screen
//! but the home screen and the checker is a file of its own, and so is the
//! camera's screen; the screens' stylesheet is linked after the start. What
//! is shown while they arrive.

use super::use_prefs;
use crate::platform;
use dioxus::prelude::*;

/// Every screen but the home screen and the checker: on the web each one's
/// code is its own file (`#[component(lazy)]`, dx's wasm splitting), fetched
/// the first time it opens, so that the app starts on the home screen's and
/// the checker's code alone (a smaller first download, sooner usable on a
/// slow network); the service worker then caches every file for offline use.
/// The boundary shows a line while the file arrives. Elsewhere (desktop,
/// phones, tests) the screens are simply there.
///
/// On the web the screens' stylesheet also comes after the start: linked
/// by the page once the app has painted its first screen, it is mostly
/// there before a player opens another; if not, the screen waits for it too.
pub(super) fn lazy_screen(what: Loading, screen: Element) -> Element {
    rsx! {
        SuspenseBoundary {
            fallback: move |_| rsx! { ScreenLoading { what } },
            Styled { what, {screen} }
        }
    }
}

/// A part of a screen that is a part of the build of its own (the camera's
/// screen), shown as a screen is: once its code and the screens'
/// stylesheet are there.
pub(crate) fn lazy_part(part: Element) -> Element {
    lazy_screen(Loading::Screen, part)
}

/// Its children, once the screens' stylesheet is in the page; till then,
/// the same line as while the screen's code arrives.
#[component]
fn Styled(what: Loading, children: Element) -> Element {
    let mut styled = use_signal(platform::screens_styled);
    use_hook(move || {
        if !styled() {
            spawn(async move {
                platform::screens_style().await;
                styled.set(true);
            });
        }
    });
    if styled() {
        children
    } else {
        rsx! { ScreenLoading { what } }
    }
}

/// What is being opened, for the words of [`ScreenLoading`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Loading {
    /// A game's screen: a game in progress is saved whatever happens.
    Game,
    /// Any other screen.
    Screen,
}

/// While a screen's code arrives. A file that cannot be fetched (a first
/// visit that lost its connection before the worker cached the files) is
/// never announced by dx's loader, which only waits: after a few seconds
/// the line says what happened (for a game, that it is saved); the top bar's
/// back button is still there.
#[component]
fn ScreenLoading(what: Loading) -> Element {
    const UNAVAILABLE_AFTER_MS: u32 = 6_000;
    let lang = use_prefs().lang();
    let g = lang.game();
    let mut waited = use_signal(|| false);
    use_future(move || async move {
        crate::platform::sleep_ms(UNAVAILABLE_AFTER_MS).await;
        waited.set(true);
    });
    let (loading, unavailable, id) = match what {
        Loading::Game => (g.game_loading, g.game_unavailable, "game"),
        Loading::Screen => (g.screen_loading, g.screen_unavailable, "screen"),
    };
    rsx! {
        if waited() {
            p { class: "entry-error", role: "alert", "data-testid": "{id}-unavailable", "{unavailable}" }
        } else {
            p { class: "caption", role: "status", "data-testid": "{id}-loading", "{loading}" }
        }
    }
}
