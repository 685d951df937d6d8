// Saved games as the builds before the summary was saved with each game
// wrote them (format version 2, sealed with their CRC-32, no `summary`:
// the app replays them for one), made from the old build's fixtures with
// their own ids, dates and player names: the storage browser tests and
// bench seed localStorage or IndexedDB with them.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.mjs';

const FIXTURES = path.join(ROOT, 'tests/fixtures/main-4ac8f55');
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE) of a string's UTF-8 bytes, as the app seals its files. */
function crc32(text) {
  let c = 0xffffffff;
  for (const b of Buffer.from(text, 'utf8')) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return ((c ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

/** `text` with its checksum made again, as the app seals what it writes. */
export function reseal(text) {
  const at = text.lastIndexOf(',"crc32":"');
  const open = at >= 0 ? text.slice(0, at) : text.slice(0, text.lastIndexOf('}'));
  return `${open},"crc32":"${crc32(open)}"}`;
}

const NAMES = ['Anne', 'Bruno', 'Chloé', 'Dev', 'Élise', 'Farid', 'Gaëlle', 'Hugo', 'Inès', 'Jules'];
const cache = new Map();

/** Game number `i` made from fixture `fixture`: { id, finished, text }. */
export function savedGame(fixture, i) {
  if (!cache.has(fixture)) cache.set(fixture, fs.readFileSync(path.join(FIXTURES, `${fixture}.json`), 'utf8'));
  const old = JSON.parse(cache.get(fixture));
  const at = 1764000000000 + i * 60000;
  const id = `${old.game}-${at}-${(0x1000 + (i % 0xf000)).toString(16)}`;
  for (const [k, p] of (old.record.setup.players ?? []).entries()) p.name = NAMES[(i + k) % NAMES.length];
  const body = JSON.stringify({
    format: 'genius-game', version: 2, id, game: old.game, saved_at: at, finished: old.finished, record: old.record,
  });
  const open = body.slice(0, -1);
  return { id, finished: old.finished, text: `${open},"crc32":"${crc32(open)}"}` };
}

export const FINISHED = ['serieux-finished', 'genius-expert-finished', 'genius-finished-with-a-half', 'sequence-finished'];
export const UNFINISHED = ['serieux-in-progress', 'genius-simple-in-progress', 'einstein-in-progress', 'rtt-in-progress', 'words-in-progress'];

/** `finished` finished games of four kinds, then `unfinished` in progress. */
export function savedGames(finished, unfinished) {
  return Array.from({ length: finished + unfinished }, (_, i) =>
    i < finished ? savedGame(FINISHED[i % FINISHED.length], i) : savedGame(UNFINISHED[i % UNFINISHED.length], i));
}
