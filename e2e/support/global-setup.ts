import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as stack from '../../scripts/stack.mjs';
import { startAuthStandIn } from './auth-stand-in-setup.ts';
import { prepareE2eDatabase } from './e2e-database.ts';
import { startOidcIssuerStandIn } from './oidc-issuer-setup.ts';
import { CONTROL_PORT } from './stack-control.ts';

interface Running {
  child: ChildProcess;
}

/** Fails fast with a clear message when `npm start` (or anything else) holds a port we need. */
async function assertPortFree(port: number): Promise<void> {
  const answered = await fetch(`http://localhost:${port}/`).then(
    () => true,
    () => false,
  );
  if (answered) {
    throw new Error(
      `Port ${port} is in use. Stop \`npm start\` (or whatever holds it) before the e2e tests.`,
    );
  }
}

interface BackendControl {
  stop(): Promise<void>;
  start(): Promise<void>;
}

function startControlServer(
  apps: Map<string, Running>,
  env: NodeJS.ProcessEnv,
  backend: BackendControl,
): Server {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, kind, name, action] = url.pathname.split('/');
    const port = url.searchParams.get('port');
    const run = async () => {
      if (kind === 'backend' && name === 'stop') {
        await backend.stop();
      } else if (kind === 'backend' && name === 'start') {
        await backend.start();
      } else if (kind === 'apps' && action === 'stop') {
        const running = apps.get(name);
        if (running) await stack.stopProcess(running.child);
        apps.delete(name);
      } else if (kind === 'apps' && action === 'start') {
        const app = stack.APPS.find((candidate: { dir: string }) => candidate.dir === name);
        const ports = port ? { [name]: Number(port) } : undefined;
        const key = port ? `${name}@${port}` : name;
        apps.set(key, await stack.startApp(app, { ports, quiet: true }));
      } else if (kind === 'remotes' && name === 'reset') {
        await stack.writeRuntimeFiles(env);
      } else if (kind === 'remotes') {
        const override = {
          [`REMOTE_${name.toUpperCase()}_URL`]: `http://localhost:${port}/mf-manifest.json`,
        };
        await stack.writeRuntimeFiles({ ...env, ...override });
      } else {
        throw new Error(`unknown control ${url.pathname}`);
      }
    };
    run().then(
      () => response.writeHead(204).end(),
      (error: Error) => response.writeHead(500).end(error.message),
    );
  });
  server.listen(CONTROL_PORT, '127.0.0.1');
  return server;
}

/** Starts the backend (fresh data directory) and the six app servers from the production build. */
export default async function globalSetup() {
  for (const app of stack.APPS) await assertPortFree(app.port);
  // Another checkout's backend on the well-known port would answer in place of this one's.
  await assertPortFree(stack.BACKEND_PORT);
  const apps = new Map<string, Running>();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'promatch-e2e-'));
  const env = { ...process.env };
  await stack.writeRuntimeFiles(env);

  let backend: Running | undefined;
  const companiesHouse = await startAuthStandIn();
  const oidcIssuer = await startOidcIssuerStandIn();
  // The same data directory on every start, so a restarted backend keeps every row.
  const backendEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_AUTOCONFIRM: 'false',
    // demo professionals (deterministic seed) for the marketing search and profile specs
    SEED_DEMO_PROFESSIONALS: '200',
    // Every browser signs in from 127.0.0.1, so the per-IP limits would trip across the suite;
    // the per-address limits stay at their defaults.
    ...Object.fromEntries(
      ['SIGN_IN', 'SIGN_UP', 'RECOVER', 'VERIFY', 'SMS_SENT'].flatMap((name) => [
        [`RATE_LIMIT_${name}`, '100000'],
        [`RATE_LIMIT_${name}_PER_EMAIL`, '30'],
      ]),
    ),
    // Companies House answered by the local stand-in (mf-auth company lookup specs)
    ...companiesHouse.env,
    // "Continue with LinkedIn" against a local OpenID Connect provider (auth oidc spec)
    ...oidcIssuer.env,
    // webhook specs post to a receiver on 127.0.0.1 (refused by default: SSRF guard, decision
    // 0098) and see a retry after 1 s rather than the default 10 s
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_BASE_MS: '1000',
    // The phone-factor spec texts a code at enrolment and again at sign-in, seconds apart.
    SMS_MAX_FREQUENCY: '1',
    // the web push spec's push service is a local stand-in on 127.0.0.1 (only the browsers' own
    // push services are allowed by default)
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    PUSH_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  // PGlite in dataDir, or PostgreSQL with E2E_DATABASE=postgres; a restart keeps every row on both.
  const database = await prepareE2eDatabase({ ...process.env, ...backendEnv });
  Object.assign(backendEnv, database.env);
  const backendControl: BackendControl = {
    async stop() {
      if (backend) await stack.stopProcess(backend.child);
      backend = undefined;
    },
    async start() {
      if (!backend) backend = await stack.startBackend({ quiet: true, env: backendEnv });
    },
  };
  if (stack.backendAvailable()) await backendControl.start();
  for (const app of stack.APPS) apps.set(app.dir, await stack.startApp(app, { quiet: true }));
  const control = startControlServer(apps, env, backendControl);

  return async () => {
    control.close();
    await Promise.all([...apps.values()].map((running) => stack.stopProcess(running.child)));
    await backendControl.stop();
    await database.drop();
    await companiesHouse.close();
    await oidcIssuer.close();
    await stack.writeRuntimeFiles(env);
    await rm(dataDir, { recursive: true, force: true });
  };
}
