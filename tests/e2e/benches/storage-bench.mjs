// Measures, in the release web build with the CPU slowed 4× (Chrome
// DevTools' throttling), opening Home and History with 100, 1 000 and
// 10 000 stored games (finished ones, plus five in progress), saved in
// IndexedDB as the app saves them:
// - the first start after they arrive (every game read and replayed once,
//   the index of summaries built),
// - an app start (navigation → Home with its games in progress shown: the
//   games read from IndexedDB, the index parsed),
// - History's first page shown after the tap, Home (its games in progress)
//   after the back button, and History again.
// Each figure is the median of three.
//   node tests/e2e/benches/storage-bench.mjs [SIZES…]    (after the release web build)
import { start, id, APP } from '../support/harness.mjs';
import { savedGames } from '../support/saved-games.mjs';

const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const sizes = SIZES.length ? SIZES : [100, 1000, 10000];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;

/** Puts `games` straight into the app's IndexedDB store. */
const seed = (page, games) => page.evaluate((games) => new Promise((resolve, reject) => {
  const open = indexedDB.open('genius');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('games', 'readwrite');
    const store = tx.objectStore('games');
    store.clear();
    for (const g of games) store.put(g.text, `game.${g.id}`);
    tx.oncomplete = () => { open.result.close(); resolve(); };
    tx.onerror = () => reject(tx.error);
  };
}), games);

/** Milliseconds from a tap on `card` until `selector` is in the page. */
const tapUntil = (page, card, selector) => page.evaluate(([card, selector]) => new Promise((resolve) => {
  const t0 = performance.now();
  document.querySelector(card).click();
  const poll = () => (document.querySelector(selector) ? resolve(performance.now() - t0) : setTimeout(poll, 0));
  poll();
}), [card, selector]);

const app = await start();
try {
  for (const n of sizes) {
    const page = await app.page();
    const cdp = await page.context().newCDPSession(page);
    await page.goto(app.url);
    await page.waitForSelector(APP);
    await seed(page, savedGames(n, 5));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const starts = [];
    const firsts = [];
    const agains = [];
    const homes = [];
    let build = 0;
    for (let run = 0; run < 4; run++) {
      const t0 = Date.now();
      await page.goto(app.url);
      await page.waitForSelector(id('in-progress'), { timeout: 600000 });
      const start = await page.evaluate(() => performance.now());
      // The first run builds the index (every game replayed once).
      if (run === 0) { build = Date.now() - t0; continue; }
      starts.push(start);
      firsts.push(await tapUntil(page, id('open-history'), '[data-testid^="hist-"]'));
      homes.push(await tapUntil(page, '.back', id('in-progress')));
      agains.push(await tapUntil(page, id('open-history'), '[data-testid^="hist-"]'));
      const shown = await page.$$('[data-testid^="hist-"]');
      const more = await page.$(id('show-more'));
      const left = more ? Number((await more.textContent()).match(/\((\d+)/)[1]) : 0;
      if (shown.length + left !== n) throw new Error(`History lists ${shown.length + left} of ${n}`);
    }
    console.log(`web storage, ${n} finished games + 5 in progress, CPU 4× slower: first start (index built) ${ms(build)}; `
      + `app start to Home ${ms(median(starts))}; open History ${ms(median(firsts))}, back to Home ${ms(median(homes))}, `
      + `History again ${ms(median(agains))}`);
    await page.context().close();
  }
} finally {
  await app.stop();
}
