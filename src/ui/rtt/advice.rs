//! Roll to the Top's coach on the screen: one search per state, shared by
//! the panel and the tower's recommended squares.

use super::tower::Mark;
use crate::core::coach;
use crate::core::coach::rtt::RttAdvice;
use crate::core::rtt::{Phase, Rtt};
use crate::i18n::Lang;
use crate::ui::coach::{Panel, Row};
use dioxus::prelude::*;

/// The coach's last advice, with the state and player it is for: the panel
/// and the tower's marks share one search.
pub(super) type AdviceCache = CopyValue<Option<(Rtt, usize, Option<RttAdvice>)>>;

/// The coach's advice for `player` on `state`, searched once per state.
pub(super) fn advice(cache: AdviceCache, state: &Rtt, player: usize) -> Option<RttAdvice> {
    let mut cache = cache;
    if let Some((s, p, a)) = &*cache.read() {
        if s == state && *p == player {
            return a.clone();
        }
    }
    let a = coach::rtt::advise(state, player);
    cache.set(Some((state.clone(), player, a.clone())));
    a
}

/// The coach's recommended squares, with the number each would take.
pub(super) fn marks(advice: &RttAdvice, state: &Rtt, lang: Lang) -> Vec<Mark> {
    let Phase::Place { result, .. } = state.phase() else {
        return Vec::new();
    };
    advice
        .plan
        .iter()
        .map(|p| Mark {
            square: p.square,
            value: p.dice.iter().filter_map(|&d| result.get(d)).sum(),
            dice: p
                .dice
                .iter()
                .filter_map(|&d| advice.dice.get(d).map(|k| lang.die_name(*k)))
                .collect::<Vec<_>>()
                .join(" + "),
        })
        .collect()
}

/// The coach for `player` on the current result: the recommended
/// placement and why, and each square it leaves open with the chance that
/// a throw of the dice in play can fill it.
pub(super) fn coach_panel(
    state: &Rtt,
    player: Option<usize>,
    lang: Lang,
    cache: AdviceCache,
) -> Panel {
    let Some(advice) = player.and_then(|p| advice(cache, state, p)) else {
        return Panel::default();
    };
    let result = match state.phase() {
        Phase::Place { result, .. } => result.clone(),
        _ => Vec::new(),
    };
    Panel {
        rows: advice
            .squares
            .iter()
            .map(|s| Row {
                label: lang.coach_rtt_square(state.sheet(), s.option),
                chance: s.chance,
                expected: None,
                extra: None,
                recommended: false,
            })
            .collect(),
        chance_label: Some(lang.coach_rtt().chance.into()),
        // The placement first, then why.
        reason: Some(format!(
            "{} — {}",
            lang.coach_rtt_plan(&advice.plan, &result, &advice.dice),
            lang.coach_rtt_reason(&advice.reason)
        )),
        basis: Some(advice.basis),
        ..Panel::default()
    }
}
