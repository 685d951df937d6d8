// A small static file server for the release web build: 127.0.0.1 only,
// correct MIME types (wasm must be application/wasm), gzip when asked, and
// index.html for unknown paths so reloads of in-app paths work. BASE serves
// the app under a sub-path, as a project's GitHub Pages site does
// (https://<owner>.github.io/<repo>/): nothing answers outside it.
//   node scripts/serve.mjs DIR [PORT] [BASE]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

// Each file compressed once (until it changes), as a static host serves
// files compressed ahead: compressing a 1.2 MB wasm on every request would
// add tens of ms to each load in the start-up bench, more for the larger
// build, and time the server rather than the app.
const compressed = new Map();
function gzipped(file, body) {
  const { mtimeMs, size } = fs.statSync(file);
  const known = compressed.get(file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known.gz;
  const gz = zlib.gzipSync(body);
  compressed.set(file, { mtimeMs, size, gz });
  return gz;
}

export function serve(dir, port = 0, base = '/') {
  const root = path.resolve(dir);
  if (!base.startsWith('/') || !base.endsWith('/')) throw new Error(`base ${base}: from / to /`);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (pathname === base.slice(0, -1)) { res.writeHead(301, { Location: base }).end(); return; }
    if (!pathname.startsWith(base)) { res.writeHead(404).end(); return; }
    const rel = '/' + pathname.slice(base.length);
    let file = path.join(root, path.normalize(rel));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      const index = path.join(file, 'index.html');
      file = fs.existsSync(index) ? index : path.join(root, 'index.html');
    }
    const type = TYPES[path.extname(file)] || 'application/octet-stream';
    const body = fs.readFileSync(file);
    const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
    if (/\bgzip\b/.test(req.headers['accept-encoding'] || '') && !/image\/png/.test(type)) {
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' });
      res.end(gzipped(file, body));
    } else {
      res.writeHead(200, headers);
      res.end(body);
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, port, base = '/'] = process.argv.slice(2);
  const server = await serve(dir, Number(port || 8080), base);
  console.log(`Genius is served at http://127.0.0.1:${server.address().port}${base} (Ctrl+C stops)`);
}
