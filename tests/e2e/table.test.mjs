// One game on several phones, in headless Chromium: iroh's real relay server
// on 127.0.0.1 (examples/local_relay.rs), two browser phones (390×844, one
// French and one English) and the native peer (genius-table) as the third.
// Nothing leaves the machine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { id, open, shot } from './support/harness.mjs';
import {
  BIN, proc, startTable, join as joinGame, joinEinstein as join, mustChoose, claim,
  newEinstein as newEinsteinAt, chooseIfAsked, rollIfAsked, rollOnAny, marks,
} from './support/tables.mjs';

let table, app, relayUrl;
const log = (...a) => { if (process.env.TABLE_DEBUG) console.log(...a); };

before(async () => {
  table = await startTable();
  ({ app, relayUrl } = table);
});
after(async () => { await table?.stop(); });

const phone = (locale, colorScheme) => table.phone(locale, colorScheme);
const newEinstein = (page, names, options) => newEinsteinAt(page, app.url, names, options);

test('Einstein on three phones: each chooses on their own, the others hidden until all have chosen', async () => {
  const host = await phone('fr-FR');
  await newEinstein(host, ['Anne', 'Bruno', 'Chloé']);
  await host.tap(id('play-on-phones'));
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  await host.waitForSelector(`${id('join-qr')} svg`);
  await shot(host, 'table-host-qr-fr-light');
  const url = (await host.textContent(id('join-link'))).trim();
  const ticket = url.slice(url.indexOf('#join=') + 6);

  // A link with a wrong secret, opened in a tab where the app already runs
  // (only the address's fragment changes): the table opens and says the
  // link is not this table's, and nothing changes.
  const stranger = await phone('fr-FR', 'light');
  await open(stranger, app.url);
  const wrong = url.replace(/s=[0-9a-f]+/, `s=${'0'.repeat(32)}`);
  const joinStart = Date.now();
  await stranger.goto(wrong);
  await stranger.waitForFunction(() => /n'ouvre pas \(ou plus\) cette table/.test(document.body.textContent), null, { timeout: 30000 });
  console.log(`wrong-secret refusal shown in ${Date.now() - joinStart} ms (link opened in a running tab)`);
  await shot(stranger, 'table-wrong-secret-fr-light');

  // A link whose host key is damaged (32 bytes that are no key): the words
  // of any damaged link, in French, not the relay's and no English inside.
  const damagedKey = url.replace(/h=[0-9a-f]{64}/, `h=02${'0'.repeat(62)}`);
  assert.notEqual(damagedKey, url);
  await stranger.goto(damagedKey);
  await stranger.waitForFunction(() => /Ce lien d'invitation est abîmé ou incomplet/.test(document.body.textContent), null, { timeout: 30000 });
  assert.doesNotMatch(await stranger.textContent('body'), /not a table ticket|Damaged|relais ne répond pas/);
  await shot(stranger, 'table-damaged-key-fr-light');

  // The English phone, on Home, opens the link: the table opens, nothing is
  // chosen for it, and Anne (the host's player) is not offered. It takes
  // Bruno's seat: asked, then held, never said taken.
  const guest = await phone('en-GB', 'dark');
  await open(guest, app.url);
  const t0 = Date.now();
  await guest.goto(url);
  await guest.waitForSelector(id('seat-picker'), { timeout: 30000 });
  console.log(`join link (app already open) to seat picker: ${Date.now() - t0} ms`);
  await guest.waitForSelector(id('claim-1'));
  await mustChoose(guest, [0]);
  await shot(guest, 'table-seat-picker-en-dark');
  const c0 = Date.now();
  await claim(guest, 1);
  console.log(`seat tapped to seat held: ${Date.now() - c0} ms`);
  await shot(guest, 'table-guest-seat-en-dark');
  await guest.tap(id('to-game'));
  await guest.waitForSelector(id('einstein-game'));

  // The French phone, in the same tab, opens the right link: neither Anne
  // (the host's) nor Bruno (held) is offered; it chooses to watch, and only
  // then may go on.
  await stranger.goto(url);
  await stranger.waitForSelector(id('claim-2'), { timeout: 30000 });
  await mustChoose(stranger, [0, 1]);
  await shot(stranger, 'table-seat-picker-fr-light');
  await claim(stranger, 'watch');
  await stranger.waitForSelector(id('to-game'));
  assert.deepEqual(stranger.errors, []);
  await stranger.context().close();

  // The host refuses its own seat whatever a phone's screen offers: the
  // native peer asking for Anne's is turned away.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'genius-table-'));
  const thief = proc(path.join(BIN, 'genius-table'), ['join', '--file', path.join(dir, 'thief.json'), '--ticket', ticket, '--relay', relayUrl, '--relay-only', '--seat', '0']);
  assert.match(await thief.next((l) => l.includes('"refused"') || l.includes('"joined"')), /SeatTaken\(0\)/);
  thief.child.kill();

  // The native peer takes Chloé's seat.
  const peer = proc(path.join(BIN, 'genius-table'), ['join', '--file', path.join(dir, 'chloe.json'), '--ticket', ticket, '--relay', relayUrl, '--relay-only', '--seat', '2']);
  await peer.next((l) => l.includes('"link":"joined"'));
  log('peer joined');
  // The host's table screen shows both phones on their seats.
  await host.waitForFunction(() => document.querySelectorAll('[data-testid^="free-seat-"]').length === 2, null, { timeout: 20000 });
  assert.equal(await host.$(id('offer-seat-0')) !== null, true, "Anne's seat is the host phone's");
  await host.$eval(id('seats'), (e) => e.scrollIntoView());
  await shot(host, 'table-host-seats-fr-light');
  await host.tap(id('to-game'));

  // Play to the end: each phone rolls when it is its player's roll and
  // chooses for its own player; the peer plays Chloé's moves.
  let checkedHidden = false;
  for (let round = 0; round < 400; round++) {
    if (await host.$(id('ranking')) && await guest.$(id('ranking'))) break;
    let moved = await rollIfAsked(host) || await rollIfAsked(guest);
    const hostChose = await chooseIfAsked(host);
    if (hostChose && !checkedHidden) {
      // Anne has chosen; Bruno has not: Bruno's phone does not show Anne's choice.
      await host.waitForSelector(id('waiting-others'));
      const waiting = await host.textContent(id('waiting-others'));
      if (/Bruno/.test(waiting)) {
        assert.equal(await guest.$(`${id('events')} >> text=Anne`), null, "Anne's choice hidden on Bruno's phone");
        await shot(host, 'table-host-waiting-fr-light');
        await shot(guest, 'table-guest-choosing-en-dark');
        checkedHidden = true;
      }
    }
    const guestChose = await chooseIfAsked(guest);
    if (guestChose && !(await guest.$(id('ranking')))) {
      // Once Bruno has chosen, his phone keeps his own sheet in view (it
      // jumped to Anne's, where her choice is hidden: his marks seemed gone).
      await guest.waitForSelector(`${id('sheet-tab-1')}[aria-selected="true"]`, { timeout: 5000 });
    }
    peer.send('auto');
    if (round % 10 === 0) log(`round ${round}: ${await host.textContent(id('game-status'))} | peer ${peer.lines.at(-1)}`);
    moved = moved || hostChose || guestChose;
    await host.waitForTimeout(moved ? 50 : 150);
  }
  assert.ok(checkedHidden, 'the hidden-choice moment was seen');
  await host.waitForSelector(id('ranking'), { timeout: 20000 });
  await guest.waitForSelector(id('ranking'), { timeout: 20000 });
  peer.send('state');
  const last = JSON.parse(await peer.next((l) => l.includes('"finished":true')));
  await shot(host, 'table-host-finished-fr-light');

  // Every phone's History holds the same finished game with the same scores.
  const scores = async (page) => {
    await page.tap('.back');
    await page.tap(id('open-history'));
    await page.waitForSelector(id('history'));
    return page.textContent(id('history'));
  };
  // Scores as written (French groups digits with a narrow space).
  const digits = (text) => text.replace(/\s/g, '');
  const [hostHistory, guestHistory] = [digits(await scores(host)), digits(await scores(guest))];
  // The peer counts points in halves (Genius's 8,5 is exact).
  for (const total of (last.scores ?? []).map((halves) => halves / 2)) {
    assert.ok(hostHistory.includes(String(Math.abs(total))), `host history has ${total}: ${hostHistory.slice(0, 300)}`);
    assert.ok(guestHistory.includes(String(Math.abs(total))), `guest history has ${total}: ${guestHistory.slice(0, 300)}`);
  }
  peer.send('quit');
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});

/** Everything the page stores (every IndexedDB store of every database,
 * and localStorage), as one text. */
async function storedText(page) {
  return page.evaluate(async () => {
    const texts = [JSON.stringify({ ...localStorage })];
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise((ok, fail) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => ok(req.result);
        req.onerror = () => fail(req.error);
      });
      for (const store of db.objectStoreNames) {
        const values = await new Promise((ok, fail) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => ok(req.result);
          req.onerror = () => fail(req.error);
        });
        texts.push(JSON.stringify(values));
      }
      db.close();
    }
    return texts.join('\n');
  });
}

/** The dice typed in on this phone's keypad of real dice, recorded. */
async function typedRoll(page, dice) {
  for (const d of dice) await page.tap(id(`typed-face-${d}`));
  await page.tap(id('record-typed'));
}

/** This phone's player chooses: the dice tapped in `order` (two pairs; the
 * die left is the fifth die). */
async function chooseOn(page, order) {
  await page.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout: 20000 });
  for (const i of order) await page.tap(id(`edie-${i}`));
  await page.tap(id('confirm-choice'));
  await page.waitForSelector(`${id('choose')}:not([inert] *)`, { state: 'detached', timeout: 20000 });
}

// Issue 44, point 6: every roll is 1-1-1-1-2, typed in on the roller's
// phone. Anne always leaves a 1 (done at her eighth mark, roll 8); Bruno
// leaves a 2 and a 1 in turn, then 1s (done at roll 12).
test('Einstein on two phones: the last chooser is told the table waits for them, the choices once shown are final, a player done early is told so', async () => {
  const host = await phone('fr-FR', 'light');
  await newEinstein(host, ['Anne', 'Bruno']);
  await host.tap(id('play-on-phones'));
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await host.textContent(id('join-link'))).trim();
  const guest = await phone('en-GB', 'dark');
  // A fresh phone opening the link registers its service worker (whose
  // install downloads every file of the app) only once it is at its table,
  // not while its join shares the network with it (issue 51).
  await guest.addInitScript(() => {
    addEventListener('genius-at-table', () => { window.__atTableAt ??= performance.now(); });
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args) => {
      window.__registeredAt = performance.now();
      return register(...args);
    };
  });
  // Its page opens the table's relay at once, while it is read, and the
  // transport, once loaded, is handed that WebSocket rather than opening
  // its own (issue 51): one WebSocket to the relay, made before the page
  // was even read whole. The order is taken in the page itself (Chromium
  // reports a WebSocket and the page's events to Playwright on different
  // channels, in either order).
  await guest.addInitScript(() => {
    window.__relaySockets = [];
    document.addEventListener('DOMContentLoaded', () => { window.__readAt = performance.now(); });
    window.WebSocket = new Proxy(window.WebSocket, {
      construct(target, args) {
        if (/\/relay$/.test(String(args[0]))) window.__relaySockets.push(performance.now());
        return Reflect.construct(target, args);
      },
    });
  });
  let relaySockets = 0;
  guest.on('websocket', (ws) => { if (/\/relay$/.test(ws.url())) relaySockets++; });
  await joinGame(guest, url, 1, 'einstein', { notOffered: [0] });
  const [made, readAt] = await guest.evaluate(() => [window.__relaySockets, window.__readAt]);
  assert.equal(relaySockets, 1, 'one WebSocket to the relay, the page\'s, handed to the transport');
  assert.equal(made.length, 1, `relay WebSockets made at ${made} ms`);
  assert.ok(made[0] < readAt, `relay opened at ${made[0]} ms, the page read at ${readAt} ms`);
  await guest.waitForFunction(() => window.__registeredAt !== undefined, null, { timeout: 10000 });
  const [atTable, registered] = await guest.evaluate(() => [window.__atTableAt, window.__registeredAt]);
  assert.ok(atTable !== undefined && registered >= atTable, `worker registered at ${registered} ms, at the table at ${atTable} ms`);
  await host.tap(id('to-game'));
  await host.waitForSelector(id('einstein-game'));
  const ANNE = [0, 1, 2, 4];
  const bruno = (roll) => (roll > 8 || roll % 2 === 0 ? [0, 1, 2, 4] : [0, 1, 2, 3]);
  let doneSeen = false;
  for (let roll = 1; roll <= 12; roll++) {
    const roller = roll <= 8 && roll % 2 === 1 ? host : guest;
    await roller.waitForSelector(`${id('typed-face-1')}:not([inert] *)`, { timeout: 20000 });
    await typedRoll(roller, [1, 1, 1, 1, 2]);
    if (roll > 8) {
      // Anne's game is over: her phone says so while Bruno plays on.
      await host.waitForSelector(id('einstein-done-early'));
      assert.match(await host.textContent(id('einstein-done-early')), /Anne, votre partie est finie/);
      assert.equal(await guest.$(id('einstein-done-early')), null);
      if (!doneSeen) await shot(host, 'table-einstein-done-early-fr-light');
      doneSeen = true;
      await chooseOn(guest, bruno(roll));
      continue;
    }
    // Anne first on odd rolls, Bruno first on even ones; the other is last.
    const [first, last, firstOrder, lastOrder] = roll % 2 === 1
      ? [host, guest, ANNE, bruno(roll)]
      : [guest, host, bruno(roll), ANNE];
    assert.equal(await first.$(id('einstein-last-chooser')), null, 'no one has chosen yet');
    const chose = last === guest ? 0 : 1;
    const choicesOf = async (page) => ((await storedText(page)).replace(/\\/g, '')
      .match(new RegExp(`Choose[^}]*"player":${chose}`, 'g')) ?? []).length;
    // Counted once the roll is saved: past rolls' choices, shown.
    if (roll <= 2) await last.waitForTimeout(300);
    const shownBefore = roll <= 2 ? await choicesOf(last) : 0;
    await chooseOn(first, firstOrder);
    if (roll <= 2) {
      // The last to choose is told the table waits for them alone.
      await last.waitForSelector(id('einstein-last-chooser'));
      assert.match(await last.textContent(id('einstein-last-chooser')),
        last === host ? /la table n'attend plus que vous/ : /the table is waiting for you/);
      await shot(last, `table-einstein-last-chooser-${last === host ? 'fr-light' : 'en-dark'}`);
      // The first choice has reached no other phone, the host included:
      // what the last chooser's phone stores holds its commitment (who
      // chose; not what), and none of its content.
      await last.waitForTimeout(300); // the save follows the screen
      const stored = (await storedText(last)).replace(/\\/g, '');
      assert.match(stored, new RegExp(`Commit[^}]*"player":${chose}`), 'the first choice stored committed');
      assert.equal(await choicesOf(last), shownBefore, 'the first choice is not on the other phone (only past rolls\' reveals)');
      // Before everyone has chosen, the first may take theirs back.
      await first.waitForFunction(() => !document.querySelector('[data-testid="undo"]').disabled, null, { timeout: 5000 });
    }
    await chooseOn(last, lastOrder);
    if (roll <= 2) {
      // Everyone has chosen and sees the choices: they are final, for the
      // last chooser too.
      await last.waitForSelector(`${id('events')} >> text=${last === host ? 'Bruno' : 'Anne'}`);
      assert.equal(await last.$(id('einstein-last-chooser')), null);
      assert.equal(await last.isDisabled(id('undo')), true, 'the last choice, shown to all, is final');
      await shot(last, `table-einstein-final-${last === host ? 'fr-light' : 'en-dark'}`);
    }
  }
  assert.ok(doneSeen, "Anne's early end was seen");
  await host.waitForSelector(id('ranking'), { timeout: 20000 });
  await guest.waitForSelector(id('ranking'), { timeout: 20000 });
  assert.equal(await host.$(id('einstein-done-early')), null, 'the game is over for all: the ranking says the rest');
  for (const page of [host, guest]) assert.deepEqual(page.errors, []);
  await host.context().close();
  await guest.context().close();
});

async function newSequence(page, names) {
  await open(page, app.url);
  await page.tap(id('open-sequence'));
  await page.waitForSelector(id('setup'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('sequence-game'));
}

// Issue 44, point 13: a phone that waits shows the mover's move as theirs,
// in the third person: no square lit, the instruction and the coach name
// the mover.
test('Séquence Dés on two phones: the waiting phone shows the move as the mover\'s, in the third person', async () => {
  const host = await phone('fr-FR', 'light');
  await newSequence(host, ['Anne', 'Bruno']);
  await host.tap(id('play-on-phones'));
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await host.textContent(id('join-link'))).trim();
  const guest = await phone('en-GB', 'dark');
  await joinGame(guest, url, 1, 'sequence', { notOffered: [0] });
  await host.tap(id('to-game'));
  await host.waitForSelector(id('sequence-game'));
  const waitsFor = async (page, mover, instruction, reason) => {
    await page.waitForFunction((want) => new RegExp(want).test(document.querySelector('[data-testid="instruction"]')?.textContent ?? ''), instruction.source, { timeout: 20000 });
    assert.equal(await page.$$eval('.square.target', (q) => q.length), 0, 'no square lit on the phone that waits');
    await page.tap(id('coach-button'));
    await page.waitForSelector(`${id('coach-panel')} ${id('coach-reason')}`);
    const said = await page.textContent(`${id('coach-panel')} ${id('coach-reason')}`);
    assert.match(said, reason);
    assert.doesNotMatch(said, /\byour\b|\bvos\b|\bvotre\b/i);
    // A tap on a square of the move changes nothing.
    await page.tap(id('coach-button'));
    assert.equal(await live(page, 'board'), false, 'the board waits for the mover');
  };
  // Anne rolls 7 on her phone: her squares light there, not on Bruno's.
  await host.tap(id('typed-face-3'));
  await host.tap(id('typed-face-4'));
  await host.waitForSelector('.square.target');
  assert.match(await host.textContent(id('instruction')), /^7 : posez un jeton/);
  await waitsFor(guest, 'Anne', /^7: Anne places a chip on a free 7 square\./, /^For Anne: /);
  await shot(guest, 'table-sequence-waiting-en-dark');
  await host.tap(id('sq-1-1'));
  // Bruno rolls 5 on his: Anne's phone shows his move, in French.
  await guest.waitForSelector(`${id('typed-face-2')}:not([inert] *)`, { timeout: 20000 });
  await guest.tap(id('typed-face-2'));
  await guest.tap(id('typed-face-3'));
  await guest.waitForSelector('.square.target');
  await waitsFor(host, 'Bruno', /^5 : Bruno pose un jeton sur une case 5 libre\./, /^Pour Bruno : /);
  await shot(host, 'table-sequence-waiting-fr-light');
  for (const page of [host, guest]) assert.deepEqual(page.errors, []);
  await host.context().close();
  await guest.context().close();
});

/** Whether this phone's control `testid` can be tapped (not inert). */
const live = async (page, testid) => !!(await page.$(`${id(testid)}:not([inert] *)`));

async function newSerieux(page, names) {
  await open(page, app.url);
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-on-phones'));
}

test('Mode Sérieux on two phones, six long names: only the player to move has the controls; a reload catches up', async () => {
  const SIX = ['Anne-Charlotte Delacroix', 'Anne-Charlotte Delaporte', 'Marie-Bernadette Lefèvre',
    'Marie-Bernadette Leblanc', 'Jean-Christophe Beaumont', 'Zoé'];
  const host = await phone('fr-FR', 'dark');
  await newSerieux(host, SIX);
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await host.textContent(id('join-link'))).trim();
  const guest = await phone('en-GB', 'light');
  await guest.goto(url);
  await guest.waitForSelector(id('claim-1'), { timeout: 30000 });
  await mustChoose(guest, [0]);
  await claim(guest, 1);
  try {
    await host.waitForSelector(id('free-seat-1'));
  } finally {
    await shot(host, 'table-host-six-fr-dark');
  }
  await shot(guest, 'table-guest-six-en-light');
  await guest.tap(id('to-game'));
  await host.tap(id('to-game'));
  await guest.waitForSelector(id('serieux-game'));
  await host.waitForSelector(id('typed-face-3'));
  await guest.waitForSelector(id('typed-face-3'));

  // Anne-Charlotte Delacroix (the host's) plays first: Bruno's phone waits.
  assert.equal(await live(host, 'typed-face-3'), true);
  assert.equal(await live(guest, 'typed-face-3'), false);
  assert.match(await guest.textContent(id('waiting-others')), /Waiting for Anne-Charlotte Delacroix/);
  await shot(guest, 'table-guest-waiting-en-light');
  for (const f of [3, 2]) await host.tap(id(`typed-face-${f}`));
  await host.tap(id('record-typed'));
  // Now the guest's player: its phone has the controls, the host's waits.
  await guest.waitForFunction(() => !document.querySelector('[data-testid="waiting-others"]'), null, { timeout: 20000 });
  assert.equal(await live(guest, 'typed-face-3'), true);
  assert.equal(await live(host, 'typed-face-3'), false);
  assert.equal(await guest.textContent(id('cell-0-0')), await host.textContent(id('cell-0-0')));

  // The guest reloads mid-game: it comes back to the same table and seat,
  // straight to the game.
  const r0 = Date.now();
  await guest.reload();
  await guest.waitForSelector(id('serieux-game'), { timeout: 30000 });
  assert.equal(await guest.$(id('seat-picker')), null, 'not the seat picker');
  await guest.waitForSelector(`${id('typed-face-2')}:not([inert] *)`);
  console.log(`reload to the game, its controls live: ${Date.now() - r0} ms`);
  for (const f of [2, 3]) await guest.tap(id(`typed-face-${f}`));
  await guest.tap(id('record-typed'));
  await host.waitForFunction(() => /23/.test(document.querySelector('[data-testid="cell-1-0"]')?.textContent ?? ''), null, { timeout: 20000 });

  // The host's players play on; the guest follows every move.
  for (const p of [2, 3, 4, 5]) {
    await host.waitForSelector(`${id('typed-face-1')}:not([inert] *)`);
    await host.tap(id('typed-face-1'));
    await host.tap(id('record-typed'));
  }
  await guest.waitForFunction(() => document.querySelector('[data-testid="cell-5-0"]')?.textContent?.trim() !== '', null, { timeout: 30000 });
  for (let p = 0; p < 6; p++) {
    assert.equal(await guest.textContent(id(`cell-${p}-0`)), await host.textContent(id(`cell-${p}-0`)), `cell ${p}`);
  }
  assert.deepEqual(host.errors, []);
});

/** This phone's way to the relay (its WebSockets, the only way a browser
 * has), which the test can cut and put back: `cut()` closes every open one
 * and refuses new ones, as a phone leaving the Wi-Fi would see. */
async function cuttable(page) {
  let online = true;
  const open = new Set();
  await page.routeWebSocket(/\/relay/, (ws) => {
    if (!online) return ws.close();
    const pair = { ws, server: ws.connectToServer() };
    open.add(pair);
    ws.onClose(() => open.delete(pair));
  });
  return {
    cut() {
      online = false;
      for (const { ws, server } of open) { ws.close(); server.close(); }
      open.clear();
    },
    restore() { online = true; },
  };
}

test('A phone offline and back keeps what it chose; a move that lost a race says who played first; when the host page is closed, a guest hosts it from here and the other follows it by itself', async () => {
  const host = await phone('fr-FR');
  await newEinstein(host, ['Anne', 'Bruno', 'Chloé'], { rollOff: true });
  await host.tap(id('play-on-phones'));
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await host.textContent(id('join-link'))).trim();
  const bruno = await phone('en-GB', 'dark');
  const network = await cuttable(bruno);
  await join(bruno, url, 1, [0]);
  const chloe = await phone('fr-FR', 'dark');
  await join(chloe, url, 2, [0, 1]);
  // A reload goes straight back to the game, not to the seat picker.
  await chloe.reload();
  await chloe.waitForSelector(id('einstein-game'), { timeout: 30000 });
  assert.equal(await chloe.$(id('seat-picker')), null, 'not the seat picker');
  await host.waitForFunction(() => document.querySelectorAll('[data-testid^="free-seat-"]').length === 2, null, { timeout: 20000 });
  await host.tap(id('to-game'));

  // Issue 44, point 3, a race made certain: Bruno taps the roll-off while
  // his link is cut (his move waits), and Chloé records the real dice of
  // the roll-off (6, 5, 4: Anne starts, no tie), which reaches the host
  // first. When his link is back the host refuses his, and his phone says
  // who played first, in words.
  await bruno.waitForSelector(`${id('roll-off-all')}:not([inert] *)`, { timeout: 20000 });
  network.cut();
  await bruno.tap(id('roll-off-all'));
  for (const face of [6, 5, 4]) await chloe.tap(id(`rolloff-face-${face}`));
  await chloe.tap(id('rolloff-record'));
  await chloe.waitForSelector('.rolloff-round', { timeout: 20000 });
  network.restore();
  await bruno.waitForFunction(() => /Chloé played first: your move did not count/.test(document.querySelector('[data-testid="move-error"]')?.textContent ?? ''), null, { timeout: 40000 });
  await shot(bruno, 'table-guest-played-first-en-dark');

  // A roll; Bruno's phone offers his choice, then loses the network.
  await rollOnAny([host, bruno, chloe]);
  await bruno.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout: 20000 });
  network.cut();
  const cutAt = Date.now();
  // Bruno chooses as the link dies: his move waits (his dice inert), and
  // the line says at once that the host has not answered, before the
  // heartbeat can tell the link is lost.
  assert.equal(await chooseIfAsked(bruno), true);
  await bruno.waitForFunction(() => /No answer from the host yet/.test(document.querySelector('[data-testid="table-line"]')?.textContent ?? ''), null, { timeout: 15000 });
  console.log(`a move with no answer told in ${Date.now() - cutAt} ms`);
  assert.ok(await bruno.$(`[inert] ${id('choose')}`), 'the choice waits, inert');
  await shot(bruno, 'table-guest-unanswered-en-dark');
  await bruno.waitForFunction(() => /lost/i.test(document.querySelector('[data-testid="table-line"]')?.textContent ?? ''), null, { timeout: 30000 });
  console.log(`offline phone told its link is lost in ${Date.now() - cutAt} ms`);
  // The choice is kept, and said to be.
  await bruno.waitForFunction(() => /Offline: your moves will go out/.test(document.querySelector('[data-testid="kept-offline"]')?.textContent ?? ''), null, { timeout: 30000 });
  // The choice is made: the dice wait with it (inert), not asking again.
  assert.ok(await bruno.$(`[inert] ${id('choose')}`), 'the choice waits, inert');
  await shot(bruno, 'table-guest-offline-kept-en-dark');
  await chooseIfAsked(host);
  await chooseIfAsked(chloe);
  await host.waitForFunction(() => /Bruno/.test(document.querySelector('[data-testid="waiting-others"]')?.textContent ?? ''), null, { timeout: 20000 });

  assert.doesNotMatch(await host.textContent(id('events')), /Bruno/);
  // The network comes back: Bruno's choice reaches the table.
  network.restore();
  const backAt = Date.now();
  await host.waitForFunction(() => /Bruno/.test(document.querySelector('[data-testid="events"]')?.textContent ?? ''), null, { timeout: 40000 });
  console.log(`back online: the choice made offline reached the host in ${Date.now() - backAt} ms`);
  await bruno.waitForFunction(() => !/lost/i.test(document.querySelector('[data-testid="table-line"]')?.textContent ?? ''), null, { timeout: 20000 });
  const seen = await marks(host);
  assert.match(seen, /Anne.*Chloé.*Bruno|Anne.*Bruno.*Chloé/);
  for (const page of [bruno, chloe]) {
    for (let i = 0; i < 100 && (await marks(page)) !== seen; i++) await page.waitForTimeout(200);
    assert.equal(await marks(page), seen);
  }

  // The host's page is closed without a word (no goodbye reaches anyone):
  // the guests hear its silence, and Bruno hosts the game from his phone.
  await host.context().close();
  const closedAt = Date.now();
  await Promise.all([bruno, chloe].map(async (page) => {
    await page.waitForFunction(() => /lost|perdue/i.test(document.querySelector('[data-testid="table-line"]')?.textContent ?? ''), null, { timeout: 30000 });
    console.log(`host page closed: a guest told its link is lost in ${Date.now() - closedAt} ms`);
  }));
  await bruno.tap(id('open-table'));
  await bruno.waitForSelector(id('take-over'));
  await shot(bruno, 'table-guest-host-gone-en-dark');
  await bruno.tap(id('take-over'));
  await bruno.waitForSelector(id('join-link'), { timeout: 30000 });
  const url2 = (await bruno.textContent(id('join-link'))).trim();
  assert.notEqual(url2, url);
  // One table, one host: Chloé's phone, dialling the table's next host
  // since its host went silent, finds Bruno's by itself (no new link to pass
  // around) and says whose phone hosts now.
  await chloe.waitForFunction(() => /Connecté à la table, hébergée par le téléphone où joue Bruno\./.test(document.querySelector('[data-testid="table-line"]')?.textContent ?? ''), null, { timeout: 60000 });
  console.log(`host page closed: the other guest joined the new host by itself after ${Date.now() - closedAt} ms`);
  await chloe.waitForSelector(id('einstein-game'));
  await shot(chloe, 'table-guest-followed-new-host-fr-dark');
  await bruno.tap(id('to-game'));
  await bruno.waitForSelector(id('einstein-game'));
  assert.equal(await marks(chloe), seen);
  // Play goes on between the two phones: the next roll, seen on both.
  await rollOnAny([bruno, chloe]);
  await bruno.waitForFunction((s) => !document.querySelector('[data-testid="events"] .event'), null, { timeout: 20000 });
  await chloe.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout: 20000 });
  await shot(chloe, 'table-guest-rejoined-fr-dark');
  assert.deepEqual(bruno.errors, []);
  assert.deepEqual(chloe.errors, []);
});

test('A link to a table whose host is gone: a phone that never joined is told so in its language, offered no hosting, and Leave takes it home', async () => {
  const host = await phone('en-GB');
  await newEinstein(host, ['Anne', 'Bruno']);
  await host.tap(id('play-on-phones'));
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await host.textContent(id('join-link'))).trim();
  // The host's phone is closed before anyone joins.
  await host.context().close();
  const late = await phone('fr-FR', 'dark');
  await late.goto(url);
  await late.waitForSelector(id('never-reached'), { timeout: 40000 });
  assert.match(await late.textContent(id('never-reached')), /Cette table ne répond pas.*nouveau lien/);
  assert.equal(await late.$(id('take-over')), null, 'no copy: nothing to host');
  assert.equal(await late.$(id('carry-on')), null, 'no copy: nothing to carry on');
  await shot(late, 'table-never-reached-fr-dark');
  await late.tap(id('leave-table'));
  await late.waitForSelector(id('open-einstein'), { timeout: 10000 });
  assert.equal(await late.$(id('link-status')), null, 'not the damaged-link message');
  assert.doesNotMatch(await late.url(), /#join=/);
  assert.deepEqual(late.errors, []);
});

// Issue 50, point 12: leaving the table on a guest says what the phone
// keeps (its copy, played alone here for every player, in the games in
// progress) and offers to delete it; staying changes nothing.
test('issue 50, point 12: Leave the table says what the phone keeps and offers to delete it; the host shows the phone gone', async () => {
  const LONG = 'Chloé-Marie-Charlotte';
  const host = await phone('fr-FR');
  await newEinstein(host, ['Anne', 'Bruno', LONG, 'Dan']);
  await host.tap(id('play-on-phones'));
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await host.textContent(id('join-link'))).trim();
  const inProgress = async (page) => {
    await page.waitForSelector(id('open-einstein'));
    return page.$$eval('[data-testid^="resume-einstein-"]', (r) => r.length);
  };

  for (const [locale, colorScheme, seat, keep] of [['en-GB', 'dark', 1, false], ['fr-FR', 'dark', 2, true]]) {
    const en = locale.startsWith('en');
    const guest = await phone(locale, colorScheme);
    await join(guest, url, seat);
    await guest.tap(id('open-table'));
    await guest.waitForSelector(id('leave-table'));
    // Asked first: what stays on the phone, and the choices.
    await guest.tap(id('leave-table'));
    await guest.waitForSelector(id('leave-confirm'));
    const said = await guest.textContent(id('leave-confirm'));
    assert.match(said, en
      ? /keeps its copy of the game.*alone.*all 4\splayers.*Games in progress/
      : /garde sa copie de la partie.*seul.*les 4\sjoueurs.*Parties en cours/);
    await guest.$eval(id('leave-confirm'), (e) => e.scrollIntoView({ block: 'center' }));
    await shot(guest, `issue50-leave-asked-${en ? 'en' : 'fr'}-${colorScheme}`);
    // Staying: nothing changes, the phone is still at the table.
    await guest.tap(id('leave-stay'));
    await guest.waitForSelector(id('leave-confirm'), { state: 'detached' });
    assert.match(await guest.textContent(id('link-status')), en ? /Connected to the table/ : /Connecté à la table/);

    await guest.tap(id('leave-table'));
    if (keep) {
      // Kept: the game goes on here, alone, and stays in progress.
      await guest.tap(id('leave-keep'));
      await guest.waitForSelector(id('einstein-game'));
      await guest.click('.topbar .back');
      assert.equal(await inProgress(guest), 1, 'the copy kept in the games in progress');
      // Resumed, it opens on this phone alone: not at the table it left
      // (before, its saved copy still carried the table until a move).
      await guest.tap('[data-testid^="resume-"]');
      await guest.waitForSelector(id('einstein-game'));
      await guest.waitForTimeout(1000);
      assert.equal(await guest.$(id('table-line')), null, 'no table line: a game of its own');
    } else {
      // Deleted: Home, and the game is not in progress, nor after a reload.
      await guest.tap(id('leave-delete'));
      assert.equal(await inProgress(guest), 0, 'the copy deleted');
      await guest.waitForTimeout(1500);
      await guest.reload();
      assert.equal(await inProgress(guest), 0, 'still deleted after a reload');
      await shot(guest, `issue50-leave-deleted-${en ? 'en' : 'fr'}-${colorScheme}`);
    }
    assert.deepEqual(guest.errors, []);
    await guest.context().close();
    // It said goodbye: the host shows its phone gone, not "away" as a
    // phone that may be back any moment.
    await host.waitForFunction((s) => /téléphone parti \(il a quitté la table\)/.test(document.querySelector(`[data-testid="seat-${s}"]`)?.textContent ?? ''), seat, { timeout: 10000 });
  }
  await shot(host, 'table-guests-left-fr-light');
  assert.deepEqual(host.errors, []);
  await host.context().close();
});
