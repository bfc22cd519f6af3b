import type { User } from '@supabase/supabase-js';
import { resolveAccountType, toAppUser } from './app-user';

const authUser = (overrides: Partial<User> = {}): User =>
  ({
    id: 'u-1',
    email: 'jane.doe@acme.co.uk',
    user_metadata: {},
    app_metadata: {},
    aud: 'authenticated',
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  }) as User;

describe('the user as the app sees it', () => {
  it('prefers the profile, then sign-up metadata, for name and account type', () => {
    const user = toAppUser(
      authUser({ user_metadata: { name: 'Meta Name', account_type: 'business' } }),
      {
        name: 'Profile Name',
        account_type: 'professional',
        company: 'Acme Ltd',
        industry: 'Retail',
        role: 'user',
      },
    );
    expect(user).toMatchObject({
      name: 'Profile Name',
      type: 'professional',
      company: 'Acme Ltd',
      domain: 'acme.co.uk',
    });
    expect(user.user_metadata).toEqual({ name: 'Meta Name', account_type: 'business' });
  });

  it('falls back to metadata when the profile is missing, then to the e-mail', () => {
    expect(
      toAppUser(authUser({ user_metadata: { name: 'Meta Name', account_type: 'business' } }), null),
    ).toMatchObject({
      name: 'Meta Name',
      type: 'business',
    });
    expect(toAppUser(authUser(), null)).toMatchObject({ name: 'jane.doe', type: 'professional' });
  });

  it('resolves the account type: profile, metadata, user type, then professional', () => {
    expect(resolveAccountType(null, { type: 'business' })).toBe('business');
    expect(resolveAccountType(null, { account_type: 'nonsense' })).toBe('professional');
  });
});
