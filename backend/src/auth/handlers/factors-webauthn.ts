/**
 * Passkeys (WebAuthn) as a second factor, on GoTrue's factor endpoints and in the shape
 * supabase-js 2.119 `auth.mfa.webauthn` speaks: enrol (POST /factors, factor_type webauthn),
 * challenge (POST /factors/:id/challenge: creation options for a new factor, request options for
 * a verified one) and verify (POST /factors/:id/verify with the browser's credential JSON). A
 * passing verification lifts the session to aal2 exactly as a TOTP code does. The checks are
 * @simplewebauthn/server's; the RP id and origins come from webauthn-settings.ts, never from the
 * request (the client's rpId/rpOrigins must match them or the call is refused).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import type { ApiResponse } from '../../http/types.ts';
import type { Authenticated } from '../authenticate.ts';
import { ErrorCode } from '../codes.ts';
import type { AuthCall } from '../context.ts';
import { AuthError } from '../errors.ts';
import { insertChallenge, markVerified } from '../mfa/factors-repo.ts';
import { webAuthnSettings, type WebAuthnSettings } from '../mfa/webauthn-settings.ts';
import {
  credentialIdTaken,
  credentialOfFactor,
  credentialsOfUser,
  insertCredential,
  insertWebAuthnChallenge,
  recordUse,
  takeWebAuthnChallenge,
} from '../mfa/webauthn-repo.ts';
import { enforce } from '../rate-limit.ts';
import { json, parseBody } from '../request.ts';
import { sessionJson } from '../sessions/session-json.ts';
import { addAmrClaim, insertRefreshToken, setSessionAal } from '../sessions/sessions-repo.ts';
import type { FactorRow } from '../users/user-row.ts';

const RelyingParty = z
  .object({
    rpId: z.string().max(253).optional(),
    rpOrigins: z.array(z.string().max(2048)).max(10).optional(),
  })
  .optional();

const ChallengeBody = z.object({ webauthn: RelyingParty });

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

/** The JSON of a PublicKeyCredential (toJSON(), or auth-js's serializer): shape only. */
const CredentialJson = z.object({
  id: b64url.min(16),
  rawId: b64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url.optional(),
    authenticatorData: b64url.optional(),
    signature: b64url.optional(),
    userHandle: b64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

const VerifyBody = z.object({
  challenge_id: z.string().uuid(),
  webauthn: z.object({
    type: z.enum(['create', 'request']),
    rpId: z.string().max(253).optional(),
    rpOrigins: z.array(z.string().max(2048)).max(10).optional(),
    credential_response: CredentialJson,
  }),
});

function settingsOf(call: AuthCall): WebAuthnSettings {
  return webAuthnSettings(call.app.config.siteUrl);
}

/** The client states the RP it expects; a mismatch with the configuration is refused, not used. */
function checkRelyingParty(
  rp: WebAuthnSettings,
  claimed: { rpId?: string; rpOrigins?: string[] } | undefined,
): void {
  if (claimed?.rpId !== undefined && claimed.rpId !== rp.rpId) {
    throw new AuthError(
      422,
      ErrorCode.validationFailed,
      `WebAuthn rpId "${claimed.rpId}" is not this server's relying party (${rp.rpId})`,
    );
  }
  const foreign = (claimed?.rpOrigins ?? []).find((origin) => !rp.origins.includes(origin));
  if (foreign !== undefined) {
    throw new AuthError(
      422,
      ErrorCode.validationFailed,
      `WebAuthn origin "${foreign}" is not allowed; allowed: ${rp.origins.join(', ')}`,
    );
  }
}

/**
 * A key may be added to an unverified factor only by a session that could have enrolled it: with
 * a verified factor on the account, an aal2 one. Otherwise the password alone could put its own
 * key on a factor the owner left unfinished (a cancelled prompt) and reach aal2 through it.
 */
async function requireAal2ForNewKey(call: AuthCall, auth: Authenticated): Promise<void> {
  if (auth.session.aal === 'aal2') return;
  const { rows } = await call.app.db.query(
    "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1",
    [auth.user.id],
  );
  if (rows.length > 0) {
    throw new AuthError(422, ErrorCode.insufficientAal, 'AAL2 required to register a passkey');
  }
}

/** POST /factors with factor_type webauthn: an unverified factor; the key comes at verify. */
export async function enrollWebAuthn(
  call: AuthCall,
  auth: Authenticated,
  friendlyName: string,
): Promise<ApiResponse> {
  if (!settingsOf(call).enrollEnabled) {
    throw new AuthError(
      422,
      ErrorCode.mfaWebAuthnEnrollNotEnabled,
      'MFA enroll is disabled for WebAuthn',
    );
  }
  const { rows } = await call.app.db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
     values ($1, $2, $3, 'webauthn', 'unverified', now(), now()) returning *`,
    [crypto.randomUUID(), auth.user.id, friendlyName],
  );
  const factor = rows[0] as FactorRow;
  return json({ id: factor.id, type: 'webauthn', friendly_name: friendlyName });
}

/** POST /factors/:id/challenge for a webauthn factor. */
export async function challengeWebAuthn(
  call: AuthCall,
  auth: Authenticated,
  factor: FactorRow,
): Promise<ApiResponse> {
  const rp = settingsOf(call);
  const body = parseBody(call.request, ChallengeBody);
  checkRelyingParty(rp, body.webauthn);
  const ceremony = factor.status === 'verified' ? 'request' : 'create';
  if (ceremony === 'request' && !rp.verifyEnabled) {
    throw new AuthError(
      422,
      ErrorCode.mfaWebAuthnVerifyNotEnabled,
      'MFA verification is disabled for WebAuthn',
    );
  }
  const timeoutMs = call.settings.mfaChallengeExpirySeconds * 1000;
  let publicKey;
  if (ceremony === 'create') {
    await requireAal2ForNewKey(call, auth);
    const existing = await credentialsOfUser(call.app.db, auth.user.id);
    const name = auth.user.email || auth.user.id;
    const meta = (auth.user.raw_user_meta_data ?? {}) as { name?: unknown; full_name?: unknown };
    const display = typeof meta.name === 'string' && meta.name ? meta.name : name;
    publicKey = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpId,
      userID: new Uint8Array(Buffer.from(auth.user.id.replace(/-/g, ''), 'hex')),
      userName: name,
      userDisplayName: display,
      timeout: timeoutMs,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
  } else {
    const credential = await credentialOfFactor(call.app.db, factor.id);
    if (!credential) {
      throw new AuthError(404, ErrorCode.mfaFactorNotFound, 'Factor has no passkey');
    }
    publicKey = await generateAuthenticationOptions({
      rpID: rp.rpId,
      timeout: timeoutMs,
      userVerification: 'preferred',
      allowCredentials: [{ id: credential.credential_id, transports: credential.transports }],
    });
  }
  const safeIp = /^[0-9a-fA-F:.]+$/.test(call.ip) ? call.ip.replace(/^::ffff:/, '') : null;
  const { challenge, expiresAt } = await call.app.db.transaction(async (tx) => {
    const row = await insertChallenge(tx, factor.id, safeIp);
    const expires = await insertWebAuthnChallenge(
      tx,
      row.id,
      publicKey.challenge,
      ceremony,
      call.settings.mfaChallengeExpirySeconds,
    );
    return { challenge: row, expiresAt: expires };
  });
  return json({
    id: challenge.id,
    type: 'webauthn',
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    webauthn: { type: ceremony, credential_options: { publicKey } },
  });
}

const rejected = (why: string) =>
  new AuthError(422, ErrorCode.mfaVerificationFailed, `WebAuthn verification failed: ${why}`);

const reason = (cause: unknown) => (cause instanceof Error ? cause.message : 'invalid credential');

/** POST /factors/:id/verify for a webauthn factor: registration or assertion, then aal2. */
export async function verifyWebAuthn(
  call: AuthCall,
  auth: Authenticated,
  factor: FactorRow,
): Promise<ApiResponse> {
  const rp = settingsOf(call);
  const body = parseBody(call.request, VerifyBody);
  checkRelyingParty(rp, body.webauthn);
  await enforce(
    call.app.db,
    'mfa_verify',
    { ip: call.ip, account: auth.user.id },
    call.settings.rateLimits.verify,
  );
  const taken = await takeWebAuthnChallenge(call.app.db, body.challenge_id, factor.id);
  if (!taken) {
    throw new AuthError(
      404,
      ErrorCode.mfaChallengeNotFound,
      'MFA factor with the provided challenge ID not found',
    );
  }
  if (taken.expired) {
    throw new AuthError(
      422,
      ErrorCode.mfaChallengeExpired,
      `MFA challenge ${body.challenge_id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (taken.ceremony !== body.webauthn.type) {
    throw rejected(`this challenge expects a "${taken.ceremony}" response`);
  }
  const response = body.webauthn.credential_response;
  let onSuccess: (
    tx: Parameters<Parameters<typeof call.app.db.transaction>[0]>[0],
  ) => Promise<void>;
  if (taken.ceremony === 'create') {
    await requireAal2ForNewKey(call, auth);
    // Another challenge already put a key on this factor.
    if (factor.status !== 'unverified') throw rejected('this factor already has its passkey');
    if (!response.response.attestationObject) throw rejected('attestationObject is missing');
    let result;
    try {
      result = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        requireUserVerification: false,
      });
    } catch (cause) {
      throw rejected(reason(cause));
    }
    if (!result.verified) throw rejected('registration not verified');
    const info = result.registrationInfo;
    if (await credentialIdTaken(call.app.db, info.credential.id)) {
      throw rejected('this passkey is already registered');
    }
    onSuccess = async (tx) => {
      await insertCredential(tx, {
        factorId: factor.id,
        userId: auth.user.id,
        credentialId: info.credential.id,
        publicKey: info.credential.publicKey,
        signCount: info.credential.counter,
        transports: info.credential.transports ?? [],
        aaguid: /^[0-9a-f-]{36}$/i.test(info.aaguid) ? info.aaguid : null,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      });
    };
  } else {
    const credential = await credentialOfFactor(call.app.db, factor.id);
    if (!credential || credential.credential_id !== response.id) {
      throw rejected('the passkey used is not the one registered for this factor');
    }
    if (!response.response.authenticatorData || !response.response.signature) {
      throw rejected('authenticatorData and signature are required');
    }
    let result;
    try {
      result = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        credential: {
          id: credential.credential_id,
          publicKey: credential.public_key,
          counter: credential.sign_count,
          transports: credential.transports,
        },
        requireUserVerification: false,
      });
    } catch (cause) {
      throw rejected(reason(cause));
    }
    if (!result.verified) throw rejected('signature not verified');
    const counter = result.authenticationInfo.newCounter;
    onSuccess = (tx) => recordUse(tx, factor.id, counter);
  }
  const session = await call.app.db.transaction(async (tx) => {
    await onSuccess(tx);
    await markVerified(tx, factor.id, body.challenge_id);
    await setSessionAal(tx, auth.session.id, 'aal2', factor.id);
    await addAmrClaim(tx, auth.session.id, 'mfa/webauthn');
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
