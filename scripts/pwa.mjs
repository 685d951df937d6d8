// After `dx build --web --release` (scripts/tools.sh build_web runs it):
// writes the service worker of this build into the output folder, with the
// list of files to cache for offline use and a version that is a hash of
// them, so every new build installs a new worker with a new cache.
//   node scripts/pwa.mjs DIST
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] || path.join(root, 'target/dx/genius/release/web/public'));
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`pwa.mjs: no index.html in ${dist}`);
  process.exit(1);
}

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : [full];
  });
}

// Everything dx wrote (index.html, the hashed js, wasm and css, and the
// public/ folder: manifest, icons, shell.js), except the worker itself.
const shell = files(dist)
  .map((f) => path.relative(dist, f).split(path.sep).join('/'))
  .filter((rel) => rel !== 'sw.js' && !rel.endsWith('.map'))
  .sort();
const hash = crypto.createHash('sha256');
for (const rel of shell) hash.update(rel).update('\0').update(fs.readFileSync(path.join(dist, rel))).update('\0');
const build = hash.digest('hex').slice(0, 16);
// Relative to the worker's folder, the app's: the page is cached under './',
// the URL it is opened at.
const urls = shell.map((rel) => (rel === 'index.html' ? './' : rel));

const source = fs.readFileSync(path.join(root, 'public/sw.js'), 'utf8');
let replaced = 0;
const worker = source
  .replace(/^const BUILD = 'dev';$/m, () => { replaced++; return `const BUILD = '${build}';`; })
  .replace(/^const SHELL = \['\.\/'\];$/m, () => { replaced++; return `const SHELL = ${JSON.stringify(urls)};`; });
if (replaced !== 2) {
  console.error('pwa.mjs: public/sw.js no longer has the BUILD and SHELL lines to fill in');
  process.exit(1);
}
fs.writeFileSync(path.join(dist, 'sw.js'), worker);
const wasm = urls.find((u) => u.endsWith('.wasm'));
if (!wasm) {
  console.error('pwa.mjs: the build has no wasm file');
  process.exit(1);
}
console.log(`service worker ${build}: ${urls.length} files cached for offline use`);
