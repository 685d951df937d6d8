// Roll to the Top played through the UI in headless Chromium at 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot, rulesText } from './harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

async function typedValues(page, values, button) {
  for (let i = 0; i < values.length; i++) await page.fill(id(`value-${i}`), String(values[i]));
  await page.tap(id(button));
}

async function put(page, dice, square) {
  for (const d of dice) await page.tap(id(`rd-${d}`));
  await page.tap(id(`tsq-${square}`));
}

test('a full two-player game: start sequence, shared results, white die overrides, winner and series', async () => {
  const page = await app.page();
  await open(page, app.url);
  await page.evaluate(() => localStorage.removeItem('genius.rtt-series'));
  await page.tap(id('open-rtt'));
  await page.waitForSelector(id('setup'));
  await page.tap(id('sheet-first-steps'));
  await page.fill(id('name-0'), 'Anne');
  await page.fill(id('name-1'), 'Bruno');
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('rtt-game'));
  assert.match(await page.textContent(id('game-status')), /Anne lance les dés/);
  // All odd: roll again.
  await typedValues(page, [1, 3, 5, 7, 9], 'rtt-start-typed');
  await page.waitForSelector(id('rtt-start'));
  // All even: the five dice are in play.
  await typedValues(page, [2, 4, 6, 8, 20], 'rtt-start-typed');
  await page.waitForSelector(id('rtt-roll'));
  assert.equal(await page.$$eval('.pool-die.in', (d) => d.length), 5);
  await typedValues(page, [1, 2, 3, 4, 5], 'rtt-roll-typed');
  // Anne: five squares from one result, a square filled now supporting another.
  assert.match(await page.textContent(id('game-status')), /À Anne de jouer/);
  await put(page, [0], 0);
  await put(page, [1], 1);
  await page.tap(id('rd-2'));
  assert.deepEqual(await page.$$eval('.tsq.accept', (s) => s.map((e) => e.dataset.testid)), ['tsq-2', 'tsq-3']);
  await page.tap(id('tsq-3'));
  await put(page, [3], 2);
  await put(page, [4], 4);
  await shot(page, 'rtt-placing-fr');
  await page.tap(id('rtt-done'));
  // Bruno: 1 + 2 summed into one square, then done.
  assert.match(await page.textContent(id('game-status')), /À Bruno de jouer/);
  await put(page, [0, 1], 0);
  assert.equal(await page.textContent(id('tsq-0')), '3');
  await page.tap(id('rtt-done'));
  // Five dice were rolled: Bruno must remove one.
  assert.match(await page.textContent(id('adjustment')), /Les 5 dés ont été lancés : retirez 1 dé/);
  await page.tap(id('add-d4')).catch(() => {});
  await page.tap(id('remove-d20'));
  await page.tap(id('rtt-adjust'));
  assert.equal(await page.$$eval('.pool-die.in', (d) => d.length), 4);
  await typedValues(page, [1, 6, 3, 12], 'rtt-roll-typed');
  // A square that cannot take the number says why.
  await page.tap(id('rd-0'));
  await page.tap(id('tsq-5'));
  assert.match(await page.textContent(id('move-error')), /ne peut pas recevoir 1/);
  await page.tap(id('rd-0'));
  await put(page, [1], 5);                       // 6 ≥ 3 and 5: Anne's last square
  await page.tap(id('rtt-done'));
  await page.tap(id('rtt-done'));                // Bruno passes
  await page.waitForSelector(id('ranking'));
  const ranking = await page.$$eval(`${id('ranking')} .ranking-list li`, (l) => l.map((e) => e.textContent));
  assert.match(ranking[0], /1er.*Anne.*0 cases vides/);
  assert.match(ranking[1], /2e.*Bruno.*5 cases vides/);
  assert.match(await page.textContent(id('series')), /Bruno-5/);
  await shot(page, 'rtt-finished-fr');
  assert.deepEqual(page.errors, []);
});

test('the rules page and every sheet can be chosen', async () => {
  const page = await app.page({ locale: 'en-US', colorScheme: 'dark' });
  await open(page, app.url);
  await page.tap(id('open-rtt'));
  // The setup is its own file, fetched the first time it opens.
  await page.waitForSelector(id('setup'));
  for (const sheet of ['first-steps', 'staircase', 'twin-towers', 'bridge', 'pyramid', 'summit']) {
    assert.ok(await page.$(id(`sheet-${sheet}`)), sheet);
  }
  await page.tap(id('sheet-summit'));
  await page.fill(id('name-0'), 'Ann');
  await page.tap(id('remove-player-1'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('rtt-game'));
  assert.equal(await page.$$eval('.tsq', (s) => s.length), 21);
  await page.tap(id('rtt-start'));
  await shot(page, 'rtt-summit-dark-en');
  await page.tap(id('open-rules'));
  assert.match(await rulesText(page, 'rtt-rules'), /Priorities: 5 dice rolled/);
});
