import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { BackendConfig } from './config.ts';

/** Claims the server puts in, and reads from, a Supabase JWT. */
export interface JwtClaims extends JWTPayload {
  role?: string;
  sub?: string;
  email?: string;
  aal?: string;
  session_id?: string;
}

export interface Keys {
  /** Public keys for /auth/v1/.well-known/jwks.json. */
  jwks(): { keys: JWK[] };
  /** Signs a user access token with the asymmetric key (ES256, with kid). */
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /** Verifies an ES256 token of ours or an HS256 token made with the shared secret. Throws if invalid or expired. */
  verify(token: string): Promise<JwtClaims>;
}

interface StoredKey {
  privateJwk: JWK;
}

async function loadOrCreateSigningKey(config: BackendConfig, env: NodeJS.ProcessEnv): Promise<JWK> {
  if (env.JWT_SIGNING_JWK) return JSON.parse(env.JWT_SIGNING_JWK) as JWK;
  const file = path.join(config.dataDir, 'jwt-signing-key.json');
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as StoredKey).privateJwk;
  } catch {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(privateKey);
    privateJwk.kid = crypto.randomUUID();
    privateJwk.alg = 'ES256';
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify({ privateJwk } satisfies StoredKey), { mode: 0o600 });
    return privateJwk;
  }
}

/**
 * Tokens this process has verified, with their claims, until they expire. Every request, socket
 * and channel join verifies its token, and a client presents the same one many times: after an
 * instance was killed, its 500 clients' reconnections, joins and re-reads verified about 1,500
 * ES256 signatures on the survivor at once, in the thread pool WebCrypto shares, and a server's
 * HS256 broadcast waited 0.7 s behind them (docs/benchmarks/realtime.md). Keyed by the whole
 * token, signature included, so only a byte-identical token finds an entry. An entry is used
 * only while it is unexpired and not before its `nbf`; otherwise jose verifies again and gives
 * its own error. Sessions ended by sign-out are still refused: that check (live-token.ts) runs
 * on every use, apart from this one.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, JwtClaims>();

  constructor(private readonly capacity = 5_000) {}

  get(token: string, nowSeconds = Date.now() / 1000): JwtClaims | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    const expired = typeof claims.exp === 'number' && claims.exp <= nowSeconds;
    const early = typeof claims.nbf === 'number' && claims.nbf > nowSeconds;
    if (expired || early) {
      this.entries.delete(token);
      return undefined;
    }
    return claims;
  }

  set(token: string, claims: JwtClaims) {
    // the oldest entry makes room (a Map iterates in insertion order)
    if (this.entries.size >= this.capacity && !this.entries.has(token)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, claims);
  }
}

export async function createKeys(config: BackendConfig, env = process.env): Promise<Keys> {
  const privateJwk = await loadOrCreateSigningKey(config, env);
  const kid = privateJwk.kid ?? 'promatch-local';
  const { d: _private, ...publicJwk } = privateJwk;
  const publicEntry: JWK = {
    ...publicJwk,
    kid,
    alg: 'ES256',
    use: 'sig',
    key_ops: ['verify'],
    ext: true,
  };
  const privateKey = (await importJWK({ ...privateJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const publicKey = (await importJWK({ ...publicJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const secret = new TextEncoder().encode(config.jwtSecret);
  const issuer = `${config.publicUrl}/auth/v1`;

  const verified = new VerifiedTokens();
  return {
    jwks: () => ({ keys: [publicEntry] }),
    async sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer(claims.iss ?? issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return structuredClone(known);
      const { payload } = await jwtVerify(token, (header) => {
        if (header.alg === 'HS256') return secret;
        if (header.alg === 'ES256' && (header.kid === undefined || header.kid === kid))
          return publicKey;
        throw new Error(`unsupported JWT algorithm or key: ${header.alg} ${header.kid ?? ''}`);
      });
      verified.set(token, payload as JwtClaims);
      return structuredClone(payload) as JwtClaims;
    },
  };
}
