// Exports handed to the system share sheet (the Web Share API with files),
// and a download where the browser has none or the share fails; the shared
// file imports back on another device. Headless Chromium on Linux has no
// share sheet: each test gives the page a stand-in `navigator.share` that
// keeps what it is given, and a `canShare` that accepts what the browser it
// plays accepts (Chromium on Android: text files but no .json; Safari: any).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

/** A page whose browser "shares" files: `accepts(name, type)` decides what
 * canShare takes; `fails` makes share() reject with that error name. */
async function sharingPage({ accepts, fails = null, locale = 'fr-FR' }) {
  const page = await app.page({ locale });
  await page.addInitScript(([accepts, fails]) => {
    const test = new Function('name', 'type', `return (${accepts})(name, type);`);
    window.__shared = [];
    Object.defineProperty(navigator, 'canShare', {
      value: (data) => !!(data && data.files && data.files.every((f) => test(f.name, f.type))),
    });
    Object.defineProperty(navigator, 'share', {
      value: async (data) => {
        if (fails) throw new DOMException('share failed', fails);
        for (const f of data.files) window.__shared.push({ name: f.name, type: f.type, text: await f.text() });
      },
    });
  }, [accepts.toString(), fails]);
  return page;
}

/** One finished two-player Mode Sérieux game, then the history screen. */
async function oneGameThenHistory(page) {
  await open(page, app.url);
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  await page.fill(id('name-0'), 'Anne');
  await page.fill(id('name-1'), 'Bruno');
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('serieux-game'));
  for (const faces of [[3, 2], [1, 1], [2], [6], [6], [6], [6], [6], [6], [6]]) {
    for (const f of faces) await page.tap(id(`typed-face-${f}`));
    await page.tap(id('record-typed'));
  }
  await page.waitForSelector(id('ranking'));
  await open(page, app.url);
  await page.tap(id('open-history'));
  await page.waitForSelector(id('history'));
}

const shared = (page) => page.waitForFunction(() => window.__shared.length > 0 && window.__shared).then((h) => h.jsonValue());

async function importInto(name, mimeType, text) {
  const other = await app.page({ locale: 'en-GB' });
  await open(other, app.url);
  await other.tap(id('open-history'));
  await other.waitForSelector(id('history-empty'));
  await other.setInputFiles(id('import-file'), { name, mimeType, buffer: Buffer.from(text) });
  await other.waitForSelector('[data-testid^="hist-"]');
  assert.match(await other.textContent(id('history-message')), /1 game\(s\) added, 0 already here, 0 refused/);
  assert.deepEqual(other.errors, []);
}

test('Chromium on a phone: the JSON export goes to the share sheet as a text copy, which imports back', async () => {
  // Chromium's list of files it shares has .txt and .csv, not .json.
  const page = await sharingPage({ accepts: (name, type) => /\.(txt|csv)$/.test(name) && type.startsWith('text/') });
  await oneGameThenHistory(page);
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.tap(id('export-all'));
  const [file] = await shared(page);
  assert.match(file.name, /^genius-export-\d{4}-\d\d-\d\d\.json\.txt$/);
  assert.equal(file.type, 'text/plain');
  assert.equal(JSON.parse(file.text).format, 'genius-export');
  assert.match(await page.textContent(id('history-message')), /genius-export-.*\.json : envoyé au menu Partager\./);
  // The CSV goes as it is.
  await page.evaluate(() => { window.__shared.length = 0; });
  await page.tap(id('export-csv'));
  const [csv] = await shared(page);
  assert.match(csv.name, /^genius-scores-.*\.csv$/);
  assert.equal(csv.type, 'text/csv');
  assert.equal(downloads, 0, 'nothing downloaded');
  assert.deepEqual(page.errors, []);
  // Another phone picks the shared file in the import: accepted.
  await importInto(file.name, file.type, file.text);
});

test('Safari on a phone: the JSON export is shared as it is, and imports back', async () => {
  const page = await sharingPage({ accepts: () => true, locale: 'en-GB' });
  await oneGameThenHistory(page);
  await page.tap(id('export-all'));
  const [file] = await shared(page);
  assert.match(file.name, /^genius-export-\d{4}-\d\d-\d\d\.json$/);
  assert.equal(file.type, 'application/json');
  assert.match(await page.textContent(id('history-message')), /\.json: sent to the share menu\./);
  await importInto(file.name, file.type, file.text);
});

test('a share that fails (not closed by the player) downloads the file instead', async () => {
  const page = await sharingPage({ accepts: () => true, fails: 'NotAllowedError' });
  await oneGameThenHistory(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.tap(id('export-all'))]);
  assert.match(download.suggestedFilename(), /^genius-export-\d{4}-\d\d-\d\d\.json$/);
  assert.deepEqual(page.errors, []);
});

test('a browser without file sharing downloads the export and says so', async () => {
  const page = await app.page({ locale: 'en-GB' });
  await oneGameThenHistory(page);
  assert.equal(await page.evaluate(() => typeof navigator.canShare), 'undefined', 'headless Chromium on Linux shares no files');
  const [download] = await Promise.all([page.waitForEvent('download'), page.tap(id('export-all'))]);
  assert.match(download.suggestedFilename(), /^genius-export-\d{4}-\d\d-\d\d\.json$/);
  assert.match(await page.textContent(id('history-message')), /\.json: downloaded \(this browser does not share files\)\./);
  assert.deepEqual(page.errors, []);
});
