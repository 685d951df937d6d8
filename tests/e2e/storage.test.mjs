// Players manage their storage, in headless Chromium at 390×844: deleting
// an unfinished game from Home asks first; a finished game deleted from the
// History comes back with undo.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, launch, shot } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

// A two-player Mode Sérieux game with typed rolls, Anne's and Bruno's in turn.
async function serieux(page, rolls) {
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  for (const [i, name] of ['Anne', 'Bruno'].entries()) await page.fill(id(`name-${i}`), name);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('serieux-game'));
  for (const faces of rolls) {
    for (const f of faces) await page.tap(id(`typed-face-${f}`));
    await page.tap(id('record-typed'));
  }
}

const inProgress = (page) => page.$$('[data-testid^="resume-"]');

const rows = (page) => page.$$('[data-testid^="hist-"]');

test('deleting an unfinished game from Home asks first, and No keeps it', async () => {
  const page = await app.page();
  await open(page, app.url);
  await serieux(page, [[3, 2], [1, 1]]);
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  assert.equal((await inProgress(page)).length, 1);
  await page.tap('[data-testid^="delete-"]');
  await page.waitForSelector('[data-testid^="confirm-delete-"]');
  assert.match(await page.textContent(id('in-progress')), /Supprimer cette partie en cours \?/);
  await page.tap('[data-testid^="keep-"]');
  assert.equal((await inProgress(page)).length, 1, 'No keeps the game');
  await page.tap('[data-testid^="delete-"]');
  await page.tap('[data-testid^="confirm-delete-"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="in-progress"]'));
  // Gone for good: not back after a reload.
  await open(page, app.url);
  assert.equal((await inProgress(page)).length, 0);
  assert.deepEqual(page.errors, []);
});

test('a finished game deleted from the History comes back with undo', async () => {
  const page = await app.page();
  await open(page, app.url);
  await serieux(page, [[3, 2], [1, 1], [2], [6], [6], [6], [6], [6], [6], [6]]);
  await page.waitForSelector(id('ranking'));
  await open(page, app.url);
  await page.tap(id('open-history'));
  await page.waitForSelector('[data-testid^="hist-"]');
  assert.equal((await rows(page)).length, 1);
  await page.tap('[data-testid^="hist-"] [data-testid^="delete-"]');
  await page.waitForSelector(id('history-empty'));
  assert.match(await page.textContent(id('history-message')), /1 partie supprimée/);
  // Undo is beside "1 game deleted", on its line, not in the export box.
  for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }]) {
    await page.setViewportSize(viewport);
    const said = await page.locator(id('history-message')).boundingBox();
    const undo = await page.locator(id('undo-delete')).boundingBox();
    assert.ok(undo.x >= said.x + said.width && undo.y < said.y + said.height && said.y < undo.y + undo.height,
      `undo beside the message at ${viewport.width} px: ${JSON.stringify({ said, undo })}`);
    await shot(page, `issue37-after-5-history-undo-${viewport.width}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await page.$eval(id('undo-delete'), (b) => b.closest('.info')), null, 'not inside the export box');
  await page.tap(id('undo-delete'));
  await page.waitForSelector('[data-testid^="hist-"]');
  assert.match(await page.textContent(id('history-message')), /1 partie remise/);
  // Selected, then deleted with the others selected (one here).
  await page.check('[data-testid^="select-"]');
  await page.tap(id('delete-selected'));
  await page.waitForSelector(id('history-empty'));
  await page.tap(id('undo-delete'));
  await page.waitForSelector('[data-testid^="hist-"]');
  // Still there after a reload: the undo wrote it back.
  await open(page, app.url);
  await page.tap(id('open-history'));
  await page.waitForSelector('[data-testid^="hist-"]');
  assert.equal((await rows(page)).length, 1);
  assert.deepEqual(page.errors, []);
});

// ---- Saved games in IndexedDB (issue 17) ----

import { savedGame, reseal, FINISHED, UNFINISHED } from './support/saved-games.mjs';

/** The keys IndexedDB holds for the app. */
const idbKeys = (page) => page.evaluate(() => new Promise((resolve, reject) => {
  const open = indexedDB.open('genius');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const req = open.result.transaction('games').objectStore('games').getAllKeys();
    req.onsuccess = () => { open.result.close(); resolve(req.result); };
    req.onerror = () => reject(req.error);
  };
}));

/** How many finished games the History lists (a page shown, the rest counted on its "more" button). */
async function historyCount(page) {
  await page.tap(id('open-history'));
  await page.waitForSelector('[data-testid^="hist-"]', { timeout: 120000 });
  const shown = (await rows(page)).length;
  const more = await page.$(id('show-more'));
  const left = more ? Number((await more.textContent()).match(/\((\d+)/)[1]) : 0;
  return shown + left;
}

test('200 games saved in localStorage by the previous build move to IndexedDB, all listed, and stay after a reload', async () => {
  const page = await app.page();
  await open(page, app.url);
  const games = Array.from({ length: 200 }, (_, i) =>
    i < 150 ? savedGame(FINISHED[i % FINISHED.length], i) : savedGame(UNFINISHED[i % UNFINISHED.length], i));
  // Twenty unfinished games have a backup, and one game was set aside.
  const entries = games.map((g) => [`genius.game.${g.id}`, g.text]);
  for (const g of games.filter((g) => !g.finished).slice(0, 20)) entries.push([`genius.game.${g.id}.bak`, g.text]);
  entries.push(['genius.aside.serieux-1-0001', '{"damaged":']);
  await page.evaluate((entries) => { for (const [k, v] of entries) localStorage.setItem(k, v); }, entries);
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  assert.equal((await inProgress(page)).length, 50, 'every unfinished game offered');
  assert.equal(await historyCount(page), 150, 'every finished game listed');
  // Moved: nothing left in localStorage, everything in IndexedDB.
  const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('genius.game.') || k.startsWith('genius.aside.')));
  assert.deepEqual(left, []);
  const keys = await idbKeys(page);
  assert.equal(keys.filter((k) => k.startsWith('game.') && !k.endsWith('.bak')).length, 200);
  // Each game in progress, summed up by a replay (these files have no
  // summary), was saved again with it: its earlier file is its backup.
  assert.equal(keys.filter((k) => k.endsWith('.bak')).length, 50);
  assert.ok(keys.includes('aside.serieux-1-0001'));
  assert.ok(keys.includes('index'), 'the summaries are kept too');
  // A reload reads them back from IndexedDB.
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  assert.equal((await inProgress(page)).length, 50);
  assert.equal(await historyCount(page), 150);
  assert.deepEqual(page.errors, []);
});

test('the app keeps more games than localStorage could hold, and saves a new one', async () => {
  const page = await app.page();
  await open(page, app.url);
  const n = 8000;
  const games = Array.from({ length: n }, (_, i) => savedGame(FINISHED[i % FINISHED.length], i));
  const chars = games.reduce((sum, g) => sum + g.text.length + g.id.length + 5, 0);
  // localStorage refuses this much in the same browser.
  const refused = await page.evaluate((chars) => {
    try { localStorage.setItem('genius.probe', 'x'.repeat(chars)); return null; } catch (e) { return e.name; } finally { localStorage.removeItem('genius.probe'); }
  }, chars);
  assert.equal(refused, 'QuotaExceededError', `${chars} characters do not fit in localStorage`);
  await page.evaluate((games) => new Promise((resolve, reject) => {
    const open = indexedDB.open('genius');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('games', 'readwrite');
      const store = tx.objectStore('games');
      for (const g of games) store.put(g.text, `game.${g.id}`);
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }), games);
  await open(page, app.url);
  assert.equal(await historyCount(page), n, 'every game listed');
  // A new game played to the end is saved beside them and kept.
  await open(page, app.url);
  await serieux(page, [[3, 2], [1, 1], [2], [6], [6], [6], [6], [6], [6], [6]]);
  await page.waitForSelector(id('ranking'));
  await open(page, app.url);
  assert.equal(await historyCount(page), n + 1);
  assert.deepEqual(page.errors, []);
});

test('a move from localStorage cut short is finished at the next start, keeping what IndexedDB already has', async () => {
  const page = await app.page();
  await open(page, app.url);
  const games = Array.from({ length: 30 }, (_, i) => savedGame(FINISHED[i % FINISHED.length], i));
  // The tab closed after the copy had committed, before localStorage was
  // emptied: ten games are in both, and one of them has been played on since
  // in IndexedDB (a different text under the same key).
  const newer = savedGame('serieux-in-progress', 0);
  await page.evaluate(([games, newer]) => new Promise((resolve, reject) => {
    for (const g of games) localStorage.setItem(`genius.game.${g.id}`, g.text);
    const open = indexedDB.open('genius');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('games', 'readwrite');
      const store = tx.objectStore('games');
      for (const g of games.slice(1, 10)) store.put(g.text, `game.${g.id}`);
      store.put(newer.text, `game.${games[0].id}`);
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }), [games, newer]);
  await open(page, app.url);
  assert.equal(await historyCount(page), 29, 'the 29 other finished games, each once');
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  assert.equal((await inProgress(page)).length, 1, 'the game played on in IndexedDB is kept, not the older copy');
  const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('genius.game.')));
  assert.deepEqual(left, []);
  assert.deepEqual(page.errors, []);
});

// The browser's storage full (its quota lowered through the DevTools
// protocol, before the game's first save: Chromium lets writes through for
// a while after a successful one): IndexedDB refuses the save after the
// move has returned. The player is told at that move, in their language,
// without playing another, and the moves are kept: stored once there is
// room again, after a reload.
test('a full storage is told at the move whose save failed, and the moves are kept', async () => {
  const page = await app.page();
  await open(page, app.url);
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(app.url).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
  await serieux(page, [[3, 2]]);
  const anne = await page.textContent(id('cell-0-0'));
  assert.notEqual(anne, '', 'the move is played');
  // Told at this move: no other action follows.
  await page.waitForSelector(id('storage-full'), { timeout: 10000 });
  assert.match(await page.textContent(id('storage-full')), /la mémoire de l'appareil est pleine\. Exportez vos parties/);
  const journaled = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('genius.pending.')).length);
  assert.ok(await journaled() > 0, 'the unsaved game is journaled');
  // Playing on: each move kept in the game, and told again.
  for (const f of [1, 1]) await page.tap(id(`typed-face-${f}`));
  await page.tap(id('record-typed'));
  const bruno = await page.textContent(id('cell-1-0'));
  assert.notEqual(bruno, '');
  await page.waitForSelector(id('storage-full'));
  // Room again (the quota back), then a reload: no move was lost.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  // The only game in progress: reopened at start.
  await launch(page, app.url);
  await page.waitForSelector(id('serieux-game'));
  assert.equal(await page.textContent(id('cell-0-0')), anne);
  assert.equal(await page.textContent(id('cell-1-0')), bruno);
  assert.equal(await page.$(id('storage-full')), null);
  // Stored in IndexedDB now: the journal is empty, and the game is there.
  await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith('genius.pending.')));
  const keys = await idbKeys(page);
  assert.equal(keys.filter((k) => k.startsWith('game.') && !k.endsWith('.bak')).length, 1);
  assert.deepEqual(page.errors, []);
});

// ---- Games summed up when saved (issue 20: no rules at start) ----

/** The stored text of IndexedDB key `key`, or, given `text`, stores it. */
const idbText = (page, key, text) => page.evaluate(([key, text]) => new Promise((resolve, reject) => {
  const open = indexedDB.open('genius');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const store = open.result.transaction('games', 'readwrite').objectStore('games');
    const req = text === undefined ? store.get(key) : store.put(text, key);
    req.onsuccess = () => { open.result.close(); resolve(req.result); };
    req.onerror = () => reject(req.error);
  };
}), [key, text]);

/** The wasm files the page asks for from now on. */
function wasmAsked(page) {
  const asked = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) asked.push(r.url().split('/').pop()); });
  return asked;
}

test('a game in progress is listed on Home from the summary saved with it: no rules fetched until it is resumed', async () => {
  const page = await app.page({ serviceWorkers: 'block' });
  await open(page, app.url);
  await serieux(page, [[3, 2], [1, 1], [6]]);
  const [key] = (await idbKeys(page)).filter((k) => k.startsWith('game.serieux-') && !k.endsWith('.bak'));
  assert.match(await idbText(page, key), /"summary":\["serieux","None",\{"Round":\{"round":2,"of":5\}\},false,true,\[\["Anne",0,/);
  // A second game in progress, so that the app starts on Home (with one,
  // it reopens it, issue 37).
  await page.tap('.topbar .back');
  await serieux(page, [[6, 5]]);
  const asked = wasmAsked(page);
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  assert.match(await page.textContent(id('in-progress')), /Mode Sérieux · Anne, Bruno · Manche 2 \/ 5/);
  await page.waitForTimeout(500);
  assert.deepEqual(asked.filter((f) => !f.startsWith('genius_bg')), [], 'only the start file');
  await page.tap(`[data-testid="resume-${key.slice('game.'.length)}"]`);
  await page.waitForSelector(id('serieux-game'));
  assert.match(await page.textContent(id('serieux-game')), /Bruno/);
  assert.ok(asked.some((f) => f.includes('SerieuxGameScreen')));
  assert.ok(!asked.some((f) => f.includes('replayed')), 'a summary saved with its game is not replayed');
  // Played on, from where it was.
  await page.tap(id('typed-face-5'));
  await page.tap(id('record-typed'));
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  assert.match(await page.textContent(id('in-progress')), /Anne, Bruno · Manche 3 \/ 5/);
  assert.deepEqual(page.errors, []);
});

test('a game saved by an earlier version, without its summary, is listed by its name and date, then summed up by a replay', async () => {
  const page = await app.page({ serviceWorkers: 'block' });
  await open(page, app.url);
  const game = savedGame('serieux-in-progress', 3);
  assert.doesNotMatch(game.text, /"summary"/);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`genius.game.${game.id}`, game.text]);
  // An older one too, so that the app starts on Home (with one game in
  // progress it reopens it, issue 37).
  const older = savedGame('serieux-in-progress', 2);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`genius.game.${older.id}`, older.text]);
  const asked = wasmAsked(page);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/replayed[^/]*\.wasm$/, async (route) => { await held; await route.continue(); });
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  // Until the replay's own file is there: its name and when it was saved.
  assert.match(await page.textContent('.saved-summary'), /^Mode Sérieux · 2025-11-2\d \d\d:\d\d$/);
  release();
  // The replay, fetched once Home is on screen, sums it up.
  await page.waitForFunction(() => /· Dev, Élise, Farid ·/.test(document.querySelector('.saved-summary')?.textContent));
  assert.match(await page.textContent('.saved-summary'), /^Mode Sérieux · Dev, Élise, Farid · Manche 2 \/ 5$/);
  assert.ok(asked.some((f) => f.includes('replayed')));
  // Its file now carries the summary: the next start needs no replay.
  assert.match(await idbText(page, `game.${game.id}`), /"summary":\["serieux"/);
  asked.length = 0;
  await page.unroute(/replayed[^/]*\.wasm$/);
  await open(page, app.url);
  await page.waitForSelector(id('in-progress'));
  assert.match(await page.textContent('.saved-summary'), /^Mode Sérieux · Dev, Élise, Farid · Manche 2 \/ 5$/);
  await page.waitForTimeout(300);
  assert.ok(!asked.some((f) => f.includes('replayed')), 'no replay at the next start');
  await page.tap(`[data-testid="resume-${game.id}"]`);
  await page.waitForSelector(id('serieux-game'));
  assert.match(await page.textContent(id('serieux-game')), /Élise/);
  assert.deepEqual(page.errors, []);
});

test('a game that no longer replays is set aside, untouched, when resumed, and Home says so', async () => {
  const page = await app.page({ serviceWorkers: 'block' });
  await open(page, app.url);
  await serieux(page, [[3, 2], [1, 1]]);
  const [key] = (await idbKeys(page)).filter((k) => k.startsWith('game.serieux-') && !k.endsWith('.bak'));
  // Its first roll edited into no dice, the file sealed again: it reads,
  // its summary is there, but its log does not replay.
  const text = await idbText(page, key);
  const edited = reseal(text.replace(/"dice":\[[0-9,]+\]/, '"dice":[]'));
  assert.notEqual(edited, text);
  await idbText(page, key, edited);
  await idbText(page, `${key}.bak`, edited);
  // The only game in progress, reopened at start: it does not replay.
  await launch(page, app.url);
  await page.waitForSelector(id('set-aside'));
  assert.match(await page.textContent(id('set-aside')), /1 partie enregistrée était illisible : elle a été mise de côté, sans être modifiée\./);
  assert.equal(await page.$(id('in-progress')), null);
  const keys = await idbKeys(page);
  assert.ok(!keys.includes(key));
  assert.equal(await idbText(page, key.replace(/^game\./, 'aside.')), edited, 'set aside as it was');
  assert.deepEqual(page.errors, []);
});

// ---- Issue 37: a reload mid-game comes back to it ----

test('with one game in progress the app reopens it at start; with two, or a table link, it does not', async () => {
  const page = await app.page();
  await open(page, app.url);
  await serieux(page, [[3, 2], [1, 1]]);
  const anne = await page.textContent(id('cell-0-0'));
  // A reload mid-game: the game, as it was, straight away (no Home between).
  const screens = [];
  await page.exposeFunction('seenScreen', (name) => screens.push(name));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const main = document.querySelector('.app:not([data-prerendered]) main.screen');
      if (main) window.seenScreen?.(main.className);
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.reload();
  await page.waitForSelector(id('serieux-game'));
  assert.equal(await page.textContent(id('cell-0-0')), anne);
  assert.ok(!screens.some((s) => /screen-Home/.test(s)), `no Home on the way: ${screens.join(', ')}`);
  assert.equal(await page.$('[data-prerendered]'), null, "the page's copy of Home was not shown");
  await shot(page, 'issue37-after-reload-reopens');
  // Back goes Home, which lists it.
  await page.tap('.topbar .back');
  await page.waitForSelector(id('in-progress'));
  assert.equal((await inProgress(page)).length, 1);
  // A table's link in the address opens that table instead; a damaged one
  // opens Home, which says so, and is forgotten: a reload is Home again.
  await page.goto('about:blank');
  await page.goto(`${app.url}#join=not-a-ticket`);
  await page.waitForSelector(id('link-status'));
  assert.match(await page.getAttribute('main.screen', 'class'), /screen-Home/);
  assert.match(await page.textContent(id('link-status')), /damaged|abîmé/);
  assert.doesNotMatch(page.url(), /#join=/);
  // Two games in progress: Home stays, where both are listed.
  await page.goto('about:blank');
  await launch(page, app.url);
  await page.waitForSelector(id('serieux-game'));
  await page.tap('.topbar .back');
  await page.waitForSelector(id('in-progress'));
  await serieux(page, [[6, 5]]);
  await page.reload();
  await page.waitForSelector(id('in-progress'));
  assert.equal((await inProgress(page)).length, 2);
  assert.match(await page.getAttribute('main.screen', 'class'), /screen-Home/);
  await shot(page, 'issue37-after-reload-two-games-home');
  assert.deepEqual(page.errors, []);
});
