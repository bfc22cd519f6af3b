import type { AppSupabaseClient } from '@promatch/shared';
import { PLAN_FEATURES, checkFeatureAccess, PLAN_LIMITS } from '@promatch/shared/plans';
import { loadSubscription } from './session-details';

/** Just enough of supabase-js for loadSubscription: one rpc answer. */
const clientAnswering = (answer: { data: unknown; error: { message: string } | null }) =>
  ({ rpc: jest.fn().mockResolvedValue(answer) }) as unknown as AppSupabaseClient;

describe('the subscription as the session loads it', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it.each([
    ['the lookup fails', { data: null, error: { message: 'connection refused' } }],
    ['the lookup finds no plan', { data: [], error: null }],
  ])(
    'when %s, the user is pro with every flag on, everything unlimited and no fee',
    async (_, answer) => {
      const plan = await loadSubscription(clientAnswering(answer), 'u-1');
      expect(plan).toMatchObject({ plan_type: 'pro', commission_rate: 0 });
      for (const feature of PLAN_FEATURES) {
        expect([feature, checkFeatureAccess(plan, { feature }).allowed]).toEqual([feature, true]);
      }
      for (const limit of PLAN_LIMITS) {
        expect([limit, checkFeatureAccess(plan, { limit, usage: 1_000_000 })]).toEqual([
          limit,
          { allowed: true, limit: -1, remaining: null },
        ]);
      }
    },
  );

  it('otherwise uses the plan the database answers', async () => {
    const plan = await loadSubscription(
      clientAnswering({
        data: [
          {
            plan_type: 'free',
            plan_name: 'Free',
            features: { basic_analytics: true, advanced_analytics: false },
            limits: { monthly_applications: 10 },
            commission_rate: '15.00',
          },
        ],
        error: null,
      }),
      'u-1',
    );
    expect(plan).toEqual({
      plan_type: 'free',
      plan_name: 'Free',
      features: { basic_analytics: true, advanced_analytics: false },
      limits: { monthly_applications: 10 },
      commission_rate: 15,
    });
    expect(checkFeatureAccess(plan, { feature: 'advanced_analytics' }).allowed).toBe(false);
    expect(logged).not.toHaveBeenCalled();
  });
});
