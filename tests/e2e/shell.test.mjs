// public/shell.js around the app: the browser's (and so the phone's) back
// goes to the parent screen, the screen stays awake during a game, rolls
// vibrate unless turned off, and a new screen starts at the top.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, APP } from './support/harness.mjs';
import { SCREENS } from './support/screens.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const screen = (page) => page.$eval('main.screen', (m) => /\bscreen-(\w+)/.exec(m.className)[1]);
const inner = (page) => page.evaluate(() => !!(history.state && history.state.genius));

async function back(page, expected) {
  await page.goBack();
  await page.waitForSelector(`main.screen-${expected}`);
}

test('back goes to the parent screen, and from home leaves the app', async () => {
  const page = await app.page();
  await page.goto('about:blank');
  await open(page, app.url);
  assert.equal(await inner(page), false, 'home: nothing to go back to inside the app');
  await page.click(id('open-checker'));
  await page.waitForSelector(id('checker'));
  assert.equal(await inner(page), true);
  await back(page, 'Home');
  assert.equal(await inner(page), false);

  // A game's rules go back to the game, the game to home (not to its setup).
  await SCREENS.serieux(page, app.url);
  await page.waitForSelector('main.screen-SerieuxGame');
  await page.click(id('open-rules'));
  await page.waitForSelector('main.screen-SerieuxRules');
  await back(page, 'SerieuxGame');
  await back(page, 'Home');

  // The app's own back arrow leaves no stale entry behind.
  await page.click('.topbar .settings');
  await page.waitForSelector('main.screen-Settings');
  await page.click('.topbar .back');
  await page.waitForSelector('main.screen-Home');
  await page.waitForFunction(() => !(history.state && history.state.genius));
  // So the next back leaves the app, as Android's back does on home.
  await page.goBack();
  await page.waitForURL('about:blank');
  assert.deepEqual(page.errors, []);
});

test('reloaded on another screen, the app comes back on home, however often the page changes meanwhile', async () => {
  // A reload keeps the history entry's state: the page starts on home with
  // the mark of the screen it was reloaded on, and goes back once to drop
  // it. Changes of the page before the browser has gone back (here, the
  // root's class set three times) must not send it back again, past the app.
  const page = await app.page();
  await page.goto('about:blank');
  await open(page, app.url);
  await page.click(id('open-checker'));
  await page.waitForSelector(id('checker'));
  assert.equal(await inner(page), true);
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', async () => {
    for (const name of ['a', 'b', 'c']) {
      document.documentElement.classList.toggle(`probe-${name}`);
      // A few microtasks: the shell has looked at the page, the browser
      // has not gone back yet.
      for (let i = 0; i < 4; i++) await Promise.resolve();
    }
  }));
  await page.reload();
  await page.waitForSelector(`${APP} main.screen-Home`);
  await page.waitForTimeout(500);
  assert.equal(page.url(), app.url);
  assert.equal(await screen(page), 'Home');
  assert.equal(await inner(page), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// Issue 37: reloaded mid-game, with that one game in progress, the app
// comes back to the game; back then goes Home, and from Home leaves the app.
test('reloaded mid-game, the app comes back to the game; back goes home, then leaves', async () => {
  const page = await app.page();
  await page.goto('about:blank');
  await SCREENS.einstein(page, app.url);
  await page.waitForSelector('main.screen-EinsteinGame');
  assert.equal(await inner(page), true);
  await page.reload();
  await page.waitForSelector(`${APP} main.screen-EinsteinGame`);
  await page.waitForSelector(id('einstein-game'));
  await page.waitForTimeout(300);
  assert.equal(await screen(page), 'EinsteinGame', 'still on the game once the shell has looked');
  assert.equal(await inner(page), true);
  await back(page, 'Home');
  await page.waitForSelector('[data-testid^="resume-einstein-"]');
  await page.waitForFunction(() => !(history.state && history.state.genius));
  await page.goBack();
  await page.waitForURL('about:blank');
  assert.deepEqual(page.errors, []);
});

test('the phone stays awake in a game and the checker, not elsewhere', async () => {
  const page = await app.page();
  await page.addInitScript(() => {
    window.wakeLog = [];
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async (type) => {
          window.wakeLog.push(`request ${type}`);
          const sentinel = new EventTarget();
          sentinel.released = false;
          sentinel.release = async () => { sentinel.released = true; window.wakeLog.push('release'); sentinel.dispatchEvent(new Event('release')); };
          return sentinel;
        },
      },
    });
  });
  const log = () => page.evaluate(() => window.wakeLog.join(', '));
  await open(page, app.url);
  assert.equal(await log(), '');
  await page.click(id('open-checker'));
  await page.waitForFunction(() => window.wakeLog.length === 1);
  assert.equal(await log(), 'request screen');
  await page.click('.topbar .back');
  await page.waitForFunction(() => window.wakeLog.length === 2);
  assert.equal(await log(), 'request screen, release');
  await page.click(id('open-einstein'));
  await page.waitForSelector(id('setup'));
  assert.equal(await log(), 'request screen, release', 'not on a setup screen');
  // A game (opened afresh: the log starts again).
  await SCREENS.einstein(page, app.url);
  await page.waitForFunction(() => window.wakeLog.length === 1);
  await back(page, 'Home');
  await page.waitForFunction(() => window.wakeLog.length === 2);
  assert.equal(await log(), 'request screen, release');
  assert.deepEqual(page.errors, []);
});

test('virtual rolls vibrate, typed dice do not, and the setting turns it off', async () => {
  const page = await app.page();
  await page.addInitScript(() => {
    window.buzz = [];
    navigator.vibrate = (ms) => { window.buzz.push(ms); return true; };
  });
  const buzzes = () => page.evaluate(() => window.buzz.length);
  await open(page, app.url);
  await page.tap(id('open-checker'));
  await page.tap(id('face-2'));
  assert.equal(await buzzes(), 0, 'typing a face is not a roll');
  await page.tap(id('roll-3'));
  assert.equal(await buzzes(), 1);
  await page.tap('.topbar .settings');
  assert.equal(await page.isChecked(id('haptics-on')), true, 'on by default');
  await page.tap(id('haptics-off'));
  assert.equal(await page.getAttribute('.app', 'data-haptics'), 'off');
  // Back to the checker Settings was opened from, then home.
  await page.tap('.topbar .back');
  await page.waitForSelector(id('checker'));
  await page.tap('.topbar .back');
  await page.tap(id('open-roller'));
  await page.tap(id('roll'));
  assert.equal(await buzzes(), 1, 'no vibration once turned off');
  // Remembered: still off after a reload, and back on when chosen.
  await page.reload();
  await page.waitForSelector(APP);
  assert.equal(await page.getAttribute('.app', 'data-haptics'), 'off');
  await page.tap('.topbar .settings');
  await page.tap(id('haptics-on'));
  await page.tap('.topbar .back');
  await page.tap(id('open-roller'));
  await page.tap(id('roll'));
  assert.equal(await buzzes(), 1, 'one vibration since the reload');
  assert.deepEqual(page.errors, []);
});

test('a new screen starts at the top of the page', async () => {
  const page = await app.page({ viewport: { width: 360, height: 640 } });
  await SCREENS['serieux-rules'](page, app.url);
  await page.waitForSelector('main.screen-SerieuxRules');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 100);
  await page.click('.topbar .back');
  await page.waitForSelector('main.screen-SerieuxGame');
  await page.waitForFunction(() => window.scrollY === 0);
  assert.equal(await screen(page), 'SerieuxGame');
  assert.deepEqual(page.errors, []);
});
