//! What every game screen shares: [`use_game`], the game being played with
//! the moves that save it and word their refusal, the app's dice, undo and
//! redo; and [`GameFrame`], whose turn it is, the notices, undo/redo and the
//! link to the rules around the screen's own content.

use super::coach::{CoachTable, CoachToggle, Panel, COMPUTING};
use super::dice::{DiceChoice, DiceView};
use super::parts::{Notices, RollOffPanel, RollOffResult, StatusLine, UndoRedo};
use super::table::{TableCommand, TableHandle, TableInfo, TableRequest};
use super::{
    use_default, use_nav, use_play, use_prefs, use_saves, use_table, Active, GameSetup, Play,
    Screen, UndoOrRedo,
};
use crate::core::game::{decided_roll_off, GameKind, Move, Roll, RollSource, WhoseDice};
use crate::core::games::{AnyError, Registered, TableMove};
use crate::core::link::view::Maker;
use crate::core::link::wire::Denied;
use crate::core::table::{Colour, Player, RollOff};
use crate::core::told::NotPlayed;
use crate::i18n::Lang;
use crate::platform;
use dioxus::prelude::*;

/// A coach panel with what it was built for: the state, the player
/// advised and the language.
type CachedPanel<G> = (G, Option<usize>, Lang, Panel);

/// A game as its screens see it.
pub trait GameScreen: GameSetup + Registered {
    /// The game of this kind being played (or viewed from the history).
    fn active(play: &Play) -> Signal<Option<Active<Self>>>;

    /// Why a move was refused, in the player's language.
    fn refusal(lang: Lang, error: &Self::Error) -> String;

    /// A refusal of this game's rules kept as the registry's [`AnyError`]
    /// (by the table, the setup), in the player's language.
    fn any_refusal(lang: Lang, error: &AnyError) -> String {
        match Self::error_from_any(error) {
            Some(error) => Self::refusal(lang, error),
            None => lang.table().other_game.into(),
        }
    }

    /// The link of a table of this game (see `ui::table_link`).
    #[cfg(feature = "link")]
    fn table_link(request: super::TableRequest) -> Element;
}

/// A game screen's hold on its game (see [`use_game`]).
pub struct UseGame<G: GameScreen> {
    /// The table, when the game is played on several phones.
    pub table: TableHandle,
    pub active: Signal<Option<Active<G>>>,
    /// Why the last move was not played, until the next move.
    pub refused: Signal<Option<NotPlayed<G::Error>>>,
    /// The coach's panel is open.
    pub coach_open: Signal<bool>,
    /// Where the open coach's recommended option is on the game's board
    /// ([`Panel::spot`]), for the screen to light it; none while closed.
    pub coach_spot: Signal<Option<(usize, usize)>>,
    /// The last panel built, with the state, player and language it is
    /// for: a render that does not change them (opening the coach marks the
    /// game, saving shows…) does not compute the advice again.
    coach_cache: CopyValue<Option<CachedPanel<G>>>,
    pub lang: Lang,
}

impl<G: GameScreen> Clone for UseGame<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: GameScreen> Copy for UseGame<G> {}

impl<G: GameScreen> UseGame<G> {
    /// Plays `action` and saves the game; a refusal changes nothing and is
    /// shown. True if the move was played.
    pub fn act(mut self, action: G::Action) -> bool {
        if let Some(table) = self.table.of(G::KIND) {
            return self.propose(&table, action);
        }
        let outcome = match self.active.write().as_mut() {
            Some(game) => game.act(action),
            None => return false,
        };
        let played = outcome.is_ok();
        self.refused.set(outcome.err().map(NotPlayed::Session));
        played
    }

    /// A move at a table of several phones: checked here first (this
    /// phone's copy gives the same refusal as one phone would, at once),
    /// then sent to the link, which plays it once the host has ordered it.
    fn propose(mut self, table: &TableInfo, action: G::Action) -> bool {
        let checked = match self.active.read().as_ref() {
            Some(game) => {
                let actor = game.session.state().actor(&action);
                if !table.view.plays(actor) {
                    let seat = table.view.mine.first().copied();
                    Err(NotPlayed::Table(Denied::NotYourSeat { seat, actor }))
                } else {
                    game.session.check(&action).map_err(NotPlayed::Session)
                }
            }
            None => return false,
        };
        match checked {
            Ok(()) => {
                self.refused.set(None);
                self.table
                    .send(TableCommand::Act(Box::new(TableMove::<G>(action))));
                true
            }
            Err(refusal) => {
                self.refused.set(Some(refusal));
                false
            }
        }
    }

    /// Throws `roll` with the app's dice (the dice kept from an undone roll
    /// come back first) and plays it.
    pub fn throw(self, roll: &Roll) -> bool {
        let action = self
            .active
            .read()
            .as_ref()
            .and_then(|game| game.session.throw(roll, platform::random_face));
        action.is_some_and(|action| self.act(action))
    }

    /// Whether the app rolls now (its dice, or an undone roll's to give
    /// back): the screens show their roll buttons only then.
    pub fn app_rolls(&self) -> bool {
        let read = self.active.read();
        read.as_ref().is_none_or(|game| game.session.app_rolls())
    }

    /// The caption above the keypad of real dice: "Or enter…" under the
    /// app's roll buttons, "Enter…" alone.
    pub fn enter_dice(&self) -> &'static str {
        if self.app_rolls() {
            self.lang.game().enter_dice
        } else {
            self.lang.dice().enter
        }
    }

    /// Throws the one roll the game waits for, if it waits for one.
    pub fn throw_next(self) -> bool {
        let roll = self.active.read().as_ref().and_then(|game| {
            game.session
                .state()
                .legal_moves()
                .iter()
                .find_map(|m| m.as_roll().cloned())
        });
        roll.is_some_and(|roll| self.throw(&roll))
    }

    /// Undoes or redoes: at a table, asked of the link.
    pub fn step(mut self, step: UndoOrRedo) {
        if self.table.of(G::KIND).is_some() {
            self.table.send(match step {
                UndoOrRedo::Undo => TableCommand::Undo,
                UndoOrRedo::Redo => TableCommand::Redo,
            });
        } else if let Some(game) = self.active.write().as_mut() {
            game.step(step);
        }
        self.refused.set(None);
    }

    /// Plays a round of the roll-off (the app's dice if `typed` is `None`).
    fn roll_off_round(self, typed: Option<Vec<u32>>) {
        let action = {
            let read = self.active.read();
            let Some(game) = read.as_ref() else { return };
            let session = &game.session;
            let roll = session
                .state()
                .legal_moves()
                .iter()
                .find_map(|m| m.as_roll().cloned());
            match (roll, typed) {
                (Some(roll), Some(values)) => {
                    session.state().rolled(&roll, &values, RollSource::Typed)
                }
                (Some(roll), None) => session.throw(&roll, platform::random_face),
                (None, _) => None,
            }
        };
        if let Some(action) = action {
            self.act(action);
        }
    }

    /// Shows a refusal that no move produced (a tap on nothing playable).
    pub fn refuse(mut self, why: NotPlayed<G::Error>) {
        self.refused.set(Some(why));
    }

    /// The roll-off for the first player, rolled by the app for everyone
    /// still in it.
    pub fn roll_off(self, roll_off: &RollOff, players: &[Player]) -> Element {
        let range = self
            .rolls()
            .first()
            .map(|roll| roll.range(0))
            .unwrap_or(1..=6);
        rsx! {
            RollOffPanel {
                roll_off: roll_off.clone(),
                players: players.to_vec(),
                lang: self.lang,
                faces: range.collect::<Vec<u32>>(),
                dice: G::KIND.facts().roll_off_dice,
                app_rolls: self.app_rolls(),
                on_roll: move |_| self.roll_off_round(None),
                on_typed: move |values| self.roll_off_round(Some(values)),
            }
        }
    }

    /// How to build the coach's panel for the decision at hand, with
    /// `panel`. The frame calls it only while the panel is drawn (open, or
    /// kept ready once opened: see `CoachToggle`), from the panel's own
    /// component: opening or closing the coach redraws the panel, not the
    /// game screen. `player` is whom it advises where the
    /// state alone does not say (players who choose or place on the same
    /// roll); `None` for the player to move.
    pub fn coach(
        self,
        player: Option<usize>,
        panel: impl Fn(&G) -> Panel + 'static,
    ) -> Callback<(), Panel>
    where
        G: PartialEq,
    {
        let (active, lang) = (self.active, self.lang);
        let mut cache = self.coach_cache;
        Callback::new(move |()| {
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
        })
    }

    /// What the frame shows of the game: refusal, saving, undo and redo.
    pub fn frame(self) -> FrameState {
        let read = self.active.read();
        let game = read.as_ref();
        let mut active = self.active;
        FrameState {
            coach_allowed: game.is_some_and(|g| g.coach_allowed()),
            coach_open: self.coach_open,
            coach_spot: self.coach_spot,
            // Marked (and saved) once: opening the coach again changes
            // nothing, so it redraws nothing either.
            consult: Callback::new(move |()| {
                let consulted = active
                    .read()
                    .as_ref()
                    .is_none_or(|g| g.session.coach().consulted);
                if !consulted {
                    if let Some(game) = active.write().as_mut() {
                        game.consult_coach();
                    }
                }
            }),
            kind: G::KIND,
            roll_off_dice: G::KIND.facts().roll_off_dice,
            refused: (self.refused.read().as_ref())
                .map(|why| self.lang.not_played(why, |e| G::refusal(self.lang, e))),
            save_failed: game.is_some_and(|g| g.save_failed),
            // Whoever rolled it: every phone of a table has the same log.
            rolled_off: game.and_then(|g| {
                let state = g.session.state();
                let roll_off = decided_roll_off(state, g.session.log())?;
                Some((roll_off, state.players().to_vec()))
            }),
            can_undo: game.is_some_and(|g| g.can_undo()),
            can_redo: game.is_some_and(|g| g.can_redo()),
            step: Callback::new(move |step| self.step(step)),
            table: self.table_bar(),
            can_host: game.is_some_and(|g| !g.read_only && !g.on_table && !g.session.is_finished()),
            dice: self.dice_view(),
        }
    }

    /// Whose dice the table plays with, its changes, and the way to change it.
    fn dice_view(self) -> DiceView {
        let read = self.active.read();
        let game = read.as_ref();
        let table = self.table.of(G::KIND);
        let t = self.lang.dice();
        let players = game
            .map(|g| g.session.state().players())
            .unwrap_or_default();
        let makers = table.as_ref().map_or_else(Vec::new, |table| {
            let name = |maker: &Maker| match maker {
                Maker::Player(p) => players.get(*p).map_or(t.by_phone, |p| p.name.as_str()),
                Maker::Host => t.by_host,
                Maker::Phone => t.by_phone,
            };
            table
                .view
                .dice_makers
                .iter()
                .map(|m| name(m).to_string())
                .collect()
        });
        DiceView {
            now: game.map_or(WhoseDice::App, |g| g.session.dice()),
            started: game.map_or(WhoseDice::App, |g| g.session.record().dice),
            changes: game.map(|g| g.session.dice_changes()).unwrap_or_default(),
            can_change: game.is_some_and(|g| !g.read_only && !g.session.is_finished())
                && table.as_ref().is_none_or(|t| t.view.may_switch_dice),
            on_table: table.is_some(),
            makers,
            change: Callback::new(move |dice| {
                if let Some(action) = G::dice_action(dice) {
                    self.act(action);
                }
            }),
        }
    }

    /// What the frame shows of the table, when the game is played on
    /// several phones: the link's line, and who the other phones wait for
    /// when this phone has no move to make.
    fn table_bar(&self) -> Option<TableBar> {
        let table = self.table.of(G::KIND)?;
        let read = self.active.read();
        let state = read.as_ref()?.session.state();
        let players = state.players();
        let names = |seats: &[usize]| -> Vec<String> {
            seats
                .iter()
                .filter_map(|p| players.get(*p).map(|p| p.name.clone()))
                .collect()
        };
        // Named apart: the players on their own phone, on a phone away,
        // and those the host's phone plays (its own, and seats no phone
        // holds, a freed one).
        let awaited = table.view.awaited(state);
        let waiting = if !awaited.reveals.is_empty() {
            let away: Vec<usize> = (awaited.reveals.iter().copied())
                .filter(|s| table.view.away(*s))
                .collect();
            Some(
                self.lang
                    .waiting_for_reveals(&names(&awaited.reveals), &names(&away)),
            )
        } else {
            let (own, away, on_host) = (
                names(&awaited.own),
                names(&awaited.away),
                names(&awaited.on_host),
            );
            let left = names(&awaited.left);
            let name = |p: usize| players.get(p).map(|p| p.name.clone());
            let shared: Vec<(String, String)> = (awaited.shared.iter())
                .filter_map(|(p, first)| Some((name(*p)?, name(*first)?)))
                .collect();
            let nobody = own.is_empty()
                && shared.is_empty()
                && away.is_empty()
                && left.is_empty()
                && on_host.is_empty();
            ((awaited.table || !nobody) && !awaited.here).then(|| {
                if nobody {
                    // The whole table's move (a roll-off): any player's phone.
                    self.lang.waiting_for_players().to_string()
                } else {
                    self.lang
                        .waiting_for_at(&own, &shared, &away, &left, &on_host)
                }
            })
        };
        let free_here = awaited
            .free_here
            .iter()
            .filter_map(|p| players.get(*p).map(|player| (*p, player.name.clone())))
            .collect();
        let names_all: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        let (line, problem) = table.status_line(self.lang, &names_all);
        Some(TableBar {
            line,
            problem,
            waiting,
            free_here,
            watching: table.view.watching(),
            host_gone: table.host_unreachable(),
            told: (table.told.as_ref())
                .map(|told| self.lang.told(told, |e| G::any_refusal(self.lang, e))),
            // Told as long as the link is not up (lost, or dialling again).
            offline_moves: table.view.pending > 0 && !table.linked(),
            sent: table.view.pending > 0 && table.linked(),
            pending_roll: table.view.pending_roll,
        })
    }

    /// The rolls the game waits for now.
    pub fn rolls(&self) -> Vec<Roll> {
        self.active
            .read()
            .as_ref()
            .map(|game| {
                let moves = game.session.state().legal_moves();
                moves
                    .into_iter()
                    .filter_map(|m| match m {
                        Move::Roll(roll) => Some(roll),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// The game of type `G` being played, for a screen of that game.
pub fn use_game<G: GameScreen>() -> UseGame<G> {
    let (play, table, lang) = (use_play(), use_table(), use_prefs().lang());
    let (saves, nav) = (use_saves(), use_nav());
    // The game chosen on Home, opened here with this game's rules.
    use_hook(move || saves.open_chosen::<G>(&play, nav));
    let mut active = G::active(&play);
    // A save that fails after the action returned (the web's IndexedDB)
    // is shown at once, not at the next action.
    let failed = use_callback(move |()| {
        if let Some(game) = active.write().as_mut() {
            game.save_failed = true;
        }
    });
    use_future(move || watch_saves(failed));
    UseGame {
        table,
        active,
        refused: use_default::<Option<NotPlayed<G::Error>>>(),
        coach_open: use_default::<bool>(),
        coach_spot: use_default::<Option<(usize, usize)>>(),
        coach_cache: use_hook(|| CopyValue::new(None)),
        lang,
    }
}

/// Calls `failed` at each save that fails after it returned (one code for
/// every game, not one per game).
async fn watch_saves(failed: Callback<()>) {
    loop {
        crate::saves::late_failure().await;
        failed.call(());
    }
}

/// What the frame of a game screen shows of its game (see [`UseGame::frame`]).
#[derive(Clone, PartialEq)]
pub struct FrameState {
    pub kind: GameKind,
    pub refused: Option<String>,
    pub save_failed: bool,
    /// The roll-off that just decided who starts, and the players.
    pub rolled_off: Option<(RollOff, Vec<Player>)>,
    /// Dice per player in the roll-off (see [`crate::core::game::Facts::roll_off_dice`]).
    pub roll_off_dice: usize,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Undo (`true`) or redo (`false`).
    pub step: Callback<UndoOrRedo>,
    pub coach_allowed: bool,
    pub coach_open: Signal<bool>,
    pub coach_spot: Signal<Option<(usize, usize)>>,
    /// Marks the game as coached.
    pub consult: Callback<()>,
    /// The table, when the game is played on several phones.
    pub table: Option<TableBar>,
    /// The game may be opened to other phones (played here, not over).
    pub can_host: bool,
    /// Whose dice the table plays with (see [`DiceChoice`]).
    pub dice: DiceView,
}

/// The frame's view of the table (see [`UseGame::table_bar`]).
#[derive(Clone, PartialEq)]
pub struct TableBar {
    /// How the link stands, and whether that is a problem.
    pub line: String,
    pub problem: bool,
    /// Who the phones wait for, when this phone has no move to make: the
    /// controls are then shown but inert.
    pub waiting: Option<String>,
    /// The host: the seats the table waits for whose phone is away, which
    /// it may free and play here in one tap (seat, player's name).
    pub free_here: Vec<(usize, String)>,
    /// This phone plays no seat (it chose to watch, or the host freed its
    /// seat): said in words, with the way to a seat.
    pub watching: bool,
    /// The host phone has left or been silent for long: this phone may
    /// host the game from here, said beside the line that tells it.
    pub host_gone: bool,
    /// What the table last told this phone (a move refused, what it did),
    /// worded.
    pub told: Option<String>,
    /// Moves made here wait for the link to come back.
    pub offline_moves: bool,
    /// Moves made here are with the host, not answered yet: the controls
    /// wait for its answer (a second tap sends nothing twice).
    pub sent: bool,
    /// A roll made here that the host has not ordered yet, of this many
    /// dice: shown rolling at once, its faces once ordered.
    pub pending_roll: Option<usize>,
}

/// Whose turn it is, the notices, the screen's content, undo and redo,
/// `sheet` (the score sheet, below undo) and the link to the rules.
/// `on_step` runs after an undo or redo (to clear what the screen was
/// drafting).
#[component]
pub fn GameFrame(
    game: FrameState,
    /// The colour of the player the status line is about, if any.
    player: Option<Colour>,
    status: String,
    /// A key that changes with each turn: the status line is then brought
    /// into view (see [`StatusLine`]).
    #[props(default)]
    turn: Option<usize>,
    #[props(default)] on_step: Option<EventHandler<UndoOrRedo>>,
    #[props(default = VNode::empty())] sheet: Element,
    /// How to build the coach's panel (see [`UseGame::coach`]).
    #[props(default)]
    coach: Option<Callback<(), Panel>>,
    children: Element,
) -> Element {
    let (nav, table_handle) = (use_nav(), use_table());
    let lang = use_prefs().lang();
    let FrameState {
        kind,
        refused,
        save_failed,
        rolled_off,
        roll_off_dice,
        can_undo,
        can_redo,
        step,
        coach_allowed,
        coach_open,
        coach_spot,
        consult,
        table,
        can_host,
        dice,
    } = game;
    let t = lang.table();
    let waiting = table.as_ref().and_then(|t| t.waiting.clone());
    let sent = table.as_ref().is_some_and(|t| t.sent);
    let pending_roll = table.as_ref().and_then(|t| t.pending_roll);
    let kept = table.as_ref().is_some_and(|t| t.offline_moves);
    let told = table.as_ref().and_then(|t| t.told.clone());
    let refused = refused.or(told);
    rsx! {
        div { class: "game game-{kind.name()}", "data-testid": "{kind.name()}-game",
            if let Some(table) = &table {
                div { class: "table-bar",
                    p {
                        class: if table.problem { "entry-error" } else { "caption" },
                        role: "status",
                        "data-testid": "table-line",
                        "{table.line}"
                    }
                    button { class: "chip", "data-testid": "open-table", onclick: nav.go_on_click(Screen::Table(kind)), "{t.table_button}" }
                }
                if table.host_gone {
                    TakeOverHere { kind, lang }
                }
            }
            StatusLine { player, text: status, turn }
            Notices { refused, save_failed, lang }
            if let Some((roll_off, players)) = rolled_off {
                RollOffResult { roll_off, players, lang, dice: roll_off_dice }
            }
            if let Some(waiting) = &waiting {
                p { class: "notice waiting", role: "status", "data-testid": "waiting-others", "{waiting}" }
            }
            // The host may play a seat whose phone is away once it has
            // freed it (a ruling): one tap, while the table waits.
            for (seat, name) in table.as_ref().map(|t| t.free_here.clone()).unwrap_or_default() {
                button {
                    key: "{seat}",
                    class: "action",
                    "data-testid": "free-away-{seat}",
                    onclick: move |_| table_handle.send(TableCommand::Free(seat)),
                    "{lang.play_away_seat_here(&name)}"
                }
            }
            if table.as_ref().is_some_and(|t| t.watching) {
                // A line, not a box: what the phone shows is the game.
                p { class: "caption", role: "status", "data-testid": "watching-here", "{t.watching_here}" }
            }
            // This phone's roll answers at once: its dice tumble until the
            // host has ordered it (its faces are shown only then).
            if let Some(dice) = pending_roll {
                PendingRoll { dice, offline: kept, lang }
            } else if sent && waiting.is_none() {
                p { class: "notice", role: "status", "data-testid": "sent-to-host", "{t.asking}" }
            }
            if kept && waiting.is_none() && pending_roll.is_none() {
                p { class: "notice", role: "status", "data-testid": "kept-offline", "{t.offline_kept}" }
            }
            // Another phone's move, or this phone's with the host or
            // waiting for the link: this phone's controls are shown, inert
            // (the move is made; a second tap would make it twice).
            div { class: "table-controls", inert: (waiting.is_some() || sent || kept).then_some("true"), {children} }
            if coach_allowed {
                CoachToggle { lang, open: coach_open, on_open: move |()| consult.call(()),
                    if let Some(build) = coach {
                        CoachPanel { panel: build, lang, open: coach_open, spot: coach_spot }
                    }
                }
            }
            UndoRedo {
                can_undo,
                can_redo,
                lang,
                on_step: move |undo_or_redo| {
                    step.call(undo_or_redo);
                    if let Some(then) = on_step {
                        then.call(undo_or_redo);
                    }
                },
            }
            DiceChoice { view: dice, lang }
            {sheet}
            if can_host {
                button {
                    class: "action",
                    "data-testid": "play-on-phones",
                    onclick: move |_| table_handle.open(kind, TableRequest::Host(kind), nav),
                    "{t.open}"
                }
            }
            button { class: "action", "data-testid": "open-rules", onclick: nav.go_on_click(Screen::Rules(kind)), "{lang.game().rules}" }
        }
    }
}

/// The game screen with no game: the way to a new one.
#[component]
pub fn NoGame(kind: GameKind) -> Element {
    let nav = use_nav();
    let new_game = use_prefs().lang().game().new_game;
    rsx! {
        div { class: "info",
            p { "{new_game}" }
            button { class: "roll-main", onclick: nav.go_on_click(Screen::Setup(kind)), "{new_game}" }
        }
    }
}

/// The coach's panel, built when it is drawn (while the coach is open, or
/// kept ready once opened). While it is open, `spot` is where its
/// recommended option is on the board (the screen lights it); else none.
/// Opening or closing the coach only sets `spot`: it builds nothing again.
#[component]
fn CoachPanel(
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

/// Hosts the game from this phone, where the line says the host is gone:
/// the table screen's own button, one tap from the game.
#[component]
fn TakeOverHere(kind: GameKind, lang: Lang) -> Element {
    let (table, nav) = (use_table(), use_nav());
    let take_over = move |_| {
        if let Some(id) = table.game_id() {
            table.open(kind, TableRequest::TakeOver { game: kind, id }, nav);
        }
    };
    // Shown while the player had scrolled down to the dice: brought into
    // view with the line above it (aligned to the screen's foot, which
    // scrolls back to the top of the game).
    let into_view = |e: MountedEvent| {
        spawn(async move {
            let foot = ScrollToOptions {
                behavior: ScrollBehavior::Instant,
                vertical: ScrollLogicalPosition::End,
                horizontal: ScrollLogicalPosition::Nearest,
            };
            let _ = e.data().scroll_to_with_options(foot).await;
        });
    };
    rsx! {
        button { class: "roll-main", "data-testid": "take-over-here", onmounted: into_view, onclick: take_over, "{lang.table().host_here}" }
    }
}

/// A roll made on this phone that the host has not ordered yet: `dice`
/// dice tumbling, and what they wait for (the host, or the link when it is
/// down: `offline`).
#[component]
fn PendingRoll(dice: usize, offline: bool, lang: Lang) -> Element {
    let t = lang.table();
    rsx! {
        div { class: "pending-roll", role: "status", "data-testid": "pending-roll",
            div { class: "tray tumbling", "aria-hidden": "true",
                for i in 0..dice {
                    span { key: "{i}", class: "tray-die tumbling-die" }
                }
            }
            p { class: "caption", if offline { "{t.roll_kept}" } else { "{t.roll_sent}" } }
        }
    }
}
