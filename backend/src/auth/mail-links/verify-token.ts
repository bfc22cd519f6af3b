import type { Queryable } from '../../db/types.ts';
import { ErrorCode } from '../codes.ts';
import { AuthError } from '../errors.ts';
import type { UserPatch, UserRow } from '../users/user-row.ts';
import { syncEmailIdentity, updateUser } from '../users/users-repo.ts';
import { PKCE_PREFIX } from './email-tokens.ts';
import type { FlowMethod } from './flow-state.ts';

export const VERIFY_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

const COLUMNS: Record<VerifyType, TokenColumn[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token_new'],
  // 'email' is the newer umbrella type: a sign-up confirmation or a magic link code.
  email: ['confirmation_token', 'recovery_token'],
};

const SENT_AT: Record<TokenColumn, keyof UserRow> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
};

const FLOWS: Record<TokenColumn, FlowMethod[]> = {
  confirmation_token: ['email/signup', 'invite'],
  recovery_token: ['recovery', 'magiclink'],
  email_change_token_new: ['email_change'],
};

export interface VerifiedToken {
  user: UserRow;
  pkce: boolean;
  flowMethods: FlowMethod[];
}

export const invalidOtp = () =>
  new AuthError(403, ErrorCode.otpExpired, 'Token has expired or is invalid');

async function findByToken(
  db: Queryable,
  column: TokenColumn,
  hash: string,
): Promise<UserRow | undefined> {
  const bare = hash.startsWith(PKCE_PREFIX) ? hash.slice(PKCE_PREFIX.length) : hash;
  // The column name comes from the fixed COLUMNS table above, never from the request.
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where ${column} in ($1, $2) and deleted_at is null for update`,
    [bare, PKCE_PREFIX + bare],
  );
  return rows[0];
}

function patchFor(column: TokenColumn, user: UserRow): UserPatch {
  const confirmed = { email_confirmed_at: user.email_confirmed_at ?? new Date() };
  if (column === 'confirmation_token') return { ...confirmed, confirmation_token: '' };
  if (column === 'recovery_token') return { ...confirmed, recovery_token: '' };
  return { email: user.email_change, email_change: '', email_change_token_new: '', ...confirmed };
}

/**
 * Consumes a one-time token (a link's token hash): checks type and expiry, confirms the address
 * or applies the e-mail change, and clears the token so the link works once.
 */
export async function consumeToken(
  db: Queryable,
  type: VerifyType,
  hash: string,
  expirySeconds: number,
): Promise<VerifiedToken> {
  for (const column of COLUMNS[type]) {
    const user = await findByToken(db, column, hash);
    if (!user) continue;
    const sentAt = user[SENT_AT[column]] as Date | null;
    if (!sentAt || Date.now() - new Date(sentAt).getTime() > expirySeconds * 1000)
      throw invalidOtp();
    const pkce = (user[column] ?? '').startsWith(PKCE_PREFIX);
    const updated = await updateUser(db, user.id, patchFor(column, user));
    await syncEmailIdentity(db, updated);
    return { user: updated, pkce, flowMethods: FLOWS[column] };
  }
  throw invalidOtp();
}
