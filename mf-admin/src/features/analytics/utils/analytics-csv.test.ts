import { toCsv } from './analytics-csv';

test('the CSV has a header row and one line per day, in series order', () => {
  const csv = toCsv([
    {
      day: '2026-11-23',
      signups: 3,
      active_users: 10,
      messages: 42,
      appointments: 2,
      applications: 5,
      projects: 1,
      calls: 4,
      matches: 7,
    },
  ]);
  expect(csv.split('\r\n')).toEqual([
    'Day,Sign-ups,Active users,Messages,Appointments booked,Project applications,Projects posted,Video calls,Match notifications',
    '2026-11-23,3,10,42,2,5,1,4,7',
  ]);
});
