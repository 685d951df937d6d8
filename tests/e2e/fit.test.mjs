// What must fit at 390×844 (issue 50, the cosmetic list): measured in the
// page — boxes that must not touch, labels that must stay on one line,
// colours that must stand out — in French and English, light and dark,
// with a long name. Screenshots in tests/e2e/artifacts/issue50-fit-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot, rulesText } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const LONG = 'Chloé-Marie-Charlotte';
const RUNS = [['fr-FR', 'light', 'fr'], ['en-GB', 'dark', 'en-dark'], ['fr-FR', 'dark', 'fr-dark'], ['en-GB', 'light', 'en']];

/** The room between two elements' boxes, across or down, whichever
 * separates them (negative or 0: they overlap or touch). */
const apart = (page, a, b) => page.evaluate(([a, b]) => {
  const ra = document.querySelector(a).getBoundingClientRect();
  const rb = document.querySelector(b).getBoundingClientRect();
  const across = Math.max(rb.left - ra.right, ra.left - rb.right);
  const down = Math.max(rb.top - ra.bottom, ra.top - rb.bottom);
  return Math.round(Math.max(across, down));
}, [a, b]);

/** How many lines the text of `selector` takes. */
const lines = (page, selector) => page.$eval(selector, (e) => {
  const range = document.createRange();
  range.selectNodeContents(e);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return tops.size;
});

/** The contrast ratio (WCAG) between two CSS colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Each set-aside die of the pool: its label, its fill, its text colour, and
 * the colour behind it (the first opaque background of its ancestors). */
const setAside = (page) => page.$$eval('.pool-die.out .rdie', (dice) => dice.map((d) => {
  let behind = 'rgb(255, 255, 255)';
  for (let e = d.parentElement; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && !bg.startsWith('rgba(0, 0, 0, 0)') && bg !== 'transparent') { behind = bg; break; }
  }
  const style = getComputedStyle(d);
  return { label: d.textContent, fill: style.backgroundColor, text: style.color, behind };
}));

/** Layout checks that go on after one fails, so that one run lists
 * everything that does not fit. */
function checks() {
  const wrong = [];
  const check = (ok, what) => { if (!ok) wrong.push(what); };
  return { wrong, check };
}

async function typed(page, values, button, white) {
  await page.waitForSelector(id(button));
  for (let i = 0; i < values.length; i++) await page.fill(id(`value-${i}`), String(values[i]));
  if (white !== undefined) await page.tap(id(`typed-white-${white}`));
  await page.tap(id(button));
}

async function put(page, die, square) {
  await page.tap(id(`rd-${die}`));
  await page.tap(id(`tsq-${square}`));
}

test('issue 50, cosmetic: Roll to the Top at 390 px — set-aside dice, Confirm (n), Add / Remove, the ranking and the series', async () => {
  for (const [locale, colorScheme, suffix] of RUNS) {
    const en = locale.startsWith('en');
    const { wrong, check } = checks();
    const page = await app.page({ locale, colorScheme });
    await open(page, app.url);
    await page.tap(id('open-rtt'));
    await page.waitForSelector(id('setup'));
    await page.tap(id('sheet-first-steps'));
    await page.fill(id('name-0'), LONG);
    await page.fill(id('name-1'), 'Anne');
    await page.tap(id('first-chosen'));
    await page.tap(id('first-0'));
    await page.tap(id('setup-dice-table'));
    await page.tap(id('start-game'));
    await page.waitForSelector(id('rtt-game'));

    // The start roll sets the d6 (3) and the d8 (7) aside: each stands out
    // from what is behind it (3:1, as a control must) and its name reads
    // on it (4.5:1).
    await typed(page, [2, 3, 7, 8, 20], 'rtt-start-typed');
    await page.waitForSelector(id('rtt-roll-typed'));
    const out = await setAside(page);
    assert.deepEqual(out.map((d) => d.label), ['d6', 'd8']);
    for (const d of out) {
      check(contrast(d.fill, d.behind) >= 3, `${d.label} set aside against the page: ${contrast(d.fill, d.behind).toFixed(2)}`);
      check(contrast(d.text, d.fill) >= 4.5, `${d.label}'s name on it: ${contrast(d.text, d.fill).toFixed(2)}`);
    }
    await shot(page, `issue50-fit-pool-${suffix}`);

    // The roll; the white die says "add or remove" for the next roller.
    await typed(page, [1, 2, 3], 'rtt-roll-typed', 4);
    await put(page, 0, 0);
    // "Confirm (1)" / "Valider (1)" on one line.
    assert.match(await page.textContent(id('rtt-done')), en ? /^Confirm \(1\)$/ : /^Valider \(1\)$/);
    check(await lines(page, id('rtt-done')) === 1, 'Confirm (1) on one line');
    await page.$eval(id('rtt-done'), (e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, `issue50-fit-confirm-${suffix}`);
    await put(page, 1, 1);
    await put(page, 2, 3);
    await page.tap(id('rtt-done'));
    await page.tap(id('rtt-done')); // Anne passes

    // Anne may add or remove a die: the two rows' chips start at the same x.
    await page.waitForSelector(id('adjust'));
    const firstChip = (prefix) => page.$eval(`[data-testid^="${prefix}"]`, (e) => Math.round(e.getBoundingClientRect().left));
    check(await firstChip('add-d') === await firstChip('remove-d'), 'Add and Remove chips aligned');
    await page.$eval(id('adjust'), (e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, `issue50-fit-adjust-${suffix}`);
    await page.tap(id('add-d6'));
    await page.tap(id('rtt-adjust'));
    await typed(page, [1, 5, 6, 2], 'rtt-roll-typed', 0);
    await put(page, 0, 2);
    await put(page, 1, 4);
    await put(page, 2, 5);
    await page.tap(id('rtt-done'));
    await page.tap(id('rtt-done')); // Anne passes: the game is over

    // The ranking: "0 cases vides" on one line beside the long name.
    await page.waitForSelector(id('ranking'));
    const totals = '[data-testid="ranking"] > .ranking-list .rank-total';
    assert.match(await page.textContent(totals), en ? /^0 open squares$/ : /^0 cases vides$/);
    check(await lines(page, totals) === 1, 'the first total on one line');
    check(await lines(page, `${totals} >> nth=1`) === 1, 'the second total on one line');
    // The series' reset and the new game do not touch.
    const reset = `${id('ranking')} button.action`;
    check(await apart(page, reset, `${id('ranking')} button.roll-main`) >= 8, 'room between reset and new game');
    await page.$eval(id('series'), (e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, `issue50-fit-ranking-${suffix}`);
    assert.deepEqual(wrong, [], `${locale}, ${colorScheme}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('issue 50, cosmetic: the relay setting and the home screen at 390 px', async () => {
  for (const [locale, colorScheme, suffix] of RUNS) {
    const { wrong, check } = checks();
    const page = await app.page({ locale, colorScheme });
    // Settings: the relay's heading on one line (on the frame, as the
    // others'), its two buttons apart.
    await open(page, app.url);
    await page.click('.topbar .settings');
    await page.waitForSelector(id('relay-save'));
    check(await lines(page, '.relay legend') === 1, 'the relay heading on one line');
    check(await apart(page, id('relay-save'), id('relay-check')) >= 8, 'room between the relay buttons');
    await page.$eval(id('relay-check'), (e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, `issue50-fit-relay-${suffix}`);

    // Home: the games in progress and the first card apart.
    await page.click('.topbar .back');
    await page.tap(id('open-serieux'));
    await page.waitForSelector(id('setup'));
    await page.fill(id('name-0'), LONG);
    await page.fill(id('name-1'), 'Anne');
    await page.tap(id('start-game'));
    await page.waitForSelector('main.screen-SerieuxGame');
    await page.click('.topbar .back');
    await page.waitForSelector(id('in-progress'));
    check(await apart(page, id('in-progress'), id('open-checker')) >= 8, 'room between the games in progress and the cards');
    await shot(page, `issue50-fit-home-${suffix}`);
    assert.deepEqual(wrong, [], `${locale}, ${colorScheme}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('issue 50, cosmetic: the English rules pages say why some names stay French', async () => {
  const page = await app.page({ locale: 'en-GB' });
  for (const [game, name] of [['serieux', 'Mode Sérieux'], ['genius', 'Partie + Longue'], ['sequence', 'Séquence Dés']]) {
    await open(page, app.url);
    await page.tap(id(`open-${game}`));
    await page.waitForSelector(id('setup'));
    await page.getByRole('button', { name: 'Rules', exact: true }).tap();
    const rules = await rulesText(page, `${game}-rules`);
    assert.ok(rules.includes(name), `${game}: ${name} named`);
    const rulings = await page.$$eval(`${id('rulings')} li`, (l) => l.map((e) => e.textContent));
    const why = rulings.filter((r) => r.includes(name) && /the English app keeps it as it is/.test(r));
    assert.equal(why.length, 1, `${game}: the rulings say once that ${name} stays French`);
  }
  await shot(page, 'issue50-fit-rules-en');
});
