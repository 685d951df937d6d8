// Issue 37's screenshots of the four points, as a player sees them, on any
// build (GENIUS_WEB_DIST): `node issue37-shots.mjs before` on the build
// before the change, `after` on the build with it. Not a test: the tests
// check the behaviour (words, einstein, roller, storage tests).
import { start, id, open, shot } from './harness.mjs';

const when = process.argv[2] || 'after';
const app = await start();
try {
  // 1. The round timer while a word is entered and judged.
  {
    const page = await app.page();
    await page.clock.install();
    await open(page, app.url);
    await page.tap(id('open-words'));
    await page.waitForSelector(id('setup'));
    await page.tap(id('timer-60'));
    await page.tap(id('add-player'));
    for (const [i, n] of ['Anne', 'Bruno', 'Chloé'].entries()) await page.fill(id(`name-${i}`), n);
    await page.tap(id('first-chosen'));
    await page.tap(id('first-0'));
    await page.tap(id('start-game'));
    await page.waitForSelector(id('words-game'));
    await page.tap(id('theme-face-2'));
    for (const [k, l] of ['B', 'O', 'R', 'V', 'A'].entries()) await page.tap(id(`lface-${k}-${l}`));
    await page.tap(id('cface-red'));
    await page.tap(id('confirm-dice'));
    await page.waitForSelector(id('initial'));
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.clock.runFor(8000);
    const at = await page.textContent('.timer-clock');
    await page.tap(id('speaker-0'));
    await page.clock.runFor(3000);
    await page.fill(id('word-input'), 'Venise');
    await page.clock.runFor(3000);
    await page.tap(id('propose'));
    await page.waitForSelector(id('judge'));
    await page.clock.runFor(3000);
    console.log(`1. timer: ${at.trim()} before choosing the speaker, ${(await page.textContent('.timer-clock')).trim()} at the verdict (9 s of entering and judging)`);
    await page.locator(id('round-timer')).scrollIntoViewIfNeeded();
    await shot(page, `issue37-${when}-timer`);
  }
  // 2. A reload mid-game, one game in progress.
  {
    const page = await app.page();
    await open(page, app.url);
    await page.tap(id('open-einstein'));
    await page.waitForSelector(id('setup'));
    for (const [i, n] of ['Anne', 'Bruno'].entries()) await page.fill(id(`name-${i}`), n);
    await page.tap(id('first-chosen'));
    await page.tap(id('first-0'));
    await page.tap(id('start-game'));
    await page.waitForSelector(id('einstein-game'));
    await page.reload();
    await page.waitForSelector('.app:not([data-prerendered]) main.screen');
    await page.waitForTimeout(1500);
    console.log(`2. reload: ${await page.getAttribute('main.screen', 'class')}`);
    await shot(page, `issue37-${when}-reload`);
  }
  // 3. Einstein resumed during the hand-over.
  {
    const page = await app.page();
    await open(page, app.url);
    await page.tap(id('open-einstein'));
    await page.waitForSelector(id('setup'));
    await page.tap(id('add-player'));
    for (const [i, n] of ['Anne', 'Bruno', 'Chloé'].entries()) await page.fill(id(`name-${i}`), n);
    await page.tap(id('first-chosen'));
    await page.tap(id('first-0'));
    await page.tap(id('start-game'));
    await page.waitForSelector(id('einstein-game'));
    for (const d of [1, 1, 3, 3, 4]) await page.tap(id(`typed-face-${d}`));
    await page.tap(id('record-typed'));
    for (const i of [0, 1, 2, 3]) await page.tap(id(`edie-${i}`));
    await page.tap(id('confirm-choice'));
    await page.waitForSelector(id('handover'));
    await page.reload();
    await page.waitForSelector('.app:not([data-prerendered]) main.screen');
    const resume = await page.waitForSelector('[data-testid^="resume-einstein-"], [data-testid="handover"]');
    if ((await resume.getAttribute('data-testid')).startsWith('resume-')) await resume.tap();
    await page.waitForSelector(id('handover') + ', ' + id('choose'));
    console.log(`3. einstein resumed: ${await page.$(id('handover')) ? 'hand-over' : "Bruno's choice open"}`);
    await shot(page, `issue37-${when}-handover`);
  }
  // 4. The roller after Undo.
  {
    const page = await app.page();
    await open(page, app.url);
    await page.tap(id('open-roller'));
    await page.waitForSelector(id('roller'));
    await page.tap(id('roll'));
    await page.tap(id('roll'));
    await page.tap(id('roller-undo'));
    await page.waitForTimeout(400);
    console.log(`4. roller after undo: ${await page.$(id('roll-comes-back')) ? 'said' : 'nothing said'}`);
    await shot(page, `issue37-${when}-roller-undo`);
  }
} finally {
  await app.stop();
}
