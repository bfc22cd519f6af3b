/**
 * A streaming read replica of the local PostgreSQL on this machine, for `npm run start:cluster --
 * --replica`, the replica test and the benches: pg_basebackup copies the primary's cluster into a
 * new temporary folder (`-R` writes standby.signal and primary_conninfo), and a second postgres
 * serves it read-only on another port, replaying the primary's WAL as it streams in. stop() stops
 * that postgres and removes the folder; nothing is left on the primary (the base backup's
 * replication slot is temporary, and the standby streams without a slot: see
 * docs/scaling.md for why a deployment would use one).
 *
 * PostgreSQL refuses to run as root, so when this runs as root the commands run as the `postgres`
 * OS user (runuser), which owns the folder.
 *
 * CommonJS for the same reason as launch-backend.cjs. Types are in launch-replica.d.cts.
 */
const { spawnSync } = require('node:child_process');
const {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { freePort } = require('./launch-backend.cjs');

/**
 * The folder holding pg_basebackup, pg_ctl and postgres: PG_BINDIR, else the newest Debian
 * /usr/lib/postgresql/<major>/bin that has all three, else undefined.
 */
function findPgBinDir(env = process.env) {
  const has = (dir) =>
    ['pg_basebackup', 'pg_ctl', 'postgres', 'psql'].every((name) =>
      existsSync(path.join(dir, name)),
    );
  if (env.PG_BINDIR) return has(env.PG_BINDIR) ? env.PG_BINDIR : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const dir = path.join(root, major, 'bin');
    if (has(dir)) return dir;
  }
  return undefined;
}

/** The OS user the PostgreSQL commands run as: `postgres` when we are root, else ourselves. */
function osUser() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const probe = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (probe.status !== 0) throw new Error('running as root, but there is no `postgres` OS user');
  const uid = Number(probe.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { name: 'postgres', uid, gid };
}

function run(user, command, args, what) {
  const [file, argv] = user
    ? ['runuser', ['-u', user.name, '--', command, ...args]]
    : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 600_000 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`${what} failed (${result.status ?? result.signal}): ${output}`);
  }
  return result.stdout;
}

/** The settings a hot standby must not set lower than its primary, read from the primary. */
function primarySettings(user, binDir, primary) {
  const names = [
    'max_connections',
    'max_worker_processes',
    'max_wal_senders',
    'max_prepared_transactions',
    'max_locks_per_transaction',
  ];
  const output = run(
    user,
    path.join(binDir, 'psql'),
    [
      '-h',
      primary.host,
      '-p',
      String(primary.port),
      '-U',
      primary.user,
      '-d',
      'postgres',
      '-Atc',
      `select name || ' = ' || setting from pg_settings where name in (${names.map((n) => `'${n}'`).join(', ')})`,
    ],
    'reading the primary settings',
  );
  return output.split('\n').filter((line) => line.includes(' = '));
}

/**
 * Copies the primary (host/port/user from `primary`, default 127.0.0.1:5432 as postgres) and
 * starts the copy as a hot standby on `port` (default a free one). Resolves once it accepts
 * read-only connections.
 */
async function launchReplica(options = {}) {
  const env = options.env ?? process.env;
  const binDir = findPgBinDir(env);
  if (!binDir) {
    throw new Error(
      "PostgreSQL's server binaries were not found (pg_basebackup, pg_ctl, postgres): apt-get install -y postgresql, or set PG_BINDIR",
    );
  }
  const primary = {
    host: options.primary?.host ?? '127.0.0.1',
    port: options.primary?.port ?? 5432,
    user: options.primary?.user ?? 'postgres',
  };
  const user = osUser();
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(options.parentDir ?? os.tmpdir(), 'promatch-replica-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      try {
        run(
          user,
          path.join(binDir, 'pg_ctl'),
          ['-D', dataDir, '-m', 'fast', '-w', 'stop'],
          'pg_ctl stop',
        );
      } catch (error) {
        console.error(`[replica] ${error instanceof Error ? error.message : error}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const backupStarted = Date.now();
    // -X stream: the WAL written during the copy comes along (on a temporary slot), so the copy is
    // consistent; -R: the copy starts as a standby of this primary; -c fast: checkpoint at once.
    // A copy cut off midway (its connection terminated on a busy shared server) is tried once
    // more; pg_basebackup removes what it had written.
    const backupArgs = [
      '-h',
      primary.host,
      '-p',
      String(primary.port),
      '-U',
      primary.user,
      '-D',
      dataDir,
      '-X',
      'stream',
      '-R',
      '-c',
      'fast',
      '--no-sync',
    ];
    for (let attempt = 1; ; attempt += 1) {
      try {
        run(user, path.join(binDir, 'pg_basebackup'), backupArgs, 'pg_basebackup');
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
        console.error(`[replica] ${error instanceof Error ? error.message : error}; trying again`);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const backupMs = Date.now() - backupStarted;
    // A Debian cluster keeps its configuration in /etc, so the copy has none of its own: the
    // standby's settings are written here (postgresql.auto.conf from -R adds primary_conninfo).
    const conf = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      // The primary keeps rows a running replica query still reads, instead of the replica
      // cancelling that query when replay removes them.
      'hot_standby_feedback = on',
      // A hot standby needs these at least as high as the primary's; the same values are taken.
      ...primarySettings(user, binDir, primary),
      `shared_buffers = '${options.sharedBuffers ?? '128MB'}'`,
      'logging_collector = off',
      ...(options.settings ?? []),
    ];
    writeFileSync(path.join(dataDir, 'postgresql.conf'), `${conf.join('\n')}\n`);
    writeFileSync(
      path.join(dataDir, 'pg_hba.conf'),
      'local all all trust\nhost all all 127.0.0.1/32 trust\n',
    );
    writeFileSync(path.join(dataDir, 'pg_ident.conf'), '');
    if (user) {
      for (const name of ['postgresql.conf', 'pg_hba.conf', 'pg_ident.conf'])
        chownSync(path.join(dataDir, name), user.uid, user.gid);
    }
    started = true;
    try {
      run(
        user,
        path.join(binDir, 'pg_ctl'),
        ['-D', dataDir, '-l', logFile, '-w', '-t', '120', 'start'],
        'pg_ctl start',
      );
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
      throw new Error(`${error instanceof Error ? error.message : error}\n${log}`, {
        cause: error,
      });
    }
    return {
      port,
      dir,
      dataDir,
      backupMs,
      /** A connection string for a database on the replica (as the primary's user). */
      url: (database) => `postgres://${primary.user}@127.0.0.1:${port}/${database}`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { launchReplica, findPgBinDir };
