// The Séquence Dés and Roll to the Top coaches in headless Chromium at
// 390×844, at known states (typed dice): every legal square with its exact
// chance, the recommended one starred and worded; the recommended placement
// and each open square's exact chance.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const rows = (page) => page.$$eval('.coach-table tbody tr', (trs) => trs.map((tr) => tr.textContent));

async function setup(page, game, names) {
  await open(page, app.url);
  await page.tap(id(`open-${game}`));
  await page.waitForSelector(id('setup'));
  if (names.length === 1) await page.tap(id('remove-player-1'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
}

test('Séquence Dés: every legal square, the block of a four recommended, exact chances', async () => {
  const page = await app.page();
  await setup(page, 'sequence', ['Anne', 'Bruno']);
  await page.tap(id('start-game'));
  await page.waitForSelector(id('sequence-game'));
  // Anne holds 2 3 4 5 on the top row; its fifth square is a 6.
  const script = [[1, 1, 0, 0], [1, 2, 0, 1], [3, 4, 1, 1], [1, 3, 0, 2], [3, 4, 1, 4], [2, 3, 0, 3], [4, 4, 1, 2], [4, 5, 1, 3]];
  for (const [a, b, r, c] of script) {
    await page.tap(id(`typed-face-${a}`));
    await page.tap(id(`typed-face-${b}`));
    await page.tap(id(`sq-${r}-${c}`));
  }
  // Bruno rolls 6.
  await page.tap(id('typed-face-3'));
  await page.tap(id('typed-face-3'));
  await page.tap(id('coach-button'));
  const lines = await rows(page);
  // Four free 6 squares: the block first, then the others as the coach
  // ranks them (the danger differs between rows: a column).
  assert.ok(lines.length >= 2 && lines.length <= 3, `${lines.length} rows`);
  assert.match(await page.textContent(id('coach-best')), /Poser\s: ligne 1, colonne 5 \(6\).*★ Conseillé.*1\s·\s100,0\s%/);
  assert.ok(lines.slice(1).every((l) => /29\/36\s·\s80,6\s%/.test(l)), lines.join('\n'));
  assert.match(await page.textContent(id('coach-reason')), /bloque l'adversaire.*de 7\/36 · 19,4\s% à 0 · 0,0\s%/);
  // The block is lit on the board, and only while the coach is open.
  assert.deepEqual(await page.$$eval('.square.coach-best', (s) => s.map((e) => e.dataset.testid)), ['sq-0-4']);
  assert.match(await page.getAttribute(id('sq-0-4'), 'aria-label'), /conseillé par le coach/);
  await shot(page, 'coach-sequence-fr');
  await page.tap(id('coach-button'));
  await page.waitForSelector('.square.coach-best', { state: 'detached' });
  assert.deepEqual(page.errors, []);
});

test('Roll to the Top: the recommended placement and each open square\'s chance', async () => {
  const page = await app.page({ locale: 'en-GB' });
  await setup(page, 'rtt', ['Anne']);
  await page.tap(id('sheet-first-steps'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('rtt-game'));
  // The d4 and the d6 are even: they are the dice in play.
  const values = async (vs, button) => {
    for (let i = 0; i < vs.length; i++) await page.fill(id(`value-${i}`), String(vs[i]));
    await page.tap(id(button));
  };
  await values([2, 2, 1, 1, 1], 'rtt-start-typed');
  await page.waitForSelector(id('rtt-roll'));
  await page.tap(id('typed-white-0'));
  await values([2, 3], 'rtt-roll-typed');
  await page.tap(id('coach-button'));
  assert.match(await page.textContent(id('coach-reason')), /★ Best choice: square 1 ← d4 \(2\); square 3 ← d6 \(3\) — 2 squares: the most/);
  const lines = await rows(page);
  assert.equal(lines.length, 4, 'the squares left open');
  assert.match(lines[0], /Square 2, row 1.*1\s·\s100\.0%/);
  assert.match(lines[1], /Square 4, row 2.*0\s·\s0\.0%/);
  await shot(page, 'coach-rtt-en');
  assert.deepEqual(page.errors, []);
});
