import { activePlansQuery } from '@promatch/shared/plans';
import { fakeSupabase } from '@promatch/shared/testing';
import { invalidated, renderHookWith, seededClient } from '../../../lib/test/invalidated';
import { useSavePlan } from './save-plan';

const mockFake = fakeSupabase(() => ({}));
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

it('a plan edit refreshes the plans, the audit log, the users and the plans on offer', async () => {
  const client = seededClient();
  client.setQueryData(activePlansQuery().queryKey, []);
  const { result } = renderHookWith(() => useSavePlan('plan-1'), client);
  await result.current.mutateAsync({ price_monthly: 12 });
  expect(mockFake.calls).toEqual([
    {
      table: 'subscription_plans',
      ops: [
        ['update', [{ price_monthly: 12 }]],
        ['eq', ['id', 'plan-1']],
      ],
    },
  ]);
  expect(invalidated(client)).toEqual(['plans', 'userU1', 'userU2', 'audit'].sort());
  expect(client.getQueryState(activePlansQuery().queryKey)?.isInvalidated).toBe(true);
});
