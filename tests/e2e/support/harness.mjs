// Shared by the browser tests and the benchmark: serves the release web
// build on 127.0.0.1 and drives Debian's Chromium through playwright-core.
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../../scripts/serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../../..');
export const WEB_DIST = process.env.GENIUS_WEB_DIST || path.join(ROOT, 'target/dx/genius/release/web/public');
export const ARTIFACTS = path.join(here, '..', 'artifacts');
export const PHONE = { width: 390, height: 844 };

/** How the tests launch Debian's Chromium (playwright-core). */
export const LAUNCH = {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic'],
};

/** Serves the build (under `base`, a sub-path such as '/genius/', if given)
 * and launches Chromium. */
export async function start({ base = '/' } = {}) {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`no web build in ${WEB_DIST}: run scripts/test (or dx build --web --release) first`);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const server = await serve(WEB_DIST, 0, base);
  const url = `http://127.0.0.1:${server.address().port}${base}`;
  const browser = await chromium.launch(LAUNCH);
  return {
    url, base, browser,
    async page({ locale = 'fr-FR', colorScheme = 'light', viewport = PHONE, hasTouch = true, serviceWorkers = 'allow' } = {}) {
      const context = await browser.newContext({ locale, colorScheme, viewport, hasTouch, isMobile: hasTouch, deviceScaleFactor: 2, serviceWorkers });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.errors = errors;
      return page;
    },
    async stop() { await browser.close(); server.close(); },
  };
}

export const id = (testid) => `[data-testid="${testid}"]`;

/** The app's root once the app runs. Before, the page shows the home screen
 * the build put in index.html (examples/prerender.rs), whose root is marked
 * `data-prerendered`. */
export const APP = '.app:not([data-prerendered])';

/** The text of the rules page `testid` once its texts are there (the web
 * build fetches them when a rules page first opens). */
export async function rulesText(page, testid) {
  await page.waitForSelector(`${id(testid)} ${id('rulings')}`);
  return page.textContent(id(testid));
}

/** Loads the app and waits until it has rendered its first screen: Home,
 * or, with one game in progress, that game (issue 37). */
export async function launch(page, url) {
  await page.goto(url);
  await page.waitForSelector(APP);
}

/** Opens the app on Home, as a player reaches it: with one game in
 * progress the app reopens it at start (see `launch`), and the top bar's
 * back leads Home, where it is listed. */
export async function open(page, url) {
  await launch(page, url);
  if (await page.$(`${APP} main.screen[class$="Game"]`)) {
    await page.click(`${APP} .topbar .back`);
    await page.waitForSelector(`${APP} main.screen-Home`);
  }
}

export async function openChecker(page, url) {
  await open(page, url);
  await page.click(id('open-checker'));
  await page.waitForSelector(id('checker'));
}

export async function text(page, testid) {
  return (await page.textContent(id(testid))) ?? '';
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}
