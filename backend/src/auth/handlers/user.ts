import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { requireCaller } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { createFlowState } from '../mail-links/flow-state.ts';
import { enforceEmailLimit, sendAuthEmail } from '../mail-links/send-auth-email.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../passwords.ts';
import { readPkce } from '../pkce.ts';
import { safeRedirect } from '../redirect.ts';
import { json, parseBody } from '../request.ts';
import type { UserPatch, UserRow } from '../users/user-row.ts';
import { loadUserJson } from '../users/user-json.ts';
import { findUserByEmail, syncEmailIdentity, updateUser } from '../users/users-repo.ts';
import { assertEmail, mergeMetadata, metadata, optionalString, pkceFields } from '../validation.ts';

const UpdateBody = z.object({
  email: optionalString,
  password: optionalString,
  phone: optionalString,
  nonce: optionalString,
  data: metadata,
  ...pkceFields,
});

/** GET /user: the signed-in user with identities and factors. */
export async function getUser(call: AuthCall): Promise<ApiResponse> {
  const { user } = await requireCaller(call);
  return json(await loadUserJson(call.app.db, user));
}

async function passwordPatch(call: AuthCall, user: UserRow, password: string): Promise<UserPatch> {
  assertStrongPassword(password, call.settings.minPasswordLength);
  if (await verifyPassword(password, user.encrypted_password)) {
    throw new AuthError(
      422,
      ErrorCode.samePassword,
      'New password should be different from the old password.',
    );
  }
  return { encrypted_password: await hashPassword(password) };
}

/** A new address: applied at once with auto-confirm, otherwise confirmed through a link sent to it. */
async function changeEmail(
  call: AuthCall,
  user: UserRow,
  body: z.infer<typeof UpdateBody>,
): Promise<UserRow> {
  const email = assertEmail(body.email ?? undefined);
  if (email === user.email) return user;
  if (await findUserByEmail(call.app.db, email)) {
    throw new AuthError(
      422,
      ErrorCode.emailExists,
      'A user with this email address has already been registered',
    );
  }
  if (call.app.config.autoConfirm) {
    const updated = await updateUser(call.app.db, user.id, { email });
    await syncEmailIdentity(call.app.db, updated);
    return updated;
  }
  await enforceEmailLimit(call, email);
  const pkce = readPkce(body);
  if (pkce) await createFlowState(call.app.db, user.id, pkce, 'email_change');
  const pending = await updateUser(call.app.db, user.id, { email_change: email });
  const redirectTo = safeRedirect(call.request.query.get('redirect_to'), call.app.config);
  return sendAuthEmail(call, pending, 'email_change', { redirectTo, pkce: pkce !== undefined });
}

/** PUT /user: metadata (merged), password, e-mail. */
export async function updateCurrentUser(call: AuthCall): Promise<ApiResponse> {
  const { user } = await requireCaller(call);
  const body = parseBody(call.request, UpdateBody);
  const patch: UserPatch = {};
  if (body.data) patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, body.data);
  if (body.password) Object.assign(patch, await passwordPatch(call, user, body.password));
  let updated =
    Object.keys(patch).length > 0 ? await updateUser(call.app.db, user.id, patch) : user;
  if (body.email) updated = await changeEmail(call, updated, body);
  return json(await loadUserJson(call.app.db, updated));
}
