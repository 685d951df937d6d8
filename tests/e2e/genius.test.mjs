// Genius modes played through the UI in headless Chromium at 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot, rulesText } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

async function newGenius(page, mode, names) {
  await open(page, app.url);
  await page.tap(id('open-genius'));
  await page.waitForSelector(id('setup'));
  await page.tap(id(`mode-${mode}`));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  if (names.length === 1) await page.tap(id('remove-player-1'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('genius-game'));
}

async function typed(page, faces) {
  for (const f of faces) await page.tap(id(`typed-face-${f}`));
  await page.tap(id('record-typed'));
}
const face = (page, label) => page.tap(id(`face-${label}`));
const cell = (page, p, c, slot = '') => page.textContent(id(`cell-${p}-${c}${slot}`));
const status = (page) => page.textContent(id('game-status'));
const events = (page) => page.textContent(id('events'));

test('GENIUS: negative cell, ÷2 of an odd sum, a Défi erasing another player, undo across the challenge die', async () => {
  const page = await app.page();
  await newGenius(page, 'genius', ['Anne', 'Bruno']);
  assert.match(await page.textContent(id('genius-list')), /1\s*2\s*3\s*5\s*7\s*11\s*13\s*17\s*19\s*23\s*29/);
  await typed(page, [1, 2]);                    // Anne: 3
  assert.match(await events(page), /2 dés = 3 : dans la liste GENIUS/);
  await face(page, '−10');
  assert.equal(await cell(page, 0, 1), '−7');
  assert.match(await events(page), /3 − 10 = −7/);
  await typed(page, [1]);                       // Bruno: 1 is on the list
  await face(page, '×2');
  assert.equal(await cell(page, 1, 0), '2');
  await typed(page, [6, 6, 5]);                 // Anne: 17
  await face(page, '÷2');
  assert.equal(await cell(page, 0, 2), '8,5');
  assert.match(await events(page), /17 ÷ 2 = 8,5/);
  await typed(page, [1, 1]);                    // Bruno: 2
  await face(page, '+10');
  assert.equal(await cell(page, 1, 1), '12');
  // Anne rolls 1 die: 1, then the app's challenge die; undo must not re-roll it.
  await typed(page, [1]);
  await page.tap(id('roll-challenge'));
  if (await page.$(id('defi'))) await page.tap(id('keep-all'));
  const first = await cell(page, 0, 0);
  const firstEvents = await events(page);
  await page.tap(id('undo'));
  if (await page.$(id('defi'))) await page.tap(id('undo'));
  assert.equal(await cell(page, 0, 0), '');
  await page.waitForSelector(id('roll-challenge'));
  await page.tap(id('roll-challenge'));
  if (await page.$(id('defi'))) await page.tap(id('keep-all'));
  assert.equal(await cell(page, 0, 0), first, 'the same challenge face comes back');
  assert.equal(await events(page), firstEvents);
  await typed(page, [6, 6, 6]);                 // Bruno: 18, off the list
  assert.match(await events(page), /pas dans la liste/);
  // A column already filled is refused with the reason.
  await page.tap(id('genius-roll-2'), { force: true });
  assert.match(await page.textContent(id('move-error')), /La colonne « 2 dés » est déjà remplie/);
  await typed(page, [1, 1, 1, 2]);              // Anne: 5, Défi 1 erases Bruno's 12
  await face(page, 'Défi 1');
  await page.waitForSelector(id('defi'));
  await shot(page, 'genius-defi-fr');
  await page.tap(id('cell-1-1'));
  assert.equal(await cell(page, 1, 1), '');
  assert.equal(await cell(page, 0, 3), '5');
  assert.match(await events(page), /Anne efface 12 de Bruno/);
  await typed(page, [6, 6, 6]);                 // Bruno misses
  await typed(page, [1, 1, 1, 1, 1]);           // Anne: 5 + 10 = 15, row full
  await face(page, '+10');
  assert.match(await status(page), /Partie terminée/);
  const anne = await page.textContent(id('total-0'));
  assert.equal(Number(anne.replace(',', '.').replace('−', '-')), Number(first.replace(',', '.').replace('−', '-')) - 7 + 8.5 + 5 + 15);
  assert.equal(await page.textContent(id('total-1')), '2');
  assert.match(await page.textContent(id('ranking')), /1er/);
  await shot(page, 'genius-finished-fr');
  assert.deepEqual(page.errors, []);
});

test('+ Simple: a hit is written and the same player plays again, to a full row', async () => {
  const page = await app.page({ locale: 'en-US' });
  await newGenius(page, 'simple', ['Ann', 'Ben']);
  await typed(page, [2]);
  assert.match(await events(page), /Ann plays again/);
  assert.match(await status(page), /Ann to play/);
  for (const d of [[1, 1], [1, 1, 1], [1, 1, 2, 1], [1, 1, 1, 1, 1]]) await typed(page, d);
  assert.match(await status(page), /Game over/);
  assert.equal(await page.textContent(id('total-0')), '17');
});

test('Expert: five rounds of six dice, the +15 bonus, to the ranking', async () => {
  const page = await app.page({ colorScheme: 'dark' });
  await newGenius(page, 'expert', ['Anne', 'Bruno']);
  assert.match(await status(page), /Manche 1 \/ 5/);
  for (const f of [1, 1, 1, 1, 3]) await page.tap(id(`typed-face-${f}`));
  await page.tap(id('expert-face-Défi 1'));
  assert.equal(await cell(page, 0, 0), '22');
  assert.match(await events(page), /dans la liste, \+15 = 22/);
  for (let i = 0; i < 9; i++) await page.tap(id('expert-throw'));
  assert.match(await status(page), /Partie terminée/);
  for (let c = 0; c < 5; c++) assert.notEqual(await cell(page, 1, c), '');
  await shot(page, 'genius-expert-dark');
});

test('Partie + Longue: MIN or MAX, a crossed-out cell, ten cells to the end', async () => {
  const page = await app.page();
  await newGenius(page, 'longue', ['Solo']);
  const turn = async (dice, f, slot) => {
    await typed(page, dice);
    await face(page, f);
    if (await page.$(id('defi'))) await page.tap(id('keep-all'));
    if (slot) await page.tap(id(`place-${slot}`));
  };
  await turn([3, 4], 'Défi 1', 'Max');          // MAX 2 dés = 7
  assert.equal(await cell(page, 0, 1, '-max'), '7');
  await turn([5, 6], 'Défi 1');                 // 11 cannot be MIN under 7
  assert.equal(await cell(page, 0, 1, '-min'), '✗');
  assert.match(await events(page), /case MIN 2 dés de Solo rayée/);
  await shot(page, 'genius-longue-crossed');
  await turn([2], '+10', 'Min');                // MIN 1 dé = 12
  await turn([1], '×2');                        // 2 < 12: MAX crossed
  assert.equal(await cell(page, 0, 0, '-max'), '✗');
  await turn([1, 1, 1], '×2', 'Min');
  await turn([1, 1, 3], '+10');
  await turn([1, 1, 1, 2], '×2', 'Min');
  await turn([1, 1, 2, 3], '+10');
  await turn([1, 1, 1, 1, 1], '+10', 'Max');
  await turn([1, 1, 1, 1, 3], '−10');           // −3 ≤ 15 in MIN
  assert.equal(await cell(page, 0, 4, '-min'), '−3');
  assert.match(await status(page), /Partie terminée/);
  assert.equal(await page.textContent(id('total-0')), String(7 + 12 + 6 + 15 + 10 + 17 + 15 - 3));
});

test('the Genius rules page shows every mode and the rulings', async () => {
  const page = await app.page({ locale: 'en-GB' });
  await open(page, app.url);
  await page.tap(id('open-genius'));
  await page.tap('text=Rules');
  const rules = await rulesText(page, 'genius-rules');
  for (const text of ['GENIUS', '+ Simple', 'Expert', 'Partie + Longue', '17 becomes 8.5', 'Undo never re-rolls']) {
    assert.ok(rules.includes(text), text);
  }
});
