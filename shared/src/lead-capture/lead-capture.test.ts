import { addDays, subDays } from 'date-fns';
import {
  isLeadCaptureValid,
  LEAD_CAPTURE_KEY,
  readLeadCapture,
  saveLeadCapture,
} from './lead-capture';

describe('lead capture', () => {
  beforeEach(() => localStorage.clear());

  it('is saved with consent version 1.0 for 30 days and read back', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const saved = saveLeadCapture(
      { email: 'visitor@example.co.uk', company: 'Acme' },
      localStorage,
      now,
    );
    expect(saved).toMatchObject({
      consentGiven: true,
      consentVersion: '1.0',
      email: 'visitor@example.co.uk',
    });
    expect(saved.expiresAt).toBe(addDays(now, 30).toISOString());
    expect(readLeadCapture(localStorage, now)).toEqual(saved);
  });

  it('is removed once expired', () => {
    const then = new Date('2026-01-01T00:00:00Z');
    saveLeadCapture({ email: 'visitor@example.co.uk' }, localStorage, subDays(then, 31));
    expect(readLeadCapture(localStorage, then)).toBeNull();
    expect(localStorage.getItem(LEAD_CAPTURE_KEY)).toBeNull();
  });

  it('is removed when consent or its version is wrong, or the record is unreadable', () => {
    const future = addDays(new Date(), 5).toISOString();
    expect(
      isLeadCaptureValid({ consentGiven: true, consentVersion: '0.9', expiresAt: future }),
    ).toBe(false);
    localStorage.setItem(LEAD_CAPTURE_KEY, '{not json');
    expect(readLeadCapture()).toBeNull();
    expect(localStorage.getItem(LEAD_CAPTURE_KEY)).toBeNull();
  });
});
