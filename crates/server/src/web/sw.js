// The service worker (served at /sw.js, scope /): the app's files kept in the browser so that it
// opens and plays with no network (docs/web.md, "Offline"). The server puts two lines before this
// file: `const VERSION = '…';` (this build's version) and `const FILES = [...];` (every asset's URL,
// `/assets/VERSION/NAME`, and `/`).
//
//   install:  every file of FILES into the cache `hasami-VERSION`
//   activate: the caches of other versions deleted
//   fetch:    `/api/…` always from the network (never kept); a page (navigation) from the network,
//             else the kept `/`; a file of this version (`/assets/VERSION/NAME`, as the served page
//             names them) from the cache, else the network; `/assets/NAME` (the page as read from a
//             web folder while the app is worked on) from the network, else the kept
//             `/assets/VERSION/NAME`; any other kept file from the cache.

/* global VERSION, FILES */
const CACHE = 'hasami-' + VERSION;
const PREFIX = 'hasami-';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

/** The kept copy of `path`, if any. */
async function kept(path) {
  return (await caches.open(CACHE)).match(path);
}

/** The network's answer to `request`, else the kept `path`. */
async function networkFirst(request, path) {
  try {
    return await fetch(request);
  } catch (e) {
    const hit = await kept(path);
    if (hit) return hit;
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') { event.respondWith(networkFirst(request, '/')); return; }
  const unversioned = url.pathname.match(/^\/assets\/([a-z0-9._-]+)$/);
  if (unversioned) { event.respondWith(networkFirst(request, `/assets/${VERSION}/${unversioned[1]}`)); return; }
  event.respondWith(kept(url.pathname).then((hit) => hit || fetch(request)));
});
