import { fakeSupabase, type FakeResult } from '@promatch/shared/testing';
import { fetchActivePlans } from './active-plans';

let result: FakeResult = { data: [] };
const mockFake = fakeSupabase(() => result);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

beforeEach(() => {
  mockFake.calls.length = 0;
});

it('reads the active plans, cheapest first, with their money columns as numbers', async () => {
  result = {
    data: [
      {
        type: 'free',
        name: 'Free',
        description: null,
        features: { profile_creation: true },
        limits: { monthly_applications: 10 },
        commission_rate: '15.00',
        price_monthly: '0',
      },
    ],
  };
  await expect(fetchActivePlans()).resolves.toEqual([
    {
      type: 'free',
      name: 'Free',
      description: null,
      features: { profile_creation: true },
      limits: { monthly_applications: 10 },
      commission_rate: 15,
      price_monthly: 0,
    },
  ]);
  expect(mockFake.calls).toEqual([
    {
      table: 'subscription_plans',
      ops: [
        ['select', ['type,name,description,features,limits,commission_rate,price_monthly']],
        ['eq', ['is_active', true]],
        ['order', ['price_monthly']],
        ['order', ['sort_order']],
      ],
    },
  ]);
});

it('rejects with the error the database gave', async () => {
  result = { error: { message: 'permission denied', code: '42501' } };
  await expect(fetchActivePlans()).rejects.toThrow('permission denied');
});
