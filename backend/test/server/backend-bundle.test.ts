import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sourceHash } from '../../launcher/backend-bundle.cjs';
import { launchBackend, type RunningBackend } from '../../launcher/launch-backend.cjs';
import { copyMigratedTemplate } from '../support/pglite-template.ts';
import { ANON_KEY } from '../support/test-server.ts';

/**
 * The launcher runs the backend from a bundle named by a hash of its sources. These check that
 * the hash follows every source change (so a stale bundle is never run) and that the bundled
 * server finds the repository's files and still loads TypeScript edge functions.
 */
describe('the bundle hash', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'promatch-bundle-hash-'));
    write('backend/src/main.ts', 'export const a = 1;\n');
    write('shared/src/index.ts', 'export const b = 2;\n');
    write('backend/package.json', '{}\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('changes when a source file is edited, added or removed', () => {
    const first = sourceHash(root);
    expect(sourceHash(root)).toBe(first);
    write('shared/src/index.ts', 'export const b = 3;\n');
    const edited = sourceHash(root);
    expect(edited).not.toBe(first);
    write('backend/src/extra.ts', 'export {};\n');
    const added = sourceHash(root);
    expect(added).not.toBe(edited);
    rmSync(path.join(root, 'backend/src/extra.ts'));
    expect(sourceHash(root)).toBe(edited);
    write('shared/package.json', '{"exports":{}}\n');
    expect(sourceHash(root)).not.toBe(edited);
  });

  it('ignores test files, which never reach the bundle', () => {
    const before = sourceHash(root);
    write('backend/src/main.test.ts', 'it("x", () => {});\n');
    expect(sourceHash(root)).toBe(before);
  });
});

describe('the launcher', () => {
  let dataDir: string;
  let backend: RunningBackend | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bundle-run-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.PROMATCH_BACKEND_TSX;
    await copyMigratedTemplate(dataDir, env, undefined);
    backend = await launchBackend({ env });
  }, 180_000);
  afterAll(async () => {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the bundle of the current sources', () => {
    const script = backend!.child.spawnargs.at(-1) ?? '';
    expect(path.basename(script)).toBe(`main-${sourceHash()}.mjs`);
    expect(path.basename(path.dirname(script))).toBe('.bundle');
  });

  it('serves the repository project and loads a TypeScript edge function', async () => {
    // GET is refused by the function's own code: it was compiled and ran.
    const response = await fetch(`${backend!.url}/functions/v1/self-check`, {
      headers: { apikey: ANON_KEY },
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ error: 'Method not allowed' });
    expect(backend!.log()).toContain('ready in');
  });
});
