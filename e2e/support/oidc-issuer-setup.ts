import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A fixed port, so a developer can point a manually started backend at the same issuer. */
export const OIDC_ISSUER_PORT = 54398;

/**
 * Starts the local OpenID Connect provider (backend/test/support/oidc-issuer.mjs: the certified
 * oidc-provider package, with its own login and consent pages) for the e2e run, and the backend
 * variables that enable "Continue with LinkedIn" against it.
 */
export async function startOidcIssuerStandIn() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const script = path.resolve(here, '../../backend/test/support/oidc-issuer.mjs');
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, OIDC_ISSUER_PORT: String(OIDC_ISSUER_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the OIDC issuer exited (${code})`)));
  });
  const started = JSON.parse(line) as { issuer: string; clientId: string; clientSecret: string };
  return {
    issuer: started.issuer,
    env: {
      GOTRUE_EXTERNAL_LINKEDIN_OIDC_ENABLED: 'true',
      GOTRUE_EXTERNAL_LINKEDIN_OIDC_CLIENT_ID: started.clientId,
      GOTRUE_EXTERNAL_LINKEDIN_OIDC_SECRET: started.clientSecret,
      GOTRUE_EXTERNAL_LINKEDIN_OIDC_URL: started.issuer,
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
