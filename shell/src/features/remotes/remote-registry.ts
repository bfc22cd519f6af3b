import { registerRemotes } from '@module-federation/enhanced/runtime';

export type RemoteName = 'mf_marketing' | 'mf_auth' | 'mf_dashboard' | 'mf_messaging' | 'mf_admin';

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
export function discoverRemotes(fetchImpl: typeof fetch = fetch): Promise<void> {
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
