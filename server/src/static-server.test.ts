import type { ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runServerProgram, serverModule, waitFor } from './test-support';

let server: ChildProcess;
let base: string;
const port = 3990;

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'static-'));
  await mkdir(path.join(dist, 'nested'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'remoteEntry.js'), 'console.log("entry")');
  await writeFile(path.join(dist, 'main.0123abcd.js'), 'console.log("chunk")');
  await writeFile(path.join(dist, 'mf-manifest.json'), '{"id":"x"}');
  // The server module is ESM; it runs in its own Node process, as it does in production.
  server =
    runServerProgram(`import { createStaticServer } from ${serverModule('static-server.mjs')};
    createStaticServer(${JSON.stringify(dist)}).listen(${port}, '127.0.0.1');`);
  base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/index.html`);
});

afterAll(() => {
  server.kill();
});

describe('per-app static server', () => {
  it('serves the federation manifest to other origins, never from cache', async () => {
    const response = await fetch(`${base}/mf-manifest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ id: 'x' });
  });

  it('lets hashed chunks be cached for good and entry files not at all', async () => {
    expect((await fetch(`${base}/main.0123abcd.js`)).headers.get('cache-control')).toContain(
      'immutable',
    );
    expect((await fetch(`${base}/remoteEntry.js`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client-side routes with index.html and missing files with 404', async () => {
    const route = await fetch(`${base}/professional/42`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('id="root"');
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  });

  it('never serves files outside its folder', async () => {
    const response = await fetch(`${base}/..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await fetch(`${base}/index.html`, { method: 'POST' })).status).toBe(405);
  });
});
