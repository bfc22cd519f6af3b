import { toStorageResponse } from './errors.ts';
import { quotaPrecheckEnabled } from './quota.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('42501 answered as Supabase Storage answers it', () => {
  it("passes a trigger's own reason through with 403", () => {
    const refused = pgError(
      '42501',
      'Your plan includes 1 MB of file storage and 1.0 MB is in use',
    );
    expect(toStorageResponse(refused)).toEqual({
      status: 403,
      body: {
        statusCode: '403',
        error: 'Unauthorized',
        message: 'Your plan includes 1 MB of file storage and 1.0 MB is in use',
      },
    });
  });

  it('keeps the fixed sentence for a row-level security refusal', () => {
    const policy = pgError(
      '42501',
      'new row violates row-level security policy for table "objects"',
    );
    expect(toStorageResponse(policy).body).toEqual({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
  });
});

it("the storage server's early limit check is on unless STORAGE_QUOTA_PRECHECK=off", () => {
  expect(quotaPrecheckEnabled({})).toBe(true);
  expect(quotaPrecheckEnabled({ STORAGE_QUOTA_PRECHECK: 'off' })).toBe(false);
});
