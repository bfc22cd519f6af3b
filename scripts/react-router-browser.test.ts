import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The federated React Router singleton is shared/federation/react-router-browser.mjs, which
 * re-exports only what the apps use (see that file). An app importing a name it does not list
 * would get `undefined` in the browser and fail only there: these tests catch it first.
 */
const root = path.resolve(__dirname, '..');
const SOURCE_DIRS = [
  'shell/src',
  'shared/src',
  ...readdirSync(root)
    .filter((name) => name.startsWith('mf-'))
    .map((name) => `${name}/src`),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const ROUTER_IMPORT =
  /(import|export)\s+(type\s+)?(\*\s+as\s+\w+|\{([^}]*)\})\s+from\s+'(react-router(?:-dom)?)'/g;

/** Every value the apps import from react-router or react-router-dom, by name. */
function importedRouterNames(): { names: Set<string>; namespaces: string[] } {
  const names = new Set<string>();
  const namespaces: string[] = [];
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(ROUTER_IMPORT)) {
      const [, , typeOnly, , list] = match;
      if (typeOnly) continue;
      if (list === undefined) {
        namespaces.push(path.relative(root, file));
        continue;
      }
      for (const specifier of list.split(',').map((part) => part.trim())) {
        if (specifier === '' || specifier.startsWith('type ')) continue;
        names.add(specifier.split(/\s+as\s+/)[0].trim());
      }
    }
  }
  return { names, namespaces };
}

function providedNames(): Set<string> {
  const source = readFileSync(
    path.join(root, 'shared/federation/react-router-browser.mjs'),
    'utf8',
  );
  const list = /export\s*\{([^}]*)\}\s*from/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe('the shared React Router module', () => {
  it('provides every name the apps import from react-router and react-router-dom', () => {
    const { names } = importedRouterNames();
    const provided = providedNames();
    expect(names.size).toBeGreaterThan(5);
    expect([...names].filter((name) => !provided.has(name))).toEqual([]);
  });

  it('is never imported whole, whose names could not be checked', () => {
    expect(importedRouterNames().namespaces).toEqual([]);
  });

  it('re-exports only names React Router has', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS build lists the same exports
    const reactRouter = require('react-router') as Record<string, unknown>;
    expect([...providedNames()].filter((name) => reactRouter[name] === undefined)).toEqual([]);
  });
});
