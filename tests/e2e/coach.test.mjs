// The coach in headless Chromium at 390×844: exact fractions at known
// states (typed dice), the recommended option starred, the setup option
// that hides it, and a coached game marked in the history.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, openChecker, shot } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const rows = (page) => page.$$eval('.coach-table tbody tr', (trs) => trs.map((tr) => tr.textContent));

async function newGame(page, game, names, { coach = true, mode = null } = {}) {
  await open(page, app.url);
  await page.tap(id(`open-${game}`));
  await page.waitForSelector(id('setup'));
  if (mode) await page.tap(id(`mode-${mode}`));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  if (names.length === 1) await page.tap(id('remove-player-1'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  const allowed = await page.isChecked(id('coach-allowed'));
  if (allowed !== coach) await page.tap(id('coach-allowed'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id(`${game}-game`));
}

async function typed(page, faces) {
  for (const f of faces) await page.tap(id(`typed-face-${f}`));
  await page.tap(id('record-typed'));
}

test('checker: exact chance of a prime for 1 to 5 dice, one die recommended', async () => {
  const page = await app.page();
  await openChecker(page, app.url);
  assert.equal(await page.$(id('coach-panel')), null, 'closed until asked');
  await page.tap(id('coach-button'));
  const lines = await rows(page);
  assert.equal(lines.length, 5);
  assert.match(lines[0], /1 dé.*1\/2\s·\s50,0\s%/);
  assert.match(lines[3], /4 dés.*7\/324\s·\s2,2\s%/);
  assert.match(lines[4], /5 dés.*5\/3888\s·\s0,1\s%/);
  assert.match(await page.textContent(id('coach-best')), /1 dé.*★ Conseillé/);
  await shot(page, 'coach-checker-fr');
  assert.deepEqual(page.errors, []);
});

test('Mode Sérieux: odds per count, the chance to win, a coached game marked in the history', async () => {
  const page = await app.page({ locale: 'en-GB' });
  await newGame(page, 'serieux', ['Anne', 'Bruno']);
  await page.tap(id('coach-button'));
  const lines = await rows(page);
  assert.equal(lines.length, 5);
  assert.match(lines[3], /4 dice.*7\/324\s·\s2\.2%.*28\.92/);
  assert.match(await page.textContent(id('coach-reason')), /chance to win/);
  assert.match(await page.textContent(id('coach-best')), /★ Best choice/);
  await shot(page, 'coach-serieux-en');
  // Play the game out with typed dice; the coach follows every turn.
  for (let turn = 0; turn < 10; turn++) await typed(page, [2, 3]);
  await page.tap('.topbar .back');
  await page.tap(id('open-history'));
  await page.waitForSelector('[data-testid^="coached-"]');
  assert.match(await page.textContent('[data-testid^="coached-"]'), /coached/);
  assert.deepEqual(page.errors, []);
});

test('the setup option off hides the coach for the whole game, and is remembered', async () => {
  const page = await app.page();
  await newGame(page, 'serieux', ['Anne', 'Bruno'], { coach: false });
  assert.equal(await page.$(id('coach-button')), null);
  await page.tap('.topbar .back');
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  assert.equal(await page.isChecked(id('coach-allowed')), false);
  await page.tap(id('coach-allowed'));
  assert.equal(await page.isChecked(id('coach-allowed')), true);
});

test('each rules page says how the coach thinks', async () => {
  const page = await app.page();
  await newGame(page, 'serieux', ['Anne', 'Bruno']);
  await page.tap(id('open-rules'));
  await page.waitForSelector(id('coach-method'));
  assert.match(await page.textContent(id('coach-method')), /Comment pense le coach.*exacts/);
});

test('GENIUS: each open column with its exact chance of the list and expected points', async () => {
  const page = await app.page();
  await newGame(page, 'genius', ['Anne', 'Bruno'], { mode: 'genius' });
  await page.tap(id('coach-button'));
  const lines = await rows(page);
  assert.equal(lines.length, 5);
  assert.match(lines[0], /1 dé.*2\/3\s·\s66,7\s%.*1,99/);
  assert.match(lines[2], /3 dés.*73\/216\s·\s33,8\s%/);
  assert.match(await page.textContent(id('coach-best')), /5 dés/);
  await shot(page, 'coach-genius-fr');
  assert.deepEqual(page.errors, []);
});

test('dice roller: the sum distribution and the chance of at least a value', async () => {
  const page = await app.page();
  await open(page, app.url);
  await page.tap(id('open-roller'));
  await page.waitForSelector(id('roller'));
  await page.tap(id('coach-button'));
  await page.waitForSelector(id('coach-sum-chart'));
  const value = Number(await page.textContent(id('coach-value')));
  const atLeast = await page.textContent(id('coach-at-least'));
  assert.match(atLeast, /^\d+(\/\d+)? · \d+,\d\s%$/, atLeast);
  assert.ok(value >= 1);
  await shot(page, 'coach-roller-fr');
  assert.deepEqual(page.errors, []);
});

test('asked again, the coach is ready: hidden while closed, taking no room, and drawn anew after each change', async () => {
  const page = await app.page({ locale: 'en-GB' });
  await open(page, app.url);
  await page.tap(id('open-roller'));
  await page.waitForSelector(id('roller'));
  const height = () => page.$eval('.coach', (e) => e.getBoundingClientRect().height);
  const closed = await height();
  assert.equal(await page.$(id('coach-panel-ready')), null, 'nothing drawn before the first opening');
  await page.tap(id('coach-button'));
  // Five d6 on the table: sums 5 to 30, the middle one picked.
  assert.equal(await page.textContent(id('coach-value')), '18');
  const fiveDice = await page.textContent(id('coach-at-least'));
  await page.tap(id('coach-button'));
  // Closed, the panel is kept drawn but shows nothing and moves nothing.
  await page.waitForSelector(id('coach-panel-ready'), { state: 'hidden' });
  assert.equal(await page.$(id('coach-panel')), null);
  assert.equal(await height(), closed, 'the closed coach takes the room of its button only');
  // A change (one die fewer): the panel is drawn again for the new table.
  await page.tap(id('remove-0'));
  await page.tap(id('coach-button'));
  await page.waitForSelector(id('coach-panel'));
  assert.equal(await page.textContent(id('coach-value')), '14', 'four d6: sums 4 to 24');
  assert.notEqual(await page.textContent(id('coach-at-least')), fiveDice);
  // Right after a change, before the hidden panel is drawn again, the
  // coach answers for the new state too.
  await page.tap(id('coach-button'));
  await page.evaluate(() => {
    document.querySelector('[data-testid="remove-0"]').click();
    document.querySelector('[data-testid="coach-button"]').click();
  });
  await page.waitForSelector(id('coach-panel'));
  assert.equal(await page.textContent(id('coach-value')), '11', 'three d6: sums 3 to 18');
  assert.deepEqual(page.errors, []);
});

test('Einstein: a few splits, best first, one figure each, the reason quoting the rows', async () => {
  for (const [locale, colorScheme, tag] of [['fr-FR', 'light', 'fr'], ['en-GB', 'dark', 'en-dark']]) {
    const fr = locale === 'fr-FR';
    const page = await app.page({ locale, colorScheme });
    await newGame(page, 'einstein', ['Anne']);
    await typed(page, [1, 2, 3, 4, 5]);
    await page.tap(id('coach-button'));
    const lines = await rows(page);
    // Fifteen different splits: the few the coach ranks best, and the −200
    // one the reason compares with; the others counted in the note.
    assert.ok(lines.length >= 2 && lines.length <= 5, `${lines.length} rows`);
    assert.match(await page.textContent(id('coach-panel')), fr ? /Du meilleur au moins bon, selon le coach \(et \d+ autres façons de jouer/ : /Best first, as the coach ranks them \(and \d+ other ways to play/);
    // One figure per row: the score now. The chance the game goes on is 1
    // for every split (no column), and there is no second estimate.
    const headings = await page.$$eval('.coach-table thead th', (t) => t.map((e) => e.textContent).filter((x) => x));
    assert.deepEqual(headings, [fr ? 'Maintenant' : 'Now']);
    assert.equal(await page.$$eval(`${id('coach-panel')} ${id('coach-chance')}`, (t) => t.length), 0);
    assert.doesNotMatch(await page.textContent(id('coach-panel')), /≈/);
    // The column is not the same on every row.
    const figures = await page.$$eval(id('coach-expected'), (t) => t.map((e) => e.textContent));
    assert.ok(new Set(figures).size > 1, figures.join(' '));
    // A split marking one sum twice (−200, the best now) is listed.
    assert.ok(figures.includes('−200'), figures.join(' '));
    // The reason's figures are the rows': the recommended row's score now,
    // and the best score now of any split.
    const reason = await page.textContent(id('coach-reason'));
    const best = await page.textContent(`${id('coach-best')} ${id('coach-expected')}`);
    const quoted = reason.match(fr ? /^([−+]?\d+) points maintenant au lieu de ([−+]?\d+)/ : /^([−+]?\d+) points now instead of ([−+]?\d+)/);
    assert.ok(quoted, reason);
    assert.equal(quoted[1], best);
    assert.ok(figures.includes(quoted[2]), `${quoted[2]} on a row`);
    assert.doesNotMatch(reason, fr ? /Coûte/ : /Costs/);
    assert.match(await page.textContent(id('coach-best')), fr ? /★ Conseillé/ : /★ Best choice/);
    await page.$eval(id('coach-panel'), (e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, `issue37-after-coach-einstein-${tag}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
