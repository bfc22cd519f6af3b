import type { ApiResponse } from '../../http/types.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { passwordGrant } from './token-password.ts';
import { pkceGrant } from './token-pkce.ts';
import { refreshTokenGrant } from './token-refresh.ts';

const GRANTS: Record<string, (call: AuthCall) => Promise<ApiResponse>> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  pkce: pkceGrant,
};

/** POST /token?grant_type=...: dispatches to the grant. */
export async function token(call: AuthCall): Promise<ApiResponse> {
  const grant = GRANTS[call.request.query.get('grant_type') ?? ''];
  if (!grant) throw new AuthError(400, ErrorCode.validationFailed, 'unsupported_grant_type');
  return grant(call);
}
