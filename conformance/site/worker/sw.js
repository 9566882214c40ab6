// The site's service worker, written by `generala-kit site` (conformance/site/offline.py)
// with this version's file list: after one visit of any page, every page of the site
// works with the network off.
//
// One version, one cache: the cache's name carries the hash of the whole site's
// content, install fetches every file of the list past the HTTP cache and checks
// each against its hash (a file of another version fails the install: its cache is
// deleted and the worker in place stays), activate deletes every other version's cache, and a request is
// answered from this worker's cache only. A new worker waits until no page of the
// old version is open (no skipWaiting, no clients.claim), so a page of one version is
// never answered with the files of another.
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "generala-site-";
const CACHE = PREFIX + VERSION;
const ROOT = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  const requests = Object.entries(FILES).map(
    ([path, hash]) => new Request(new URL(path, ROOT), { cache: "reload", integrity: hash }),
  );
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(requests))
      .catch(async (error) => {
        await caches.delete(CACHE); // (a half-filled cache of a version that never installs)
        throw error;
      }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))),
      ),
  );
});

/** The site's path of a request (`fr/` -> `fr/index.html`), or null outside the site. */
function sitePath(url) {
  if (!url.href.startsWith(ROOT)) return null;
  const path = decodeURIComponent(url.pathname.slice(new URL(ROOT).pathname.length));
  return path === "" || path.endsWith("/") ? path + "index.html" : path;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = sitePath(new URL(request.url));
  if (path === null) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const key = new URL(path, ROOT).href;
      const hit = await cache.match(key, { ignoreSearch: true });
      if (hit) return hit;
      return fetch(request);
    }),
  );
});
