import { checkFeatureAccess, hasFeatureAccess, limitReachedMessage } from './feature-access';

const free = {
  features: { early_project_access: false, profile_creation: true },
  limits: { monthly_applications: 10, file_storage: 500 },
};
const pro = {
  features: { early_project_access: true, profile_creation: true },
  limits: { monthly_applications: -1, file_storage: 10240 },
};

describe('checkFeatureAccess', () => {
  it('needs the flag on', () => {
    expect(checkFeatureAccess(free, { feature: 'early_project_access' })).toEqual({
      allowed: false,
      reason: 'feature-off',
    });
    expect(hasFeatureAccess(pro, { feature: 'early_project_access' })).toBe(true);
    expect(hasFeatureAccess(pro, { feature: 'featured_profile' })).toBe(false);
  });

  it('treats -1 as unlimited however much is used', () => {
    expect(checkFeatureAccess(pro, { limit: 'monthly_applications', usage: 5000 })).toEqual({
      allowed: true,
      limit: -1,
      remaining: null,
    });
  });

  it('allows while usage is below the limit and refuses at it', () => {
    expect(checkFeatureAccess(free, { limit: 'monthly_applications', usage: 9 })).toEqual({
      allowed: true,
      limit: 10,
      remaining: 1,
    });
    expect(checkFeatureAccess(free, { limit: 'monthly_applications', usage: 10 })).toEqual({
      allowed: false,
      reason: 'limit-reached',
      limit: 10,
      used: 10,
    });
    expect(hasFeatureAccess(free, { limit: 'monthly_applications' })).toBe(true);
  });

  it('checks the flag before the limit, and grants nothing without a plan or a known limit', () => {
    expect(
      hasFeatureAccess(free, { feature: 'early_project_access', limit: 'file_storage', usage: 0 }),
    ).toBe(false);
    expect(hasFeatureAccess(null, { feature: 'profile_creation' })).toBe(false);
    expect(hasFeatureAccess(free, { limit: 'bookings' })).toBe(false);
  });
});

test('limitReachedMessage names the limit and the plan', () => {
  expect(limitReachedMessage('monthly_applications', 10, 'Free')).toBe(
    'You have used all 10 of your monthly applications on the Free plan.',
  );
});
