// History, statistics, players, export and import after real games, in
// headless Chromium at 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { start, id, open, shot, ARTIFACTS } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

// A two-player Mode Sérieux game with typed rolls: `rolls` are ten rolls,
// Anne's and Bruno's in turn.
async function serieux(page, names, rolls) {
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('serieux-game'));
  for (const faces of rolls) {
    for (const f of faces) await page.tap(id(`typed-face-${f}`));
    await page.tap(id('record-typed'));
  }
  await page.waitForSelector(id('ranking'));
  await open(page, app.url);
}

const home = (page) => open(page, app.url);
const rows = (page) => page.$$('[data-testid^="hist-"]');

test('finished games appear in the history, the statistics and the chart; players can be merged', async () => {
  const page = await app.page();
  await home(page);
  // Anne scores 23 + 2 (two primes) = 25 in game 1; Bruno 11.
  await serieux(page, ['Anne', 'Bruno'], [[3, 2], [1, 1], [2], [6], [6], [6], [6], [6], [6], [6]]);
  // Game 2: Bruno wins with 23; "bruno" typed in lower case, "Annie" is Anne.
  await serieux(page, ['Annie', 'bruno'], [[6], [3, 2], [6], [6], [6], [6], [6], [6], [6], [6]]);
  await page.tap(id('open-history'));
  await page.waitForSelector(id('history'));
  assert.equal((await rows(page)).length, 2);
  const newest = await page.textContent('[data-testid^="hist-"]');
  assert.match(newest, /Mode Sérieux/);
  assert.match(newest, /1er★ bruno23/);
  await shot(page, 'history-games');
  // Open the older game's sheet: read only, no undo, back to the history.
  const older = (await rows(page))[1];
  await (await older.$('[data-testid^="view-"]')).tap();
  await page.waitForSelector(id('serieux-game'));
  assert.match(await page.textContent(id('read-only')), /lecture seule/);
  assert.ok(await page.$eval(id('undo'), (b) => b.disabled));
  assert.match(await page.textContent(id('ranking')), /Anne.*25/s);
  await page.tap('.back');
  await page.waitForSelector(id('history'));
  // Statistics: two games, each won once. Einstein's record (a best
  // alone), where earlier versions stored it, has its line, titled from
  // the game's texts.
  await page.evaluate(() => localStorage.setItem('genius.einstein-best', '42'));
  await page.tap(id('tab-Stats'));
  const stats = await page.textContent(id('stats-Serieux'));
  assert.match(stats, /Mode Sérieux · 2 parties/);
  assert.equal(
    (await page.textContent(id('einstein-best'))).replace(/\s/g, ' '),
    'Record personnel Einstein (solo) : 42',
  );
  assert.ok(await page.$(id('chart')));
  await shot(page, 'history-stats');
  // Merge Annie into Anne (case differs for bruno: already the same player).
  await page.tap(id('tab-Players'));
  assert.match(await page.textContent(id('players')), /bruno2 parties|Bruno2 parties/);
  await page.tap(id('rename-Annie'));
  await page.fill(id('rename-input'), 'anne');
  assert.match(await page.textContent(id('rename-ok')), /Fusionner avec Anne/);
  await page.tap(id('rename-ok'));
  assert.match(await page.textContent(id('renames')), /Annie → Anne/);
  await page.tap(id('tab-Stats'));
  const merged = await page.$$eval('[data-testid="stats-Serieux"] tbody', (r) => r.map((e) => e.textContent));
  assert.equal(merged.length, 2, 'Anne and Bruno, once each merged');
  assert.ok(merged.some((r) => /^Anne2 ?1/.test(r)), merged.join(' | '));
  // The rename survives a reload.
  await page.reload();
  await page.tap(id('open-history'));
  await page.tap(id('tab-Players'));
  assert.match(await page.textContent(id('renames')), /Annie → Anne/);
  await shot(page, 'history-players');
  assert.deepEqual(page.errors, []);
});

test('export everything, the CSV, and import into another device with a report', async () => {
  const page = await app.page();
  await home(page);
  await serieux(page, ['Anne', 'Bruno'], [[3, 2], [1, 1], [2], [6], [6], [6], [6], [6], [6], [6]]);
  await page.tap(id('open-history'));
  const [json] = await Promise.all([page.waitForEvent('download'), page.tap(id('export-all'))]);
  assert.match(json.suggestedFilename(), /^genius-export-\d{4}-\d\d-\d\d\.json$/);
  const exportPath = path.join(ARTIFACTS, 'export.json');
  await json.saveAs(exportPath);
  const exported = JSON.parse(fs.readFileSync(exportPath, 'utf8'));
  assert.equal(exported.format, 'genius-export');
  assert.equal(exported.version, 1);
  assert.equal(exported.games.length, 1);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.tap(id('export-csv'))]);
  const csvPath = path.join(ARTIFACTS, 'scores.csv');
  await csv.saveAs(csvPath);
  const lines = fs.readFileSync(csvPath, 'utf8').split('\r\n');
  assert.equal(lines[0], '\ufeffDate;Jeu;Variante;Joueur;Score;Place;Gagnant');
  assert.match(lines[1], /^\d{4}-\d\d-\d\d \d\d:\d\d;Mode Sérieux;;Anne;25;1;oui$/);

  // Another device (a fresh browser context) imports it, then the same file
  // again, then a damaged copy and a file from the future.
  const other = await app.page({ locale: 'en-GB' });
  await home(other);
  await other.tap(id('open-history'));
  await other.waitForSelector(id('history-empty'));
  await other.setInputFiles(id('import-file'), exportPath);
  await other.waitForSelector('[data-testid^="hist-"]');
  assert.match(await other.textContent(id('history-message')), /1 game\(s\) added, 0 already here, 0 refused/);
  await other.setInputFiles(id('import-file'), exportPath);
  await other.waitForFunction(() => /0 game\(s\) added, 1 already/.test(document.querySelector('[data-testid="history-message"]')?.textContent ?? ''));
  // A move edited into an illegal one is refused, with which game and why.
  const damaged = structuredClone(exported);
  damaged.games[0].id = 'serieux-1-beef';
  damaged.games[0].record.log[0] = { Roll: { dice: [9], source: 'Typed' } };
  const damagedPath = path.join(ARTIFACTS, 'damaged.json');
  fs.writeFileSync(damagedPath, JSON.stringify(damaged));
  await other.setInputFiles(id('import-file'), damagedPath);
  await other.waitForSelector(id('import-refusals'));
  assert.match(await other.textContent(id('import-refusals')), /serieux-1-beef/);
  const future = { ...exported, version: 9 };
  const futurePath = path.join(ARTIFACTS, 'future.json');
  fs.writeFileSync(futurePath, JSON.stringify(future));
  await other.setInputFiles(id('import-file'), futurePath);
  await other.waitForFunction(() => /newer version/.test(document.querySelector('[data-testid="history-message"]')?.textContent ?? ''));
  // Over the size limit: refused before it is read.
  const bigPath = path.join(ARTIFACTS, 'big.json');
  // (A sparse file: its size is over the limit, nothing is written.)
  fs.writeFileSync(bigPath, '');
  fs.truncateSync(bigPath, 257 * 1024 * 1024);
  await other.setInputFiles(id('import-file'), bigPath);
  await other.waitForFunction(() => /over the 256 MB limit/.test(document.querySelector('[data-testid="history-message"]')?.textContent ?? ''));
  fs.rmSync(bigPath);
  assert.equal((await other.$$('[data-testid^="hist-"]')).length, 1, 'nothing lost, nothing doubled');
  await shot(other, 'history-import-en');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});
