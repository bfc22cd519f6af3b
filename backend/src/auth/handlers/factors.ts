import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import { requireUser, type Authenticated } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import {
  deleteFactor,
  findChallengeForUpdate,
  findFactor,
  friendlyNameTaken,
  insertChallenge,
  insertFactor,
  markVerified,
} from '../mfa/factors-repo.ts';
import { challengeWebAuthn, enrollWebAuthn, verifyWebAuthn } from './factors-webauthn.ts';
import { isValidTotp, newTotpSecret, qrCodeSvg, totpUri } from '../mfa/totp.ts';
import { challengePhoneFactor, enrollPhoneFactor, phoneCodeValid } from './phone-factors.ts';
import { enforce } from '../rate-limit.ts';
import { json, parseBody } from '../request.ts';
import { sessionJson } from '../sessions/session-json.ts';
import { addAmrClaim, insertRefreshToken, setSessionAal } from '../sessions/sessions-repo.ts';
import type { FactorRow } from '../users/user-row.ts';
import { optionalString } from '../validation.ts';

const EnrollBody = z.object({
  factor_type: z.string(),
  friendly_name: optionalString,
  issuer: optionalString,
  phone: optionalString,
});
const ChallengeBody = z.object({ channel: optionalString });
const VerifyBody = z.object({ challenge_id: z.string().uuid(), code: z.string().max(64) });

const MAX_FACTORS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const safeIp = (ip: string) => (/^[0-9a-fA-F:.]+$/.test(ip) ? ip.replace(/^::ffff:/, '') : null);

async function ownFactor(call: AuthCall, auth: Authenticated, id: string): Promise<FactorRow> {
  const factor = UUID.test(id) ? await findFactor(call.app.db, auth.user.id, id) : undefined;
  if (!factor) throw new AuthError(404, ErrorCode.mfaFactorNotFound, 'Factor not found');
  return factor;
}

/**
 * POST /factors: a new unverified factor: TOTP with its secret, URI and QR code, a phone
 * (phone-factors.ts) or a passkey (factors-webauthn.ts).
 */
export async function enrollFactor(call: AuthCall): Promise<ApiResponse> {
  const auth = await requireUser(call);
  const body = parseBody(call.request, EnrollBody);
  if (
    body.factor_type !== 'totp' &&
    body.factor_type !== 'phone' &&
    body.factor_type !== 'webauthn'
  ) {
    throw new AuthError(
      422,
      ErrorCode.validationFailed,
      `MFA enroll for ${body.factor_type} is not supported`,
    );
  }
  const friendlyName = body.friendly_name ?? '';
  // As GoTrue: with a verified factor, only a session that passed it (aal2) may add another;
  // otherwise the password alone could enrol a new factor and reach aal2 through it.
  const { rows: verified } = await call.app.db.query(
    "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1",
    [auth.user.id],
  );
  if (verified.length > 0 && auth.session.aal !== 'aal2') {
    throw new AuthError(422, ErrorCode.insufficientAal, 'AAL2 required to enroll a new factor');
  }
  // GoTrue's MFA_MAX_ENROLLED_FACTORS: abandoned enrolments must not pile up without bound.
  const { rows } = await call.app.db.query<{ n: number }>(
    'select count(*)::int4 as n from auth.mfa_factors where user_id = $1',
    [auth.user.id],
  );
  if (Number(rows[0]?.n ?? 0) >= MAX_FACTORS) {
    throw new AuthError(
      422,
      ErrorCode.tooManyEnrolledMfaFactors,
      'Maximum number of enrolled factors reached, unenroll to continue',
    );
  }
  if (friendlyName && (await friendlyNameTaken(call.app.db, auth.user.id, friendlyName))) {
    throw new AuthError(
      422,
      ErrorCode.mfaFactorNameConflict,
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  if (body.factor_type === 'webauthn') return enrollWebAuthn(call, auth, friendlyName);
  if (body.factor_type === 'phone') return enrollPhoneFactor(call, auth, friendlyName, body.phone);
  const issuer = body.issuer || new URL(call.app.config.siteUrl).hostname;
  const secret = newTotpSecret();
  const uri = totpUri(secret, issuer, auth.user.email ?? auth.user.id);
  const factor = await insertFactor(call.app.db, auth.user.id, friendlyName, secret);
  return json({
    id: factor.id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: await qrCodeSvg(uri), secret, uri },
  });
}

/** POST /factors/:id/challenge */
export async function challengeFactor(
  call: AuthCall,
  params: Record<string, string>,
): Promise<ApiResponse> {
  const auth = await requireUser(call);
  const factor = await ownFactor(call, auth, params.id ?? '');
  if (factor.factor_type === 'webauthn') return challengeWebAuthn(call, auth, factor);
  if (factor.factor_type === 'phone') {
    const { channel } = parseBody(call.request, ChallengeBody);
    return challengePhoneFactor(call, auth, factor, safeIp(call.ip), channel);
  }
  const challenge = await insertChallenge(call.app.db, factor.id, safeIp(call.ip));
  const expiresAt =
    Math.floor(new Date(challenge.created_at).getTime() / 1000) +
    call.settings.mfaChallengeExpirySeconds;
  return json({ id: challenge.id, type: 'totp', expires_at: expiresAt });
}

/** POST /factors/:id/verify: a correct code lifts the session to aal2 and returns a new token pair. */
export async function verifyFactor(
  call: AuthCall,
  params: Record<string, string>,
): Promise<ApiResponse> {
  const auth = await requireUser(call);
  const factor = await ownFactor(call, auth, params.id ?? '');
  if (factor.factor_type === 'webauthn') return verifyWebAuthn(call, auth, factor);
  const body = parseBody(call.request, VerifyBody);
  await enforce(
    call.app.db,
    'mfa_verify',
    { ip: call.ip, account: auth.user.id },
    call.settings.rateLimits.verify,
  );
  const session = await call.app.db.transaction(async (tx) => {
    const challenge = await findChallengeForUpdate(tx, body.challenge_id);
    if (!challenge || challenge.factor_id !== factor.id || challenge.verified_at) {
      throw new AuthError(
        404,
        ErrorCode.mfaChallengeNotFound,
        'MFA factor with the provided challenge ID not found',
      );
    }
    const age = Date.now() - new Date(challenge.created_at).getTime();
    if (age > call.settings.mfaChallengeExpirySeconds * 1000) {
      throw new AuthError(
        422,
        ErrorCode.mfaChallengeExpired,
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (factor.factor_type === 'phone') {
      if (!(await phoneCodeValid(tx, challenge, body.code.trim())))
        throw new AuthError(422, ErrorCode.mfaVerificationFailed, 'Invalid MFA Phone code entered');
    } else if (!isValidTotp(factor.secret ?? '', body.code.trim())) {
      throw new AuthError(422, ErrorCode.mfaVerificationFailed, 'Invalid TOTP code entered');
    }
    await markVerified(tx, factor.id, challenge.id);
    await setSessionAal(tx, auth.session.id, 'aal2', factor.id);
    await addAmrClaim(tx, auth.session.id, factor.factor_type === 'phone' ? 'mfa/phone' : 'totp');
    if (factor.status === 'unverified') {
      // A first verified factor: sessions that never passed it must not stay signed in at aal1.
      await tx.query("delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'", [
        auth.user.id,
        auth.session.id,
      ]);
    }
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1',
      [auth.session.id],
    );
    const refreshToken = await insertRefreshToken(tx, auth.session, null);
    return sessionJson(call.app, tx, auth.user, { id: auth.session.id, aal: 'aal2' }, refreshToken);
  });
  return json(session);
}

/** DELETE /factors/:id: removing a verified factor needs an aal2 session. */
export async function unenrollFactor(
  call: AuthCall,
  params: Record<string, string>,
): Promise<ApiResponse> {
  const auth = await requireUser(call);
  const factor = await ownFactor(call, auth, params.id ?? '');
  if (factor.status === 'verified' && auth.session.aal !== 'aal2') {
    throw new AuthError(
      422,
      ErrorCode.insufficientAal,
      'AAL2 required to unenroll verified factor',
    );
  }
  await call.app.db.transaction((tx) => deleteFactor(tx, factor.id));
  return json({ id: factor.id });
}
