import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(__dirname, '..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/**
 * One ESLint process for the whole file, asked line by line: loading the config and its plugins
 * takes seconds, linting one import line takes milliseconds.
 */
const LINTER = `
const { ESLint } = require('eslint');
const eslint = new ESLint({ cwd: process.cwd() });
const lines = require('node:readline').createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const { filePath, code } = JSON.parse(line);
  const [result] = await eslint.lintText(code, { filePath });
  process.stdout.write(JSON.stringify(result.messages) + '\\n');
});`;

let linter: ChildProcessWithoutNullStreams;
let answers: AsyncIterator<string>;

// The first answer waits for ESLint to load, which on a busy machine takes longer than a test may.
beforeAll(async () => {
  linter = spawn(process.execPath, ['-e', LINTER], { cwd: root });
  answers = createInterface({ input: linter.stdout })[Symbol.asyncIterator]();
  await lintImport('shared/src/warm-up.ts', './warm-up');
}, 120_000);

afterAll(() => {
  linter.kill();
});

/** Lints one import line as if it were written in `file`, with the repository's own ESLint config. */
async function lintImport(file: string, source: string): Promise<LintMessage[]> {
  const code = `import x from '${source}';\nexport default x;\n`;
  linter.stdin.write(`${JSON.stringify({ filePath: path.join(root, file), code })}\n`);
  const { value } = await answers.next();
  const messages = JSON.parse(value as string) as LintMessage[];
  return messages.filter((message) => message.ruleId?.endsWith('no-restricted-imports'));
}

describe('architecture boundaries (ESLint)', () => {
  it.each([
    ['mf-auth/src/features/login/x.ts', '../../../../mf-dashboard/src/app/app-routes'],
    ['mf-auth/src/features/login/x.ts', '@promatch/mf-marketing'],
    ['mf-dashboard/src/x.ts', '../../shell/src/app/app'],
  ])('%s may not import %s, and is told why', async (file, source) => {
    const [message] = await lintImport(file, source);
    expect(message?.message).toMatch(/may import only @promatch\/shared and its own files/);
  });

  it('forbids the shell from importing a remote', async () => {
    const [message] = await lintImport('shell/src/x.ts', '../../mf-auth/src/exposes/app');
    expect(message?.message).toMatch(/loads remotes at run time/);
  });

  it.each([
    ['shell/src/features/session/use-logout.ts', '../presence/update-presence'],
    [
      'shell/src/features/skip-links/skip-links.tsx',
      '../accessibility/accessibility-dialog-request',
    ],
    ['shell/src/features/session/api/x.ts', '../../../features/presence/update-presence'],
  ])('forbids the shell feature %s from importing %s, and says why', async (file, source) => {
    const [message] = await lintImport(file, source);
    expect(message?.message).toMatch(/A shell feature imports only its own files, shell\/src\/lib/);
    expect(message?.message).toMatch(/Wire features together in shell\/src\/app/);
  });

  it('forbids a shell feature from importing the app that assembles it', async () => {
    const [message] = await lintImport(
      'shell/src/features/access/access-gate.tsx',
      '../../app/route-table',
    );
    expect(message?.message).toMatch(/shell\/src\/app assembles the features/);
  });

  it('lets a shell feature import its own files and shell/src/lib, and the app import features', async () => {
    const gate = 'shell/src/features/access/access-gate.tsx';
    expect(await lintImport(gate, './access-rules')).toEqual([]);
    expect(await lintImport(gate, '../../lib/route-types')).toEqual([]);
    expect(await lintImport('shell/src/app/app.tsx', '../features/access/access-gate')).toEqual([]);
  });

  it('keeps shell/src/lib below the features', async () => {
    const [message] = await lintImport('shell/src/lib/x.ts', '../features/access/access-rules');
    expect(message?.message).toMatch(/layer below the features/);
  });

  it.each([
    [
      'mf-messaging/src/features/unread/components/unread-badge.tsx',
      '../../appointments/api/use-reminder-toasts',
    ],
    ['mf-messaging/src/features/thread/components/thread-view.tsx', '../../outbox/hooks/x'],
    ['mf-messaging/src/features/calls/api/x.ts', '../../../features/conversations/api/x'],
    ['mf-messaging/src/features/thread/components/x.test.tsx', '../../safety/api/safety-api'],
  ])(
    'forbids the mf-messaging feature %s from importing %s, and says why',
    async (file, source) => {
      const [message] = await lintImport(file, source);
      expect(message?.message).toMatch(
        /An mf-messaging feature imports only its own files, mf-messaging\/src\/lib/,
      );
      expect(message?.message).toMatch(/Wire features together in mf-messaging\/src\/app/);
    },
  );

  it('forbids an mf-messaging feature from importing the app that assembles it', async () => {
    const [message] = await lintImport(
      'mf-messaging/src/features/unread/components/unread-badge.tsx',
      '../../../app/header-badge',
    );
    expect(message?.message).toMatch(/mf-messaging\/src\/app assembles the features/);
  });

  it('keeps mf-messaging/src/lib below the features', async () => {
    const [message] = await lintImport(
      'mf-messaging/src/lib/outbox/outbox-store.ts',
      '../../features/thread/api/get-messages',
    );
    expect(message?.message).toMatch(/mf-messaging\/src\/lib is the layer below the features/);
  });

  it('still holds an mf-messaging feature to the remote boundary', async () => {
    const [message] = await lintImport(
      'mf-messaging/src/features/thread/x.ts',
      '@promatch/mf-auth',
    );
    expect(message?.message).toMatch(/may import only @promatch\/shared and its own files/);
  });

  it('lets an mf-messaging feature import its own files, src/lib and shared, and the app import features', async () => {
    const view = 'mf-messaging/src/features/thread/components/thread-view.tsx';
    expect(await lintImport(view, '../api/get-messages')).toEqual([]);
    expect(await lintImport(view, '../../../lib/outbox/outbox-store')).toEqual([]);
    expect(await lintImport(view, '@promatch/shared')).toEqual([]);
    expect(
      await lintImport('mf-messaging/src/app/header-badge.tsx', '../features/outbox/hooks/x'),
    ).toEqual([]);
  });

  it.each([
    ['mf-admin/src/features/bms/components/staff-section.tsx', '../../users/api/get-users'],
    ['mf-admin/src/features/portal/components/x.tsx', '../../access/components/admin-gate'],
    ['mf-admin/src/features/audit/api/x.ts', '../../../features/users/api/get-user-detail'],
  ])('forbids the mf-admin feature %s from importing %s, and says why', async (file, source) => {
    const [message] = await lintImport(file, source);
    expect(message?.message).toMatch(
      /An mf-admin feature imports only its own files, mf-admin\/src\/lib/,
    );
    expect(message?.message).toMatch(/Wire features together in mf-admin\/src\/app/);
  });

  it('forbids an mf-admin feature from importing the app that assembles it', async () => {
    const [message] = await lintImport(
      'mf-admin/src/features/access/components/admin-gate.tsx',
      '../../../app/app-routes',
    );
    expect(message?.message).toMatch(/mf-admin\/src\/app assembles the features/);
  });

  it('lets an mf-admin feature import its own files, mf-admin/src/lib and shared, and the app import features', async () => {
    const page = 'mf-admin/src/features/users/components/users-page.tsx';
    expect(await lintImport(page, '../api/get-users')).toEqual([]);
    expect(await lintImport(page, '../../../lib/query-keys')).toEqual([]);
    expect(await lintImport(page, '@promatch/shared/admin')).toEqual([]);
    expect(
      await lintImport(
        'mf-admin/src/app/app-routes.tsx',
        '../features/users/components/users-page',
      ),
    ).toEqual([]);
  });

  it('keeps mf-admin/src/lib below the features, and an mf-admin feature inside its remote', async () => {
    const [lib] = await lintImport('mf-admin/src/lib/x.ts', '../features/users/api/get-users');
    expect(lib?.message).toMatch(/mf-admin\/src\/lib is the layer below the features/);
    const [remote] = await lintImport(
      'mf-admin/src/features/users/api/x.ts',
      '../../../../mf-dashboard/src/lib/page-data',
    );
    expect(remote?.message).toMatch(/may import only @promatch\/shared and its own files/);
  });

  it('keeps the local development keys out of browser code', async () => {
    const [message] = await lintImport('mf-dashboard/src/x.ts', '@promatch/shared/local-dev-keys');
    expect(message?.message).toMatch(/service-role key/);
  });

  it.each([
    ['shell/src/features/session/x.ts', '../../../../scripts/stack.mjs'],
    ['mf-marketing/src/features/home/x.ts', '../../../../scripts/chromium.mjs'],
    ['shared/src/x.ts', '../../scripts/stack.mjs'],
    ['server/src/x.ts', '../../scripts/stack.mjs'],
  ])('forbids %s from importing the developer script %s', async (file, source) => {
    const [message] = await lintImport(file, source);
    expect(message?.message).toMatch(/scripts\/ holds developer scripts/);
  });

  it('lets the server import @promatch/shared', async () => {
    expect(await lintImport('server/src/x.ts', '@promatch/shared/apps')).toEqual([]);
  });

  it('forbids shared from importing an app', async () => {
    const [message] = await lintImport('shared/src/x.ts', '../../shell/src/app/app');
    expect(message?.message).toMatch(/bottom layer/);
  });

  it('allows a remote to import @promatch/shared and its own files', async () => {
    expect(await lintImport('mf-auth/src/features/login/x.ts', '@promatch/shared')).toEqual([]);
    expect(await lintImport('mf-auth/src/features/login/x.ts', '../../../lib/retry')).toEqual([]);
    expect(
      await lintImport('mf-auth/src/features/login/components/x.ts', '../api/sign-in'),
    ).toEqual([]);
  });

  it.each([
    ['mf-auth/src/features/login/components/x.tsx', '../../register/components/register-page'],
    ['mf-marketing/src/features/home/components/x.tsx', '../../search/components/search-results'],
    ['mf-dashboard/src/features/plans/components/x.tsx', '../../files/api/get-files'],
  ])('forbids the remote feature %s from importing %s, and says why', async (file, source) => {
    const [message] = await lintImport(file, source);
    expect(message?.message).toMatch(/feature imports only its own files/);
  });

  it.each([
    ['shared/src/plans/x.ts', '../supabase/client'],
    ['shared/src/realtime/x.ts', '../session/session-registry'],
    ['shared/src/favourites/x.ts', '..'],
    ['shared/src/admin/use-admin-check.ts', '../session/session-registry'],
    ['shared/src/config/feature-flags.ts', './runtime-config'],
  ])('a subpath module %s may not import %s relatively, and is told why', async (file, source) => {
    const [message] = await lintImport(file, source);
    expect(message?.message).toMatch(/from '@promatch\/shared' by package name/);
  });

  it('lets a subpath module import stateless helpers relatively, and the state by package name', async () => {
    expect(await lintImport('shared/src/matching/x.ts', '../constants/service-categories')).toEqual(
      [],
    );
    expect(await lintImport('shared/src/plans/x.ts', '@promatch/shared')).toEqual([]);
  });
});
