import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Functions deployed with `verify_jwt = false` in supabase/config.toml (`[functions.<name>]`),
 * as the Supabase CLI reads it: those run without an Authorization header. Only that one key is
 * read; the file is read once.
 */
let cache: { dir: string; names: Set<string> } | undefined;

export function functionsWithoutJwt(functionsDir: string): Set<string> {
  if (cache?.dir === functionsDir) return cache.names;
  const names = new Set<string>();
  const file = path.join(functionsDir, '..', 'config.toml');
  if (existsSync(file)) {
    let section: string | undefined;
    for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
      const line = raw.replace(/#.*$/, '').trim();
      const header = /^\[functions\.([A-Za-z0-9_-]+)\]$/.exec(line);
      if (header) section = header[1];
      else if (line.startsWith('[')) section = undefined;
      else if (section && /^verify_jwt\s*=\s*false$/.test(line)) names.add(section);
    }
  }
  cache = { dir: functionsDir, names };
  return names;
}
