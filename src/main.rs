fn main() {
    // Desktop and phones: the web view's page carries the shell script
    // (back navigation, screen awake, haptics); the web build has it in
    // index.html.
    #[cfg(any(feature = "desktop", feature = "mobile"))]
    dioxus::LaunchBuilder::new()
        .with_cfg(genius::platform::launch_config())
        .launch(genius::ui::App);
    #[cfg(not(any(feature = "desktop", feature = "mobile")))]
    dioxus::launch(genius::ui::App);
}
