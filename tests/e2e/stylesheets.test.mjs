// The app's two stylesheets on the web: assets/main.css, in the page itself,
// styles the screens a player starts on (the home screen, the checker, the
// coach, the top bar); assets/screens.css, every other screen, is linked by
// the page once the app has painted its first screen, and a screen opened
// before it has arrived waits for it (index.html, src/ui/mod.rs
// `lazy_screen`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, APP, open, openChecker, shot } from './support/harness.mjs';
import { SCREENS } from './support/screens.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const SCREENS_CSS = /\/assets\/screens-[^/]+\.css$/;

/** The rules of screens.css that apply to something on the page now, as
 * their selectors (under the media conditions that hold). States a player
 * brings about (hover, focus, pressed) and pseudo-elements are left out of
 * the selectors: what is left says which element a rule is for. */
async function screensRulesInUse(page) {
  await page.waitForFunction(() => [...document.styleSheets].some((s) => /\/screens-[^/]+\.css$/.test(s.href || '')));
  return page.evaluate(() => {
    const sheet = [...document.styleSheets].find((s) => /\/screens-[^/]+\.css$/.test(s.href || ''));
    const user = /::?(before|after|placeholder|selection|marker|backdrop|-webkit-[a-z-]+)|:(hover|active|focus-visible|focus-within|focus|visited|link)\b/g;
    const used = [];
    const walk = (rules) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule) {
          if (matchMedia(rule.conditionText || rule.media.mediaText).matches) walk(rule.cssRules);
        } else if (rule instanceof CSSSupportsRule) {
          walk(rule.cssRules);
        } else if (rule instanceof CSSStyleRule) {
          for (const selector of rule.selectorText.split(',')) {
            const bare = selector.replace(user, '').trim() || '*';
            if ([...document.querySelectorAll(bare)].some((e) => e.closest('.app'))) used.push(selector.trim());
          }
        }
      }
    };
    walk(sheet.cssRules);
    return [...new Set(used)];
  });
}

test('the home screen and the checker take nothing from the other screens\' stylesheet', async () => {
  const views = [
    { name: 'phone', viewport: { width: 390, height: 844 } },
    { name: 'phone on its side', viewport: { width: 844, height: 390 } },
    { name: 'tablet', viewport: { width: 820, height: 1180 } },
  ];
  for (const { name, viewport } of views) {
    for (const colorScheme of ['light', 'dark']) {
      const page = await app.page({ viewport, colorScheme, serviceWorkers: 'block' });
      await open(page, app.url);
      const seen = { home: await screensRulesInUse(page) };
      await page.click(id('open-checker'));
      await page.waitForSelector(id('checker'));
      await page.waitForSelector(id('odds'));
      seen.empty = await screensRulesInUse(page);
      for (const face of [2, 4, 3, 5, 3]) await page.click(id(`face-${face}`));
      seen['not prime'] = await screensRulesInUse(page);
      await page.$eval(id('face-1'), (b) => b.click());
      await page.waitForSelector(`${id('error')}:not(:empty)`);
      seen['a sixth die'] = await screensRulesInUse(page);
      await page.click(id('clear'));
      await page.click(id('roll-3'));
      seen.rolled = await screensRulesInUse(page);
      await page.click(id('coach-button'));
      await page.waitForSelector(id('coach-panel'));
      seen['the coach'] = await screensRulesInUse(page);
      for (const [state, rules] of Object.entries(seen)) {
        assert.deepEqual(rules, [], `${name}, ${colorScheme}, ${state}: rules of screens.css in use`);
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  }
});

test('nor does the home screen with a game to resume', async () => {
  const page = await app.page({ serviceWorkers: 'block' });
  await SCREENS.serieux(page, app.url);
  await page.click('.icon-button.back');
  await page.waitForSelector('.saved-row');
  assert.deepEqual(await screensRulesInUse(page), []);
  // Its rows styled by the page's own stylesheet.
  assert.equal(await page.$eval('.saved-row', (e) => getComputedStyle(e).display), 'flex');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the other screens\' stylesheet comes once the app runs, and a screen waits for it', async () => {
  const page = await app.page({ serviceWorkers: 'block' });
  const asked = [];
  page.on('request', (r) => { if (SCREENS_CSS.test(r.url())) asked.push(performance.now()); });
  // Held back: the roller, opened before it arrives, waits for it.
  const held = [];
  await page.route(SCREENS_CSS, (route) => held.push(route));
  // Not `open`: the page's load event waits for a stylesheet linked before
  // it, and when the app paints first (a warm cache) that is the one held.
  await page.goto(app.url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(`${APP} main.screen-Home`);
  await page.waitForFunction(() => document.querySelectorAll('link[rel="stylesheet"]').length > 0);
  // The request reaches Playwright on another channel than the page's DOM:
  // it is counted once it has come to the route that holds it.
  for (let i = 0; i < 100 && held.length === 0; i++) await page.waitForTimeout(20);
  assert.equal(asked.length, 1, 'asked for once the app runs');
  await page.tap(id('open-roller'));
  await page.waitForSelector(id('screen-loading'));
  await page.waitForTimeout(300);
  assert.equal(await page.$('.roller'), null, 'the roller waits for its stylesheet');
  await shot(page, 'stylesheets-waiting');
  for (const route of held.splice(0)) await route.continue();
  await page.waitForSelector('.roller');
  // Styled by screens.css: the roller lays its parts out in a column.
  assert.equal(await page.$eval('.roller', (e) => getComputedStyle(e).flexDirection), 'column');
  // Back home and to another screen: still one link, asked for once.
  await page.click('.icon-button.back');
  await page.waitForSelector(`${APP} ${id('open-settings')}`);
  await page.tap(id('open-settings'));
  await page.waitForSelector('.settings');
  assert.equal(await page.$$eval('link[rel="stylesheet"]', (ls) => ls.filter((l) => /screens-/.test(l.href)).length), 1);
  assert.equal(asked.length, 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a screen the app starts on waits for the stylesheet too', async () => {
  // The roller's card tapped on the page's copy, before the app runs: the
  // app starts on the roller, whose stylesheet has not been asked for yet.
  const page = await app.page({ serviceWorkers: 'block' });
  const held = [];
  await page.route('**/*.wasm', (route) => held.push(route));
  await page.goto(app.url);
  await page.waitForSelector(`[data-prerendered] ${id('open-roller')}`);
  await page.tap(`[data-prerendered] ${id('open-roller')}`);
  for (const route of held.splice(0)) await route.continue();
  await page.unroute('**/*.wasm');
  await page.waitForSelector('.roller');
  assert.equal(await page.$eval('.roller', (e) => getComputedStyle(e).flexDirection), 'column');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the checker, open from the start, is styled whole without the other screens\' stylesheet', async () => {
  const page = await app.page({ serviceWorkers: 'block' });
  await page.route(SCREENS_CSS, (route) => route.abort());
  await openChecker(page, app.url);
  await page.waitForSelector(id('odds'));
  const looks = await page.evaluate(() => ({
    keypad: getComputedStyle(document.querySelector('.keypad')).display,
    verdict: parseFloat(getComputedStyle(document.querySelector('.verdict')).borderTopLeftRadius),
  }));
  assert.equal(looks.keypad, 'grid');
  assert.ok(looks.verdict > 0);
  await page.context().close();
});
