import { useEffect, useState } from 'react';

/**
 * Phone numbers with Google's libphonenumber metadata (awesome-phonenumber), fetched only
 * where a phone number is typed or shown, never with the sign-in page itself.
 */
const library = () => import('awesome-phonenumber');

/** A typed UK (or international) number as E.164, or null when it is not a valid number. */
export async function toE164(input: string): Promise<string | null> {
  const { parsePhoneNumber } = await library();
  const parsed = parsePhoneNumber(input.trim(), { regionCode: 'GB' });
  return parsed.valid ? (parsed.number?.e164 ?? null) : null;
}

/** `+447911123456` as the UK writes it, `07911 123456`; other countries internationally. */
export async function ukFormat(e164: string): Promise<string> {
  const { parsePhoneNumber } = await library();
  const parsed = parsePhoneNumber(e164);
  if (!parsed.valid) return e164;
  return (
    // +44 is the UK numbering plan (with the Crown Dependencies, which share it).
    (parsed.countryCode === 44 ? parsed.number.national : parsed.number.international) ?? e164
  );
}

/** The number in UK format once the library has loaded (E.164 until then). */
export function useUkPhone(e164: string | undefined): string {
  const [shown, setShown] = useState(e164 ?? '');
  useEffect(() => {
    let live = true;
    setShown(e164 ?? '');
    if (e164)
      void ukFormat(e164).then((formatted) => {
        if (live) setShown(formatted);
      });
    return () => {
      live = false;
    };
  }, [e164]);
  return shown;
}
