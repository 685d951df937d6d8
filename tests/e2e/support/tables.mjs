// Shared by the browser tests of one game on several phones: iroh's real
// relay server on 127.0.0.1 (examples/local_relay.rs), the native peer's
// process, and browser phones whose settings name that relay. Nothing
// leaves the machine.
import assert from 'node:assert/strict';
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

/** Opens the join link on `page` as from a QR code, in a new tab or in a
 * tab where the app already runs (then only the address's fragment
 * changes), takes seat `seat`, and goes to the game (`game`: its kind's
 * name, e.g. 'einstein'). On the way it checks what every phone joining
 * sees: nothing chosen for it and no way on before it chooses, the seats
 * in `notOffered` (the host's) not offered, and no "taken" on its claim. */
export async function join(page, url, seat, game, { notOffered = [] } = {}) {
  await page.goto(url);
  await page.waitForSelector(id('seat-picker'), { timeout: 30000 });
  await mustChoose(page, notOffered);
  await claim(page, seat);
  await page.tap(id('to-game'));
  await page.waitForSelector(id(`${game}-game`));
}

/** The seat picker of a phone that has chosen nothing yet: no seat (nor
 * watching) chosen for it, no way on to the game, and the seats in
 * `notOffered` not offered. */
export async function mustChoose(page, notOffered = []) {
  assert.equal(await page.$(`${id('seat-picker')} [aria-pressed="true"]`), null, 'nothing chosen for the phone');
  assert.equal(await page.$(id('to-game')), null, 'no way on to the game before choosing');
  for (const s of notOffered) assert.equal(await page.$(id(`claim-${s}`)), null, `seat ${s} (the host's or another phone's) not offered`);
}

/** Taps seat `seat` (or 'watch') in the picker and waits until the host
 * has given it; fails unless the claim showed as asked of the host
 * meanwhile, or if the picker said, even for a frame, that the seat was
 * taken. */
export async function claim(page, seat) {
  await page.evaluate((seat) => {
    window.seatSeen = { taken: false, asked: false };
    const look = () => {
      if (document.querySelector('[data-testid="seat-picker"] [role="alert"]')) window.seatSeen.taken = true;
      if (document.querySelector(`[data-testid="claim-${seat}"][aria-busy="true"]`)) window.seatSeen.asked = true;
    };
    window.seatWatch?.disconnect();
    window.seatWatch = new MutationObserver(look);
    window.seatWatch.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, seat);
  await page.tap(id(`claim-${seat}`));
  await page.waitForSelector(`${id(`claim-${seat}`)}[aria-pressed="true"]`);
  const seen = await page.evaluate(() => { window.seatWatch.disconnect(); return window.seatSeen; });
  assert.equal(seen.taken, false, 'no "seat taken" on an ordinary claim');
  assert.equal(seen.asked, true, 'the claim shown as asked of the host until it answers');
}
