// Registers the site's service worker (sw.js at the site's root, named by this
// script's data-worker attribute), which keeps every page for use offline. Pages
// opened from file:// have no service worker: they work as they are.
(function () {
  "use strict";
  const script = document.currentScript;
  if (!("serviceWorker" in navigator) || location.protocol === "file:" || !script) return;
  const worker = new URL(script.dataset.worker, location.href);
  navigator.serviceWorker.register(worker.href, { scope: new URL("./", worker).href }).catch(() => {
    // No worker (a private window, a browser setting): the site works online as before.
  });
})();
