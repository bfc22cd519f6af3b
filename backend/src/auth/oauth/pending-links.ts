import type { Queryable } from '../../db/types.ts';
import { ErrorCode } from '../codes.ts';
import { AuthError } from '../errors.ts';
import type { ProviderProfile } from './accounts.ts';
import { REQUEST_LIFETIME_SECONDS } from './oauth-requests.ts';

/**
 * A provider identity waiting to join the account that asked to link it
 * (auth.oauth_pending_links). The callback keeps it under the code it hands back; the link is
 * made only when that code is traded with the verifier of the browser that started the link, so
 * a link someone else started cannot take the provider account of whoever completes it.
 */
export interface PendingLink {
  user_id: string;
  provider: string;
  profile: ProviderProfile;
}

export async function savePendingLink(
  db: Queryable,
  authCode: string,
  link: PendingLink,
): Promise<void> {
  // Links never traded go as new ones arrive; a code is refused well before this anyway.
  await db.query(
    `delete from auth.oauth_pending_links where created_at < now() - make_interval(secs => $1)`,
    [REQUEST_LIFETIME_SECONDS],
  );
  await db.query(
    `insert into auth.oauth_pending_links (auth_code, user_id, provider, profile)
     values ($1, $2, $3, $4::jsonb)`,
    [authCode, link.user_id, link.provider, JSON.stringify(link.profile)],
  );
}

/** Reads and deletes the link waiting on `authCode` (one use); undefined when there is none. */
export async function takePendingLink(
  db: Queryable,
  authCode: string,
): Promise<PendingLink | undefined> {
  const { rows } = await db.query<PendingLink>(
    'delete from auth.oauth_pending_links where auth_code = $1 returning user_id, provider, profile',
    [authCode],
  );
  return rows[0];
}

/** Linking is finished by the browser that started it, which only the PKCE flow can tell apart. */
export const linkNeedsPkce = () =>
  new AuthError(
    400,
    ErrorCode.validationFailed,
    'Linking an identity needs the PKCE flow (code_challenge), so that only the browser that started it can finish it',
  );
