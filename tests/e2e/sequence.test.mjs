// Séquence Dés played through the UI in headless Chromium at 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

async function newSequence(page, names) {
  await open(page, app.url);
  await page.tap(id('open-sequence'));
  await page.waitForSelector(id('setup'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('sequence-game'));
}

// Two real dice: tapping the second face records the roll.
async function dice(page, a, b) {
  await page.tap(id(`typed-face-${a}`));
  await page.tap(id(`typed-face-${b}`));
}
const sq = (r, c) => id(`sq-${r}-${c}`);
const chip = (page, r, c) => page.$eval(sq(r, c), (e) => e.querySelector('.chip-disc')?.textContent ?? '');

test('a full two-player game: special rolls, then five in a row highlighted', async () => {
  const page = await app.page();
  await newSequence(page, ['Anne', 'Bruno']);
  assert.match(await page.textContent(id('game-status')), /À Anne de jouer/);
  // Anne rolls 7: only free 7 squares are highlighted.
  await dice(page, 3, 4);
  const targets = await page.$$eval('.square.target', (s) => s.map((e) => e.dataset.testid));
  assert.deepEqual(targets.sort(), ['sq-1-1', 'sq-1-4', 'sq-4-1', 'sq-4-4']);
  await page.tap(sq(0, 0));
  assert.match(await page.textContent(id('move-error')), /ne permet pas/);
  await page.tap(sq(1, 1));
  assert.equal(await chip(page, 1, 1), '●');
  // Bruno rolls 10 with nothing removable? Anne's 7 is removable.
  await dice(page, 4, 6);
  assert.match(await page.textContent(id('instruction')), /retirez un jeton adverse/);
  await page.tap(sq(1, 1));
  assert.equal(await chip(page, 1, 1), '');
  // Anne rolls 2: she places in a corner and plays again.
  await dice(page, 1, 1);
  await page.tap(sq(0, 0));
  assert.match(await page.textContent(id('events')), /Anne rejoue/);
  assert.match(await page.textContent(id('game-status')), /À Anne de jouer/);
  // Anne builds the second row with 11s; Bruno plays 11s on the last row.
  for (let c = 0; c < 5; c++) {
    await dice(page, 5, 6);
    await page.tap(sq(1, c));
    if (await page.$(id('ranking'))) break;
    await dice(page, 6, 5);
    await page.tap(sq(5, c + 1 > 4 ? 1 : c + 1));
  }
  assert.match(await page.textContent(id('game-status')), /Anne gagne/);
  assert.equal(await page.$$eval('.square.win', (s) => s.length), 5);
  await shot(page, 'sequence-won-fr');
  assert.deepEqual(page.errors, []);
});

test('four players play in two teams', async () => {
  const page = await app.page({ locale: 'en-US', colorScheme: 'dark' });
  await newSequence(page, ['Ann', 'Ben', 'Cleo', 'Dan']);
  assert.match(await page.textContent(id('sequence-game')), /1st and 3rd play against the 2nd and 4th/);
  await dice(page, 3, 4);          // Ann: 7
  await page.tap(sq(1, 1));
  await dice(page, 4, 4);          // Ben: 8
  await page.tap(sq(1, 2));
  await dice(page, 4, 6);          // Cleo: 10 — may remove Ben's chip only
  const removable = await page.$$eval('.square.target', (s) => s.map((e) => e.dataset.testid));
  assert.deepEqual(removable, ['sq-1-2']);
  await page.tap(sq(1, 2));
  const legend = await page.$$eval('.legend', (l) => l.map((e) => e.textContent));
  assert.deepEqual(legend, ['●Ann & Cleo', '▲Ben & Dan']);
  await shot(page, 'sequence-teams-dark-en');
});

test('the roll-off shows each player\'s sum of two dice as a labelled sum, never as one die', async () => {
  for (const [locale, colorScheme, viewport] of [['fr-FR', 'light', { width: 390, height: 844 }], ['en-GB', 'dark', { width: 360, height: 640 }]]) {
    const page = await app.page({ locale, colorScheme, viewport });
    const fr = locale === 'fr-FR';
    await open(page, app.url);
    await page.tap(id('open-sequence'));
    await page.waitForSelector(id('setup'));
    await page.fill(id('name-0'), 'Anne');
    await page.fill(id('name-1'), 'Bruno');
    await page.tap(id('start-game'));
    await page.waitForSelector(id('roll-off'));
    // What to roll and enter says two dice and their sum.
    assert.match(await page.textContent(id('roll-off-all')), fr ? /deux dés/ : /two dice/);
    assert.match(await page.textContent(id('roll-off')), fr ? /la somme des deux vrais dés/ : /the sum of each player's two real dice/);
    // A sum of 5 (a value a die could show) and 8: both labelled sums.
    await page.tap(id('rolloff-face-5'));
    assert.equal(await page.$$eval(`${id('rolloff-player-0')} .die`, (d) => d.length), 0, 'no die drawn for a sum');
    assert.match(await page.textContent(id('rolloff-player-0')), fr ? /somme\s*5/ : /sum\s*5/);
    await page.tap(id('rolloff-face-8'));
    await page.tap(id('rolloff-record'));
    const result = id('roll-off-result');
    await page.waitForSelector(result);
    assert.equal(await page.$$eval(`${result} .die`, (d) => d.length), 0, 'the result draws no die either');
    const labels = await page.$$eval(`${result} .rolloff-sum`, (s) => s.map((e) => e.getAttribute('aria-label')));
    assert.deepEqual(labels, fr ? ['Somme de 2 dés : 5', 'Somme de 2 dés : 8'] : ['Sum of 2 dice: 5', 'Sum of 2 dice: 8']);
    assert.match(await page.textContent(result), fr ? /Bruno commence/ : /Bruno starts/);
    await page.$eval(result, (e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, `issue37-after-3-sequence-rolloff-${viewport.width}-${colorScheme}-${locale.slice(0, 2)}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('the coach on a wild 11: the few best squares ranked, the first lit on the board', async () => {
  for (const [locale, colorScheme, tag] of [['fr-FR', 'light', 'fr'], ['en-GB', 'dark', 'en-dark']]) {
    const fr = locale === 'fr-FR';
    const page = await app.page({ locale, colorScheme });
    await newSequence(page, ['Anne', 'Bruno']);
    await dice(page, 5, 6);       // 11: any of the 36 free squares
    assert.equal(await page.$$eval('.square.target', (s) => s.length), 36);
    assert.equal(await page.$$eval('.square.coach-best', (s) => s.length), 0, 'nothing lit before the coach is asked');
    await page.tap(id('coach-button'));
    const lines = await page.$$eval('.coach-table tbody tr', (trs) => trs.map((tr) => tr.textContent));
    assert.ok(lines.length >= 1 && lines.length <= 3, `${lines.length} rows`);
    // No column says the same thing on every row: the danger, 0 after
    // every move, is said once.
    assert.equal(await page.$$eval(`${id('coach-panel')} ${id('coach-chance')}`, (t) => t.length), 0);
    const note = await page.textContent(`${id('coach-panel')} .coach-note`);
    assert.match(note, fr ? /et \d+ autres cases, moins bonnes/ : /and \d+ other squares, worse/);
    assert.match(note, fr ? /Aucun de ces coups ne laisse l'adversaire compléter une ligne/ : /None of these moves lets the opponent complete a line/);
    // The recommended square, named on the first row, is the one lit.
    const best = await page.textContent(id('coach-best'));
    // Squares tied by the board's symmetry share a row, their number said once.
    assert.match(best, fr ? /^Poser sur un \d+\s: ligne \d, colonne \d ou ligne/ : /^Place on an? \d+: row \d, column \d or row/);
    const [, r, c] = best.match(fr ? /ligne (\d), colonne (\d)/ : /row (\d), column (\d)/);
    const lit = await page.$$eval('.square.coach-best', (s) => s.map((e) => e.dataset.testid));
    assert.deepEqual(lit, [`sq-${r - 1}-${c - 1}`]);
    assert.equal(await page.textContent(`${sq(r - 1, c - 1)} .sq-star`), '★');
    assert.match(await page.getAttribute(sq(r - 1, c - 1), 'aria-label'), fr ? /conseillé par le coach/ : /the coach's pick/);
    await page.$eval(id('board'), (e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, `issue37-after-coach-sequence-board-${tag}`);
    await page.$eval(id('coach-panel'), (e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, `issue37-after-coach-sequence-${tag}`);
    // Played, the light goes with the decision.
    await page.tap(sq(r - 1, c - 1));
    await page.waitForSelector('.square.coach-best', { state: 'detached' });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
