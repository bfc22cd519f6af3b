import type { ApiResponse } from '../../http/types.ts';
import { requireUser } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { noContent } from '../request.ts';
import { deleteSession, deleteUserSessions } from '../sessions/sessions-repo.ts';

/** POST /logout?scope=global|local|others. Deleting sessions also revokes their refresh tokens. */
export async function logout(call: AuthCall): Promise<ApiResponse> {
  const scope = call.request.query.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw new AuthError(400, ErrorCode.validationFailed, `Unsupported logout scope "${scope}"`);
  }
  const { user, session } = await requireUser(call);
  const { db } = call.app;
  if (scope === 'local') await deleteSession(db, session.id);
  else await deleteUserSessions(db, user.id, scope === 'others' ? session.id : undefined);
  return noContent();
}
