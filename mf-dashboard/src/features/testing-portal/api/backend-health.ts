import { loadRuntimeConfig } from '@promatch/shared';
import { timed, withTimeout, type CheckResult } from './timed';

export interface ComponentHealth extends CheckResult {
  name: string;
  url: string;
}

const TIMEOUT_MS = 5000;

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await withTimeout(fetch(url, { headers, cache: 'no-store' }), TIMEOUT_MS, url);
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return response;
}

/**
 * The backend's health, through the surfaces a hosted Supabase project also has: one database
 * round trip through the REST gateway, the auth server, and the REST gateway's description. Storage, realtime and functions are proven by the self-checks,
 * which use them the way the product does.
 */
export async function checkBackend(): Promise<ComponentHealth[]> {
  const { supabaseUrl, supabaseAnonKey } = await loadRuntimeConfig();
  const apikey = { apikey: supabaseAnonKey };
  const checks: { name: string; url: string; run: () => Promise<string> }[] = [
    {
      // A database round trip through a standard surface (hosted Supabase has no /health):
      // match_weights is a tiny public function.
      name: 'Database',
      url: `${supabaseUrl}/rest/v1/rpc/match_weights`,
      run: async () => {
        await (await get(`${supabaseUrl}/rest/v1/rpc/match_weights`, apikey)).json();
        return 'Answered a query through the REST gateway';
      },
    },
    {
      name: 'Auth',
      url: `${supabaseUrl}/auth/v1/health`,
      run: async () => {
        const body = (await (await get(`${supabaseUrl}/auth/v1/health`, apikey)).json()) as {
          description?: string;
        };
        return body.description ?? 'Healthy';
      },
    },
    {
      name: 'REST gateway',
      url: `${supabaseUrl}/rest/v1/`,
      run: async () => {
        await (await get(`${supabaseUrl}/rest/v1/`, apikey)).text();
        return 'Answers with its API description';
      },
    },
  ];
  return Promise.all(
    checks.map(async (check) => ({
      name: check.name,
      url: check.url,
      ...(await timed(check.run)),
    })),
  );
}
