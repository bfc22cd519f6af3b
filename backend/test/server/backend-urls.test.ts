import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Everything the frontends and the edge functions call must exist on a hosted Supabase project
 * deployed from supabase/: the standard surfaces (/auth/v1, /rest/v1, /storage/v1, /realtime/v1)
 * and the functions in supabase/functions. A path only the local backend serves (such as
 * /api/update-presence-offline, decision 0080) would work here and silently fail when hosted.
 * This reads the source, so it covers code no test happens to run.
 */
const root = path.resolve(__dirname, '../../..');
const sourceDirs = [
  'shell/src',
  'mf-marketing/src',
  'mf-auth/src',
  'mf-dashboard/src',
  'mf-messaging/src',
  'mf-admin/src',
  'shared/src',
  'supabase/functions',
];
const functionsDir = path.join(root, 'supabase/functions');
const deployedFunctions = new Set(
  readdirSync(functionsDir).filter(
    (name) => !name.startsWith('_') && existsSync(path.join(functionsDir, name, 'index.ts')),
  ),
);
const standardSurfaces = ['auth', 'rest', 'storage', 'realtime'];

/**
 * Call sites whose target is not built from the Supabase URL, each with why it is not a backend
 * call. Any other fetch, XMLHttpRequest, sendBeacon, WebSocket or EventSource must be given the
 * Supabase URL (checked below) or be added here with a reason.
 */
const nonBackendTargets: { file: string; target: RegExp; why: string }[] = [
  {
    file: 'supabase/functions/export-my-data/build-export.ts',
    target: /^url, \{/,
    why: 'storageObjectUrl() in _shared/storage.ts: the Supabase storage URL, each segment encoded (checked there as a backend path)',
  },
  { file: 'shared/src/config/runtime-config.ts', target: /^'\/config\.json'/, why: 'app server' },
  {
    file: 'shell/src/features/remotes/remote-registry.ts',
    target: /^'\/remotes\.json'/,
    why: 'app server',
  },
  {
    file: 'supabase/functions/_shared/companies-house.ts',
    target: /^`\$\{baseUrl\}/,
    why: 'the Companies House API',
  },
  {
    file: 'mf-dashboard/src/features/overview/api/query-helpers.ts',
    target: /^userId$/,
    why: 'a parameter named fetch: the query function, not the network',
  },
  {
    file: 'shell/src/features/activity-tracking/analytics-transport.ts',
    target: /^url\b/,
    why: 'sendRows(url): its callers pass the Supabase URL, checked as backend paths',
  },
  {
    file: 'mf-dashboard/src/features/overview/api/prefetch-overview.ts',
    target: /^userId$/,
    why: 'a parameter named fetch: the panel query function, not the network',
  },
  {
    file: 'mf-dashboard/src/features/testing-portal/api/backend-health.ts',
    target: /^url, \{ headers, cache: 'no-store' \}/,
    why: 'get(url): its callers pass Supabase URLs, checked as backend paths',
  },
  {
    file: 'mf-dashboard/src/features/testing-portal/api/remote-status.ts',
    target: /^(url|entryUrl), \{ cache: 'no-store' \}/,
    why: "the apps' manifests and entry scripts, from /remotes.json (app servers)",
  },
  {
    file: 'shared/src/embeddings/client.ts',
    target: /^config\.url, \{/,
    why: 'the OpenAI-compatible embeddings endpoint configured on the server (EMBEDDINGS_URL)',
  },
  {
    file: 'mf-dashboard/src/features/files/utils/send-with-progress.ts',
    target: /^'POST', url\b/,
    why: 'sendWithProgress(url): its caller passes the Supabase URL, checked as a backend path',
  },
];

interface Source {
  file: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === 'testing' || name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(name) && !/\.(test|spec)\.|\.d\.ts$/.test(name) ? [full] : [];
  });
}

const sources: Source[] = sourceDirs.flatMap((dir) =>
  sourceFiles(path.join(root, dir)).map((full) => ({
    file: path.relative(root, full),
    text: readFileSync(full, 'utf8'),
  })),
);

/** Code without comments, so prose such as "POST /auth/v1/factors" is not taken for a call. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Every `/<surface>/v1/...` path written in code, and what follows `supabaseUrl}` in templates. */
function backendPaths(source: Source): string[] {
  const text = code(source.text);
  const literal = [...text.matchAll(/\/([a-z]+)\/v1(\/[^'"`\s]*)?/g)].map((m) => m[0]);
  const templated = [...text.matchAll(/supabaseUrl\}([^`$]*)/g)].map((m) => m[1]).filter(Boolean);
  return [...literal, ...templated];
}

function problemWithPath(backendPath: string): string | undefined {
  const match = /^\/([a-z]+)\/v1(?:\/([^/?'"`]*))?/.exec(backendPath);
  if (!match) return 'not under a Supabase surface (/auth/v1, /rest/v1, …)';
  const [, surface, first] = match;
  if (standardSurfaces.includes(surface)) return undefined;
  if (surface === 'functions')
    return first && deployedFunctions.has(first) ? undefined : `no function "${first}"`;
  return `/${surface}/v1 is not a Supabase surface`;
}

test('every backend URL the frontends and functions use exists on hosted Supabase', () => {
  const found: string[] = [];
  const problems: string[] = [];
  for (const source of sources) {
    for (const backendPath of backendPaths(source)) {
      found.push(`${source.file}: ${backendPath}`);
      const problem = problemWithPath(backendPath);
      if (problem) problems.push(`${source.file}: ${backendPath} — ${problem}`);
    }
    for (const m of code(source.text).matchAll(/functions\s*\.invoke(?:<[^>]*>)?\(\s*'([^']+)'/g)) {
      found.push(`${source.file}: functions.invoke('${m[1]}')`);
      if (!deployedFunctions.has(m[1]))
        problems.push(`${source.file}: functions.invoke('${m[1]}') — not in supabase/functions`);
    }
  }
  console.log(`Backend URLs in the source:\n  ${found.join('\n  ')}`);
  expect(problems).toEqual([]);
  // The scan must keep finding what is known to be there, or it has gone blind.
  expect(found.join('\n')).toMatch(/rest\/v1\/rpc\/update_user_presence/);
  expect(found.join('\n')).toMatch(/functions\.invoke\('verify-company'\)/);
});

test('every other network call is listed with the reason it is not a backend call', () => {
  const unexplained: string[] = [];
  const callPattern =
    /(?<![.\w])(?:fetch|fetchImpl|sendBeacon|new WebSocket|new EventSource)\(\s*([^)\n]*)|\brequest\.open\(\s*([^)\n]*)/g;
  for (const source of sources) {
    for (const m of code(source.text).matchAll(callPattern)) {
      const target = (m[1] ?? m[2] ?? '').trim();
      if (/supabaseUrl\}/.test(target)) continue;
      const listed = nonBackendTargets.some(
        (entry) => entry.file === source.file && entry.target.test(target),
      );
      if (!listed) unexplained.push(`${source.file}: ${target}`);
    }
  }
  expect(unexplained).toEqual([]);
});
