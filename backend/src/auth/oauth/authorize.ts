import * as oidc from 'openid-client';
import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { requireUser } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { readPkce } from '../pkce.ts';
import { enforce } from '../rate-limit.ts';
import { safeRedirect } from '../redirect.ts';
import { json } from '../request.ts';
import { saveRequest } from './oauth-requests.ts';
import { linkNeedsPkce } from './pending-links.ts';

/** Sign-up choices made before leaving for the provider; what the sign-up form would send as `data`. */
const SignupData = z.record(z.string(), z.unknown());
const MAX_SIGNUP_DATA = 8 * 1024;

/**
 * Query parameters GoTrue reads itself; any other is passed on to the provider (e.g. `prompt`,
 * `login_hint`), as GoTrue does, except those that would replace ours.
 */
const OWN = new Set([
  'provider',
  'redirect_to',
  'scopes',
  'code_challenge',
  'code_challenge_method',
  'skip_http_redirect',
  'data',
  // Set by this server for the provider; never taken from the caller.
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'nonce',
  'code_challenge_method',
  'response_mode',
  'request',
  'request_uri',
]);

function readSignupData(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  if (raw.length > MAX_SIGNUP_DATA)
    throw new AuthError(400, ErrorCode.validationFailed, 'data is too large');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AuthError(400, ErrorCode.validationFailed, 'data must be a JSON object');
  }
  const result = SignupData.safeParse(parsed);
  if (!result.success)
    throw new AuthError(400, ErrorCode.validationFailed, 'data must be a JSON object');
  return result.data;
}

/**
 * GET /authorize?provider=&redirect_to=&scopes=&code_challenge=&code_challenge_method= and
 * GET /user/identities/authorize (the same, for a signed-in user linking another provider).
 * Sends the browser to the provider (or, with skip_http_redirect=true, answers `{ url }` as
 * GoTrue does for linkIdentity). The provider's callback comes back to /callback.
 *
 * `data` (a JSON object) is our addition: the account type and company chosen on the register
 * page before leaving, used only if the provider's identity turns out to be a new account.
 */
export async function authorize(call: AuthCall): Promise<ApiResponse> {
  const { query } = call.request;
  const name = query.get('provider') ?? '';
  const provider = call.oauth.get(name);
  if (!provider) {
    throw new AuthError(
      400,
      ErrorCode.providerDisabled,
      `Unsupported provider: provider ${name} is not enabled`,
    );
  }
  const linking = call.request.path.startsWith('/user/');
  const linkingUser = linking ? (await requireUser(call)).user.id : null;
  await enforce(call.app.db, 'authorize', { ip: call.ip }, call.settings.rateLimits.signIn);
  const pkce = readPkce({
    code_challenge: query.get('code_challenge'),
    code_challenge_method: query.get('code_challenge_method'),
  });
  if (linking && !pkce) throw linkNeedsPkce();
  const redirectTo = safeRedirect(query.get('redirect_to'), call.app.config);
  const signupData = linking ? null : readSignupData(query.get('data'));

  let configuration: oidc.Configuration;
  try {
    configuration = await call.oauth.configuration(provider);
  } catch (error) {
    console.error(`auth: discovery for ${provider.name} failed: ${(error as Error).message}`);
    throw new AuthError(
      502,
      ErrorCode.unexpectedFailure,
      `${provider.label} cannot be reached; try again shortly`,
    );
  }
  const state = crypto.randomUUID();
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  await saveRequest(call.app.db, {
    id: state,
    provider: provider.name,
    code_verifier: verifier,
    nonce,
    redirect_to: redirectTo,
    code_challenge: pkce?.challenge ?? null,
    code_challenge_method: pkce?.method ?? null,
    linking_user_id: linkingUser,
    signup_data: signupData,
  });
  const scopes = new Set(provider.scopes);
  for (const scope of (query.get('scopes') ?? '').split(/[\s,]+/)) if (scope) scopes.add(scope);
  const passed: Record<string, string> = {};
  for (const [key, value] of query) if (!OWN.has(key)) passed[key] = value;
  const url = oidc.buildAuthorizationUrl(configuration, {
    ...passed,
    redirect_uri: provider.redirectUri,
    scope: [...scopes].join(' '),
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  if (query.get('skip_http_redirect') === 'true') return json({ url: url.href });
  return { status: 302, headers: { Location: url.href, 'Cache-Control': 'no-store' } };
}
