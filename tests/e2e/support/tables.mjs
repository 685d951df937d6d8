// Shared by the browser tests of one game on several phones: iroh's real
// relay server on 127.0.0.1 (examples/local_relay.rs), the native peer's
// process, and browser phones whose settings name that relay. Nothing
// leaves the machine.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import path from 'node:path';
import { start, id, open, ROOT } from './harness.mjs';

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
    /** Stops the relay (`'kill'`: every connection through it drops) or
     * starts it again on the same port (`'restart'`), once done. */
    async relay(what) {
      const seen = relay.lines.length;
      const done = { kill: 'killed', restart: 'restarted' }[what];
      relay.send(what);
      for (let i = 0; i < 400 && !relay.lines.slice(seen).includes(done); i++) await new Promise((r) => setTimeout(r, 25));
      assert.ok(relay.lines.slice(seen).includes(done), `the relay ${done}`);
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

// ---------------------------------------------------------------------------
// Einstein at a table: shared by the tests of the link and of its faults.

/** A new Einstein on `page` (the app served at `url`); Anne starts, or
 * with `rollOff` a roll-off says who does. */
export async function newEinstein(page, url, names, { rollOff = false } = {}) {
  await open(page, url);
  await page.tap(id('open-einstein'));
  await page.waitForSelector(id('setup'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  if (rollOff) {
    await page.tap(id('first-rolloff'));
  } else {
    await page.tap(id('first-chosen'));
    await page.tap(id('first-0'));
  }
  await page.tap(id('start-game'));
  await page.waitForSelector(id('einstein-game'));
}

/** Joins an Einstein game by its link, on seat `seat`; `notOffered`: the
 * seats its picker must not offer. */
export const joinEinstein = (page, url, seat, notOffered = []) => join(page, url, seat, 'einstein', { notOffered });

const ORDERS = [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 3, 4], [0, 2, 3, 4], [1, 2, 3, 4]];

/** Chooses on this phone if it has a choice to make; true if it did. With
 * `seat`, for that player (a host phone also chooses for the seats no
 * phone holds: its chips say for whom). */
export async function chooseIfAsked(page, seat) {
  if (!(await page.$(`${id('choose')}:not([inert] *)`))) return false;
  if (seat !== undefined && (await page.$(id(`chooser-${seat}`)))) await page.tap(id(`chooser-${seat}`));
  for (const order of ORDERS) {
    for (const i of order) await page.tap(id(`edie-${i}`));
    if (!(await page.isDisabled(id('confirm-choice')))) {
      await page.tap(id('confirm-choice'));
      return true;
    }
    await page.tap(id(`edie-${order[0]}`)); // clears the picks
  }
  throw new Error('no legal choice found');
}

export async function rollIfAsked(page) {
  const roll = await page.$(`${id('einstein-roll')}:not([inert] *)`);
  if (!roll) return false;
  await roll.tap();
  return true;
}

/** Taps the roll on whichever phone has it; the phone that rolled. */
export async function rollOnAny(phones) {
  for (let i = 0; i < 100; i++) {
    for (const page of phones) if (await rollIfAsked(page)) return page;
    await phones[0].waitForTimeout(100);
  }
  throw new Error('no phone offered the roll');
}

/** The marks of the current roll as any language shows them: who, and the
 * two sums. */
export const marks = (page) => page.$$eval(`${id('events')} .event`, (rows) => rows.map((r) => r.textContent.split('·').slice(0, 2).join('·').trim()).join(' | '));
