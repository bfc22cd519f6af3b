import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { requireServiceRole } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { sendAuthEmail } from '../mail-links/send-auth-email.ts';
import { safeRedirect } from '../redirect.ts';
import { json, parseBody } from '../request.ts';
import { loadUserJson } from '../users/user-json.ts';
import { findUserByEmail, insertUser } from '../users/users-repo.ts';
import { assertEmail, metadata } from '../validation.ts';

const InviteBody = z.object({ email: z.string(), data: metadata });

/** POST /invite (admin inviteUserByEmail): creates the user and e-mails an invitation link. */
export async function invite(call: AuthCall): Promise<ApiResponse> {
  await requireServiceRole(call);
  const body = parseBody(call.request, InviteBody);
  const email = assertEmail(body.email);
  const existing = await findUserByEmail(call.app.db, email);
  if (existing?.email_confirmed_at) {
    throw new AuthError(
      422,
      ErrorCode.emailExists,
      'A user with this email address has already been registered',
    );
  }
  const user =
    existing ??
    (await call.app.db.transaction((tx) =>
      insertUser(tx, {
        email,
        encryptedPassword: null,
        userMetadata: body.data ?? {},
        confirmed: false,
        invited: true,
      }),
    ));
  const redirectTo = safeRedirect(call.request.query.get('redirect_to'), call.app.config);
  const sent = await sendAuthEmail(call, user, 'invite', { redirectTo, pkce: false });
  return json(await loadUserJson(call.app.db, sent));
}
