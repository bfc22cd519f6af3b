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

const boundaryRule = (names, why) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: appImportPatterns(names), message: why }] },
  ],
});

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
  // Architecture boundaries (DESIGN.md): each rule says why, so the message teaches the rule.
  ...remotes.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    rules: boundaryRule(
      apps.filter((name) => name !== remote),
      `A remote is deployed on its own: it may import only @promatch/shared and its own files. Talk to other apps through routes, the federated store or the database.`,
    ),
  })),
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: boundaryRule(
      remotes,
      'The shell loads remotes at run time through Module Federation (loadRemote); importing their source would bundle them into the host and defeat independent deployment.',
    ),
  },
  {
    files: ['shared/**/*.{ts,tsx,cjs}'],
    rules: boundaryRule(
      apps,
      '@promatch/shared is the bottom layer every app depends on; importing an app from it creates a cycle and couples all deployments.',
    ),
  },
  prettier,
);
