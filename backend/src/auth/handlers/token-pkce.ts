import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { exchangeAuthCode } from '../mail-links/flow-state.ts';
import { linkIdentity } from '../oauth/accounts.ts';
import { takePendingLink } from '../oauth/pending-links.ts';
import { json, parseBody } from '../request.ts';
import { signIn } from '../sessions/session-json.ts';
import { findUserById } from '../users/users-repo.ts';

const PkceBody = z.object({ auth_code: z.string().nullish(), code_verifier: z.string().nullish() });

/** grant_type=pkce: trades the code from an e-mail link or an OAuth callback, plus the client's verifier, for a session. */
export async function pkceGrant(call: AuthCall): Promise<ApiResponse> {
  const body = parseBody(call.request, PkceBody);
  if (!body.auth_code || !body.code_verifier) {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const { auth_code: authCode, code_verifier: verifier } = body;
  const session = await call.app.db.transaction(async (tx) => {
    const flow = await exchangeAuthCode(
      tx,
      authCode,
      verifier,
      call.settings.flowStateExpirySeconds,
    );
    // A provider link waits for this trade, so only the browser that started it makes it.
    const link = flow.method === 'oauth' ? await takePendingLink(tx, authCode) : undefined;
    if (link) {
      const provider = call.oauth.get(link.provider);
      if (!provider) {
        throw new AuthError(
          400,
          ErrorCode.providerDisabled,
          `Unsupported provider: provider ${link.provider} is not enabled`,
        );
      }
      await linkIdentity(tx, link.user_id, provider, link.profile);
    }
    const user = await findUserById(tx, flow.userId);
    if (!user) throw new AuthError(404, ErrorCode.userNotFound, 'User not found');
    const method = flow.method === 'recovery' || flow.method === 'oauth' ? flow.method : 'otp';
    return signIn(call.app, tx, user, method, call.meta);
  });
  return json(session);
}
