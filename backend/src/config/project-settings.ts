import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/**
 * What a Supabase project's own `config.toml` says about the API, read as the Supabase CLI reads
 * it, so a project served through SUPABASE_DIR behaves here as under `supabase start`:
 * - `[api] schemas`: the schemas /rest/v1 exposes (PostgREST's db-schemas);
 * - `[api] extra_search_path`: schemas after the requested one on every request's search_path;
 * - `[functions.<name>] verify_jwt = false`: functions that run without an Authorization header.
 * A missing file or key means the CLI's default. The environment still overrides (config.ts).
 */
export interface ProjectSettings {
  apiSchemas: string[] | undefined;
  extraSearchPath: string[] | undefined;
  functionsWithoutJwt: Set<string>;
}

const cache = new Map<string, ProjectSettings>();

const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.filter((item): item is string => typeof item === 'string' && item !== '');
  return items.length > 0 ? items : undefined;
}

function parseSettings(file: string): ProjectSettings {
  const settings: ProjectSettings = {
    apiSchemas: undefined,
    extraSearchPath: undefined,
    functionsWithoutJwt: new Set(),
  };
  if (!existsSync(file)) return settings;
  let toml: Record<string, unknown>;
  try {
    toml = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    // The CLI refuses to start on a broken file; say where, rather than serve different settings.
    throw new Error(`${file} is not valid TOML: ${(error as Error).message}`, { cause: error });
  }
  if (isTable(toml.api)) {
    settings.apiSchemas = stringList(toml.api.schemas);
    settings.extraSearchPath = stringList(toml.api.extra_search_path);
  }
  if (isTable(toml.functions)) {
    for (const [name, fn] of Object.entries(toml.functions)) {
      if (isTable(fn) && fn.verify_jwt === false) settings.functionsWithoutJwt.add(name);
    }
  }
  return settings;
}

/** The settings of the project in `supabaseDir` (its `config.toml`), read once per folder. */
export function projectSettings(supabaseDir: string): ProjectSettings {
  let settings = cache.get(supabaseDir);
  if (!settings) {
    settings = parseSettings(path.join(supabaseDir, 'config.toml'));
    cache.set(supabaseDir, settings);
  }
  return settings;
}
