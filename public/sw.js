// Genius service worker: the app works offline after the first visit.
//
// scripts/pwa.mjs writes the built copy of this file after `dx build`: it
// sets BUILD to a hash of the build's files and SHELL to their URLs (dx names
// the js, wasm and css by their hash). Those URLs are relative to the
// worker's own folder, which is the app's: the same build works at the root
// of a site and under a sub-path (`https://<owner>.github.io/genius/`). A new build is therefore a new worker
// with a new cache; once it has cached the whole new shell it takes over and
// deletes the caches of older builds.
//
// Strategy: pages (navigations) network first, so an online player gets the
// newest build at once, falling back to the cached shell when offline or when
// the network takes more than 3 s; every other file of the app is served from
// the cache (they are named by their hash, so a cached copy is never stale)
// and fetched, then kept, when missing.
//
// Unbuilt (BUILD 'dev', e.g. under `dx serve`) the worker caches nothing and
// clears what an earlier one cached, so development never sees stale files.
const BUILD = 'dev';
const SHELL = ['./'];

const PREFIX = 'genius-';
const CACHE = PREFIX + BUILD;
const NETWORK_TIMEOUT_MS = 3000;
// The app's folder (where this worker is served from): its page is cached
// under this URL.
const HOME = new URL('./', self.location.href).href;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    if (BUILD !== 'dev') {
      const cache = await caches.open(CACHE);
      // A file named by its content's hash (dx's `-dxh…`) is this build's
      // wherever it comes from: the copy the page has just fetched (in the
      // HTTP cache) is kept rather than downloaded again on a first visit's
      // network. The others (the page, link/…) go past the HTTP cache, so
      // the shell is exactly this build.
      const request = (url) => new Request(new URL(url, HOME), { cache: /-dxh[0-9a-f]+\./.test(url) ? 'force-cache' : 'reload' });
      await cache.addAll(SHELL.map(request));
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && (key !== CACHE || BUILD === 'dev')) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (BUILD === 'dev' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else {
    event.respondWith(file(request));
  }
});

/** The page: the network's if it answers in time, else the cached shell. */
async function page(request) {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then((response) => {
    // The app has one page whatever the path: keep the newest under HOME.
    if (response.ok) cache.put(HOME, response.clone());
    return response;
  });
  network.catch(() => {}); // a late failure, once the cache has answered
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
  const fallback = () => cache.match(HOME);
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
    return (await fallback()) || (await network);
  } catch (e) {
    const cached = await fallback();
    if (cached) return cached;
    throw e;
  }
}

/** Any other file of the app: the cached copy, else the network's, kept. */
async function file(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') cache.put(request, response.clone());
  return response;
}
