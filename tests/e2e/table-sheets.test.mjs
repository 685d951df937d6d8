// Games on several phones where every player writes on their own sheet at
// once (Roll to the Top), and whose dice the table plays with, changed on
// one phone and followed by the others. iroh's real relay server runs on
// 127.0.0.1 (examples/local_relay.rs); the phones are headless Chromium
// pages at 390×844. Nothing leaves the machine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { id, open, shot } from './support/harness.mjs';
import { startTable, join } from './support/tables.mjs';

let table, app;
const log = (...a) => { if (process.env.TABLE_DEBUG) console.log(...a); };

before(async () => {
  table = await startTable();
  ({ app } = table);
});
after(async () => { await table?.stop(); });

const phone = (locale, colorScheme) => table.phone(locale, colorScheme);

/** Whether this phone's control `testid` is there to tap (shown, not inert). */
const live = async (page, testid) => {
  const e = await page.$(`${id(testid)}:not([inert] *)`);
  return !!e && (await e.isVisible());
};

/** Waits until `fn(page)` gives `want` (a value or a RegExp) on the page. */
async function until(page, fn, want, what, ms = 20000) {
  const ok = (v) => (want instanceof RegExp ? want.test(v) : v === want);
  let v;
  for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(100)) {
    v = await fn(page);
    if (ok(v)) return v;
  }
  assert.fail(`${what}: still ${JSON.stringify(v)}, want ${want}`);
}

const textOf = async (page, testid) => ((await page.$(id(testid))) ? (await page.textContent(id(testid))) ?? '' : '');

// ---------------------------------------------------------------------------
// Roll to the Top: one result, every player on their own sheet at once.

const ANNE = 'Anne', BRUNO = 'Bruno', CHLOE = 'Chloé-Maximilienne Duval'; // 24 characters, the most a name takes

async function newRtt(page, names) {
  await open(page, app.url);
  await page.tap(id('open-rtt'));
  await page.waitForSelector(id('setup'));
  await page.tap(id('sheet-staircase'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('setup-dice-app'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('rtt-game'));
}

/** The result every phone shows: the dice's values, in order. */
const result = (page) => page.$$eval('[data-testid^="rd-"] .rdie-label', (d) => d.map((e) => e.textContent).join(' '));

/** Each player's tower as this phone shows it: the numbers written,
 * square by square, tab by tab. The tab looked at last stays until the next
 * throw, which shows the phone's own tower again (checked by the caller). */
async function towers(page) {
  const all = [];
  for (let p = 0; p < 3; p++) {
    await page.tap(id(`tower-tab-${p}`));
    await page.waitForSelector(`${id(`tower-tab-${p}`)}[aria-selected="true"]`);
    all.push(await page.$$eval('.tsq', (s) => s.map((e) => e.querySelector('.tsq-v')?.textContent ?? '').join(',')));
  }
  return all;
}

/** The tabs' labels: each player's name and open squares. */
const tabs = (page) => page.$$eval('[data-testid^="tower-tab-"]', (t) => t.map((e) => e.textContent.trim()).join(' | '));

/** The roller's phone, whichever it is, changes the dice if the white die
 * asks for it; true if it did. */
async function adjustIfAsked(page) {
  if (!(await live(page, 'adjust'))) return false;
  const chips = (prefix) => page.$$eval(`[data-testid^="${prefix}"]`, (c) => c.map((e) => e.dataset.testid));
  const adds = [null, ...await chips('add-d')];
  const removes = [null, ...await chips('remove-d')];
  for (const a of adds) {
    for (const r of removes) {
      if (!a && !r) continue;
      // Clears the picks, then picks this change.
      for (const on of await page.$$eval('[data-testid^="add-d"][aria-pressed="true"], [data-testid^="remove-d"][aria-pressed="true"]', (c) => c.map((e) => e.dataset.testid))) await page.tap(id(on));
      if (a) await page.tap(id(a));
      if (r) await page.tap(id(r));
      if (!(await page.isDisabled(id('rtt-adjust')))) {
        log(`adjust: ${a} ${r}`);
        await page.tap(id('rtt-adjust'));
        await page.waitForSelector(id('adjust'), { state: 'detached' });
        return true;
      }
    }
  }
  throw new Error('no change of dice found');
}

/** The start roll, with the app's dice, until an even die brings dice into play. */
async function startRoll(page) {
  for (let i = 0; i < 20 && (await live(page, 'rtt-start')); i++) {
    const before = await textOf(page, 'start-roll');
    await page.tap(id('rtt-start'));
    await page.waitForFunction((b) => document.querySelector('[data-testid="rtt-roll"]')
      || (document.querySelector('[data-testid="start-roll"]')?.textContent ?? '') !== b, before);
  }
  await page.waitForSelector(`${id('rtt-roll')}:not([inert] *)`);
}

/** Finds the phone whose player rolls (the white die goes round the
 * table), lets it change the dice if asked, and rolls with the app's dice.
 * The others have no live control meanwhile. Returns that phone. */
async function rollOnAny(phones) {
  for (let i = 0; i < 100; i++) {
    for (const page of phones) {
      await adjustIfAsked(page);
      if (await live(page, 'rtt-start')) await startRoll(page);
      if (await live(page, 'rtt-roll')) {
        for (const other of phones.filter((p) => p !== page)) {
          assert.equal(await live(other, 'rtt-roll'), false, 'only the roller may roll');
          assert.match(await textOf(other, 'waiting-others'), /./, 'the others are told whom they wait for');
        }
        await page.tap(id('rtt-roll'));
        return page;
      }
    }
    await phones[0].waitForTimeout(100);
  }
  throw new Error('no phone offered the roll');
}

/** Taps die `i` of the result, and waits until it shows picked (`on`) or not. */
async function pick(page, i, on) {
  await page.tap(id(`rd-${i}`));
  await page.waitForSelector(`${id(`rd-${i}`)}${on ? '.kept' : ':not(.kept)'}`);
}

/** The number written in square `n` of the tower shown ('' if empty). */
const square = (page, n) => page.$eval(id(`tsq-${n}`), (e) => e.querySelector('.tsq-v')?.textContent ?? '');

/** A player fills their own sheet on their phone from the result: the
 * first die a square takes, that square, then Done. The square's testid. */
async function placeOwn(page, seat) {
  await page.waitForSelector(`${id('place')}:not([inert] *)`, { timeout: 20000 });
  // Its own tower, whichever tab was looked at last round.
  await page.waitForSelector(`${id(`tower-tab-${seat}`)}[aria-selected="true"]`, { timeout: 5000 });
  const n = await page.$$eval('[data-testid^="rd-"]', (d) => d.length);
  for (let i = 0; i < n; i++) {
    await pick(page, i, true);
    const square = await page.$$eval('.tsq.accept', (s) => s[0]?.dataset.testid);
    if (square) {
      await page.tap(id(square));
      await page.tap(id('rtt-done'));
      await page.waitForSelector(id('place'), { state: 'detached', timeout: 20000 });
      return square;
    }
    await pick(page, i, false);
  }
  await page.tap(id('rtt-done')); // nothing fits: a pass
  await page.waitForSelector(id('place'), { state: 'detached', timeout: 20000 });
  return null;
}

test('Roll to the Top on three phones: one result, each fills their own sheet at once; the next roll waits for all', async () => {
  const t0 = Date.now();
  // Anne's phone (French, light) starts the game, then opens it to the others.
  const anne = await phone('fr-FR', 'light');
  await newRtt(anne, [ANNE, BRUNO, CHLOE]);
  await anne.tap(id('play-on-phones'));
  await anne.waitForSelector(id('join-link'), { timeout: 30000 });
  const url = (await anne.textContent(id('join-link'))).trim();
  // Bruno (English, dark) and Chloé (French, dark) join by the link.
  const bruno = await phone('en-GB', 'dark');
  await join(bruno, url, 1, 'rtt');
  const chloe = await phone('fr-FR', 'dark');
  await join(chloe, url, 2, 'rtt');
  await anne.waitForFunction(() => document.querySelectorAll('[data-testid^="free-seat-"]').length === 2, null, { timeout: 20000 });
  await shot(anne, 'table-rtt-seats-fr-light');
  await anne.tap(id('to-game'));
  await anne.waitForSelector(id('rtt-game'));
  const phones = [anne, bruno, chloe];
  const seatOf = new Map([[anne, 0], [bruno, 1], [chloe, 2]]);
  log(`table of three ready in ${Date.now() - t0} ms`);

  // Anne rolls first: Bruno's phone waits for her, its roll inert.
  await bruno.waitForSelector(id('waiting-others'));
  assert.match(await textOf(bruno, 'waiting-others'), /Waiting for Anne/);
  assert.match(await textOf(chloe, 'waiting-others'), /On attend Anne/);

  for (let round = 1; round <= 3; round++) {
    const roller = await rollOnAny(phones);
    log(`round ${round}: rolled on seat ${seatOf.get(roller)}`);
    // The result reaches every phone, the same on each, and each phone has
    // its own player's sheet to fill, and no one else's to choose.
    for (const page of phones) await page.waitForSelector(`${id('place')}:not([inert] *)`, { timeout: 20000 });
    const seen = await result(anne);
    assert.match(seen, /\d/);
    for (const page of phones) {
      assert.equal(await result(page), seen, `same result on seat ${seatOf.get(page)}`);
      assert.equal(await page.$$eval('[data-testid^="placer-"]', (c) => c.length), 0, 'no other player to place for');
      assert.equal(await page.$(id('waiting-others')), null, 'nobody waited for while one places');
    }

    if (round === 1) {
      // Bruno looks at Anne's tower; picking a die brings his own back (a
      // die is for his own sheet). Anne's, looked at again, he may read, not
      // write on.
      await bruno.tap(id('tower-tab-0'));
      await bruno.waitForSelector(`${id('tower-tab-0')}[aria-selected="true"]`);
      await pick(bruno, 0, true);
      await bruno.waitForSelector(`${id('tower-tab-1')}[aria-selected="true"]`);
      await bruno.tap(id('tower-tab-0'));
      await bruno.waitForSelector(`${id('tower-tab-0')}[aria-selected="true"]`);
      assert.equal(await bruno.$$eval('.tsq.accept', (s) => s.length), 0, "no square of Anne's lights on Bruno's phone");
      await bruno.tap(id('tsq-0'));
      await bruno.waitForTimeout(300);
      assert.equal(await square(bruno, 0), '', "Anne's square stays empty");
      assert.equal(await square(anne, 0), '');
      await pick(bruno, 0, false);
      await bruno.tap(id('tower-tab-1'));
      await bruno.waitForSelector(`${id('tower-tab-1')}[aria-selected="true"]`);
      await shot(chloe, 'table-rtt-placing-fr-dark');
      // Anne places first; her phone says whom the next roll waits for.
      await placeOwn(anne, 0);
      await anne.waitForSelector(id('waiting-others'));
      const waiting = await anne.textContent(id('waiting-others'));
      assert.match(waiting, /Bruno/);
      assert.match(waiting, new RegExp(CHLOE));
      // Her own line says she has placed (not that it is someone's turn).
      assert.match(await anne.textContent(id('game-status')), /Vos dés sont placés/);
      assert.equal(await anne.getAttribute(id('tower-tab-0'), 'aria-selected'), 'true', 'her own tower stays');
      await shot(anne, 'table-rtt-waiting-fr-light');
      // Bruno and Chloé fill their sheets at the same time.
      await Promise.all([placeOwn(bruno, 1), placeOwn(chloe, 2)]);
    } else if (round === 2) {
      // Bruno and Chloé at once; then both wait for Anne.
      await Promise.all([placeOwn(bruno, 1), placeOwn(chloe, 2)]);
      for (const page of [bruno, chloe]) {
        await until(page, (p) => textOf(p, 'waiting-others'), /Anne/, 'waiting for Anne');
        assert.doesNotMatch(await textOf(page, 'waiting-others'), /Bruno|Chloé/);
      }
      assert.equal(await live(bruno, 'rtt-roll'), false);
      assert.match(await bruno.textContent(id('game-status')), /Your dice are placed/);
      await shot(bruno, 'table-rtt-guest-en-dark');
      await shot(chloe, 'table-rtt-waiting-fr-dark');
      await placeOwn(anne, 0);
    } else {
      // All three at once.
      await Promise.all(phones.map((page) => placeOwn(page, seatOf.get(page))));
    }

    // Everyone has placed: the white die goes to the left, every phone
    // names the next roller, and every phone shows the same towers.
    const next = [ANNE, BRUNO, CHLOE][round % 3];
    for (const page of phones) {
      await until(page, (p) => textOf(p, 'game-status'), new RegExp(`${next} (lance les dés|rolls the dice)`), `next roller on seat ${seatOf.get(page)}`);
      if (page !== phones[round % 3]) assert.match(await textOf(page, 'waiting-others'), new RegExp(next));
    }
    const want = await towers(anne);
    for (const page of [bruno, chloe]) {
      await until(page, (p) => tabs(p), await tabs(anne), `tabs on seat ${seatOf.get(page)}`);
      assert.deepEqual(await towers(page), want, `towers on seat ${seatOf.get(page)} after round ${round}`);
    }
    log(`after round ${round}: ${await tabs(anne)} | ${JSON.stringify(want)}`);
    assert.equal(want.filter((t) => /\d/.test(t)).length, 3, 'every tower has a number');
  }
  await shot(bruno, 'table-rtt-after-en-dark');
  await shot(anne, 'table-rtt-after-fr-light');

  // Issue 44, point 7: the host frees Chloé's seat. Its phone says it now
  // plays that seat; Chloé's phone says it watches, keeps her tower in
  // view, and names who plays where (no "your dice are placed", no
  // "waiting for Chloé on her phone"); its seat picker offers her seat
  // again, not "taken".
  await anne.tap(id('open-table'));
  await anne.tap(id('free-seat-2'));
  await anne.waitForSelector(id('freed-seat'));
  assert.match(await anne.textContent(id('freed-seat')), new RegExp(`Vous jouez maintenant la place de ${CHLOE} sur ce téléphone`));
  await shot(anne, 'table-rtt-freed-host-fr-light');
  await anne.tap(id('to-game'));
  await chloe.waitForSelector(id('watching-here'));
  assert.match(await chloe.textContent(id('watching-here')), /Ce téléphone regarde la partie/);
  await rollOnAny([anne, bruno]);
  await until(chloe, (p) => textOf(p, 'game-status'), new RegExp(`À ${ANNE}, ${BRUNO} et ${CHLOE} de jouer`), 'the status on the phone that watches');
  assert.equal(await live(chloe, 'rtt-done'), false, 'nothing to place on a phone that watches');
  const seen = await textOf(chloe, 'waiting-others');
  assert.doesNotMatch(seen, new RegExp(`${CHLOE}, sur son téléphone`));
  assert.match(seen, new RegExp(`${ANNE} et ${CHLOE}, sur le téléphone hôte`));
  assert.equal(await chloe.getAttribute(id('tower-tab-2'), 'aria-selected'), 'true', 'her tower stays in view');
  await shot(chloe, 'table-rtt-freed-guest-fr-dark');
  // Bruno places; his phone names the players on the host phone.
  await placeOwn(bruno, 1);
  await until(bruno, (p) => textOf(p, 'waiting-others'), new RegExp(`Waiting for ${ANNE} and ${CHLOE}, on the host phone`), 'waiting line on Bruno\'s phone');
  await shot(bruno, 'table-rtt-freed-waiting-en-dark');
  await chloe.tap(id('open-table'));
  await chloe.waitForSelector(id('claim-2'));
  assert.equal(await chloe.$(id('seat-taken')), null, 'her seat is not said taken');
  assert.match(await textOf(chloe, 'claim-status'), /Vous regardez la partie/);
  assert.match(await textOf(chloe, 'seat-2'), /libre \(jouée sur le téléphone hôte en attendant\)/);
  await shot(chloe, 'table-rtt-freed-picker-fr-dark');
  for (const page of phones) assert.deepEqual(page.errors, []);
  log(`rtt test: ${Date.now() - t0} ms`);
});

// ---------------------------------------------------------------------------
// Whose dice: the table's real dice or the app's, changed on one phone.

async function newSerieuxOnPhones(page, names, dice) {
  await open(page, app.url);
  await page.tap(id('open-serieux'));
  await page.waitForSelector(id('setup'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id(`setup-dice-${dice}`));
  await page.tap(id('start-on-phones'));
  await page.waitForSelector(id('join-link'), { timeout: 30000 });
}

/** How many of the app's roll buttons show (inert or not). */
async function rollButtons(page) {
  let n = 0;
  for (let k = 1; k <= 5; k++) if (await page.isVisible(id(`serieux-roll-${k}`))) n++;
  return n;
}

const pressed = (page, testid) => page.getAttribute(id(testid), 'aria-pressed');
const changes = (page) => textOf(page, 'dice-changes');

/** Which dice a phone shows the table playing with: its switch's pressed
 * chip, or, on a phone that may not switch now (neither the host nor the
 * player to move's), the line saying which. */
async function shownDice(page) {
  if (await page.$(id('dice-app'))) {
    return (await pressed(page, 'dice-app')) === 'true' ? 'app' : (await pressed(page, 'dice-table')) === 'true' ? 'table' : '';
  }
  const line = await textOf(page, 'dice-now');
  return /app/.test(line) ? 'app' : /table/.test(line) ? 'table' : '';
}

/** Both phones show the table playing with `dice` ('table' or 'app'). */
async function bothOn(phones, dice) {
  for (const page of phones) {
    await until(page, shownDice, dice, `the ${dice}'s dice shown`);
    assert.equal(await rollButtons(page), dice === 'app' ? 5 : 0, `roll buttons with the ${dice}'s dice`);
    assert.ok(await page.isVisible(id('typed-face-1')), 'the keypad of real dice stays');
  }
}

test('Mode Sérieux on two phones: a change of dice, made by the host or the player to move and confirmed, reaches the other with who made it; only the phone that made it takes it back', async () => {
  const t0 = Date.now();
  // Anne's phone (French, light) starts with the app's dice, on phones.
  const anne = await phone('fr-FR', 'light');
  await newSerieuxOnPhones(anne, [ANNE, BRUNO], 'app');
  const url = (await anne.textContent(id('join-link'))).trim();
  // Bruno's phone (English, dark) takes his seat.
  const bruno = await phone('en-GB', 'dark');
  await join(bruno, url, 1, 'serieux');
  await anne.waitForSelector(id('free-seat-1'), { timeout: 20000 });
  await anne.tap(id('to-game'));
  await anne.waitForSelector(id('serieux-game'));
  const both = [anne, bruno];
  await bothOn(both, 'app');
  assert.equal(await changes(anne), '');

  // Anne is to move: Bruno's phone may not switch everyone's dice (a
  // ruling: the host or the player to move), it only says which they are.
  assert.equal(await bruno.$(id('dice-table')), null, 'no switch on a waiting guest');
  assert.match(await textOf(bruno, 'dice-now'), /Dice: the app's dice/);
  // Anne rolls two of the app's dice; Bruno's phone waits, then sees it.
  assert.equal(await live(anne, 'serieux-roll-2'), true);
  assert.equal(await live(bruno, 'serieux-roll-2'), false);
  await anne.tap(id('serieux-roll-2'));
  const anneFirst = await until(anne, (p) => textOf(p, 'cell-0-0'), /\d/, "Anne's first number");
  await until(bruno, (p) => textOf(p, 'cell-0-0'), anneFirst, "Anne's number on Bruno's phone");
  await until(bruno, (p) => live(p, 'serieux-roll-2'), true, "Bruno's turn");

  // Bruno's table brings out the real dice: he switches on his phone (it
  // changes every phone's dice: asked first; a cancel changes nothing),
  // and Anne's follows: no roll button on either, the change in the
  // record with who made it.
  await bruno.tap(id('dice-table'));
  assert.match(await textOf(bruno, 'dice-confirm'), /Switch the whole table to real dice\?/);
  await bruno.$eval(id('dice-confirm'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(bruno, 'table-dice-confirm-en-dark');
  await bruno.tap(id('dice-confirm-no'));
  await bothOn(both, 'app');
  await bruno.tap(id('dice-table'));
  await bruno.tap(id('dice-confirm-yes'));
  await bothOn(both, 'table');
  await until(anne, changes, /Au début : les dés de l'app.*Après 1 lancer : les vrais dés de la table — par Bruno/, 'record on Anne\'s phone');
  await until(bruno, changes, /At the start: the app's dice.*After 1 roll: the table's real dice — by Bruno/, 'record on Bruno\'s phone');
  await bruno.$eval(id('dice-choice'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(bruno, 'table-dice-switched-en-dark');
  await anne.$eval(id('dice-choice'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(anne, 'table-dice-followed-fr-light');

  // The change is Bruno's: Anne's phone cannot take it back (its Undo is
  // greyed), Bruno's can. Both go back to the app's dice, no record.
  await until(anne, (p) => p.isDisabled(id('undo')), true, "Undo greyed on Anne's phone");
  assert.equal(await bruno.isDisabled(id('undo')), false);
  await bruno.tap(id('undo'));
  await bothOn(both, 'app');
  for (const page of both) {
    await until(page, changes, '', 'the change undone');
    assert.equal(await textOf(page, 'cell-0-0'), anneFirst, 'the roll stays');
  }
  // Only Bruno's phone puts it back.
  await until(bruno, (p) => p.isDisabled(id('redo')), false, 'redo offered on Bruno\'s phone');
  assert.equal(await anne.isDisabled(id('redo')), true, "Anne's Redo greyed");
  await bruno.tap(id('redo'));
  await bothOn(both, 'table');
  await until(anne, changes, /Après 1 lancer : les vrais dés de la table/, 'redone on Anne\'s phone');

  // Bruno enters his real dice, 2 and 3, on his phone.
  for (const f of [2, 3]) await bruno.tap(id(`typed-face-${f}`));
  await bruno.tap(id('record-typed'));
  for (const page of both) await until(page, (p) => textOf(p, 'cell-1-0'), '23', "Bruno's 23");
  // Anne's turn, real dice: she enters 1 and 3, then goes back to the app's dice.
  await until(anne, (p) => live(p, 'typed-face-1'), true, "Anne's turn");
  for (const f of [1, 3]) await anne.tap(id(`typed-face-${f}`));
  await anne.tap(id('record-typed'));
  await until(bruno, (p) => textOf(p, 'cell-0-1'), '13', "Anne's 13 on Bruno's phone");
  await until(bruno, (p) => live(p, 'typed-face-1'), true, "Bruno's turn again");
  // Anne's phone hosts: it may switch on Bruno's turn (confirmed).
  await anne.tap(id('dice-app'));
  await anne.tap(id('dice-confirm-yes'));
  await bothOn(both, 'app');
  for (const page of both) await until(page, (p) => page.$$eval(`${id('dice-changes')} li`, (l) => l.length), 3, 'three lines in the record');
  assert.match(await changes(bruno), /After 3 rolls: the app's dice — by Anne/);
  assert.match(await changes(anne), /Après 3 lancers : les dés de l'app — par Anne/);
  // It is Bruno's roll: his buttons are live, Anne's shown but inert.
  assert.equal(await live(bruno, 'serieux-roll-1'), true);
  assert.equal(await live(anne, 'serieux-roll-1'), false);
  await bruno.tap(id('serieux-roll-1'));
  const brunoSecond = await until(bruno, (p) => textOf(p, 'cell-1-1'), /\d/, "Bruno's second number");
  await until(anne, (p) => textOf(p, 'cell-1-1'), brunoSecond, 'on Anne\'s phone');
  await anne.$eval(id('dice-choice'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(anne, 'table-dice-record-fr-light');
  for (const page of both) assert.deepEqual(page.errors, []);
  log(`dice test: ${Date.now() - t0} ms`);
});

// ---------------------------------------------------------------------------
// Issue 50, point 9: at the end of a game played on several phones, the
// series counts the game's scores (−1 an open square), on every phone.

/** Types the dice of a roll (or of the start roll) on this phone. */
async function typeRoll(page, values, button) {
  await page.waitForSelector(`${id(button)}:not([inert] *)`);
  for (let i = 0; i < values.length; i++) await page.fill(id(`value-${i}`), String(values[i]));
  if (button === 'rtt-roll-typed') await page.tap(id('typed-white-0'));
  await page.tap(id(button));
}

/** Puts die `die` of the result in square `n`, on this phone's own sheet. */
async function putOwn(page, die, n) {
  await pick(page, die, true);
  await page.tap(id(`tsq-${n}`));
  await page.waitForFunction((n) => document.querySelector(`[data-testid="tsq-${n}"] .tsq-v`), n);
}

/** The series' lines as a phone shows them: "name total". */
const seriesLines = (page) => page.$$eval(`${id('series')} li`, (l) => l.map((e) => [...e.children].map((c) => c.textContent).join(' ')));

test('issue 50, points 9 and 10: Roll to the Top on two phones: the series counts the game on both; the next game keeps the table', async () => {
  const anne = await phone('fr-FR', 'light');
  const bruno = await phone('en-GB', 'dark');
  await open(anne, app.url);
  await anne.tap(id('open-rtt'));
  await anne.waitForSelector(id('setup'));
  await anne.tap(id('sheet-first-steps'));
  for (const [i, name] of [ANNE, 'Chloé-Marie-Charlotte'].entries()) await anne.fill(id(`name-${i}`), name);
  await anne.tap(id('first-chosen'));
  await anne.tap(id('first-0'));
  await anne.tap(id('setup-dice-table'));
  await anne.tap(id('start-on-phones'));
  await anne.waitForSelector(id('join-link'), { timeout: 30000 });
  await join(bruno, (await anne.textContent(id('join-link'))).trim(), 1, 'rtt');
  await anne.waitForSelector(id('free-seat-1'), { timeout: 20000 });
  await anne.tap(id('to-game'));
  await anne.waitForSelector(id('rtt-game'));

  // Anne rolls: all five dice, then 1 2 3 4 5; she fills five of her six
  // squares, Chloé-Marie-Charlotte's phone passes.
  await typeRoll(anne, [2, 4, 6, 8, 20], 'rtt-start-typed');
  await typeRoll(anne, [1, 2, 3, 4, 5], 'rtt-roll-typed');
  await anne.waitForSelector(`${id('place')}:not([inert] *)`);
  for (const [die, n] of [[0, 0], [1, 1], [2, 3], [3, 2], [4, 4]]) await putOwn(anne, die, n);
  await anne.tap(id('rtt-done'));
  await bruno.waitForSelector(`${id('place')}:not([inert] *)`);
  await bruno.tap(id('rtt-done'));
  // The other phone rolls next: five dice were rolled, so one goes.
  await bruno.waitForSelector(`${id('adjust')}:not([inert] *)`);
  await bruno.tap(id('remove-d20'));
  await bruno.tap(id('rtt-adjust'));
  await typeRoll(bruno, [1, 6, 3, 12], 'rtt-roll-typed');
  // Anne's 6 fills her last square; the other phone passes: game over.
  await anne.waitForSelector(`${id('place')}:not([inert] *)`);
  await putOwn(anne, 1, 5);
  await anne.tap(id('rtt-done'));
  await bruno.waitForSelector(`${id('place')}:not([inert] *)`);
  await bruno.tap(id('rtt-done'));
  for (const [page, open6] of [[anne, /6 cases vides/], [bruno, /6 open squares/]]) {
    await page.waitForSelector(id('ranking'), { timeout: 20000 });
    const ranking = await page.$$eval(`${id('ranking')} .ranking-list li`, (l) => l.map((e) => e.textContent));
    assert.match(ranking[1], open6);
    // The series counts this game: 0 for Anne, −6 for six open squares.
    await until(page, async (p) => (await seriesLines(p)).join(' | '), /^Anne 0 \| Chloé-Marie-Charlotte −6$/, 'the series');
    await page.$eval(id('series'), (e) => e.scrollIntoView({ block: 'center' }));
  }
  await shot(anne, 'issue50-series-fr-light');
  await shot(bruno, 'issue50-series-en-dark');

  // Point 10: a new game at the table keeps the table. The guest is told
  // the host's phone starts it; the host starts it, and both phones are
  // in it at once, each in its seat, still at the table.
  assert.match(await bruno.textContent(id('next-game-by-host')), /The host phone starts the next game/);
  await anne.$eval(id('next-game-here'), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(anne, 'issue50-next-game-fr-light');
  await anne.tap(id('next-game-here'));
  for (const page of [anne, bruno]) {
    await page.waitForFunction(() => !document.querySelector('[data-testid="ranking"]'), null, { timeout: 20000 });
    await page.waitForSelector(id('rtt-game'));
  }
  assert.match(await bruno.textContent(id('table-line')), /Connected to the table/);
  await typeRoll(anne, [2, 4, 6, 8, 20], 'rtt-start-typed');
  await typeRoll(anne, [1, 2, 3, 4, 5], 'rtt-roll-typed');
  await bruno.waitForSelector(`${id('place')}:not([inert] *)`, { timeout: 20000 });
  await shot(bruno, 'issue50-next-game-en-dark');
  for (const page of [anne, bruno]) assert.deepEqual(page.errors, []);
  await anne.context().close();
  await bruno.context().close();
});
