import pg from 'pg';

/**
 * node-postgres internals this file relies on: the extended-protocol steps of `pg.Query` and the
 * message handlers the client calls on the active query (the documented "Submittable" surface
 * that pg-cursor and pg-query-stream use as well).
 */
interface Connection {
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: {
    portal: string;
    statement: string;
    values: unknown[];
    valueMapper: unknown;
  }): void;
  execute(config: { portal: string; rows?: number }): void;
}
interface QueryInternals {
  prepare(connection: Connection): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
}

const prepareValue = (pg as unknown as { utils?: { prepareValue?: unknown } }).utils?.prepareValue;

/**
 * Sends `setup` and the query in one write and one Sync: PostgreSQL runs messages before a Sync
 * as one implicit transaction, so `set_config(..., true)` from the setup holds for the query and
 * is gone afterwards, and an error in either rolls both back. Four round trips (begin, setup,
 * query, commit) become one. The setup's own rows and completion are swallowed.
 */
class SetupThenQuery extends pg.Query {
  private setupDone = false;

  constructor(
    private readonly setupSql: string,
    private readonly setupParams: unknown[],
    text: string,
    values: unknown[],
    callback: (error: Error | undefined, result: pg.ResultBuilder) => void,
  ) {
    // Extended mode always: without parameters pg would send a simple query and skip prepare(),
    // so the setup (role, claims) would never run.
    const config: pg.QueryConfig & { queryMode: 'extended' } = {
      text,
      values,
      queryMode: 'extended',
    };
    super(config, undefined, callback);
  }

  // Overrides pg.Query's steps: setup Parse/Bind/Execute (no Describe, no Sync), then the query's.
  prepare(connection: Connection): void {
    connection.parse({ text: this.setupSql, name: '', types: [] });
    connection.bind({
      portal: '',
      statement: '',
      values: this.setupParams,
      valueMapper: prepareValue,
    });
    connection.execute({ portal: '' });
    (pg.Query.prototype as unknown as QueryInternals).prepare.call(this, connection);
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

/** Runs setup + query on `client` as one implicit transaction (see SetupThenQuery). */
export function setupThenQuery(
  client: pg.PoolClient,
  setup: { sql: string; params: unknown[] },
  sql: string,
  params: unknown[],
): Promise<pg.ResultBuilder> {
  return new Promise((resolve, reject) => {
    const query = new SetupThenQuery(setup.sql, setup.params, sql, params, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    // A Submittable: the client queues it and calls submit(); no promise of its own.
    void client.query(query as unknown as pg.QueryConfig);
  });
}
