//! The first screen in the page: after `dx build --web --release`
//! (scripts/tools.sh `build_web` runs this before scripts/pwa.mjs), renders
//! the home screen of a first visit, in French and in English, with the
//! renderer of the component tests (dioxus-ssr), and writes into the built
//! `index.html`:
//!
//! - at `<!--prerender:head-->`: the stylesheet of the first screens, in
//!   the page (no second request before the first paint), and the wasm,
//!   preloaded so it downloads in parallel with the page and the glue script;
//!   when the address is a join link (`#join=`), what the join needs next
//!   (the table's part of the app for the game its ticket names, the
//!   transport and its glue) is preloaded
//!   too, all at once rather than each after the last;
//! - at `<!--prerender:home-->`: the home screen of each language, in a
//!   `<template>`; the page's own script shows the one of its language before
//!   the first paint, and hands the screen over to the app when it runs (see
//!   `index.html`).
//!
//! All URLs written are relative (no leading `/`), so the page works from any
//! sub-path.
//!
//!     cargo run --example prerender -- DIST

use dioxus::prelude::*;
use genius::core::checker::Checker;
use genius::core::game::GameKind;
use genius::i18n::Lang;
use genius::settings::Settings;
use genius::ui::app::{Init, Root, RootProps};
use genius::ui::Screen;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const HEAD_MARK: &str = "<!--prerender:head-->";
const HOME_MARK: &str = "<!--prerender:home-->";

fn main() -> ExitCode {
    let Some(dist) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: cargo run --example prerender -- DIST");
        return ExitCode::FAILURE;
    };
    match prerender(&dist) {
        Ok(summary) => {
            println!("prerender: {summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("prerender: {e}");
            ExitCode::FAILURE
        }
    }
}

fn prerender(dist: &Path) -> Result<String, String> {
    let index = dist.join("index.html");
    let page = std::fs::read_to_string(&index)
        .map_err(|e| format!("cannot read {}: {e}", index.display()))?;
    for mark in [HEAD_MARK, HOME_MARK] {
        if page.matches(mark).count() != 1 {
            return Err(format!(
                "{} should hold {mark} once (index.html at the project's root)",
                index.display()
            ));
        }
    }
    let css = only_asset(dist, |name| {
        name.starts_with("main-") && name.ends_with(".css")
    })?;
    // The other screens' stylesheet: the page links it once the app runs.
    let screens_css = only_asset(dist, |name| {
        name.starts_with("screens-") && name.ends_with(".css")
    })?;
    // The app's main wasm (each game's own code is fetched when it opens).
    let wasm = only_asset(dist, |name| {
        name.starts_with("genius_bg-") && name.ends_with(".wasm")
    })?;
    // Each game's table part of the app (its link and the table screen),
    // fetched when a table of that game opens: on a join link, at once.
    let mut table_parts = Vec::new();
    for kind in GameKind::ALL {
        let marker = format!("_Lazy{kind:?}TableLink-");
        let part = only_asset(dist, |name| {
            name.starts_with("module_") && name.contains(&marker) && name.ends_with(".wasm")
        })?;
        table_parts.push(format!("\"{}\": \"assets/{part}\"", kind.name()));
    }
    let table_parts = table_parts.join(", ");
    // The stylesheet in the page itself: the first paint waits for no second
    // request (on a slow 4G network, a round trip of about half a second).
    // It styles the screens a player starts on (the home screen and the
    // checker); the page links the other screens' (assets/screens.css,
    // named by `data-screens-css`) once the app has painted its first.
    let css_path = dist.join("assets").join(&css);
    let style = std::fs::read_to_string(&css_path)
        .map_err(|e| format!("cannot read {}: {e}", css_path.display()))?;
    if style.contains("</") {
        return Err(format!("{css}: \"</\" would end the page's <style> early"));
    }
    // `crossorigin`: the glue fetches the wasm in CORS mode, and a preload is
    // only used by a request of the same mode.
    // A join link: the table's part of the game its ticket names (`g=`), the
    // transport's wasm (fetched by its glue in CORS mode too) and the glue (a
    // module import), asked with the start file rather than each after the
    // one before (issue 51).
    let join = format!(
        "<script>if (/^#join=/.test(location.hash)) {{ var g = /[=&]g=([a-z]+)/.exec(location.hash); \
         [({{{table_parts}}})[g && g[1]], \"link/genius_net_bg.wasm\", \"link/genius_net.js\"].forEach(function (href) {{ \
         if (!href) return; var l = document.createElement(\"link\"); l.href = href; \
         if (/\\.js$/.test(href)) l.rel = \"modulepreload\"; else {{ l.rel = \"preload\"; l.as = \"fetch\"; l.type = \"application/wasm\"; l.crossOrigin = \"anonymous\"; }} \
         document.head.appendChild(l); }}); }}</script>"
    );
    let head = format!(
        "<style data-app-css=\"assets/{css}\" data-screens-css=\"assets/{screens_css}\">{style}</style>\n        \
         <link rel=\"preload\" href=\"assets/{wasm}\" as=\"fetch\" type=\"application/wasm\" crossorigin>\n        \
         {join}"
    );
    let mut templates = Vec::new();
    for lang in Lang::ALL {
        let screen = home_screen(lang)?;
        templates.push(format!(
            "<template id=\"prerendered-{}\">{screen}</template>",
            lang.code()
        ));
    }
    let home = templates.join("\n        ");
    let page = page.replace(HEAD_MARK, &head).replace(HOME_MARK, &home);
    std::fs::write(&index, &page).map_err(|e| format!("cannot write {}: {e}", index.display()))?;
    Ok(format!(
        "home screen (fr, en), the stylesheet assets/{css} (assets/{screens_css} linked later), the preload of assets/{wasm} and, on a join link, of its game's table part and link/ written into {}",
        index.display()
    ))
}

/// The home screen of a first visit in `lang` (default settings, no saved
/// game), as the app's first render shows it: its root element, marked
/// `data-prerendered` so the page's script and the tests tell it from the
/// app's. The app's own stylesheet link is left out: the head has it.
fn home_screen(lang: Lang) -> Result<String, String> {
    let init = Init {
        settings: Settings::default(),
        settings_error: None,
        locale: Some(lang.code().to_string()),
        screen: Screen::Home,
        checker: Checker::new(),
        saved: Vec::new(),
        set_aside: 0,
        restored: Vec::new(),
        table: None,
        bad_link: None,
        opening: None,
    };
    let mut dom = VirtualDom::new_with_props(Root, RootProps { init });
    dom.rebuild_in_place();
    let html = dioxus_ssr::render(&dom);
    const ROOT: &str = "<div class=\"app\"";
    let start = html
        .find(ROOT)
        .ok_or_else(|| format!("no {ROOT} in the rendered home screen: {html}"))?;
    let app = &html[start..];
    if app.matches(ROOT).count() != 1 || !app.ends_with("</div>") {
        return Err(format!(
            "the home screen should end with its root element: {html}"
        ));
    }
    Ok(format!(
        "<div data-prerendered class=\"app\"{}",
        &app[ROOT.len()..]
    ))
}

/// The one file of `dist/assets` whose name `wanted` accepts.
fn only_asset(dist: &Path, wanted: impl Fn(&str) -> bool) -> Result<String, String> {
    let dir = dist.join("assets");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| wanted(name))
        .collect();
    match names.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(format!(
            "expected one such file in {}, found {names:?}",
            dir.display()
        )),
    }
}
