import { z } from 'zod';
import { StorageError } from './errors.ts';

/**
 * Object names, as storage-api accepts them: S3's safe characters (letters, digits, `_ / ! - . *
 * ' ( ) space & $ @ = ; : + , ?`) and, as newer storage-api releases do, printable non-ASCII
 * letters (unicode file names). Refused, because a client or server that puts the name into a URL
 * or a file path unencoded would read it as something else: `.` and `..` segments, empty
 * segments (a leading, doubled or trailing `/`), backslashes, `#`, `%`, and every control
 * character (NUL included, which PostgreSQL cannot store in text).
 */
const allowedCharacters =
  /^[\w/!\-.*'() &$@=;:+,?\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

export const MAX_OBJECT_NAME_LENGTH = 1024;

export const objectNameSchema = z
  .string()
  .min(1, 'The object name is empty')
  .max(
    MAX_OBJECT_NAME_LENGTH,
    `The object name is longer than ${MAX_OBJECT_NAME_LENGTH} characters`,
  )
  .refine((name) => allowedCharacters.test(name), {
    message:
      'The object name holds a character storage does not accept (control characters, \\, #, % and the like)',
  })
  .refine((name) => name.split('/').every((part) => part !== '' && part !== '.' && part !== '..'), {
    message: 'The object name has an empty, "." or ".." segment',
  });

const invalidKey = (message: string) =>
  new StorageError(400, 'InvalidKey', `Invalid key: ${message}`);

/** Throws 400 InvalidKey unless `name` may name a new object (uploads, copies, moves, links). */
export function assertValidObjectName(name: string): string {
  const parsed = objectNameSchema.safeParse(name);
  if (!parsed.success) throw invalidKey(parsed.error.issues[0]?.message ?? 'not accepted');
  return name;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Throws 400 InvalidKey when a name that only looks an object up holds a control character: no
 * object can have one, and PostgreSQL refuses a NUL in text with an error that is not the
 * caller's to see. Existing objects with names the stricter rule now refuses stay readable and
 * removable.
 */
export function assertLookupName(name: string): string {
  if (controlCharacters.test(name)) throw invalidKey('the name holds a control character');
  return name;
}
