// Shared by the layout tests and scripts: opens each main screen of the app
// in a fresh state (games with two named players, the first chosen).
import { id, open } from './harness.mjs';

async function newGame(page, url, game) {
  await open(page, url);
  await page.click(id(`open-${game}`));
  await page.waitForSelector(id('setup'));
  await page.fill(id('name-0'), 'Anne');
  await page.fill(id('name-1'), 'Marie-Bernadette');
  await page.click(id('first-chosen'));
  await page.click(id('first-0'));
  await page.click(id('start-game'));
  await page.waitForSelector('main.screen[class$="Game"]');
}

/** name → how to reach that screen from a fresh page. */
export const SCREENS = {
  home: async (page, url) => open(page, url),
  checker: async (page, url) => {
    await open(page, url);
    await page.click(id('open-checker'));
    for (const f of [2, 4, 3, 5, 3]) await page.click(id(`face-${f}`));
  },
  roller: async (page, url) => { await open(page, url); await page.click(id('open-roller')); await page.click(id('roll')); },
  settings: async (page, url) => { await open(page, url); await page.click('.topbar .settings'); },
  'serieux-setup': async (page, url) => { await open(page, url); await page.click(id('open-serieux')); },
  serieux: async (page, url) => newGame(page, url, 'serieux'),
  'serieux-rules': async (page, url) => { await newGame(page, url, 'serieux'); await page.click(id('open-rules')); await page.waitForSelector(id('rulings')); },
  genius: async (page, url) => newGame(page, url, 'genius'),
  einstein: async (page, url) => newGame(page, url, 'einstein'),
  sequence: async (page, url) => newGame(page, url, 'sequence'),
  rtt: async (page, url) => newGame(page, url, 'rtt'),
  'words-setup': async (page, url) => { await open(page, url); await page.click(id('open-words')); },
  words: async (page, url) => {
    await newGame(page, url, 'words');
    await page.click(id('theme-face-1'));
    await page.click(id('roll-dice'));
    await page.fill(id('word-input'), 'Bonaparte');
  },
  'words-dice-entry': async (page, url) => { await newGame(page, url, 'words'); await page.click(id('theme-face-1')); },
  history: async (page, url) => { await open(page, url); await page.click(id('open-history')); },
  stats: async (page, url) => { await open(page, url); await page.click(id('open-history')); await page.click(id('tab-Stats')); },
};

export const VIEWPORTS = {
  'phone-small': { width: 360, height: 640 },
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  landscape: { width: 844, height: 390 },
};
