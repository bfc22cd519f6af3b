/** The worker at the site root, so its scope is the whole shell. */
const SERVICE_WORKER_URL = '/sw.js';

/** Same-origin, content-hashed files this page already fetched: the worker caches them now. */
function loadedShellAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/`) && /\.[0-9a-f]{8}\.(js|css)$/.test(url));
}

/**
 * Registers the service worker once the page has loaded (never competing with the first
 * render), then hands it what this page loaded so the shell works offline from the next visit.
 * `updateViaCache: 'none'` makes every navigation check sw.js for a new version.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return null;
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'cache-urls', urls: loadedShellAssets() });
    return registration;
  } catch (error) {
    // Offline support is an extra: the site works the same without it.
    console.warn('[pwa] service worker registration failed', error);
    return null;
  }
}
