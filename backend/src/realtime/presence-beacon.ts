import { actAs, identify, RealtimeAuthError } from './authorize.ts';
import { readJsonObject, type MalformedAnswer } from '../http/input.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { Realm } from './handlers.ts';

const answer = (status: number, message?: string): ApiResponse =>
  message ? { status, body: { message } } : { status };

/** The beacon's answer to malformed input, in its `{message}` shape. */
export const malformedBeacon: MalformedAnswer = (error) => answer(error.status, error.message);

function tokenOf(request: ApiRequest, body: Record<string, unknown>): string | undefined {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^bearer\s+(.+)$/i.exec(header)?.[1] : undefined;
  if (typeof body.access_token === 'string') return body.access_token;
  return request.query.get('access_token') ?? bearer?.trim();
}

/**
 * POST /api/update-presence-offline {user_id, status:'offline'} (decision 0030): the caller proves
 * who they are with their access token (Authorization: Bearer, or access_token in the body or
 * query for a real sendBeacon, which cannot set headers). Only the token's own user is set
 * offline, through update_user_presence as that user, so RLS and the RPC's checks still apply.
 * A body that is not a JSON object is thrown and answered by the mount (malformedBeacon).
 */
export function createPresenceBeacon(realm: Realm) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    if (request.path !== '/') return answer(404, 'not found');
    if (request.method !== 'POST') return answer(405, 'method not allowed');
    const body = readJsonObject(request);
    if (body.status !== undefined && body.status !== 'offline')
      return answer(400, "status must be 'offline'");
    let identity;
    try {
      identity = await identify(realm.ctx, tokenOf(request, body));
    } catch (error) {
      if (error instanceof RealtimeAuthError) return answer(401, error.message);
      throw error;
    }
    const userId = identity.claims.sub;
    if (identity.role !== 'authenticated' || !userId)
      return answer(401, 'a user access token is required');
    if (body.user_id !== undefined && body.user_id !== userId)
      return answer(403, 'you may only set yourself offline');
    try {
      await realm.ctx.db.transaction(async (tx) => {
        await actAs(tx, identity);
        await tx.query(`select public.update_user_presence($1::uuid, 'offline')`, [userId]);
      });
    } catch (error) {
      // e.g. a user without a profile yet (foreign key): nothing to set offline.
      return answer(400, (error as Error).message);
    }
    return answer(204);
  };
}
