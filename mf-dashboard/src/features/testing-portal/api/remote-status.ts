import { reason, withTimeout } from './timed';

/** What build-info.json says (written at build time beside mf-manifest.json). */
export interface BuildInfo {
  app: string;
  version: string;
  commit: string | null;
  builtAt: string;
}

export interface AppStatus {
  /** Federation name, e.g. mf_dashboard; "shell" for the host. */
  name: string;
  /** Where the browser loads it from: the manifest URL, or the shell's origin. */
  url: string;
  ok: boolean;
  /** Milliseconds to fetch the manifest and the remote entry (or the shell's build stamp). */
  loadMs: number;
  version: string | null;
  commit: string | null;
  builtAt: string | null;
  /** Why it failed, when it did. */
  problem: string | null;
}

const TIMEOUT_MS = 5000;

async function getJson(url: string): Promise<unknown> {
  const response = await withTimeout(fetch(url, { cache: 'no-store' }), TIMEOUT_MS, url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** build-info.json beside the manifest; a build without one shows no build time, not a failure. */
async function buildInfo(url: string): Promise<BuildInfo | null> {
  try {
    return (await getJson(url)) as BuildInfo;
  } catch {
    return null;
  }
}

interface Manifest {
  metaData?: {
    buildInfo?: { buildVersion?: string };
    remoteEntry?: { name?: string; path?: string };
  };
}

/** Fetches a remote's manifest and entry script now, timing both, and reads its build stamp. */
export async function checkRemote(name: string, manifestUrl: string): Promise<AppStatus> {
  const started = performance.now();
  const status = (fields: Partial<AppStatus>): AppStatus => ({
    name,
    url: manifestUrl,
    ok: false,
    loadMs: Math.round(performance.now() - started),
    version: null,
    commit: null,
    builtAt: null,
    problem: null,
    ...fields,
  });
  try {
    const manifest = (await getJson(manifestUrl)) as Manifest;
    const entry = manifest.metaData?.remoteEntry;
    const entryUrl = new URL(`${entry?.path ?? ''}${entry?.name ?? 'remoteEntry.js'}`, manifestUrl);
    const script = await withTimeout(
      fetch(entryUrl, { cache: 'no-store' }),
      TIMEOUT_MS,
      entryUrl.href,
    );
    if (!script.ok) throw new Error(`${entryUrl.href} answered ${script.status}`);
    await script.text();
    const loadMs = Math.round(performance.now() - started);
    const info = await buildInfo(new URL('build-info.json', manifestUrl).href);
    return status({
      ok: true,
      loadMs,
      version: info?.version ?? manifest.metaData?.buildInfo?.buildVersion ?? null,
      commit: info?.commit ?? null,
      builtAt: info?.builtAt ?? null,
    });
  } catch (error) {
    return status({ problem: reason(error) });
  }
}

/** The shell: this page's own origin and its build stamp. */
export async function checkShell(origin: string): Promise<AppStatus> {
  const started = performance.now();
  const info = await buildInfo(`${origin}/build-info.json`);
  return {
    name: 'shell',
    url: origin,
    ok: info !== null,
    loadMs: Math.round(performance.now() - started),
    version: info?.version ?? null,
    commit: info?.commit ?? null,
    builtAt: info?.builtAt ?? null,
    problem: info ? null : 'build-info.json could not be read',
  };
}

/** Every app the shell knows from /remotes.json, checked side by side. */
export async function checkAllApps(): Promise<AppStatus[]> {
  const remotes = (await getJson('/remotes.json')) as Record<string, string>;
  return Promise.all([
    checkShell(window.location.origin),
    ...Object.entries(remotes).map(([name, url]) => checkRemote(name, url)),
  ]);
}
