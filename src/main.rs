fn main() {
    // Desktop and phones: the web view's page carries the shell script
    // (back navigation, screen awake, haptics); the web build has it in
    // index.html.
    #[cfg(any(feature = "desktop", feature = "mobile"))]
    dioxus::LaunchBuilder::new()
        .with_cfg(genius::platform::launch_config())
        .launch(genius::ui::app::App);
    // The web: once the page has painted its copy of the home screen, the
    // saved games are read from IndexedDB (the page started the reading), so
    // the app's storage calls can stay synchronous.
    #[cfg(all(
        target_arch = "wasm32",
        not(any(feature = "desktop", feature = "mobile"))
    ))]
    wasm_bindgen_futures::spawn_local(async {
        genius::platform::painted().await;
        genius::platform::open_games().await;
        dioxus::launch(genius::ui::app::App);
    });
    #[cfg(not(any(target_arch = "wasm32", feature = "desktop", feature = "mobile")))]
    dioxus::launch(genius::ui::app::App);
}
