fn main() {
    dioxus::launch(genius::ui::App);
}
