import { SignJWT } from 'jose';

/** The Twilio account the function signs for; the secret never leaves the server. */
export interface TwilioAccount {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
}

export interface VideoTokenRequest {
  identity: string;
  room: string;
  /** Seconds the token is valid; Twilio accepts at most 86,400. */
  ttlSeconds: number;
  now?: Date;
}

/** Twilio's longest allowed access-token lifetime. */
export const MAX_TTL_SECONDS = 86_400;

/**
 * A Twilio access token with one Video grant, in the shape Twilio's own helper library produces:
 * HS256 with the API key secret, header cty 'twilio-fpa;v=1', iss = API key, sub = account,
 * grants { identity, video: { room } }. Minting is local signing: no request reaches Twilio.
 */
export async function mintVideoToken(
  account: TwilioAccount,
  { identity, room, ttlSeconds, now = new Date() }: VideoTokenRequest,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const ttl = Math.max(1, Math.min(ttlSeconds, MAX_TTL_SECONDS));
  return new SignJWT({ grants: { identity, video: { room } } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' })
    .setJti(`${account.apiKeySid}-${issuedAt}`)
    .setIssuer(account.apiKeySid)
    .setSubject(account.accountSid)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttl)
    .sign(new TextEncoder().encode(account.apiKeySecret));
}
