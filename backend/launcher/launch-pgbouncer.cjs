/**
 * PgBouncer (Debian's `pgbouncer` package) in transaction mode in front of the local PostgreSQL,
 * for `npm run start:cluster -- --pooler` and the pooler test: every database name is passed
 * through to the server, each (database, user) pair gets at most `poolSize` server connections,
 * and a server connection goes back to the pool at the end of each transaction. The backend
 * behind it must be told (PROMATCH_DB_POOLER=transaction and DATABASE_DIRECT_URL for LISTEN;
 * docs/scaling.md says why).
 *
 * PgBouncer refuses to run as root; as root it is started with `-u postgres`, which owns its
 * folder. stop() stops it and removes the folder.
 *
 * CommonJS for the same reason as launch-backend.cjs. Types are in launch-pgbouncer.d.cts.
 */
const { spawn, spawnSync } = require('node:child_process');
const { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { freePort, stopChild } = require('./launch-backend.cjs');

const candidates = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

/** PgBouncer's binary (PGBOUNCER_BIN, else the usual places, else on PATH), or undefined. */
function findPgbouncer(env = process.env) {
  if (env.PGBOUNCER_BIN) return env.PGBOUNCER_BIN;
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  const probe = spawnSync('pgbouncer', ['--version'], { stdio: 'ignore' });
  return probe.status === 0 ? 'pgbouncer' : undefined;
}

/** pgbouncer.ini for transaction pooling of every database on `server`. */
function pgbouncerConfig({ port, dir, server, poolSize, maxClientConnections }) {
  return `[databases]
* = host=${server.host} port=${server.port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir = ${dir}
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = ${maxClientConnections}
auth_type = trust
auth_file = ${path.join(dir, 'userlist.txt')}
admin_users = ${server.user}
; node-postgres sends none of these today; other clients (psql, JDBC) do
ignore_startup_parameters = extra_float_digits,options
server_reset_query =
log_connections = 0
log_disconnections = 0
`;
}

function waitForPort(port, child, timeoutMs, log) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`pgbouncer exited:\n${log()}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve()));
      socket.once('error', () => {
        if (Date.now() > deadline)
          return reject(new Error(`pgbouncer not listening on ${port}:\n${log()}`));
        setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

async function launchPgbouncer(options = {}) {
  const env = options.env ?? process.env;
  const binary = findPgbouncer(env);
  if (!binary)
    throw new Error("PgBouncer is not installed: apt-get install -y pgbouncer (Debian's package)");
  const server = {
    host: options.server?.host ?? '127.0.0.1',
    port: options.server?.port ?? 5432,
    user: options.server?.user ?? 'postgres',
  };
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'promatch-pgbouncer-'));
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  writeFileSync(path.join(dir, 'userlist.txt'), `"${server.user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    pgbouncerConfig({
      port,
      dir,
      server,
      poolSize: options.poolSize ?? 10,
      maxClientConnections: options.maxClientConnections ?? 4000,
    }),
  );
  if (asRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
    for (const name of ['', 'userlist.txt', 'pgbouncer.ini'])
      chownSync(path.join(dir, name), id('-u'), id('-g'));
  }
  let log = '';
  const child = spawn(
    binary,
    [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    await stopChild(child, 'SIGINT', 3000);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, 10_000, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    child,
    /** A connection string for a database through the pooler. */
    url: (database) => `postgres://${server.user}@127.0.0.1:${port}/${database}`,
    log: () => log,
    stop,
  };
}

module.exports = { launchPgbouncer, findPgbouncer, pgbouncerConfig };
