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
      const { payload } = await jwtVerify(token, (header) => {
        if (header.alg === 'HS256') return secret;
        if (header.alg === 'ES256' && (header.kid === undefined || header.kid === kid))
          return publicKey;
        throw new Error(`unsupported JWT algorithm or key: ${header.alg} ${header.kid ?? ''}`);
      });
      return payload as JwtClaims;
    },
  };
}
