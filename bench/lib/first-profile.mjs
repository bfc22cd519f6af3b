import { createRequire } from 'node:module';
import { BACKEND_PORT } from '../../scripts/stack.mjs';

const { runtimeConfigFromEnv } = createRequire(import.meta.url)('@promatch/shared/runtime-config');

/** The path of the first professional a search for "react" finds: the benches' profile page. */
export async function firstProfilePath() {
  const response = await fetch(
    `http://localhost:${BACKEND_PORT}/rest/v1/rpc/search_professionals`,
    {
      method: 'POST',
      headers: {
        apikey: runtimeConfigFromEnv(process.env).supabaseAnonKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ p_query: 'react', p_page_size: 1 }),
    },
  );
  const { items } = await response.json();
  return `/professional/${items[0].id}`;
}
