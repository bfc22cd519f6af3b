import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { verifyCaptcha } from '../captcha.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { createFlowState } from '../mail-links/flow-state.ts';
import { enforceEmailLimit, sendAuthEmail } from '../mail-links/send-auth-email.ts';
import { assertStrongPassword, hashPassword } from '../passwords.ts';
import { readPkce } from '../pkce.ts';
import { enforce } from '../rate-limit.ts';
import { safeRedirect } from '../redirect.ts';
import { json, parseBody } from '../request.ts';
import { signIn } from '../sessions/session-json.ts';
import { renderAccountExistsEmail } from '../../mail/templates.ts';
import { obfuscatedUserJson } from '../users/obfuscated-user.ts';
import { loadUserJson } from '../users/user-json.ts';
import { findUserByEmail, insertUser } from '../users/users-repo.ts';
import { assertEmail, metadata, optionalString, pkceFields } from '../validation.ts';

const SignupBody = z.object({
  email: optionalString,
  password: optionalString,
  phone: optionalString,
  data: metadata,
  ...pkceFields,
});

/**
 * POST /signup: creates the user; a session when auto-confirm is on, otherwise a confirmation
 * e-mail. With confirmations on, an address that already has an account gets the same answer
 * as a new one (an obfuscated user) and its owner a notice instead: nothing tells who is
 * registered (docs/decisions/0152-sign-up-answers-alike-for-registered-addresses.md).
 */
export async function signup(call: AuthCall): Promise<ApiResponse> {
  const body = parseBody(call.request, SignupBody);
  await verifyCaptcha(call);
  if (!body.email && body.phone)
    throw new AuthError(400, ErrorCode.validationFailed, 'Phone signups are disabled');
  const email = assertEmail(body.email ?? undefined);
  const { db } = call.app;
  await enforce(db, 'signup', { ip: call.ip, account: email }, call.settings.rateLimits.signUp);
  if (!body.password)
    throw new AuthError(422, ErrorCode.validationFailed, 'Signup requires a valid password');
  assertStrongPassword(body.password, call.settings.minPasswordLength);
  const pkce = readPkce(body);
  const redirectTo = safeRedirect(call.request.query.get('redirect_to'), call.app.config);

  const existing = await findUserByEmail(db, email);
  const autoConfirm = call.app.config.autoConfirm;
  // Hashed whatever the outcome, so the time taken does not tell a registered address either.
  // Before the transaction: on PGlite a transaction holds the only connection.
  const encryptedPassword = await hashPassword(body.password);
  if (existing?.email_confirmed_at) {
    // With auto-confirm a new address gets a session at once, which cannot be faked: GoTrue
    // answers user_already_exists there too.
    if (autoConfirm)
      throw new AuthError(422, ErrorCode.userAlreadyExists, 'User already registered');
    return answerRegisteredAddress(call, email, body.data ?? {});
  }
  // An unconfirmed account is left as it is (as GoTrue does): the new sign-up has not proven
  // the address either, and taking its password would let anyone pre-empt the real owner, who
  // then confirms an account whose password the attacker chose. Only the e-mail is sent again.
  const user =
    existing ??
    (await db.transaction((tx) =>
      insertUser(tx, {
        email,
        encryptedPassword,
        userMetadata: body.data ?? {},
        confirmed: autoConfirm,
      }),
    ));
  if (autoConfirm && !existing) {
    return json(await db.transaction((tx) => signIn(call.app, tx, user, 'password', call.meta)));
  }
  await enforceEmailLimit(call, email);
  if (pkce) await createFlowState(db, user.id, pkce, 'email/signup');
  const notified = await sendAuthEmail(call, user, 'signup', {
    redirectTo,
    pkce: pkce !== undefined,
  });
  return json(await loadUserJson(db, notified));
}

/** The answer of a first sign-up, with a notice to the owner instead of a confirmation link. */
async function answerRegisteredAddress(
  call: AuthCall,
  email: string,
  data: Record<string, unknown>,
): Promise<ApiResponse> {
  await enforceEmailLimit(call, email);
  try {
    await call.mailer.send(renderAccountExistsEmail(email, call.app.config.siteUrl));
  } catch (error) {
    console.error(`auth: sending account-exists e-mail failed: ${(error as Error).message}`);
    // The same failure a new sign-up reports when its confirmation cannot be sent.
    throw new AuthError(500, ErrorCode.unexpectedFailure, 'Error sending confirmation email');
  }
  return json(obfuscatedUserJson(email, data));
}
