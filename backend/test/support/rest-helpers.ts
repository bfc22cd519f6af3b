import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestServer } from './test-server.ts';

type RealtimeOptions = SupabaseClientOptions<'public'>['realtime'];

/** Fixture tables (rt_*) for the gateway suites; never part of supabase/migrations. */
export const fixtureMigrations = path.resolve(__dirname, 'fixtures/migrations');

export function client(server: TestServer, token?: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
    // Node 20 has no native WebSocket; supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as unknown as NonNullable<RealtimeOptions>['transport'] },
  });
}

export const serviceClient = (server: TestServer) => client(server, server.serviceRoleKey);

/**
 * A suite's own fixture schema, written from SQL kept in the test file into a directory named by
 * its content (so the PGlite template built from it is reused across runs). Applied after
 * supabase/migrations, like `fixtureMigrations`; never part of the product's migrations.
 */
export function suiteFixture(name: string, sql: string): string {
  const hash = createHash('sha256').update(sql).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `promatch-rest-fixture-${name}-${hash}`);
  const file = path.join(dir, `29990201000000_${name}.sql`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, sql);
    renameSync(temp, file);
  }
  return dir;
}

/** A unique tag so each test seeds and finds only its own rows. */
export const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

/** Hand-made HTTP, only for inputs supabase-js would never send. */
export async function raw(
  server: TestServer,
  pathAndQuery: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> | null; headers: Headers }> {
  const response = await fetch(`${server.url}/rest/v1${pathAndQuery}`, {
    ...init,
    headers: { apikey: server.serviceRoleKey, 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, body: parseJson(text), headers: response.headers };
}

function parseJson(text: string): Record<string, unknown> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}
