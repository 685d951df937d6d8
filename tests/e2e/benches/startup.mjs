// How fast the release web build opens, side by side in one run with the
// shared references (../shared/perf: a minimal Dioxus 0.7.10 app doing the
// checker's job, and the same job in plain HTML):
//  1. navigation → first usable tap: the checker card is clicked as soon as
//     it exists, until the checker shows; cold loads interleaved between the
//     builds, at 1× and at 4× CPU throttling (a mid-range phone); medians,
//     ranges and the ratio to the minimal Dioxus app, and the ratio load
//     by load within each round (median and middle half);
//     Then the same first usable tap at 4× CPU with the network slowed as
//     Lighthouse's mobile audit slows it (SLOW_LOADS loads each): what a
//     first visit on a phone with a slow 4G connection waits, mostly the
//     download of the start file;
//  2. Lighthouse 12's mobile audit (simulated slow 4G, 4× CPU): performance
//     score, first and largest contentful paint, total blocking time and
//     cumulative layout shift, against the goals.
// A third reference, `same` when named, is that minimal app drawing this
// app's own home screen and checker (tests/perf/same-screens): the tap
// against it tells what the app costs beyond what its first screens draw.
//   node tests/e2e/benches/startup.mjs minimal=DIR [same=DIR] [NAME=DIR ...]
// (scripts/bench builds both Dioxus references and passes them; `genius` is
// this build and `plain` the plain page unless named. LOADS and LH_RUNS set
// the number of loads and audits per build.)
import fs from 'node:fs';
import path from 'node:path';
import { chromium as playwright } from 'playwright-core';
import { serve } from '../../../scripts/serve.mjs';
import { ROOT, WEB_DIST } from '../support/harness.mjs';
import { chromium as lighthouseChromium, audit } from './lighthouse/audit.mjs';

const LOADS = Number(process.env.LOADS || 21);
const LH_RUNS = Number(process.env.LH_RUNS || 3);
const SLOW_LOADS = Number(process.env.SLOW_LOADS || 5);
// Lighthouse's slow 4G as its 'devtools' throttling applies it to a load
// (mobileSlow4G in its lantern simulation's Constants.js: 150 ms RTT × 3.75
// per request, 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up).
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1638.4 * 0.9 * 1024) / 8, uploadThroughput: (750 * 0.9 * 1024) / 8 };
const GOALS = { fcpOverPlainMs: 300, lcpMs: 2500, cls: 0, score: 0.95, tapVsMinimal4x: 1.3 };

const named = Object.fromEntries(process.argv.slice(2).map((a) => {
  const at = a.indexOf('=');
  if (at < 1) throw new Error(`expected NAME=DIR, got ${a}`);
  return [a.slice(0, at), path.resolve(a.slice(at + 1))];
}));
named.plain ??= path.resolve(ROOT, '../shared/perf/vanilla');
named.genius ??= WEB_DIST;
if (!named.minimal) throw new Error('name the minimal Dioxus app: minimal=DIR (scripts/bench builds it)');
// The references first, then the rest as named.
const REFERENCES = ['minimal', 'plain', 'same'];
const order = [...REFERENCES.filter((n) => named[n]), ...Object.keys(named).filter((n) => !REFERENCES.includes(n))];
const builds = order.map((name) => ({ name, root: named[name] }));
for (const b of builds) {
  if (!fs.existsSync(path.join(b.root, 'index.html'))) throw new Error(`${b.name}: no index.html in ${b.root}`);
  b.server = await serve(b.root, 0);
  b.url = `http://127.0.0.1:${b.server.address().port}/`;
  b.taps = { 1: [], 4: [], slow: [] };
  b.audits = [];
  b.applied = [];
}

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const range = (a, f) => `${f(Math.min(...a))}–${f(Math.max(...a))}`;
const ms = (v) => v.toFixed(0);
const sec = (v) => (v / 1000).toFixed(2);

// Every file asked for once before timing, so that each is compressed
// already (scripts/serve.mjs keeps it), as a static host serves it.
for (const b of builds) {
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(b.root)) {
    const url = b.url + path.relative(b.root, file).split(path.sep).map(encodeURIComponent).join('/');
    await (await fetch(url, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
  }
}

try {
  // 1. Navigation → first usable tap.
  const browser = await playwright.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const rounds = [...Array(LOADS)].flatMap(() => [1, 4]).concat([...Array(SLOW_LOADS)].map(() => 'slow'));
    for (const rate of rounds) for (const b of builds) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      if (rate === 'slow') {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      }
      await page.addInitScript(() => {
        const poll = () => {
          const card = document.querySelector('[data-testid="open-checker"]');
          if (card) card.click();
          if (document.querySelector('[data-testid="checker"]:not([hidden])')) { window.__firstUsableTap = performance.now(); return; }
          setTimeout(poll, 1);
        };
        poll();
      });
      await page.goto(b.url);
      await page.waitForFunction(() => window.__firstUsableTap !== undefined, null, { timeout: 60000 });
      b.taps[rate].push(await page.evaluate(() => window.__firstUsableTap));
      await context.close();
    }
  } finally {
    await browser.close();
  }

  // 2. Lighthouse, audits interleaved between the builds.
  const chrome = await lighthouseChromium();
  try {
    for (let i = 0; i < LH_RUNS; i++) {
      for (const b of builds) b.audits.push(await audit(chrome, b.url));
      for (const b of builds) b.applied.push(await audit(chrome, b.url, 'devtools'));
    }
  } finally {
    await chrome.kill();
  }
} finally {
  for (const b of builds) b.server.close();
}

const ref = builds[0];
const plain = builds.find((b) => b.name === 'plain');
const same = builds.find((b) => b.name === 'same');
const measured = builds.filter((b) => !REFERENCES.includes(b.name));
// Beside the goal: the tap against the minimal app drawing the same screens.
const againstSame = (b) => (same
  ? `  (${(median(b.taps[4]) / median(same.taps[4])).toFixed(2)}× same, the minimal app drawing these screens, itself ${(median(same.taps[4]) / median(ref.taps[4])).toFixed(2)}× ${ref.name})`
  : '');
console.log(`\nnavigation → first usable tap (${LOADS} cold loads each, interleaved; ratio to ${ref.name}):`);
console.log('build    | 1× CPU median (range) ms | ratio | 4× CPU median (range) ms | ratio');
for (const b of builds) {
  const r1 = median(b.taps[1]) / median(ref.taps[1]);
  const r4 = median(b.taps[4]) / median(ref.taps[4]);
  console.log(`${b.name.padEnd(8)} | ${ms(median(b.taps[1]))} (${range(b.taps[1], ms)}) | ${r1.toFixed(2)} | ${ms(median(b.taps[4]))} (${range(b.taps[4], ms)}) | ${r4.toFixed(2)}`);
}
// Single loads on this machine vary by half their time, and a median of a
// few loads moves by a tenth from one run to the next. The loads of one
// round follow each other, so their ratio is spared the machine's slower
// and faster spells: the median of those ratios, and the middle half of
// them, say how far the ratio above can be trusted.
const quartiles = (a) => { const s = [...a].sort((x, y) => x - y); const at = (q) => s[Math.round(q * (s.length - 1))]; return [at(0.25), at(0.5), at(0.75)]; };
console.log(`\nratio to ${ref.name} load by load (each round's loads side by side): median (middle half)`);
for (const b of builds.filter((x) => x !== ref)) {
  const col = (rate) => { const [lo, mid, hi] = quartiles(b.taps[rate].map((t, i) => t / ref.taps[rate][i])); return `${mid.toFixed(2)} (${lo.toFixed(2)}–${hi.toFixed(2)})`; };
  console.log(`${b.name.padEnd(8)} | 1× ${col(1)} | 4× ${col(4)}`);
}

if (SLOW_LOADS > 0) {
  console.log(`\nthe same at 4× CPU, the network slowed as Lighthouse slows it (slow 4G; ${SLOW_LOADS} loads each): median (range) ms, ratio to ${ref.name}`);
  for (const b of builds) {
    console.log(`${b.name.padEnd(8)} | ${ms(median(b.taps.slow))} (${range(b.taps.slow, ms)}) | ${(median(b.taps.slow) / median(ref.taps.slow)).toFixed(2)}`);
  }
}

// LH_RUNS=0: the taps only.
if (LH_RUNS === 0) {
  for (const b of measured) {
    const tap = median(b.taps[4]) / median(ref.taps[4]);
    console.log(`\n${b.name}: first usable tap at 4× CPU ${tap.toFixed(2)}× ${ref.name} (goal ≤ ${GOALS.tapVsMinimal4x}×)${againstSame(b)}`);
  }
  process.exit(0);
}

console.log(`\nLighthouse ${builds[0].audits[0].version} mobile audit (${LH_RUNS} runs each, interleaved; median, range):`);
console.log('build    | performance | FCP s | LCP s | TBT ms | CLS');
const pick = (b, k) => b.audits.map((a) => a[k]);
for (const b of builds) {
  const col = (k, f) => `${f(median(pick(b, k)))} (${range(pick(b, k), f)})`;
  console.log(`${b.name.padEnd(8)} | ${col('score', (v) => v.toFixed(2))} | ${col('fcp', sec)} | ${col('lcp', sec)} | ${col('tbt', ms)} | ${col('cls', (v) => v.toFixed(3))}`);
}

// Why a simulated LCP is what it is: lantern re-times, on slow 4G, every
// file that had arrived when the largest paint was observed at full speed.
console.log('build    | each audit: LCP simulated, observed at full speed; files over 10 KB in before that paint');
for (const b of builds) {
  const kb = (v) => `${(v / 1000).toFixed(0)} KB`;
  const runs = b.audits.map((a) => {
    const files = a.before.filter((f) => f.bytes > 10_000).map((f) => `${f.file} ${kb(f.bytes)} at ${ms(f.end)} ms`);
    return `${sec(a.lcp)} s, ${ms(a.observedLcp)} ms; ${files.join(', ') || 'none'}`;
  });
  console.log(`${b.name.padEnd(8)} | ${runs.join(' | ')}`);
}

// The same audit with the slow network and CPU applied to the page's load
// rather than simulated from a full-speed trace. From a server on this
// machine, the preloaded wasm can finish before the first paint, and the
// simulation then counts it (on slow 4G) as holding back the largest paint.
console.log(`\nThe same, network and CPU slowed during the load (throttlingMethod 'devtools'):`);
console.log('build    | performance | FCP s | LCP s | TBT ms | CLS');
const pickApplied = (b, k) => b.applied.map((a) => a[k]);
for (const b of builds) {
  const col = (k, f) => `${f(median(pickApplied(b, k)))} (${range(pickApplied(b, k), f)})`;
  console.log(`${b.name.padEnd(8)} | ${col('score', (v) => v.toFixed(2))} | ${col('fcp', sec)} | ${col('lcp', sec)} | ${col('tbt', ms)} | ${col('cls', (v) => v.toFixed(3))}`);
}

// The goals, read for each build that is not a reference.
const verdict = (ok) => (ok ? 'OK' : 'MISSED');
for (const b of measured) {
  const fcp = Math.max(...pick(b, 'fcp')), plainFcp = median(pick(plain, 'fcp'));
  const lcp = Math.max(...pick(b, 'lcp')), cls = Math.max(...pick(b, 'cls')), score = Math.min(...pick(b, 'score'));
  const tap = median(b.taps[4]) / median(ref.taps[4]);
  console.log(`\ngoals for ${b.name} (worst of its audits):`);
  console.log(`  FCP ${sec(fcp)} s ≤ plain ${sec(plainFcp)} s + ${sec(GOALS.fcpOverPlainMs)} s: ${verdict(fcp <= plainFcp + GOALS.fcpOverPlainMs)}`);
  console.log(`  LCP ${sec(lcp)} s ≤ ${sec(GOALS.lcpMs)} s: ${verdict(lcp <= GOALS.lcpMs)}`);
  console.log(`  CLS ${cls.toFixed(3)} = ${GOALS.cls}: ${verdict(cls <= GOALS.cls)}`);
  console.log(`  performance ${score.toFixed(2)} ≥ ${GOALS.score}: ${verdict(score >= GOALS.score)}`);
  console.log(`  first usable tap at 4× CPU ${tap.toFixed(2)}× ${ref.name} ≤ ${GOALS.tapVsMinimal4x}×: ${verdict(tap <= GOALS.tapVsMinimal4x)}${againstSame(b)}`);
}
