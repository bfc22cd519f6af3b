/** The result of one SQL statement. */
export interface QueryResult<Row> {
  rows: Row[];
  /** Rows affected by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows: number;
  /** Column names and Postgres type OIDs, in result order. */
  fields: { name: string; dataTypeID: number }[];
}

/** Anything that runs parameterised SQL ($1, $2, ...). Parameters are never interpolated. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

/** A connection inside BEGIN ... COMMIT. `exec` runs a multi-statement script (simple protocol, no parameters). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  readOnly?: boolean;
}

/**
 * The database, PGlite or PostgreSQL. Plain `query` runs as the session user (superuser `postgres`
 * on PGlite, the DATABASE_URL user on PostgreSQL) in autocommit mode: use it only for trusted
 * server-side work (migrations, auth tables). Requests on behalf of a caller go through
 * `transaction` and set their role with `set_config('role', ..., true)` inside it.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a multi-statement script in autocommit mode (trusted SQL only: migrations). */
  exec(sql: string): Promise<void>;
  /** BEGIN ... COMMIT around `work`; ROLLBACK when it throws (the error is rethrown). */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Optional fast path (PostgreSQL and PGlite): `setup` then `sql` sent together and run as one implicit
   * transaction, one round trip instead of begin/setup/query/commit. Local settings made by
   * `setup` hold for `sql` only; an error in either rolls both back. Values may come back as
   * text (PGlite): select JSON text, as the REST gateway does, and parse it yourself.
   */
  setupThenQuery?<Row = Record<string, unknown>>(
    setup: { sql: string; params: unknown[] },
    sql: string,
    params: unknown[],
  ): Promise<QueryResult<Row>>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Sets the application_name of the LISTEN connection, now and each time it is opened again, so
   * any session of the database can tell from pg_stat_activity whether this process still holds
   * it: a killed process's connections end within milliseconds. PostgreSQL only.
   */
  nameListenConnection?(name: string): Promise<void>;
  /**
   * Called each time listening resumes after the connection was lost (a PostgreSQL restart):
   * notifications sent in between were missed. PGlite never loses it.
   */
  onListenResumed?(callback: () => void): void;
  /**
   * Plain queries on `connections` connections of their own, for work that must not wait behind
   * requests queued for the shared pool (realtime's checks of changes while hundreds of clients
   * reconnect and join). PostgreSQL only: PGlite has one connection for everything.
   */
  reserved?(connections: number): Queryable;
  close(): Promise<void>;
}
