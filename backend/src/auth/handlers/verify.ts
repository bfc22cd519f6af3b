import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { tokenHash } from '../mail-links/email-tokens.ts';
import { issueAuthCode } from '../mail-links/flow-state.ts';
import {
  consumeToken,
  invalidOtp,
  VERIFY_TYPES,
  type VerifyType,
} from '../mail-links/verify-token.ts';
import { enforce } from '../rate-limit.ts';
import { safeRedirect } from '../redirect.ts';
import { json, parseBody } from '../request.ts';
import { signIn, type SessionJson } from '../sessions/session-json.ts';
import { normalizeEmail } from '../users/users-repo.ts';
import { optionalString } from '../validation.ts';

const VerifyBody = z.object({
  type: z.enum(VERIFY_TYPES, { message: 'Verify requires a verification type' }),
  token_hash: optionalString,
  token: optionalString,
  email: optionalString,
  phone: optionalString,
});

const amrMethod = (type: VerifyType) =>
  type === 'recovery' ? 'recovery' : type === 'magiclink' ? 'magiclink' : 'otp';

/** Consumes the token and opens a session, in one transaction. */
type Verified = { code: string } | { session: SessionJson };

async function verifyAndSignIn(
  call: AuthCall,
  type: VerifyType,
  hash: string,
  allowCode: boolean,
): Promise<Verified> {
  return call.app.db.transaction<Verified>(async (tx) => {
    const verified = await consumeToken(tx, type, hash, call.settings.otpExpirySeconds);
    if (allowCode && verified.pkce) {
      const code = await issueAuthCode(tx, verified.user.id, verified.flowMethods);
      if (code) return { code };
    }
    return { session: await signIn(call.app, tx, verified.user, amrMethod(type), call.meta) };
  });
}

/** POST /verify: a token hash from a link, or the e-mail address plus the 6-digit code. */
export async function verifyPost(call: AuthCall): Promise<ApiResponse> {
  const body = parseBody(call.request, VerifyBody);
  // Six digits are guessable without a limit: count per IP and per address.
  const email = body.email ? normalizeEmail(body.email) : undefined;
  await enforce(
    call.app.db,
    'verify',
    { ip: call.ip, account: email },
    call.settings.rateLimits.verify,
  );
  let hash = body.token_hash ?? undefined;
  if (!hash && body.email && body.token)
    hash = tokenHash(normalizeEmail(body.email), body.token.trim());
  if (!hash) {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      'Verify requires either a token or a token hash',
    );
  }
  // verifyOtp expects a session, so a PKCE token typed in as a code also signs in directly.
  const result = await verifyAndSignIn(call, body.type, hash, false);
  return json('session' in result ? result.session : {});
}

function redirect(location: string): ApiResponse {
  return { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } };
}

/** The implicit flow's redirect: the session in the URL fragment, where detectSessionInUrl reads it. */
function sessionFragment(target: URL, session: SessionJson, type: VerifyType): string {
  target.hash = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  }).toString();
  return target.toString();
}

/** Errors go back to the app too: in the query for PKCE links, in the fragment otherwise (as GoTrue). */
function errorRedirect(target: URL, pkce: boolean, error: AuthError): ApiResponse {
  const params = {
    error: 'access_denied',
    error_code: error.code,
    error_description: 'Email link is invalid or has expired',
  };
  if (pkce) for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  else target.hash = new URLSearchParams(params).toString();
  return redirect(target.toString());
}

/** GET /verify?token=&type=&redirect_to=: the e-mail link. Always answers 303 back to the app. */
export async function verifyGet(call: AuthCall): Promise<ApiResponse> {
  const { query } = call.request;
  const target = new URL(safeRedirect(query.get('redirect_to'), call.app.config));
  const token = query.get('token') ?? '';
  const type = VERIFY_TYPES.find((candidate) => candidate === query.get('type'));
  const pkce = token.startsWith('pkce_');
  try {
    await enforce(call.app.db, 'verify', { ip: call.ip }, call.settings.rateLimits.verify);
    if (!type || !token) throw invalidOtp();
    const result = await verifyAndSignIn(call, type, token, true);
    if ('code' in result) {
      target.searchParams.set('code', result.code);
      return redirect(target.toString());
    }
    return redirect(sessionFragment(target, result.session, type));
  } catch (error) {
    if (error instanceof AuthError) return errorRedirect(target, pkce, error);
    throw error;
  }
}
