import * as oidc from 'openid-client';
import type { ApiResponse } from '../../http/types.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { signIn, type SessionJson } from '../sessions/session-json.ts';
import type { UserRow } from '../users/user-row.ts';
import { linkTarget, signInIdentity, type ProviderProfile } from './accounts.ts';
import { takeRequest, type OAuthRequest } from './oauth-requests.ts';
import { linkNeedsPkce, savePendingLink } from './pending-links.ts';
import type { ProviderConfig } from './providers.ts';

function redirect(location: string): ApiResponse {
  return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } };
}

/** Errors go back to the app: in the query for PKCE, in the fragment for the implicit flow (as GoTrue). */
function errorRedirect(target: URL, pkce: boolean, error: AuthError): ApiResponse {
  const params = {
    error: error.status === 403 ? 'access_denied' : 'server_error',
    error_code: error.code,
    error_description: error.message,
  };
  if (pkce) for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  else target.hash = new URLSearchParams(params).toString();
  return redirect(target.toString());
}

const verified = (value: unknown) => value === true || value === 'true';

/**
 * Whether the provider vouches for the e-mail address: `email_verified`, or for Microsoft (which
 * never sends it) the optional `xms_edov` claim (the domain owner verified it), as GoTrue reads it.
 */
export function providerVerifiedEmail(provider: string, claims: Record<string, unknown>): boolean {
  if (verified(claims.email_verified)) return true;
  return provider === 'azure' && (verified(claims.xms_edov) || claims.xms_edov === 1);
}
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Trades the provider's code (with our PKCE verifier and nonce) for its verified claims. */
async function readProfile(
  call: AuthCall,
  provider: ProviderConfig,
  request: OAuthRequest,
): Promise<ProviderProfile> {
  const configuration = await call.oauth.configuration(provider);
  const current = new URL(provider.redirectUri);
  current.search = call.request.query.toString();
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: request.code_verifier,
      expectedState: request.id,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
      throw new AuthError(
        403,
        ErrorCode.badOauthCallback,
        `${provider.label} did not share your details with ProMatch, so you are not signed in`,
      );
    }
    console.error(`auth: ${provider.name} callback refused: ${(error as Error).message}`);
    throw new AuthError(
      403,
      ErrorCode.badOauthCallback,
      `${provider.label} sign-in could not be completed (the code was refused or has expired); please try again`,
    );
  }
  const claims: Record<string, unknown> = { ...tokens.claims() };
  const sub = String(claims.sub);
  if (!text(claims.email) && tokens.access_token) {
    Object.assign(claims, await oidc.fetchUserInfo(configuration, tokens.access_token, sub));
  }
  // Token bookkeeping is not identity data.
  for (const key of ['aud', 'exp', 'iat', 'auth_time', 'nonce', 'at_hash', 'c_hash', 'azp', 'sid'])
    delete claims[key];
  return {
    sub,
    email: text(claims.email),
    emailVerified: providerVerifiedEmail(provider.name, claims),
    name:
      text(claims.name) ??
      ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || undefined),
    picture: text(claims.picture),
    claims,
  };
}

function assertNotBanned(user: UserRow): void {
  if (user.banned_until && new Date(user.banned_until).getTime() > Date.now())
    throw new AuthError(403, ErrorCode.userBanned, 'User is banned');
}

/**
 * GET /callback?code=&state= (or ?error=&state=): where providers send the browser back. Finds
 * the pending request by `state`, checks the provider's answer, signs in or signs up, and sends
 * the browser to the app's redirect_to: with `?code=` for PKCE (traded at /token?grant_type=pkce)
 * or the session in the fragment for the implicit flow. A link (PKCE only) is kept with the code
 * and made when the browser that started it trades the code.
 */
export async function callback(call: AuthCall): Promise<ApiResponse> {
  const { db } = call.app;
  const request = await takeRequest(db, call.request.query.get('state') ?? '');
  if (!request) {
    return errorRedirect(
      new URL(call.app.config.siteUrl),
      true,
      new AuthError(
        403,
        ErrorCode.badOauthState,
        'OAuth state is invalid or has expired; please start signing in again',
      ),
    );
  }
  const target = new URL(request.redirect_to);
  const pkce = request.code_challenge !== null && request.code_challenge_method !== null;
  try {
    const provider = call.oauth.get(request.provider);
    if (!provider) {
      throw new AuthError(
        400,
        ErrorCode.providerDisabled,
        `Unsupported provider: provider ${request.provider} is not enabled`,
      );
    }
    const profile = await readProfile(call, provider, request);
    type Outcome =
      { code: string; session?: undefined } | { code?: undefined; session: SessionJson };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const issueCode = async (userId: string) => {
        const code = crypto.randomUUID();
        await tx.query(
          `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
             created_at, updated_at, authentication_method, auth_code_issued_at)
           values ($1, $2, $3, $4, $5, $6, now(), now(), 'oauth', now())`,
          [
            crypto.randomUUID(),
            userId,
            code,
            request.code_challenge_method,
            request.code_challenge,
            provider.name,
          ],
        );
        return code;
      };
      if (request.linking_user_id) {
        // The link is made when the code is traded (/token?grant_type=pkce), by the browser that
        // started it: whoever completes someone else's link at the provider joins nothing.
        if (!pkce) throw linkNeedsPkce();
        const { user } = await linkTarget(tx, request.linking_user_id, provider, profile);
        assertNotBanned(user);
        const code = await issueCode(user.id);
        await savePendingLink(tx, code, { user_id: user.id, provider: provider.name, profile });
        return { code };
      }
      const user = await signInIdentity(tx, provider, profile, request.signup_data);
      assertNotBanned(user);
      if (pkce) return { code: await issueCode(user.id) };
      return { session: await signIn(call.app, tx, user, 'oauth', call.meta) };
    });
    const { code, session } = outcome;
    if (code !== undefined) {
      target.searchParams.set('code', code);
      return redirect(target.toString());
    }
    target.hash = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
    }).toString();
    return redirect(target.toString());
  } catch (error) {
    if (error instanceof AuthError) return errorRedirect(target, pkce, error);
    console.error(`auth: OAuth callback failed: ${(error as Error).stack ?? String(error)}`);
    return errorRedirect(
      target,
      pkce,
      new AuthError(500, ErrorCode.unexpectedFailure, 'Signing in failed; please try again'),
    );
  }
}
