// The Android activity `dx bundle --android` compiles (Dioxus.toml:
// application.android_main_activity). Wry's activity hosts the web view the
// Dioxus app renders into; this one adds what the page's shell script
// (public/shell.js) asks of the phone:
//  - the back button or gesture goes back in the web view's history, where
//    the shell keeps one entry while a screen other than home is shown and
//    turns going back into the app's own back (parent screen, or closing a
//    dialog); with nothing left to go back to, the system's default applies
//    (the app closes or goes to the background). Through the
//    OnBackPressedDispatcher, so it also works with predictive back.
//  - `GeniusAndroid.keepScreenOn(on)`: FLAG_KEEP_SCREEN_ON while a game is
//    open (no permission needed);
//  - `GeniusAndroid.haptic()`: the view's haptic feedback on a virtual roll
//    (follows the system's touch-feedback setting; no VIBRATE permission).
package dev.dioxus.main

import android.app.Activity
import android.os.Bundle
import android.view.HapticFeedbackConstants
import android.view.WindowManager
import android.webkit.JavascriptInterface
import android.webkit.WebView
import androidx.activity.OnBackPressedCallback
import androidx.annotation.Keep

typealias BuildConfig = app.genius.table.BuildConfig

class MainActivity : WryActivity() {
    // Back is handled by the callback below, not by WryActivity.onKeyDown.
    override val handleBackNavigation: Boolean = false

    private var webView: WebView? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        onBackPressedDispatcher.addCallback(this, object : OnBackPressedCallback(true) {
            override fun handleOnBackPressed() {
                val view = webView
                if (view != null && view.canGoBack()) {
                    view.goBack()
                } else {
                    // Nothing left inside the app: the system's default.
                    isEnabled = false
                    onBackPressedDispatcher.onBackPressed()
                    isEnabled = true
                }
            }
        })
    }

    override fun onWebViewCreate(webView: WebView) {
        this.webView = webView
        // Called before the page loads, so the page sees the bridge.
        webView.addJavascriptInterface(GeniusBridge(this, webView), "GeniusAndroid")
    }
}

/** What public/shell.js may call on Android, as `window.GeniusAndroid`. */
@Keep
class GeniusBridge(private val activity: Activity, private val view: WebView) {
    @Keep
    @JavascriptInterface
    fun keepScreenOn(on: Boolean) {
        activity.runOnUiThread {
            if (on) {
                activity.window.addFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
            } else {
                activity.window.clearFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
            }
        }
    }

    @Keep
    @JavascriptInterface
    fun haptic() {
        view.post { view.performHapticFeedback(HapticFeedbackConstants.VIRTUAL_KEY) }
    }
}
