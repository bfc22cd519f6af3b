import type { Queryable } from '../../db/types.ts';
import type { ChallengeMethod } from '../pkce.ts';

/** A pending sign-in or link through a provider (auth.oauth_requests); its id is the `state`. */
export interface OAuthRequest {
  id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  redirect_to: string;
  code_challenge: string | null;
  code_challenge_method: ChallengeMethod | null;
  linking_user_id: string | null;
  signup_data: Record<string, unknown> | null;
}

/** How long a visitor may spend at the provider between /authorize and the callback. */
export const REQUEST_LIFETIME_SECONDS = 600;

export async function saveRequest(db: Queryable, request: OAuthRequest): Promise<void> {
  // Abandoned attempts go as new ones arrive, so the table holds only the last few minutes.
  await db.query(
    `delete from auth.oauth_requests where created_at < now() - make_interval(secs => $1)`,
    [REQUEST_LIFETIME_SECONDS],
  );
  await db.query(
    `insert into auth.oauth_requests (id, provider, code_verifier, nonce, redirect_to, code_challenge,
       code_challenge_method, linking_user_id, signup_data)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
    [
      request.id,
      request.provider,
      request.code_verifier,
      request.nonce,
      request.redirect_to,
      request.code_challenge,
      request.code_challenge_method,
      request.linking_user_id,
      request.signup_data === null ? null : JSON.stringify(request.signup_data),
    ],
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads and deletes the request named by `state` (one use); undefined when unknown or stale. */
export async function takeRequest(db: Queryable, state: string): Promise<OAuthRequest | undefined> {
  if (!UUID.test(state)) return undefined;
  const { rows } = await db.query<OAuthRequest & { stale: boolean }>(
    `delete from auth.oauth_requests where id = $1
     returning *, created_at < now() - make_interval(secs => $2) as stale`,
    [state, REQUEST_LIFETIME_SECONDS],
  );
  const row = rows[0];
  return row && !row.stale ? row : undefined;
}
