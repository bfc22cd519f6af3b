import { MalformedInputError, type MalformedAnswer } from '../http/input.ts';

/** PostgREST's error body: every error from /rest/v1 has exactly these four keys. */
export interface PgrstErrorBody {
  code: string;
  /** A string, except PGRST201's list of candidate relationships. */
  details: unknown;
  hint: string | null;
  message: string;
}

/** A coded gateway error; only the HTTP edge turns it into a response. */
export class PgrstError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  body(): PgrstErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const badRequest = (message: string, details: string | null = null) =>
  new PgrstError(400, 'PGRST100', message, details);

export const parseError = (what: string, input: string) =>
  new PgrstError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${input})"`,
    `unexpected input: ${input}`,
  );

export const columnNotFound = (column: string, table: string) =>
  new PgrstError(400, '42703', `column ${table}.${column} does not exist`);

export const payloadColumnNotFound = (column: string, table: string) =>
  new PgrstError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );

export const tableNotFound = (schema: string, table: string) =>
  new PgrstError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${table}' in the schema cache`,
  );

interface DbErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** PostgREST's SQLSTATE -> HTTP status mapping (errors.rst). */
export function statusForSqlState(code: string, authenticated: boolean): number {
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '25006') return 405;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  // 57014 (a statement timeout or cancel) falls under PostgREST's 57* "operator intervention": 500.
  if (code.startsWith('57')) return 500;
  if (code === 'P0001') return 400;
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  if (code.startsWith('XX') || code === '58000') return 500;
  return 400;
}

const malformedCodes = {
  invalid_json: 'PGRST102',
  invalid_path: 'PGRST100',
  too_large: 'PGRST413',
};

function fromMalformed(error: MalformedInputError): PgrstError {
  const code = malformedCodes[error.kind];
  // PostgREST's own words for a bad body; what exactly failed goes in details.
  if (error.kind === 'invalid_json')
    return new PgrstError(error.status, code, 'Empty or invalid json', error.message);
  return new PgrstError(error.status, code, error.message);
}

/** /rest/v1's answer to malformed input, in PostgREST's error shape. */
export const malformedRest: MalformedAnswer = (error) => {
  const pgrst = fromMalformed(error);
  return { status: pgrst.status, body: pgrst.body() };
};

// The database went away (restart, shutdown, network): node's socket errors, and the SQLSTATEs a
// server sends to the sessions it terminates. PostgREST answers these 503 (PGRST000/PGRST001),
// so clients retry instead of treating the request as wrong.
const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const connectionLost = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);

function databaseUnavailable(e: DbErrorLike): PgrstError | undefined {
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (unreachable.has(code))
    return new PgrstError(
      503,
      'PGRST000',
      'Could not connect with the database due to an incorrect db-uri or the PostgreSQL service not running.',
      message || null,
    );
  if (connectionLost.has(code) || /^Connection terminated/i.test(message))
    return new PgrstError(
      503,
      'PGRST001',
      'Could not connect with the database due to an internal error.',
      message || null,
    );
  return undefined;
}

/** Turns anything thrown during a request into PostgREST's status and body. */
export function toPgrstError(error: unknown, authenticated: boolean): PgrstError {
  if (error instanceof PgrstError) return error;
  if (error instanceof MalformedInputError) return fromMalformed(error);
  const e = (error ?? {}) as DbErrorLike;
  const unavailable = databaseUnavailable(e);
  if (unavailable) return unavailable;
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    const status = statusForSqlState(e.code, authenticated);
    return new PgrstError(
      status,
      e.code,
      typeof e.message === 'string' ? e.message : 'database error',
      typeof e.detail === 'string' ? e.detail : null,
      typeof e.hint === 'string' ? e.hint : null,
    );
  }
  console.error('[rest] unexpected error:', error);
  return new PgrstError(500, 'PGRST000', 'Internal server error');
}
