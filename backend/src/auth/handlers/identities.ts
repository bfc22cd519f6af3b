import type { ApiResponse } from '../../http/types.ts';
import { requireUser } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { listIdentities } from '../users/users-repo.ts';

/**
 * DELETE /user/identities/:id: unlinking; the last identity of a user can never go. The count is
 * taken with the user's row locked, so two unlinks sent at once (one per identity of an account
 * with two) cannot both see two identities and leave none.
 */
export async function unlinkIdentity(
  call: AuthCall,
  params: Record<string, string>,
): Promise<ApiResponse> {
  const { user } = await requireUser(call);
  await call.app.db.transaction(async (tx) => {
    await tx.query('select id from auth.users where id = $1 for update', [user.id]);
    const identities = await listIdentities(tx, user.id);
    const identity = identities.find((candidate) => candidate.id === params.id);
    if (!identity)
      throw new AuthError(404, ErrorCode.identityNotFound, 'Identity doesn\u2019t exist');
    if (identities.length <= 1) {
      throw new AuthError(
        422,
        ErrorCode.singleIdentityNotDeletable,
        'User must have at least 1 identity after unlinking',
      );
    }
    await tx.query('delete from auth.identities where id = $1 and user_id = $2', [
      identity.id,
      user.id,
    ]);
    // app_metadata keeps listing only the ways in that remain, as GoTrue's does.
    await tx.query(
      `update auth.users set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
         (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) from auth.identities where user_id = $1)),
         updated_at = now() where id = $1`,
      [user.id],
    );
  });
  return { status: 200, body: {} };
}
