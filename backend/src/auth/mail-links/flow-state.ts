import type { Queryable } from '../../db/types.ts';
import { ErrorCode } from '../codes.ts';
import { AuthError } from '../errors.ts';
import { verifierMatches, type ChallengeMethod } from '../pkce.ts';

/** authentication_method values GoTrue stores for PKCE flows (e-mail links and OAuth providers). */
export type FlowMethod =
  'email/signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change' | 'oauth';

export async function createFlowState(
  db: Queryable,
  userId: string,
  pkce: { challenge: string; method: ChallengeMethod },
  method: FlowMethod,
): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [crypto.randomUUID(), userId, crypto.randomUUID(), pkce.method, pkce.challenge, method],
  );
}

/** After the e-mail link is followed: marks the newest flow as verified and returns its auth code. */
export async function issueAuthCode(
  db: Queryable,
  userId: string,
  methods: FlowMethod[],
): Promise<string | undefined> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = any(string_to_array($2, ','))
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, methods.join(',')],
  );
  return rows[0]?.auth_code;
}

interface FlowRow {
  id: string;
  user_id: string;
  code_challenge: string;
  code_challenge_method: ChallengeMethod;
  authentication_method: FlowMethod;
  expired: boolean;
}

/** grant_type=pkce: checks code and verifier, consumes the flow (one use), returns its user. */
export async function exchangeAuthCode(
  db: Queryable,
  authCode: string,
  verifier: string,
  expirySeconds: number,
): Promise<{ userId: string; method: FlowMethod }> {
  const { rows } = await db.query<FlowRow>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
       coalesce(auth_code_issued_at, created_at) < now() - make_interval(secs => $2) as expired
     from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null for update`,
    [authCode, expirySeconds],
  );
  const flow = rows[0];
  if (!flow)
    throw new AuthError(
      404,
      ErrorCode.flowStateNotFound,
      'invalid flow state, no valid flow state found',
    );
  if (flow.expired) {
    throw new AuthError(
      422,
      ErrorCode.flowStateExpired,
      'invalid flow state, flow state has expired',
    );
  }
  if (!verifierMatches(verifier, flow.code_challenge, flow.code_challenge_method)) {
    throw new AuthError(
      400,
      ErrorCode.badCodeVerifier,
      'code challenge does not match previously saved code verifier',
    );
  }
  await db.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
