import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { verifyCaptcha } from '../captcha.ts';
import type { AuthCall } from '../context.ts';
import { createFlowState } from '../mail-links/flow-state.ts';
import { enforceEmailLimit, sendAuthEmail } from '../mail-links/send-auth-email.ts';
import { readPkce } from '../pkce.ts';
import { enforce } from '../rate-limit.ts';
import { safeRedirect } from '../redirect.ts';
import { json, parseBody } from '../request.ts';
import { findUserByEmail } from '../users/users-repo.ts';
import { assertEmail, optionalString, pkceFields } from '../validation.ts';

const RecoverBody = z.object({ email: optionalString, ...pkceFields });

/**
 * POST /recover: e-mails a password reset link. The answer is `{}` whether or not the address
 * has an account, and limits count per address either way, so nothing reveals who is registered.
 */
export async function recover(call: AuthCall): Promise<ApiResponse> {
  const body = parseBody(call.request, RecoverBody);
  await verifyCaptcha(call);
  const email = assertEmail(body.email ?? undefined);
  const { db } = call.app;
  await enforce(db, 'recover', { ip: call.ip, account: email }, call.settings.rateLimits.recover);
  await enforceEmailLimit(call, email);
  const pkce = readPkce(body);
  const redirectTo = safeRedirect(call.request.query.get('redirect_to'), call.app.config);
  const user = await findUserByEmail(db, email);
  if (user) {
    if (pkce) await createFlowState(db, user.id, pkce, 'recovery');
    await sendAuthEmail(call, user, 'recovery', { redirectTo, pkce: pkce !== undefined });
  }
  return json({});
}
