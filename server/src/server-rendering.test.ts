import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runServerProgram, serverModule, waitFor } from './test-support';

/*
 * The shell's server composing a remote's server-rendered page into index.html, over real HTTP:
 * a remote app folder with a renderer (a stand-in module with the real one's contract) served
 * by createStaticServer + createRendererHandler, and the shell's server with createPageComposer
 * and a stand-in for the shell's own renderer (the shell around a slot for the remote's page).
 */
const remotePort = 3991;
const shellPort = 3992;
const shell = `http://127.0.0.1:${shellPort}`;
const remote = `http://127.0.0.1:${remotePort}`;
let servers: ChildProcess;

const RENDERER = `
exports.renderPage = async (location, config, origin) => {
  if (location.startsWith('/boom')) throw new Error('render failed');
  if (location.startsWith('/slow')) await new Promise((r) => setTimeout(r, 3000));
  if (!location.startsWith('/page') && !location.startsWith('/slow')) return null;
  return {
    html: '<h1>Rendered ' + location.replace(/</g, '&lt;') + ' $& $1</h1>',
    css: '.x{color:red}',
    head: '<title>Page title</title><link rel="canonical" href="' + origin + '/page">',
    state: { queries: [{ note: '</script><script>alert(1)</script>' }] },
  };
};
exports.listPublicPages = async (config) => [{ path: '/page' }, { path: '/from/' + config.supabaseAnonKey.length }];`;

const FRAME = `<!-- about the frame -->
<style id="promatch-server-page-style">body{margin:0}/*server-page-css*/</style>
<script>frameScript()</script>`;

const SHELL_RENDERER = `async (location) => ({
  html: '<header>' + location.replace(/</g, '&lt;') + '</header><main><template id="slot"></template></main>',
  slot: '<template id="slot"></template>',
  css: '.shell{}',
  afterRoot: '<div id="after-root" hidden></div>',
})`;

beforeAll(async () => {
  const base = await mkdtemp(path.join(tmpdir(), 'ssr-'));
  const remoteDir = path.join(base, 'remote');
  const shellDist = path.join(base, 'shell');
  await mkdir(path.join(remoteDir, 'dist'), { recursive: true });
  await mkdir(path.join(remoteDir, 'dist-ssr'));
  await mkdir(shellDist);
  await writeFile(path.join(remoteDir, 'dist/mf-manifest.json'), '{}');
  await writeFile(path.join(remoteDir, 'dist-ssr/render-page.cjs'), RENDERER);
  await writeFile(
    path.join(shellDist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="site"><title>t</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(shellDist, 'server-page.html'), FRAME);
  await writeFile(
    path.join(shellDist, 'remotes.json'),
    JSON.stringify({
      mf_none: 'http://127.0.0.1:3993/mf-manifest.json', // nothing listens: skipped
      mf_remote: `${remote}/mf-manifest.json`,
    }),
  );
  servers = runServerProgram(`
    import { createStaticServer } from ${serverModule('static-server.mjs')};
    import { createPageComposer, createRemoteRoutes } from ${serverModule('server-rendering.mjs')};
    createStaticServer(${JSON.stringify(path.join(remoteDir, 'dist'))}, {
      routes: createRemoteRoutes(${JSON.stringify(remoteDir)}),
    }).listen(${remotePort}, '127.0.0.1');
    createStaticServer(${JSON.stringify(shellDist)}, {
      composePage: createPageComposer(${JSON.stringify(shellDist)}, {
        timeoutMs: 1000,
        renderShell: ${SHELL_RENDERER},
      }),
    }).listen(${shellPort}, '127.0.0.1');`);
  await waitFor(`${remote}/mf-manifest.json`);
  await waitFor(`${shell}/remotes.json`);
});

afterAll(() => servers.kill());

describe("a remote's renderer at /__ssr", () => {
  it('answers its pages as JSON and 204 for paths that are not its own', async () => {
    const page = await fetch(`${remote}/__ssr?location=${encodeURIComponent('/page?q=1')}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ html: '<h1>Rendered /page?q=1 $& $1</h1>' });
    expect((await fetch(`${remote}/__ssr?location=/login`)).status).toBe(204);
  });

  it('refuses locations that are not site paths, and reports a failed render as 500', async () => {
    for (const location of [
      '',
      'http://evil.example/',
      '//evil.example/x',
      `/${'a'.repeat(3000)}`,
    ]) {
      const response = await fetch(`${remote}/__ssr?location=${encodeURIComponent(location)}`);
      expect(response.status).toBe(400);
    }
    expect((await fetch(`${remote}/__ssr?location=/boom`)).status).toBe(500);
  });

  it('lists its public pages at /__pages for the sitemap', async () => {
    const response = await fetch(`${remote}/__pages`);
    expect(response.status).toBe(200);
    const pages = (await response.json()) as { path: string }[];
    expect(pages[0]).toEqual({ path: '/page' });
    // Listed with the runtime configuration, as the renderer renders pages.
    expect(pages[1].path).toMatch(/^\/from\/\d+$/);
  });
});

describe("the shell's server", () => {
  it("puts the shell with the remote's page in it, their CSS and the data into index.html", async () => {
    const response = await fetch(`${shell}/page?q=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    // So the service worker never keeps one page as the offline shell of every page.
    expect(response.headers.get('x-promatch-server-page')).toBe('1');
    const html = await response.text();
    // $-patterns in the page are kept literally; the frame's own comment is dropped.
    expect(html).toContain(
      '<div id="root" data-server-rendered><header>/page?q=1</header><main><h1>Rendered /page?q=1 $& $1</h1></main></div>',
    );
    expect(html).not.toContain('about the frame');
    // The page's head replaces the site's title and description; canonical URLs use the host
    // the visitor asked for.
    expect(html).toContain(`<title>Page title</title><link rel="canonical" href="${shell}/page">`);
    expect(html).not.toContain('<title>t</title>');
    expect(html).not.toContain('content="site"');
    expect(html).toMatch(
      /<style id="promatch-server-page-style">body\{margin:0\}\.shell\{\}\.x\{color:red\}<\/style><\/head>/,
    );
    // The data comes first, then the page and what the shell draws after it (the cookie banner),
    // then the frame's script, so it can drop them for a signed-in visitor.
    expect(html).toMatch(
      /<body><script type="application\/json" id="promatch-query-state">.*<\/script><div id="root" data-server-rendered>.*<\/div><div id="after-root" hidden><\/div><script>frameScript\(\)<\/script><\/body>/,
    );
  });

  it('keeps the data from closing its script element', async () => {
    const html = await (await fetch(`${shell}/page`)).text();
    const state = html.match(/id="promatch-query-state">(.*?)<\/script>/)?.[1] ?? '';
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toEqual({
      queries: [{ note: '</script><script>alert(1)</script>' }],
    });
  });

  it('serves the plain index.html when no remote renders the page, fails or is too slow', async () => {
    for (const location of ['/login', '/boom', '/slow']) {
      const response = await fetch(`${shell}${location}`);
      expect(response.headers.get('x-promatch-server-page')).toBeNull();
      const html = await response.text();
      expect(html).not.toContain('promatch-server-page');
      expect(html).not.toContain('data-server-rendered');
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<title>t</title>');
    }
  });

  it('never composes files: assets are served as they are', async () => {
    expect(await (await fetch(`${shell}/remotes.json`)).json()).toHaveProperty('mf_remote');
    expect((await fetch(`${shell}/missing.js`)).status).toBe(404);
  });
});
