// After `dx build --web --release --wasm-split` (scripts/tools.sh build_web):
// drops the "name" and "producers" sections from every wasm file of the
// build. dx keeps them when it splits the wasm (its splitter reads the
// function names), and does not remove them afterwards: about 540 KB of the
// main file, 60 KB of each game's. Nothing at run time reads them (the
// split files find each other by their exports), so the code is unchanged.
//   node scripts/strip-wasm-names.mjs DIST
import fs from 'node:fs';
import path from 'node:path';

const DROPPED = new Set(['name', 'producers']);
const dist = path.resolve(process.argv[2] || 'target/dx/genius/release/web/public');
const assets = path.join(dist, 'assets');

/** An unsigned LEB128 number at `at`: [value, the offset after it]. */
function leb(bytes, at) {
  let value = 0, shift = 0, byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

/** The module without the dropped custom sections, and how many bytes went. */
function strip(bytes) {
  const kept = [bytes.subarray(0, 8)]; // magic number and version
  let at = 8;
  while (at < bytes.length) {
    const start = at;
    const id = bytes[at++];
    const [size, body] = leb(bytes, at);
    at = body + size;
    if (id === 0) {
      const [nameLength, name] = leb(bytes, body);
      if (DROPPED.has(bytes.subarray(name, name + nameLength).toString('utf8'))) continue;
    }
    kept.push(bytes.subarray(start, at));
  }
  return Buffer.concat(kept);
}

let files = 0, saved = 0;
for (const name of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
  if (!name.endsWith('.wasm')) continue;
  const file = path.join(assets, name);
  const before = fs.readFileSync(file);
  if (before.readUInt32LE(0) !== 0x6d736100) throw new Error(`${name}: not a wasm module`);
  const after = strip(before);
  fs.writeFileSync(file, after);
  files++;
  saved += before.length - after.length;
}
if (files === 0) {
  console.error(`strip-wasm-names.mjs: no wasm file in ${assets}`);
  process.exit(1);
}
console.log(`wasm names: ${files} file(s), ${saved} bytes of names and producers removed`);
