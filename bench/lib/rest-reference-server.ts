/**
 * The REST gateway's physical limit: a hand-written server for the three request shapes of
 * bench/rest-gateway-limit.ts and nothing else. node:http, jose (the JWT library the backend
 * verifies with) and the backend's own database driver call (backend/src/db: on PostgreSQL a
 * pg.Pool of 10 and the same one-round-trip pipelined read; on PGlite the same in-process PGlite
 * and mutex). No framework, no query parsing beyond the three parameters each shape needs.
 *
 * It verifies the same JWT (Bearer, and the apikey when it differs, with the same verified-token
 * cache the gateway keeps), sets role and claims with the same setup statement the gateway sends
 * (backend/src/rest/execute.ts: the same text, taken from there, so it cannot drift: with the
 * role's statement timeout and the database's db-pre-request function, read from the catalog as
 * the gateway reads them) and runs the SQL the gateway generates for these requests, so the
 * difference between the two is the gateway's own cost: routing, parsing, planning, headers.
 * BENCH_REFERENCE_SETUP=bare sends the older, shorter setup instead (no statement timeout, no
 * pre-request call), which is what the reference ran before 2026-11-29.
 *
 * By default it answers with only Content-Type and Content-Length. With
 * BENCH_REFERENCE_HEADERS=gateway it also sends the headers the gateway's answer carries (CORS,
 * Content-Range, Content-Profile), so the two put the same bytes on the wire and only the
 * gateway's own work differs; the load generator, on the same two cores, parses every header.
 *
 * Run by the bench as a child process: DATA_DIR or DATABASE_URL, JWT_SECRET, PORT.
 * Prints `listening <port>` once ready.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { jwtVerify, type JWTPayload } from 'jose';
import { openDb } from '../../backend/src/db/open.ts';
import { setupStatements } from '../../backend/src/rest/execute.ts';
import { loadPreRequest } from '../../backend/src/rest/pre-request.ts';
import { loadRoleTimeouts } from '../../backend/src/rest/role-timeouts.ts';
import { referenceSql } from './rest-reference-sql.ts';
import { corsHeaders } from '../../backend/src/http/cors.ts';

const bareSetupSql = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true), set_config('request.path', $4, true),
  set_config('request.headers', $5, true), set_config('search_path', $6, true),
  auth.require_live_session($7)`;
const bareSetup = {
  full: bareSetupSql,
  readOnly: bareSetupSql.replace(
    'select ',
    "select set_config('transaction_read_only', 'on', true), ",
  ),
};
const bare = process.env.BENCH_REFERENCE_SETUP === 'bare';

// Listeners rather than `for await`: the async iterator costs a promise per chunk, and the
// reference is meant to be the cheapest way to do the job.
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface Row {
  page_total: string | number;
  body: string | null;
}

const sameHeaders = process.env.BENCH_REFERENCE_HEADERS === 'gateway';

async function main() {
  const secret = new TextEncoder().encode(process.env.JWT_SECRET ?? '');
  const db = await openDb({
    dataDir: process.env.DATA_DIR ?? '',
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const setup = bare ? bareSetup : setupStatements(await loadPreRequest(db));
  const roleTimeouts = await loadRoleTimeouts(db);
  const verified = new Map<string, JWTPayload>();
  const verify = async (token: string) => {
    const hit = verified.get(token);
    if (hit && (hit.exp === undefined || hit.exp > Date.now() / 1000)) return hit;
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (verified.size >= 2000) verified.clear();
    verified.set(token, payload);
    return payload;
  };

  const send = (
    res: ServerResponse,
    status: number,
    body: string,
    type = 'application/json',
    range?: string,
  ) => {
    const headers: Record<string, string | number> = {
      'content-type': `${type}; charset=utf-8`,
      'content-length': Buffer.byteLength(body),
    };
    if (sameHeaders) {
      Object.assign(headers, corsHeaders);
      if (range) headers['content-range'] = range;
      headers['content-profile'] = 'public';
    }
    res.writeHead(status, headers);
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const bearer = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const apikey = req.headers.apikey as string | undefined;
    const token = bearer ?? apikey;
    if (!token) return send(res, 401, '{"message":"No API key found in request"}');
    let claims: JWTPayload;
    try {
      claims = await verify(token);
      if (apikey && apikey !== token) await verify(apikey);
    } catch {
      return send(res, 401, '{"message":"JWT could not be verified"}');
    }
    const role = (claims.role as string | undefined) ?? 'anon';
    const setupParams = [
      role,
      JSON.stringify(claims),
      req.method,
      '/user_analytics',
      JSON.stringify(req.headers),
      '"public", extensions',
      typeof claims.session_id === 'string' ? claims.session_id : null,
    ];
    if (!bare) setupParams.push(roleTimeouts[role] ?? null);
    if (req.method === 'POST') {
      const rows = [JSON.parse((await readBody(req)).toString('utf8')) as unknown];
      // One round trip, committed with the statement, as the gateway sends a plain insert.
      const result = await db.setupThenQuery!<Row>(
        { sql: setup.full, params: setupParams },
        referenceSql.insert,
        [JSON.stringify(rows)],
      );
      return send(res, 201, result.rows[0]?.body ?? '[]', undefined, '*/*');
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const id = url.searchParams.get('id');
    const [sql, params] = id
      ? [referenceSql.byId, [id.slice(3)]]
      : [
          referenceSql.page,
          [url.searchParams.get('metric_name')?.slice(3), Number(url.searchParams.get('limit'))],
        ];
    const result = await db.setupThenQuery!<Row>(
      { sql: setup.readOnly, params: setupParams },
      sql,
      params,
    );
    const row = result.rows[0];
    if (id) {
      if (Number(row?.page_total) !== 1) return send(res, 406, '{"code":"PGRST116"}');
      return send(res, 200, row.body ?? 'null', 'application/vnd.pgrst.object+json', '0-0/*');
    }
    const rows = Number(row?.page_total ?? 0);
    return send(res, 200, row?.body ?? '[]', undefined, rows > 0 ? `0-${rows - 1}/*` : '*/*');
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[reference]', error);
      if (!res.headersSent) send(res, 500, '{"message":"Internal server error"}');
    });
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
  });
  const stop = () => server.close(() => void db.close().then(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

await main();
