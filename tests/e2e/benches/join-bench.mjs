// A guest at the table on a slow phone network (issue 51): a fresh phone (a
// new browser context, nothing cached) opens a join link at 4× CPU over
// Lighthouse's slow 4G, and the bench prints the time from the link to the
// seat picker, the bytes fetched before it, and when each file was asked
// for and done — beside the same join on an unthrottled network. The
// service worker is blocked, so that the page's own fetches are what is
// measured (its precache is the worker's, see public/sw.js).
//   node tests/e2e/benches/join-bench.mjs [RUNS]   (scripts/bench runs it)
import path from 'node:path';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { start, id, open, ROOT } from '../support/harness.mjs';

const RUNS = Number(process.argv[2] || 3);
// Lighthouse's slow 4G as its devtools throttling applies it (the same as
// startup.mjs): 150 ms RTT × 3.75, 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1638.4 * 0.9 * 1024) / 8, uploadThroughput: (750 * 0.9 * 1024) / 8 };
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const kib = (b) => (b / 1024).toFixed(0);
const sec = (ms) => (ms / 1000).toFixed(2);

const relay = spawn(path.join(ROOT, 'target/debug/examples/local_relay'), [], { stdio: ['pipe', 'pipe', 'inherit'] });
const relayUrl = await new Promise((resolve) => {
  readline.createInterface({ input: relay.stdout }).on('line', (l) => { if (l.startsWith('relay ')) resolve(l.slice(6).trim()); });
});
const app = await start();

async function phone(serviceWorkers = 'allow') {
  const page = await app.page({ locale: 'en-GB', serviceWorkers });
  await page.addInitScript((url) => localStorage.setItem('genius.settings', JSON.stringify({ version: 1, relay: url })), relayUrl);
  return page;
}

/** One join by a fresh phone: the time to the seat picker, and what was
 * fetched before it (bytes on the wire, and each file's times). */
async function join(url, network, worker = 'block') {
  const guest = await phone(worker);
  const cdp = await guest.context().newCDPSession(guest);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const asked = new Map();
  const files = [];
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e) => asked.set(e.requestId, { url: e.request.url, at: e.timestamp }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = asked.get(e.requestId);
    if (r) files.push({ ...r, done: e.timestamp, bytes: e.encodedDataLength });
  });
  // The relay's WebSocket: when it was opened, its handshake done, and its
  // first frames each way (the table's hello and the host's answer).
  const socket = {};
  cdp.on('Network.webSocketCreated', (e) => { socket.created ??= e.requestId; });
  cdp.on('Network.webSocketWillSendHandshakeRequest', (e) => { if (e.requestId === socket.created) socket.opened = e.timestamp; });
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => { if (e.requestId === socket.created) socket.upgraded = e.timestamp; });
  cdp.on('Network.webSocketFrameSent', (e) => { if (e.requestId === socket.created) socket.sent ??= e.timestamp; });
  cdp.on('Network.webSocketFrameReceived', (e) => { if (e.requestId === socket.created) socket.received ??= e.timestamp; });
  const started = Date.now();
  const first = new Promise((resolve) => cdp.once('Network.requestWillBeSent', (e) => resolve(e.timestamp)));
  await guest.goto(url);
  await guest.waitForSelector(id('seat-picker'), { timeout: 120000 });
  const ms = Date.now() - started;
  // When the page registered its service worker (whose install fetches
  // every file again), against when its seat picker showed.
  const [pickerAt, workerAt] = await guest.evaluate(() => [performance.now(), window.geniusWorkerAt]);
  t0 = await first;
  const before = files.filter((f) => f.done - t0 <= ms / 1000 + 0.05);
  if (worker === 'allow') {
    let registered = workerAt;
    for (let i = 0; i < 50 && registered === undefined; i++) {
      await guest.waitForTimeout(100);
      registered = await guest.evaluate(() => window.geniusWorkerAt);
    }
    console.log(`  service worker allowed: seat picker at ${sec(pickerAt)} s, worker registered at ${registered === undefined ? 'not within 5 s after' : `${sec(registered)} s`}`);
  }
  await guest.context().close();
  const since = (t) => (t === undefined ? '-' : `${(t - t0).toFixed(2)} s`);
  const relay = `relay WebSocket opened ${since(socket.opened)}, upgraded ${since(socket.upgraded)}, first frame sent ${since(socket.sent)}, received ${since(socket.received)}; seat picker ${sec(ms)} s`;
  return { ms, relay, bytes: before.reduce((s, f) => s + f.bytes, 0), files: before.map((f) => ({ ...f, at: f.at - t0, done: f.done - t0 })) };
}

try {
  const host = await phone();
  await open(host, app.url);
  await host.tap(id('open-einstein'));
  await host.fill(id('name-0'), 'Anne');
  await host.fill(id('name-1'), 'Bruno');
  await host.tap(id('first-chosen'));
  await host.tap(id('first-0'));
  await host.tap(id('start-on-phones'));
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await host.textContent(id('join-link'))).trim();
  const networks = [['unthrottled', null], ['slow 4G', SLOW_4G], ['slow 4G, service worker allowed', SLOW_4G, 'allow']].filter(([n]) => !process.env.JOIN_BENCH_ONLY || n === process.env.JOIN_BENCH_ONLY);
  for (const [name, network, worker] of networks) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await join(url, network, worker));
    const times = runs.map((r) => r.ms);
    console.log(`join → seat picker, fresh phone, 4× CPU, ${name}: median ${sec(median(times))} s (${times.map(sec).join(', ')}); fetched before it: ${kib(median(runs.map((r) => r.bytes)))} KiB`);
    const last = runs[runs.length - 1];
    console.log(`  ${last.relay}`);
    if (network) {
      // What the network's rate alone costs: the join's floor for these
      // bytes, and for the transport's module alone (issue 51's 5.0 s).
      const rate = network.downloadThroughput;
      const transport = last.files.find((f) => /genius_net_bg\.wasm$/.test(f.url))?.bytes ?? 0;
      const bytes = median(runs.map((r) => r.bytes));
      console.log(`  at ${kib(rate)} KiB/s: the ${kib(bytes)} KiB take ${(bytes / rate).toFixed(2)} s, the transport's ${kib(transport)} KiB alone ${(transport / rate).toFixed(2)} s`);
    }
    for (const f of last.files.filter((f) => f.bytes > 4096).sort((a, b) => a.at - b.at)) {
      console.log(`  ${path.basename(new URL(f.url).pathname).padEnd(48)} ${kib(f.bytes).padStart(5)} KiB  asked ${f.at.toFixed(2)} s, done ${f.done.toFixed(2)} s`);
    }
  }
} finally {
  await app.stop();
  relay.stdin.end();
  relay.kill();
}
