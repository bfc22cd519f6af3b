import pg from 'pg';
import { setupThenQuery } from './pg-pipelined.ts';
import type { Db, QueryResult, Transaction } from './types.ts';

type Client = Pick<pg.PoolClient | pg.Pool, 'query'>;

function wrap(client: Client): Transaction {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await client.query(sql, params);
      return {
        rows: result.rows as Row[],
        affectedRows: result.rowCount ?? 0,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** Names this session in pg_stat_activity (for the rest of the session, not one transaction). */
const setApplicationName = "select set_config('application_name', $1, false)";

/** Identifier quoting for LISTEN/UNLISTEN, which take no bind parameters. */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface PostgresOptions {
  /**
   * Where the LISTEN connection goes (DATABASE_DIRECT_URL): a pooler in transaction mode hands
   * the next transaction's server connection to someone else, and notifications with it.
   * Default: the pool's own URL.
   */
  listenUrl?: string;
  /**
   * Keep the REST gateway's statements prepared per connection (default true). Off behind a
   * pooler in transaction mode: the next request may run on a server connection that never saw
   * the statement, or that holds another client's statement under the same name.
   */
  namedStatements?: boolean;
  /** Connections in the pool (default 10). */
  max?: number;
  /** Give up opening a connection after this long (default: wait as long as it takes). */
  connectTimeoutMs?: number;
}

/** PostgreSQL through a pool: the server keeps no state of its own, so instances scale out. */
export async function openPostgres(
  databaseUrl: string,
  options: PostgresOptions = {},
): Promise<Db> {
  /** A pool whose idle client erroring (a server restart) is logged, never crashes the process. */
  const newPool = (connectionString: string, max: number, label: string, timeoutMs = 0) => {
    const created = new pg.Pool({ connectionString, max, connectionTimeoutMillis: timeoutMs });
    created.on('error', (error) => console.error(`[db] idle ${label} error:`, error.message));
    return created;
  };
  const connectTimeoutMs = options.connectTimeoutMs ?? 0;
  const pool = newPool(databaseUrl, options.max ?? 10, 'client', connectTimeoutMs);
  const namedStatements = options.namedStatements ?? true;
  await pool.query('select 1');
  const separateListenPool =
    options.listenUrl !== undefined && options.listenUrl !== databaseUrl
      ? newPool(options.listenUrl, 1, 'listen client')
      : undefined;
  const listenPool = separateListenPool ?? pool;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const resumed = new Set<() => void>();
  let listenClient: pg.PoolClient | undefined;
  let listenName: string | undefined;
  let connecting: Promise<pg.PoolClient> | undefined;
  let closed = false;

  /**
   * One connection holds every LISTEN. When it is lost (PostgreSQL restarted or the connection
   * killed) it is opened again with back-off, every channel is listened to again, and the
   * onListenResumed callbacks learn that notifications may have been missed.
   */
  function listenConnection(): Promise<pg.PoolClient> {
    if (listenClient) return Promise.resolve(listenClient);
    connecting ??= (async () => {
      const client = await listenPool.connect();
      client.on('notification', (message) => {
        for (const callback of listeners.get(message.channel) ?? [])
          callback(message.payload ?? '');
      });
      let lost = false;
      const onLost = (error?: Error) => {
        // close() releases the client itself; its 'end' event is no loss
        if (lost || closed) return;
        lost = true;
        if (listenClient === client) listenClient = undefined;
        client.release(error ?? true);
        console.error(
          `[db] listen connection lost${error ? `: ${error.message}` : ''}; reconnecting`,
        );
        reconnect(100);
      };
      client.on('error', onLost);
      client.on('end', () => onLost());
      try {
        if (listenName !== undefined) await client.query(setApplicationName, [listenName]);
        for (const channel of listeners.keys()) await client.query(`listen ${quoteIdent(channel)}`);
      } catch (error) {
        onLost(error as Error);
        throw error;
      }
      listenClient = client;
      return client;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function reconnect(delayMs: number) {
    const timer = setTimeout(() => {
      if (closed) return;
      listenConnection()
        .then(() => {
          console.log('[db] listening again');
          for (const callback of resumed) callback();
        })
        .catch(() => reconnect(Math.min(delayMs * 2, 5_000)));
    }, delayMs);
    timer.unref();
  }

  /**
   * LISTEN and UNLISTEN go to the one listen connection one at a time: callers starting up
   * together would otherwise queue commands on a client still running one, which pg deprecates
   * (and pg 9 refuses).
   */
  let listenCommands: Promise<unknown> = Promise.resolve();
  function onListenConnection(
    client: pg.PoolClient,
    sql: string,
    params: unknown[] = [],
  ): Promise<unknown> {
    const command = listenCommands.then(() => client.query(sql, params));
    listenCommands = command.catch(() => undefined);
    return command;
  }

  const direct = wrap(pool);
  const reservedPools: pg.Pool[] = [];
  return {
    kind: 'postgres',
    query: (sql, params) => direct.query(sql, params),
    exec: (sql) => direct.exec(sql),
    async transaction(work, options) {
      const client = await pool.connect();
      try {
        await client.query(options?.readOnly ? 'begin read only' : 'begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async setupThenQuery<Row>(
      setup: { sql: string; params: unknown[] },
      sql: string,
      params: unknown[],
    ) {
      const client = await pool.connect();
      try {
        const result = await setupThenQuery(client, setup, sql, params, namedStatements).catch(
          (error: unknown) => {
            // A prepared statement dropped behind our back (DEALLOCATE/DISCARD on this
            // connection): it is forgotten now, so a second try parses it afresh.
            if ((error as { code?: string }).code !== '26000') throw error;
            return setupThenQuery(client, setup, sql, params, namedStatements);
          },
        );
        return {
          rows: result.rows as Row[],
          affectedRows: result.rowCount ?? 0,
          fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        };
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = await listenConnection();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await onListenConnection(client, `listen ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await onListenConnection(client, `unlisten ${quoteIdent(channel)}`);
        }
      };
    },
    async nameListenConnection(name) {
      listenName = name;
      const client = await listenConnection();
      await onListenConnection(client, setApplicationName, [name]);
    },
    onListenResumed(callback) {
      resumed.add(callback);
    },
    reserved(connections) {
      const own = newPool(databaseUrl, connections, 'reserved client', connectTimeoutMs);
      reservedPools.push(own);
      return wrap(own);
    },
    async close() {
      closed = true;
      listenClient?.release();
      listenClient = undefined;
      await separateListenPool?.end();
      await Promise.all(reservedPools.map((own) => own.end()));
      await pool.end();
    },
  };
}
