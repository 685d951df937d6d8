// The installable web app: the manifest and its icons, the service worker
// that makes the app work offline after a first visit, and its updates.
// Every test runs twice: the build served at the root of a site, and the
// same build served under a sub-path, as a project's GitHub Pages site is
// (https://<owner>.github.io/<repo>/), where nothing answers outside it.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { start, id, open, text, shot, rulesText, WEB_DIST, LAUNCH, APP } from './support/harness.mjs';
import { SCREENS } from './support/screens.mjs';
import { serve } from '../../scripts/serve.mjs';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buffer) {
  assert.equal(buffer.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
  return [buffer.readUInt32BE(16), buffer.readUInt32BE(20)];
}

const COLOUR = /^#[0-9a-f]{6}$/i;

for (const base of ['/', '/genius/']) describe(`served from ${base}`, () => {
  let app;
  before(async () => { app = await start({ base }); });
  after(async () => { await app?.stop(); });

  test('the manifest is linked, complete, and every icon loads at its size', async () => {
    const page = await app.page();
    // Under a sub-path, the page asks for nothing outside it.
    const outside = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === new URL(app.url).origin && !u.pathname.startsWith(base)) outside.push(u.pathname);
    });
    await open(page, app.url);
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    const url = new URL(href, app.url);
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /application\/manifest\+json/);
    const m = await res.json();
    for (const key of ['id', 'name', 'short_name', 'start_url', 'scope', 'display', 'lang', 'theme_color', 'background_color', 'icons']) {
      assert.ok(m[key], `manifest has ${key}`);
    }
    assert.equal(m.display, 'standalone');
    assert.ok(m.short_name.length <= 12, 'short name fits under an icon');
    assert.ok(new URL(m.start_url, url).href.startsWith(new URL(m.scope, url).href), 'start_url is inside the scope');
    assert.equal(new URL(m.id, url).href, app.url);
    assert.match(m.lang, /^(fr|en)/);
    assert.match(m.theme_color, COLOUR);
    assert.match(m.background_color, COLOUR);
    assert.match(m.color_scheme_dark.theme_color, COLOUR, 'a dark theme colour');
    assert.match(m.color_scheme_dark.background_color, COLOUR, 'a dark background colour');

    const wanted = ['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512', 'any any'];
    const have = m.icons.map((i) => `${i.purpose ?? 'any'} ${i.sizes}`);
    for (const w of wanted) assert.ok(have.includes(w), `an icon "${w}" (have ${have.join(', ')})`);
    for (const icon of m.icons) {
      const r = await fetch(new URL(icon.src, url));
      assert.equal(r.status, 200, icon.src);
      assert.equal(r.headers.get('content-type').split(';')[0], icon.type, `${icon.src} type`);
      const body = Buffer.from(await r.arrayBuffer());
      if (icon.type === 'image/png') {
        assert.equal(pngSize(body).join('x'), icon.sizes, `${icon.src} is ${icon.sizes}`);
      } else {
        assert.match(body.toString('utf8'), /<svg[^>]*viewBox="0 0 512 512"/, `${icon.src} is a square SVG`);
      }
    }
    // iOS: the home-screen icon and the status bar colour come from the page.
    const touch = await fetch(new URL(await page.getAttribute('link[rel="apple-touch-icon"]', 'href'), app.url));
    assert.equal(touch.status, 200);
    assert.deepEqual(pngSize(Buffer.from(await touch.arrayBuffer())), [180, 180]);
    const themeColours = await page.$$eval('meta[name="theme-color"]', (ms) => ms.map((x) => x.content));
    assert.deepEqual(themeColours, [m.theme_color, m.color_scheme_dark.theme_color]);
    await controlled(page);
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope), app.url, 'the worker\'s scope is the app\'s folder');
    assert.deepEqual(outside, [], `nothing asked for outside ${base}`);
    assert.deepEqual(await installabilityErrors(app.url), [], 'Chromium would offer to install the app');
    assert.deepEqual(page.errors, []);
  });

  test('the worker of a build lists that build\'s files', () => {
    const sw = fs.readFileSync(path.join(WEB_DIST, 'sw.js'), 'utf8');
    const build = /const BUILD = '([0-9a-f]{16})';/.exec(sw);
    assert.ok(build, 'scripts/pwa.mjs gave the worker a version');
    const shell = JSON.parse(/const SHELL = (\[.*\]);/.exec(sw)[1]);
    // Relative to the worker's folder, so they hold under any sub-path.
    assert.ok(shell.includes('./'));
    for (const u of shell) assert.doesNotMatch(u, /^\/|^[a-z]+:/, `${u} is relative`);
    for (const ext of ['.js', '.wasm', '.css']) assert.ok(shell.some((u) => u.startsWith('assets/') && u.endsWith(ext)), `the hashed ${ext}`);
    for (const u of ['manifest.webmanifest', 'shell.js', 'icons/icon-192.png']) assert.ok(shell.includes(u), u);
    for (const u of shell) {
      const file = u === './' ? 'index.html' : u;
      assert.ok(fs.existsSync(path.join(WEB_DIST, file)), `${u} is in the build`);
    }
  });

  /** Chromium's own install criteria for the app at `url`, as its "Install
 * app" menu checks them: in a browser profile of its own (the tests' other
 * pages are in off-the-record contexts, where Chromium never installs). */
async function installabilityErrors(url) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'genius-profile-'));
  const context = await chromium.launchPersistentContext(dir, LAUNCH);
  try {
    const page = await context.newPage();
    await open(page, url);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    return (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors;
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function controlled(page) {
    await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  }

  /** Serves the build on its own port (so that the server can really go away),
   * runs `visit` on a page controlled by the service worker, then takes the
   * server down and the page offline and reloads it. */
  async function visitThenGoOffline(page, visit) {
    const server = await serve(WEB_DIST, 0, base);
    const url = `http://127.0.0.1:${server.address().port}${base}`;
    try {
      await open(page, url);
      await controlled(page);
      await visit(url);
    } finally {
      server.close();
      server.closeAllConnections();
    }
    await page.context().setOffline(true);
    await page.reload();
    await page.waitForSelector(APP);
    return url;
  }

  test('after a first visit the app works offline, the checker included', async () => {
    const page = await app.page();
    const url = await visitThenGoOffline(page, async () => {
      const cached = await page.evaluate(async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys[0]);
        return { keys, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
      });
      assert.equal(cached.keys.length, 1, `one cache: ${cached.keys}`);
      assert.ok(cached.urls.some((u) => u.endsWith('.wasm')), 'the wasm is cached');
      assert.ok(cached.urls.includes(base), `the page is cached under ${base}`);
      for (const u of cached.urls) assert.ok(u.startsWith(base), `${u} is under ${base}`);
    });
    await page.click(id('open-checker'));
    for (const face of [3, 3, 2, 3, 3]) await page.click(id(`face-${face}`));
    assert.equal(await text(page, 'number'), '23333');
    assert.equal(await text(page, 'verdict-word'), 'Premier');
    // A new tab, still offline and with no server, opens the app too.
    const again = await page.context().newPage();
    await again.goto(url);
    await again.waitForSelector(APP);
    assert.match(await again.textContent('h1'), /Genius/);
    assert.deepEqual(page.errors, []);
  });

  test('a screen\'s code is fetched when it first opens, and a game never opened opens offline', async () => {
    const page = await app.page();
    // Every file of code beyond the start file, and those of games.
    const screens = [];
    const games = [];
    page.on('request', (r) => {
      const file = new URL(r.url()).pathname.split('/').pop();
      if (/^module_\d+_Lazy\w+-.*\.wasm$/.test(file)) screens.push(file);
      if (/^module_\d+_Lazy\w+GameScreen-.*\.wasm$/.test(file)) games.push(file);
    });
    // One game started online: only its own file is asked for, once.
    const startEinstein = async (url) => {
      await open(page, url);
      await page.tap(id('open-einstein'));
      await page.waitForSelector(id('setup'));
      await page.tap(id('remove-player-1'));
      await page.fill(id('name-0'), 'Zoé');
      await page.tap(id('start-game'));
      await page.waitForSelector(id('einstein-game'));
    };
    const url = await visitThenGoOffline(page, async (url) => {
      await page.click(id('open-checker'));
      await page.waitForSelector(id('checker'));
      assert.deepEqual(screens, [], 'the home screen and the checker run on the start file alone');
      await startEinstein(url);
      assert.equal(games.length, 1, `one game file: ${games}`);
      assert.match(games[0], /LazyEinsteinGameScreen/);
      assert.equal(screens.length, 2, `the setup's file and the game's: ${screens}`);
      assert.ok(screens.some((f) => /LazySetupScreen/.test(f)), `the setup's file: ${screens}`);
    });
    // Offline, with no server, a game that never opened: its file comes from
    // the worker's cache (it cached every file at install).
    await open(page, url);
    await page.tap(id('open-serieux'));
    await page.waitForSelector(id('setup'));
    await page.fill(id('name-0'), 'Zoé');
    await page.fill(id('name-1'), 'Anne');
    await page.tap(id('start-game'));
    await page.waitForSelector(id('serieux-game'));
    assert.ok(games.some((f) => /LazySerieuxGameScreen/.test(f)), `Sérieux's file asked for offline: ${games}`);
    assert.deepEqual(page.errors, []);
  });

  test('a game whose code cannot be fetched says so, and the game it started is kept', async () => {
    // No service worker (it would answer from its cache) and no game file.
    const page = await app.page({ serviceWorkers: 'block' });
    await page.route(/\/module_\d+_Lazy\w+GameScreen-[^/]*\.wasm$/, (route) => route.abort());
    await open(page, app.url);
    await page.tap(id('open-einstein'));
    await page.waitForSelector(id('setup'));
    await page.tap(id('remove-player-1'));
    await page.fill(id('name-0'), 'Zoé');
    await page.tap(id('start-game'));
    await page.waitForSelector(id('game-loading'));
    await page.waitForSelector(id('game-unavailable'), { timeout: 15000 });
    assert.match(await text(page, 'game-unavailable'), /La partie est enregistrée/);
    await page.tap('.topbar .back');
    await page.waitForSelector(id('in-progress'));
    assert.match(await text(page, 'in-progress'), /Zoé/);
  });

  test('a screen whose code cannot be fetched says so, and the way back home works', async () => {
    const page = await app.page({ serviceWorkers: 'block' });
    await page.route(/\/module_\d+_LazyHistoryScreen-[^/]*\.wasm$/, (route) => route.abort());
    await open(page, app.url);
    await page.tap(id('open-history'));
    await page.waitForSelector(id('screen-loading'));
    assert.match(await text(page, 'screen-loading'), /Ouverture/);
    await page.waitForSelector(id('screen-unavailable'), { timeout: 15000 });
    assert.match(await text(page, 'screen-unavailable'), /Cet écran ne s'ouvre pas/);
    await page.tap('.topbar .back');
    await page.waitForSelector(id('open-checker'));
    // The rest of the app still works.
    await page.tap(id('open-settings'));
    await page.waitForSelector(id('lang-en'));
  });

  test('the rules are fetched only when a rules page opens, and open offline too', async () => {
    const page = await app.page();
    const fetched = [];
    page.on('request', (r) => { if (/\/rules[^/]*\.json$/.test(new URL(r.url()).pathname)) fetched.push(r.url()); });
    const url = await visitThenGoOffline(page, async (url) => {
      await page.click(id('open-checker'));
      await page.waitForSelector(id('checker'));
      // The page does not load them to start (the worker's install, which
      // caches the whole build for offline use, is not the page).
      assert.deepEqual(fetched, [], 'no rules fetched before a rules page opens');
      await SCREENS['serieux-rules'](page, url);
      assert.match(await rulesText(page, 'serieux-rules'), /1 n'est pas un nombre premier/);
      assert.equal(fetched.length, 1, 'fetched once, when the rules page opened');
    });
    // Offline, with no server: the worker's cache has them.
    await SCREENS['serieux-rules'](page, url);
    assert.match(await rulesText(page, 'serieux-rules'), /Ce que l'application applique/);
    assert.deepEqual(page.errors, []);
  });

  test('rules that cannot be fetched are said so, in the player\'s language, and the page still works', async () => {
    // No service worker: it would answer from its cache, past the route.
    const page = await app.page({ locale: 'en-GB', serviceWorkers: 'block' });
    await page.route(/\/rules[^/]*\.json$/, (route) => route.abort());
    await open(page, app.url);
    await page.click(id('open-genius'));
    await page.waitForSelector(id('setup'));
    await page.tap('text=Rules');
    await page.waitForSelector(id('rules-unavailable'));
    assert.match(await text(page, 'rules-unavailable'), /The rules could not be loaded/);
    // What the app draws itself is still there: the GENIUS list.
    assert.match(await text(page, 'genius-rules'), /GENIUS list/);
    await shot(page, 'rules-unavailable-en');
    // Back and in again once the network is there: they load.
    await page.unroute(/\/rules[^/]*\.json$/);
    await page.tap('.topbar .back');
    await page.tap('text=Rules');
    assert.match(await rulesText(page, 'genius-rules'), /17 becomes 8.5/);
  });

  test('a new build installs a new worker that replaces the old cache', async () => {
    // A copy of the build, served on its own port, then "rebuilt": the page
    // changes, so scripts/pwa.mjs gives the worker a new version.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'genius-pwa-'));
    fs.cpSync(WEB_DIST, dir, { recursive: true });
    const server = await serve(dir, 0, base);
    const url = `http://127.0.0.1:${server.address().port}${base}`;
    try {
      const page = await app.page();
      await open(page, url);
      await controlled(page);
      const [before] = await page.evaluate(() => caches.keys());
      const index = path.join(dir, 'index.html');
      fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('</body>', '<!-- new build --></body>'));
      const { execFileSync } = await import('node:child_process');
      execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/pwa.mjs'), dir]);
      await page.evaluate(async () => { const r = await navigator.serviceWorker.ready; await r.update(); });
      let keys = [before];
      for (let i = 0; i < 150 && (keys.length !== 1 || keys[0] === before); i++) {
        await page.waitForTimeout(200);
        keys = await page.evaluate(() => caches.keys());
      }
      assert.equal(keys.length, 1, `the old cache is gone: ${keys}`);
      const [after] = keys;
      assert.notEqual(after, before, 'a new cache');
      // The new cache holds the new page.
      const page2 = await page.evaluate(async ([key, home]) => (await (await caches.open(key)).match(home)).text(), [after, url]);
      assert.match(page2, /new build/);
      assert.deepEqual(page.errors, []);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
