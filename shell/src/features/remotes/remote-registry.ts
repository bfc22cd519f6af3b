import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '../../lib/route-types';

let discovery: Promise<void> | undefined;

async function fetchRemoteManifest(fetchImpl: typeof fetch): Promise<Record<string, string>> {
  const response = await fetchImpl('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  return (await response.json()) as Record<string, string>;
}

/**
 * Reads /remotes.json (federation name -> mf-manifest.json URL) and registers every remote, so a
 * remote can move or be redeployed without rebuilding the shell.
 */
function discoverRemotes(fetchImpl: typeof fetch = fetch): Promise<void> {
  discovery = fetchRemoteManifest(fetchImpl)
    .then((manifest) => {
      registerRemotes(
        Object.entries(manifest).map(([name, entry]) => ({ name, entry })),
        { force: true },
      );
    })
    .catch((error: unknown) => {
      // A later load retries discovery, so one failed fetch does not break the page for good.
      discovery = undefined;
      throw error;
    });
  return discovery;
}

export function remotesDiscovered(): Promise<void> {
  return discovery ?? discoverRemotes();
}

/** Route patterns as used in the route table: `:param` segments and a trailing `/*`. */
function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/\/\*$/, '')
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  const rest = pattern.endsWith('/*') ? '(?:/.*)?' : '';
  return new RegExp(`^${body}${rest}/?$`, 'i');
}

/**
 * Which remote draws `pathname`, for preloading only: the router decides for real, so a
 * mismatch here costs nothing but the head start.
 */
export function remoteForPath(
  pathname: string,
  routes: readonly { path: string; remote: RemoteName }[],
): RemoteName | undefined {
  return routes.find((route) => patternToRegExp(route.path).test(pathname))?.remote;
}

/**
 * Discovers the remotes and starts fetching the one that draws the current page (manifest, remoteEntry and its App
 * chunks) while the shell's own shared chunks are still loading, instead of after them.
 */
export async function preloadRemoteFor(
  pathname: string,
  routes: readonly { path: string; remote: RemoteName }[],
): Promise<void> {
  await remotesDiscovered();
  const remote = remoteForPath(pathname, routes);
  if (!remote) return;
  await preloadRemote([
    { nameOrAlias: remote, exposes: ['./App'], resourceCategory: 'sync', depsRemote: false },
  ]);
}
