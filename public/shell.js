// Genius shell: what the page does around the app, on every platform. The
// web build loads it from index.html; the desktop and phone builds put it in
// the page of their web view (src/platform/native.rs). It reads the app's
// state from the page, never from the wasm, so it costs the app nothing:
// the screen is the class `screen-<Name>` of `main.screen`, the settings are
// attributes of `.app` (`data-theme`, `data-haptics`).
//
// - Back: the browser's back, the phone's back button or gesture go to the
//   parent screen, as the top bar's back arrow does. While a screen other
//   than home is shown, one history entry is pushed above the page; going
//   back pops it and the shell presses the app's back (the last visible
//   `[data-back]` element, e.g. a dialog's close button, else the top bar's
//   arrow). On home there is no entry left, so back leaves the app. On
//   Android, MainActivity sends the back button to the web view's history.
// - Screen awake while a game, the checker or the dice roller is open:
//   the Screen Wake Lock API where the browser has it, the Android
//   activity's FLAG_KEEP_SCREEN_ON through its bridge; released elsewhere.
// - Haptics: a short vibration when a button marked `data-haptic` (a virtual
//   roll) is pressed, unless the player turned haptics off. Android's
//   bridge uses the view's haptic feedback (no permission needed), the web
//   `navigator.vibrate`; iOS web views have neither.
// - A new screen starts at the top of the page.
// - The browser's theme colour follows the app's theme.
(function () {
  'use strict';
  var android = window.GeniusAndroid || null;
  var AWAKE = /^(Checker|Roller|\w+Game)$/;

  function app() { return document.querySelector('.app'); }
  function screen() {
    var main = document.querySelector('main.screen');
    var m = main && /\bscreen-(\w+)/.exec(main.className);
    return m ? m[1] : null;
  }

  // ---- back ----
  var pending = 0; // our own history.back() calls, whose popstate to ignore
  function inner() { return !!(history.state && history.state.genius); }
  function pressBack() {
    var closers = document.querySelectorAll('[data-back]');
    var target = closers.length ? closers[closers.length - 1] : document.querySelector('.topbar .back');
    if (target) target.click();
  }
  function syncHistory(name) {
    if (name !== 'Home' && !inner()) {
      history.pushState({ genius: 1 }, '');
    } else if (name === 'Home' && inner() && pending === 0) {
      // Home reached from inside the app (or reloaded there, which keeps
      // the entry): drop the entry, so back leaves. Once: the entry stays
      // current until the browser has gone back, and the page may change
      // again meanwhile; going back twice would leave the app.
      pending++;
      history.back();
    }
  }
  window.addEventListener('popstate', function () {
    if (pending > 0) { pending--; return; }
    var name = screen();
    if (inner()) {
      // Forward onto our entry: only meaningful while inside the app.
      if (name === 'Home') { pending++; history.back(); }
      return;
    }
    if (name && name !== 'Home') {
      pressBack();
      // The app re-renders; the observer then pushes the entry again if
      // the parent is not home. Also check once in case nothing changed.
      setTimeout(sync, 0);
    }
  });

  // ---- screen awake ----
  var want = false;
  var lock = null; // a promise of the WakeLockSentinel (or null)
  function applyWakeLock() {
    if (!navigator.wakeLock) return;
    if (want && !lock && document.visibilityState === 'visible') {
      var p = navigator.wakeLock.request('screen').then(function (sentinel) {
        sentinel.addEventListener('release', function () { if (lock === p) lock = null; });
        if (!want) { lock = null; sentinel.release(); }
        return sentinel;
      }, function () { if (lock === p) lock = null; return null; });
      lock = p;
    } else if (!want && lock) {
      var held = lock;
      lock = null;
      held.then(function (sentinel) { if (sentinel && !sentinel.released) sentinel.release(); });
    }
  }
  function keepAwake(on) {
    if (on === want) return;
    want = on;
    if (android && android.keepScreenOn) android.keepScreenOn(on);
    else applyWakeLock();
  }
  // A hidden page loses its lock; take it again when the player comes back.
  document.addEventListener('visibilitychange', applyWakeLock);

  // ---- haptics ----
  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest ? event.target.closest('[data-haptic]') : null;
    if (!button || button.disabled || button.getAttribute('aria-disabled') === 'true') return;
    var root = app();
    if (root && root.getAttribute('data-haptics') === 'off') return;
    if (android && android.haptic) android.haptic();
    else if (navigator.vibrate) navigator.vibrate(20);
  }, true);

  // A timer running out (an element marked `data-alarm` appearing): a longer
  // buzz, so the table notices without looking.
  var alarmed = false;
  function syncAlarm(root) {
    var on = !!document.querySelector('[data-alarm]');
    if (on && !alarmed && root && root.getAttribute('data-haptics') !== 'off') {
      if (android && android.haptic) { android.haptic(); setTimeout(android.haptic, 300); }
      else if (navigator.vibrate) navigator.vibrate([250, 120, 250, 120, 400]);
    }
    alarmed = on;
  }

  // ---- sharing files ----
  // The app hands exports here first: the system share sheet where the
  // browser can share files (Android, iOS, some desktops); otherwise it
  // returns false and the app downloads the file itself.
  // Chromium shares only some kinds of files (images, media, PDF, and text:
  // .txt, .csv, .html, .css), not .json: a JSON export it refuses goes as a
  // text copy, `NAME.json.txt`, which the app's import accepts back. If the
  // share then fails for another reason than the player closing the sheet,
  // the file is downloaded instead, so an export is never lost.
  function download(file) {
    var url = URL.createObjectURL(file);
    var link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
  }
  window.geniusShare = function (name, mime, text) {
    try {
      if (!navigator.canShare || !navigator.share) return false;
      var file = new File([text], name, { type: mime });
      if (!navigator.canShare({ files: [file] })) {
        file = new File([text], name + '.txt', { type: 'text/plain' });
        if (!navigator.canShare({ files: [file] })) return false;
      }
      navigator.share({ files: [file], title: name }).catch(function (e) {
        if (!e || e.name !== 'AbortError') download(new File([text], name, { type: mime }));
      });
      return true;
    } catch (e) { /* no file sharing here */ }
    return false;
  };

  // ---- theme colour ----
  function syncThemeColor(root) {
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    var theme = root.getAttribute('data-theme');
    var forced = theme === 'light' || theme === 'dark' ? getComputedStyle(root).backgroundColor : null;
    for (var i = 0; i < metas.length; i++) {
      var meta = metas[i];
      if (meta.getAttribute('data-initial') === null) meta.setAttribute('data-initial', meta.content);
      var colour = forced || meta.getAttribute('data-initial');
      if (meta.content !== colour) meta.content = colour;
    }
  }

  // ---- following the app ----
  var shown = null;
  function sync() {
    var name = screen();
    if (!name) return;
    if (name !== shown) {
      if (shown !== null) window.scrollTo(0, 0);
      shown = name;
      keepAwake(AWAKE.test(name));
    }
    syncHistory(name);
    var root = app();
    if (root) syncThemeColor(root);
    syncAlarm(root);
  }
  var scheduled = false;
  new MutationObserver(function () {
    if (scheduled) return;
    scheduled = true;
    // After the app's whole update, once per frame at most.
    Promise.resolve().then(function () { scheduled = false; sync(); });
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'data-theme'] });
})();
