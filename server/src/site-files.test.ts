import type { ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_ROUTES } from '../../shell/src/app/route-data';
import { runServerProgram, serverModule, waitFor } from './test-support';

/*
 * The shell's server answering /sitemap.xml and /robots.txt over real HTTP, in its own Node
 * process as in production: one stand-in remote lists its public pages at /__pages (the contract
 * of mf-marketing's renderer), a second remote has no renderer, so its server answers /__pages
 * with the app's HTML page as it does for any path, and the shell's server is started twice,
 * with SITE_URL and without.
 */
const PAGES = [
  { path: '/' },
  { path: '/pricing' },
  { path: '/browse-professionals?category=ux-ui-design' },
  {
    path: '/professional/11111111-1111-4111-8111-111111111111',
    lastModified: '2026-11-20T10:00:00Z',
  },
  { path: '/professional/<odd>&"id"' },
];

let remote: Server;
let appOnly: Server;
let remoteFails = false;
let pageRequests = 0;
const servers: ChildProcess[] = [];
const withSiteUrl = 'http://127.0.0.1:3994';
const withoutSiteUrl = 'http://127.0.0.1:3995';

function startShellServer(dist: string, port: number, env: NodeJS.ProcessEnv) {
  const program = `
    import { createSiteFiles } from ${serverModule('site-files.mjs')};
    import { createStaticServer } from ${serverModule('static-server.mjs')};
    createStaticServer(${JSON.stringify(dist)}, { routes: createSiteFiles(${JSON.stringify(dist)}) })
      .listen(${port}, '127.0.0.1');`;
  servers.push(runServerProgram(program, env));
}

beforeAll(async () => {
  remote = createServer((request, response) => {
    if (request.url === '/__pages' && !remoteFails) {
      pageRequests += 1;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(PAGES));
    } else if (request.url === '/__pages') {
      response.writeHead(503).end();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  const { port } = remote.address() as AddressInfo;
  appOnly = createServer((_request, response) => {
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end('<!doctype html><div id="root"></div>');
  });
  await new Promise<void>((resolve) => appOnly.listen(0, '127.0.0.1', resolve));
  const appOnlyPort = (appOnly.address() as AddressInfo).port;
  const dist = await mkdtemp(path.join(tmpdir(), 'site-files-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(
    path.join(dist, 'remotes.json'),
    JSON.stringify({
      mf_marketing: `http://127.0.0.1:${port}/mf-manifest.json`,
      mf_auth: `http://127.0.0.1:${appOnlyPort}/mf-manifest.json`,
    }),
  );
  startShellServer(dist, 3994, { SITE_URL: 'https://promatch.example/' });
  startShellServer(dist, 3995, { SITE_URL: '' });
  await Promise.all([
    waitFor(`${withSiteUrl}/index.html`),
    waitFor(`${withoutSiteUrl}/index.html`),
  ]);
});

afterAll(async () => {
  servers.forEach((child) => child.kill());
  await new Promise((resolve) => remote.close(resolve));
  await new Promise((resolve) => appOnly.close(resolve));
});

/** fetch() will not send another Host header; node:http will. */
function getWithHost(url: string, host: string) {
  return new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
    get(url, { headers: { host } }, (response) => {
      response.resume();
      resolve({
        status: response.statusCode ?? 0,
        retryAfter: response.headers['retry-after'] as string | undefined,
      });
    }).on('error', reject);
  });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);

describe('/sitemap.xml', () => {
  it("lists every page the remotes report at the site's configured address", async () => {
    const response = await fetch(`${withSiteUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(locs(xml)).toEqual([
      'https://promatch.example/',
      'https://promatch.example/pricing',
      'https://promatch.example/browse-professionals?category=ux-ui-design',
      'https://promatch.example/professional/11111111-1111-4111-8111-111111111111',
      'https://promatch.example/professional/&lt;odd&gt;&amp;&quot;id&quot;',
    ]);
    expect(xml).toContain('<lastmod>2026-11-20T10:00:00.000Z</lastmod>');
    expect(xml).not.toContain('localhost');
  });

  it('uses the address the visitor asked for when SITE_URL is not set', async () => {
    const xml = await (await fetch(`${withoutSiteUrl}/sitemap.xml`)).text();
    expect(locs(xml)[0]).toBe(`${withoutSiteUrl}/`);
    const proxied = await fetch(`${withoutSiteUrl}/sitemap.xml`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(locs(await proxied.text())[1]).toBe('https://127.0.0.1:3995/pricing');
  });

  it('is rebuilt at most every few minutes, and answers 503 when the pages cannot be listed', async () => {
    const before = pageRequests;
    await fetch(`${withSiteUrl}/sitemap.xml`);
    expect(pageRequests).toBe(before);
    remoteFails = true;
    try {
      // A fresh origin has no cached sitemap: the remote is asked, fails, and the crawler is told to retry.
      const response = await getWithHost(`${withoutSiteUrl}/sitemap.xml`, 'elsewhere.example');
      expect(response.status).toBe(503);
      expect(response.retryAfter).toBe('60');
    } finally {
      remoteFails = false;
    }
  });
});

describe('/robots.txt', () => {
  it("points crawlers at the sitemap on the site's address", async () => {
    const response = await fetch(`${withSiteUrl}/robots.txt`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('User-agent: *\nAllow: /\n');
    expect(text).toContain('\nSitemap: https://promatch.example/sitemap.xml\n');
    const local = await (await fetch(`${withoutSiteUrl}/robots.txt`)).text();
    expect(local).toContain(`\nSitemap: ${withoutSiteUrl}/sitemap.xml\n`);
  });

  it("keeps crawlers out of every signed-in area and sign-in page in the shell's route table", async () => {
    const text = await (await fetch(`${withSiteUrl}/robots.txt`)).text();
    const disallowed = [...text.matchAll(/^Disallow: (.*)$/gm)].map((match) => match[1]);
    const private_ = REMOTE_ROUTES.filter(
      (route) => route.access !== 'public' || route.remote === 'mf_auth',
    );
    expect(private_.length).toBeGreaterThan(10);
    for (const route of private_) {
      const area = `/${route.path.split('/')[1]}`;
      expect(disallowed).toContain(area);
    }
    // Public pages stay open.
    expect(disallowed).not.toContain('/pricing');
    expect(disallowed).not.toContain('/professional');
  });
});
