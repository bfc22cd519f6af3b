import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { verifyCaptcha } from '../captcha.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { verifyPassword } from '../passwords.ts';
import { json, parseBody } from '../request.ts';
import { signIn } from '../sessions/session-json.ts';
import { forgetSignInAttempts, guardSignIn } from '../sign-in-guard.ts';
import { findUserByEmail, normalizeEmail } from '../users/users-repo.ts';
import { optionalString } from '../validation.ts';

const PasswordBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
});

const invalidCredentials = () =>
  new AuthError(400, ErrorCode.invalidCredentials, 'Invalid login credentials');

/**
 * grant_type=password: one answer for unknown e-mail and wrong password (no enumeration); the
 * limits on guessing are in sign-in-guard.ts.
 */
export async function passwordGrant(call: AuthCall): Promise<ApiResponse> {
  const body = parseBody(call.request, PasswordBody);
  await verifyCaptcha(call);
  if (!body.email) throw new AuthError(400, ErrorCode.validationFailed, 'missing email or phone');
  const email = normalizeEmail(body.email);
  const { db } = call.app;
  const user = await findUserByEmail(db, email);
  await guardSignIn(call, email, user);
  // Always run bcrypt, even without a user, so response time does not reveal which e-mails exist.
  const matches = await verifyPassword(body.password ?? '', user?.encrypted_password);
  if (!user || !matches) throw invalidCredentials();
  await forgetSignInAttempts(call, email);
  if (!user.email_confirmed_at)
    throw new AuthError(400, ErrorCode.emailNotConfirmed, 'Email not confirmed');
  if (user.banned_until && new Date(user.banned_until) > new Date()) {
    throw new AuthError(400, ErrorCode.userBanned, 'User is banned');
  }
  return json(await db.transaction((tx) => signIn(call.app, tx, user, 'password', call.meta)));
}
