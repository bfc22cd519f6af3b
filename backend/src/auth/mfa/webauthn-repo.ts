import type { Queryable } from '../../db/types.ts';

/** A passkey's public half (auth.webauthn_credentials), as the verifier needs it. */
export interface CredentialRow {
  factor_id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array<ArrayBuffer>;
  sign_count: number;
  transports: string[];
}

interface CredentialDbRow extends Omit<CredentialRow, 'public_key' | 'sign_count'> {
  public_key_hex: string;
  sign_count: string | number;
}

const CREDENTIAL_COLUMNS = `factor_id, user_id, credential_id, encode(public_key, 'hex') as public_key_hex,
  sign_count, transports`;

function toCredential(row: CredentialDbRow): CredentialRow {
  return {
    factor_id: row.factor_id,
    user_id: row.user_id,
    credential_id: row.credential_id,
    public_key: Uint8Array.from(Buffer.from(row.public_key_hex, 'hex')),
    sign_count: Number(row.sign_count),
    transports: row.transports ?? [],
  };
}

export async function credentialOfFactor(
  db: Queryable,
  factorId: string,
): Promise<CredentialRow | undefined> {
  const { rows } = await db.query<CredentialDbRow>(
    `select ${CREDENTIAL_COLUMNS} from auth.webauthn_credentials where factor_id = $1`,
    [factorId],
  );
  return rows[0] ? toCredential(rows[0]) : undefined;
}

/** Every passkey of the user: registration excludes them, so one authenticator is not added twice. */
export async function credentialsOfUser(db: Queryable, userId: string): Promise<CredentialRow[]> {
  const { rows } = await db.query<CredentialDbRow>(
    `select ${CREDENTIAL_COLUMNS} from auth.webauthn_credentials where user_id = $1`,
    [userId],
  );
  return rows.map(toCredential);
}

export async function credentialIdTaken(db: Queryable, credentialId: string): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from auth.webauthn_credentials where credential_id = $1',
    [credentialId],
  );
  return rows.length > 0;
}

export interface NewCredential {
  factorId: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  aaguid: string | null;
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

export async function insertCredential(db: Queryable, c: NewCredential): Promise<void> {
  await db.query(
    `insert into auth.webauthn_credentials
       (factor_id, user_id, credential_id, public_key, sign_count, transports, aaguid, device_type,
        backed_up, created_at, last_used_at)
     values ($1, $2, $3, decode($4, 'hex'), $5, $6::text[], $7::uuid, $8, $9, now(), now())`,
    [
      c.factorId,
      c.userId,
      c.credentialId,
      Buffer.from(c.publicKey).toString('hex'),
      c.signCount,
      c.transports,
      c.aaguid,
      c.deviceType,
      c.backedUp,
    ],
  );
}

export async function recordUse(db: Queryable, factorId: string, signCount: number): Promise<void> {
  await db.query(
    `update auth.webauthn_credentials set sign_count = $2, last_used_at = now()
      where factor_id = $1`,
    [factorId, signCount],
  );
}

export type Ceremony = 'create' | 'request';

export async function insertWebAuthnChallenge(
  db: Queryable,
  challengeId: string,
  challenge: string,
  ceremony: Ceremony,
  expiresInSeconds: number,
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `insert into auth.webauthn_challenges (challenge_id, challenge, ceremony, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning expires_at`,
    [challengeId, challenge, ceremony, expiresInSeconds],
  );
  return new Date((rows[0] as { expires_at: Date }).expires_at);
}

export interface TakenChallenge {
  challenge: string;
  ceremony: Ceremony;
  expired: boolean;
}

/**
 * Marks the challenge used and returns it, or undefined when it is unknown, belongs to another
 * factor or was used before. One statement, so two concurrent verifications cannot both take it;
 * it is spent even when the verification that follows fails.
 */
export async function takeWebAuthnChallenge(
  db: Queryable,
  challengeId: string,
  factorId: string,
): Promise<TakenChallenge | undefined> {
  const { rows } = await db.query<TakenChallenge>(
    `update auth.webauthn_challenges w set consumed_at = now()
       from auth.mfa_challenges c
      where w.challenge_id = $1 and c.id = w.challenge_id and c.factor_id = $2
        and w.consumed_at is null and c.verified_at is null
      returning w.challenge, w.ceremony, w.expires_at < now() as expired`,
    [challengeId, factorId],
  );
  return rows[0];
}
