// Every main screen at a small phone, a phone, a tablet and a phone in
// landscape: no horizontal scroll, and the space used where there is some.
// Screenshots of each go to tests/e2e/artifacts/layout-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, shot } from './support/harness.mjs';
import { SCREENS, VIEWPORTS } from './support/screens.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const overflow = (page) => page.evaluate(() => {
  const width = document.documentElement.clientWidth;
  // Inside a box that scrolls or clips sideways (a wide score grid) is fine.
  const clipped = (e) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    }
    return false;
  };
  const wide = [...document.querySelectorAll('.app *')]
    .filter((e) => e.getBoundingClientRect().right > width + 1 && !clipped(e))
    .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
  return { scroll: document.documentElement.scrollWidth > window.innerWidth, wide: wide.slice(0, 5) };
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`no horizontal scroll at ${viewport.width}×${viewport.height} (${name})`, async () => {
    for (const [screen, go] of Object.entries(SCREENS)) {
      const page = await app.page({ viewport });
      await go(page, app.url);
      await page.evaluate(() => window.scrollTo(0, 0));
      const o = await overflow(page);
      assert.equal(o.scroll, false, `${screen} scrolls sideways at ${name}`);
      assert.deepEqual(o.wide, [], `${screen} has elements past the right edge at ${name}`);
      if (name === 'phone' || name === 'landscape') await shot(page, `layout-${screen}-${name}`);
      assert.deepEqual(page.errors, [], screen);
      await page.context().close();
    }
  });
}

test('dark theme screenshots at 390×844 and 844×390', async () => {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.landscape]) {
    for (const screen of ['home', 'checker', 'serieux', 'genius']) {
      const page = await app.page({ viewport, colorScheme: 'dark' });
      await SCREENS[screen](page, app.url);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.equal(await page.$eval('.app', (e) => getComputedStyle(e).backgroundColor), 'rgb(17, 19, 22)');
      await shot(page, `layout-${screen}-${viewport.width}x${viewport.height}-dark`);
      await page.context().close();
    }
  }
});

const inView = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight + 1 && r.left >= 0 && r.right <= window.innerWidth + 1;
});

test('in landscape the checker shows the verdict beside the faces and roll buttons', async () => {
  const page = await app.page({ viewport: VIEWPORTS.landscape });
  await SCREENS.checker(page, app.url);
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.ok(await inView(page, id('verdict')), 'verdict on screen');
  for (const f of [1, 6]) assert.ok(await inView(page, id(`face-${f}`)), `face ${f} on screen`);
  assert.ok(await inView(page, id('roll-5')), 'roll buttons on screen');
  const verdict = await page.locator(id('verdict')).boundingBox();
  const keypad = await page.locator('.keypad').boundingBox();
  assert.ok(keypad.x >= verdict.x + verdict.width, 'the keypad is beside the verdict');
});

test('on a tablet or in landscape the home screen uses two columns', async () => {
  for (const viewport of [VIEWPORTS.tablet, VIEWPORTS.landscape]) {
    const page = await app.page({ viewport });
    await SCREENS.home(page, app.url);
    const a = await page.locator(id('open-serieux')).boundingBox();
    const b = await page.locator(id('open-genius')).boundingBox();
    assert.equal(Math.round(a.y), Math.round(b.y), `side by side at ${viewport.width}×${viewport.height}`);
    await page.context().close();
  }
});

test('in landscape a game puts its controls beside the score sheet', async () => {
  const page = await app.page({ viewport: VIEWPORTS.landscape });
  await SCREENS.serieux(page, app.url);
  await page.evaluate(() => window.scrollTo(0, 0));
  const play = await page.locator('.game > .table-controls > .play').boundingBox();
  const grid = await page.locator(id('grid')).boundingBox();
  assert.ok(grid.x >= play.x + play.width - 1, 'the grid is to the right of the controls');
  assert.ok(await inView(page, id('serieux-roll-5')), 'roll buttons on screen');
});

test('setup: radios and checkboxes keep their size beside two-line labels, the whole label a big target', async () => {
  for (const viewport of [VIEWPORTS['phone-small'], VIEWPORTS.phone]) {
    for (const game of ['genius', 'rtt', 'serieux']) {
      const page = await app.page({ viewport });
      await page.goto(app.url);
      await page.waitForSelector('.app:not([data-prerendered])');
      await page.click(id(`open-${game}`));
      await page.waitForSelector(id('setup'));
      const boxes = await page.$$eval('.setup .choice', (labels) => labels.map((l) => {
        const i = l.querySelector('input').getBoundingClientRect();
        const r = l.getBoundingClientRect();
        return { input: [Math.round(i.width), Math.round(i.height)], label: [Math.round(r.width), Math.round(r.height)], text: l.textContent.slice(0, 30) };
      }));
      assert.ok(boxes.length >= 3, game);
      for (const b of boxes) {
        assert.ok(b.input[0] >= 24 && b.input[1] >= 24, `${game} at ${viewport.width}: ${b.text} box ${b.input.join('×')}`);
        assert.ok(b.label[0] >= 44 && b.label[1] >= 44, `${game} at ${viewport.width}: ${b.text} label ${b.label.join('×')}`);
      }
      if (game === 'genius') await shot(page, `issue37-after-5-setup-${viewport.width}`);
      await page.context().close();
    }
  }
});

test('the big buttons (roll-off, Einstein\'s roll, Séquence\'s roll) have room either side of their label', async () => {
  const page = await app.page({ viewport: VIEWPORTS['phone-small'] });
  await page.goto(app.url);
  await page.waitForSelector('.app:not([data-prerendered])');
  await page.click(id('open-einstein'));
  await page.waitForSelector(id('setup'));
  await page.fill(id('name-0'), 'Anne');
  await page.fill(id('name-1'), 'Bruno');
  await page.click(id('start-game'));
  await page.waitForSelector(id('roll-off-all'));
  const padding = (testid) => page.$eval(id(testid), (b) => {
    const s = getComputedStyle(b);
    return Math.min(parseFloat(s.paddingLeft), parseFloat(s.paddingRight));
  });
  assert.ok(await padding('roll-off-all') >= 16, 'roll-off');
  await shot(page, 'issue37-after-5-rolloff-button-360');
  while (await page.$(id('rolloff-record'))) await page.click(id('roll-off-all'));
  assert.ok(await padding('einstein-roll') >= 16, 'Einstein');
  await page.context().close();
});

test('in landscape the Séquence Dés board is whole on the screen, its squares still large', async () => {
  const page = await app.page({ viewport: VIEWPORTS.landscape });
  await SCREENS.sequence(page, app.url);
  await page.evaluate(() => window.scrollTo(0, 0));
  const board = await page.locator('.board').boundingBox();
  assert.ok(board.y + board.height <= VIEWPORTS.landscape.height, `the board ends at ${board.y + board.height} px, below the ${VIEWPORTS.landscape.height} px screen`);
  const square = await page.locator('.board .square').first().boundingBox();
  assert.ok(square.height >= 44, `squares ${square.height} px tall`);
  await shot(page, 'layout-sequence-landscape-board');
  await page.context().close();
});
