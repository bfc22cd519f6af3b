import { z } from 'zod';
import { ErrorCode } from './codes.ts';
import { AuthError } from './errors.ts';

/** Loose on purpose: GoTrue accepts what net/mail parses; we only require one @ and a dot-less-free domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function assertEmail(email: string | undefined): string {
  const value = (email ?? '').trim().toLowerCase();
  if (!EMAIL.test(value) || value.length > 255) {
    throw new AuthError(
      400,
      ErrorCode.emailAddressInvalid,
      'Unable to validate email address: invalid format',
    );
  }
  return value;
}

export const metadata = z.record(z.string(), z.unknown()).nullish();
export const optionalString = z.string().nullish();

/** Fields of every e-mail-sending request that may start a PKCE flow. */
export const pkceFields = {
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
};

/** GoTrue merges metadata: keys set to null are removed. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  update: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
