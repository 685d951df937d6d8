// The dice roller in headless Chromium at 390×844: mixed dice, keeping some
// and re-rolling the others, history, fairness, undo that never re-rolls.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, id, open, shot } from './support/harness.mjs';

let app;
before(async () => { app = await start(); });
after(async () => { await app?.stop(); });

const faces = (page) => page.$$eval('.roller-dice .rdie-slot', (dice) =>
  dice.map((d) => d.querySelector('.rdie-label')?.textContent ?? `pips:${d.querySelectorAll('.pip').length}`));

async function openRoller(page) {
  await open(page, app.url);
  await page.tap(id('open-roller'));
  await page.waitForSelector(id('roller'));
}

test('mixed dice: keep some, re-roll the others', async () => {
  const page = await app.page();
  await openRoller(page);
  await page.tap('text=Roll to the Top');
  assert.equal(await page.$$eval('.roller-dice .rdie-slot', (d) => d.length), 6);
  assert.deepEqual(await page.$$eval('.rdie-name', (n) => n.map((e) => e.textContent)),
    ['d4', 'd6', 'd8', 'd12', 'd20', 'dé blanc']);
  await page.tap(id('roll'));
  const first = await faces(page);
  assert.ok(first.every((f) => f !== '?'), `every die shows a face: ${first}`);
  await page.tap(id('die-0'));
  await page.tap(id('die-4'));
  assert.equal(await page.getAttribute(id('die-4'), 'aria-pressed'), 'true');
  assert.match(await page.textContent(id('roll')), /\(4\)/);
  for (let i = 0; i < 5; i++) {
    await page.tap(id('roll'));
    const now = await faces(page);
    assert.equal(now[0], first[0], 'the kept d4 stays');
    assert.equal(now[4], first[4], 'the kept d20 stays');
  }
  const history = await page.$$eval('.history li', (li) => li.map((e) => e.textContent));
  assert.equal(history.length, 6);
  assert.match(history[0], new RegExp(`^\\(${first[0]}\\)`), 'kept dice are shown in brackets');
  assert.equal(await page.$$(id('sum')).then((s) => s.length), 0, 'no sum with the white die');
  assert.match(await page.textContent(id('fairness')), /d20/);
  await page.waitForTimeout(400); // let the tumble finish
  await shot(page, 'roller-mixed-fr');
  // The roller keeps its dice for the visit (made when it first opened):
  // home and back, the same dice, kept marks and history.
  const shown = await faces(page);
  await page.tap('.topbar .back');
  await page.waitForSelector(id('open-roller'));
  await page.tap(id('open-roller'));
  await page.waitForSelector(id('roller'));
  assert.deepEqual(await faces(page), shown, 'the same dice');
  assert.equal(await page.getAttribute(id('die-4'), 'aria-pressed'), 'true', 'the d20 still kept');
  assert.deepEqual(await page.$$eval('.history li', (li) => li.map((e) => e.textContent)), history);
  assert.deepEqual(page.errors, []);
});

test('numbered dice are summed; undo never re-rolls', async () => {
  const page = await app.page({ locale: 'en-GB', colorScheme: 'dark' });
  await openRoller(page);
  // The ready-made sets in English, French nowhere.
  const sets = await page.$$eval('.info .chips .chip', (c) => c.map((e) => e.textContent));
  assert.deepEqual(sets.slice(0, 6),
    ['Genius', 'Genius + challenge', 'Einstein', 'Séquence Dés', 'Roll to the Top', 'Letter Dice']);
  await page.tap('text=Séquence Dés');
  await page.tap(id('roll'));
  const pips = await page.$$eval('.roller-dice .rdie-slot', (d) => d.map((e) => e.querySelectorAll('.pip').length));
  // English typography: no space before the colon (French keeps its own).
  assert.equal(await page.textContent(id('sum')), `Sum: ${pips[0] + pips[1]}`);
  await page.tap(id('roll'));
  const rolled = await faces(page);
  await page.tap(id('roller-undo'));
  await page.tap(id('roll'));
  assert.deepEqual(await faces(page), rolled, 'the undone roll comes back');
  await page.waitForTimeout(400);
  await shot(page, 'roller-dark-en');
  assert.deepEqual(page.errors, []);
});

// Issue 37: Undo then Roll gives the same dice back (undo never launders a
// roll); in a plain roller that surprises, so the screen says it where it
// happens, under the buttons (Roll does not move), in both languages.
test('after an undone roll the screen says the next roll gives its dice back', async () => {
  for (const [locale, colorScheme, said] of [
    ['fr-FR', 'light', /Lancer annulé : le prochain lancer redonne ces dés\. Annuler corrige une erreur/],
    ['en-GB', 'dark', /Roll undone: the next roll gives these dice back\. Undo corrects a mistake/],
  ]) {
    const page = await app.page({ locale, colorScheme });
    await openRoller(page);
    await page.tap(id('roll'));
    assert.equal(await page.$(id('roll-comes-back')), null, 'nothing to say before an undo');
    await page.tap(id('roll'));
    const rolled = await faces(page);
    const rollAt = await page.locator(id('roll')).boundingBox();
    await page.tap(id('roller-undo'));
    await page.waitForSelector(id('roll-comes-back'));
    assert.match(await page.textContent(id('roll-comes-back')), said);
    assert.deepEqual(await page.locator(id('roll')).boundingBox(), rollAt, 'Roll stays where it was tapped');
    const note = await page.locator(id('roll-comes-back')).boundingBox();
    assert.ok(note.y >= rollAt.y + rollAt.height, 'said under the buttons');
    assert.ok(note.y + note.height <= 844, `on screen without scrolling: ${JSON.stringify(note)}`);
    await page.waitForTimeout(400);
    await shot(page, `issue37-after-roller-undo-${locale.slice(0, 2)}-${colorScheme}`);
    // The dice come back, and the line goes with them.
    await page.tap(id('roll'));
    assert.deepEqual(await faces(page), rolled, 'the undone roll comes back');
    assert.equal(await page.$(id('roll-comes-back')), null);
    assert.deepEqual(page.errors, []);
  }
});

test('any die can be added and removed', async () => {
  const page = await app.page();
  await openRoller(page);
  await page.tap(id('add-dé défi'));
  await page.tap(id('add-dé couleur'));
  assert.equal(await page.$$eval('.roller-dice .rdie-slot', (d) => d.length), 7);
  await page.tap(id('roll'));
  const all = await faces(page);
  assert.ok(['×2', '÷2', '+10', '−10', 'Défi 1', 'Défi 2'].includes(all[5]), all[5]);
  assert.ok(['vert', 'blanc', 'jaune', 'rouge', 'bleu', 'noir'].includes(all[6]), all[6]);
  await page.tap(id('remove-0'));
  assert.equal(await page.$$eval('.roller-dice .rdie-slot', (d) => d.length), 6);
});

test('the Roll button stays where it was tapped: the sum and the hint have their room before the first roll', async () => {
  for (const [locale, viewport] of [['fr-FR', { width: 360, height: 640 }], ['en-GB', { width: 390, height: 844 }]]) {
    const page = await app.page({ locale, viewport });
    await openRoller(page);
    const y = () => page.$eval(id('roll'), (e) => e.getBoundingClientRect().top + scrollY);
    const ys = [await y()];
    for (let i = 0; i < 3; i++) { await page.tap(id('roll')); ys.push(await y()); }
    assert.ok(await page.$(id('sum')), 'five d6: a sum');
    assert.deepEqual(ys, ys.map(() => ys[0]), `the Roll button moved (${locale}): ${ys.join(' → ')}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `issue37-after-5-roller-${viewport.width}-${locale.slice(0, 2)}`);
    await page.context().close();
  }
});
