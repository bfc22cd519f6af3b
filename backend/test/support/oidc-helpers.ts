import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/**
 * The local OpenID Connect provider (oidc-issuer.mjs, the certified `oidc-provider` package) in a
 * child process, and a small cookie-keeping "browser" that walks its real login and consent pages.
 */
export interface OidcIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** GOTRUE_EXTERNAL_* variables enabling `linkedin_oidc` and the generic `oidc` against this issuer. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startOidcIssuer(
  options: { codeTtlSeconds?: number } = {},
): Promise<OidcIssuer> {
  const script = path.join(__dirname, 'oidc-issuer.mjs');
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      OIDC_ISSUER_PORT: '0',
      OIDC_CODE_TTL: String(options.codeTtlSeconds ?? 60),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    const timer = setTimeout(
      () => reject(new Error(`oidc issuer did not start: ${stderr}`)),
      30_000,
    );
    lines.once('line', (first) => {
      clearTimeout(timer);
      resolve(first);
    });
    child.once('exit', (code) => reject(new Error(`oidc issuer exited (${code}): ${stderr}`)));
  });
  const started = JSON.parse(line) as { issuer: string; clientId: string; clientSecret: string };
  const env: Record<string, string> = {};
  for (const [name, label] of [
    ['LINKEDIN_OIDC', ''],
    ['OIDC', 'Test ID'],
  ] as const) {
    env[`GOTRUE_EXTERNAL_${name}_ENABLED`] = 'true';
    env[`GOTRUE_EXTERNAL_${name}_CLIENT_ID`] = started.clientId;
    env[`GOTRUE_EXTERNAL_${name}_SECRET`] = started.clientSecret;
    env[`GOTRUE_EXTERNAL_${name}_URL`] = started.issuer;
    if (label) env[`GOTRUE_EXTERNAL_${name}_LABEL`] = label;
  }
  return {
    ...started,
    env,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface Walk {
  /** Origins of the backend and the issuer: redirects to anywhere else end the walk. */
  servers: string[];
  /** The person's login at the provider (an e-mail address; "+unverified" makes it unverified). */
  login: string;
  /** false: press the consent page's Cancel instead of Continue. */
  consent?: boolean;
  /** Stop before the provider's redirect back to the backend's callback, and return that URL. */
  stopAtCallback?: boolean;
}

/** A browser's cookie jar for one walk: all cookies by name (the walk is sequential). */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows `start` (our /authorize URL, or the provider URL linkIdentity answers) like a browser: through the provider's login and consent
 * pages and back through /auth/v1/callback, until a redirect leaves both servers; returns that
 * final URL (the app's redirect_to with `?code=` or an error).
 */
export async function walkProvider(start: string, walk: Walk, jar = new Jar()): Promise<URL> {
  let url = new URL(start);
  const known = walk.servers.map((server) => new URL(server).origin);
  for (let hop = 0; hop < 30; hop += 1) {
    if (walk.stopAtCallback && url.pathname === '/auth/v1/callback') return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', url);
      if (!known.includes(next.origin)) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`${url.href} answered ${response.status}: ${html}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url.href}: ${html.slice(0, 500)}`);
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (prompt === 'consent' && walk.consent === false) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no Cancel link on the consent page');
      url = new URL(abort, url);
      continue;
    }
    const body = new URLSearchParams(
      prompt === 'login'
        ? { prompt, login: walk.login, password: 'any' }
        : { prompt: prompt ?? '' },
    );
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    jar.store(posted);
    url = new URL(posted.headers.get('location') ?? '', url);
  }
  throw new Error(`too many redirects from ${start}`);
}
