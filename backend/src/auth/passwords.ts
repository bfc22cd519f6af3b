import { dictionary } from '@zxcvbn-ts/language-common';
import bcrypt from 'bcryptjs';
import type { BcryptPool } from './bcrypt-pool.ts';
import { ErrorCode } from './codes.ts';
import { AuthError } from './errors.ts';

/** GoTrue's cost; hashes use the `$2a$` prefix Go's bcrypt writes (the algorithm is the same). */
const COST = 10;
/** bcrypt ignores bytes past 72, so GoTrue refuses longer passwords rather than truncating. */
const MAX_BYTES = 72;
/** A real hash to compare against when the user does not exist, so timing does not reveal it. */
const DUMMY_HASH = '$2a$10$7EqJtq98hPqEX7fNZaFWoOhi5BWX4Z/ZBRKU4Mu3bXhLn9UOvGj6S';

/** In-thread bcrypt until the server installs a worker pool (unit tests, scripts). */
let engine: BcryptPool = {
  hash: (password, salt) => bcrypt.hash(password, salt),
  compare: bcrypt.compare,
};

/** Called once by createAuthHandler: hashing then runs on worker threads. */
export function setPasswordEngine(pool: BcryptPool): void {
  engine = pool;
}

export async function hashPassword(password: string): Promise<string> {
  // Salt generation is cheap (random bytes); only the key schedule goes to the pool.
  const salt = bcrypt.genSaltSync(COST).replace(/^\$2b\$/, '$2a$');
  return engine.hash(password, salt);
}

/** Compares in constant-ish time even when there is no stored hash. */
export async function verifyPassword(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  const matches = await engine.compare(password, hash || DUMMY_HASH);
  return matches && Boolean(hash);
}

/**
 * The ~49,000 most common passwords from breach corpora, as zxcvbn-ts ships them
 * (@zxcvbn-ts/language-common, MIT; all lower case). Offline stand-in for GoTrue's HaveIBeenPwned
 * check: no password or hash prefix leaves the server.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/** Compared case-insensitively: "Password1" is as guessable as "password1". */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

const weak = (message: string, reason: 'length' | 'pwned') =>
  new AuthError(422, ErrorCode.weakPassword, message, { weak_password: { reasons: [reason] } });

/**
 * GoTrue's weak-password check for every new password: the minimum length (the product's is 6)
 * and, as GoTrue's leaked-password protection does, refusal of passwords known from breaches.
 */
export function assertStrongPassword(password: string, minLength: number): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_BYTES) {
    throw new AuthError(
      422,
      ErrorCode.validationFailed,
      `Password cannot be longer than ${MAX_BYTES} characters`,
    );
  }
  if (password.length < minLength)
    throw weak(`Password should be at least ${minLength} characters.`, 'length');
  if (isCommonPassword(password))
    throw weak(
      'Password is known to be weak and easy to guess, please choose a different one.',
      'pwned',
    );
}
