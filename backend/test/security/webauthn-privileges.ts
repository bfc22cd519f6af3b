/**
 * Tries, as each API role (anon, authenticated with the owner's own claims, service_role), every
 * statement on the passkey tables and prints, as JSON, what each attempt got: the SQLSTATE of the
 * refusal, or "ok" with the rows it saw. Run by webauthn.test.ts in a child process (PGlite does
 * not load inside jest's module sandbox): on the PostgreSQL database itself, or on PGlite a copy
 * of the migrated template, where the rows under attack are made first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Db } from '../../src/db/types.ts';
import { copyMigratedTemplate } from '../support/pglite-template.ts';

export interface Attempt {
  role: string;
  table: string;
  verb: string;
  /** 'ok:<rows>' or the SQLSTATE, e.g. 42501. */
  outcome: string;
}

const TABLES = ['auth.webauthn_credentials', 'auth.webauthn_challenges'];
const ROLES = ['anon', 'authenticated', 'service_role'];

async function seed(db: Db): Promise<string> {
  const user = crypto.randomUUID();
  const factor = crypto.randomUUID();
  const challenge = crypto.randomUUID();
  await db.query(
    `insert into auth.users (id, aud, role, email, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(), now())`,
    [user, `probe-${user.slice(0, 8)}@example.com`],
  );
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
     values ($1, $2, 'Probe key', 'webauthn', 'verified', now(), now())`,
    [factor, user],
  );
  await db.query(
    `insert into auth.webauthn_credentials (factor_id, user_id, credential_id, public_key, device_type)
     values ($1, $2, $3, '\\x01'::bytea, 'singleDevice')`,
    [factor, user, `probe-credential-${factor}`],
  );
  await db.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), '127.0.0.1')`,
    [challenge, factor],
  );
  await db.query(
    `insert into auth.webauthn_challenges (challenge_id, challenge, ceremony, expires_at)
     values ($1, 'probe-challenge-0123456789', 'request', now() + interval '5 minutes')`,
    [challenge],
  );
  return user;
}

export async function probe(db: Db): Promise<Attempt[]> {
  const owner = await seed(db);
  const attempts: Attempt[] = [];
  for (const role of ROLES) {
    const claims = JSON.stringify({
      sub: role === 'authenticated' ? owner : undefined,
      role,
      aal: 'aal2',
    });
    for (const table of TABLES) {
      const statements: Record<string, string> = {
        select: `select * from ${table}`,
        update: `update ${table} set ${table.endsWith('credentials') ? 'sign_count = 0' : 'consumed_at = null'}`,
        delete: `delete from ${table}`,
        insert: table.endsWith('credentials')
          ? `insert into ${table} (factor_id, user_id, credential_id, public_key, device_type)
               select factor_id, user_id, credential_id || '-copy', public_key, device_type from ${table}`
          : `insert into ${table} (challenge_id, challenge, ceremony, expires_at)
               values (gen_random_uuid(), 'attacker-chosen-challenge', 'request', now() + interval '1 day')`,
      };
      for (const [verb, sql] of Object.entries(statements)) {
        let outcome: string;
        try {
          outcome = await db.transaction(async (tx) => {
            await tx.query(
              "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
              [role, claims],
            );
            const result = await tx.query(sql);
            throw Object.assign(new Error('rollback'), {
              outcome: `ok:${result.rows.length || result.affectedRows}`,
            });
          });
        } catch (error) {
          const shape = error as { outcome?: string; code?: string; message?: string };
          outcome = shape.outcome ?? shape.code ?? shape.message ?? 'error';
        }
        attempts.push({ role, table, verb, outcome });
      }
    }
  }
  return attempts;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const db = await openPostgres(databaseUrl);
    try {
      process.stdout.write(JSON.stringify(await probe(db)));
    } finally {
      await db.close();
    }
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promatch-webauthn-'));
  try {
    await copyMigratedTemplate(dir, { ...process.env, DATA_DIR: dir }, undefined);
    const db = await openPglite(dir);
    try {
      process.stdout.write(JSON.stringify(await probe(db)));
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('webauthn-privileges.ts')) void main();
