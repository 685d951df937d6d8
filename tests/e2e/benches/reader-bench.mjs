// Measures, in the release web build with the CPU slowed 4× (Chrome
// DevTools' throttling), reading the dice with the camera (issue 61): from
// the tap on *Read the dice* in the checker to the photo shown with its dice
// marked, through Chromium's fake camera fed a real photo of four dice.
// Each load is a fresh page (the camera's screen and the reader's module
// fetched again, from the server's cache: cold), then a second reading on
// the same page (warm: everything fetched). It prints each reading's time
// and faces, the medians, and the start file's and the reader's sizes.
// Steady faces take three frames read in a row, 60 ms apart at least.
//   node tests/e2e/benches/reader-bench.mjs [LOADS] [PHOTO]   (after the release web build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { serve } from '../../../scripts/serve.mjs';
import { ROOT, WEB_DIST, LAUNCH, PHONE, id, openChecker } from '../support/harness.mjs';

const LOADS = Number(process.argv[2]) || 5;
const PHOTOS = [process.env.GENIUS_DICE_PHOTOS, path.join(ROOT, 'tests/fixtures/dice'), path.join(ROOT, '../shared/dice-photos')]
  .find((dir) => dir && fs.existsSync(path.join(dir, 'labels.json')));
const PHOTO = process.argv[3] || path.join(PHOTOS, 'penlington/valid-valid_59.jpg');
const RATE = Number(process.env.READER_BENCH_CPU || 4);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Sizes as docs/benchmarks.md gives them: gzip -9's (zlib's level 9 differs).
const gz = (file) => execFileSync('gzip', ['-9', '-c', file], { maxBuffer: 1 << 26 }).length;
const start = fs.readdirSync(path.join(WEB_DIST, 'assets')).find((f) => /^genius_bg-.*\.wasm$/.test(f));
console.log(`start file ${start}: ${gz(path.join(WEB_DIST, 'assets', start))} B by gzip -9`);
for (const f of ['genius_reader_bg.wasm', 'genius_reader.js']) {
  const file = path.join(WEB_DIST, 'reader', f);
  if (fs.existsSync(file)) console.log(`reader/${f}: ${fs.statSync(file).size} B, ${gz(file)} B by gzip -9`);
}

const mjpeg = path.join(os.tmpdir(), `genius-bench-${path.basename(PHOTO, '.jpg')}.mjpeg`);
fs.copyFileSync(PHOTO, mjpeg);
const server = await serve(WEB_DIST, 0, '/');
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  ...LAUNCH,
  args: [...LAUNCH.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${mjpeg}`],
});

/** Taps Read the dice and waits for the dice shown: ms, and frames read. */
async function reading(page) {
  const t0 = await page.evaluate(() => {
    window.__framesRead = 0;
    return performance.now();
  });
  await page.tap(id('read-dice'));
  await page.waitForSelector(id('reader-confirm'), { timeout: 120_000 });
  const t1 = await page.evaluate(() => performance.now());
  const read = await page.evaluate(() => window.__framesRead);
  const dice = await page.$$eval('[data-testid^="read-chip-"]', (els) => els.map((e) => e.dataset.face).join(''));
  // One frame read by the reader alone on the page's thread, on the frame
  // shown (the module loaded here once, beside the worker's).
  const frame = await page.evaluate(async () => {
    const base = new URL('reader/', document.baseURI);
    const m = await import(new URL('genius_reader.js', base).href);
    await m.default({ module_or_path: new URL('genius_reader_bg.wasm', base) });
    const c = document.getElementById('dice-reader-frame');
    const px = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    // The median of five reads (one is at the mercy of a collection).
    const ms = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      m.read_rgba(px.data, c.width, c.height);
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { ms: ms[2], size: `${c.width}×${c.height}` };
  });
  await page.tap(id('reader-close'));
  return { ms: t1 - t0, dice, frame, read };
}

const cold = [];
const warm = [];
const frames = [];
try {
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2, serviceWorkers: 'block' });
    const page = await context.newPage();
    // The app reads in a worker (reader/worker.js), which CDP cannot slow
    // ("only supported for pages"): each frame the worker read is charged
    // what the page's thread takes more for it at RATE× than at 1×.
    await page.addInitScript(() => {
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (...args) {
        window.__framesRead = (window.__framesRead ?? 0) + 1;
        return post.apply(this, args);
      };
    });
    await openChecker(page, url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const a = await reading(page);
    const b = await reading(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const fast = (await reading(page)).frame.ms;
    const slower = Math.max(0, b.frame.ms - fast);
    a.ms += a.read * slower;
    b.ms += b.read * slower;
    cold.push(a.ms);
    warm.push(b.ms);
    frames.push(b.frame.ms);
    console.log(`load ${i + 1}: ${a.ms.toFixed(0)} ms (dice ${a.dice || 'none'}, ${a.read} frames), again ${b.ms.toFixed(0)} ms (${b.read} frames); one ${b.frame.size} frame read in ${b.frame.ms.toFixed(0)} ms (${fast.toFixed(0)} at 1×)`);
    await context.close();
  }
  console.log(`tap to dice shown at ${RATE}× CPU, median of ${LOADS}: first ${median(cold).toFixed(0)} ms, again ${median(warm).toFixed(0)} ms; the reader alone ${median(frames).toFixed(0)} ms a frame`);
  // The live preview reads a frame, waits the screen's gap (FRAME_GAP_MS in
  // src/ui/reader/session.rs), and reads the next.
  const GAP_MS = 60;
  console.log(`live preview: ${(1000 / (median(frames) + GAP_MS)).toFixed(1)} frames read a second (the reader's ${median(frames).toFixed(0)} ms and the ${GAP_MS} ms gap; target ≥ 5)`);
} finally {
  await browser.close();
  server.close();
}
