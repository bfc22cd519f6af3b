/**
 * Shared set-up of the storage suites: users made through the auth admin API (so sign-up builds
 * their profiles and subscriptions), a STORAGE_DIR the suite owns so it can look at the bytes on
 * disk, and small helpers around supabase-js's storage client.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createSignedInUser, must as mustData, newClient } from './fixtures-rls-world.ts';
import type { TestServer } from './test-server.ts';

export { newClient };

/** The data of a supabase-js result; throws with the error message when the call failed. */
export function must<T>(result: { data: T; error: { message: string } | null }, what: string) {
  const data = mustData(result, what);
  if (data === null) throw new Error(`${what}: no data`);
  return data as NonNullable<T>;
}

/** Throws when a call that answers no data (insert, update without select) failed. */
export function check(result: { error: { message: string } | null }, what: string): void {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
}

export interface StorageUser {
  id: string;
  client: SupabaseClient;
}

/** A storage directory for one test file; both database halves run in turn and share it. */
export function storageDirForSuite(): { dir: string; files(): string[]; leftovers(): string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promatch-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const list = (sub: string) => {
    try {
      return readdirSync(path.join(dir, sub));
    } catch {
      return [];
    }
  };
  return { dir, files: () => list('objects'), leftovers: () => list('tmp') };
}

export async function makeUser(
  server: TestServer,
  service: SupabaseClient,
  name: string,
  meta: Record<string, unknown> = {},
): Promise<StorageUser> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  return createSignedInUser(server, service, email, {
    name,
    account_type: 'professional',
    ...meta,
  });
}

/** Bytes that start like a PNG, so they read as a picture. */
export function pngBytes(size: number): Buffer {
  const data = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

/** The error status supabase-js reports for a failed storage call, or 'ok'. */
export function statusOf(result: { error: unknown }): number | 'ok' {
  if (!result.error) return 'ok';
  return (result.error as { status?: number }).status ?? -1;
}
