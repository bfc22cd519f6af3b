import { hiresCsv, monthsCsv } from './insights-csv';

test('hires export one escaped row each, with the category name and the rate basis', () => {
  const csv = hiresCsv([
    {
      project_id: 'p1',
      title: 'Move "ledger", then =SUM',
      category: 'cloud-services',
      budget_type: 'day',
      rate: 550,
      professional_name: 'Pia Pro',
      published_at: '2026-11-01T09:00:00Z',
      hired_at: '2026-11-03T09:00:00Z',
      days_to_hire: 2,
    },
  ]);
  expect(csv.split('\r\n')).toEqual([
    'Project,Category,Professional,Rate (GBP),Rate basis,Published (UTC),Hired (UTC),Days to hire',
    '"Move ""ledger"", then =SUM",Cloud Services,Pia Pro,550,per day,2026-11-01T09:00:00Z,2026-11-03T09:00:00Z,2',
    '',
  ]);
});

test('months export leaves an unknown median empty', () => {
  const csv = monthsCsv([
    {
      month: '2026-11-01',
      projects_posted: 2,
      hires: 1,
      spend_committed: 12000,
      median_days_to_hire: 3.5,
      median_day_rate: null,
      market_median_day_rate: 600,
    },
  ]);
  expect(csv.split('\r\n')[1]).toBe('2026-11,2,1,12000,3.5,,600');
});
