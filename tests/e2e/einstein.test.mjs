// Einstein played through the UI in headless Chromium at 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

async function newEinstein(page, names) {
  await open(page, app.url);
  await page.tap(id('open-einstein'));
  await page.waitForSelector(id('setup'));
  if (names.length === 1) await page.tap(id('remove-player-1'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('einstein-game'));
}

async function typedRoll(page, dice) {
  for (const d of dice) await page.tap(id(`typed-face-${d}`));
  await page.tap(id('record-typed'));
}

// The phone handed over to the next chooser, if the screen waits for them.
async function takePhone(page) {
  if (await page.$(id('handover-ok'))) await page.tap(id('handover-ok'));
}

async function choose(page, order) {
  await takePhone(page);
  for (const i of order) await page.tap(id(`edie-${i}`));
  await page.tap(id('confirm-choice'));
}

test('a complete two-player game: shared rolls, the fifth-die rules, per-player end, ranking', async () => {
  const page = await app.page();
  await newEinstein(page, ['Anne', 'Bruno']);
  assert.match(await page.textContent(id('game-status')), /Lancer n°1 · Anne lance les dés/);
  // Three rolls to choose three fifth-die values: 4, 2, 5 for Anne; 6 for Bruno.
  for (const fifth of [4, 2, 5]) {
    await typedRoll(page, [1, 1, 3, 3, fifth]);
    assert.match(await page.textContent(id('game-status')), /À Anne de choisir/);
    assert.match(await page.textContent(id('fifth-rule')), /n'importe lequel/);
    await choose(page, [0, 1, 2, 3]);             // Anne: 2 and 6, fifth = last die
    assert.match(await page.textContent(id('game-status')), /À Bruno de choisir/);
    await choose(page, [0, 2, 1, 4]);             // Bruno: 4 and 1+fifth, fifth = a 3
  }
  // A roll showing 2: Anne's fifth die must be the 2.
  await typedRoll(page, [1, 2, 3, 6, 6]);
  assert.match(await page.textContent(id('fifth-rule')), /doit être un 2/);
  for (const i of [0, 1, 2, 3]) await page.tap(id(`edie-${i}`)); // would leave a 6
  assert.match(await page.textContent(id('choice-error')), /doit être un 2/);
  assert.equal(await page.isDisabled(id('confirm-choice')), true);
  await page.tap(id('edie-0'));                     // undo the picks
  await choose(page, [0, 2, 3, 4]);
  await takePhone(page);
  assert.match(await page.textContent(id('fifth-rule')), /Lancer libre|n'importe lequel|doit être/);
  await choose(page, [0, 1, 2, 4]);                 // Bruno: fifth die the first 6
  // A free throw for Anne: 1-3-3-6-6 shows none of 4, 2, 5.
  await typedRoll(page, [1, 3, 3, 6, 6]);
  assert.match(await page.textContent(id('fifth-rule')), /Lancer libre/);
  await choose(page, [0, 1, 2, 3]);
  // Bruno gets the phone without seeing Anne's choice; everyone sees both after.
  assert.match(await page.textContent(id('handover')), /Passez le téléphone à Bruno/);
  assert.equal(await page.$(id('events')), null);
  await choose(page, [0, 1, 2, 3]);
  assert.match(await page.textContent(id('events')), /Anne · 4 \+ 9 · 5e dé 6 \(lancer libre\)/);
  await shot(page, 'einstein-two-players');
  // Play on with the app's dice, always taking the first legal split, until both are done.
  for (let turn = 0; turn < 80; turn++) {
    if (await page.$(id('ranking'))) break;
    if (await page.$(id('einstein-roll'))) { await page.tap(id('einstein-roll')); continue; }
    await takePhone(page);
    // Try splits until one is legal.
    const splits = [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 3, 4], [0, 2, 3, 4], [1, 2, 3, 4]];
    for (const s of splits) {
      for (const i of s) await page.tap(id(`edie-${i}`));
      if (!(await page.isDisabled(id('confirm-choice')))) { await page.tap(id('confirm-choice')); break; }
      await page.tap(id(`edie-${s[0]}`));
    }
  }
  await page.waitForSelector(id('ranking'));
  // Scores are written with the minus sign (−), as in the other games.
  const number = (text) => Number(text.replace('−', '-'));
  const totals = await page.$$eval('.rank-total', (t) => t.map((e) => e.textContent));
  assert.equal(totals.length, 2);
  assert.ok(totals.every((t) => !t.includes('-')), totals.join(' '));
  const sheetTotal = number(await page.textContent(id('sheet-total')));
  assert.ok(totals.map(number).includes(sheetTotal));
  await shot(page, 'einstein-finished');
  assert.deepEqual(page.errors, []);
});

test('solo: the game ends at the eighth mark and the personal best is kept', async () => {
  const page = await app.page({ locale: 'en-US', colorScheme: 'dark' });
  await newEinstein(page, ['Solo']);
  for (let i = 0; i < 8; i++) {
    await typedRoll(page, [4, 4, 3, 5, 6]);
    await choose(page, [0, 1, 2, 3]);               // 8 and 8, fifth die 6
  }
  await page.waitForSelector(id('ranking'));
  assert.equal(await page.textContent(id('score-8')), String(5 * 40));
  assert.equal(await page.textContent(id('sheet-total')), '200');
  assert.match(await page.textContent(id('personal-best')), /New personal best! Personal best: 200/);
  await shot(page, 'einstein-solo-dark-en');
});

test('a quicker choice: one pair tapped, the only split the game allows is proposed', async () => {
  const page = await app.page();
  await newEinstein(page, ['Anne', 'Bruno']);
  // Anne chooses 4, 2 and 5 as fifth-die values over three rolls.
  for (const fifth of [4, 2, 5]) {
    await typedRoll(page, [1, 1, 3, 3, fifth]);
    await choose(page, [0, 1, 2, 3]);
    await choose(page, [0, 2, 1, 4]);               // Bruno: fifth die a 3 each time
  }
  // 1-2-3-6-6: her fifth die must be the 2. Tapping the two 6s leaves 1, 2
  // and 3: only 1+3 with the 2 left over is allowed, so it is proposed.
  await typedRoll(page, [1, 2, 3, 6, 6]);
  await page.tap(id('edie-3'));
  await page.tap(id('edie-4'));
  assert.match(await page.textContent(id('only-split')), /une seule répartition/);
  assert.match(await page.textContent(id('pair-sums')), /A = 12\s+·\s+B = 4\s+·\s+5e dé = 2/);
  assert.equal(await page.isDisabled(id('confirm-choice')), false);
  await page.tap(id('confirm-choice'));
  assert.match(await page.textContent(id('handover')), /Bruno/);
  await page.tap(id('handover-ok'));
  // Two dice with the rest free: no proposal.
  await page.tap(id('edie-3'));
  await page.tap(id('edie-4'));
  assert.equal(await page.$(id('only-split')), null);
  assert.deepEqual(page.errors, []);
});

test('the coach near the end: the chance to go on is a column once it differs', async () => {
  const page = await app.page();
  await newEinstein(page, ['Anne']);
  // Pairs 1+1 and 2+2 each time; fifth die 6 seven times, then 5, then 4.
  for (const fifth of [6, 6, 6, 6, 6, 6, 6, 5, 4]) {
    await typedRoll(page, [1, 1, 2, 2, fifth]);
    await choose(page, [0, 1, 2, 3]);
  }
  // 6-6-3-3-5: leaving a 6 makes its eighth mark and ends the game.
  await typedRoll(page, [6, 6, 3, 3, 5]);
  await page.tap(id('coach-button'));
  const headings = await page.$$eval('.coach-table thead th', (t) => t.map((e) => e.textContent).filter((x) => x));
  assert.deepEqual(headings, ['La partie continue', 'Maintenant']);
  const lines = await page.$$eval('.coach-table tbody tr', (trs) => trs.map((tr) => tr.textContent));
  assert.equal(lines.length, 3, lines.join('\n'));
  // The two splits that end the game are one row, last, with chance 0.
  assert.match(lines[2], /termine votre partie.*ou.*termine votre partie.*0\s·\s0,0\s%.*−400/);
  assert.match(lines[0], /★ Conseillé.*6995\/7776\s·\s90,0\s%.*−200/);
  const chances = await page.$$eval(id('coach-chance'), (t) => t.map((e) => e.textContent));
  assert.ok(new Set(chances).size > 1, chances.join(' '));
  assert.match(await page.textContent(id('coach-reason')), /Le moindre mal\s: −200 points/);
  await page.$eval(id('coach-panel'), (e) => e.scrollIntoView({ block: 'start' }));
  await shot(page, 'issue37-after-coach-einstein-end-fr');
  assert.deepEqual(page.errors, []);
});

// Issue 37: a game resumed while the phone is handed over opens on the
// hand-over, not on the next player's choice in front of whoever holds the
// phone: after a reload (the only game in progress reopens), and from Home.
test('a reload during the hand-over keeps the hand-over, choices hidden', async () => {
  for (const [locale, colorScheme, pass] of [['fr-FR', 'light', /Passez le téléphone à Bruno/], ['en-GB', 'dark', /Hand the phone to Bruno/]]) {
    const page = await app.page({ locale, colorScheme });
    await newEinstein(page, ['Anne', 'Bruno', 'Chloé']);
    await typedRoll(page, [1, 1, 3, 3, 4]);
    await choose(page, [0, 1, 2, 3]);
    await page.waitForSelector(id('handover'));
    await page.reload();
    await page.waitForSelector(id('einstein-game'));
    await page.waitForSelector(id('handover'));
    assert.match(await page.textContent(id('handover')), pass);
    assert.equal(await page.$(id('choose')), null, "Bruno's choice is not open");
    assert.equal(await page.$(id('edie-0')), null, 'no dice to tap');
    assert.equal(await page.$(id('sheet')), null, "nobody's sheet shown");
    assert.equal(await page.$(id('events')), null, "Anne's choice hidden");
    await shot(page, `issue37-after-handover-reload-${locale.slice(0, 2)}-${colorScheme}`);
    // From Home too.
    await page.tap('.topbar .back');
    await page.waitForSelector('[data-testid^="resume-einstein-"]');
    await page.tap('[data-testid^="resume-einstein-"]');
    await page.waitForSelector(id('handover'));
    assert.equal(await page.$(id('choose')), null);
    // Bruno takes the phone: his choice, then the phone goes on to Chloé.
    await page.tap(id('handover-ok'));
    await page.waitForSelector(id('choose'));
    assert.match(await page.textContent(id('game-status')), /Bruno/);
    await choose(page, [0, 1, 2, 3]);
    await page.waitForSelector(id('handover'));
    assert.match(await page.textContent(id('handover')), /Chloé/);
    await takePhone(page);
    await choose(page, [0, 1, 2, 3]);
    // Everyone chose: the next roll, no hand-over after a reload.
    await page.waitForSelector(id('einstein-roll'));
    await page.reload();
    await page.waitForSelector(id('einstein-roll'));
    assert.equal(await page.$(id('handover')), null);
    assert.deepEqual(page.errors, []);
  }
});
