// Reading the dice with the camera (issue 61) in headless Chromium at
// 390×844: the live path with Chromium's fake camera fed a real photo, the
// photo path (the file input), corrections by tap, a count the game does
// not take, and the camera refused or absent, in French and English.
//
// The photos are real ones with their labels (tests/fixtures/dice, or the
// shared set beside the repository, ../shared/dice-photos): the tests that
// need the reader to read them expect the faces the labels give. The rest
// (the count check, adding, correcting and removing dice, the refusals)
// hold whatever the reader reads, on a photo of no dice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { ROOT, WEB_DIST, LAUNCH, PHONE, ARTIFACTS, APP, id, open, openChecker, text } from './support/harness.mjs';

const PHOTOS = [process.env.GENIUS_DICE_PHOTOS, path.join(ROOT, 'tests/fixtures/dice'), path.join(ROOT, '../shared/dice-photos')]
  .find((dir) => dir && fs.existsSync(path.join(dir, 'labels.json')));
const LABELS = PHOTOS ? JSON.parse(fs.readFileSync(path.join(PHOTOS, 'labels.json'), 'utf8')) : [];
const faces = (file) => LABELS.find((l) => l.file === file)?.dice.map((d) => d.value).sort() ?? null;
const photo = (file) => path.join(PHOTOS, file);
const noPhotos = PHOTOS ? false : 'no labelled dice photos (tests/fixtures/dice or ../shared/dice-photos)';

// Four white dice (1, 4, 5, 6), five (4, 4, 5, 5, 6), and six small ones
// in a tray (2, 3, 4, 4, 4, 6): photos the reader's training did not see.
const FOUR = 'penlington/valid-valid_59.jpg';
const FIVE = 'penlington/valid-valid_77.jpg';
const SIX = 'byler/IMG_20191208_111816.jpg';
// Two dice in a tray: a 2 on the left, a 1 on the right.
const TWO = 'byler/IMG_20191208_112714.jpg';
const LEFT_TO_RIGHT = [2, 1];

let server;
let url;
const browsers = [];
before(async () => {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`no web build in ${WEB_DIST}`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  server = await serve(WEB_DIST, 0, '/');
  // The camera is only offered on a secure page: 127.0.0.1 is one.
  url = `http://127.0.0.1:${server.address().port}/`;
});
after(async () => {
  for (const b of browsers) await b.close();
  server?.close();
});

/** Chromium with `args` beside the harness's. */
async function chromiumWith(args) {
  const browser = await chromium.launch({ ...LAUNCH, args: [...LAUNCH.args, ...args] });
  browsers.push(browser);
  return browser;
}

/** Chromium whose camera shows `file` (a JPEG copied to an .mjpeg name:
 * Chromium's fake capture reads it as a one-frame motion JPEG). */
async function fakeCamera(file) {
  const mjpeg = path.join(os.tmpdir(), `genius-${path.basename(file, '.jpg')}.mjpeg`);
  fs.copyFileSync(photo(file), mjpeg);
  return chromiumWith(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${mjpeg}`]);
}

async function phone(browser, { locale = 'fr-FR', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ locale, colorScheme, viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `reader-${name}.png`) });
}

/** The faces of the dice read, in order, and which are to confirm. */
async function chips(page) {
  return page.$$eval('[data-testid^="read-chip-"]', (els) => els.map((e) => ({ face: Number(e.dataset.face), unsure: e.classList.contains('unsure') })));
}

/** Confirms every die the reader was unsure of, as read. */
async function confirmUnsure(page) {
  for (let i = 0; ; i++) {
    const list = await chips(page);
    const k = list.findIndex((c) => c.unsure);
    if (k < 0 || i > 6) return;
    await page.tap(id(`read-chip-${k}`));
    await page.tap(id(`reader-face-${list[k].face}`));
  }
}

const sorted = (list) => list.map((c) => c.face).sort();

async function newGame(page, game, names) {
  await open(page, url);
  await page.tap(id(`open-${game}`));
  await page.waitForSelector(id('setup'));
  if (names.length === 1) await page.tap(id('remove-player-1'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id(`${game}-game`));
}

/** A grey PNG of `w`×`h` (an empty table: no dice on it). */
function greyPng(w = 320, h = 240) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 0;
  const rows = Buffer.alloc((w + 1) * h, 0xb4);
  for (let y = 0; y < h; y++) rows[y * (w + 1)] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

test('the live camera reads four dice into the checker', { skip: noPhotos }, async () => {
  const page = await phone(await fakeCamera(FOUR));
  await openChecker(page, url);
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-video'));
  await page.waitForSelector(id('reader-confirm'), { timeout: 30_000 });
  await shot(page, 'live-checker-fr-light');
  assert.deepEqual(sorted(await chips(page)), faces(FOUR));
  await confirmUnsure(page);
  await page.tap(id('reader-confirm'));
  await page.waitForSelector(id('dice-reader'), { state: 'detached' });
  assert.equal(await text(page, 'number'), faces(FOUR).join(''));
  assert.deepEqual(page.errors, []);
});

test('the live camera reads an Einstein roll of five dice', { skip: noPhotos }, async () => {
  const page = await phone(await fakeCamera(FIVE), { locale: 'en-GB', colorScheme: 'dark' });
  await newGame(page, 'einstein', ['Anne']);
  await page.$eval(id('read-dice'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(page, 'einstein-button-en-dark');
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-confirm'), { timeout: 30_000 });
  await shot(page, 'live-einstein-en-dark');
  assert.deepEqual(sorted(await chips(page)), faces(FIVE));
  await confirmUnsure(page);
  await page.tap(id('reader-confirm'));
  await page.waitForSelector(id('dice-reader'), { state: 'detached' });
  // In as typed faces: the Record button takes them, as after the keypad.
  await page.tap(id('record-typed'));
  await page.waitForSelector(id('edie-0'));
  const rolled = await page.$$eval('[data-testid^="edie-"]', (els) => els.map((e) => e.textContent));
  assert.equal(rolled.length, 5);
  assert.deepEqual(page.errors, []);
});

test('a photo read through the picker, a die corrected by a tap on it', { skip: noPhotos }, async () => {
  // No camera at all (no fake device): the screen says so, and offers the photo.
  const page = await phone(await chromiumWith([]));
  await openChecker(page, url);
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-unavailable'));
  assert.match(await text(page, 'reader-unavailable'), /Pas de caméra ici|caméra n'a pas pu/);
  await page.setInputFiles(id('reader-photo-input'), photo(FOUR));
  await page.waitForSelector(id('reader-confirm'), { timeout: 30_000 });
  assert.deepEqual(sorted(await chips(page)), faces(FOUR));
  await shot(page, 'photo-fr-light');
  // The first die on the photo is corrected: a 2 (no die of the photo shows one).
  const before = Number(await page.getAttribute(id('read-die-0'), 'data-face'));
  await page.tap(id('read-die-0'));
  await page.waitForSelector(id('reader-pick'));
  await shot(page, 'correct-fr-light');
  await page.tap(id('reader-face-2'));
  assert.equal(await page.getAttribute(id('read-die-0'), 'data-face'), '2');
  assert.match(await page.getAttribute(id('read-chip-0'), 'aria-label'), new RegExp(`Dé 2 \\(lu ${before}\\)`));
  await confirmUnsure(page);
  await page.tap(id('reader-confirm'));
  const expected = [...faces(FOUR)];
  expected.splice(expected.indexOf(before), 1, 2);
  assert.equal(await text(page, 'number'), expected.sort().join(''));
  assert.deepEqual(page.errors, []);
});

test('six dice for an Einstein roll of five: said, not filled in', { skip: noPhotos }, async () => {
  const page = await phone(await chromiumWith([]));
  await newGame(page, 'einstein', ['Anne']);
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-unavailable'));
  await page.setInputFiles(id('reader-photo-input'), photo(SIX));
  await page.waitForSelector(id('reader-confirm'), { timeout: 30_000 });
  assert.equal((await chips(page)).length, faces(SIX).length);
  assert.match(await text(page, 'reader-not-yet'), /6 dés lus : il en faut 5 dés ici/);
  assert.equal(await page.getAttribute(id('reader-confirm'), 'aria-disabled'), 'true');
  // A tap on it anyway (Playwright would wait for it to be enabled).
  await page.tap(id('reader-confirm'), { force: true });
  assert.ok(await page.$(id('dice-reader')), 'the screen stays');
  await shot(page, 'too-many-fr-light');
  await page.tap(id('reader-close'));
  assert.equal(await page.$(id('typed-clear')), null, 'no face was filled in');
});

test('no die read: dice added, too many said, one corrected and one removed, then a Séquence roll', async () => {
  const page = await phone(await chromiumWith([]));
  await newGame(page, 'sequence', ['Anne', 'Bruno']);
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-unavailable'));
  assert.match(await text(page, 'reader-pip-only'), /dés à points \(d6\)/);
  await page.setInputFiles(id('reader-photo-input'), { name: 'table.png', mimeType: 'image/png', buffer: greyPng() });
  await page.waitForSelector(id('reader-confirm'), { timeout: 30_000 });
  assert.match(await text(page, 'reader-not-yet'), /Aucun dé lu/);
  for (const face of [5, 6, 4]) {
    await page.tap(id('reader-add'));
    await page.tap(id(`reader-face-${face}`));
  }
  assert.deepEqual(sorted(await chips(page)), [4, 5, 6]);
  assert.match(await text(page, 'reader-not-yet'), /3 dés lus : il en faut 2 dés ici/);
  assert.equal(await page.getAttribute(id('reader-confirm'), 'aria-disabled'), 'true');
  await shot(page, 'added-too-many-fr-light');
  await page.tap(id('read-chip-2'));
  await page.tap(id('reader-remove'));
  await page.tap(id('read-chip-0'));
  await page.tap(id('reader-face-3'));
  assert.deepEqual((await chips(page)).map((c) => c.face), [3, 6]);
  assert.equal(await page.getAttribute(id('reader-confirm'), 'aria-disabled'), 'false');
  assert.equal(await page.$$eval('.square.target', (s) => s.length), 0);
  await page.tap(id('reader-confirm'));
  await page.waitForSelector(id('dice-reader'), { state: 'detached' });
  // The two faces went in as two taps on the keypad: the roll of 9 is played.
  await page.waitForSelector('.square.target');
  assert.deepEqual(page.errors, []);
});

test('a roll-off: one die a player, left to right in the players\' order', { skip: noPhotos }, async () => {
  const page = await phone(await chromiumWith([]));
  await open(page, url);
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  await page.fill(id('name-0'), 'Anne');
  await page.fill(id('name-1'), 'Bruno');
  await page.tap(id('start-game'));
  await page.waitForSelector(id('roll-off'));
  await page.tap(`${id('roll-off')} ${id('read-dice')}`);
  await page.waitForSelector(id('reader-note'));
  assert.match(await text(page, 'reader-note'), /de gauche à droite, dans l'ordre des joueurs/);
  await page.setInputFiles(id('reader-photo-input'), photo(TWO));
  await page.waitForSelector(id('reader-confirm'), { timeout: 30_000 });
  assert.deepEqual((await chips(page)).map((c) => c.face), LEFT_TO_RIGHT);
  await confirmUnsure(page);
  await page.tap(id('reader-confirm'));
  await page.waitForSelector(id('dice-reader'), { state: 'detached' });
  const value = (i) => page.getAttribute(`${id(`rolloff-player-${i}`)} .rolloff-value`, 'aria-label');
  assert.deepEqual([await value(0), await value(1)], LEFT_TO_RIGHT.map(String));
  await page.tap(id('rolloff-record'));
  assert.match(await page.textContent(id('game-status')), /À Anne de jouer/);
  assert.deepEqual(page.errors, []);
});

test('the reader cannot load (offline before it was cached): said, the keypad kept, read once it can', { skip: noPhotos }, async () => {
  const page = await phone(await fakeCamera(FOUR), { locale: 'en-GB', colorScheme: 'dark' });
  // The reader runs in a worker (reader/worker.js): its script cannot be had.
  const offline = (route) => route.abort('internetdisconnected');
  await page.context().route('**/reader/worker.js', offline);
  await openChecker(page, url);
  await page.tap(id('face-2'));
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-unavailable'));
  assert.equal(await page.getAttribute(id('reader-unavailable'), 'data-why'), 'Reader');
  assert.match(await text(page, 'reader-unavailable'), /dice reader could not be loaded/);
  await page.tap(id('reader-keypad'));
  await page.waitForSelector(id('dice-reader'), { state: 'detached' });
  assert.equal(await text(page, 'number'), '2');
  // Back online: the next tap starts the worker afresh and reads.
  await page.context().unroute('**/reader/worker.js', offline);
  await page.tap(id('clear'));
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-confirm'), { timeout: 30_000 });
  assert.deepEqual(sorted(await chips(page)), faces(FOUR));
  assert.deepEqual(page.errors, []);
});

for (const [locale, words] of [['fr-FR', /accès à la caméra est refusé/], ['en-GB', /Camera access was refused/]]) {
  test(`the camera refused (${locale}): said, and the keypad as before`, async () => {
    const browser = await chromiumWith(['--use-fake-device-for-media-stream', '--deny-permission-prompts']);
    const page = await phone(browser, { locale, colorScheme: locale === 'fr-FR' ? 'light' : 'dark' });
    await openChecker(page, url);
    await page.tap(id('face-2'));
    await page.tap(id('read-dice'));
    await page.waitForSelector(id('reader-unavailable'));
    assert.match(await text(page, 'reader-unavailable'), words);
    assert.equal(await page.getAttribute(id('reader-unavailable'), 'data-why'), 'Refused');
    await shot(page, `refused-${locale}`);
    if (locale === 'fr-FR') {
      await page.tap(id('reader-keypad'));
    } else {
      // Escape closes it, and does not reach the checker (which it clears).
      await page.keyboard.press('Escape');
    }
    await page.waitForSelector(id('dice-reader'), { state: 'detached' });
    await page.tap(id('face-3'));
    assert.equal(await text(page, 'number'), '23');
    assert.deepEqual(page.errors, []);
  });
}

test('the camera is not asked for before the button is tapped', async () => {
  const page = await phone(await chromiumWith(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']));
  await page.addInitScript(() => {
    window.__cameraAsked = 0;
    const media = navigator.mediaDevices;
    const ask = media.getUserMedia.bind(media);
    media.getUserMedia = (c) => { window.__cameraAsked++; return ask(c); };
  });
  await openChecker(page, url);
  await page.waitForSelector(APP);
  await page.$eval(id('read-dice'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(page, 'button-fr-light');
  assert.equal(await page.evaluate(() => window.__cameraAsked), 0);
  // Nor is the reader's module fetched.
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/reader/')));
  assert.equal(fetched, false);
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-live'));
  assert.equal(await page.evaluate(() => window.__cameraAsked), 1);
  await shot(page, 'live-fr-light');
  await page.tap(id('reader-close'));
  await page.waitForSelector(id('dice-reader'), { state: 'detached' });
});
