import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `@promatch/shared` is a federated singleton: the shell loads all of it, and every package it
 * imports statically, before its first render (budget: 200 KB gzip, docs/benchmarks.md). These
 * packages are only ever imported on first use inside it (`import()`) or from a subpath entry
 * (`@promatch/shared/favourites`, `/feature-flags`, ...); a static import in code reachable from
 * the main entry would put them back in the first render (react-query: 13 KB).
 */
const LAZY_ONLY = ['@tanstack/react-query', '@supabase/supabase-js', 'zod', 'web-vitals'];

const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm;

function resolveLocal(from: string, request: string): string {
  const base = path.resolve(path.dirname(from), request);
  const candidates = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending);
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`cannot resolve ${request} from ${from}`);
  return found;
}

/** Every package imported by value from the main entry or anything it reaches by relative path. */
function staticPackages(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, request] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (request.startsWith('.')) queue.push(resolveLocal(file, request));
      else if (!packages.has(request)) packages.set(request, path.relative(__dirname, file));
    }
  }
  return packages;
}

describe('the @promatch/shared singleton entry', () => {
  it('imports react-query, supabase-js, zod and web-vitals only on first use', () => {
    const packages = staticPackages(path.join(__dirname, 'index.ts'));
    const offenders = LAZY_ONLY.filter((name) => packages.has(name)).map(
      (name) => `${name} (from ${packages.get(name)})`,
    );
    expect(offenders).toEqual([]);
  });
});
