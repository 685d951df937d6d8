// A table's faults, in headless Chromium: a host whose screen locks while
// another phone takes the table over, two phones taking it over at once,
// a guest whose relay WebSocket dies without closing, and the relay
// itself stopping and starting again. iroh's real relay
// server runs on 127.0.0.1 (examples/local_relay.rs); the phones are
// browser pages at 390×844. Nothing leaves the machine. Each test prints
// the figures it asserts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { id, shot } from './support/harness.mjs';
import {
  startTable, joinEinstein as join, newEinstein, chooseIfAsked, rollIfAsked, rollOnAny, marks,
} from './support/tables.mjs';

let table, app;
const log = (...a) => { if (process.env.TABLE_DEBUG) console.log(...a); };

before(async () => {
  table = await startTable();
  ({ app } = table);
});
after(async () => { await table?.stop(); });

const phone = (locale, colorScheme) => table.phone(locale, colorScheme);

/** The line saying how this phone's link stands: the game's table line,
 * or the table screen's. */
const linkLine = (page) => page.evaluate(() =>
  (document.querySelector('[data-testid="table-line"]') ?? document.querySelector('[data-testid="link-status"]'))?.textContent ?? '');

/** A guest's line naming `name`'s phone as the host, in either language. */
const hostedBy = (name) => new RegExp(`(Connected to the table, hosted on|Connecté à la table, hébergée par le téléphone où joue\\S*) [^.]*${name}`);
const HOSTING = /Table open|Table ouverte/;
const LOST = /lost|perdue/i;

/** Waits until `page`'s link line matches `re`. */
const lineMatches = (page, re, timeout) => page.waitForFunction((src) => {
  const line = document.querySelector('[data-testid="table-line"]') ?? document.querySelector('[data-testid="link-status"]');
  return new RegExp(src).test(line?.textContent ?? '');
}, re.source, { timeout, polling: 50 });

/** Writes down on `page`, as they happen, the line its link shows and
 * the notice above the game (`move-error`) each time either changes:
 * `window.seen`, [time, line, notice]; a notice may last a moment only. */
const watch = (page) => page.evaluate(() => {
  window.seen = [];
  const text = (testid) => document.querySelector(`[data-testid="${testid}"]`)?.textContent ?? '';
  const look = () => {
    const now = [Date.now(), text('table-line') || text('link-status'), text('move-error')];
    const last = window.seen.at(-1);
    if (!last || last[1] !== now[1] || last[2] !== now[2]) window.seen.push(now);
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
});
const seenOn = (page) => page.evaluate(() => window.seen);

/** Waits until this phone has a choice to make (its dice not inert). */
const choosing = (page, timeout = 20000) => page.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout });

/** Waits until this phone's marks of the roll name `name`. */
const marksName = (page, name, timeout) => page.waitForFunction((n) =>
  (document.querySelector('[data-testid="events"]')?.textContent ?? '').includes(n), name, { timeout, polling: 50 });

/** Einstein on three phones joined by the link: Anne hosts in French (light),
 * Bruno is English (dark), Chloé French (dark); every phone on the game. */
async function threePhones({ brunoRoute } = {}) {
  const host = await phone('fr-FR', 'light');
  await newEinstein(host, app.url, ['Anne', 'Bruno', 'Chloé']);
  await host.tap(id('play-on-phones'));
  await host.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await host.textContent(id('join-link'))).trim();
  const bruno = await phone('en-GB', 'dark');
  await brunoRoute?.(bruno);
  await join(bruno, url, 1, [0]);
  const chloe = await phone('fr-FR', 'dark');
  await join(chloe, url, 2, [0, 1]);
  await host.waitForFunction(() => document.querySelectorAll('[data-testid^="free-seat-"]').length === 2, null, { timeout: 20000 });
  await host.tap(id('to-game'));
  await host.waitForSelector(id('einstein-game'));
  return { host, bruno, chloe, url };
}

test('A locked host keeps its seat through a take-over: the table waits for Anne, saying her phone is away, the new host is offered her seat, and woken she chooses on her own phone', async () => {
  const { host: anne, bruno, chloe } = await threePhones();

  // A whole round on the three phones first (Anne's roll), so that the
  // next roll is Bruno's.
  await rollOnAny([anne]);
  for (const [page, seat] of [[anne, 0], [bruno, 1], [chloe, 2]]) {
    await choosing(page);
    assert.equal(await chooseIfAsked(page, seat), true);
  }
  for (const page of [anne, bruno, chloe]) await marksName(page, 'Chloé', 20000);
  const round1 = await marks(anne);
  for (const page of [bruno, chloe]) {
    for (let i = 0; i < 50 && (await marks(page)) !== round1; i++) await page.waitForTimeout(100);
    assert.equal(await marks(page), round1);
  }

  // Anne's page writes down what it shows as it happens: it is paused
  // in between, and the notice may not last.
  await watch(anne);

  // Anne's screen locks: her page's JavaScript stops, as a phone's does.
  const cdp = await anne.context().newCDPSession(anne);
  await cdp.send('Debugger.enable');
  const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
  await cdp.send('Debugger.pause');
  await paused;
  const lockedAt = Date.now();
  log('Anne paused');

  // Bruno's phone hears the host's silence and he hosts the table from
  // his phone; Chloé's finds it by herself.
  await lineMatches(bruno, LOST, 30000);
  console.log(`locked host: Bruno told his link is lost in ${Date.now() - lockedAt} ms`);
  await bruno.tap(id('open-table'));
  await bruno.tap(id('take-over'));
  const tookOverAt = Date.now();
  await bruno.waitForSelector(id('join-link'), { timeout: 30000 });
  await lineMatches(chloe, hostedBy('Bruno'), 30000);
  console.log(`locked host: Chloé joined Bruno's table ${Date.now() - tookOverAt} ms after he took it over`);
  await bruno.tap(id('to-game'));
  await bruno.waitForSelector(id('einstein-game'));

  // Bruno rolls, Bruno and Chloé choose. A take-over moves the hosting,
  // not the seats: Anne's stays with her phone, so Bruno's phone does not
  // choose for her; every phone says the table waits for Anne, whose phone
  // is not connected, and Bruno's offers to free her seat and play it.
  assert.equal(await rollOnAny([bruno, chloe]), bruno, "the second roll is Bruno's");
  await choosing(bruno);
  assert.equal(await bruno.$(id('chooser-0')), null, "Bruno's phone is not asked to choose for Anne");
  assert.equal(await chooseIfAsked(bruno, 1), true);
  await choosing(chloe);
  assert.equal(await chooseIfAsked(chloe), true);
  const waitsForAnne = { bruno: /Waiting for Anne, whose phone is not connected\./, chloe: /On attend Anne, dont le téléphone n'est pas connecté\./ };
  await chloe.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid="waiting-others"]')?.textContent ?? ''), waitsForAnne.chloe.source, { timeout: 20000 });
  await bruno.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid="waiting-others"]')?.textContent ?? ''), waitsForAnne.bruno.source, { timeout: 20000 });
  assert.equal(await chooseIfAsked(bruno), false, "Bruno's phone has no choice left to make: Anne's is hers");
  assert.match(await bruno.textContent(id('free-away-0')), /Play for Anne here/);
  assert.equal(await chloe.$(id('free-away-0')), null, 'only the host is offered the seat');
  assert.doesNotMatch(await chloe.textContent(id('events')), /Anne/, "Anne's choice of this roll is not made yet");
  await shot(bruno, 'table-faults-waits-for-away-anne-en-dark');
  // The screen stays locked 30 s in all.
  const locked = Date.now() - lockedAt;
  if (locked < 30000) await new Promise((resolve) => setTimeout(resolve, 30000 - locked));
  log(`before waking: Chloé ${await linkLine(chloe)} | Bruno ${await linkLine(bruno)}`);

  // Anne's phone wakes: within seconds it says another phone took the
  // table over and is at Bruno's table, in her seat, with his roll.
  await cdp.send('Debugger.resume');
  const wokeAt = Date.now();
  await cdp.send('Debugger.disable');
  log(`Anne woke after ${wokeAt - lockedAt} ms locked`);
  const STEPPED = /la table est passée sur le téléphone où joue Bruno\. Vous continuez de jouer ici/;
  try {
    await anne.waitForFunction(([notice, joined]) => window.seen.some(([, , n]) => new RegExp(notice).test(n))
      && window.seen.some(([, l]) => new RegExp(joined).test(l)), [STEPPED.source, hostedBy('Bruno').source], { timeout: 20000, polling: 50 });
  } finally {
    await shot(anne, 'table-faults-woken-fr-light');
    log('Anne, after waking:', (await seenOn(anne)).map(([t, l, n]) => `+${t - wokeAt} ms ${l} ${n}`).join(' | '));
  }
  const seen = await seenOn(anne);
  const noticeAt = seen.find(([, , n]) => STEPPED.test(n))[0];
  const noticeGone = seen.find(([t, , n]) => t > noticeAt && !STEPPED.test(n))?.[0];
  const joinedAt = seen.find(([, l]) => hostedBy('Bruno').test(l))[0];
  const stepped = Math.max(noticeAt, joinedAt) - wokeAt;
  console.log(`locked host woke: stepped-down notice after ${noticeAt - wokeAt} ms, connected to Bruno's table after ${joinedAt - wokeAt} ms`);
  if (noticeGone) console.log(`  (the notice was shown for ${noticeGone - noticeAt} ms)`);
  assert.ok(stepped <= 10000, `stepped down and joined ${stepped} ms after waking (want ≤ 10 s)`);
  await choosing(anne, 10000);
  await shot(anne, 'table-faults-woken-choosing-fr-light');
  // The notice is there to be read: Bruno's roll, caught up, is not a move
  // of the game that ends it.
  const noticeWhenChoosing = (await anne.$(id('move-error'))) ? await anne.textContent(id('move-error')) : '';
  assert.equal(await chooseIfAsked(anne, 0), true);
  await Promise.all([bruno, chloe].map((page) => marksName(page, 'Anne', 10000)));
  const shown = Date.now() - wokeAt;
  console.log(`locked host woke after ${Math.round((wokeAt - lockedAt) / 1000)} s: Anne plays in her own seat, her choice made on her phone shown on Bruno's and Chloé's ${shown} ms after waking (target ≤ 10000 ms)`);
  assert.ok(shown <= 10000, `Anne's choice shown ${shown} ms after waking (want ≤ 10 s)`);
  // Back, her seat is no longer offered to Bruno's phone.
  await bruno.waitForFunction(() => !document.querySelector('[data-testid="free-away-0"]'), null, { timeout: 5000 });
  // One table: the same marks on the three phones.
  const round2 = await marks(bruno);
  assert.match(round2, /Anne/);
  for (const page of [anne, chloe]) {
    for (let i = 0; i < 50 && (await marks(page)) !== round2; i++) await page.waitForTimeout(100);
    assert.equal(await marks(page), round2);
  }
  assert.match(await linkLine(anne), hostedBy('Bruno'));
  for (const page of [bruno, chloe]) assert.deepEqual(page.errors, []);
  log('Anne\'s page errors:', anne.errors);
  for (const page of [anne, bruno, chloe]) await page.context().close();
  assert.match(noticeWhenChoosing, STEPPED,
    `the stepped-down notice still shown when Anne's phone offers her choice (it was shown ${noticeGone ? noticeGone - noticeAt : '?'} ms)`);
});

test('Two phones take the table over at once: within seconds they are at one table, and a roll on one shows on the other', async () => {
  const { host, bruno, chloe } = await threePhones();
  await host.context().close();
  const closedAt = Date.now();
  await Promise.all([bruno, chloe].map((page) => lineMatches(page, LOST, 30000)));
  console.log(`host page closed: both guests told the link is lost after ${Date.now() - closedAt} ms`);
  for (const page of [bruno, chloe]) {
    await page.tap(id('open-table'));
    await page.waitForSelector(id('take-over'));
  }
  for (const page of [bruno, chloe]) await watch(page);
  // Both tap "Host it from here" within a second of each other.
  const taps = await Promise.all([bruno, chloe].map(async (page) => { await page.tap(id('take-over')); return Date.now(); }));
  const tappedAt = Math.max(...taps);
  console.log(`two take-overs tapped ${Math.abs(taps[0] - taps[1])} ms apart`);
  assert.ok(Math.abs(taps[0] - taps[1]) < 1000);

  // One hosts, and the other is its guest.
  const names = new Map([[bruno, 'Bruno'], [chloe, 'Chloé']]);
  let lines;
  let hostPage;
  for (const end = tappedAt + 20000; Date.now() < end; await bruno.waitForTimeout(100)) {
    lines = await Promise.all([bruno, chloe].map(linkLine));
    const [b, c] = lines;
    if (HOSTING.test(b) && hostedBy('Bruno').test(c)) hostPage = bruno;
    if (HOSTING.test(c) && hostedBy('Chloé').test(b)) hostPage = chloe;
    if (hostPage) break;
  }
  const oneTable = Date.now() - tappedAt;
  if (!hostPage) {
    await shot(bruno, 'table-faults-two-takeovers-bruno-en-dark');
    await shot(chloe, 'table-faults-two-takeovers-chloe-fr-dark');
  }
  assert.ok(hostPage, `one table within 20 s: Bruno's line "${lines[0]}", Chloé's "${lines[1]}"`);
  const guestPage = hostPage === bruno ? chloe : bruno;
  // Whether the guest hosted first (then stepped down) or found the other
  // while it looked for a host.
  const history = await seenOn(guestPage);
  log(`${names.get(guestPage)}'s lines:`, history.map(([t, l, n]) => `+${t - tappedAt} ms ${l} ${n}`).join(' | '));
  const hosted = history.some(([, l]) => HOSTING.test(l));
  console.log(`two take-overs: one table (${names.get(hostPage)} hosts, ${names.get(guestPage)} ${hosted ? 'hosted, then stepped down and' : 'found it and'} joined it) ${oneTable} ms after the second tap`);
  assert.ok(oneTable <= 10000, `one table ${oneTable} ms after the taps (want ≤ 10 s)`);
  // The phone that tapped "Host it from here" and is a guest is told why,
  // on the table screen it is on.
  await guestPage.waitForFunction(() => /already hosts this table|the table moved to|accueille déjà cette table|la table est passée sur/.test(document.querySelector('[data-testid="table-notice"]')?.textContent ?? ''), null, { timeout: 5000 });
  await shot(guestPage, `table-faults-two-takeovers-guest-${guestPage === bruno ? 'en' : 'fr'}-dark`);

  // A roll on one shows on the other.
  for (const page of [hostPage, guestPage]) {
    await page.tap(id('to-game'));
    await page.waitForSelector(id('einstein-game'));
  }
  assert.equal(await guestPage.$(`${id('choose')}:not([inert] *)`), null, 'no roll yet');
  log(`${names.get(guestPage)}'s game says: "${(await guestPage.$(id('move-error'))) ? await guestPage.textContent(id('move-error')) : ''}"`);
  // The roll is Anne's, whose phone is gone: her seat stayed with it, so
  // no phone rolls for her until the host frees it, which its screen
  // offers in one tap while the table waits.
  assert.equal(await rollIfAsked(hostPage), false, "the host's phone does not roll for Anne");
  await hostPage.tap(id('free-away-0'));
  const roller = await rollOnAny([hostPage, guestPage]);
  assert.equal(roller, hostPage, 'the host plays the seat it freed');
  const rolledAt = Date.now();
  const other = roller === bruno ? chloe : bruno;
  await choosing(other, 10000);
  console.log(`two take-overs: a roll on ${names.get(roller)}'s phone shown on ${names.get(other)}'s in ${Date.now() - rolledAt} ms`);

  // The phone that hosts now goes Home and resumes the game: it is back at
  // its table (the table line, the others' moves), not a one-phone game.
  for (let i = 0; i < 3 && !(await hostPage.$('[data-testid^="resume-"]')); i++) {
    await hostPage.tap('.topbar .back');
    await hostPage.waitForTimeout(300);
  }
  await hostPage.waitForSelector('[data-testid^="resume-"]', { timeout: 20000 });
  await hostPage.tap('[data-testid^="resume-"]');
  await hostPage.waitForSelector(id('einstein-game'), { timeout: 20000 });
  await lineMatches(hostPage, HOSTING, 20000);
  await lineMatches(guestPage, hostedBy(names.get(hostPage)), 30000);
  assert.equal(await hostPage.$(id('play-on-phones')), null, 'not offered to start a table: it is at one');
  for (const page of [bruno, chloe]) assert.deepEqual(page.errors, []);
  for (const page of [bruno, chloe]) await page.context().close();
});

/** This phone's way to the relay, whose open WebSockets the test can kill:
 * `kill()` makes every one open now stop forwarding, both ways, without
 * closing (a path that died: frames vanish, no one is told); WebSockets
 * opened afterwards work. */
async function killable(page) {
  const open = new Set();
  await page.routeWebSocket(/\/relay/, (ws) => {
    const path = { dead: false };
    const server = ws.connectToServer();
    ws.onMessage((m) => { if (!path.dead) server.send(m); });
    server.onMessage((m) => { if (!path.dead) ws.send(m); });
    // Closing is forwarded while the path lives (a handler stops the
    // default forwarding); a dead path carries no close either.
    ws.onClose((code, reason) => { open.delete(path); if (!path.dead) server.close({ code, reason }); });
    server.onClose((code, reason) => { open.delete(path); if (!path.dead) ws.close({ code, reason }); });
    open.add(path);
  });
  return {
    kill() {
      for (const path of open) path.dead = true;
      const killed = open.size;
      open.clear();
      return killed;
    },
  };
}

test('A guest whose relay WebSocket dies without closing, as it chooses: its choice reaches the host within seconds on a fresh path', async () => {
  let path;
  const { host, bruno, chloe } = await threePhones({ brunoRoute: async (page) => { path = await killable(page); } });
  await rollOnAny([host]);
  await choosing(host);
  assert.equal(await chooseIfAsked(host, 0), true);
  await choosing(chloe);
  assert.equal(await chooseIfAsked(chloe), true);
  await choosing(bruno);
  await host.waitForFunction(() => /Bruno/.test(document.querySelector('[data-testid="waiting-others"]')?.textContent ?? ''), null, { timeout: 20000 });
  assert.doesNotMatch(await host.textContent(id('events')), /Bruno/);

  // Bruno chooses as his path to the relay dies.
  const killed = path.kill();
  const diedAt = Date.now();
  log(`killed ${killed} WebSocket(s)`);
  assert.ok(killed >= 1, 'a WebSocket was open');
  assert.equal(await chooseIfAsked(bruno), true);
  try {
    await marksName(host, 'Bruno', 15000);
  } finally {
    log(`Bruno: ${await linkLine(bruno)} | host: ${await linkLine(host)}`);
  }
  const reached = Date.now() - diedAt;
  console.log(`dead WebSocket: the choice made as it died reached the host in ${reached} ms`);
  await shot(bruno, 'table-faults-dead-websocket-en-dark');
  assert.ok(reached <= 6000, `the choice reached the host ${reached} ms after the path died (want ≤ 6 s)`);
  await marksName(chloe, 'Bruno', 10000);
  await lineMatches(bruno, hostedBy('Anne'), 10000);

  // The host's page reloads: its table opens again with no wait for a
  // probe (a phone that took it over meanwhile is found beside the game).
  await host.reload();
  await host.waitForSelector(id('einstein-game'), { timeout: 30000 });
  const shownAt = Date.now();
  await lineMatches(host, HOSTING, 20000);
  console.log(`host reopened: table open ${Date.now() - shownAt} ms after the game shows`);
  await lineMatches(bruno, hostedBy('Anne'), 30000);
  for (const page of [host, bruno, chloe]) assert.deepEqual(page.errors, []);
  for (const page of [host, bruno, chloe]) await page.context().close();
});

test('The relay stops and starts again: a choice made while it was down reaches the host within seconds of its return', async () => {
  const { host, bruno, chloe } = await threePhones();
  await rollOnAny([host]);
  for (const [page, seat] of [[host, 0], [chloe, 2]]) {
    await choosing(page);
    assert.equal(await chooseIfAsked(page, seat), true);
  }
  await choosing(bruno);
  await host.waitForFunction(() => /Bruno/.test(document.querySelector('[data-testid="waiting-others"]')?.textContent ?? ''), null, { timeout: 20000 });

  // The relay stops for two seconds (a restart); Bruno chooses meanwhile.
  await table.relay('kill');
  const downAt = Date.now();
  await bruno.waitForTimeout(300);
  assert.equal(await chooseIfAsked(bruno), true);
  await bruno.waitForTimeout(Math.max(0, 2000 - (Date.now() - downAt)));
  await table.relay('restart');
  const backAt = Date.now();
  await marksName(host, 'Bruno', 30000);
  const reached = Date.now() - backAt;
  console.log(`relay restart (down ${backAt - downAt} ms): the choice made while it was down reached the host ${reached} ms after the relay came back`);
  await marksName(chloe, 'Bruno', 10000);
  await lineMatches(bruno, hostedBy('Anne'), 20000);
  // The figure is printed (issue 49's target: 3 s; iroh's reconnection to
  // the relay waits out a jittered back-off, so a run on a loaded machine
  // may take longer): held here only to seconds, not to that target.
  assert.ok(reached <= 15000, `the choice reached the host ${reached} ms after the relay came back`);

  // Down long enough for every phone to say so: the next roll still gets
  // through once it is back (iroh's own reconnection to the relay backs
  // off as the outage lasts: the figure is printed, not held to 3 s).
  await rollOnAny([host, bruno, chloe]);
  for (const [page, seat] of [[host, 0], [chloe, 2]]) {
    await choosing(page);
    assert.equal(await chooseIfAsked(page, seat), true);
  }
  await choosing(bruno);
  await host.waitForFunction(() => /Bruno/.test(document.querySelector('[data-testid="waiting-others"]')?.textContent ?? ''), null, { timeout: 20000 });
  await table.relay('kill');
  const longDownAt = Date.now();
  await lineMatches(bruno, LOST, 30000);
  assert.equal(await chooseIfAsked(bruno, 1), true);
  await bruno.waitForSelector(id('kept-offline'), { timeout: 10000 });
  await shot(bruno, 'table-faults-relay-down-en-dark');
  await table.relay('restart');
  const longBackAt = Date.now();
  await marksName(host, 'Bruno', 40000);
  console.log(`relay restart (down ${longBackAt - longDownAt} ms): the choice reached the host ${Date.now() - longBackAt} ms after the relay came back`);
  // The browser's own words for each dial of the relay while it was down
  // (as a WebSocket, or as the resource it loads), and nothing else.
  const refused = /^(WebSocket connection to '[^']*\/relay' failed: |Failed to load resource: net::ERR_CONNECTION_REFUSED$)/;
  for (const page of [host, bruno, chloe]) assert.deepEqual(page.errors.filter((e) => !refused.test(e)), []);
  for (const page of [host, bruno, chloe]) await page.context().close();
});

/** Every frame of `page`'s relay WebSockets `ms` later, each way (a slow
 * network; in order, one delay each). */
const delayed = (page, ms) => page.routeWebSocket(/\/relay/, (ws) => {
  const server = ws.connectToServer();
  ws.onMessage((m) => setTimeout(() => server.send(m), ms));
  server.onMessage((m) => setTimeout(() => ws.send(m), ms));
  ws.onClose((code, reason) => server.close({ code, reason }));
  server.onClose((code, reason) => ws.close({ code, reason }));
});

test('The roller\'s own phone answers at once: with every relay frame delayed 250 ms, a roll on a guest tumbles there within 100 ms of the tap, its faces once the host has ordered it', async () => {
  const DELAY = 250;
  const anne = await phone('fr-FR', 'light');
  await delayed(anne, DELAY);
  await newEinstein(anne, app.url, ['Anne', 'Bruno']);
  await anne.tap(id('play-on-phones'));
  await anne.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await anne.textContent(id('join-link'))).trim();
  const bruno = await phone('en-GB', 'dark');
  await delayed(bruno, DELAY);
  await join(bruno, url, 1, [0]);
  await anne.tap(id('to-game'));
  await anne.waitForSelector(id('einstein-game'));
  // Anne's roll and the round: the next roll is Bruno's.
  assert.equal(await rollOnAny([anne]), anne);
  for (const [page, seat] of [[anne, 0], [bruno, 1]]) {
    await choosing(page, 30000);
    assert.equal(await chooseIfAsked(page, seat), true);
  }
  await bruno.waitForSelector(`${id('einstein-roll')}:not([inert] *)`, { timeout: 30000 });

  // Each phone notes, on its own clock, when it shows what: Bruno the
  // tap, his dice tumbling and their faces (his choice offered); Anne the
  // roll (her choice offered).
  const note = (page) => page.evaluate(() => {
    window.__seen = {};
    // On the one clock of the browser both pages run in.
    document.addEventListener('pointerdown', (e) => { window.__seen.tap ??= performance.timeOrigin + e.timeStamp; }, { capture: true, once: true });
    const look = () => {
      const at = performance.timeOrigin + performance.now();
      if (document.querySelector('[data-testid="pending-roll"]')) window.__seen.pending ??= at;
      if (document.querySelector('[data-testid="choose"]:not([inert] *)')) window.__seen.faces ??= at;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await note(bruno);
  await note(anne);
  await bruno.tap(id('einstein-roll'));
  await shot(bruno, 'table-roll-pending-en-dark');
  await choosing(bruno, 30000);
  await choosing(anne, 30000);
  const seen = await bruno.evaluate(() => window.__seen);
  const onHost = (await anne.evaluate(() => window.__seen)).faces - seen.tap;
  const pending = seen.pending - seen.tap;
  const faces = seen.faces - seen.tap;
  console.log(`roll on a guest at ${DELAY} ms each way: tumbling on the rolling phone ${pending.toFixed(0)} ms after the tap (target ≤ 100 ms), its faces ${faces.toFixed(0)} ms after; shown on the host ${onHost.toFixed(0)} ms after the tap (target ≤ ${2 * DELAY + 150} ms)`);
  assert.ok(seen.pending !== undefined, 'the rolling phone showed its roll pending');
  assert.ok(pending <= 100, `pending roll shown ${pending.toFixed(0)} ms after the tap (want ≤ 100 ms)`);
  assert.ok(faces >= 2 * DELAY, `the faces wait for the host's order (${faces.toFixed(0)} ms)`);
  // Once ordered, the tumbling is gone: the faces stand.
  assert.equal(await bruno.$(id('pending-roll')), null);
  for (const page of [anne, bruno]) assert.deepEqual(page.errors, []);
  for (const page of [anne, bruno]) await page.context().close();
});
