/**
 * SUPABASE_DIR: the backend serves another Supabase project's folder (its migrations, functions
 * and seed.sql) instead of this repository's, so any project runs on it locally. The fixture
 * project in test/fixtures/other-project has one table with RLS, an RPC, a seed row and an edge
 * function written for Deno (Deno.serve, Deno.env).
 */
import path from 'node:path';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(60_000);

const projectDir = path.join(__dirname, '../fixtures/other-project/supabase');

describeEachDb(
  'a backend started with SUPABASE_DIR',
  ({ server }) => {
    const headers = (token?: string) => {
      const key = token ?? server().anonKey;
      return { apikey: server().anonKey, authorization: `Bearer ${key}` };
    };

    it("applies the project's migrations and seed, and only those", async () => {
      const notes = await fetch(`${server().url}/rest/v1/notes?select=body`, {
        headers: headers(),
      });
      expect(notes.status).toBe(200);
      expect(await notes.json()).toEqual([{ body: "Seeded from the other project's seed.sql" }]);

      const profiles = await fetch(`${server().url}/rest/v1/profiles`, { headers: headers() });
      expect(profiles.status).toBe(404);
      expect(await profiles.json()).toMatchObject({ code: 'PGRST205' });
    });

    it("enforces the project's row-level security and serves its functions over RPC", async () => {
      const anonymous = await fetch(`${server().url}/rest/v1/notes`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'anonymous note' }),
      });
      expect(anonymous.status).toBe(401);

      const count = await fetch(`${server().url}/rest/v1/rpc/note_count`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(await count.json()).toBe(1);
    });

    it('runs an edge function written for Deno.serve with Deno.env', async () => {
      const response = await fetch(`${server().url}/functions/v1/hello-notes`, {
        method: 'POST',
        headers: headers(),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        hello: 'from another project',
        notes: ["Seeded from the other project's seed.sql"],
      });
    });
  },
  { env: { SUPABASE_DIR: projectDir } },
);
