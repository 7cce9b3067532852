// The service worker (built to /sw.js): precaches the app shell, answers navigations with it when
// offline, leaves /API/ to the network, and activates a new version only when the page asks.
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerOutboxReplay } from './outbox-replay.js';
import { isSkipWaitingMessage } from './messages.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// vite-plugin-pwa replaces self.__WB_MANIFEST with the built files (hashed names, so revisions are implicit).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app navigation (/dashboard, /transaction/dispatch, ...) gets the precached shell; the
// router picks the screen. The API and the worker itself must never be answered with HTML, and the
// public verification page (/P?U=... in any case, a GS1 Digital Link /01/{gtin}/...) is its own entry
// (p.html, not precached): those navigations go to the network, which answers them with it.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // Matched against the path and the query string.
    denylist: [/^\/API(\/|$)/, /^\/sw\.js$/, /^\/p\/?(\?|$)/i, /^\/01\/[^/]/, /^\/p\.html(\?|$)/],
  }),
);

// No route is registered for /API/: those requests go straight to the network and are never cached,
// so a stale answer cannot pass for live data. Offline data lives in IndexedDB, not in this cache.

registerOutboxReplay(self);

// A new version waits until the user presses Reload in the update prompt (registerType 'prompt').
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

// The first install takes over open pages at once, so the shell works offline after one visit.
clientsClaim();
