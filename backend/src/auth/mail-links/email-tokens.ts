import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';
import type { AuthEmailKind } from '../../mail/templates.ts';
import type { UserPatch, UserRow } from '../users/user-row.ts';
import { updateUser } from '../users/users-repo.ts';

/** GoTrue marks tokens of PKCE flows so /verify answers with ?code= instead of a session. */
export const PKCE_PREFIX = 'pkce_';

/** GoTrue's token hash: hex sha224 of the address followed by the one-time code. */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Which users column holds each kind's token, and which address the hash is made from. */
function tokenPatch(kind: AuthEmailKind, stored: string): UserPatch {
  const now = new Date();
  switch (kind) {
    case 'signup':
    case 'invite':
      return { confirmation_token: stored, confirmation_sent_at: now };
    case 'recovery':
    case 'magiclink':
      return { recovery_token: stored, recovery_sent_at: now };
    case 'email_change':
      return { email_change_token_new: stored, email_change_sent_at: now };
  }
}

export interface IssuedToken {
  otp: string;
  hash: string;
  user: UserRow;
}

/**
 * Issues a fresh one-time code for an e-mail action, replacing any earlier one of the same kind
 * (only the newest link works). For email_change the code belongs to the new address.
 */
export async function issueEmailToken(
  db: Queryable,
  user: UserRow,
  kind: AuthEmailKind,
  pkce: boolean,
): Promise<IssuedToken> {
  const otp = newOtp();
  const address = kind === 'email_change' ? (user.email_change ?? '') : (user.email ?? '');
  const hash = tokenHash(address, otp);
  const updated = await updateUser(db, user.id, tokenPatch(kind, pkce ? PKCE_PREFIX + hash : hash));
  return { otp, hash, user: updated };
}

/** The link in the e-mail: GET /auth/v1/verify on this server, which then redirects. */
export function verificationLink(
  publicUrl: string,
  hash: string,
  type: AuthEmailKind,
  redirectTo: string,
): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${publicUrl}/auth/v1/verify?${query.toString()}`;
}
