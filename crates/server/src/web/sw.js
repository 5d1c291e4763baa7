// The service worker (served at /sw.js, scope /): the app's files kept in the browser so that it
// opens and plays with no network (docs/web.md, "Offline"). The server puts two lines before this
// file: `const VERSION = '…';` (this build's version) and `const FILES = [...];` (every asset's URL,
// `/assets/VERSION/NAME`, and `/`).
//
//   install:  every file of FILES into the cache `hasami-VERSION`
//   activate: the caches of other versions deleted
//   fetch:    `/api/…` always from the network (never kept); a page (navigation) from the network,
//             else the kept `/`; any other same-origin GET of a kept file from the cache
//             (`/assets/NAME` is found under `/assets/VERSION/NAME`), else the network.

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

/** The kept copy of `url` (a same-origin URL): itself, or an unversioned asset under this version. */
async function kept(url) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(url.pathname);
  if (hit) return hit;
  const m = url.pathname.match(/^\/assets\/([a-z0-9.-]+)$/);
  return m ? cache.match(`/assets/${VERSION}/${m[1]}`) : undefined;
}

/** The network's answer to a page request, else the kept page. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (e) {
    const hit = await (await caches.open(CACHE)).match('/');
    if (hit) return hit;
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') { event.respondWith(page(request)); return; }
  event.respondWith(kept(url).then((hit) => hit || fetch(request)));
});
