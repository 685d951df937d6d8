// Roll to the Top played through the UI in headless Chromium at 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { start, id, open, shot, rulesText } from './support/harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** axe-core's serious and critical violations on the page as it stands. */
async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

// The longest name a player may have (24 characters), with a hyphen.
const LONG = 'Chloé-Maximilienne Duval';

/** The lines of the elements `selector` that end inside a word: a letter
 * on each side of the break. */
async function midWordBreaks(page, selector) {
  return page.$$eval(selector, (els) => els.flatMap((el) => {
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return [];
    const s = text.textContent;
    const range = document.createRange();
    const top = (i) => { range.setStart(text, i); range.setEnd(text, i + 1); return range.getBoundingClientRect().top; };
    const cut = [];
    for (let i = 1; i < s.length; i++) {
      if (Math.abs(top(i) - top(i - 1)) > 2 && /\p{L}/u.test(s[i - 1]) && /\p{L}/u.test(s[i])) cut.push(`${s.slice(0, i)}/${s.slice(i)}`);
    }
    return cut;
  }));
}

async function typedValues(page, values, button, white = 0) {
  for (let i = 0; i < values.length; i++) await page.fill(id(`value-${i}`), String(values[i]));
  // A typed roll names the white die's face (none is chosen beforehand).
  if (button === 'rtt-roll-typed') await page.tap(id(`typed-white-${white}`));
  await page.tap(id(button));
}

async function put(page, dice, square) {
  for (const d of dice) await page.tap(id(`rd-${d}`));
  await page.tap(id(`tsq-${square}`));
}

test('a full two-player game: start sequence, shared results, white die overrides, winner and series', async () => {
  const page = await app.page();
  await open(page, app.url);
  await page.evaluate(() => localStorage.removeItem('genius.rtt-series'));
  await page.tap(id('open-rtt'));
  await page.waitForSelector(id('setup'));
  await page.tap(id('sheet-first-steps'));
  await page.fill(id('name-0'), 'Anne');
  await page.fill(id('name-1'), LONG);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('rtt-game'));
  assert.match(await page.textContent(id('game-status')), /Anne lance les dés/);
  // All odd: roll again.
  await typedValues(page, [1, 3, 5, 7, 9], 'rtt-start-typed');
  await page.waitForSelector(id('rtt-start'));
  // All even: the five dice are in play.
  await typedValues(page, [2, 4, 6, 8, 20], 'rtt-start-typed');
  await page.waitForSelector(id('rtt-roll'));
  assert.equal(await page.$$eval('.pool-die.in', (d) => d.length), 5);
  await typedValues(page, [1, 2, 3, 4, 5], 'rtt-roll-typed');
  // Anne: five squares from one result, a square filled now supporting another.
  assert.match(await page.textContent(id('game-status')), /À Anne de jouer/);
  await put(page, [0], 0);
  await put(page, [1], 1);
  await page.tap(id('rd-2'));
  assert.deepEqual(await page.$$eval('.tsq.accept', (s) => s.map((e) => e.dataset.testid)), ['tsq-2', 'tsq-3']);
  await page.tap(id('tsq-3'));
  await put(page, [3], 2);
  await put(page, [4], 4);
  await shot(page, 'rtt-placing-fr');
  await page.tap(id('rtt-done'));
  // Bruno: 1 + 2 summed into one square, then done.
  assert.match(await page.textContent(id('game-status')), new RegExp(`À ${LONG} de jouer`));
  await put(page, [0, 1], 0);
  assert.equal(await page.textContent(`${id('tsq-0')} .tsq-v`), '3');
  await page.tap(id('rtt-done'));
  // Five dice were rolled: Bruno must remove one.
  assert.match(await page.textContent(id('adjustment')), /Les 5 dés ont été lancés : retirez 1 dé/);
  await page.tap(id('add-d4')).catch(() => {});
  await page.tap(id('remove-d20'));
  await page.tap(id('rtt-adjust'));
  assert.equal(await page.$$eval('.pool-die.in', (d) => d.length), 4);
  await typedValues(page, [1, 6, 3, 12], 'rtt-roll-typed');
  // A square that cannot take the number says why.
  await page.tap(id('rd-0'));
  await page.tap(id('tsq-5'));
  assert.match(await page.textContent(id('square-error')), /ne peut pas recevoir 1/);
  await page.tap(id('rd-0'));
  await put(page, [1], 5);                       // 6 ≥ 3 and 5: Anne's last square
  await page.tap(id('rtt-done'));
  await page.tap(id('rtt-done'));                // Bruno passes
  await page.waitForSelector(id('ranking'));
  const ranking = await page.$$eval(`${id('ranking')} .ranking-list li`, (l) => l.map((e) => e.textContent));
  assert.match(ranking[0], /1er.*Anne.*0 cases vides/);
  assert.match(ranking[1], new RegExp(`2e.*${LONG}.*5 cases vides`));
  // Issue 44: a long name wraps between its words or at its hyphen, never
  // inside a word ("Chloé-Maxim/ilienne").
  assert.deepEqual(await midWordBreaks(page, `${id('ranking')} .rank-name`), []);
  assert.match(await page.textContent(id('series')), new RegExp(`${LONG}−5`));
  await shot(page, 'rtt-finished-fr');
  assert.deepEqual(page.errors, []);
});

test('the rules page and every sheet can be chosen', async () => {
  const page = await app.page({ locale: 'en-US', colorScheme: 'dark' });
  await open(page, app.url);
  await page.tap(id('open-rtt'));
  // The setup is its own file, fetched the first time it opens.
  await page.waitForSelector(id('setup'));
  for (const sheet of ['first-steps', 'staircase', 'twin-towers', 'bridge', 'pyramid', 'summit']) {
    assert.ok(await page.$(id(`sheet-${sheet}`)), sheet);
  }
  await page.tap(id('sheet-summit'));
  await page.fill(id('name-0'), 'Ann');
  await page.tap(id('remove-player-1'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('rtt-game'));
  assert.equal(await page.$$eval('.tsq', (s) => s.length), 21);
  await page.tap(id('rtt-start'));
  await shot(page, 'rtt-summit-dark-en');
  await page.tap(id('open-rules'));
  assert.match(await rulesText(page, 'rtt-rules'), /Priorities: 5 dice rolled/);
});

// Issue 37, "Sheets that show where to play".

async function newGame(page, sheet, names) {
  await open(page, app.url);
  await page.tap(id('open-rtt'));
  await page.waitForSelector(id('setup'));
  await page.tap(id(`sheet-${sheet}`));
  if (names.length === 1) await page.tap(id('remove-player-1'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('rtt-game'));
}

/** The box of `selector` against the viewport, below the sticky top bar. */
async function inView(page, selector) {
  // The app scrolls a frame after the tap: waits up to 2 s for it.
  return page.waitForFunction((sel) => {
    const e = document.querySelector(sel);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    const bar = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    return r.top >= bar - 1 && r.bottom <= window.innerHeight + 1;
  }, selector, { timeout: 2000 }).then(() => true, () => false);
}

const marked = (page) => page.$$eval('.tsq.coach-mark', (s) => s.map((e) => [e.dataset.testid, e.querySelector('.tsq-advice').textContent]));

test('issue 37: the squares are numbered as the coach names them, and its squares light up on the sheet', async () => {
  for (const [locale, colorScheme, suffix] of [['en-GB', 'light', ''], ['fr-FR', 'dark', '-dark-fr']]) {
    const page = await app.page({ locale, colorScheme });
    await newGame(page, 'first-steps', ['Anne']);
    await typedValues(page, [2, 2, 1, 1, 1], 'rtt-start-typed');
    await typedValues(page, [2, 3], 'rtt-roll-typed');
    // Every square shows its number, the one the coach uses.
    const numbers = await page.$$eval('.tsq', (s) => s.map((e) => [e.dataset.testid, getComputedStyle(e, '::before').content.replaceAll('"', '')]));
    assert.deepEqual(numbers, [0, 1, 2, 3, 4, 5].map((i) => [`tsq-${i}`, String(i + 1)]));
    assert.deepEqual(await marked(page), [], 'nothing lit before the coach is asked');
    await page.tap(id('coach-button'));
    const reason = await page.textContent(id('coach-reason'));
    assert.match(reason, locale === 'en-GB' ? /square 1 ← d4 \(2\); square 3 ← d6 \(3\)/ : /case 1 ← d4 \(2\) ; case 3 ← d6 \(3\)/);
    // The coach's squares, with the numbers it would write, on the sheet.
    assert.deepEqual(await marked(page), [['tsq-0', '2'], ['tsq-2', '3']]);
    const label = await page.getAttribute(id('tsq-2'), 'aria-label');
    assert.match(label, locale === 'en-GB' ? /^Square 3: empty, on the ground, ★ the coach's choice: 3 \(d6\)$/ : /^Case 3 : vide, au sol, ★ conseil du coach : 3 \(d6\)$/);
    assert.deepEqual(await axe(page), [], `axe, coach's squares lit (${locale}, ${colorScheme})`);
    await page.$eval(id('tower'), (e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, `issue37-after-rtt-coach${suffix}`);
    if (!suffix) {
      await page.$eval(id('tower'), (e) => e.scrollIntoView({ block: 'end' }));
      await shot(page, 'issue37-after-rtt-numbers');
    }
    // Following it: a placed square shows its number, the mark goes.
    await page.tap(id('rd-0'));
    await page.tap(id('tsq-0'));
    assert.deepEqual(await marked(page), [['tsq-2', '3']]);
    await page.tap(id('coach-button'));
    assert.deepEqual(await marked(page), [], 'closed: nothing lit');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('issue 37: a picked die\'s squares come into view, and a refusal shows under the tower', async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }]) {
    const page = await app.page({ viewport });
    await newGame(page, 'summit', ['Anne', 'Bruno']);
    await typedValues(page, [2, 4, 6, 8, 20], 'rtt-start-typed');
    await typedValues(page, [1, 2, 3, 4, 5], 'rtt-roll-typed');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.tap(id('rd-4'));
    const accept = await page.$$eval('.tsq.accept', (s) => s.map((e) => e.dataset.testid));
    assert.equal(accept.length, 6, 'the six squares on the ground take a 5');
    for (const sq of accept) assert.ok(await inView(page, id(sq)), `${sq} in view at ${viewport.width}×${viewport.height}`);
    assert.ok(await inView(page, id('picked-sum')), 'and the sum of the picked dice');
    if (viewport.width === 390) await shot(page, 'issue37-after-rtt-accept');
    // A square that cannot take 5: said under the tower, in view.
    await page.tap(id('tsq-20'));
    assert.match(await page.textContent(id('square-error')), /Cette case ne peut pas recevoir 5 maintenant/);
    assert.ok(await inView(page, id('square-error')), 'the refusal in view');
    assert.ok(await inView(page, id('tsq-20')), 'with the square tapped');
    assert.equal(await page.$(id('move-error')), null, 'not at the top of the screen');
    assert.deepEqual(await axe(page), [], 'axe, squares lit and a refusal');
    if (viewport.width === 390) await shot(page, 'issue37-after-rtt-refusal');
    // A square that takes it: the refusal goes.
    await page.tap(id('tsq-0'));
    assert.equal(await page.$(id('square-error')), null);
    assert.equal(await page.textContent(`${id('tsq-0')} .tsq-v`), '5');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('issue 37: the first in-app throw shows its values; typed dice start with no white face; Confirm waits for the die', async () => {
  const page = await app.page();
  await newGame(page, 'first-steps', ['Anne', 'Bruno']);
  // The app's own dice, again until one die is even.
  for (let i = 0; i < 30 && !(await page.$(id('rtt-roll'))); i++) {
    await page.tap(id('rtt-start'));
    if (!(await page.$(id('rtt-roll')))) assert.equal(await page.$$eval('.start-die.out', (d) => d.length), 5, 'all odd: all set aside');
  }
  await page.waitForSelector(id('rtt-roll'));
  const dice = await page.$$eval('.start-die', (d) => d.map((e) => ({
    name: e.querySelector('.rdie-name').textContent,
    value: Number(e.querySelector('.rdie-label').textContent),
    state: e.querySelector('.start-die-state').textContent,
    in: e.classList.contains('in'),
  })));
  assert.deepEqual(dice.map((d) => d.name), ['d4', 'd6', 'd8', 'd12', 'd20']);
  for (const d of dice) {
    assert.ok(d.value >= 1 && d.value <= Number(d.name.slice(1)), `${d.name} shows ${d.value}`);
    assert.equal(d.in, d.value % 2 === 0, `${d.name} ${d.value}: even dice come into play`);
    assert.equal(d.state, d.in ? 'en jeu' : 'de côté');
  }
  assert.equal(await page.$$eval('.pool-die.in', (d) => d.length), dice.filter((d) => d.in).length);
  assert.match(await page.textContent(id('start-roll')), /Lancer de départ : les dés pairs entrent en jeu/);
  assert.deepEqual(await axe(page), [], 'axe, the start roll shown');
  await shot(page, 'issue37-after-rtt-start-values');
  // Typed dice: no white face chosen; recording without one says so and loses nothing.
  const pressed = () => page.$$eval('[data-testid^="typed-white-"]', (b) => b.map((e) => e.getAttribute('aria-pressed')));
  assert.deepEqual(await pressed(), ['false', 'false', 'false', 'false']);
  assert.equal(await page.$$eval('[data-testid^="typed-white-"].chip-on', (b) => b.length), 0);
  const inPlay = dice.filter((d) => d.in);
  for (let i = 0; i < inPlay.length; i++) await page.fill(id(`value-${i}`), '2');
  await page.tap(id('rtt-roll-typed'));
  assert.match(await page.textContent(id('white-missing')), /Touchez la face du dé blanc, puis inscrivez le lancer/);
  assert.ok(await inView(page, id('white-missing')), 'said beside the Record button');
  assert.equal(await page.inputValue(id('value-0')), '2', 'the typed values are kept');
  await page.$eval(id('rtt-roll-typed'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(page, 'issue37-after-rtt-typed-white');
  await page.tap(id('typed-white-5'));
  assert.deepEqual(await pressed(), ['false', 'false', 'false', 'true']);
  assert.equal(await page.$(id('white-missing')), null, 'answered: the message goes');
  await page.tap(id('rtt-roll-typed'));
  await page.waitForSelector(id('place'));
  assert.match(await page.textContent(id('pool')), /\+1 et −1/, 'the face chosen');
  await page.context().close();
});

test('issue 37: Confirm is offered once the picks make a change the white die allows', async () => {
  const page = await app.page({ locale: 'en-GB', colorScheme: 'dark' });
  await newGame(page, 'first-steps', ['Anne', 'Bruno']);
  await typedValues(page, [2, 4, 1, 1, 1], 'rtt-start-typed');       // the d4 and the d6
  // A refused typed roll keeps what was typed, white face included.
  await typedValues(page, [5, 2], 'rtt-roll-typed', 4);
  assert.match(await page.textContent(id('move-error')), /5 is not a face of that die/);
  assert.equal(await page.inputValue(id('value-0')), '5');
  assert.equal(await page.getAttribute(id('typed-white-4'), 'aria-pressed'), 'true');
  await typedValues(page, [1, 2], 'rtt-roll-typed', 4);               // white: +1 or −1
  await put(page, [0], 0);
  await page.tap(id('rtt-done'));
  await page.tap(id('rtt-done'));                                      // Bruno passes
  assert.match(await page.textContent(id('adjustment')), /The white die says: add OR remove 1 die/);
  const confirm = () => page.$eval(id('rtt-adjust'), (b) => !b.disabled);
  assert.equal(await confirm(), false, 'nothing chosen: no Confirm');
  assert.deepEqual(await axe(page), [], 'axe, Confirm not on offer (dark)');
  await shot(page, 'issue37-after-rtt-confirm');
  await page.tap(id('add-d8'));
  assert.equal(await confirm(), true);
  // Add OR remove: choosing a die to remove lets the addition go.
  await page.tap(id('remove-d4'));
  assert.equal(await page.getAttribute(id('add-d8'), 'aria-pressed'), 'false');
  assert.equal(await page.getAttribute(id('remove-d4'), 'aria-pressed'), 'true');
  assert.equal(await confirm(), true);
  await page.tap(id('remove-d4'));
  assert.equal(await confirm(), false, 'unchosen again');
  await page.tap(id('add-d12'));
  await shot(page, 'issue37-after-rtt-confirm-chosen');
  await page.tap(id('rtt-adjust'));
  await page.waitForSelector(id('rtt-roll'));
  assert.equal(await page.$$eval('.pool-die.in', (d) => d.length), 3);
  // The next typed roll starts with no white face either.
  assert.equal(await page.$$eval('[data-testid^="typed-white-"].chip-on', (b) => b.length), 0);
  assert.equal(await page.$(id('move-error')), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
