// The Android activity `dx bundle --android` compiles (Dioxus.toml:
// application.android_main_activity). Wry's activity hosts the web view the
// Dioxus app renders into.
package dev.dioxus.main

typealias BuildConfig = app.genius.table.BuildConfig

class MainActivity : WryActivity()
