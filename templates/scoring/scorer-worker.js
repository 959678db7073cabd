// The scorer pages' service worker (scope /t/, registered by static/js/outbox.js where the browser
// allows one: https or localhost). A table's page that was opened once opens again without network:
// the page itself is network-first (always the server's state when it answers), its scripts and
// styles are kept on the phone. The API and the sheet's part are never cached: the outbox handles
// their failures, and hands wait in its localStorage until the server has them.
"use strict";
const CACHE = "tarock-scorer-v1";
const ASSETS = {{ assets_json|safe }};
const PAGE = /^\/t\/[A-Za-z0-9_-]+\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // The page varies by language and cookie; offline the kept copy is the one there is.
    const kept = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// The page that registered the worker was loaded before the worker ran: it asks for its own copy.
self.addEventListener("message", (event) => {
  const url = new URL((event.data && event.data.keep) || "", self.location.origin);
  if (url.origin !== self.location.origin || !PAGE.test(url.pathname)) return;
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(url.pathname)).catch(() => { /* offline: next visit */ }));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGE.test(url.pathname)) event.respondWith(networkFirst(request));
  else if (ASSETS.includes(url.pathname)) event.respondWith(cacheFirst(request));
});
