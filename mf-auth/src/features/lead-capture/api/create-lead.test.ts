import { LEAD_CAPTURE_KEY } from '@promatch/shared';
import { fakeSupabase, opArgs, type FakeResult } from '@promatch/shared/testing';
import { createLead } from './create-lead';

let answer: FakeResult = {};
const mockFake = fakeSupabase(() => answer);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

describe('createLead', () => {
  beforeEach(() => {
    localStorage.clear();
    mockFake.calls.length = 0;
    answer = {};
  });

  it('keeps the browser record and the server consent with the same token', async () => {
    const record = await createLead({ email: 'Lead@Example.co.uk', consent: true, name: 'Lee' });
    expect(JSON.parse(localStorage.getItem(LEAD_CAPTURE_KEY)!)).toMatchObject({
      email: 'lead@example.co.uk',
      consentGiven: true,
      consentVersion: '1.0',
    });
    const [call] = mockFake.calls;
    expect(call?.table).toBe('leads');
    expect(opArgs(call, 'insert')?.[0]).toEqual(
      expect.objectContaining({
        token: record.token,
        email: 'lead@example.co.uk',
        consent_version: '1.0',
        consented_at: record.capturedAt,
      }),
    );
  });

  it('drops the browser record when the server refuses', async () => {
    answer = { error: { code: '42501', message: 'denied' } };
    await expect(createLead({ email: 'a@b.co', consent: true })).rejects.toThrow('denied');
    expect(localStorage.getItem(LEAD_CAPTURE_KEY)).toBeNull();
  });
});
