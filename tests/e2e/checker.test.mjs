// The prime checker in headless Chromium at 390×844, against the release build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, openChecker, text, shot, APP } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const isPrime = (n) => { if (n < 2) return false; for (let p = 2; p * p <= n; p++) if (n % p === 0) return false; return true; };

test('home lists the checker first, then the games, the roller and settings', async () => {
  const page = await app.page();
  await open(page, app.url);
  const cards = await page.$$eval('.cards > .card', (els) => els.map((e) => e.dataset.testid));
  assert.deepEqual(cards, ['open-checker', 'open-serieux', 'open-genius', 'open-einstein', 'open-sequence', 'open-rtt', 'open-words', 'open-history', 'open-roller', 'open-settings']);
  assert.match(await page.textContent('h1'), /Genius/);
  await shot(page, 'home-fr-light');
  assert.deepEqual(page.errors, []);
});

test('tapping 2 4 3 5 3 shows 23345, not prime, with its factors and a sorting note', async () => {
  const page = await app.page();
  await openChecker(page, app.url);
  assert.match(await text(page, 'verdict'), /En attente des dés/);
  for (const face of [2, 4, 3, 5, 3]) await page.tap(id(`face-${face}`));
  assert.equal(await text(page, 'number'), '23345');
  assert.equal(await text(page, 'verdict-word'), 'Pas premier');
  assert.match(await text(page, 'verdict'), /✗/);
  assert.equal(await text(page, 'reason'), '23345 = 5 × 7 × 23 × 29');
  assert.match(await text(page, 'sorted-note'), /saisis : 2 4 3 5 3/);
  assert.equal(await page.getAttribute(id('tray'), 'aria-label'), 'Dés : 2, 3, 3, 4, 5');
  const band = await page.$eval(id('verdict'), (e) => getComputedStyle(e).backgroundColor);
  assert.equal(band, 'rgb(179, 38, 30)');
  await shot(page, 'checker-not-prime-fr');
  await page.tap(id('remove-last'));
  assert.equal(await text(page, 'number'), '2345');
  await page.tap(id('clear'));
  assert.match(await text(page, 'verdict'), /En attente/);
});

test('a prime is green with a check mark', async () => {
  const page = await app.page();
  await openChecker(page, app.url);
  for (const face of [3, 3, 2, 3, 3]) await page.tap(id(`face-${face}`));
  assert.equal(await text(page, 'number'), '23333');
  assert.equal(await text(page, 'verdict-word'), 'Premier');
  assert.match(await text(page, 'verdict'), /✓/);
  const band = await page.$eval(id('verdict'), (e) => getComputedStyle(e).backgroundColor);
  assert.equal(band, 'rgb(23, 115, 58)');
  await shot(page, 'checker-prime-fr');
});

test('typing works without clicking a field; Backspace removes, Escape clears', async () => {
  const page = await app.page({ hasTouch: false });
  await openChecker(page, app.url);
  await page.keyboard.type('3321');
  assert.equal(await text(page, 'number'), '1233');
  assert.equal(await text(page, 'verdict-word'), 'Pas premier');
  assert.equal(await text(page, 'reason'), '1233 = 3² × 137');
  await page.keyboard.press('Backspace');
  assert.equal(await text(page, 'number'), '233');
  assert.equal(await text(page, 'verdict-word'), 'Premier');
  await page.keyboard.press('Escape');
  assert.match(await text(page, 'verdict'), /En attente/);
  // Focus moved to a button by a click: typing still reaches the checker.
  await page.click(id('face-1'));
  await page.keyboard.type('1');
  assert.equal(await text(page, 'number'), '11');
  assert.equal(await text(page, 'verdict-word'), 'Premier');
});

test('every bad input gets a clear message and loses nothing', async () => {
  const page = await app.page({ hasTouch: false });
  await openChecker(page, app.url);
  await page.keyboard.press('Backspace');
  assert.match(await text(page, 'error'), /Aucun dé/);
  assert.match(await text(page, 'verdict'), /En attente/);
  await page.keyboard.type('2');
  assert.equal(await text(page, 'error'), '');
  await page.keyboard.press('7');
  assert.match(await text(page, 'error'), /7 n'est pas une face de dé/);
  await page.keyboard.press('0');
  assert.match(await text(page, 'error'), /0 n'est pas une face de dé/);
  await page.keyboard.press('a');
  assert.match(await text(page, 'error'), /« a » n'est pas un chiffre/);
  assert.equal(await text(page, 'number'), '2');
  await page.keyboard.type('3333');
  await page.keyboard.press('4');
  assert.match(await text(page, 'error'), /5 dés au maximum/);
  await shot(page, 'checker-error-fr');
  // The faces are marked aria-disabled when five dice are in, but a tap
  // still explains why nothing happened.
  assert.equal(await page.getAttribute(id('face-6'), 'aria-disabled'), 'true');
  await page.click(id('face-6'), { force: true });
  assert.match(await text(page, 'error'), /5 dés au maximum/);
  assert.equal(await text(page, 'number'), '23333');
  await page.keyboard.press('Escape');
  await page.click(id('remove-last'));
  assert.match(await text(page, 'error'), /Aucun dé/);
  assert.deepEqual(page.errors, []);
});

test('virtual rolls of 1 to 5 dice give a sorted number and the right verdict', async () => {
  const page = await app.page();
  await openChecker(page, app.url);
  for (let k = 1; k <= 5; k++) {
    for (let i = 0; i < 4; i++) {
      await page.tap(id(`roll-${k}`));
      const n = await text(page, 'number');
      assert.equal(n.length, k);
      assert.deepEqual([...n].sort().join(''), n, 'digits ascending');
      assert.ok([...n].every((c) => c >= '1' && c <= '6'));
      assert.equal(await text(page, 'verdict-word'), isPrime(Number(n)) ? 'Premier' : 'Pas premier');
      assert.equal(await page.$$eval('.tray .tray-die', (d) => d.length), k);
    }
  }
  assert.deepEqual(page.errors, []);
});

test('the odds are computed and shown for every number of dice', async () => {
  const page = await app.page();
  await openChecker(page, app.url);
  const expected = ['1/2', '5/36', '9/216', '28/1296', '10/7776'];
  for (let k = 1; k <= 5; k++) assert.ok((await text(page, `odds-${k}`)).includes(expected[k - 1]));
  assert.equal(await page.$$eval('.prime-chip', (c) => c.map((e) => e.textContent).join(' ')),
    '2 3 5 11 13 23 113 223 233 1123 1223 2333 11113 23333');
});

test('die faces are big enough to hit without looking', async () => {
  const page = await app.page();
  await openChecker(page, app.url);
  for (let f = 1; f <= 6; f++) {
    const box = await page.locator(id(`face-${f}`)).boundingBox();
    assert.ok(box.width >= 48 && box.height >= 48, `face ${f}: ${box.width}×${box.height}`);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'no horizontal scroll');
});

test('the language follows the browser, can be switched, and is remembered', async () => {
  const page = await app.page({ locale: 'en-US' });
  await openChecker(page, app.url);
  assert.match(await text(page, 'verdict'), /Waiting for dice/);
  await page.tap(id('face-1'));
  assert.equal(await text(page, 'verdict-word'), 'Not prime');
  assert.match(await text(page, 'reason'), /1 is not prime/);
  await shot(page, 'checker-one-en');
  await page.tap('.topbar .settings');
  await page.tap(id('lang-fr'));
  // Back where Settings was opened from: the checker, in French.
  await page.tap('.topbar .back');
  await page.waitForSelector(id('checker'));
  assert.equal(await text(page, 'verdict-word'), 'Pas premier');
  assert.equal(await page.getAttribute('.app', 'lang'), 'fr');
  await page.reload();
  await page.waitForSelector(APP);
  assert.equal(await page.getAttribute('.app', 'lang'), 'fr');
  await page.tap(id('open-checker'));
  await page.tap(id('face-1'));
  assert.equal(await text(page, 'verdict-word'), 'Pas premier');
  await page.tap('.topbar .settings');
  await page.tap(id('lang-en'));
  await page.tap('.topbar .back');
  assert.equal(await text(page, 'verdict-word'), 'Not prime');
  await page.keyboard.press('9');
  assert.match(await text(page, 'error'), /9 is not a die face/);
});

test('the dark theme is chosen, applied and remembered; the system theme is followed', async () => {
  const page = await app.page({ colorScheme: 'dark' });
  await open(page, app.url);
  const bg = () => page.$eval('.app', (e) => getComputedStyle(e).backgroundColor);
  assert.equal(await bg(), 'rgb(17, 19, 22)', 'system theme follows a dark device');
  const light = await app.page({ colorScheme: 'light' });
  await open(light, app.url);
  await light.tap('.topbar .settings');
  await light.tap(id('theme-dark'));
  assert.equal(await light.getAttribute('.app', 'data-theme'), 'dark');
  assert.equal(await light.$eval('.app', (e) => getComputedStyle(e).backgroundColor), 'rgb(17, 19, 22)');
  await shot(light, 'settings-dark-fr');
  await light.reload();
  await light.waitForSelector(APP);
  assert.equal(await light.getAttribute('.app', 'data-theme'), 'dark');
  await light.tap(id('open-checker'));
  for (const face of [2, 4, 3, 5, 3]) await light.tap(id(`face-${face}`));
  await shot(light, 'checker-not-prime-dark');
  await light.tap('.topbar .settings');
  await light.tap(id('theme-light'));
  assert.equal(await light.$eval('.app', (e) => getComputedStyle(e).backgroundColor), 'rgb(244, 241, 234)');
});

test('a corrupted settings file is reported and the app still works', async () => {
  const page = await app.page();
  await page.goto(app.url);
  await page.evaluate(() => localStorage.setItem('genius.settings', '{"version":1,"theme":'));
  await page.reload();
  await page.waitForSelector(APP);
  assert.match(await page.textContent('.notice'), /illisibles/);
  await page.tap(id('open-checker'));
  await page.tap(id('face-2'));
  assert.equal(await text(page, 'verdict-word'), 'Premier');
  assert.deepEqual(page.errors, []);
});

test('the faces stay put while a player taps: the verdict, the sorted note and an error have their room', async () => {
  // Each size, theme and language: the keypad's y before any tap, after
  // each of five taps (verdicts, the sorted note, a prime's two-line reason),
  // after a sixth (the "5 dice at most" error) and after Remove last.
  for (const [viewport, locale, colorScheme] of [
    [{ width: 390, height: 844 }, 'fr-FR', 'light'], [{ width: 390, height: 844 }, 'en-GB', 'dark'],
    [{ width: 360, height: 640 }, 'fr-FR', 'dark'], [{ width: 360, height: 640 }, 'en-GB', 'light'],
  ]) {
    const page = await app.page({ viewport, locale, colorScheme });
    await openChecker(page, app.url);
    const tag = `${viewport.width}-${colorScheme}-${locale.slice(0, 2)}`;
    // The keypad's y on the page (against the top of the checker, which taps
    // may scroll by a fraction of a pixel; the keypad, not a face, which
    // shrinks a little while pressed).
    const y = () => page.$eval('.checker > .keypad', (e) => e.getBoundingClientRect().top - e.parentElement.getBoundingClientRect().top);
    const ys = [await y()];
    for (const face of [3, 3, 2, 3, 3]) { await page.tap(id(`face-${face}`)); ys.push(await y()); }
    assert.equal(await text(page, 'number'), '23333');
    // A sixth face (the keypad says it is full, a tap still answers).
    await page.tap(id('face-4'), { force: true });
    assert.match(await text(page, 'error'), /5/);
    ys.push(await y());
    await page.tap(id('remove-last'));
    for (const face of [4, 5]) { await page.tap(id(`face-${face}`), { force: true }); ys.push(await y()); }
    await page.tap(id('clear'));
    for (const face of [1]) { await page.tap(id(`face-${face}`)); ys.push(await y()); }
    assert.deepEqual(ys, ys.map(() => ys[0]), `the keypad moved (${tag}): ${ys.join(' → ')}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `issue37-after-4-checker-${tag}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
