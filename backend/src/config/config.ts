import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The Supabase CLI's well-known local secrets are the defaults, so anything built for
// `supabase start` works against this server unchanged; one file holds them for the whole repo.
import {
  LOCAL_DEV_ANON_KEY,
  LOCAL_DEV_JWT_SECRET,
  LOCAL_DEV_SERVICE_ROLE_KEY,
} from '@promatch/shared/local-dev-keys';

import { readEnvironment, type Environment } from './production.ts';
import { projectSettings } from './project-settings.ts';

/**
 * The repository's root: the nearest folder above this module that holds the backend's bootstrap
 * SQL. Found by looking, not by a fixed number of `..`, because the module runs both from
 * backend/src/config/ (tsx) and from the launcher's bundle in backend/.bundle/.
 */
export function findRepoRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'backend/sql/bootstrap'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no backend/sql/bootstrap above ${from}`);
  }
}

const repoRoot = findRepoRoot();

export interface BackendConfig {
  /**
   * PROMATCH_ENV: 'development' (the default: local keys, the /outbox) or 'production' (main.ts
   * refuses to start on development settings, and nothing development-only is mounted).
   */
  environment: Environment;
  port: number;
  host: string;
  /** Public base URL of this server, used in e-mail links and the JWT issuer. */
  publicUrl: string;
  /** Where the frontends live; default redirect target for e-mail links. */
  siteUrl: string;
  /** Extra allowed redirect URLs (prefix match) besides siteUrl. */
  redirectAllowList: string[];
  /** PostgreSQL connection string; PGlite under dataDir when absent. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_DIRECT_URL: a connection straight to PostgreSQL, not through a pooler, for what
   * needs a session of its own (LISTEN). Default databaseUrl.
   */
  databaseDirectUrl: string | undefined;
  /**
   * PROMATCH_DB_POOLER=transaction: databaseUrl is a pooler in transaction mode (PgBouncer,
   * Supavisor), which hands each transaction any server connection, so no statement is kept
   * prepared across requests (docs/scaling.md).
   */
  dbPooler: 'transaction' | undefined;
  /** A streaming replica that serves the public reads (db/read-replica.ts); none when absent. */
  readReplica: ReadReplicaConfig | undefined;
  dataDir: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Access token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry: number;
  /** Sign-ups are confirmed at once instead of by e-mail link. */
  autoConfirm: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The Supabase project folder served (SUPABASE_DIR; default this repository's `supabase/`): its
   * migrations/, functions/ and seed.sql. Any Supabase project's folder runs here unchanged.
   */
  supabaseDir: string;
  /**
   * Whether supabaseDir is ProMatch's own project: only then do ProMatch's background jobs (which
   * call its functions and tables) run and demo professionals get seeded.
   */
  isProMatchProject: boolean;
  migrationsDir: string;
  functionsDir: string;
  bootstrapSqlDir: string;
  seedFile: string;
  /** Extra migrations applied after supabase/migrations (tests only: fixture tables). */
  extraMigrationsDir: string | undefined;
  /**
   * The header a trusted reverse proxy sets to the client's address (RATE_LIMIT_HEADER, GoTrue's
   * name); unset: the socket's address. Only set it behind a proxy that overwrites or appends to
   * it, or clients choose their own address. Every surface reads the address from it (server.ts).
   */
  clientAddressHeader: string | undefined;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Largest upload /storage/v1 accepts (buckets may set less), in bytes. */
  storageMaxUploadBytes: number;
  /** Largest resumable (TUS) upload, in bytes (STORAGE_MAX_RESUMABLE_BYTES; buckets may set less). */
  storageMaxResumableBytes: number;
  /** How long an unfinished resumable upload is kept, in seconds (STORAGE_RESUMABLE_EXPIRY_SECONDS). */
  storageResumableExpirySeconds: number;
  /** Where uploaded bytes live on local disk (STORAGE_DIR, default dataDir/storage). */
  storageDir: string;
  /** S3-compatible object store; local disk under storageDir when absent. */
  storageS3: StorageS3Config | undefined;
  /**
   * Schemas /rest/v1 exposes (PostgREST's db-schemas, PGRST_DB_SCHEMAS); the first is the default,
   * the others are chosen with Accept-Profile / Content-Profile. As a Supabase project: public,
   * graphql_public.
   */
  dbSchemas: string[];
  /**
   * Schemas put after the requested one on each request's search_path (PostgREST's
   * db-extra-search-path, PGRST_DB_EXTRA_SEARCH_PATH); a Supabase project's default is
   * public, extensions.
   */
  dbExtraSearchPath: string[];
  /**
   * PostgREST's db-aggregates-enabled (PGRST_DB_AGGREGATES_ENABLED, default true): `col.sum()` and
   * friends in `select`; when off they answer 400 PGRST123.
   */
  dbAggregatesEnabled: boolean;
  /**
   * PostgREST's db-plan-enabled (PGRST_DB_PLAN_ENABLED, default false, as on hosted Supabase):
   * `Accept: application/vnd.pgrst.plan` answers the query's EXPLAIN instead of its rows.
   */
  dbPlanEnabled: boolean;
  /**
   * The PostgREST major version whose behaviour /rest/v1 declares (PGRST_VERSION, 12 or 13,
   * default 13). Where the two differ (a spread of a to-many relation: 13 answers arrays, 12
   * refuses with PGRST119) this one setting decides.
   */
  postgrestVersion: 12 | 13;
}

export interface ReadReplicaConfig {
  /** PROMATCH_READ_REPLICA_URL: the replica's connection string. */
  url: string;
  /**
   * PROMATCH_READ_REPLICA_MAX_LAG_MS (default 5000): a replica further behind the primary than
   * this serves nothing until it catches up.
   */
  maxLagMs: number;
  /** PROMATCH_READ_REPLICA_CHECK_MS (default 1000): how often its lag is measured. */
  checkIntervalMs: number;
  /**
   * PROMATCH_READ_REPLICA_TARGETS: the tables and views (`profiles`) and functions
   * (`rpc/search_professionals`) whose anonymous reads it serves; default the public search and
   * profile pages' reads.
   */
  targets: string[];
}

/** What the public search, home and profile pages read as a visitor (mf-marketing). */
export const DEFAULT_REPLICA_TARGETS = [
  'rpc/search_professionals',
  'rpc/marketplace_stats',
  'profiles',
  'reviews',
];

function readReplica(env: NodeJS.ProcessEnv): ReadReplicaConfig | undefined {
  const url = env.PROMATCH_READ_REPLICA_URL?.trim();
  if (!url) return undefined;
  return {
    url,
    maxLagMs: readInt(env.PROMATCH_READ_REPLICA_MAX_LAG_MS, 5000),
    checkIntervalMs: Math.max(50, readInt(env.PROMATCH_READ_REPLICA_CHECK_MS, 1000)),
    targets: readList(env.PROMATCH_READ_REPLICA_TARGETS, DEFAULT_REPLICA_TARGETS),
  };
}

function readPooler(value: string | undefined): 'transaction' | undefined {
  if (value === undefined || value === '' || value === 'none') return undefined;
  if (value === 'transaction') return 'transaction';
  throw new Error(`PROMATCH_DB_POOLER must be transaction or none, not ${JSON.stringify(value)}`);
}

export interface StorageS3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

function readS3(env: NodeJS.ProcessEnv): StorageS3Config | undefined {
  const { STORAGE_S3_ENDPOINT: endpoint, STORAGE_S3_BUCKET: bucket } = env;
  if (!endpoint || !bucket) return undefined;
  return {
    endpoint: endpoint.replace(/\/$/, ''),
    region: env.STORAGE_S3_REGION ?? 'us-east-1',
    bucket,
    accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY ?? '',
  };
}

function readInt(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function readBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function readPostgrestVersion(value: string | undefined): 12 | 13 {
  if (value === undefined || value === '' || value === '13') return 13;
  if (value === '12') return 12;
  throw new Error(`PGRST_VERSION must be 12 or 13, not ${JSON.stringify(value)}`);
}

/** A comma-separated list (`public, api`); the fallback when unset or empty. */
function readList(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}

/** Reads configuration from the environment; every value has a local-development default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const port = readInt(env.PORT ?? env.BACKEND_PORT, 54321);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const ownProject = path.join(repoRoot, 'supabase');
  const supabaseDir = path.resolve(env.SUPABASE_DIR || ownProject);
  const publicUrl = (env.API_EXTERNAL_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    environment: readEnvironment(env),
    port,
    host,
    publicUrl,
    siteUrl: (env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
    redirectAllowList: (env.ADDITIONAL_REDIRECT_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || env.DATABASE_URL || undefined,
    dbPooler: readPooler(env.PROMATCH_DB_POOLER),
    readReplica: env.DATABASE_URL ? readReplica(env) : undefined,
    dataDir,
    jwtSecret: env.JWT_SECRET ?? LOCAL_DEV_JWT_SECRET,
    anonKey: env.ANON_KEY ?? env.SUPABASE_ANON_KEY ?? LOCAL_DEV_ANON_KEY,
    serviceRoleKey:
      env.SERVICE_ROLE_KEY ?? env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_DEV_SERVICE_ROLE_KEY,
    jwtExpiry: readInt(env.JWT_EXPIRY, 3600),
    autoConfirm: readBool(env.AUTH_AUTOCONFIRM, false),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'ProMatch <no-reply@promatch.local>',
    supabaseDir,
    isProMatchProject: supabaseDir === ownProject,
    migrationsDir: path.join(supabaseDir, 'migrations'),
    functionsDir: path.join(supabaseDir, 'functions'),
    bootstrapSqlDir: path.join(repoRoot, 'backend/sql/bootstrap'),
    seedFile: path.join(supabaseDir, 'seed.sql'),
    extraMigrationsDir: env.EXTRA_MIGRATIONS_DIR
      ? path.resolve(env.EXTRA_MIGRATIONS_DIR)
      : undefined,
    clientAddressHeader: env.RATE_LIMIT_HEADER?.trim().toLowerCase() || undefined,
    maxBodyBytes: readInt(env.MAX_BODY_BYTES, 1024 * 1024),
    storageMaxUploadBytes: readInt(env.STORAGE_MAX_UPLOAD_BYTES, 100 * 1024 * 1024),
    storageMaxResumableBytes: readInt(env.STORAGE_MAX_RESUMABLE_BYTES, 5 * 1024 * 1024 * 1024),
    storageResumableExpirySeconds: readInt(env.STORAGE_RESUMABLE_EXPIRY_SECONDS, 24 * 60 * 60),
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    dbSchemas: readList(
      env.PGRST_DB_SCHEMAS,
      projectSettings(supabaseDir).apiSchemas ?? ['public', 'graphql_public'],
    ),
    dbExtraSearchPath: readList(
      env.PGRST_DB_EXTRA_SEARCH_PATH,
      projectSettings(supabaseDir).extraSearchPath ?? ['public', 'extensions'],
    ),
    dbAggregatesEnabled: readBool(env.PGRST_DB_AGGREGATES_ENABLED, true),
    dbPlanEnabled: readBool(env.PGRST_DB_PLAN_ENABLED, false),
    postgrestVersion: readPostgrestVersion(env.PGRST_VERSION),
    storageS3: readS3(env),
  };
}
