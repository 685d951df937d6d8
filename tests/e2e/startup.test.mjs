// The first screen comes with the page (examples/prerender.rs writes the
// home screen into index.html): it paints, styled, in the player's language
// and theme before the wasm arrives; the app takes it over without a layout
// shift; a tap on it before the app runs is kept and honoured once the app
// runs; and the service worker is registered only once the app runs.
// The wasm is held back (request intercepted, answered on demand) to look
// at the page before the app.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, APP, shot } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

/** A page whose wasm download waits until `release()` is called. */
async function withWasmHeld(options = {}) {
  const page = await app.page({ serviceWorkers: 'block', ...options });
  const held = [];
  let released = false;
  await page.route('**/*.wasm', (route) => { if (released) route.continue(); else held.push(route); });
  // A request of a page since reloaded is gone: nothing to continue.
  page.release = async () => { released = true; for (const r of held.splice(0)) await r.continue().catch(() => {}); };
  return page;
}

const PRE = '[data-prerendered]';

test('the home screen is painted from the page, styled, before the wasm arrives', async () => {
  const page = await withWasmHeld();
  await page.goto(app.url);
  await page.waitForSelector(`${PRE} ${id('open-checker')}`);
  assert.equal(await page.$(APP), null, 'the app is not running yet');
  assert.match(await page.textContent(`${PRE} ${id('open-checker')}`), /Nombre premier/);
  assert.equal(await page.getAttribute(PRE, 'lang'), 'fr');
  // Styled by the stylesheet the head holds (the cards are laid out as
  // cards, the page has the app's background), not by the browser defaults.
  const styled = await page.$eval(`${PRE} ${id('open-checker')}`, (e) => {
    const s = getComputedStyle(e);
    return { radius: parseFloat(s.borderTopLeftRadius), width: e.getBoundingClientRect().width, bg: getComputedStyle(e.closest('.app')).backgroundColor };
  });
  assert.ok(styled.radius > 0, 'the card has its rounded corners');
  assert.ok(styled.width > 300, `the card spans the screen (${styled.width}px)`);
  assert.equal(styled.bg, 'rgb(244, 241, 234)');
  await shot(page, 'startup-before-wasm');
  // The stylesheet is in the head (no request before the first paint); the
  // wasm is asked for by the head, with a relative URL.
  const head = await page.evaluate(() => ({
    links: document.querySelectorAll('head link[rel="stylesheet"]').length,
    css: [...document.querySelectorAll('head style[data-app-css]')]
      .filter((s) => s.textContent.includes('.card')).map((s) => s.getAttribute('data-app-css')),
    wasm: [...document.querySelectorAll('head link[rel="preload"][as="fetch"]')].map((l) => l.getAttribute('href')),
  }));
  assert.equal(head.links, 0, 'no stylesheet to fetch before the first paint');
  assert.equal(head.css.length, 1);
  assert.match(head.css[0], /^assets\/main-[^/]+\.css$/);
  assert.equal(head.wasm.length, 1);
  assert.match(head.wasm[0], /^assets\/[^/]+\.wasm$/);
  await page.release();
  await page.waitForSelector(APP);
  assert.equal(await page.$(PRE), null, 'the page\'s copy is gone once the app runs');
  assert.equal(await page.$$eval(id('open-checker'), (es) => es.length), 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('English players and a dark theme chosen in the settings get theirs from the page', async () => {
  const page = await withWasmHeld({ locale: 'en-GB' });
  await page.goto(app.url);
  await page.waitForSelector(`${PRE} ${id('open-checker')}`);
  assert.equal(await page.getAttribute(PRE, 'lang'), 'en');
  assert.match(await page.textContent(`${PRE} ${id('open-checker')}`), /Prime or not\?/);
  await page.release();
  await page.waitForSelector(APP);

  const dark = await withWasmHeld({ colorScheme: 'light' });
  await dark.goto(app.url);
  await dark.evaluate(() => localStorage.setItem('genius.settings', JSON.stringify({ version: 1, theme: 'dark' })));
  await dark.reload();
  await dark.waitForSelector(`${PRE} ${id('open-checker')}`);
  assert.equal(await dark.getAttribute(PRE, 'data-theme'), 'dark');
  assert.equal(await dark.$eval(PRE, (e) => getComputedStyle(e).backgroundColor), 'rgb(17, 19, 22)');
  await dark.release();
  await dark.waitForSelector(APP);
  assert.equal(await dark.getAttribute(APP, 'data-theme'), 'dark');
  await page.context().close();
  await dark.context().close();
});

test('with a game in progress or unreadable settings, the app draws its home itself', async () => {
  for (const [key, value] of [
    ['genius.game.g1', '{"format":"genius-game","finished":false}'],
    ['genius.settings', '{"version":1,"theme":'],
  ]) {
    const page = await withWasmHeld();
    await page.goto(app.url);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value]);
    await page.reload();
    await page.waitForFunction(() => document.readyState !== 'loading');
    assert.equal(await page.$('.app'), null, `no copy of the home screen with ${key} = ${value}`);
    await page.release();
    await page.waitForSelector(`${APP} .notice`);
    await page.context().close();
  }
});

test('with a game in progress saved in IndexedDB, the app draws its first screen itself', async () => {
  // A game started and left unfinished: saved in IndexedDB, nothing of it
  // in localStorage.
  const page = await app.page({ serviceWorkers: 'block' });
  await page.goto(app.url);
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  await page.fill(id('name-0'), 'Anne');
  await page.fill(id('name-1'), 'Bob');
  await page.tap(id('start-game'));
  await page.waitForSelector(id('serieux-game'));
  await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith('genius.pending.')));
  // The next start, wasm held: the page must not paint a home screen without
  // the game to resume (the app's own first screen is then that game).
  const held = await page.context().newPage();
  const routes = [];
  await held.route('**/*.wasm', (route) => routes.push(route));
  await held.goto(app.url);
  await held.waitForFunction(() => document.readyState !== 'loading');
  assert.equal(await held.$('.app'), null, 'no copy of the home screen with a game in progress');
  for (const r of routes.splice(0)) await r.continue().catch(() => {});
  await held.unroute('**/*.wasm');
  // The only game in progress: the app reopens it (issue 37); Home lists it.
  await held.waitForSelector(`${APP} ${id('serieux-game')}`);
  await held.tap('.topbar .back');
  await held.waitForSelector(`${APP} [data-testid^="resume-"]`);
  // Deleted, the game leaves nothing to resume: the page paints its home again.
  await held.tap('[data-testid^="delete-"]');
  await held.tap('[data-testid^="confirm-delete-"]');
  await held.waitForSelector(`${APP} ${id('open-checker')}`);
  await held.route('**/*.wasm', (route) => routes.push(route));
  await held.reload();
  await held.waitForSelector(`[data-prerendered] ${id('open-checker')}`);
  for (const r of routes.splice(0)) await r.continue().catch(() => {});
  await page.context().close();
});

test('the app takes the screen over in place: no layout shift, the same boxes', async () => {
  const page = await withWasmHeld();
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push(e.value); })
      .observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(app.url);
  await page.waitForSelector(`${PRE} ${id('open-history')}`);
  const boxes = (root) => page.$$eval(`${root} button, ${root} h1, ${root} .tagline`, (es) =>
    es.map((e) => { const r = e.getBoundingClientRect(); return [e.textContent, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)].join(' '); }));
  const before = await boxes(PRE);
  await page.release();
  await page.waitForSelector(APP);
  // Two frames later, whatever the takeover would have moved has been painted.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.deepEqual(await boxes(APP), before);
  assert.deepEqual(await page.evaluate(() => window.__shifts), [], 'no layout shift');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the largest paint is the page\'s copy, even when the wasm comes at once', async () => {
  // The wasm is not held: on a fast network the app is ready about when
  // the page first paints. The page's copy stays until the browser has
  // reported it as painted; were it removed before, the largest paint would
  // be the app's identical screen, which waits for the wasm (Lighthouse's
  // slow-network estimate then counts the whole wasm download).
  for (const locale of ['fr-FR', 'en-US']) {
    const page = await app.page({ serviceWorkers: 'block', locale });
    await page.addInitScript(() => {
      window.__largest = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__largest.push(!!e.element?.closest('[data-prerendered]'));
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(app.url);
    await page.waitForSelector(APP);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const largest = await page.evaluate(() => window.__largest);
    assert.ok(largest.length > 0, 'a largest paint was reported');
    assert.deepEqual(largest, largest.map(() => true), `every largest paint is of the page's copy (${locale})`);
    assert.equal(await page.$(PRE), null);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('a tap on the home screen before the app runs is shown as taken, then honoured', async () => {
  const page = await withWasmHeld();
  // Whether the app ever drew its own home: a tapped card's screen is the
  // one it starts on.
  await page.addInitScript(() => {
    window.__appHome = false;
    new MutationObserver(() => {
      if (document.querySelector('.app:not([data-prerendered]) [data-testid="open-checker"]')) window.__appHome = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(app.url);
  await page.click(`${PRE} ${id('open-checker')}`);
  assert.equal(await page.$(`${PRE} ${id('open-checker')}[data-pending]`) !== null, true, 'the tapped card shows it was taken');
  assert.equal(await page.$(APP), null, 'the tap came before the app');
  await page.release();
  await page.waitForSelector(`${APP} ${id('checker')}`);
  assert.equal(await page.$(PRE), null);
  assert.equal(await page.evaluate(() => window.__appHome), false, 'the app started on the checker');
  // Back leads home, as if the card had been tapped in the app.
  await page.tap('.topbar .back');
  await page.waitForSelector(`${APP} ${id('open-einstein')}`);

  // A game's card: the app starts on its setup.
  const game = await withWasmHeld();
  await game.goto(app.url);
  await game.click(`${PRE} ${id('open-einstein')}`);
  await game.release();
  await game.waitForSelector(`${APP} ${id('setup')}`);
  assert.match(await game.textContent('.topbar-title'), /Einstein/);
  await game.context().close();

  // The last tap wins, and the top bar's settings button (no test id) too.
  const again = await withWasmHeld();
  await again.goto(app.url);
  await again.click(`${PRE} ${id('open-roller')}`);
  await again.click(`${PRE} .topbar .settings`);
  assert.equal(await again.$$eval('[data-pending]', (es) => es.length), 1);
  await again.release();
  await again.waitForSelector(`${APP} main.screen-Settings`);
  assert.deepEqual([...page.errors, ...again.errors], []);
  await page.context().close();
  await again.context().close();
});

test('the service worker is registered only once the app runs', async () => {
  const page = await app.page();
  await page.addInitScript(() => {
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args) => {
      window.__registeredWhileAppRan = !!document.querySelector('.app:not([data-prerendered])');
      return register(...args);
    };
  });
  await page.goto(app.url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__registeredWhileAppRan), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
