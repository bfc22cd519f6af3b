import { parsePhoneNumber } from 'awesome-phonenumber';
import { ErrorCode } from '../codes.ts';
import { AuthError } from '../errors.ts';

/**
 * A phone number as E.164 (`+447700900123`), or a 400 in GoTrue's words. International form is
 * expected; a UK number written nationally (`07700 900123`) is read as one, since the product
 * is UK-only. The number must be valid for its country (Google's libphonenumber metadata,
 * through awesome-phonenumber), not only shaped like E.164.
 */
export function toE164(input: string): string {
  const text = input.trim();
  const parsed = parsePhoneNumber(
    /^\d{10,15}$/.test(text) && !text.startsWith('0') ? `+${text}` : text,
    {
      regionCode: 'GB',
    },
  );
  if (!parsed.valid || !parsed.number?.e164) {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      'Invalid phone number format (E.164 required)',
    );
  }
  return parsed.number.e164;
}
