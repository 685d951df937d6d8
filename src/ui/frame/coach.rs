//! A game screen's coach: whether it is open, where its recommended option
//! is on the board, and its panel, built only while drawn and kept for the
//! state, player and language it was built for.

use super::UseGame;
use crate::i18n::Lang;
use crate::platform;
use crate::ui::coach::{CoachTable, Panel, COMPUTING};
use crate::ui::GameScreen;
use crate::ui::{use_default, Active};
use dioxus::prelude::*;

/// A coach panel with what it was built for: the state, the player
/// advised and the language.
type CachedPanel<G> = (G, Option<usize>, Lang, Panel);

/// A game screen's hold on its coach (see [`use_coach`]).
pub struct UseCoach<G: GameScreen> {
    active: Signal<Option<Active<G>>>,
    /// The coach's panel is open.
    open: Signal<bool>,
    /// Where the open coach's recommended option is on the game's board
    /// ([`Panel::spot`]), for the screen to light it; none while closed.
    spot: Signal<Option<(usize, usize)>>,
    /// The last panel built, with the state, player and language it is
    /// for: a render that does not change them (opening the coach marks the
    /// game, saving shows…) does not compute the advice again.
    cache: CopyValue<Option<CachedPanel<G>>>,
    lang: Lang,
}

impl<G: GameScreen> Clone for UseCoach<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: GameScreen> Copy for UseCoach<G> {}

/// The coach of a game screen's `game`: closed at first.
pub fn use_coach<G: GameScreen>(game: UseGame<G>) -> UseCoach<G> {
    UseCoach {
        active: game.active,
        open: use_default::<bool>(),
        spot: use_default::<Option<(usize, usize)>>(),
        cache: use_hook(|| CopyValue::new(None)),
        lang: game.lang,
    }
}

impl<G: GameScreen> UseCoach<G> {
    /// The coach's panel is open.
    pub fn is_open(&self) -> bool {
        (self.open)()
    }

    /// Where the open coach's recommended option is on the board.
    pub fn spot(&self) -> Option<(usize, usize)> {
        (self.spot)()
    }

    /// The coach as the frame shows it, its panel built by `panel` for the
    /// decision at hand. The frame builds it only while the panel is drawn
    /// (open, or kept ready once opened: see `CoachToggle`), from the
    /// panel's own component: opening or closing the coach redraws the
    /// panel, not the game screen. `player` is whom it advises where the
    /// state alone does not say (players who choose or place on the same
    /// roll); `None` for the player to move.
    pub fn panel(self, player: Option<usize>, panel: impl Fn(&G) -> Panel + 'static) -> FrameCoach
    where
        G: PartialEq,
    {
        let (active, lang) = (self.active, self.lang);
        let mut cache = self.cache;
        let build = Callback::new(move |()| {
            let read = active.read();
            let Some(state) = read.as_ref().map(|g| g.session.state()) else {
                return Panel::default();
            };
            if let Some((cached, for_player, for_lang, built)) = &*cache.read() {
                if cached == state && *for_player == player && *for_lang == lang {
                    return built.clone();
                }
            }
            let built = panel(state);
            cache.set(Some((state.clone(), player, lang, built.clone())));
            built
        });
        let mut active = self.active;
        let allowed = active.read().as_ref().is_some_and(|g| g.coach_allowed());
        FrameCoach {
            allowed,
            open: self.open,
            spot: self.spot,
            // Marked (and saved) once: opening the coach again changes
            // nothing, so it redraws nothing either.
            consult: Callback::new(move |()| {
                let consulted =
                    (active.read().as_ref()).is_none_or(|g| g.session.coach().consulted);
                if !consulted {
                    if let Some(game) = active.write().as_mut() {
                        game.consult_coach();
                    }
                }
            }),
            build,
        }
    }
}

/// The coach as the frame shows it (see [`UseCoach::panel`]).
#[derive(Clone, PartialEq)]
pub struct FrameCoach {
    /// The coach may be opened (see [`Active::coach_allowed`]).
    pub allowed: bool,
    pub open: Signal<bool>,
    pub spot: Signal<Option<(usize, usize)>>,
    /// Marks the game as coached.
    pub consult: Callback<()>,
    /// Builds the panel for the decision at hand.
    pub build: Callback<(), Panel>,
}

/// The coach's panel, built when it is drawn (while the coach is open, or
/// kept ready once opened). While it is open, `spot` is where its
/// recommended option is on the board (the screen lights it); else none.
/// Opening or closing the coach only sets `spot`: it builds nothing again.
#[component]
pub fn CoachPanel(
    panel: Callback<(), Panel>,
    lang: Lang,
    open: Signal<bool>,
    spot: Signal<Option<(usize, usize)>>,
) -> Element {
    let built = platform::timed(COMPUTING, || panel.call(()));
    let at = built.spot;
    let mut lit = spot;
    use_effect(use_reactive!(|at| {
        let now = if open() { at } else { None };
        if *lit.peek() != now {
            lit.set(now);
        }
    }));
    // Taken out while lit (the coach no longer allowed): the light goes
    // too. The screen's signal may already be gone with the screen.
    use_drop(move || {
        if lit.try_peek().is_ok_and(|at| at.is_some()) {
            if let Ok(mut at) = lit.try_write() {
                *at = None;
            }
        }
    });
    rsx! {
        CoachTable { panel: built, lang }
    }
}
