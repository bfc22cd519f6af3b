import { fetchActivePlans } from './active-plans';

const calls: unknown[][] = [];
let result: { data: unknown; error: unknown } = { data: [], error: null };
const chain = {
  select: (...args: unknown[]) => (calls.push(['select', ...args]), chain),
  eq: (...args: unknown[]) => (calls.push(['eq', ...args]), chain),
  order: (...args: unknown[]) => (calls.push(['order', ...args]), chain),
  then: (resolve: (value: unknown) => void) => resolve(result),
};
jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  getSupabaseClient: () =>
    Promise.resolve({ from: (table: string) => (calls.push(['from', table]), chain) }),
}));

beforeEach(() => {
  calls.length = 0;
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
    error: null,
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
  expect(calls).toEqual([
    ['from', 'subscription_plans'],
    ['select', 'type,name,description,features,limits,commission_rate,price_monthly'],
    ['eq', 'is_active', true],
    ['order', 'price_monthly'],
    ['order', 'sort_order'],
  ]);
});

it('rejects with the error the database gave', async () => {
  result = { data: null, error: { message: 'permission denied', code: '42501' } };
  await expect(fetchActivePlans()).rejects.toThrow('permission denied');
});
