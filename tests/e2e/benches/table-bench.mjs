// One game on several phones, measured in the release web build: the size of
// the link's part of the build (fetched only when a table opens), the time
// from opening a join link to seeing the game, and the time from a move on one
// phone to the other phone showing it, at 1× and 4× CPU (a mid-range phone),
// through iroh's real relay server on 127.0.0.1 (examples/local_relay.rs).
//   node tests/e2e/benches/table-bench.mjs [MOVES]   (scripts/bench runs it)
// TABLE_BENCH_DELAY_MS=250 delays every frame of each phone's relay
// WebSocket that long, each way (a slow network: a frame from one phone to
// the other through the relay is delayed twice, 500 ms); a roll counts as
// shown when the other phone offers its choice. TABLE_BENCH_CPUS=1 runs at
// 1× only. It also times a roll's hidden choices: from the last chooser's
// confirming tap to the other phone showing them all.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { start, WEB_DIST, id, open, ROOT } from '../support/harness.mjs';

const MOVES = Number(process.argv[2] || 30);
const DELAY = Number(process.env.TABLE_BENCH_DELAY_MS || 0);
const CPUS = (process.env.TABLE_BENCH_CPUS || '1,4').split(',').map(Number);
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kib = (bytes) => (bytes / 1024).toFixed(1);
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const files = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]);

const wasm = files(WEB_DIST).filter((f) => f.endsWith('.wasm'));
const part = (name) => wasm.find((f) => new RegExp(`^module_\\d+_Lazy${name}-`).test(path.basename(f)));
// The link's part: the table's screens and drivers of the game played (a
// lazily loaded part of the app's wasm, one per game: Einstein's here) and
// the transport, iroh and its crypto (a wasm module of its own in link/,
// with its glue), all fetched when a table first opens.
const sizes = {
  'start': wasm.find((f) => path.basename(f).startsWith('genius_bg-')),
  'link: screens': part('EinsteinTableLink'),
  'link: iroh': path.join(WEB_DIST, 'link/genius_net_bg.wasm'),
  'link: glue': path.join(WEB_DIST, 'link/genius_net.js'),
};
let linkGz = 0;
for (const [what, file] of Object.entries(sizes)) {
  const found = file && fs.existsSync(file);
  if (found && what.startsWith('link')) linkGz += gz(file);
  console.log(`${what.padEnd(14)} ${found ? `${kib(gz(file))} KiB gzipped (${gz(file)} B)  ${path.basename(file)}` : 'not found'}`);
}
console.log(`${'link, in all'.padEnd(14)} ${kib(linkGz)} KiB gzipped (${linkGz} B), fetched when a table first opens`);

const relay = spawn(path.join(ROOT, 'target/debug/examples/local_relay'), [], { stdio: ['pipe', 'pipe', 'inherit'] });
const relayUrl = await new Promise((resolve) => {
  readline.createInterface({ input: relay.stdout }).on('line', (l) => { if (l.startsWith('relay ')) resolve(l.slice(6).trim()); });
});
const app = await start();

async function phone(locale, cpu) {
  const page = await app.page({ locale });
  await page.addInitScript((url) => localStorage.setItem('genius.settings', JSON.stringify({ version: 1, relay: url })), relayUrl);
  if (DELAY) {
    // Every frame on its way, each way, DELAY ms later (in order: one delay).
    await page.routeWebSocket(/\/relay/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => setTimeout(() => server.send(m), DELAY));
      server.onMessage((m) => setTimeout(() => ws.send(m), DELAY));
      ws.onClose((code, reason) => server.close({ code, reason }));
      server.onClose((code, reason) => ws.close({ code, reason }));
    });
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return page;
}

try {
  for (const cpu of CPUS) {
    const host = await phone('fr-FR', cpu);
    await open(host, app.url);
    await host.tap(id('open-einstein'));
    await host.fill(id('name-0'), 'Anne');
    await host.fill(id('name-1'), 'Bruno');
    await host.tap(id('first-chosen'));
    await host.tap(id('first-0'));
    await host.tap(id('start-on-phones'));
    await host.waitForSelector(id('join-link'), { timeout: 30000 });
    const url = (await host.textContent(id('join-link'))).trim();
    await host.tap(id('to-game'));

    const guest = await phone('en-GB', cpu);
    const t0 = Date.now();
    await guest.goto(url);
    await guest.waitForSelector(id('seat-picker'), { timeout: 30000 });
    const joined = Date.now() - t0;
    await guest.tap(id('claim-1'));
    await guest.waitForSelector(`${id('claim-1')}[aria-pressed="true"]`);
    await guest.tap(id('to-game'));
    await guest.waitForSelector(id('einstein-game'));

    // Moves: Anne rolls on the host (seen when Bruno's phone offers the
    // choice), Bruno chooses on the guest (seen when the host's waiting
    // line goes or the next roll is offered), and so on.
    const latencies = [];
    const drivers = [];
    const reveals = [];
    const byWay = { 'host → guest': [], 'guest → host': [] };
    const choose = async (page) => {
      for (const order of [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 3, 4], [0, 2, 3, 4], [1, 2, 3, 4]]) {
        for (const i of order) await page.tap(id(`edie-${i}`));
        if (!(await page.isDisabled(id('confirm-choice')))) return page.tap(id('confirm-choice'));
        await page.tap(id(`edie-${order[0]}`));
      }
    };
    for (let m = 0; m < MOVES && !(await host.$(id('ranking'))); m++) {
      const [actor, watcher] = (await host.$(`${id('einstein-roll')}:not([inert] *)`)) ? [host, guest] : [guest, host];
      // The watcher notes the clock when its status line changes (a
      // mutation observer: no polling interval in the figure).
      // On a slow network the status line may still be catching up with
      // the last round: there, the roll is shown when the choice is offered.
      await watcher.evaluate((slow) => {
        const status = () => document.querySelector('[data-testid="game-status"]')?.textContent;
        const offered = () => document.querySelector('[data-testid="choose"]:not([inert] *)');
        const before = status();
        const shown = slow ? () => offered() : () => status() !== before;
        window.__shown = new Promise((resolve) => {
          const seen = new MutationObserver(() => {
            if (shown()) { seen.disconnect(); resolve(Date.now()); }
          });
          seen.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        });
      }, DELAY > 0);
      // The tap's time is the touch's, as the actor's page received it
      // (the event's time stamp, queueing included): the test driver's own
      // steps before it (scrolling, waiting for the button to be still)
      // are no phone's. The clock before those steps is kept as `driver`.
      await actor.evaluate(() => {
        window.__tapped = new Promise((resolve) => {
          document.addEventListener('pointerdown', (e) => resolve(performance.timeOrigin + e.timeStamp), { capture: true, once: true });
        });
      });
      const t = Date.now();
      await actor.tap(id('einstein-roll'));
      const shown = await watcher.evaluate(() => window.__shown);
      const tapped = await actor.evaluate(() => window.__tapped);
      latencies.push(Math.round(shown - tapped));
      byWay[actor === host ? 'host → guest' : 'guest → host'].push(Math.round(shown - tapped));
      drivers.push(shown - t);
      if (process.env.TABLE_BENCH_RAW) console.log(`${cpu}× ${actor === host ? 'host → guest' : 'guest → host'} ${latencies[latencies.length - 1]} (driver ${shown - t})`);
      // The choices: Anne first on the host, Bruno last on the guest; from
      // his confirming tap to the host's status line changing (every
      // choice shown there: his commitment and reveal went, hers followed).
      await choose(host);
      await host.evaluate(() => {
        const status = () => document.querySelector('[data-testid="game-status"]')?.textContent;
        const before = status();
        window.__revealed = new Promise((resolve) => {
          const seen = new MutationObserver(() => {
            if (status() !== before) { seen.disconnect(); resolve(Date.now()); }
          });
          seen.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        });
      });
      await guest.evaluate(() => {
        window.__confirmed = new Promise((resolve) => {
          const on = (e) => {
            if (!e.target.closest('[data-testid="confirm-choice"]')) return;
            document.removeEventListener('pointerdown', on, { capture: true });
            resolve(performance.timeOrigin + e.timeStamp);
          };
          document.addEventListener('pointerdown', on, { capture: true });
        });
      });
      await choose(guest);
      reveals.push(Math.round((await host.evaluate(() => window.__revealed)) - (await guest.evaluate(() => window.__confirmed))));
      await host.waitForSelector(`${id('einstein-roll')}, ${id('ranking')}`, { timeout: 20000 });
    }
    latencies.sort((a, b) => a - b);
    drivers.sort((a, b) => a - b);
    // TABLE_BENCH_RAW=1: every latency too, to pool several runs.
    if (process.env.TABLE_BENCH_RAW) console.log(`${cpu}× raw: ${latencies.join(' ')}`);
    const ways = Object.entries(byWay).map(([way, l]) => {
      l.sort((a, b) => a - b);
      return `${way} median ${quantile(l, 0.5)} ms (${l.length})`;
    }).join(', ');
    if (DELAY) console.log(`${cpu}× CPU, ${DELAY} ms each way on every relay WebSocket (${2 * DELAY} ms from phone to phone): ${ways}`);
    console.log(`${cpu}× CPU: join link → seat picker ${joined} ms; a roll on one phone → shown on the other: median ${quantile(latencies, 0.5)} ms, p95 ${quantile(latencies, 0.95)} ms (${latencies.length} rolls; from the driver's call: median ${quantile(drivers, 0.5)} ms, p95 ${quantile(drivers, 0.95)} ms)`);
    reveals.sort((a, b) => a - b);
    console.log(`${cpu}× CPU: the last choice confirmed on the guest → every choice shown on the host: median ${quantile(reveals, 0.5)} ms, p95 ${quantile(reveals, 0.95)} ms (${reveals.length} rolls; committed, then revealed)`);
    await host.context().close();
    await guest.context().close();
  }
} finally {
  await app.stop();
  relay.stdin.end();
  relay.kill();
}
