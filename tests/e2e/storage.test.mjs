// Players manage their storage, in headless Chromium at 390×844: deleting
// an unfinished game from Home asks first; a finished game deleted from the
// History comes back with undo.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open } from './harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

// A two-player Mode Sérieux game with typed rolls, Anne's and Bruno's in turn.
async function serieux(page, rolls) {
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  for (const [i, name] of ['Anne', 'Bruno'].entries()) await page.fill(id(`name-${i}`), name);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('serieux-game'));
  for (const faces of rolls) {
    for (const f of faces) await page.tap(id(`typed-face-${f}`));
    await page.tap(id('record-typed'));
  }
}

const inProgress = (page) => page.$$('[data-testid^="resume-"]');
const rows = (page) => page.$$('[data-testid^="hist-"]');

test('deleting an unfinished game from Home asks first, and No keeps it', async () => {
  const page = await app.page();
  await open(page, app.url);
  await serieux(page, [[3, 2], [1, 1]]);
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  assert.equal((await inProgress(page)).length, 1);
  await page.tap('[data-testid^="delete-"]');
  await page.waitForSelector('[data-testid^="confirm-delete-"]');
  assert.match(await page.textContent(id('in-progress')), /Supprimer cette partie en cours \?/);
  await page.tap('[data-testid^="keep-"]');
  assert.equal((await inProgress(page)).length, 1, 'No keeps the game');
  await page.tap('[data-testid^="delete-"]');
  await page.tap('[data-testid^="confirm-delete-"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="in-progress"]'));
  // Gone for good: not back after a reload.
  await open(page, app.url);
  assert.equal((await inProgress(page)).length, 0);
  assert.deepEqual(page.errors, []);
});

test('a finished game deleted from the History comes back with undo', async () => {
  const page = await app.page();
  await open(page, app.url);
  await serieux(page, [[3, 2], [1, 1], [2], [6], [6], [6], [6], [6], [6], [6]]);
  await page.waitForSelector(id('ranking'));
  await open(page, app.url);
  await page.tap(id('open-history'));
  await page.waitForSelector('[data-testid^="hist-"]');
  assert.equal((await rows(page)).length, 1);
  await page.tap('[data-testid^="hist-"] [data-testid^="delete-"]');
  await page.waitForSelector(id('history-empty'));
  assert.match(await page.textContent(id('history-message')), /1 partie supprimée/);
  await page.tap(id('undo-delete'));
  await page.waitForSelector('[data-testid^="hist-"]');
  assert.match(await page.textContent(id('history-message')), /1 partie remise/);
  // Selected, then deleted with the others selected (one here).
  await page.check('[data-testid^="select-"]');
  await page.tap(id('delete-selected'));
  await page.waitForSelector(id('history-empty'));
  await page.tap(id('undo-delete'));
  await page.waitForSelector('[data-testid^="hist-"]');
  // Still there after a reload: the undo wrote it back.
  await open(page, app.url);
  await page.tap(id('open-history'));
  await page.waitForSelector('[data-testid^="hist-"]');
  assert.equal((await rows(page)).length, 1);
  assert.deepEqual(page.errors, []);
});
