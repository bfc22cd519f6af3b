import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['mf-marketing', 'mf-auth', 'mf-dashboard', 'mf-messaging', 'mf-admin'];
const apps = ['shell', ...remotes];

/** Patterns that reach into another app's folder or package, by relative path or package name. */
const appImportPatterns = (names) =>
  names.flatMap((name) => [
    `**/${name}/**`,
    `../${name}`,
    `@promatch/${name}`,
    `@promatch/${name}/**`,
  ]);

const testingOnly = {
  group: ['@promatch/shared/testing', '@promatch/shared/testing/**'],
  message:
    '@promatch/shared/testing brings in Testing Library and test stores: only tests may import it, so it never reaches a production bundle.',
};

const nodeOnlyKeys = {
  group: ['**/local-dev-keys', '**/local-dev-keys.cjs'],
  message:
    'The local development keys include the service-role key, which bypasses row level security: the backend, scripts and tests may read them, a browser bundle never. Apps get the anon key from /config.json.',
};

const serverOnly = {
  group: ['@promatch/shared/server-render'],
  message:
    "@promatch/shared/server-render brings in react-dom's server renderer: only the Node renderers in src/ssr/ (built into dist-ssr/) may import it, so it never reaches a browser bundle.",
};

const developerScripts = {
  group: ['**/scripts/**', '../scripts', '../../scripts'],
  message:
    'scripts/ holds developer scripts (build, npm start), which are not deployed: product code never depends on them. The production server is @promatch/server (server/).',
};

const zodDirect = {
  name: 'zod',
  message:
    "Import { z } from '@promatch/shared/validation': it sets zod up once for the site's Content-Security-Policy (no eval).",
};

const testFiles = ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'];

const appBoundary = (names, why) => ({ group: appImportPatterns(names), message: why });

const restrictedImports = (restrictions, { allowTesting = false, allowServer = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [zodDirect],
      patterns: [
        ...restrictions,
        nodeOnlyKeys,
        developerScripts,
        ...(allowTesting ? [] : [testingOnly]),
        ...(allowServer ? [] : [serverOnly]),
      ],
    },
  ],
});

/**
 * The same boundary for code and for its tests; only tests may use the testing helpers, and only
 * the server-side renderers in src/ssr/ the server-only ones.
 */
const boundaryConfigs = (root, restrictions) => [
  {
    files: [`${root}/**/*.{ts,tsx}`],
    ignores: [...testFiles, `${root}/ssr/**`],
    rules: restrictedImports(restrictions),
  },
  {
    files: [`${root}/ssr/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: restrictedImports(restrictions, { allowServer: true }),
  },
  {
    files: testFiles.map((pattern) => `${root}/${pattern}`),
    rules: restrictedImports(restrictions, { allowTesting: true }),
  },
];

/**
 * Folders of @promatch/shared that apps import by subpath (`@promatch/shared/plans` and so on). Each
 * app bundles such a subpath on its own, beside the federated singleton `@promatch/shared`.
 */
const sharedSubpathFolders = [
  'admin',
  'validation',
  'matching',
  'constants',
  'favourites',
  'reviews',
  'performance',
  'plans',
  'format',
  'charts',
  'realtime',
  'embeddings',
];

/** shared's modules that hold the page's one copy of some state. */
const sharedStatefulModules = {
  regex:
    '(^\\.\\.(/index)?$)|((^|/)(supabase/client|runtime-config|session/session-(registry|store)|toast/toast-store|query/page-data-first)$)',
  allowTypeImports: true,
  message:
    "A subpath module is bundled into each app beside the federated @promatch/shared: import the Supabase client, runtime config, session and stores from '@promatch/shared' by package name, or the page gets a second copy with its own client and state.",
};

const shellRemoteBoundary = appBoundary(
  remotes,
  'The shell loads remotes at run time through Module Federation (loadRemote); importing their source would bundle them into the host and defeat independent deployment.',
);

const remoteBoundary = (remote) =>
  appBoundary(
    apps.filter((name) => name !== remote),
    `A remote is deployed on its own: it may import only @promatch/shared and its own files. Talk to other apps through routes, the federated store or the database.`,
  );

/** An app's features, read from the tree so that a new feature is covered the day it lands. */
const featuresOf = (app) =>
  readdirSync(new URL(`./${app}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Relative imports that climb out of a folder into one of `names` (or `features/<name>`). */
const climbsInto = (names) => `^(\\.\\./)+(features/)?(${names.join('|')})(/|$)`;

/**
 * The feature shape inside one app (decision 0040): `src/app/` assembles, a feature imports only its
 * own files, `src/lib/` and @promatch/shared, and `src/lib/` imports neither. `outer` is the app's
 * own boundary, repeated because a later config's options replace an earlier one's for a file.
 */
const featureShape = (app, outer) => {
  const features = featuresOf(app);
  // "An mf-messaging feature" as it is said, "A shell feature".
  const article = /^(mf-|[aeiou])/.test(app) ? 'An' : 'A';
  const featureRules = (feature) => [
    outer,
    {
      regex: climbsInto(features.filter((name) => name !== feature)),
      message: `${article} ${app} feature imports only its own files, ${app}/src/lib and @promatch/shared, so each can change, load late or be removed without breaking its siblings. Wire features together in ${app}/src/app; move what two of them share into ${app}/src/lib.`,
    },
    {
      regex: '^(\\.\\./)+app(/|$)',
      message: `${app}/src/app assembles the features: a feature importing it depends on all of them and makes a cycle. Move what the feature needs into ${app}/src/lib.`,
    },
  ];
  const libRules = [
    outer,
    {
      regex: '^(\\.\\./)+(features|app)(/|$)',
      message: `${app}/src/lib is the layer below the features: everything may import it, so it imports no feature and not the app.`,
    },
  ];
  return [
    ...features.flatMap((feature) =>
      boundaryConfigs(`${app}/src/features/${feature}`, featureRules(feature)),
    ),
    ...boundaryConfigs(`${app}/src/lib`, libRules),
  ];
};

/**
 * Apps held to the feature shape. A remote joins with one line: `'mf-x': remoteBoundary('mf-x'),`.
 */
const featureShaped = {
  shell: shellRemoteBoundary,
  'mf-messaging': remoteBoundary('mf-messaging'),
  'mf-admin': remoteBoundary('mf-admin'),
  'mf-marketing': remoteBoundary('mf-marketing'),
  'mf-auth': remoteBoundary('mf-auth'),
  'mf-dashboard': remoteBoundary('mf-dashboard'),
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'backend/.bundle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Architecture boundaries (docs/architecture.md): each rule says why, so the message teaches it.
  ...remotes.flatMap((remote) => boundaryConfigs(`${remote}/src`, [remoteBoundary(remote)])),
  ...boundaryConfigs('shell/src', [shellRemoteBoundary]),
  ...Object.entries(featureShaped).flatMap(([app, outer]) => featureShape(app, outer)),
  {
    files: ['shared/**/*.{ts,tsx,cjs}'],
    rules: restrictedImports(
      [
        appBoundary(
          apps,
          '@promatch/shared is the bottom layer every app depends on; importing an app from it creates a cycle and couples all deployments.',
        ),
      ],
      { allowTesting: true },
    ),
  },
  {
    files: [
      ...sharedSubpathFolders.map((folder) => `shared/src/${folder}/**/*.{ts,tsx}`),
      'shared/src/config/feature-flags.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [sharedStatefulModules] }],
    },
  },
  {
    files: ['server/**/*.{mjs,ts}'],
    // Tests may read an app's source, e.g. to check robots.txt against the shell's route table.
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            developerScripts,
            appBoundary(
              apps,
              "The server serves each app's build from its dist/ folder at run time; importing an app's source would tie a server deploy to that app's code.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: testFiles.map((pattern) => `server/${pattern}`),
    rules: { 'no-restricted-imports': ['error', { patterns: [developerScripts] }] },
  },
  prettier,
);
