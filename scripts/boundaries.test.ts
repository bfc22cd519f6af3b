import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** Lints one import line as if it were written in `file`, with the repository's own ESLint config. */
async function lintImport(file: string, source: string): Promise<LintMessage[]> {
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/eslint'),
    ['--stdin', '--stdin-filename', path.join(root, file), '--format', 'json'],
    { cwd: root, input: `import x from '${source}';\nexport default x;\n`, encoding: 'utf8' },
  );
  const [result] = JSON.parse(run.stdout) as { messages: LintMessage[] }[];
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports');
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

  it('forbids shared from importing an app', async () => {
    const [message] = await lintImport('shared/src/x.ts', '../../shell/src/app/app');
    expect(message?.message).toMatch(/bottom layer/);
  });

  it('allows a remote to import @promatch/shared and its own files', async () => {
    expect(await lintImport('mf-auth/src/features/login/x.ts', '@promatch/shared')).toEqual([]);
    expect(
      await lintImport('mf-auth/src/features/login/x.ts', '../register/register-page'),
    ).toEqual([]);
  });
});
