import type { ApiResponse } from '../../http/types.ts';
import { requireUser } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { listIdentities } from '../users/users-repo.ts';

/**
 * GET /authorize and /user/identities/authorize: OAuth sign-in. This server has no external
 * providers (e-mail and password only), so it answers as GoTrue does for a disabled provider.
 */
export async function authorize(call: AuthCall): Promise<ApiResponse> {
  const provider = call.request.query.get('provider') ?? '';
  throw new AuthError(
    400,
    ErrorCode.providerDisabled,
    `Unsupported provider: provider ${provider} is not enabled`,
  );
}

/** DELETE /user/identities/:id: unlinking; the last identity of a user can never go. */
export async function unlinkIdentity(
  call: AuthCall,
  params: Record<string, string>,
): Promise<ApiResponse> {
  const { user } = await requireUser(call);
  const identities = await listIdentities(call.app.db, user.id);
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
  await call.app.db.query('delete from auth.identities where id = $1 and user_id = $2', [
    identity.id,
    user.id,
  ]);
  return { status: 200, body: {} };
}
