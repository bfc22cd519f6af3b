import { z } from 'zod';
import type { Queryable } from '../../db/types.ts';
import type { ApiResponse } from '../../http/types.ts';
import type { AuthEmailKind } from '../../mail/templates.ts';
import { requireServiceRole } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { issueLink } from '../mail-links/send-auth-email.ts';
import { assertStrongPassword, hashPassword } from '../passwords.ts';
import { safeRedirect } from '../redirect.ts';
import { json, parseBody } from '../request.ts';
import type { UserRow } from '../users/user-row.ts';
import { loadUserJson } from '../users/user-json.ts';
import { findUserByEmail, insertUser, updateUser } from '../users/users-repo.ts';
import { assertEmail, metadata, optionalString } from '../validation.ts';

const LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const;
type LinkType = (typeof LINK_TYPES)[number];

const GenerateLinkBody = z.object({
  type: z.enum(LINK_TYPES, { message: 'Invalid email action link type requested' }),
  email: z.string(),
  password: optionalString,
  new_email: optionalString,
  data: metadata,
  redirect_to: optionalString,
});
type GenerateLinkInput = z.infer<typeof GenerateLinkBody>;

const emailTaken = () =>
  new AuthError(
    422,
    ErrorCode.emailExists,
    'A user with this email address has already been registered',
  );
const missingUser = () =>
  new AuthError(404, ErrorCode.userNotFound, 'User with this email not found');

/** Finds or creates the user the link is for, as each link type requires. */
async function prepareUser(
  call: AuthCall,
  db: Queryable,
  body: GenerateLinkInput,
  existing?: UserRow,
) {
  const email = assertEmail(body.email);
  switch (body.type) {
    case 'signup': {
      if (existing) throw emailTaken();
      if (!body.password)
        throw new AuthError(422, ErrorCode.validationFailed, 'Signup requires a valid password');
      assertStrongPassword(body.password, call.settings.minPasswordLength);
      const encryptedPassword = await hashPassword(body.password);
      return insertUser(db, {
        email,
        encryptedPassword,
        userMetadata: body.data ?? {},
        confirmed: false,
      });
    }
    case 'invite':
      if (existing?.email_confirmed_at) throw emailTaken();
      return (
        existing ??
        insertUser(db, {
          email,
          encryptedPassword: null,
          userMetadata: body.data ?? {},
          confirmed: false,
          invited: true,
        })
      );
    case 'magiclink':
    case 'recovery':
      if (!existing) throw missingUser();
      return existing;
    default: {
      if (!existing) throw missingUser();
      const newEmail = assertEmail(body.new_email ?? undefined);
      if (await findUserByEmail(db, newEmail)) throw emailTaken();
      return updateUser(db, existing.id, { email_change: newEmail });
    }
  }
}

const kindOf = (type: LinkType): AuthEmailKind =>
  type.startsWith('email_change') ? 'email_change' : (type as AuthEmailKind);

/** POST /admin/generate_link: the link and code an e-mail would carry, without sending it. */
export async function generateLink(call: AuthCall): Promise<ApiResponse> {
  await requireServiceRole(call);
  const body = parseBody(call.request, GenerateLinkBody);
  const redirectTo = safeRedirect(
    body.redirect_to ?? call.request.query.get('redirect_to'),
    call.app.config,
  );
  const { db } = call.app;
  const result = await db.transaction(async (tx) => {
    const user = await prepareUser(call, tx, body, await findUserByEmail(tx, body.email));
    return issueLink(call, tx, user, kindOf(body.type), { redirectTo, pkce: false });
  });
  return json({
    ...(await loadUserJson(db, result.user)),
    action_link: result.link,
    email_otp: result.otp,
    hashed_token: result.hash,
    verification_type: kindOf(body.type),
    redirect_to: redirectTo,
  });
}
