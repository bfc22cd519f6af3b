import { checkBackend, type ComponentHealth } from './backend-health';
import { checkAllApps, type AppStatus } from './remote-status';

/**
 * The portal's two probes, started when the page is navigated to (prefetch-testing-portal.ts)
 * rather than once the admin check has answered and the page has rendered, and each handed, once,
 * to the page's first check. Every later check, the Check again buttons and every later visit,
 * measures afresh, as before: a probe is not a cached answer but a measurement of now.
 */
let apps: Promise<AppStatus[]> | undefined;
let backend: Promise<ComponentHealth[]> | undefined;

/** Starts both probes (what the page's first render would have started). */
export function startProbes(): Promise<unknown> {
  apps = checkAllApps();
  backend = checkBackend();
  return Promise.allSettled([apps, backend]);
}

/** The probe started on navigation if it is still unclaimed, otherwise a new one. */
export function appsCheck(): Promise<AppStatus[]> {
  const started = apps;
  apps = undefined;
  return started ?? checkAllApps();
}

/** The probe started on navigation if it is still unclaimed, otherwise a new one. */
export function backendCheck(): Promise<ComponentHealth[]> {
  const started = backend;
  backend = undefined;
  return started ?? checkBackend();
}
