import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoFiles } from './repo-files';

/**
 * docs/architecture.md names files and functions in backticks so a reader can open them. When code
 * moves or a function is renamed, the page silently points at nothing (it once walked through a
 * `getPlans()` that no longer existed). Every backticked path must exist in the repository, and
 * every backticked camelCase or PascalCase name must be exported by some module in it.
 */
const root = path.resolve(__dirname, '..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

const tracked = repoFiles();

const WORKSPACES = [...new Set(tracked.map((file) => file.split('/')[0]))];
// What a build or a running server writes: named on the page, never committed.
const GENERATED =
  /(^|\/)(dist|dist-ssr|dist-stats|\.data|node_modules)(\/|$)|^(mf-manifest|remotes|config|preload)\.json$/;

/** Backticked spans, one per mention, with code blocks left out. */
function backticked(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
}

/** A repository path: has a slash or a file extension, no spaces, placeholders or URL parts. */
function isPath(span: string): boolean {
  if (/[\s<>*?'"(){}|=:,]/.test(span) || /^[/@]|^\.\/[A-Z]/.test(span)) return false; // URLs, packages, `./App`
  return span.includes('/') || /\.(?:[cm]?[jt]sx?|json|sql|md|toml|html)$/.test(span);
}

function pathExists(span: string): boolean {
  const clean = span.replace(/\/$/, '');
  if (GENERATED.test(clean)) return true;
  if (existsSync(path.join(root, clean))) return true;
  // relative to a workspace (`src/exposes/app.tsx`) or a bare file name (`keys.ts`)
  if (WORKSPACES.some((workspace) => existsSync(path.join(root, workspace, clean)))) return true;
  if (clean.includes('/')) return false;
  // a folder by its name (`api/`, `rest/`) or a file by its name (`keys.ts`)
  return span.endsWith('/')
    ? tracked.some((file) => file.split('/').slice(0, -1).includes(clean))
    : tracked.some((file) => path.basename(file) === clean);
}

// Calls the language or the platform provides.
const LANGUAGE = new Set(['import', 'require', 'fetch']);

/** `usePlans()`, `useSession(selector)`, `PricingPage`: a code name with a capital inside. */
function exportedName(span: string): string | undefined {
  const match = /^([A-Za-z_$][\w$]*)(\([^()]*\))?$/.exec(span);
  if (!match) return undefined;
  const [, name, call] = match;
  const codeName = /^[A-Za-z$]+$/.test(name) && /[a-z]/.test(name) && !LANGUAGE.has(name);
  // a capital inside (`RemoteArea`, `usePlans`) or a call; `Prefer` alone is a header's name
  return codeName && (/^.+[A-Z]/.test(name) || call !== undefined) ? name : undefined;
}

const sources = tracked
  .filter((file) => /\.(?:[cm]?[jt]sx?)$/.test(file) && !/\.test\.[jt]sx?$/.test(file))
  .map((file) => readFileSync(path.join(root, file), 'utf8'))
  .join('\n');

function isExported(name: string): boolean {
  const declared = new RegExp(
    String.raw`export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+${name}\b`,
  );
  const listed = new RegExp(String.raw`export\s+(?:type\s+)?\{[^}]*\b${name}\b[^}]*\}`);
  const commonJs = new RegExp(String.raw`module\.exports\s*=\s*\{[^}]*\b${name}\b`);
  return declared.test(sources) || listed.test(sources) || commonJs.test(sources);
}

test('every file path the architecture page names exists', () => {
  const spans = backticked(doc).filter(isPath);
  expect(spans.length).toBeGreaterThan(20);
  expect(spans.filter((span) => !pathExists(span))).toEqual([]);
});

test('every function or component the architecture page names is exported by the code', () => {
  const names = [...new Set(backticked(doc).map(exportedName))].filter(
    (name): name is string => name !== undefined,
  );
  expect(names.filter((name) => !isExported(name))).toEqual([]);
  expect(names).toEqual(expect.arrayContaining(['usePlans', 'fetchActivePlans', 'RemoteWidget']));
});

test('the check catches a name and a path that do not exist', () => {
  expect(exportedName('getPlans()')).toBe('getPlans');
  expect(isExported('getPlans')).toBe(false);
  expect(isPath('mf-marketing/src/features/pricing/api/plans.ts')).toBe(true);
  expect(pathExists('mf-marketing/src/features/pricing/api/plans.ts')).toBe(false);
});

test('the page keeps the Database section for its own author', () => {
  expect(doc).toMatch(/^## Database$/m);
});
