import { randomInt } from 'node:crypto';
import type { ApiResponse } from '../../http/types.ts';
import type { Authenticated } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import type { ChallengeRow } from '../mfa/factors-repo.ts';
import { deleteFactor, insertChallenge } from '../mfa/factors-repo.ts';
import { toE164 } from '../phone/phone-number.ts';
import {
  codeMatches,
  insertPhoneFactor,
  phoneFactorsFor,
  storeChallengeCode,
  challengeCode,
} from '../phone/phone-factors-repo.ts';
import { enforce, hit } from '../rate-limit.ts';
import { json } from '../request.ts';
import type { FactorRow } from '../users/user-row.ts';
import type { Queryable } from '../../db/types.ts';

const disabled = () =>
  new AuthError(422, ErrorCode.mfaPhoneEnrollNotEnabled, 'MFA enroll for phone is disabled');

/** POST /factors with factor_type=phone: a new unverified phone factor for an E.164 number. */
export async function enrollPhoneFactor(
  call: AuthCall,
  auth: Authenticated,
  friendlyName: string,
  rawPhone: string | null | undefined,
): Promise<ApiResponse> {
  if (!call.sms) throw disabled();
  if (!rawPhone?.trim())
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      'Phone number required to enroll Phone factor',
    );
  const phone = toE164(rawPhone);
  const existing = await phoneFactorsFor(call.app.db, auth.user.id, phone);
  if (existing.some((factor) => factor.status === 'verified')) {
    throw new AuthError(
      422,
      ErrorCode.mfaVerifiedFactorExists,
      'A verified phone factor already exists, unenroll the existing factor to continue',
    );
  }
  const factor = await call.app.db.transaction(async (tx) => {
    // As GoTrue: an abandoned enrolment of the same number is replaced.
    for (const stale of existing) await deleteFactor(tx, stale.id);
    return insertPhoneFactor(tx, auth.user.id, friendlyName, phone);
  });
  return json({ id: factor.id, type: 'phone', friendly_name: friendlyName, phone });
}

/**
 * POST /factors/:id/challenge for a phone factor: a new 6-digit code by SMS. One factor is sent
 * a code at most every SMS_MAX_FREQUENCY seconds, and RATE_LIMIT_SMS_SENT caps codes per client
 * address and per user, so the endpoint cannot be used to flood a number with texts.
 */
export async function challengePhoneFactor(
  call: AuthCall,
  auth: Authenticated,
  factor: FactorRow,
  ip: string | null,
  channel: string | null | undefined,
): Promise<ApiResponse> {
  const sms = call.sms;
  if (!sms) throw disabled();
  if (channel && channel !== 'sms')
    throw new AuthError(400, ErrorCode.validationFailed, 'Only the sms channel is supported');
  const { db } = call.app;
  const frequency = call.settings.smsMaxFrequencySeconds;
  if (frequency > 0 && !(await hit(db, `sms:factor:${factor.id}`, 1, frequency))) {
    throw new AuthError(
      429,
      ErrorCode.overSmsSendRateLimit,
      `For security purposes, you can only request this after ${frequency} seconds.`,
    );
  }
  await enforce(
    db,
    'sms_sent',
    { ip: call.ip, account: auth.user.id },
    call.settings.rateLimits.smsSent,
    ErrorCode.overSmsSendRateLimit,
  );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const challenge = await insertChallenge(db, factor.id, ip);
  await storeChallengeCode(db, challenge.id, code);
  try {
    await sms.send({
      to: factor.phone ?? '',
      body: `Your ProMatch verification code is ${code}. It expires in ${Math.round(call.settings.mfaChallengeExpirySeconds / 60)} minutes. Never share it.`,
    });
  } catch (error) {
    console.error(`auth: sending SMS failed: ${(error as Error).message}`);
    throw new AuthError(500, ErrorCode.unexpectedFailure, 'Error sending SMS');
  }
  const expiresAt =
    Math.floor(new Date(challenge.created_at).getTime() / 1000) +
    call.settings.mfaChallengeExpirySeconds;
  return json({ id: challenge.id, type: 'phone', expires_at: expiresAt });
}

/** Whether `code` is the one sent for `challenge` (compared as hashes, in constant time). */
export async function phoneCodeValid(
  db: Queryable,
  challenge: ChallengeRow,
  code: string,
): Promise<boolean> {
  return codeMatches(challenge.id, await challengeCode(db, challenge.id), code);
}
