import pg from 'pg';

/**
 * node-postgres internals this file relies on: the extended-protocol steps of `pg.Query` and the
 * message handlers the client calls on the active query (the documented "Submittable" surface
 * that pg-cursor and pg-query-stream use as well).
 */
interface Connection {
  parse(config: { text: string; name: string; types: unknown[] }): void;
  close(config: { type: 'S'; name: string }): void;
  bind(config: {
    portal: string;
    statement: string;
    values: unknown[];
    valueMapper: unknown;
  }): void;
  execute(config: { portal: string; rows?: number }): void;
  describe(config: { type: 'P'; name: string }): void;
  sync(): void;
}
interface QueryInternals {
  handleError(error: Error, connection: Connection): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
}

const prepareValue = (pg as unknown as { utils?: { prepareValue?: unknown } }).utils?.prepareValue;

/**
 * Named prepared statements on one connection, keyed by SQL text, as PostgREST keeps them
 * (db-prepared-statements): PostgreSQL parses, analyses and plans the gateway's statements once
 * per connection instead of on every request, which is most of its CPU time for a select by id.
 * The plan cache revalidates on DDL, on a different role under RLS and on a different
 * search_path, so a cached statement answers exactly as a freshly parsed one. At most `limit`
 * statements are kept; the least recently used is closed on the connection's next use.
 */
class StatementCache {
  private readonly names = new Map<string, string>();
  private readonly closing: string[] = [];
  private counter = 0;

  constructor(private readonly limit: number) {}

  /** The statement's name, and whether it still has to be parsed on the connection. */
  lookup(sql: string): { name: string; parse: boolean } {
    const existing = this.names.get(sql);
    if (existing !== undefined) {
      // Most recently used last.
      this.names.delete(sql);
      this.names.set(sql, existing);
      return { name: existing, parse: false };
    }
    this.counter += 1;
    const name = `promatch_${this.counter}`;
    this.names.set(sql, name);
    if (this.names.size > this.limit) {
      const [oldestSql, oldestName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldestSql);
      this.closing.push(oldestName);
    }
    return { name, parse: true };
  }

  /**
   * After an error nothing after the failing message ran, so a statement parsed in that round
   * trip may or may not exist: forget it and close it (closing a missing name is no error).
   */
  forget(sql: string): void {
    const name = this.names.get(sql);
    if (name === undefined) return;
    this.names.delete(sql);
    this.closing.push(name);
  }

  /** Close messages for evicted and forgotten statements, sent ahead of the next Parse/Bind. */
  flushCloses(connection: Connection): void {
    for (const name of this.closing.splice(0)) connection.close({ type: 'S', name });
  }
}

/** Statements kept per connection: far more than the query shapes an app sends. */
const statementsPerConnection = 100;
const caches = new WeakMap<Connection, StatementCache>();

function cacheFor(connection: Connection): StatementCache {
  let cache = caches.get(connection);
  if (!cache) {
    cache = new StatementCache(statementsPerConnection);
    caches.set(connection, cache);
  }
  return cache;
}

/**
 * Sends `setup` and the query in one write and one Sync: PostgreSQL runs messages before a Sync
 * as one implicit transaction, so `set_config(..., true)` from the setup holds for the query and
 * is gone afterwards, and an error in either rolls both back. Four round trips (begin, setup,
 * query, commit) become one. The setup's own rows and completion are swallowed. Both statements
 * are named prepared statements (see StatementCache); pg's own named-statement bookkeeping is
 * not used, since it expects one Parse per query.
 */
class SetupThenQuery extends pg.Query {
  private setupDone = false;
  private cache: StatementCache | undefined;

  constructor(
    private readonly setupSql: string,
    private readonly setupParams: unknown[],
    private readonly sql: string,
    private readonly params: unknown[],
    private readonly named: boolean,
    callback: (error: Error | undefined, result: pg.ResultBuilder) => void,
  ) {
    // The text, not a config object: pg copies a config object property by property (with its
    // descriptors) before reading it, a measurable part of a short request's driver time.
    super(sql, params, callback);
    // Extended mode always: without parameters pg would send a simple query and skip prepare(),
    // so the setup (role, claims) would never run.
    (this as unknown as { queryMode: string }).queryMode = 'extended';
  }

  private run(connection: Connection, sql: string, values: unknown[]): void {
    if (!this.named) {
      // The unnamed statement: parsed for this Bind alone, gone with the next Parse.
      connection.parse({ text: sql, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values, valueMapper: prepareValue });
      return;
    }
    const statement = this.cache!.lookup(sql);
    if (statement.parse) connection.parse({ text: sql, name: statement.name, types: [] });
    connection.bind({
      portal: '',
      statement: statement.name,
      values,
      valueMapper: prepareValue,
    });
  }

  // Replaces pg.Query's steps (pg corks the socket around this, so it is one write):
  // setup Bind/Execute, then the query's Bind/Describe/Execute and the Sync, each with a Parse
  // the first time the connection sees the statement.
  prepare(connection: Connection): void {
    this.cache = cacheFor(connection);
    this.cache.flushCloses(connection);
    this.run(connection, this.setupSql, this.setupParams);
    connection.execute({ portal: '' });
    this.run(connection, this.sql, this.params);
    connection.describe({ type: 'P', name: '' });
    connection.execute({ portal: '' });
    connection.sync();
  }

  handleError(error: Error, connection: Connection): void {
    this.cache?.forget(this.setupSql);
    this.cache?.forget(this.sql);
    (pg.Query.prototype as unknown as QueryInternals).handleError.call(this, error, connection);
  }

  handleDataRow(message: unknown): void {
    if (!this.setupDone) return;
    (pg.Query.prototype as unknown as QueryInternals).handleDataRow.call(this, message);
  }

  handleCommandComplete(message: unknown, connection: Connection): void {
    if (!this.setupDone) {
      this.setupDone = true;
      return;
    }
    (pg.Query.prototype as unknown as QueryInternals).handleCommandComplete.call(
      this,
      message,
      connection,
    );
  }
}

/**
 * Runs setup + query on `client` as one implicit transaction (see SetupThenQuery). `named`
 * false parses both every time as the unnamed statement, which is what a pooler in transaction
 * mode needs: nothing prepared outlives the round trip.
 */
export function setupThenQuery(
  client: pg.PoolClient,
  setup: { sql: string; params: unknown[] },
  sql: string,
  params: unknown[],
  named = true,
): Promise<pg.ResultBuilder> {
  return new Promise((resolve, reject) => {
    const query = new SetupThenQuery(
      setup.sql,
      setup.params,
      sql,
      params,
      named,
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // A Submittable: the client queues it and calls submit(); no promise of its own.
    void client.query(query as unknown as pg.QueryConfig);
  });
}
