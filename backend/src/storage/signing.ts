import { jwtVerify, SignJWT } from 'jose';
import { StorageError } from './errors.ts';

/** What a signed URL token carries: the object it opens and, for uploads, who signed it. */
export interface SignedClaims {
  url: string;
  owner?: string;
  upsert?: boolean;
  /**
   * Download links: the object version the link was made for. A link stops working once the
   * object is deleted or replaced, even when new content appears under the same name.
   */
  version?: string;
}

/** The longest a signed download link may live: a week, so a leaked link does not last for years. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

const invalidJwt = (message: string) => new StorageError(400, 'InvalidJWT', message);

/** Signs with the server's JWT secret (HS256), as storage-api does. */
export async function signObjectToken(
  secret: string,
  claims: SignedClaims,
  expiresIn: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(secret));
}

/** Verifies a token for `url` (bucket/name); expired or forged -> 400 InvalidJWT as storage-api. */
export async function verifyObjectToken(
  secret: string,
  token: string | null,
  url: string,
): Promise<SignedClaims> {
  if (!token) throw invalidJwt('Missing token');
  let payload: Partial<SignedClaims>;
  try {
    ({ payload } = await jwtVerify<Partial<SignedClaims>>(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    }));
  } catch (error) {
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw invalidJwt(expired ? '"exp" claim timestamp check failed' : 'invalid signature');
  }
  if (payload.url !== url) throw invalidJwt('The token does not match the requested object');
  return {
    url: payload.url,
    owner: payload.owner,
    upsert: payload.upsert,
    version: payload.version,
  };
}

/** expiresIn must be a whole number of seconds from 1 to MAX_SIGNED_URL_SECONDS (a week). */
export function readExpiresIn(value: unknown): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new StorageError(400, 'InvalidRequest', 'expiresIn must be a positive integer');
  if (seconds > MAX_SIGNED_URL_SECONDS)
    throw new StorageError(
      400,
      'InvalidRequest',
      `expiresIn must be at most ${MAX_SIGNED_URL_SECONDS} seconds (7 days); ask for a new link when it runs out`,
    );
  return seconds;
}
