import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBackend, repoRoot } from '../../launcher/launch-backend.cjs';

const templatePrefix = 'promatch-pglite-template-';

function sqlFiles(dir: string | undefined): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Identifies what a migrated database contains: every SQL file the runner would apply. */
export function templateKey(extraMigrationsDir: string | undefined): string {
  const hash = createHash('sha256');
  const files = [
    ...sqlFiles(path.join(repoRoot, 'backend/sql/bootstrap')),
    ...sqlFiles(path.join(repoRoot, 'supabase/migrations')),
    ...sqlFiles(extraMigrationsDir),
    path.join(repoRoot, 'supabase/seed.sql'),
  ];
  for (const file of files) {
    hash.update(file);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Removes templates of older schemas (an hour unused), so /tmp does not fill up. */
function pruneOldTemplates(keep: string) {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(templatePrefix) || name === keep) continue;
    const full = path.join(os.tmpdir(), name);
    // another worker may publish (rename) its build between the listing and this look
    const stats = statSync(full, { throwIfNoEntry: false });
    if (stats && Date.now() - stats.mtimeMs > 3_600_000)
      rmSync(full, { recursive: true, force: true });
  }
}

/**
 * Fills `dataDir` with a copy of a migrated PGlite data directory. initdb plus migrations cost
 * 5-15 s on this machine; a copy costs well under one. The template is built once per schema
 * (keyed by the SQL files' contents) by running the real server on it, and published with an
 * atomic rename, so concurrent jest workers never see half a template.
 */
export async function copyMigratedTemplate(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  extraMigrationsDir: string | undefined,
): Promise<void> {
  const name = `${templatePrefix}${templateKey(extraMigrationsDir)}`;
  const template = path.join(os.tmpdir(), name);
  if (!existsSync(template)) {
    const building = `${template}.build-${randomBytes(4).toString('hex')}`;
    // migrations only: a suite's demo seed must not end up in the template every suite copies
    const templateEnv: NodeJS.ProcessEnv = { ...env, DATA_DIR: building };
    delete templateEnv.SEED_DEMO_PROFESSIONALS;
    const server = await launchBackend({ env: templateEnv });
    await server.stop();
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another worker published first
    }
    pruneOldTemplates(name);
  }
  // Marks the template as in use, so pruning (an hour unused) never removes one being copied.
  const now = new Date();
  utimesSync(template, now, now);
  cpSync(template, dataDir, { recursive: true });
}
