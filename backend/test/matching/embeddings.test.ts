/**
 * Semantic matching on a real database, with a fake OpenAI-compatible embeddings server (a test
 * double of the external API: hashed bag-of-words vectors, so texts sharing words point the same
 * way). The backend's embeddings job embeds professional profiles and open projects, sends
 * nothing again while their text is unchanged, and re-embeds what changed; the match-professionals
 * function embeds the request on the server (with the key) and the semantic component lifts the
 * profile that reads like the request. Neither local database has pgvector, so this exercises the
 * real[] storage with cosine in SQL; with no endpoint configured matching stays lexical.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';
import {
  postgresAvailable,
  startTestServer,
  type DbKind,
  type TestServer,
} from '../support/test-server.ts';

jest.setTimeout(120_000);

const DIMENSIONS = 64;
const MODEL = 'fake-bag-of-words-64';
const KEY = 'sk-test-embeddings-key';

/** Deterministic: each word adds 1 to one of 64 dimensions (FNV-1a hash), then unit length. */
function bagOfWords(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9+#]+/g) ?? []) {
    let hash = 0x811c9dc5;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    vector[hash % DIMENSIONS] += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}

interface FakeEmbeddings {
  url: string;
  inputs: string[];
  authorizations: (string | undefined)[];
  models: string[];
  close(): Promise<void>;
}

async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  const inputs: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const models: string[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as { model: string; input: string[] };
      authorizations.push(request.headers.authorization);
      models.push(body.model);
      inputs.push(...body.input);
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: body.input.map((text, index) => ({
            object: 'embedding',
            index,
            embedding: bagOfWords(text),
          })),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/embeddings`,
    inputs,
    authorizations,
    models,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Match {
  id: string;
  score: number;
  reasons: string[];
  components: Record<string, number>;
}

async function invokeMatch(client: SupabaseClient, body: unknown) {
  const result = await client.functions.invoke('match-professionals', {
    body: body as Record<string, unknown>,
  });
  if (result.error instanceof FunctionsHttpError) {
    const response = result.error.context as Response;
    return { status: response.status, body: (await response.json()) as { error: string } };
  }
  if (result.error) throw result.error;
  return { status: 200, body: result.data as { total: number; items: Match[] } };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const kinds: DbKind[] = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresAvailable()) console.log('[test] SKIPPED embeddings on postgres: nothing answers');

for (const kind of kinds) {
  describe(`semantic matching with a configured embeddings endpoint [${kind}]`, () => {
    let fake: FakeEmbeddings;
    let server: TestServer;
    let service: SupabaseClient;
    const skill = `Zephyr-${randomUUID().slice(0, 6)}`;
    const people: Record<'reads' | 'other' | 'admin', { id: string; client: SupabaseClient }> =
      {} as never;
    const request = 'Offline field inspection app for building surveyors, photos and checklists';
    let projectId = '';

    const embeddingOf = async (id: string) =>
      (
        await service
          .from('profile_embeddings')
          .select('model, content_hash, embedding')
          .eq('profile_id', id)
          .maybeSingle()
      ).data as { model: string; content_hash: string; embedding: number[] | string } | null;

    beforeAll(async () => {
      fake = await startFakeEmbeddings();
      server = await startTestServer({
        db: kind,
        env: {
          EMBEDDINGS_URL: fake.url,
          EMBEDDINGS_API_KEY: KEY,
          EMBEDDINGS_MODEL: MODEL,
          EMBEDDINGS_INTERVAL_MS: '300',
        },
      });
      service = newClient(server, server.serviceRoleKey);
      for (const name of ['reads', 'other', 'admin'] as const) {
        people[name] = await createSignedInUser(
          server,
          service,
          `${name}-${randomUUID().slice(0, 8)}@example.com`,
          { name, account_type: name === 'admin' ? 'business' : 'professional' },
        );
      }
      const common = {
        title: 'Mobile Engineer',
        skills: [skill],
        categories: ['software-development'],
        location: 'Leeds',
        availability: 'available',
        hourly_rate_min: 50,
      };
      must(
        await service
          .from('profiles')
          .update({
            ...common,
            description:
              'I build offline field inspection apps for building surveyors: photos, checklists and reports that sync later.',
          })
          .eq('id', people.reads.id)
          .select('id'),
        'reads',
      );
      must(
        await service
          .from('profiles')
          .update({
            ...common,
            // a different title: two of the same would cost the second the diversity penalty
            title: 'Systems Engineer',
            description:
              'I look after payroll ledgers and month-end accounting exports for retailers.',
          })
          .eq('id', people.other.id)
          .select('id'),
        'other',
      );
      must(
        await service
          .from('admin_users')
          .insert({ user_id: people.admin.id, role: 'admin', permissions: { analytics: true } })
          .select('user_id'),
        'admin',
      );
      const project = must(
        await service
          .from('projects')
          .insert({
            owner_id: people.admin.id,
            title: 'Inspection app',
            description: 'Surveyors need an offline app.',
            category: 'software-development',
            skills: [skill],
            status: 'open',
          })
          .select('id')
          .single(),
        'project',
      ) as { id: string };
      projectId = project.id;
      await waitFor('both profiles and the project embedded', async () => {
        const [a, b] = [await embeddingOf(people.reads.id), await embeddingOf(people.other.id)];
        const p = await service
          .from('project_embeddings')
          .select('project_id')
          .eq('project_id', projectId);
        return a && b && (p.data ?? []).length === 1 ? true : undefined;
      });
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      await fake?.close();
    }, 30_000);

    test('the job embeds profiles with the configured model and key, stored as numbers', async () => {
      const stored = await embeddingOf(people.reads.id);
      expect(stored?.model).toBe(MODEL);
      const vector =
        typeof stored?.embedding === 'string'
          ? (JSON.parse(stored.embedding) as number[]) // pgvector answers '[0.1,...]'
          : stored?.embedding;
      expect(vector).toHaveLength(DIMENSIONS);
      expect(fake.authorizations.every((header) => header === `Bearer ${KEY}`)).toBe(true);
      expect(new Set(fake.models)).toEqual(new Set([MODEL]));
      expect(fake.inputs.some((input) => input.includes('payroll ledgers'))).toBe(true);
    });

    test('the request is embedded on the server and lifts the profile that reads like it', async () => {
      const before = fake.inputs.length;
      const answer = await invokeMatch(people.admin.client, {
        args: { p_skills: [skill], p_limit: 5 },
        text: request,
      });
      expect(answer.status).toBe(200);
      const items = (answer.body as { items: Match[] }).items;
      expect(items.map((m) => m.id).slice(0, 2)).toEqual([people.reads.id, people.other.id]);
      const [first, second] = items as [Match, Match];
      expect(first.components.semantic).toBeGreaterThan(second.components.semantic);
      expect(first.score).toBeGreaterThan(second.score);
      expect(fake.inputs.slice(before)).toEqual([request]);

      // the same ranking asked directly without a vector is lexical: no semantic component, and
      // the two profiles (same title, skills, place and rate) score the same
      const lexical = must(
        await service.rpc('match_professionals', { p_skills: [skill], p_limit: 5 }),
        'lexical',
      ) as { items: Match[] };
      expect(lexical.items).toHaveLength(2);
      expect(lexical.items[0]!.components.semantic).toBeUndefined();
      expect(lexical.items[0]!.score).toBe(lexical.items[1]!.score);
    });

    test('nothing unchanged is sent again; a changed About is re-embedded', async () => {
      const hashBefore = (await embeddingOf(people.other.id))?.content_hash;
      const sentBefore = fake.inputs.length;
      // a new rating changes the row but not the embedded text
      must(
        await service
          .from('profiles')
          .update({ rating: 4.5, review_count: 2 })
          .eq('id', people.other.id)
          .select('id'),
        'rating',
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(fake.inputs.slice(sentBefore)).toEqual([]);
      expect((await embeddingOf(people.other.id))?.content_hash).toBe(hashBefore);

      must(
        await service
          .from('profiles')
          .update({ description: 'Now I build inspection apps for surveyors too.' })
          .eq('id', people.other.id)
          .select('id'),
        'about',
      );
      const hashAfter = await waitFor('the changed profile re-embedded', async () => {
        const hash = (await embeddingOf(people.other.id))?.content_hash;
        return hash !== hashBefore ? hash : undefined;
      });
      expect(hashAfter).not.toBe(hashBefore);
      const resent = fake.inputs.slice(sentBefore);
      expect(resent).toHaveLength(1);
      expect(resent[0]).toContain('Now I build inspection apps');
    });

    test('embeddings are readable by analytics admins only; invalid requests get a clear 400', async () => {
      const visitor = newClient(server, server.anonKey);
      for (const table of ['profile_embeddings', 'project_embeddings']) {
        const anon = await visitor.from(table).select('*');
        expect(anon.data ?? []).toEqual([]);
        const own = await people.reads.client.from(table).select('*');
        expect(own.data ?? []).toEqual([]);
        const forged = await people.reads.client
          .from(table)
          .delete()
          .neq('model', '')
          .select('model');
        expect(forged.data ?? []).toEqual([]);
      }
      const asAdmin = await people.admin.client
        .from('profile_embeddings')
        .select('profile_id')
        .in('profile_id', [people.reads.id, people.other.id]);
      expect(asAdmin.data).toHaveLength(2);
      const projects = await people.admin.client.from('project_embeddings').select('project_id');
      expect(projects.data).toEqual([{ project_id: projectId }]);

      const bad = await invokeMatch(visitor, { args: { p_limit: 500 }, text: request });
      expect(bad.status).toBe(400);
      expect((bad.body as { error: string }).error).toMatch(/p_limit/);
      const extra = await invokeMatch(visitor, { args: { p_embedding: [1, 2] } });
      expect(extra.status).toBe(400);
    });
  });
}

describe('without an embeddings endpoint [pglite]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: 'pglite' });
  }, 120_000);
  afterAll(async () => server?.stop(), 30_000);

  test('matching through the function is lexical and nothing is embedded', async () => {
    const service = newClient(server, server.serviceRoleKey);
    const skill = `Quill-${randomUUID().slice(0, 6)}`;
    const who = await createSignedInUser(server, service, `${skill}@example.com`, {
      name: 'Lex',
      account_type: 'professional',
    });
    must(
      await service
        .from('profiles')
        .update({ title: 'Developer', skills: [skill], categories: ['software-development'] })
        .eq('id', who.id)
        .select('id'),
      'profile',
    );
    const answer = await invokeMatch(who.client, {
      args: { p_skills: [skill] },
      text: `someone who knows ${skill}`,
    });
    expect(answer.status).toBe(200);
    const items = (answer.body as { items: Match[] }).items;
    expect(items.map((m) => m.id)).toEqual([who.id]);
    expect(items[0]!.components.semantic).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const stored = await service.from('profile_embeddings').select('profile_id');
    expect(stored.data).toEqual([]);
  });
});
