//! Each game's table link as a part of the build (on the web a file of its
//! own, fetched when a table of that game opens; elsewhere simply there).
//!
//! The link and the core's table protocol are generic over the game: one
//! part for all six carried six copies of them and every game's rules,
//! where a phone joining an Einstein table needs Einstein's. Each game's
//! part is declared by its line in `game_pages!` ([`link_part!`]), and
//! [`TableLinkOf`] is the one component that waits for a part and runs it:
//! six lazy components (`#[component(lazy)]`) each put a loader of their
//! own in the start file.

use super::table::TableRequest;
use dioxus::prelude::*;

/// A game's table link, to load (on the web) and run.
#[derive(Clone, Copy)]
pub struct LinkPart(
    #[cfg(all(feature = "web", target_arch = "wasm32"))]
    pub  &'static dioxus::wasm_split::LazyLoader<TableRequest, Element>,
    #[cfg(not(all(feature = "web", target_arch = "wasm32")))] pub fn(TableRequest) -> Element,
);

/// One part is one game's: two are the same part if they load the same code.
impl PartialEq for LinkPart {
    fn eq(&self, other: &LinkPart) -> bool {
        #[cfg(all(feature = "web", target_arch = "wasm32"))]
        return std::ptr::eq(self.0, other.0);
        #[cfg(not(all(feature = "web", target_arch = "wasm32")))]
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

/// The link of the part's game for `request`, once its part is loaded (the
/// nearest suspense boundary waits meanwhile). A part that could not be
/// fetched draws nothing rather than stop the app (a lazy component's
/// loader unwraps): the table screen keeps saying the table is opening.
#[component]
pub fn TableLinkOf(part: LinkPart, request: TableRequest) -> Element {
    #[cfg(all(feature = "web", target_arch = "wasm32"))]
    {
        let loader = part.0;
        use_resource(move || async move { loader.load().await }).suspend()?;
        loader.call(request).unwrap_or_else(|_| rsx! {})
    }
    #[cfg(not(all(feature = "web", target_arch = "wasm32")))]
    (part.0)(request)
}

/// The [`LinkPart`] running `$link` (a function of a [`TableRequest`] to an
/// [`Element`]): on the web a split function of its own (its file is
/// `module_<n>_<$link>-<hash>.wasm`).
macro_rules! link_part {
    ($link:ident) => {{
        #[cfg(all(feature = "web", target_arch = "wasm32"))]
        {
            use dioxus::wasm_split;
            static PART: wasm_split::LazyLoader<TableRequest, Element> =
            wasm_split::lazy_loader!(extern "lazy" fn $link(request: TableRequest,) -> Element);
            $crate::ui::link_part::LinkPart(&PART)
        }
        #[cfg(not(all(feature = "web", target_arch = "wasm32")))]
        $crate::ui::link_part::LinkPart($link)
    }};
}
pub(crate) use link_part;
