import { getSupabaseClient, LEAD_CAPTURE_KEY } from '@promatch/shared';
import { createLead } from './create-lead';

jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  getSupabaseClient: jest.fn(),
}));

function fakeClient(error: unknown = null) {
  const insert = jest.fn().mockResolvedValue({ error });
  jest.mocked(getSupabaseClient).mockResolvedValue({ from: () => ({ insert }) } as never);
  return insert;
}

describe('createLead', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the browser record and the server consent with the same token', async () => {
    const insert = fakeClient();
    const record = await createLead({ email: 'Lead@Example.co.uk', consent: true, name: 'Lee' });
    expect(JSON.parse(localStorage.getItem(LEAD_CAPTURE_KEY)!)).toMatchObject({
      email: 'lead@example.co.uk',
      consentGiven: true,
      consentVersion: '1.0',
    });
    expect(insert).toHaveBeenCalledWith(
      expect.objectContaining({
        token: record.token,
        email: 'lead@example.co.uk',
        consent_version: '1.0',
        consented_at: record.capturedAt,
      }),
    );
  });

  it('drops the browser record when the server refuses', async () => {
    fakeClient({ code: '42501', message: 'denied' });
    await expect(createLead({ email: 'a@b.co', consent: true })).rejects.toThrow('denied');
    expect(localStorage.getItem(LEAD_CAPTURE_KEY)).toBeNull();
  });
});
