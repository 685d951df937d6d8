import { start, id, open } from './harness.mjs';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
const relay = spawn('/work/main/target/debug/examples/local_relay', [], { stdio: ['pipe', 'pipe', 'inherit'] });
const relayUrl = await new Promise((r) => readline.createInterface({ input: relay.stdout }).on('line', (l) => l.startsWith('relay ') && r(l.slice(6).trim())));
const app = await start();
const page = await app.page();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
await page.addInitScript((url) => localStorage.setItem('genius.settings', JSON.stringify({ version: 1, relay: url })), relayUrl);
await open(page, app.url);
await page.tap(id('open-einstein'));
await page.fill(id('name-0'), 'Anne'); await page.fill(id('name-1'), 'Bruno'); await page.tap(id('first-chosen')); await page.tap(id('first-0'));
await page.tap(id('start-game'));
await page.waitForTimeout(3000); console.log('after start', (await page.textContent('main'))?.slice(0,300), page.errors);
await page.tap(id('play-on-phones'));
for (let i = 0; i < 8; i++) {
  await page.waitForTimeout(1000);
  console.log(i, (await page.textContent('main'))?.slice(0, 200));
}
await page.screenshot({ path: '/tmp/dbg/host.png' });
console.log(page.errors);
await app.stop(); relay.kill();
