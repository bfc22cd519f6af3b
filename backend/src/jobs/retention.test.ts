import { retentionInterval } from './retention.ts';

it('looks for a day to run every hour unless told otherwise; 0 turns the job off', () => {
  expect(retentionInterval({})).toBe(3_600_000);
  expect(retentionInterval({ RETENTION_INTERVAL_MS: '0' })).toBe(0);
  expect(retentionInterval({ RETENTION_INTERVAL_MS: 'daily' })).toBe(3_600_000);
});
