import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { verifyCaptcha } from '../captcha.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { createFlowState } from '../mail-links/flow-state.ts';
import { enforceEmailLimit, sendAuthEmail } from '../mail-links/send-auth-email.ts';
import { readPkce } from '../pkce.ts';
import { enforce } from '../rate-limit.ts';
import { safeRedirect } from '../redirect.ts';
import { json, parseBody } from '../request.ts';
import { findUserByEmail, insertUser } from '../users/users-repo.ts';
import { assertEmail, metadata, optionalString, pkceFields } from '../validation.ts';

const OtpBody = z.object({
  email: optionalString,
  phone: optionalString,
  create_user: z.boolean().nullish(),
  data: metadata,
  ...pkceFields,
});

const ResendBody = z.object({
  type: z.enum(['signup', 'email_change']),
  email: z.string(),
  ...pkceFields,
});

/**
 * POST /otp (signInWithOtp): a magic link, or a confirmation link that creates the account. The
 * answer is the same for registered and unknown addresses.
 */
export async function otp(call: AuthCall): Promise<ApiResponse> {
  const body = parseBody(call.request, OtpBody);
  await verifyCaptcha(call);
  if (!body.email)
    throw new AuthError(400, ErrorCode.validationFailed, 'Only an email address is supported');
  const email = assertEmail(body.email);
  const { db } = call.app;
  await enforce(db, 'recover', { ip: call.ip }, call.settings.rateLimits.recover);
  await enforceEmailLimit(call, email);
  const pkce = readPkce(body);
  const redirectTo = safeRedirect(call.request.query.get('redirect_to'), call.app.config);
  const existing = await findUserByEmail(db, email);
  // GoTrue answers 422 otp_disabled here, which tells registered addresses from others; the
  // answer is `{}` either way and only a registered address gets an e-mail.
  if (!existing && body.create_user === false) return json({});
  const user =
    existing ??
    (await db.transaction((tx) =>
      insertUser(tx, {
        email,
        encryptedPassword: null,
        userMetadata: body.data ?? {},
        confirmed: false,
      }),
    ));
  const kind = user.email_confirmed_at ? 'magiclink' : 'signup';
  if (pkce)
    await createFlowState(db, user.id, pkce, kind === 'signup' ? 'email/signup' : 'magiclink');
  await sendAuthEmail(call, user, kind, { redirectTo, pkce: pkce !== undefined });
  return json({});
}

/** POST /resend: the sign-up confirmation again (only while unconfirmed); silent otherwise. */
export async function resend(call: AuthCall): Promise<ApiResponse> {
  const body = parseBody(call.request, ResendBody);
  await verifyCaptcha(call);
  const email = assertEmail(body.email);
  await enforce(call.app.db, 'recover', { ip: call.ip }, call.settings.rateLimits.recover);
  await enforceEmailLimit(call, email);
  const user = await findUserByEmail(call.app.db, email);
  const redirectTo = safeRedirect(call.request.query.get('redirect_to'), call.app.config);
  if (body.type === 'signup' && user && !user.email_confirmed_at) {
    const pkce = readPkce(body);
    if (pkce) await createFlowState(call.app.db, user.id, pkce, 'email/signup');
    await sendAuthEmail(call, user, 'signup', { redirectTo, pkce: pkce !== undefined });
  }
  return json({});
}
