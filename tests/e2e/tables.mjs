// Shared by the browser tests of one game on several phones: iroh's real
// relay server on 127.0.0.1 (examples/local_relay.rs), the native peer's
// process, and browser phones whose settings name that relay. Nothing
// leaves the machine.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import path from 'node:path';
import { start, id, ROOT } from './harness.mjs';

export const BIN = path.join(ROOT, 'target/debug');

/** A process printing lines; `next(pred)` waits for a matching one. */
export function proc(cmd, args) {
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  const waiters = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of [...waiters]) if (w.pred(line)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(line); }
  });
  return {
    child, lines,
    next(pred, ms = 20000) {
      const seen = lines.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = { pred, resolve };
        waiters.push(w);
        setTimeout(() => reject(new Error(`timed out waiting in ${cmd}: ${lines.slice(-5).join(' | ')}`)), ms);
      });
    },
    send(line) { child.stdin.write(`${line}\n`); },
  };
}

/** The relay and the served build: `phone(locale, scheme)` opens a browser
 * phone whose settings name the relay; `stop()` ends both. */
export async function startTable() {
  const relay = proc(path.join(BIN, 'examples/local_relay'), []);
  const relayUrl = (await relay.next((l) => l.startsWith('relay '))).slice(6).trim();
  const app = await start();
  return {
    app, relayUrl,
    async phone(locale, colorScheme = 'light') {
      const page = await app.page({ locale, colorScheme });
      page.setDefaultTimeout(15000);
      await page.addInitScript((url) => {
        if (location.protocol.startsWith('http') && !localStorage.getItem('genius.settings')) localStorage.setItem('genius.settings', JSON.stringify({ version: 1, relay: url }));
      }, relayUrl);
      return page;
    },
    async stop() {
      await app.stop();
      relay.child.stdin.end();
      relay.child.kill();
    },
  };
}

/** Opens the join link on `page` as from a QR code, takes seat `seat`, and
 * goes to the game (`game`: its kind's name, e.g. 'einstein'). */
export async function join(page, url, seat, game) {
  // A link opened anew, not a change of fragment.
  if (page.url().includes('#')) await page.goto('about:blank');
  await page.goto(url);
  await page.waitForSelector(id('seat-picker'), { timeout: 30000 });
  await page.tap(id(`claim-${seat}`));
  await page.waitForSelector(`${id(`claim-${seat}`)}[aria-pressed="true"]`);
  await page.tap(id('to-game'));
  await page.waitForSelector(id(`${game}-game`));
}
