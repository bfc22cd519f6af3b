import { createHash } from 'node:crypto';
import { ErrorCode } from './codes.ts';
import { AuthError } from './errors.ts';

export type ChallengeMethod = 's256' | 'plain';

/** RFC 7636: a verifier (and a plain challenge) is 43 to 128 characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export function parseChallengeMethod(value: unknown): ChallengeMethod {
  const method = typeof value === 'string' ? value.toLowerCase() : '';
  if (method === 's256' || method === 'plain') return method;
  throw new AuthError(
    400,
    ErrorCode.validationFailed,
    'Code challenge method must be one of s256 or plain',
  );
}

/** A PKCE request, or undefined when the client did not send a challenge (implicit flow). */
export function readPkce(body: {
  code_challenge?: unknown;
  code_challenge_method?: unknown;
}): { challenge: string; method: ChallengeMethod } | undefined {
  if (
    body.code_challenge === undefined ||
    body.code_challenge === null ||
    body.code_challenge === ''
  )
    return undefined;
  if (
    typeof body.code_challenge !== 'string' ||
    body.code_challenge.length < 43 ||
    body.code_challenge.length > 128
  ) {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      'code challenge has to be between 43 and 128 characters',
    );
  }
  return {
    challenge: body.code_challenge,
    method: parseChallengeMethod(body.code_challenge_method),
  };
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Checks a verifier against the stored challenge. */
export function verifierMatches(
  verifier: string,
  challenge: string,
  method: ChallengeMethod,
): boolean {
  if (!VERIFIER.test(verifier)) return false;
  return (method === 's256' ? s256(verifier) : verifier) === challenge;
}
