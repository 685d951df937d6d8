// Issue 50: every phone at a table says what is true at each moment. Two
// or three browser phones (390×844, French and English, light and dark, a
// long name) at one table through iroh's real relay server on 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { id, open, shot } from './support/harness.mjs';
import { startTable, join, claim, mustChoose, marks, newEinstein as newEinsteinAt } from './support/tables.mjs';

let table, app;

before(async () => {
  table = await startTable();
  ({ app } = table);
});
after(async () => { await table?.stop(); });

const phone = (locale, colorScheme) => table.phone(locale, colorScheme);
const LONG = 'Chloé-Marie-Charlotte';
const text = async (page, testid) => (await page.textContent(id(testid))) ?? '';

/** A new game of `game` on `page`, who starts settled by a roll-off. */
async function newGame(page, game, names) {
  await open(page, app.url);
  await page.tap(id(`open-${game}`));
  await page.waitForSelector(id('setup'));
  for (let i = 2; i < names.length; i++) await page.tap(id('add-player'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-rolloff'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id(`${game}-game`));
}

/** The host opens the game on `page` to other phones: the join link. */
async function host(page) {
  await page.tap(id('play-on-phones'));
  await page.waitForSelector(id('join-link'), { timeout: 30000 });
  return (await page.textContent(id('join-link'))).trim();
}

/** Goes from the host's table screen to its game. */
async function toGame(page, game) {
  await page.tap(id('to-game'));
  await page.waitForSelector(id(`${game}-game`));
}

/** Records a round of the roll-off in real dice on `page`: one value per
 * player still in it. */
async function rollOffTyped(page, values) {
  await page.waitForSelector(`${id('rolloff-record')}:not([inert] *)`, { timeout: 20000 });
  for (const v of values) await page.tap(id(`rolloff-face-${v}`));
  await page.tap(id('rolloff-record'));
}

/** The dice typed in on this phone's keypad of real dice, recorded. */
async function typedRoll(page, dice) {
  await page.waitForSelector(`${id('typed-face-1')}:not([inert] *)`, { timeout: 20000 });
  for (const d of dice) await page.tap(id(`typed-face-${d}`));
  await page.tap(id('record-typed'));
}

/** This phone chooses (for `seat`, if the phone plays several): the dice
 * tapped in `order`, the die left is the fifth. */
async function chooseOn(page, order, seat) {
  await page.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout: 20000 });
  if (seat !== undefined && (await page.$(id(`chooser-${seat}`)))) await page.tap(id(`chooser-${seat}`));
  for (const i of order) await page.tap(id(`edie-${i}`));
  await page.tap(id('confirm-choice'));
}

/** Waits until `testid`'s text on `page` matches `re`. */
async function until(page, testid, re, timeout = 20000) {
  await page.waitForFunction(([t, src, flags]) => new RegExp(src, flags).test(document.querySelector(`[data-testid="${t}"]`)?.textContent ?? ''), [testid, re.source, re.flags], { timeout });
}

// Point 2: the roll-off was seen only on the phone that tapped it; the
// others jumped to "Bruno to play". Here the guest records it (a tie, then
// the long name wins), and both phones show every die and who starts.
test('Who starts: every phone at the table shows the roll-off\'s dice and who starts, in Einstein, Roll to the Top and Séquence Dés', async () => {
  const games = [
    { game: 'einstein', host: ['fr-FR', 'light'], guest: ['en-GB', 'dark'], rounds: [[4, 4], [2, 5]] },
    { game: 'rtt', host: ['en-GB', 'light'], guest: ['fr-FR', 'dark'], rounds: [[3, 3], [1, 6]] },
    { game: 'sequence', host: ['fr-FR', 'dark'], guest: ['en-GB', 'light'], rounds: [[7, 7], [3, 9]] },
  ];
  for (const { game, host: [hl, hs], guest: [gl, gs], rounds } of games) {
    const anne = await phone(hl, hs);
    await newGame(anne, game, ['Anne', LONG]);
    const url = await host(anne);
    const chloe = await phone(gl, gs);
    await join(chloe, url, 1, game, { notOffered: [0] });
    await toGame(anne, game);
    for (const values of rounds) await rollOffTyped(chloe, values);
    for (const page of [chloe, anne]) {
      const fr = page === anne ? hl === 'fr-FR' : gl === 'fr-FR';
      await page.waitForSelector(id('roll-off-result'), { timeout: 20000 });
      const result = await text(page, 'roll-off-result');
      assert.match(result, fr ? /Chloé-Marie-Charlotte commence/ : /Chloé-Marie-Charlotte starts/, `${game}: who starts, on ${page === anne ? 'the host' : 'the guest'}`);
      // Both rounds, each player's die.
      assert.equal(await page.$$eval(`${id('roll-off-result')} .rolloff-round li`, (l) => l.length), 4, `${game}: every die of both rounds`);
      await page.$eval(id('roll-off-result'), (e) => e.scrollIntoView({ block: 'center' }));
      await shot(page, `issue50-2-rolloff-${game}-${page === anne ? 'host' : 'guest'}-${(page === anne ? hl : gl).slice(0, 2)}-${page === anne ? hs : gs}`);
    }
    for (const page of [anne, chloe]) {
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  }
});

// Point 4: the line named every seat the host phone plays ("host phone:
// Anne and 2 others", read as others connected), after a take-over still
// the player who left, and a seat of a phone cut off read "phone (no news
// from here)".
test('The table line names the phone that hosts; a seat seen from a phone cut off says what it knows; the game offers to host it here; a take-over names the new one', async () => {
  const anne = await phone('fr-FR', 'light');
  await newEinsteinAt(anne, app.url, ['Anne', 'Bruno', LONG, 'Dan']);
  const url = await host(anne);
  const bruno = await phone('en-GB', 'dark');
  await join(bruno, url, 1, 'einstein', { notOffered: [0] });
  const chloe = await phone('fr-FR', 'dark');
  await join(chloe, url, 2, 'einstein', { notOffered: [0, 1] });
  await toGame(anne, 'einstein');
  // Anne's phone hosts; Dan's seat, held by no phone, is not named there.
  await until(bruno, 'table-line', /Connected/);
  assert.equal(await text(bruno, 'table-line'), "Connected to the table, hosted on Anne's phone.");
  await until(chloe, 'table-line', /Connecté/);
  assert.equal(await text(chloe, 'table-line'), 'Connecté à la table, hébergée par le téléphone où joue Anne.');
  await shot(bruno, 'issue50-4-line-guest-en-dark');
  await shot(chloe, 'issue50-4-line-guest-fr-dark');

  // The host's page closes: cut off, Bruno's phone cannot tell whether
  // Chloé's is still there, and says so.
  await anne.context().close();
  const closedAt = Date.now();
  await until(bruno, 'table-line', /lost/i, 30000);
  await until(chloe, 'table-line', /perdue/i, 30000);
  await bruno.tap(id('open-table'));
  await bruno.waitForSelector(id('take-over'));
  const seat = await text(bruno, 'seat-2');
  assert.doesNotMatch(seat, /no news/);
  assert.match(seat, /another phone \(connected or not: this phone, cut off from the host, cannot tell\)/);
  assert.match(await text(bruno, 'seat-0'), /the host phone \(out of reach from here\)/);
  await bruno.$eval(id('seats'), (e) => e.scrollIntoView());
  await shot(bruno, 'issue50-4-seats-cut-off-en-dark');

  // Point 11: back on the game, the line that says the host is gone has
  // its button beside it (not only behind Phones). Bruno hosts it from
  // there; Chloé's phone follows and names his phone, not Anne, whose
  // phone has gone.
  await bruno.tap(id('to-game'));
  await bruno.waitForSelector(id('take-over-here'), { timeout: 40000 });
  assert.match(await text(bruno, 'table-line'), /You can host the game from here/);
  // Offered 24 s after the host's page closed, at the play-test: now
  // after 12 s without the host (it goes silent up to 2 s before).
  const offered = Date.now() - closedAt;
  console.log(`host gone: hosting here offered ${offered} ms after the host's page closed`);
  assert.ok(offered <= 16000, `offered ${offered} ms after the host's page closed`);
  await shot(bruno, 'issue50-11-host-here-en-dark');
  await bruno.tap(id('take-over-here'));
  await bruno.waitForSelector(id('join-link'), { timeout: 30000 });
  await until(chloe, 'table-line', /Connecté/, 60000);
  assert.equal(await text(chloe, 'table-line'), 'Connecté à la table, hébergée par le téléphone où joue Bruno.');
  await shot(chloe, 'issue50-4-line-after-take-over-fr-dark');
  await chloe.tap(id('open-table'));
  await chloe.waitForSelector(id('seats'));
  await chloe.$eval(id('seats'), (e) => e.scrollIntoView());
  await shot(chloe, 'issue50-4-seats-after-take-over-fr-dark');
  for (const page of [bruno, chloe]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// Point 5: a guest read "Anne to choose" after Anne chose, above "Waiting
// for …"; a new host opened on "Anne to choose", with Anne's sheet.
test('Einstein: the heading names who is still to choose, on a guest and on a new host', async () => {
  const anne = await phone('en-GB', 'light');
  await newEinsteinAt(anne, app.url, ['Anne', 'Bruno', LONG]);
  const url = await host(anne);
  const bruno = await phone('fr-FR', 'dark');
  await join(bruno, url, 1, 'einstein', { notOffered: [0] });
  await toGame(anne, 'einstein');

  // Roll 1, Anne's: Bruno chooses, then Anne. Chloé-Marie-Charlotte, on
  // the host phone, has not: Bruno's heading names her, as the line below.
  await typedRoll(anne, [1, 1, 1, 1, 2]);
  await chooseOn(bruno, [0, 1, 2, 4]);
  await chooseOn(anne, [0, 1, 2, 4], 0);
  await until(bruno, 'waiting-others', /Chloé-Marie-Charlotte/);
  await until(bruno, 'game-status', /Chloé-Marie-Charlotte/);
  // (after the player's symbol)
  assert.match(await text(bruno, 'game-status'), /^\S?À Chloé-Marie-Charlotte de choisir$/);
  await shot(bruno, 'issue50-5-guest-heading-fr-dark');
  await chooseOn(anne, [0, 1, 2, 4], 2);

  // Roll 2, Bruno's: Anne chooses, then her phone goes. Bruno hosts from
  // here: Anne has chosen (her phone has yet to show it), so his phone
  // opens on his own choice, his sheet named.
  await typedRoll(bruno, [1, 1, 1, 1, 2]);
  await chooseOn(anne, [0, 1, 2, 4], 0);
  await until(bruno, 'game-status', /Bruno/);
  await bruno.waitForTimeout(1000); // Anne's choice (sealed) reaches Bruno's copy
  await anne.context().close();
  await until(bruno, 'table-line', /perdue/i, 30000);
  await bruno.tap(id('open-table'));
  await bruno.tap(id('take-over'));
  await bruno.waitForSelector(id('join-link'), { timeout: 30000 });
  await toGame(bruno, 'einstein');
  await bruno.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout: 20000 });
  assert.match(await text(bruno, 'game-status'), /^\S?À Bruno de choisir$/);
  const owner = await bruno.$(id('sheet-owner'));
  if (owner) assert.equal(await owner.textContent(), 'Feuille : Bruno');
  else assert.equal(await bruno.getAttribute(`${id('sheet-tab-1')}`, 'aria-selected'), 'true', "Bruno's sheet shown");
  await shot(bruno, 'issue50-5-new-host-heading-fr-dark');
  assert.deepEqual(bruno.errors, []);
  await bruno.context().close();
});

// The second play-test of this list: a seat the host freed went quiet on
// the phone that held it, which then read "On attend , sur son téléphone."
// at the roll-off; the host's heading named one of the two players still
// to choose; the host's line did not say the others had joined.
test('A seat the host frees is told on its phone; the host\'s line counts the phones and its heading names everyone still to choose', async () => {
  const anne = await phone('en-GB', 'light');
  await newGame(anne, 'einstein', ['Anne', 'Bruno', LONG]);
  const url = await host(anne);
  const bruno = await phone('fr-FR', 'dark');
  await join(bruno, url, 1, 'einstein', { notOffered: [0] });
  const chloe = await phone('en-GB', 'dark');
  await join(chloe, url, 2, 'einstein', { notOffered: [0, 1] });
  await until(anne, 'link-status', /^Table open: 2 other phones connected\.$/);
  await shot(anne, 'issue50-playtest-host-line-en-light');

  // At the roll-off, Anne frees Chloé-Marie-Charlotte's seat.
  await anne.waitForSelector(id('free-seat-2'), { timeout: 20000 });
  await anne.tap(id('free-seat-2'));
  await anne.waitForSelector(id('freed-seat'));
  // Her phone watches now: still connected, still counted.
  assert.equal(await text(anne, 'link-status'), 'Table open: 2 other phones connected.');
  await toGame(anne, 'einstein');
  await until(chloe, 'move-error', /The host phone freed Chloé-Marie-Charlotte's seat: this phone no longer plays it\./);
  await chloe.waitForSelector(id('watching-here'));
  await until(chloe, 'waiting-others', /^Waiting for the players, on their phones\.$/);
  await shot(chloe, 'issue50-playtest-seat-freed-en-dark');

  // Issue 52: her player switches the app to French while the notice is
  // shown. Kept by the table's link as a reason, it is worded again in
  // French; Settings' back returns to the game, the link still up.
  await chloe.tap('.topbar .settings');
  await chloe.tap(id('lang-fr'));
  await chloe.tap('.topbar .back');
  await chloe.waitForSelector(id('einstein-game'));
  assert.match(await text(chloe, 'move-error'), /^⚠ Le téléphone hôte a libéré la place de Chloé-Marie-Charlotte : ce téléphone ne la joue plus\.$/);
  assert.equal(await text(chloe, 'waiting-others'), 'On attend les joueurs, sur leurs téléphones.');
  assert.match(await text(chloe, 'table-line'), /^Connecté à la table/);
  await shot(chloe, 'issue52-notice-after-language-switch-fr-dark');

  // Her phone takes the seat again: the notice goes.
  await chloe.tap(id('open-table'));
  await claim(chloe, 2);
  await chloe.tap(id('to-game'));
  await chloe.waitForSelector(id('einstein-game'));
  assert.equal(await chloe.$(id('move-error')), null, 'told until the phone picks its seat again');

  // Anne wins the roll-off, rolls and chooses: her heading names both
  // players still to choose, each on their own phone.
  await rollOffTyped(anne, [6, 2, 3]);
  await typedRoll(anne, [1, 1, 1, 1, 2]);
  await chooseOn(anne, [0, 1, 2, 4]);
  await until(anne, 'game-status', /^Bruno and Chloé-Marie-Charlotte to choose$/);
  assert.equal(await text(anne, 'waiting-others'), 'Waiting for Bruno and Chloé-Marie-Charlotte, on their phones.');
  await shot(anne, 'issue50-playtest-host-heading-en-light');
  for (const page of [anne, bruno, chloe]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// Point 6: a roller's undo made the dice vanish on the other phones with
// no word.
test('Einstein: a roll taken back on one phone is told on the others, with whose it was', async () => {
  const anne = await phone('fr-FR', 'light');
  await newEinsteinAt(anne, app.url, ['Anne', LONG]);
  const url = await host(anne);
  const chloe = await phone('en-GB', 'dark');
  await join(chloe, url, 1, 'einstein', { notOffered: [0] });
  await toGame(anne, 'einstein');

  // Anne rolls, then takes it back: Chloé-Marie-Charlotte's phone says so.
  await typedRoll(anne, [1, 1, 1, 1, 2]);
  await chloe.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout: 20000 });
  await anne.tap(id('undo'));
  await until(chloe, 'move-error', /took the roll back/);
  assert.equal(await text(chloe, 'move-error'), '⚠ Anne took the roll back: the dice are to be rolled again.');
  assert.equal(await anne.$(id('move-error')), null, 'Anne is not told of her own undo');
  await shot(chloe, 'issue50-6-undo-told-en-dark');
  // Told until the game moves on: the next roll.
  await typedRoll(anne, [1, 1, 1, 1, 2]);
  await chloe.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout: 20000 });
  assert.equal(await chloe.$(id('move-error')), null, 'no longer told once the game moves on');

  // Both choose; the next roll is Chloé-Marie-Charlotte's, taken back on
  // her phone: Anne's says so, in French.
  await chooseOn(anne, [0, 1, 2, 4]);
  await chooseOn(chloe, [0, 1, 2, 4]);
  await typedRoll(chloe, [1, 1, 1, 1, 2]);
  await anne.waitForSelector(`${id('choose')}:not([inert] *)`, { timeout: 20000 });
  await chloe.waitForFunction(() => !document.querySelector('[data-testid="undo"]').disabled, null, { timeout: 5000 });
  await chloe.tap(id('undo'));
  await until(anne, 'move-error', /a annulé le lancer/);
  assert.equal(await text(anne, 'move-error'), '⚠ Chloé-Marie-Charlotte a annulé le lancer : les dés sont à relancer.');
  await shot(anne, 'issue50-6-undo-told-fr-light');
  for (const page of [anne, chloe]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

/** A new Roll to the Top on `page`, on the staircase, Anne first, the
 * app's dice. */
async function newRtt(page, names) {
  await open(page, app.url);
  await page.tap(id('open-rtt'));
  await page.waitForSelector(id('setup'));
  await page.tap(id('sheet-staircase'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('setup-dice-app'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('rtt-game'));
}

/** Whether this phone's control `testid` can be tapped (not inert). */
const live = async (page, testid) => !!(await page.$(`${id(testid)}:not([inert] *)`));

/** The roller's start roll, with the app's dice, until dice come into
 * play; then the first roll. */
async function firstRtt(page) {
  await page.waitForSelector(`${id('rtt-start')}:not([inert] *)`, { timeout: 20000 });
  for (let i = 0; i < 20 && (await live(page, 'rtt-start')); i++) {
    await page.tap(id('rtt-start'));
    await page.waitForTimeout(300);
  }
  await page.waitForSelector(`${id('rtt-roll')}:not([inert] *)`, { timeout: 20000 });
  await page.tap(id('rtt-roll'));
}

/** Fills the first square that takes a die of the result, on this
 * phone's own tower, without confirming; the square's testid, or null if
 * nothing fits. */
async function placeOne(page) {
  await page.waitForSelector(`${id('place')}:not([inert] *)`, { timeout: 20000 });
  const n = await page.$$eval('[data-testid^="rd-"]', (d) => d.length);
  for (let i = 0; i < n; i++) {
    await page.tap(id(`rd-${i}`));
    await page.waitForSelector(`${id(`rd-${i}`)}.kept`);
    const square = await page.$$eval('.tsq.accept', (s) => s[0]?.dataset.testid);
    if (square) {
      await page.tap(id(square));
      return square;
    }
    await page.tap(id(`rd-${i}`));
    await page.waitForSelector(`${id(`rd-${i}`)}:not(.kept)`);
  }
  return null;
}

// Point 7: Einstein's last chooser was told the table waits for them; Roll
// to the Top's last placer was not. And a reload dropped the squares placed
// but not yet confirmed, silently.
test('Roll to the Top: the last player to place is told the table waits for them; a reload keeps the squares placed, not yet confirmed', async () => {
  const anne = await phone('en-GB', 'dark');
  await newRtt(anne, ['Anne', LONG]);
  const url = await host(anne);
  const chloe = await phone('fr-FR', 'light');
  await join(chloe, url, 1, 'rtt', { notOffered: [0] });
  await toGame(anne, 'rtt');
  await firstRtt(anne);
  await chloe.waitForSelector(`${id('place')}:not([inert] *)`, { timeout: 20000 });
  assert.equal(await chloe.$(id('rtt-last-placer')), null, 'no one has placed yet');
  await placeOne(anne);
  await anne.tap(id('rtt-done'));
  await until(chloe, 'rtt-last-placer', /n'attend plus que vous/);
  assert.equal(await text(chloe, 'rtt-last-placer'), "Tous les autres ont placé : la table n'attend plus que vous.");
  assert.equal(await anne.$(id('rtt-last-placer')), null, 'the table does not wait for Anne');
  await shot(chloe, 'issue50-7-last-placer-fr-light');
  // A square placed, not yet confirmed; the page reloads: the square and
  // the confirmation are still there.
  const placed = await placeOne(chloe);
  assert.ok(placed, 'a square takes a die');
  const value = await chloe.$eval(id(placed), (e) => e.querySelector('.tsq-v')?.textContent ?? '');
  assert.match(value, /\d/);
  const confirm = await text(chloe, 'rtt-done');
  await chloe.reload();
  await chloe.waitForSelector(`${id('place')}:not([inert] *)`, { timeout: 30000 });
  await chloe.waitForFunction(([sq, v]) => document.querySelector(`[data-testid="${sq}"] .tsq-v`)?.textContent === v, [placed, value], { timeout: 5000 });
  assert.equal(await text(chloe, 'rtt-done'), confirm, 'the square still waits to be confirmed');
  assert.match(await text(chloe, 'rtt-last-placer'), /n'attend plus que vous/);
  await chloe.$eval(id(placed), (e) => e.scrollIntoView({ block: 'center' }));
  await shot(chloe, 'issue50-7-kept-after-reload-fr-light');
  await chloe.tap(id('rtt-done'));
  await chloe.waitForSelector(id('rtt-last-placer'), { state: 'detached', timeout: 20000 });
  for (const page of [anne, chloe]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

async function newSequence(page, names) {
  await open(page, app.url);
  await page.tap(id('open-sequence'));
  await page.waitForSelector(id('setup'));
  for (let i = 0; i < names.length; i++) await page.fill(id(`name-${i}`), names[i]);
  await page.tap(id('first-chosen'));
  await page.tap(id('first-0'));
  await page.tap(id('start-game'));
  await page.waitForSelector(id('sequence-game'));
}

/** This phone's roll of two real dice, then its chip on the first square
 * lit (placed or removed); that square's testid. */
async function sequenceTurn(page, a, b) {
  await page.waitForSelector(`${id(`typed-face-${a}`)}:not([inert] *)`, { timeout: 20000 });
  await page.tap(id(`typed-face-${a}`));
  await page.tap(id(`typed-face-${b}`));
  await page.waitForSelector('.square.target');
  const square = await page.$eval('.square.target', (s) => s.dataset.testid);
  await page.tap(id(square));
  return square;
}

/** The board's bottom edge is within the screen, as the phone shows it. */
const boardInView = (page) => page.$eval(id('board'), (b) => b.getBoundingClientRect().bottom <= window.innerHeight);

// Point 8: after a 10 took a chip, the next screen showed "= 10", not
// which chip went; on the phone that waits, the board's bottom rows were
// below the fold.
test('Séquence Dés: the phone that lost a chip to a 10 is told which; the waiting phone shows the whole board', async () => {
  const anne = await phone('fr-FR', 'light');
  await newSequence(anne, ['Anne', LONG]);
  const url = await host(anne);
  const chloe = await phone('en-GB', 'dark');
  await join(chloe, url, 1, 'sequence', { notOffered: [0] });
  // A third phone only watches (the second play-test: its board was cut
  // under the watching notice).
  const watcher = await phone('fr-FR', 'dark');
  await join(watcher, url, 'watch', 'sequence', { notOffered: [0, 1] });
  await toGame(anne, 'sequence');
  // Anne's 7; Chloé-Marie-Charlotte's phone waits, the whole board in view.
  await sequenceTurn(anne, 3, 4);
  await until(anne, 'waiting-others', /Chloé-Marie-Charlotte/);
  await chloe.waitForSelector(`${id('typed-face-2')}:not([inert] *)`, { timeout: 20000 });
  assert.ok(await boardInView(anne), "the board in view on Anne's phone, which waits");
  await shot(anne, 'issue50-8-waiting-board-fr-light');
  await until(watcher, 'waiting-others', /Chloé-Marie-Charlotte/);
  await watcher.waitForSelector(id('watching-here'));
  assert.ok(await boardInView(watcher), 'the board in view on the phone that watches');
  await shot(watcher, 'issue50-8-watching-board-fr-dark');
  // Her 5, then Anne's 10 takes that chip.
  const hers = await sequenceTurn(chloe, 2, 3);
  await until(chloe, 'waiting-others', /Anne/);
  assert.ok(await boardInView(chloe), "the board in view on Chloé-Marie-Charlotte's phone, which waits");
  await shot(chloe, 'issue50-8-waiting-board-en-dark');
  const taken = await sequenceTurn(anne, 4, 6);
  assert.equal(taken, hers, 'the 10 takes her one chip');
  const [, r, c] = hers.split('-').map(Number);
  await until(chloe, 'chip-removed', /removed/);
  assert.equal(await text(chloe, 'chip-removed'), `✗ 10: Anne removed Chloé-Marie-Charlotte's chip: square 5, row ${r + 1}, column ${c + 1}.`);
  await shot(chloe, 'issue50-8-chip-removed-en-dark');
  await until(anne, 'chip-removed', /a retiré/);
  assert.equal(await text(anne, 'chip-removed'), `✗ 10 : Anne a retiré un jeton à Chloé-Marie-Charlotte : case 5, ligne ${r + 1}, colonne ${c + 1}.`);
  for (const page of [anne, chloe, watcher]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// The issue's own bar: two teams of two on two phones, each phone holding
// its team's two seats, play Séquence Dés to its end (every roll an 11, a
// chip anywhere free: each team fills a row of its own).
test('Séquence Dés, two teams on two phones: each phone plays both its players, to the end', async () => {
  const anne = await phone('fr-FR', 'light');
  await open(anne, app.url);
  await anne.tap(id('open-sequence'));
  await anne.waitForSelector(id('setup'));
  for (let i = 2; i < 4; i++) await anne.tap(id('add-player'));
  for (const [i, name] of ['Anne', 'Bruno', LONG, 'Dan'].entries()) await anne.fill(id(`name-${i}`), name);
  await anne.tap(id('first-chosen'));
  await anne.tap(id('first-0'));
  await anne.tap(id('start-game'));
  await anne.waitForSelector(id('sequence-game'));
  const url = await host(anne);
  // Anne's phone keeps her team-mate's seat; Bruno's takes Bruno and Dan.
  await anne.tap(id('take-seat-2'));
  await anne.waitForSelector(id('offer-seat-2'));
  const bruno = await phone('en-GB', 'dark');
  await bruno.goto(url);
  await bruno.waitForSelector(id('seat-picker'), { timeout: 30000 });
  await mustChoose(bruno, [0, 2]);
  await claim(bruno, 1);
  await claim(bruno, 3);
  await bruno.tap(id('to-game'));
  await bruno.waitForSelector(id('sequence-game'));
  await toGame(anne, 'sequence');
  const rows = new Map([[anne, [1, 2]], [bruno, [4, 3]]]);
  const seen = new Set();
  for (let turn = 0; turn < 40 && !(await anne.$(id('ranking'))); turn++) {
    let mover;
    for (let i = 0; i < 200 && !mover; i++) {
      for (const page of [anne, bruno]) if (await page.$(`${id('typed-face-5')}:not([inert] *)`)) mover = page;
      if (!mover) await anne.waitForTimeout(100);
    }
    assert.ok(mover || (await anne.$(id('ranking'))), `a phone to move at turn ${turn}`);
    if (!mover) break;
    seen.add((await text(mover, 'game-status')).replace(/^\S?\s*/, ''));
    await mover.tap(id('typed-face-5'));
    await mover.tap(id('typed-face-6'));
    await mover.waitForSelector('.square.target');
    const square = await mover.evaluate((rows) => {
      for (const r of rows) for (let c = 0; c < 6; c++) {
        const q = document.querySelector(`[data-testid="sq-${r}-${c}"]`);
        if (q?.classList.contains('target')) return q.dataset.testid;
      }
      return document.querySelector('.square.target').dataset.testid;
    }, rows.get(mover));
    await mover.tap(id(square));
  }
  for (const page of [anne, bruno]) await page.waitForSelector(id('ranking'), { timeout: 20000 });
  // Each phone played both its players, named in turn.
  for (const name of ['Anne', 'Bruno', LONG, 'Dan']) assert.ok([...seen].some((s) => s.includes(name)), `${name} played: ${[...seen]}`);
  await shot(anne, 'issue50-teams-end-fr-light');
  await shot(bruno, 'issue50-teams-end-en-dark');
  for (const page of [anne, bruno]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// Point 3: a phone held one seat; tapping a second player released the
// first, so players sharing a phone could not sit. A phone may hold
// several seats (a ruling), and says which of its players chooses.
test('Players share a phone: it holds Bruno\'s and Chloé\'s seats, names who chooses, and chooses for both', async () => {
  const anne = await phone('en-GB', 'light');
  await newEinsteinAt(anne, app.url, ['Anne', 'Bruno', LONG]);
  const url = await host(anne);
  const shared = await phone('fr-FR', 'dark');
  await shared.goto(url);
  await shared.waitForSelector(id('seat-picker'), { timeout: 30000 });
  await claim(shared, 1);
  await claim(shared, 2);
  assert.equal(await shared.getAttribute(id('claim-1'), 'aria-pressed'), 'true', 'Bruno\'s seat kept beside Chloé\'s');
  await shot(shared, 'issue50-3-two-seats-fr-dark');
  await shared.tap(id('to-game'));
  await shared.waitForSelector(id('einstein-game'));
  // The host's seats show the one phone in both.
  await anne.waitForSelector(id('free-seat-2'), { timeout: 20000 });
  await anne.waitForSelector(id('free-seat-1'));
  await toGame(anne, 'einstein');
  await typedRoll(anne, [6, 5, 4, 3, 2]);
  // The shared phone offers the choice of each of its players, naming who.
  await shared.waitForSelector(id('chooser-2'), { timeout: 20000 });
  assert.match(await text(shared, 'chooser-1'), /Bruno/);
  await chooseOn(shared, [0, 1, 2, 3], 1);
  await chooseOn(shared, [0, 1, 2, 3], 2);
  // Both its players have chosen: every sheet is to be seen again, Chloé's
  // with her choice, while Anne's choice is not made yet.
  await shared.waitForSelector(id('sheet-tab-2'), { timeout: 20000 });
  assert.equal(await shared.$(id('sheet-owner')), null, 'no longer one sheet at a time');
  await shared.tap(id('sheet-tab-2'));
  assert.equal(await shared.getAttribute(id('sheet-tab-2'), 'aria-selected'), 'true', "Chloé's sheet shown");
  await shot(shared, 'issue50-3-two-chosen-fr-dark');
  await chooseOn(anne, [0, 1, 2, 3]);
  for (const page of [anne, shared]) {
    await page.waitForFunction((n) => new RegExp(n).test([...document.querySelectorAll('[data-testid="events"] .event')].map((e) => e.textContent).join(' ')), 'Chloé', { timeout: 20000 });
  }
  assert.equal(await marks(anne), await marks(shared));
  for (const page of [anne, shared]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// Issue 62, point 12: the host sends a phone away. It is asked first;
// the phone sent away reads why in its own language; its seat is free on
// the host; the join link changes, the old one no longer opens the table
// (told so), and the new one does.
test('The host sends a phone away: asked first, told there in its language, and only the new link opens the table', async () => {
  const anne = await phone('en-GB', 'light');
  const bruno = await phone('fr-FR', 'dark');
  await newEinsteinAt(anne, app.url, ['Anne', 'Bruno']);
  const oldLink = await host(anne);
  await join(bruno, oldLink, 1, 'einstein', { notOffered: [0] });
  await anne.waitForSelector(id('send-away-0'));
  assert.match(await text(anne, 'phone-0'), /Bruno's phone/);
  await anne.tap(id('send-away-0'));
  await shot(anne, 'table-send-away-asked');
  assert.match(await text(anne, 'send-away-confirm'), /Send Bruno's phone away from the table\?.*new invitation/);
  await anne.tap(id('send-away-no'));
  assert.equal(await anne.$(id('send-away-confirm')), null, 'cancelled: nothing asked, nothing done');
  await anne.tap(id('send-away-0'));
  await anne.tap(id('send-away-yes'));
  await until(bruno, 'table-line', /L'hôte a renvoyé ce téléphone de la table/);
  await until(anne, 'seat-1', /free for a phone/);
  await anne.waitForFunction(() => !document.querySelector('[data-testid="phones"]'));
  const newLink = (await anne.textContent(id('join-link'))).trim();
  assert.notEqual(newLink, oldLink, 'a new invitation');
  await shot(bruno, 'table-sent-away');
  const chloe = await phone('en-GB', 'light');
  await chloe.goto(oldLink);
  await until(chloe, 'link-status', /This link does not \(or no longer\) open this table/, 30000);
  const david = await phone('fr-FR', 'light');
  await join(david, newLink, 1, 'einstein', { notOffered: [0] });
  await until(anne, 'seat-1', /phone connected/);
});
