// Whose dice the table plays with (issue 37): chosen at setup for each game
// (the last choice remembered), with the table's real dice no roll button of
// the app's to hit by mistake, and a change during the game is a move of the
// game (undo takes it back; the game's record shows it, from the history too).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

/** A new game of `game` from Home, with `dice` chosen at setup ('table' or
 * 'app', or null to keep the setup's default), the first player chosen
 * (or a roll-off with `first: null`). */
async function newGame(page, game, names, { dice = null, first = 0 } = {}) {
  await open(page, app.url);
  await page.tap(id(`open-${game}`));
  await page.waitForSelector(id('setup'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  if (names.length === 1) await page.tap(id('remove-player-1'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  if (first !== null) {
    await page.tap(id('first-chosen'));
    await page.tap(id(`first-${first}`));
  }
  if (dice) await page.tap(id(`setup-dice-${dice}`));
  await page.tap(id('start-game'));
  await page.waitForSelector(id(`${game}-game`));
}

async function typedRoll(page, faces) {
  for (const f of faces) await page.tap(id(`typed-face-${f}`));
  await page.tap(id('record-typed'));
}

const visible = (page, testid) => page.isVisible(id(testid));
const pressed = (page, testid) => page.getAttribute(id(testid), 'aria-pressed');

/** The app's roll buttons of Sérieux that show. */
async function rollButtons(page) {
  let n = 0;
  for (let k = 1; k <= 5; k++) if (await visible(page, `serieux-roll-${k}`)) n++;
  return n;
}

test('Sérieux with the table\'s real dice: no roll button; the real 2 and 3 are taken; a switch is a move of the game', async () => {
  const page = await app.page();
  await newGame(page, 'serieux', ['Anne', 'Bruno'], { dice: 'table' });
  // Only the real dice's flow: the keypad, no roll button to tap by mistake.
  assert.equal(await rollButtons(page), 0);
  assert.ok(await visible(page, 'typed-face-1'));
  assert.equal(await pressed(page, 'dice-table'), 'true');
  assert.equal(await pressed(page, 'dice-app'), 'false');
  await page.$eval(id('game-status'), (e) => e.scrollIntoView({ block: 'start' }));
  await shot(page, 'issue37-after-real-dice');
  await typedRoll(page, [2, 3]);
  assert.equal(await page.textContent(id('cell-0-0')), '23');
  assert.equal(await page.$(id('move-error')), null);
  // Switching to the app's dice mid-game: the roll buttons come, and the
  // game's record says when.
  await page.tap(id('dice-app'));
  assert.equal(await pressed(page, 'dice-app'), 'true');
  assert.equal(await rollButtons(page), 5);
  assert.match(await page.textContent(id('dice-changes')), /Au début : les vrais dés de la table.*Après 1 lancer : les dés de l'app/);
  await page.$eval(id('dice-choice'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(page, 'issue37-after-switch');
  // Undo takes the switch back, like any move.
  await page.tap(id('undo'));
  assert.equal(await pressed(page, 'dice-table'), 'true');
  assert.equal(await rollButtons(page), 0);
  assert.equal(await page.$(id('dice-changes')), null);
  assert.equal(await page.textContent(id('cell-0-0')), '23', 'the roll stays');
  await page.tap(id('redo'));
  assert.equal(await rollButtons(page), 5);
  // It is saved with the game: a reload (which reopens the only game in
  // progress) finds it as it was.
  await page.reload();
  await page.waitForSelector(id('serieux-game'));
  assert.equal(await pressed(page, 'dice-app'), 'true');
  assert.match(await page.textContent(id('dice-changes')), /Après 1 lancer/);
  assert.deepEqual(page.errors, []);
});

test('the setup remembers the last choice of each game', async () => {
  const page = await app.page();
  await newGame(page, 'serieux', ['Anne', 'Bruno'], { dice: 'table' });
  await page.tap('.topbar .back');
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  assert.ok(await page.isChecked(id('setup-dice-table')));
  await page.$eval(id('dice-setup'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(page, 'issue37-after-setup');
  await page.tap('.topbar .back');
  await page.tap(id('open-einstein'));
  await page.waitForSelector(id('setup'));
  assert.ok(await page.isChecked(id('setup-dice-app')), 'another game keeps its own choice');
  assert.deepEqual(page.errors, []);
});

test('Einstein with real dice, roll-off included: no app roll; a switch to the app\'s dice brings its button', async () => {
  const page = await app.page({ locale: 'en-GB', colorScheme: 'dark' });
  await newGame(page, 'einstein', ['Anne', 'Bruno'], { dice: 'table', first: null });
  // The roll-off too: each player's real die, no button rolling for all
  // (it is a roll: the record counts it).
  assert.ok(await visible(page, 'rolloff-face-1'));
  assert.equal(await visible(page, 'roll-off-all'), false);
  await page.tap(id('rolloff-face-5'));
  await page.tap(id('rolloff-face-2'));
  await page.tap(id('rolloff-record'));
  assert.equal(await visible(page, 'einstein-roll'), false);
  assert.ok(await visible(page, 'typed-face-1'));
  assert.equal(await pressed(page, 'dice-table'), 'true');
  await page.$eval(id('game-status'), (e) => e.scrollIntoView({ block: 'start' }));
  await shot(page, 'issue37-after-einstein-en-dark');
  await page.tap(id('dice-app'));
  assert.ok(await visible(page, 'einstein-roll'));
  assert.match(await page.textContent(id('dice-changes')), /At the start: the table's real dice.*After 1 roll: the app's dice/);
  await page.tap(id('einstein-roll'));
  assert.equal(await page.$(id('move-error')), null);
  assert.deepEqual(page.errors, []);
});

test('a finished game opened from the history shows its changes of dice', async () => {
  const page = await app.page();
  await newGame(page, 'serieux', ['Anne'], { dice: 'app' });
  await typedRoll(page, [2, 3]);
  await page.tap(id('dice-table'));
  for (let round = 1; round < 5; round++) await typedRoll(page, [1, 3]);
  assert.match(await page.textContent(id('game-status')), /Partie terminée/);
  // Over: no control to change anything, the record stays.
  assert.equal(await page.$(id('dice-table')), null);
  await page.tap('.topbar .back');
  await page.tap(id('open-history'));
  await (await page.waitForSelector('[data-testid^="view-"]')).tap();
  await page.waitForSelector(id('read-only'));
  const record = await page.textContent(id('dice-changes'));
  assert.match(record, /Au début : les dés de l'app/);
  assert.match(record, /Après 1 lancer : les vrais dés de la table/);
  assert.match(await page.textContent(id('dice-now')), /Dés : les vrais dés de la table/);
  await page.$eval(id('dice-choice'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(page, 'issue37-after-history');
  assert.deepEqual(page.errors, []);
});
