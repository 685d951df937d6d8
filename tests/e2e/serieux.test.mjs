// Mode Sérieux played through the UI in headless Chromium at 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot, rulesText, APP, ARTIFACTS } from './support/harness.mjs';
import path from 'node:path';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

async function newGame(page, names, { first = 0 } = {}) {
  await open(page, app.url);
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  if (first !== null) {
    await page.tap(id('first-chosen'));
    await page.tap(id(`first-${first}`));
  }
  await page.tap(id('start-game'));
  await page.waitForSelector(id('serieux-game'));
}

async function typedRoll(page, faces) {
  for (const f of faces) await page.tap(id(`typed-face-${f}`));
  await page.tap(id('record-typed'));
}

const cell = (page, p, r) => page.textContent(id(`cell-${p}-${r}`));
const status = (page) => page.textContent(id('game-status'));

test('a full three-player game, typed and virtual rolls, to the ranking', async () => {
  const page = await app.page();
  const long = 'Marie-Bernadette de La Tour';
  await newGame(page, ['Anne', long, 'Chloé'], { first: 1 });
  assert.match(await status(page), /Manche 1 \/ 5 · À Marie-Bernadette/);
  let expected = [0, 0, 0];
  const plan = [
    [1, [3, 2], 23], [2, [2, 4, 3, 5, 3], 0], [0, [1], 0],
    [1, [3, 3, 3, 3, 2], 23333], [2, [1, 1], 11], [0, null, null],
    [1, [1, 1, 2, 3], 1123], [2, null, null], [0, [2], 2],
    [1, [6], 0], [2, [5], 5], [0, null, null],
    [1, [2, 2, 3], 223], [2, [1, 1, 1, 1, 3], 11113], [0, [3, 2, 2, 1], 1223],
  ];
  for (let turn = 0; turn < plan.length; turn++) {
    const [player, faces, points] = plan[turn];
    const round = Math.floor(turn / 3);
    if (turn === 3) assert.match(await status(page), /Manche 2 \/ 5/);
    if (faces) {
      await typedRoll(page, faces);
      expected[player] += points;
      const shown = await cell(page, player, round);
      // A miss is marked "—" with the number thrown, in the cell itself.
      const thrown = [...faces].sort().join('');
      assert.equal(shown, points ? String(points) : `— ${thrown}`, `turn ${turn}`);
    } else {
      await page.tap(id('serieux-roll-3'));
      const shown = await cell(page, player, round);
      if (!shown.startsWith('—')) expected[player] += Number(shown);
    }
    assert.match(await page.textContent(id('last-turn')), /Premier|Pas premier/);
  }
  for (let p = 0; p < 3; p++) assert.equal(Number(await page.textContent(id(`total-${p}`))), expected[p]);
  const ranking = await page.$$eval(`${id('ranking')} li`, (li) => li.map((e) => e.textContent));
  assert.equal(ranking.length, 3);
  assert.match(ranking[0], /^1er/);
  assert.match(await status(page), /Partie terminée/);
  await shot(page, 'serieux-finished-fr');
  assert.deepEqual(page.errors, []);
});

// Where an element is, against the screen and the sticky top bar.
const rect = (page, testid) => page.$eval(id(testid), (e) => {
  const r = e.getBoundingClientRect();
  const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, bar, width: innerWidth, height: innerHeight };
});

for (const [viewport, locale, colorScheme] of [
  [{ width: 360, height: 640 }, 'fr-FR', 'light'], [{ width: 360, height: 640 }, 'en-GB', 'dark'],
  [{ width: 390, height: 844 }, 'en-GB', 'light'], [{ width: 390, height: 844 }, 'fr-FR', 'dark'],
]) {
  const tag = `${viewport.width}-${colorScheme}-${locale.slice(0, 2)}`;
  test(`six-digit totals fit ${viewport.width} px with the totals in view, a miss shows its number, whose turn stays in view (${tag})`, async () => {
    const page = await app.page({ viewport, locale, colorScheme });
    await newGame(page, ['Marie-Bernadette de La Tour', 'Anne-Charlotte Delacroix', 'Zoé']);
    // 23333 and 11113 every round: 116665 and 55565; Zoé misses once (14).
    for (let turn = 0; turn < 15; turn++) {
      await typedRoll(page, turn === 2 ? [1, 4] : turn % 3 === 1 ? [1, 1, 1, 1, 3] : [3, 3, 3, 3, 2]);
      // Whoever plays next reads that it is their turn.
      if (turn < 14) {
        const s = await rect(page, 'game-status');
        assert.ok(s.top >= s.bar - 1 && s.bottom <= s.height + 1, `turn ${turn}: status at ${s.top}–${s.bottom}, bar ${s.bar}, screen ${s.height}`);
      }
    }
    await page.waitForSelector(id('ranking'));
    assert.equal(await page.textContent(id('total-0')), '116665');
    // The miss: "—" and the number thrown, on screen in the cell.
    assert.equal(await page.textContent(id('miss-2-0')), '14');
    await page.$eval(id('grid'), (e) => e.scrollIntoView({ block: 'center' }));
    const miss = await rect(page, 'miss-2-0');
    assert.ok(miss.right - miss.left > 10 && miss.right <= viewport.width, 'the missed number is seen');
    // The grid is read whole: nothing to scroll sideways, every total in view.
    const wrap = await page.$eval('.grid-wrap', (e) => ({ scroll: e.scrollWidth, client: e.clientWidth, right: e.getBoundingClientRect().right }));
    assert.ok(wrap.scroll <= wrap.client, `the grid scrolls sideways: ${wrap.scroll} > ${wrap.client}`);
    for (let p = 0; p < 3; p++) {
      const t = await rect(page, `total-${p}`);
      assert.ok(t.right <= wrap.right && t.left >= 0, `total ${p} in view: ${t.left}–${t.right} (grid ends at ${wrap.right})`);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, `issue37-after-1-serieux-grid-${tag}.png`) });
    // The statistics: the best and the average in view too.
    await open(page, app.url);
    await page.tap(id('open-history'));
    await page.tap(id('tab-Stats'));
    const table = await page.$eval(id('stats-Serieux'), (e) => {
      const t = e.querySelector('table');
      const cells = [...t.querySelectorAll('td')].map((c) => c.getBoundingClientRect().right);
      return { right: e.getBoundingClientRect().right, table: t.getBoundingClientRect().right, cells: Math.max(...cells) };
    });
    assert.ok(table.table <= table.right && table.cells <= table.right, `the statistics fit: ${JSON.stringify(table)}`);
    assert.match(await page.textContent(id('stats-Serieux')), /116[\s\u202f\u00a0]?665/);
    await page.screenshot({ path: path.join(ARTIFACTS, `issue37-after-1-stats-${tag}.png`) });
    assert.deepEqual(page.errors, []);
  });
}

test('reload mid-game: the only game in progress comes back, and Home lists it', async () => {
  const page = await app.page();
  await newGame(page, ['Zoé', 'Yann']);
  await typedRoll(page, [2, 3]);
  await page.tap(id('serieux-roll-2'));
  const zoe = await cell(page, 0, 0);
  const yann = await cell(page, 1, 0);
  await typedRoll(page, [1, 3]);
  // The only game in progress: a reload comes back to it (issue 37).
  await page.reload();
  await page.waitForSelector(`${APP} ${id('serieux-game')}`);
  assert.equal(await cell(page, 0, 0), zoe);
  assert.equal(await cell(page, 0, 1), '13');
  await page.tap('.topbar .back');
  await page.waitForSelector(id('in-progress'));
  const row = await page.textContent(id('in-progress'));
  assert.match(row, /Zoé, Yann · Manche 2 \/ 5/);
  await page.tap(`${id('in-progress')} .chip-on >> nth=0`);
  await page.waitForSelector(id('serieux-game'));
  assert.equal(await cell(page, 0, 0), zoe);
  assert.equal(await cell(page, 1, 0), yann);
  assert.equal(await cell(page, 0, 1), '13');
  assert.match(await status(page), /Manche 2 \/ 5 · À Yann/);
  await shot(page, 'serieux-resumed-fr');
});

test('undo across a round boundary, redo, and undo never re-rolls', async () => {
  const page = await app.page({ locale: 'en-US', colorScheme: 'dark' });
  await newGame(page, ['Ann', 'Ben']);
  await typedRoll(page, [2]);
  await page.tap(id('serieux-roll-4'));
  const rolled = await cell(page, 1, 0);
  assert.match(await status(page), /Round 2 \/ 5 · Ann to play/);
  await page.tap(id('undo'));
  assert.match(await status(page), /Round 1 \/ 5 · Ben to play/);
  assert.equal(await cell(page, 1, 0), '');
  await page.tap(id('redo'));
  assert.equal(await cell(page, 1, 0), rolled);
  await page.tap(id('undo'));
  const lastBefore = await page.textContent(id('last-turn'));
  await page.tap(id('serieux-roll-4'));
  assert.equal(await cell(page, 1, 0), rolled, 'the same dice come back');
  assert.notEqual(await page.textContent(id('last-turn')), lastBefore);
  await shot(page, 'serieux-dark-en');
});

test('roll-off for the first player, six players: each die entered by a tap, everyone\'s die and who starts shown', async () => {
  const page = await app.page();
  await newGame(page, ['A1', 'B2', 'C3', 'D4', 'E5', 'F6'], { first: null });
  assert.match(await status(page), /Qui commence/);
  // Nothing to record until every player has a die; a tap on a face
  // enters the selected player's die and moves on to the next one.
  assert.ok(await page.$eval(id('rolloff-record'), (b) => b.disabled));
  for (const f of [1, 6, 2, 6, 3]) await page.tap(id(`rolloff-face-${f}`));
  assert.ok(await page.$eval(id('rolloff-record'), (b) => b.disabled));
  await page.tap(id('rolloff-face-5'));
  // A wrong die is corrected by tapping its player, then the right face.
  await page.tap(id('rolloff-player-5'));
  await page.tap(id('rolloff-face-4'));
  assert.match(await page.textContent(id('rolloff-player-5')), /F6/);
  await page.tap(id('rolloff-record'));
  assert.match(await page.textContent(id('roll-off')), /Égalité : B2, D4 relancent/);
  assert.equal((await page.$$('[data-testid^="rolloff-player-"]')).length, 2);
  await page.tap(id('rolloff-face-2'));
  await page.tap(id('rolloff-face-5'));
  await page.tap(id('rolloff-record'));
  assert.match(await status(page), /À D4 de jouer/);
  // Who starts, and every die of both rounds, until the first move.
  const result = await page.textContent(id('roll-off-result'));
  assert.match(result, /D4 commence/);
  assert.equal(await page.$$eval(`${id('roll-off-result')} .rolloff-round li`, (l) => l.length), 8);
  await shot(page, 'serieux-six-players-fr');
  await page.tap(id('serieux-roll-2'));
  assert.equal(await page.$(id('roll-off-result')), null);
  await page.tap(id('open-rules'));
  assert.match(await rulesText(page, 'serieux-rules'), /1 n'est pas un nombre premier/);
  await page.tap('.topbar .back');
  await page.waitForSelector(id('serieux-game'));
});

test('the app\'s roll-off shows every player\'s die and who starts', async () => {
  const page = await app.page({ locale: 'en-GB' });
  await newGame(page, ['Zoé', 'Anne', 'Yann'], { first: null });
  await page.tap(id('roll-off-all'));
  while (await page.$(id('rolloff-record'))) await page.tap(id('roll-off-all'));
  const result = await page.textContent(id('roll-off-result'));
  const who = result.match(/(Zoé|Anne|Yann) starts\./)?.[1];
  assert.ok(who, result);
  assert.match(await status(page), new RegExp(`${who} to play`));
  assert.ok(await page.$$eval(`${id('roll-off-result')} .rolloff-round li`, (l) => l.length) >= 3);
});

test('setup refuses a missing or duplicate name with a clear message', async () => {
  const page = await app.page();
  await open(page, app.url);
  await page.tap(id('open-serieux'));
  await page.fill(id('name-0'), 'Anne');
  await page.tap(id('start-game'));
  assert.match(await page.textContent(id('setup-error')), /Le joueur 2 n'a pas de nom/);
  await page.fill(id('name-1'), 'anne');
  await page.tap(id('start-game'));
  assert.match(await page.textContent(id('setup-error')), /Deux joueurs s'appellent/);
});
