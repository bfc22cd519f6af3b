import type { ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runServerProgram, serverModule, waitFor } from './test-support';

/*
 * The security headers a browser receives from an app's server, over real HTTP from the server
 * running in its own process: a build folder with the remotes and the backend it names.
 */
const origin = 'http://127.0.0.1:3996';
let server: ChildProcess;
let dist: string;
const CONFIG = { supabaseUrl: 'https://api.promatch.example', videoProvider: 'p2p' };

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'security-headers-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'main.0123abcd.js'), 'console.log(1);');
  await writeFile(
    path.join(dist, 'remotes.json'),
    JSON.stringify({
      mf_marketing: 'http://localhost:3001/mf-manifest.json',
      mf_auth: 'https://auth.promatch.example/mf-manifest.json',
    }),
  );
  await writeFile(path.join(dist, 'config.json'), JSON.stringify(CONFIG));
  server = runServerProgram(`
    import { createStaticServer } from ${serverModule('static-server.mjs')};
    createStaticServer(${JSON.stringify(dist)}).listen(3996, '127.0.0.1');`);
  await waitFor(`${origin}/index.html`);
});

afterAll(() => server.kill());

/** The policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '').split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

it('a page carries a Content-Security-Policy that admits the remotes and the backend, and no eval', async () => {
  const response = await fetch(`${origin}/dashboard`);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const policy = response.headers.get('content-security-policy');
  const csp = directives(policy);
  expect(csp.get('script-src')).toEqual([
    "'self'",
    'http://localhost:3001',
    'https://auth.promatch.example',
  ]);
  expect(policy).not.toContain('unsafe-eval');
  expect(csp.get('connect-src')).toEqual(
    expect.arrayContaining(['https://api.promatch.example', 'wss://api.promatch.example']),
  );
  expect(csp.get('connect-src')).not.toContain('https://*.twilio.com');
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.has('frame-src')).toBe(false);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
});

it('admits the captcha widget only when config.json names its provider', async () => {
  const configFile = path.join(dist, 'config.json');
  try {
    const captcha = { provider: 'turnstile', siteKey: '0x4AAA' };
    await writeFile(configFile, JSON.stringify({ ...CONFIG, captcha }));
    // The policy is made again when config.json changes (its modification time).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const csp = directives((await fetch(`${origin}/login`)).headers.get('content-security-policy'));
    for (const directive of ['script-src', 'frame-src', 'connect-src'])
      expect(csp.get(directive)).toContain('https://challenges.cloudflare.com');
    expect(csp.get('script-src')).not.toContain('https://hcaptcha.com');
  } finally {
    await writeFile(configFile, JSON.stringify(CONFIG));
  }
});

it('every response says nosniff, a referrer policy and which browser features the site may use', async () => {
  for (const url of [`${origin}/`, `${origin}/main.0123abcd.js`, `${origin}/missing.png`]) {
    const response = await fetch(url);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=(self)');
  }
  // Scripts are not documents: no policy of their own.
  const script = await fetch(`${origin}/main.0123abcd.js`);
  expect(script.headers.get('content-security-policy')).toBeNull();
});

it('sends HSTS only to a visitor who came over HTTPS (through a proxy that says so)', async () => {
  const plain = await fetch(`${origin}/`);
  expect(plain.headers.get('strict-transport-security')).toBeNull();
  const secure = await fetch(`${origin}/`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(secure.headers.get('strict-transport-security')).toBe(
    'max-age=31536000; includeSubDomains',
  );
});
