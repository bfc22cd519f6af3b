/**
 * ProMatch service worker: keeps the app shell (the HTML page and the shell's content-hashed
 * scripts) so the site opens offline. It never stores runtime configuration (/config.json,
 * /remotes.json), API calls, or any remote's mf-manifest.json / remoteEntry.js: those must
 * always be fresh, or a redeployed remote or a changed backend would be missed.
 *
 * It also shows push notifications (a `push` event carries one of the user's notifications as
 * JSON: title, body, url, tag) and opens the notification's page when it is clicked.
 *
 * Updating: change VERSION (or any byte of this file). The new worker activates at once and
 * deletes the old shell cache; navigations are network-first, so a new deploy's HTML is used
 * as soon as the network answers.
 */
const VERSION = 'v4';
const SHELL_CACHE = `promatch-shell-${VERSION}`;
const ASSET_CACHE = 'promatch-assets';
const MAX_ASSETS = 80;
const SHELL_URLS = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon.svg', '/intl-warm-up.js'];
/** The plain page: a page request may answer with one page server-rendered into it (0035). */
const SHELL_PAGE = '/index.html';
const SERVER_RENDERED_HEADER = 'x-promatch-server-page';
const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css)$/;
const NEVER_CACHED =
  /^\/(config\.json|remotes\.json|rest\/|auth\/|functions\/|storage\/|realtime\/|api\/)|(mf-manifest\.json|remoteEntry\.js)$/;

/** Paths on any origin (backend, remotes) the worker never sees: the browser goes straight out. */
const NETWORK_ONLY_PATHS = [
  '/rest/*',
  '/auth/*',
  '/functions/*',
  '/storage/*',
  '/realtime/*',
  '/api/*',
  '/config.json',
  '/remotes.json',
  '*/remoteEntry.js',
  '*/mf-manifest.json',
];

/**
 * Static routing (Chromium 123+): API calls, unload beacons and federation files bypass the
 * worker entirely, so they never wait for it to start. Elsewhere the fetch handler below skips
 * them the same way.
 */
function addNetworkOnlyRoutes(event) {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') {
    return Promise.resolve();
  }
  try {
    const routes = NETWORK_ONLY_PATHS.map((pathname) => ({
      condition: { urlPattern: new URLPattern({ pathname }) },
      source: 'network',
    }));
    return event.addRoutes(routes).catch(() => {});
  } catch {
    // A browser that rejects a pattern still has the fetch handler's checks.
    return Promise.resolve();
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      addNetworkOnlyRoutes(event),
      caches
        .open(SHELL_CACHE)
        .then((cache) =>
          Promise.all([
            cache.addAll(SHELL_URLS),
            fetch(SHELL_PAGE).then((response) => cache.put('/', response)),
          ]),
        ),
    ]).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('promatch-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page sends the hashed files it already loaded, so they are there offline next time. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => isCacheableAsset(new URL(url)));
  event.waitUntil(
    caches
      .open(ASSET_CACHE)
      .then((cache) => cache.addAll(urls))
      .then(trimAssets)
      .catch(() => {}),
  );
});

function isCacheableAsset(url) {
  return (
    url.origin === self.location.origin &&
    HASHED_ASSET.test(url.pathname) &&
    !NEVER_CACHED.test(url.pathname)
  );
}

async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)),
  );
}

/**
 * Network first; offline, any page of the single-page app is answered with the cached shell.
 * A server-rendered page is never kept as the shell: offline it would stand in for every page.
 */
async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok && !response.headers.has(SERVER_RENDERED_HEADER)) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put('/', response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match('/', { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** Hashed files never change, so the cached copy is always right. */
async function hashedAsset(request) {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
    trimAssets().catch(() => {});
  }
  return response;
}

/** Small unhashed shell files (manifest, icons): fresh when online, cached when not. */
async function shellFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other origins (the backend, the remotes) and runtime files go straight to the network.
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
  } else if (HASHED_ASSET.test(url.pathname)) {
    event.respondWith(hashedAsset(request));
  } else if (SHELL_URLS.includes(url.pathname)) {
    event.respondWith(shellFile(request));
  }
});

/**
 * Push: the backend's push sender sends `{ title, body, url, tag }` (backend/src/push/push-sender.ts).
 * A message without a readable payload still shows something, as browsers require of a push.
 */
function pushContent(event) {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  return {
    title: typeof data.title === 'string' && data.title ? data.title : 'ProMatch',
    body: typeof data.body === 'string' ? data.body : '',
    url: typeof data.url === 'string' ? data.url : '/dashboard',
    tag: typeof data.tag === 'string' ? data.tag : undefined,
  };
}

/** Only this site's pages are opened: another origin's address keeps its path on this site. */
function sitePage(url) {
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin
    ? target.href
    : new URL(`${target.pathname}${target.search}${target.hash}`, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const content = pushContent(event);
  event.waitUntil(
    self.registration.showNotification(content.title, {
      body: content.body,
      tag: content.tag,
      icon: '/icons/icon.svg',
      badge: '/icons/icon.svg',
      data: { url: sitePage(content.url) },
    }),
  );
});

/**
 * A click opens the notification's page: in an open ProMatch tab when there is one, else a new
 * one. A named function, so the click's effect can be exercised in a browser without a desktop.
 */
function openNotification(notification) {
  notification.close();
  const url = sitePage((notification.data && notification.data.url) || '/dashboard');
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open && 'navigate' in open) {
      // focusing needs the click's permission; the page is opened either way
      return open
        .focus()
        .catch(() => open)
        .then((focused) => (focused || open).navigate(url));
    }
    return self.clients.openWindow(url);
  });
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotification(event.notification));
});
