import type { IncomingHttpHeaders } from 'node:http';
import type { JwtClaims, Keys } from '../config/keys.ts';

/** Roles a request may run as; anything else in a token is refused. */
export const apiRoles = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: string;
  claims: JwtClaims;
  token: string;
}

export class CallerError extends Error {}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

// Verified tokens, keyed by the token text, so a busy client is not re-verified on every call.
const verified = new Map<string, JwtClaims>();
const cacheLimit = 2000;

const live = (claims: JwtClaims | undefined, now: number): claims is JwtClaims =>
  claims !== undefined && (claims.exp === undefined || claims.exp > now);

async function verifyCached(keys: Keys, token: string): Promise<JwtClaims> {
  const hit = verified.get(token);
  if (live(hit, Math.floor(Date.now() / 1000))) return hit;
  const claims = await keys.verify(token);
  if (verified.size >= cacheLimit) verified.clear();
  verified.set(token, claims);
  return claims;
}

function tokenOf(headers: IncomingHttpHeaders) {
  const apikey = header(headers, 'apikey');
  const authorization = header(headers, 'authorization');
  const bearer = authorization && /^bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
  return { apikey, token: bearer || apikey };
}

// The caller of each cached token's claims, built once (a Caller is never changed).
const callers = new WeakMap<JwtClaims, Caller>();

/**
 * The caller when every token the request carries is already verified and unexpired, without
 * a promise: identifyCaller's answer for a cached client. Undefined means "ask identifyCaller"
 * (an unknown, expired or missing token, or a role that is refused, which it reports).
 */
export function cachedCaller(headers: IncomingHttpHeaders): Caller | undefined {
  const { apikey, token } = tokenOf(headers);
  if (!token) return undefined;
  const claims = verified.get(token);
  const now = Math.floor(Date.now() / 1000);
  if (!live(claims, now)) return undefined;
  if (apikey && apikey !== token && !live(verified.get(apikey), now)) return undefined;
  let caller = callers.get(claims);
  if (caller === undefined) {
    const role = claims.role ?? 'anon';
    if (!apiRoles.has(role)) return undefined;
    caller = { role, claims, token };
    callers.set(claims, caller);
  }
  return caller;
}

/**
 * Who is calling, as Kong plus PostgREST decide it: the Bearer token (or the apikey when there
 * is none) must be a valid JWT of ours whose role is anon, authenticated or service_role.
 */
export async function identifyCaller(keys: Keys, headers: IncomingHttpHeaders): Promise<Caller> {
  const { apikey, token } = tokenOf(headers);
  if (!token) throw new CallerError('No API key found in request');
  let claims: JwtClaims;
  try {
    claims = await verifyCached(keys, token);
    if (apikey && apikey !== token) await verifyCached(keys, apikey);
  } catch (error) {
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw new CallerError(expired ? 'JWT expired' : 'JWT could not be verified');
  }
  const role = claims.role ?? 'anon';
  if (!apiRoles.has(role)) throw new CallerError(`JWT role "${role}" is not allowed`);
  return { role, claims, token };
}
