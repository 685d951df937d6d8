// The coach in headless Chromium at 390×844: exact fractions at known
// states (typed dice), the recommended option starred, the setup option
// that hides it, and a coached game marked in the history.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, openChecker, shot } from './harness.mjs';

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

test('Einstein: every split of the roll with its exact change now and chance to go on', async () => {
  const page = await app.page();
  await newGame(page, 'einstein', ['Anne']);
  await typed(page, [1, 2, 3, 4, 5]);
  await page.tap(id('coach-button'));
  const lines = await rows(page);
  assert.equal(lines.length, 15, 'five different dice: fifteen different splits');
  // Two pairs making 5 mark one new sum only: −200; every other split opens two.
  const fives = lines.filter((l) => /1\+4=5 · 2\+3=5/.test(l));
  assert.equal(fives.length, 1);
  assert.match(fives[0], /5e dé 5.*1\s·\s100,0\s%.*−200(?![\d,])/);
  assert.equal(lines.filter((l) => /−400(?![\d,])/.test(l)).length, 12);
  assert.match(await page.textContent(id('coach-best')), /★ Conseillé/);
  assert.ok((await page.textContent(id('coach-reason'))).length > 10);
  await shot(page, 'coach-einstein-fr');
  assert.deepEqual(page.errors, []);
});
