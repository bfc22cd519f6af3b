import type { Db, Queryable } from '../db/types.ts';
import type { Caller } from '../http/caller.ts';
import { PgrstError } from './errors.ts';
import type { PlanFormat } from './parse/media.ts';
import type { ResultRow } from './sql/statement.ts';

export interface Plan {
  sql: string | undefined;
  params: unknown[];
  readOnly: boolean;
  /** A bare mutation (return=minimal): no RETURNING, so no SELECT policy applies; count = affected rows. */
  bare: boolean;
  singular: boolean;
  countRequested: boolean;
  rollback: boolean;
  maxAffected: number | undefined;
  /** Prefer: count=planned|estimated: the rows the planner expects from this query (EXPLAIN). */
  estimate?: { sql: string; params: unknown[]; mode: 'planned' | 'estimated' };
}

/** Above this many rows count=estimated reports the planner's estimate (hosted max-rows). */
export const ESTIMATED_COUNT_THRESHOLD = 1000;

/** The planner's row estimate for `estimate.sql`, from EXPLAIN (FORMAT JSON). */
async function plannedRows(tx: Queryable, estimate: NonNullable<Plan['estimate']>) {
  const result = await tx.query<Record<string, unknown>>(
    `explain (format json) ${estimate.sql}`,
    estimate.params,
  );
  const raw = Object.values(result.rows[0] ?? {})[0];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: { 'Plan Rows': number };
  }[];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

async function applyEstimate(tx: Queryable, plan: Plan, outcome: Outcome): Promise<Outcome> {
  const { estimate } = plan;
  if (!estimate) return outcome;
  if (estimate.mode === 'estimated' && (outcome.total ?? 0) <= ESTIMATED_COUNT_THRESHOLD)
    return outcome;
  return { ...outcome, total: await plannedRows(tx, estimate) };
}

export interface Outcome {
  total: number | undefined;
  pageTotal: number;
  body: string | null;
  /** Rows an upsert inserted (not merged), when the statement reports it. */
  inserted?: number;
}

export interface RequestInfo {
  method: string;
  path: string;
  /** The request's headers as JSON, for `request.headers` (forwardedHeadersJson). */
  headersJson: string;
  searchPath: string;
  /** The db-pre-request function (quoted, schema-qualified), called after the setup. */
  preRequest?: string;
  /** The caller's role's statement timeout (role-timeouts.ts); the server's when undefined. */
  statementTimeout?: string;
}

// One statement sets everything PostgREST sets, transaction-local so nothing leaks to the next
// request, and refuses a token whose session has ended (backend/sql/bootstrap/040_live_sessions.sql).
// The statement timeout starts with the next statement: the request's own query.
const setupSql = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true), set_config('request.path', $4, true),
  set_config('request.headers', $5, true), set_config('search_path', $6, true),
  set_config('statement_timeout', coalesce($8::text, current_setting('statement_timeout')), true),
  auth.require_live_session($7)`;

// The same, for the one-round-trip path: read only from the first statement on, since there is
// no `begin read only` (see Db.setupThenQuery).
const readOnlySetupSql = setupSql.replace(
  'select ',
  "select set_config('transaction_read_only', 'on', true), ",
);

// The setup statements with the pre-request function called last, in the same statement (after
// role and claims are set, as PostgREST calls it), so it costs no extra round trip. Exported for
// the benchmark's hand-written reference server (bench/lib/rest-reference-server.ts), which sends
// the same statement.
const withPreRequest = new Map<string, { full: string; readOnly: string }>();
export function setupStatements(preRequest: string | undefined) {
  if (preRequest === undefined) return { full: setupSql, readOnly: readOnlySetupSql };
  let statements = withPreRequest.get(preRequest);
  if (statements === undefined) {
    statements = {
      full: `${setupSql}, ${preRequest}()`,
      readOnly: `${readOnlySetupSql}, ${preRequest}()`,
    };
    withPreRequest.set(preRequest, statements);
  }
  return statements;
}

class RollbackRequested extends Error {
  constructor(readonly outcome: Outcome) {
    super('tx=rollback');
  }
}

const toNumber = (value: string | number | null | undefined) =>
  value === null || value === undefined ? undefined : Number(value);

function check(plan: Plan, outcome: Outcome) {
  if (plan.singular && outcome.pageTotal !== 1) {
    throw new PgrstError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${outcome.pageTotal} rows`,
    );
  }
  if (plan.maxAffected !== undefined && outcome.pageTotal > plan.maxAffected) {
    throw new PgrstError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${outcome.pageTotal} rows`,
    );
  }
}

function toOutcome(plan: Plan, row: ResultRow | undefined, affectedRows: number): Outcome {
  if (plan.bare) {
    return {
      total: plan.countRequested ? affectedRows : undefined,
      pageTotal: affectedRows,
      body: null,
    };
  }
  return {
    total: toNumber(row?.total),
    pageTotal: toNumber(row?.page_total) ?? 0,
    body: row?.body ?? null,
    inserted: toNumber(row?.inserted),
  };
}

// The claims of a verified token as JSON: the caller cache hands back the same object per token.
const claimsJson = new WeakMap<object, string>();
function claimsText(claims: Caller['claims']): string {
  let text = claimsJson.get(claims);
  if (text === undefined) {
    text = JSON.stringify(claims);
    claimsJson.set(claims, text);
  }
  return text;
}

/**
 * Whether the plan can run as setup + statement in one round trip (Db.setupThenQuery), which
 * commits when the statement succeeds. A read always can; a write only when nothing checked
 * after the statement can still refuse it: a singular Accept (exactly one row) and
 * max-affected refuse a write whose row count is wrong, and tx=rollback and a planned count
 * need the transaction open after the statement, so those keep begin / setup / statement /
 * commit.
 */
function oneRoundTrip(plan: Plan): boolean {
  if (plan.rollback || plan.estimate) return false;
  return plan.readOnly || (!plan.singular && plan.maxAffected === undefined);
}

const setupParamsFor = (caller: Caller, info: RequestInfo) => [
  caller.role,
  claimsText(caller.claims),
  info.method,
  info.path,
  info.headersJson,
  info.searchPath,
  typeof caller.claims.session_id === 'string' ? caller.claims.session_id : null,
  info.statementTimeout ?? null,
];

class PlanRead extends Error {
  constructor(readonly rows: { 'QUERY PLAN': unknown }[]) {
    super('plan read');
  }
}

/**
 * The statement's EXPLAIN, run as the caller's role with the same setup as the statement itself
 * (so row-level security shapes the plan as it shapes the rows). The transaction always rolls
 * back: with `analyze` PostgreSQL really runs the statement, and a plan request must not write.
 */
export async function explain(
  db: Db,
  caller: Caller,
  info: RequestInfo,
  plan: Plan,
  format: PlanFormat,
): Promise<string> {
  if (plan.sql === undefined) throw new PgrstError(400, 'PGRST100', 'Nothing to explain');
  const options = [`format ${format.json ? 'json' : 'text'}`, ...format.options];
  const statement = `explain (${options.join(', ')}) ${plan.sql}`;
  const setup = setupStatements(info.preRequest);
  try {
    await db.transaction(async (tx) => {
      // Hosted Supabase loads pg_stat_statements, so a verbose plan names its query identifier;
      // the identifier is computed here for this transaction alone (set before the role changes).
      if (format.options.includes('verbose'))
        await tx.query(`select set_config('compute_query_id', 'on', true)`);
      await tx.query(setup.full, setupParamsFor(caller, info));
      const result = await tx.query<{ 'QUERY PLAN': unknown }>(statement, plan.params);
      throw new PlanRead(result.rows);
    });
  } catch (error) {
    if (!(error instanceof PlanRead)) throw error;
    const lines = error.rows.map((row) => row['QUERY PLAN']);
    if (!format.json) return lines.join('\n');
    const document = lines[0];
    return typeof document === 'string' ? document : JSON.stringify(document);
  }
  throw new Error('unreachable: the plan transaction always rolls back');
}

/** Runs a plan in one transaction as the caller's role; errors and Prefer: tx=rollback roll back. */
export async function execute(
  db: Db,
  caller: Caller,
  info: RequestInfo,
  plan: Plan,
): Promise<Outcome> {
  const { sql } = plan;
  if (sql === undefined)
    return { total: plan.countRequested ? 0 : undefined, pageTotal: 0, body: '[]' };
  const setupParams = setupParamsFor(caller, info);
  const setup = setupStatements(info.preRequest);
  if (oneRoundTrip(plan) && db.setupThenQuery) {
    const result = await db.setupThenQuery<ResultRow>(
      { sql: plan.readOnly ? setup.readOnly : setup.full, params: setupParams },
      sql,
      plan.params,
    );
    const outcome = toOutcome(plan, result.rows[0], result.affectedRows);
    check(plan, outcome);
    return outcome;
  }
  try {
    return await db.transaction(
      async (tx) => {
        await tx.query(setup.full, setupParams);
        const result = await tx.query<ResultRow>(sql, plan.params);
        const outcome = await applyEstimate(
          tx,
          plan,
          toOutcome(plan, result.rows[0], result.affectedRows),
        );
        check(plan, outcome);
        if (plan.rollback) throw new RollbackRequested(outcome);
        return outcome;
      },
      { readOnly: plan.readOnly },
    );
  } catch (error) {
    if (error instanceof RollbackRequested) return error.outcome;
    throw error;
  }
}
