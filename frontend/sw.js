// Service worker: the app shell works offline. Pages are network-first (fresh
// when online, cached when not); other shell files are served from the cache
// and refreshed in the background. /api/* is never cached here: scores and
// timers must come from the server or from the page's own offline queue.

const VERSION = 'v1';
const SHELL = `scorekeeper-shell-${VERSION}`;
// The server lists the app's files (GET /shell.json), so this file needs no list to keep up to date.


self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([caches.open(SHELL), fetch('/shell.json', { cache: 'no-cache' }).then((r) => r.json()), apiToNetwork(event)])
      .then(([cache, shell]) => cache.addAll(shell.files))
      .then(() => self.skipWaiting()),
  );
});

// This origin's /api/* goes to the network without waking this worker (the static routing API, where the
// browser has it; a pattern string is read against the worker's own URL): a score, a stream or a challenge never
// waits for the worker to start only to be told "not mine". Elsewhere the fetch handler below lets it through.
function apiToNetwork(event) {
  if (!event.addRoutes) return null;
  return event.addRoutes({ condition: { urlPattern: '/api/*' }, source: 'network' }).catch(() => null);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('scorekeeper-shell-') && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request)) || (await cache.match('/')) || Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  const refresh = fetch(request)
    .then((response) => {
      if (response.ok) cache.put(request, response.clone());
      return response;
    })
    .catch(() => null);
  return cached || (await refresh) || Response.error();
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return; // straight to the network, never cached
  if (event.request.mode === 'navigate') event.respondWith(networkFirst(event.request));
  else event.respondWith(cacheFirst(event.request));
});
