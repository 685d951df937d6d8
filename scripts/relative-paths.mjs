// After `dx build --web --release` (scripts/tools.sh build_web runs it, before
// scripts/pwa.mjs): makes the build work from any path, at the root of a site
// and under a sub-path such as https://<owner>.github.io/genius/.
//
// dx 0.7 writes the page's script and the wasm's URL from the root of the
// site ("/./assets/…", its default base path "."), and a build made with
// `--base-path genius` works only under /genius/. This rewrites them
// relative to the page ("./assets/…"): the app has one page, and the page's
// own paths (index.html, public/manifest.webmanifest, public/sw.js) are
// relative too. The Rust side asks for its files with platform::asset_url.
// Then it fails if the page still names anything from the root.
//   node scripts/relative-paths.mjs DIST
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(process.argv[2] || 'target/dx/genius/release/web/public');
const index = path.join(dist, 'index.html');
if (!fs.existsSync(index)) {
  console.error(`relative-paths.mjs: no index.html in ${dist}`);
  process.exit(1);
}

// "/./assets/x" or "/assets/x" (in quotes) -> "./assets/x".
const FROM_ROOT = /(["'])\/(?:\.\/)?(assets|wasm)\//g;
let rewritten = 0;
function rewrite(file) {
  const before = fs.readFileSync(file, 'utf8');
  const after = before.replace(FROM_ROOT, (_, quote, dir) => `${quote}./${dir}/`);
  if (after !== before) {
    fs.writeFileSync(file, after);
    rewritten++;
  }
  return after;
}

const assets = path.join(dist, 'assets');
for (const name of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
  if (name.endsWith('.js')) rewrite(path.join(assets, name));
}
const html = rewrite(index);

// Anything the page still loads from the site's root would break under a
// sub-path: src="/…", href="/…", or a worker registered as "/…".
const left = [...html.matchAll(/\b(?:src|href)="\/(?!\/)[^"]*"|register\(["']\/[^"']*["']\)/g)].map((m) => m[0]);
if (left.length) {
  console.error(`relative-paths.mjs: index.html still names paths from the site's root: ${left.join(', ')}`);
  process.exit(1);
}
console.log(`relative paths: ${rewritten} file(s) rewritten, nothing named from the site's root`);
