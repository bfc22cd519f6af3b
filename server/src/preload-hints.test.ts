import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runServerProgram, serverModule, waitFor } from './test-support';

/*
 * The shell's server naming a signed-in page's files in its HTML, over real HTTP: a remote that
 * publishes preload.json, one that does not, and the shell's server with a stand-in for its route
 * lookup (the real one comes from the shell's server-side renderer).
 */
const remotePort = 3981;
const shellPort = 3982;
const shell = `http://127.0.0.1:${shellPort}`;
const remote = `http://127.0.0.1:${remotePort}`;
let servers: ChildProcess;

const PRELOAD = {
  entry: 'remoteEntry.js',
  always: ['__federation_expose_App.1234abcd.js', 'pages.5678abcd.js'],
  pages: {
    '/charts': ['charts.9abcdef0.js'],
    '/elsewhere': ['https://cdn.example.org/evil.js'],
  },
};

const ROUTE_FOR = `(pathname) => {
  const routes = {
    '/charts': { remote: 'mf_remote', access: 'protected' },
    '/plain': { remote: 'mf_remote', access: 'protected' },
    '/elsewhere': { remote: 'mf_remote', access: 'protected' },
    '/public': { remote: 'mf_remote', access: 'public' },
    '/unlisted': { remote: 'mf_bare', access: 'protected' },
  };
  return routes[pathname.replace(/(.)\\/$/, '$1').toLowerCase()];
}`;

beforeAll(async () => {
  const base = await mkdtemp(path.join(tmpdir(), 'hints-'));
  const remoteDist = path.join(base, 'remote');
  const bareDist = path.join(base, 'bare');
  const shellDist = path.join(base, 'shell');
  await mkdir(remoteDist);
  await mkdir(bareDist);
  await mkdir(shellDist);
  await writeFile(path.join(remoteDist, 'mf-manifest.json'), '{}');
  await writeFile(path.join(remoteDist, 'preload.json'), JSON.stringify(PRELOAD));
  // the shell's own list: no entry, files on its own origin
  await writeFile(
    path.join(shellDist, 'preload.json'),
    JSON.stringify({ always: ['1234.abcd0123.js', 'https://cdn.example.org/x.js'], pages: {} }),
  );
  await writeFile(
    path.join(shellDist, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(shellDist, 'remotes.json'),
    JSON.stringify({
      mf_remote: `${remote}/mf-manifest.json`,
      // a remote without preload.json (the same server, a folder with none)
      mf_bare: `${remote}/bare/mf-manifest.json`,
    }),
  );
  servers = runServerProgram(`
    import { createStaticServer } from ${serverModule('static-server.mjs')};
    import { createPreloadHints } from ${serverModule('preload-hints.mjs')};
    createStaticServer(${JSON.stringify(remoteDist)}).listen(${remotePort}, '127.0.0.1');
    createStaticServer(${JSON.stringify(shellDist)}, {
      composePage: async (location) => '<html><body>composed ' + location + '</body></html>',
      preloadHints: createPreloadHints(${JSON.stringify(shellDist)}, {
        routeFor: ${ROUTE_FOR},
        waitMs: 2000,
      }),
    }).listen(${shellPort}, '127.0.0.1');`);
  await waitFor(`${remote}/mf-manifest.json`);
  await waitFor(`${shell}/remotes.json`);
});

afterAll(() => {
  servers?.kill();
});

const page = async (pathname: string) => {
  const response = await fetch(`${shell}${pathname}`);
  return { response, html: await response.text() };
};

const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag);

describe('preload hints for signed-in pages', () => {
  it('names the manifest, the entry and every page chunk, in the head of the plain page', async () => {
    const { response, html } = await page('/plain');
    expect(response.status).toBe(200);
    // a page the browser renders itself: not marked as server-rendered, never composed
    expect(response.headers.get('x-promatch-server-page')).toBeNull();
    expect(html).not.toContain('composed');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(links(html)).toEqual([
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${remote}/mf-manifest.json">`,
      '<link rel="preload" as="script" href="/1234.abcd0123.js">',
      `<link rel="preload" as="script" href="${remote}/remoteEntry.js">`,
      `<link rel="preload" as="script" href="${remote}/__federation_expose_App.1234abcd.js">`,
      `<link rel="preload" as="script" href="${remote}/pages.5678abcd.js">`,
    ]);
    expect(html.indexOf('<link')).toBeLessThan(html.indexOf('</head>'));
  });

  it("adds a page's own chunks, matching its path as the remote keys it", async () => {
    const { html } = await page('/Charts/?from=menu');
    expect(links(html)).toContain(
      `<link rel="preload" as="script" href="${remote}/charts.9abcdef0.js">`,
    );
    expect(links(html)).toHaveLength(6);
  });

  it("leaves out a file outside the remote's origin", async () => {
    const { html } = await page('/elsewhere');
    expect(html).not.toContain('cdn.example.org');
    expect(links(html)).toHaveLength(5);
  });

  it('gives public pages no hints and composes them as before', async () => {
    const { html } = await page('/public');
    expect(html).toContain('composed /public');
    expect(html).not.toContain('rel="preload"');
  });

  it('serves the page as before when the remote publishes no list', async () => {
    const { html } = await page('/unlisted');
    expect(html).toContain('composed /unlisted');
  });

  it('does not hint on files other than the page', async () => {
    const { html } = await page('/index.html');
    expect(html).not.toContain('rel="preload"');
  });
});
