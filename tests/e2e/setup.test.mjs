// The setup screen at 390×844: what a table types there stays while it reads
// the rules and comes back (issue 50, point 1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot, APP } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const LONG = 'Chloé-Marie-Charlotte';

/** What the setup screen shows as chosen: the names, who starts, the sheet
 * and the variant. */
const draft = (page) => page.evaluate(() => ({
  names: [...document.querySelectorAll('[data-testid^="name-"]')].map((e) => e.value),
  rollOff: document.querySelector('[data-testid="first-rolloff"]').checked,
  first: document.querySelector('[data-testid^="first-"][aria-pressed="true"]')?.dataset.testid ?? null,
  sheet: document.querySelector('[data-testid^="sheet-"]:checked')?.dataset.testid ?? null,
  decreasing: document.querySelector('[data-testid="decreasing"]').checked,
}));

test('issue 50, point 1: Setup → Rules → back keeps the players, who starts and the options', async () => {
  for (const [locale, colorScheme, suffix] of [['fr-FR', 'light', 'fr'], ['en-GB', 'dark', 'en-dark'], ['fr-FR', 'dark', 'fr-dark'], ['en-GB', 'light', 'en']]) {
    const page = await app.page({ locale, colorScheme });
    await open(page, app.url);
    await page.tap(id('open-rtt'));
    await page.waitForSelector(id('setup'));
    await page.tap(id('sheet-pyramid'));
    await page.tap(id('decreasing'));
    await page.tap(id('add-player'));
    for (const [i, name] of ['Anne', LONG, 'Bruno'].entries()) await page.fill(id(`name-${i}`), name);
    await page.tap(id('first-chosen'));
    await page.tap(id('first-1'));
    const typed = await draft(page);
    assert.deepEqual(typed, {
      names: ['Anne', LONG, 'Bruno'], rollOff: false, first: 'first-1', sheet: 'sheet-pyramid', decreasing: true,
    });
    await page.getByRole('button', { name: locale.startsWith('fr') ? 'Règles' : 'Rules', exact: true }).tap();
    await page.waitForSelector(id('rtt-rules'));
    await page.tap(`${APP} .topbar .back`);
    await page.waitForSelector(id('setup'));
    assert.deepEqual(await draft(page), typed, `the setup as it was left (${locale}, ${colorScheme})`);
    await page.$eval(id('first-1'), (e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, `issue50-setup-kept-${suffix}`);
    // The game starts with them.
    await page.tap(id('start-game'));
    await page.waitForSelector(id('rtt-game'));
    assert.match(await page.textContent(id('game-status')), new RegExp(`${LONG}`));
    // A new setup after a game starts from nothing again.
    await page.tap(`${APP} .topbar .back`);
    await page.waitForSelector(`${APP} main.screen-Home`);
    await page.tap(id('open-rtt'));
    await page.waitForSelector(id('setup'));
    assert.deepEqual((await draft(page)).names, ['', '']);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
