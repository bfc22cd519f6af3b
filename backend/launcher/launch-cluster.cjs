/**
 * The scale-out shape, in one place for `npm run start:cluster` and the failover test: several
 * backend instances on ONE PostgreSQL database behind HAProxy (Debian's `haproxy` package), which
 * health-checks them every half second, sends new requests only to live ones and queues what a
 * busy instance cannot take yet. The
 * instances share DATA_DIR only for the signing key, as a deployment shares JWT_SIGNING_JWK.
 *
 * CommonJS for the same reason as launch-backend.cjs. Types are in launch-cluster.d.cts.
 */
const { spawn, spawnSync } = require('node:child_process');
const { closeSync, existsSync, mkdtempSync, openSync, writeFileSync, rmSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { launchBackend, freePort, stopChild } = require('./launch-backend.cjs');
const { launchPgbouncer } = require('./launch-pgbouncer.cjs');
const { launchReplica } = require('./launch-replica.cjs');

const haproxyCandidates = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];

/** HAProxy's binary (HAPROXY_BIN, else the usual places, else `haproxy` on PATH), or undefined. */
function findHaproxy(env = process.env) {
  if (env.HAPROXY_BIN) return env.HAPROXY_BIN;
  const found = haproxyCandidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  const probe = spawnSync('haproxy', ['-v'], { stdio: 'ignore' });
  return probe.status === 0 ? 'haproxy' : undefined;
}

/**
 * Round robin over the instances; the client's address goes along in X-Forwarded-For. A failed
 * connection is retried on another server (redispatch), and an instance failing three health
 * checks 500 ms apart gets no new traffic. A check fails when the instance refuses the
 * connection (a killed one: at once) or has not answered /health within 2 s.
 *
 * Each instance takes at most `serverMaxconn` HTTP requests at a time (default 32, three times its
 * database pool); the rest wait in HAProxy's queue, in order, for up to `timeout queue` (60 s).
 * Without that limit a saturated machine let every request straight into both instances: their
 * event loops fell seconds behind, /health answered after the check's timeout, both instances
 * were marked down and HAProxy answered 503 to everything until a check passed again
 * (docs/benchmarks/reliability.md). With it an instance has a bounded backlog, answers its checks,
 * and overload shows as queue time instead of errors. Health checks bypass the queue, and the
 * realtime HTTP API (a server's broadcast to a channel) goes ahead of the other requests in it:
 * after an instance is killed, its clients' 500 re-reads of their threads filled the queue and a
 * broadcast to 1,000 subscribers waited 1.1 s behind them (decision 0241).
 *
 * WebSockets go to a second backend with the same servers and no such limit: a realtime client
 * holds its connection for hours and would otherwise occupy a request slot for as long. Its
 * servers follow the first backend's checks (`track`). They pass through as tunnels with no idle
 * timeout shorter than an hour.
 *
 * `statsSocket` exposes `show stat` (queue, sessions, check results), and `log` writes one line
 * per request to the proxy's stderr: status, termination state, queue/connect/response/total
 * times and server, plus every server going down or up (the load bench reads both).
 */
function haproxyConfig(port, backendPorts, options = {}) {
  const maxconn = options.serverMaxconn ?? 32;
  const limit = maxconn > 0 ? ` maxconn ${maxconn}` : '';
  const servers = backendPorts
    .map(
      (p, i) => `  server instance${i + 1} 127.0.0.1:${p}${limit} check inter 500ms fall 3 rise 2`,
    )
    .join('\n');
  const tunnels = backendPorts
    .map((p, i) => `  server instance${i + 1} 127.0.0.1:${p} track instances/instance${i + 1}`)
    .join('\n');
  const logging = options.log
    ? {
        global: '  log stderr format raw local0\n',
        defaults:
          '  log global\n' +
          '  option log-health-checks\n' +
          '  log-format "%ST %tsc %Tw %Tc %Tr %Ta %s %HM %HP"\n',
      }
    : { global: '', defaults: '' };
  const stats = options.statsSocket
    ? `  stats socket ${options.statsSocket} mode 600 level operator\n`
    : '';
  return `global
  maxconn 8192
${stats}${logging.global}
defaults
  mode http
${logging.defaults}  maxconn 8000
  option http-server-close
  option forwardfor
  option redispatch
  retries 3
  timeout connect 2s
  timeout check 2s
  timeout queue 60s
  timeout client 1h
  timeout server 1h
  timeout tunnel 1h
  timeout http-request 30s

frontend api
  bind 127.0.0.1:${port}
  acl websocket hdr(upgrade) -i websocket
  use_backend tunnels if websocket
  default_backend instances

backend instances
  balance roundrobin
  http-request set-priority-class int(-10) if { path_beg /realtime/v1/api/ }
  option httpchk GET /health
  http-check expect status 200
${servers}

backend tunnels
  balance roundrobin
${tunnels}
`;
}

async function waitForPort(port, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode})`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`haproxy not listening on ${port} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the proxy answers /health through a live instance. */
async function waitForProxy(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not routing yet
    }
    if (Date.now() > deadline) throw new Error(`proxy at ${url} not routing in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts `instances` backends on `databaseUrl` (the first migrates) and HAProxy in front; with
 * `pooler`, PgBouncer in transaction mode between the instances and PostgreSQL; with `replica`, a
 * streaming replica of the database that serves the public reads (docs/scaling.md).
 */
async function launchCluster(options) {
  const env = options.env ?? process.env;
  const haproxy = findHaproxy(env);
  if (!haproxy) {
    throw new Error("HAProxy is not installed: apt-get install -y haproxy (Debian's package)");
  }
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'promatch-cluster-'));
  const ownsDataDir = !options.dataDir;
  // Every request reaches an instance from the proxy: rate limits read the client's address from
  // the X-Forwarded-For entry HAProxy appends (option forwardfor; docs/security.md).
  const instanceEnv = {
    RATE_LIMIT_HEADER: 'X-Forwarded-For',
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
  };
  const instances = [];
  let proxy;
  let configDir;
  let pooler;
  let replica;
  const stop = async () => {
    if (proxy) await stopChild(proxy, 'SIGTERM', 3000);
    await Promise.all(instances.map((instance) => instance.stop()));
    if (pooler) await pooler.stop();
    if (replica) await replica.stop();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const database = options.replica || options.pooler ? new URL(options.databaseUrl) : undefined;
    const databaseName = database ? decodeURIComponent(database.pathname.slice(1)) : '';
    const server = {
      host: database?.hostname || '127.0.0.1',
      port: Number(database?.port || 5432),
      user: decodeURIComponent(database?.username || 'postgres'),
    };
    if (options.replica) {
      // Copied after the database exists, so it streams everything the first instance migrates.
      replica = await launchReplica({ primary: server, env });
      instanceEnv.PROMATCH_READ_REPLICA_URL = replica.url(databaseName);
    }
    if (options.pooler) {
      pooler = await launchPgbouncer({ server, env, poolSize: options.poolSize });
      instanceEnv.DATABASE_URL = pooler.url(databaseName);
      instanceEnv.DATABASE_DIRECT_URL = options.databaseUrl;
      instanceEnv.PROMATCH_DB_POOLER = 'transaction';
    }
    for (let i = 0; i < (options.instances ?? 2); i += 1) {
      instances.push(
        await launchBackend({
          env: instanceEnv,
          forward: options.forward ?? 'none',
          label: options.forward ? `backend ${i + 1}` : undefined,
          readyTimeoutMs: options.readyTimeoutMs ?? 180_000,
        }),
      );
    }
    const port = options.port ?? (await freePort());
    configDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-haproxy-'));
    const configFile = path.join(configDir, 'haproxy.cfg');
    const statsSocket = path.join(configDir, 'haproxy.sock');
    writeFileSync(
      configFile,
      haproxyConfig(
        port,
        instances.map((instance) => instance.port),
        { serverMaxconn: options.serverMaxconn, statsSocket, log: Boolean(options.proxyLog) },
      ),
    );
    const proxyStderr = options.proxyLog
      ? openSync(options.proxyLog, 'a')
      : options.forward === 'all'
        ? 'inherit'
        : 'ignore';
    // -db: stay in the foreground, so stopping the child stops the proxy.
    proxy = spawn(haproxy, ['-db', '-f', configFile], {
      stdio: ['ignore', 'ignore', proxyStderr],
    });
    if (typeof proxyStderr === 'number') closeSync(proxyStderr);
    await waitForPort(port, proxy, 10_000);
    const url = `http://127.0.0.1:${port}`;
    await waitForProxy(url, 10_000);
    return { url, port, instances, proxy, pooler, replica, statsSocket, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { launchCluster, findHaproxy, haproxyConfig };
