// The table audit: every screen, mid-game states with six players whose
// 24-character names start alike, at 360×640, 390×844, 844×390 and
// 768×1024, light and dark, French and English. It fails on
//   - an interactive element smaller than 44×44 CSS px (targets);
//   - a name, score or die wider than the screen or cut by its box (clipped);
//   - names truncated until two players look the same (ambiguous);
//   - a grid or table that has to be scrolled sideways to be read whole
//     (sideways: its totals or last columns out of view);
//   - a serious or critical axe-core violation (axe, at 390×844 for each
//     theme and language: the engine takes about a second per screen).
// Screenshots of every screen at every size: tests/e2e/artifacts/audit/
// (kept by CI with the other artefacts), and a summary of the counts in
// tests/e2e/artifacts/audit/summary.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { start, id, open, ARTIFACTS, ROOT } from './support/harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const OUT = path.join(ARTIFACTS, 'audit');
const DICE_PHOTO = path.join(ROOT, 'tests/fixtures/dice/penlington/valid-valid_77.jpg');
const VIEWPORTS = [
  { width: 360, height: 640 }, { width: 390, height: 844 },
  { width: 844, height: 390 }, { width: 768, height: 1024 },
];
const AXE_VIEWPORT = VIEWPORTS[1];
// Six players, 24 characters for most, two pairs that start alike.
const SIX = ['Anne-Charlotte Delacroix', 'Anne-Charlotte Delaporte', 'Marie-Bernadette Lefèvre',
  'Marie-Bernadette Leblanc', 'Jean-Christophe Beaumont', 'Zoé'];
const FOUR = SIX.slice(0, 4);

let app, relay, relayUrl;
before(async () => {
  // The table screens need a table: iroh's relay server on 127.0.0.1
  // (examples/local_relay.rs), named in every phone's settings.
  relay = spawn(path.join(ROOT, 'target/debug/examples/local_relay'), [], { stdio: ['pipe', 'pipe', 'inherit'] });
  relayUrl = await new Promise((resolve) => readline.createInterface({ input: relay.stdout })
    .on('line', (l) => { if (l.startsWith('relay ')) resolve(l.slice(6).trim()); }));
  app = await start();
  fs.mkdirSync(OUT, { recursive: true });
});
after(async () => {
  await app?.stop();
  relay?.stdin.end();
  relay?.kill();
});

const withRelay = (url) => {
  if (location.protocol.startsWith('http') && !localStorage.getItem('genius.settings')) localStorage.setItem('genius.settings', JSON.stringify({ version: 1, relay: url }));
};

/** Another phone at the table (its own context), in English. */
async function otherPhone() {
  const context = await app.browser.newContext({ locale: 'en-GB', viewport: AXE_VIEWPORT, hasTouch: true, isMobile: true });
  await context.addInitScript(withRelay, relayUrl);
  return context.newPage();
}
let otherPhones = [];
const closeOtherPhones = async () => { for (const p of otherPhones.splice(0)) await p.context().close(); };

/** Einstein with `names`, played on several phones from `page`: its table
 * screen once the link is up; the join link. */
async function hostEinstein(page, names) {
  await setup(page, 'einstein', names);
  await page.tap(id('play-on-phones'));
  await page.waitForSelector(id('join-link'), { timeout: 30000 });
  return (await page.textContent(id('join-link'))).trim();
}

/** Sets up `game` with `names` (the first player chosen, or a roll-off). */
async function setup(page, game, names, { rollOff = false } = {}) {
  await open(page, app.url);
  await page.tap(id(`open-${game}`));
  await page.waitForSelector(id('setup'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  if (!rollOff) {
    await page.tap(id('first-chosen'));
    await page.tap(id('first-0'));
  }
  await page.tap(id('start-game'));
  await page.waitForSelector(id(`${game}-game`));
}

const taps = async (page, ...testids) => { for (const t of testids) await page.tap(id(t)); };
const typedTurn = async (page, faces) => { await taps(page, ...faces.map((f) => `typed-face-${f}`), 'record-typed'); };
const rules = async (page) => { await page.tap(id('open-rules')); await page.waitForSelector(id('rulings')); };

/** name → how to reach it; screens later in the list see the games saved
 * by the earlier ones (history, statistics, the home screen's games). */
const SCREENS = [
  ['checker', async (page) => { await open(page, app.url); await page.tap(id('open-checker')); await taps(page, 'face-2', 'face-4', 'face-3', 'face-5', 'face-3'); }],
  // The camera's screen (issue 61) over the checker: no camera in this
  // browser, so a photo of five dice through the picker, and a die's faces.
  ['reader', async (page) => {
    await open(page, app.url); await page.tap(id('open-checker')); await page.tap(id('read-dice'));
    await page.waitForSelector(id('reader-unavailable'));
    if (fs.existsSync(DICE_PHOTO)) {
      await page.setInputFiles(id('reader-photo-input'), DICE_PHOTO);
      await page.waitForSelector(id('read-chip-0'), { timeout: 30_000 });
      await page.tap(id('read-chip-0'));
      await page.waitForSelector(id('reader-pick'));
    }
  }],
  ['roller', async (page) => { await open(page, app.url); await page.tap(id('open-roller')); await page.tap(id('roll')); }],
  ['settings', async (page) => { await open(page, app.url); await page.tap('.topbar .settings'); await page.waitForSelector(id('lang-fr'), { state: 'attached' }); }],
  ['serieux-setup', async (page) => {
    await open(page, app.url); await page.tap(id('open-serieux'));
    for (let i = 2; i < 6; i++) await page.tap(id('add-player'));
    for (let i = 0; i < 6; i++) await page.fill(id(`name-${i}`), SIX[i]);
  }],
  ['serieux-rolloff', async (page) => setup(page, 'serieux', SIX, { rollOff: true })],
  ['serieux-rolled-off', async (page) => { await setup(page, 'serieux', SIX, { rollOff: true });
    while (await page.$(id('rolloff-record'))) await page.tap(id('roll-off-all'));
  }],
  // Typed dice, so that every run sees the same verdicts: the screen ends on
  // a prime (23), the finished game on a number that is not (14).
  ['serieux', async (page) => {
    await setup(page, 'serieux', SIX);
    for (let i = 0; i < 7; i++) await typedTurn(page, [1, 4]);
    await typedTurn(page, [3, 2]);
  }],
  ['serieux-rules', async (page) => rules(page)],
  ['serieux-finished', async (page) => {
    await setup(page, 'serieux', SIX);
    // Six-digit totals (5 × 23333) for half the players.
    for (let i = 0; i < 30; i++) await typedTurn(page, i % 2 ? [1, 4] : [3, 3, 3, 3, 2]);
    await page.waitForSelector(id('ranking'));
  }],
  ['genius-setup', async (page) => { await open(page, app.url); await page.tap(id('open-genius')); await page.waitForSelector(id('setup')); }],
  ['genius', async (page) => {
    await setup(page, 'genius', SIX);
    const roll = await page.$('[data-testid^="genius-roll-"]');
    if (roll) await roll.tap();
  }],
  ['genius-rules', async (page) => rules(page)],
  ['einstein-setup', async (page) => { await open(page, app.url); await page.tap(id('open-einstein')); await page.waitForSelector(id('setup')); }],
  ['einstein', async (page) => {
    await setup(page, 'einstein', SIX);
    await taps(page, 'typed-face-1', 'typed-face-2', 'typed-face-3', 'typed-face-6', 'typed-face-6', 'record-typed');
  }],
  ['einstein-handover', async (page) => taps(page, 'edie-0', 'edie-1', 'edie-2', 'edie-3', 'confirm-choice')],
  ['einstein-rules', async (page) => rules(page)],
  // One game on several phones: the host's table screen (the QR code, the
  // seats, one held by another phone), its game screen with the table's
  // line, and a phone that opened a join link choosing its seat.
  ['table-host', async (page) => {
    await closeOtherPhones();
    const url = await hostEinstein(page, SIX);
    const guest = await otherPhone();
    otherPhones.push(guest);
    await guest.goto(url);
    await guest.waitForSelector(id('seat-picker'), { timeout: 30000 });
    await guest.tap(id('claim-1'));
    await page.waitForSelector(id('free-seat-1'), { timeout: 20000 });
  }],
  ['table-game', async (page) => {
    await page.tap(id('to-game'));
    await page.waitForSelector(id('table-line'));
  }],
  ['table-guest', async (page) => {
    await closeOtherPhones();
    const host = await otherPhone();
    otherPhones.push(host);
    const url = await hostEinstein(host, SIX);
    await page.goto('about:blank');
    await page.goto(url);
    await page.waitForSelector(id('seat-picker'), { timeout: 30000 });
  }],
  ['table-guest-game', async (page) => {
    await page.tap(id('claim-2'));
    await page.waitForSelector(`${id('claim-2')}[aria-pressed="true"]`);
    await page.tap(id('to-game'));
    await page.waitForSelector(id('waiting-others'));
    await closeOtherPhones();
  }],
  ['sequence-setup', async (page) => { await open(page, app.url); await page.tap(id('open-sequence')); await page.waitForSelector(id('setup')); }],
  ['sequence', async (page) => { await setup(page, 'sequence', FOUR); await taps(page, 'typed-face-3', 'typed-face-4'); }],
  ['sequence-rules', async (page) => rules(page)],
  ['rtt-setup', async (page) => { await open(page, app.url); await page.tap(id('open-rtt')); await page.waitForSelector(id('setup')); }],
  ['rtt', async (page) => setup(page, 'rtt', SIX)],
  ['rtt-rules', async (page) => rules(page)],
  ['words-setup', async (page) => { await open(page, app.url); await page.tap(id('open-words')); await page.waitForSelector(id('setup')); }],
  ['words-dice-entry', async (page) => { await setup(page, 'words', SIX); await page.tap(id('theme-face-1')); }],
  ['words', async (page) => {
    await setup(page, 'words', SIX);
    await taps(page, 'theme-face-1', 'roll-dice');
    await page.fill(id('word-input'), 'Bonaparte');
  }],
  ['words-rules', async (page) => rules(page)],
  ['history', async (page) => { await open(page, app.url); await page.tap(id('open-history')); await page.waitForSelector(id('history')); }],
  ['stats', async (page) => { await open(page, app.url); await page.tap(id('open-history')); await page.tap(id('tab-Stats')); }],
  ['home', async (page) => open(page, app.url)],
];

/** What is wrong with the page as laid out now, by kind. */
const geometry = (page, names) => page.evaluate((names) => {
  const width = document.documentElement.clientWidth;
  const visible = (e) => {
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0;
  };
  const label = (e) => `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''}.${[...e.classList].join('.')} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const found = { targets: [], clipped: [], ambiguous: [], board: [], sideways: [] };

  // A score grid or table is read whole, its totals in view: no box that
  // has to be scrolled sideways.
  for (const e of document.querySelectorAll('.app *')) {
    if (!visible(e) || !['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) continue;
    if (e.scrollWidth > e.clientWidth + 1) found.sideways.push(`${label(e)} ${e.scrollWidth}>${e.clientWidth}`);
  }

  // Targets: what a finger taps. A radio or checkbox is tapped through its label.
  const interactive = [...document.querySelectorAll('.app button, .app a[href], .app input, .app select, .app textarea, .app [role="button"], .app summary')]
    // and so is a file input hidden behind its label.
    .map((e) => ((e.type === 'radio' || e.type === 'checkbox' || e.type === 'file') && e.closest('label')) || e)
    .filter((e, i, all) => all.indexOf(e) === i && visible(e));
  for (const e of interactive) {
    const r = e.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) found.targets.push(`${label(e)} ${Math.round(r.width)}×${Math.round(r.height)}`);
  }

  // What holds a name, a score or a die.
  const holds = (e) => {
    const t = (e.textContent || '').trim();
    if (!t) return e.matches('.die') || e.querySelector('.die') ? 'die' : null;
    if (names.some((n) => t.includes(n) || (t.replace(/…$/, '').length >= 3 && n.startsWith(t.replace(/…$/, ''))))) return 'name';
    if (e.querySelector('.die, svg') || e.matches('.die, .die *')) return 'die';
    if (/^[−-]?\d[\d\s  ,.]*$/.test(t)) return 'score';
    return null;
  };
  const scrolls = (e) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const leaves = [...document.querySelectorAll('.app *')].filter((e) => visible(e) && (e.children.length <= 2 || e.matches('.die')));
  for (const e of leaves) {
    const kind = holds(e);
    if (!kind) continue;
    const r = e.getBoundingClientRect();
    if ((r.right > width + 1 || r.left < -1) && !scrolls(e)) {
      found.clipped.push(`${kind} past the edge: ${label(e)} ${Math.round(r.left)}→${Math.round(r.right)}`);
      continue;
    }
    const s = getComputedStyle(e);
    // A box that scrolls (a wide table) shows all of it: only hidden or clip cut.
    const cuts = ['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflowY);
    if (cuts && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) && s.textOverflow !== 'ellipsis') {
      found.clipped.push(`${kind} cut by its box: ${label(e)} ${e.scrollWidth}>${e.clientWidth}`);
    }
    // Sticking out of its card (a section of the screen).
    const card = e.parentElement?.closest('.info');
    if (card && !scrolls(e)) {
      const cr = card.getBoundingClientRect();
      if (r.right > cr.right + 1 || r.left < cr.left - 1) found.clipped.push(`${kind} out of its card: ${label(e)} ${Math.round(r.right)}>${Math.round(cr.right)}`);
    }
    // A child sticking out of a box that clips it.
    const p = e.parentElement;
    if (p && ['hidden', 'clip'].includes(getComputedStyle(p).overflowX) && !scrolls(e)) {
      const pr = p.getBoundingClientRect();
      if (r.right > pr.right + 1 || r.left < pr.left - 1) found.clipped.push(`${kind} cut by ${label(p)}: ${label(e)}`);
    }
  }

  // A board is seen whole, so that the squares the roll allows are on screen.
  for (const b of document.querySelectorAll('.app .board')) {
    const r = b.getBoundingClientRect();
    if (r.height > window.innerHeight + 1 || r.width > width + 1) found.board.push(`${label(b)} ${Math.round(r.width)}×${Math.round(r.height)} on a ${width}×${window.innerHeight} screen`);
  }

  // Names shortened with an ellipsis: what is left must tell players apart.
  const shown = [];
  for (const e of document.querySelectorAll('.app *')) {
    if (!visible(e) || e.children.length) continue;
    const full = (e.textContent || '').trim();
    const name = names.find((n) => full.includes(n));
    if (!name) continue;
    const s = getComputedStyle(e);
    if (s.textOverflow !== 'ellipsis' || e.scrollWidth <= e.clientWidth + 1) continue;
    // The characters that fit before the ellipsis.
    const text = e.firstChild;
    const right = e.getBoundingClientRect().right - 10;
    const range = document.createRange();
    let fit = 0;
    for (let i = 1; i <= text.length; i++) {
      range.setStart(text, 0); range.setEnd(text, i);
      if (range.getBoundingClientRect().right > right) break;
      fit = i;
    }
    shown.push({ e, name, prefix: text.textContent.slice(0, fit).trim() });
  }
  for (const a of shown) {
    const twin = names.find((n) => n !== a.name && n.startsWith(a.prefix.replace(/^[^\p{L}]+/u, '')));
    if (twin) found.ambiguous.push(`"${a.prefix}…" is ${a.name} or ${twin}: ${label(a.e)}`);
  }
  return found;
}, names);

const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 3 ? ` +${v.nodes.length - 3}` : ''}`);
}

const summary = { visits: 0, screens: SCREENS.length, viewports: VIEWPORTS.length, counts: {}, byScreen: {} };
const combos = [
  { theme: 'light', lang: 'fr' }, { theme: 'dark', lang: 'fr' },
  { theme: 'light', lang: 'en' }, { theme: 'dark', lang: 'en' },
];

for (const { theme, lang } of combos) {
  test(`audit: every screen, ${theme} theme, ${lang.toUpperCase()}, at four sizes`, async () => {
    // At 1 device pixel per CSS pixel: 464 screenshots stay light.
    const context = await app.browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-GB', colorScheme: theme,
      viewport: AXE_VIEWPORT, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    await context.addInitScript(withRelay, relayUrl);
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
    const problems = [];
    for (const [screen, go] of SCREENS) {
      await page.setViewportSize(AXE_VIEWPORT);
      await go(page);
      await settle(page);
      for (const v of await axe(page)) problems.push({ kind: 'axe', screen, where: `${AXE_VIEWPORT.width}×${AXE_VIEWPORT.height}`, what: v });
      for (const vp of VIEWPORTS) {
        await page.setViewportSize(vp);
        await settle(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        const where = `${vp.width}×${vp.height}`;
        const found = await geometry(page, SIX);
        for (const [kind, list] of Object.entries(found)) for (const what of list) problems.push({ kind, screen, where, what });
        await page.screenshot({ path: path.join(OUT, `${screen}-${vp.width}x${vp.height}-${theme}-${lang}.png`) });
        summary.visits++;
      }
    }
    assert.deepEqual(page.errors, []);
    await context.close();
    for (const p of problems) {
      summary.counts[p.kind] = (summary.counts[p.kind] ?? 0) + 1;
      const k = `${p.screen} ${p.kind}`;
      summary.byScreen[k] = (summary.byScreen[k] ?? 0) + 1;
    }
    fs.writeFileSync(path.join(OUT, 'summary.json'), JSON.stringify(summary, null, 1));
    fs.writeFileSync(path.join(OUT, `problems-${theme}-${lang}.txt`), problems.map((p) => `${p.kind}\t${p.screen}\t${p.where}\t${p.what}`).join('\n'));
    // One line per distinct problem, where it was seen.
    const distinct = new Map();
    for (const p of problems) {
      const key = `${p.kind}: ${p.screen}: ${p.what}`;
      distinct.set(key, [...(distinct.get(key) ?? []), p.where]);
    }
    assert.deepEqual([...distinct].map(([k, w]) => `${k} @ ${w.join(', ')}`), [],
      `${problems.length} problems (${theme}, ${lang}); see tests/e2e/artifacts/audit/`);
  });
}
