import { addDays, isAfter } from 'date-fns';

export const LEAD_CAPTURE_KEY = 'promatch.leadCapture';
const LEAD_CONSENT_VERSION = '1.0';
const LEAD_CAPTURE_DAYS = 30;

/** The lead capture record kept in browser storage: who consented, to which version, until when. */
export interface LeadCapture {
  token: string;
  capturedAt: string;
  expiresAt: string;
  consentGiven: true;
  consentVersion: string;
  email: string;
  [field: string]: unknown;
}

export function isLeadCaptureValid(record: Partial<LeadCapture> | null, now = new Date()): boolean {
  return (
    record?.consentGiven === true &&
    record.consentVersion === LEAD_CONSENT_VERSION &&
    typeof record.expiresAt === 'string' &&
    isAfter(new Date(record.expiresAt), now)
  );
}

/**
 * Reads the stored lead capture. It counts only while consent is given, the version is '1.0' and
 * it has not expired; anything else is removed, so stale consent never opens a page.
 */
export function readLeadCapture(
  storage: Storage = localStorage,
  now = new Date(),
): LeadCapture | null {
  let record: Partial<LeadCapture> | null;
  try {
    record = JSON.parse(storage.getItem(LEAD_CAPTURE_KEY) ?? 'null') as Partial<LeadCapture> | null;
  } catch {
    record = null;
  }
  if (record && isLeadCaptureValid(record, now)) return record as LeadCapture;
  storage.removeItem(LEAD_CAPTURE_KEY);
  return null;
}

export function saveLeadCapture(
  fields: { email: string } & Record<string, unknown>,
  storage: Storage = localStorage,
  now = new Date(),
): LeadCapture {
  const record: LeadCapture = {
    ...fields,
    token: crypto.randomUUID(),
    capturedAt: now.toISOString(),
    expiresAt: addDays(now, LEAD_CAPTURE_DAYS).toISOString(),
    consentGiven: true,
    consentVersion: LEAD_CONSENT_VERSION,
  };
  storage.setItem(LEAD_CAPTURE_KEY, JSON.stringify(record));
  return record;
}
