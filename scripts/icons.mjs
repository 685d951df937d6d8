// Renders the app's PNG icons from the SVGs in public/icons/ with Debian's
// Chromium (the one the browser tests use). The PNGs are committed; run
// this again after changing an SVG:
//   node scripts/icons.mjs      (scripts/tools.sh installs playwright-core)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'tests/e2e/package.json'));
const { chromium } = require('playwright-core');
const dir = path.join(root, 'public/icons');

// [source svg, size, output png]
const ICONS = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['maskable.svg', 192, 'maskable-192.png'],
  ['maskable.svg', 512, 'maskable-512.png'],
  // iOS rounds the corners itself and shows transparency as black.
  ['maskable.svg', 180, 'apple-touch-icon.png'],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const [svg, size, png] of ICONS) {
  const data = fs.readFileSync(path.join(dir, svg)).toString('base64');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img width="${size}" height="${size}" src="data:image/svg+xml;base64,${data}">`);
  await page.waitForFunction(() => document.images[0].complete);
  await page.screenshot({ path: path.join(dir, png), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`${png} (${size}×${size}) from ${svg}`);
}
await browser.close();
