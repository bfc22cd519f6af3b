/**
 * RLS matrix, the server's own bookkeeping for per-caller limits (decision 0150): rate-limit
 * counters, who has already counted towards a profile's views today, and verify-company's
 * single-use tickets. None of it is reachable through the api, staff included: the edge
 * functions, triggers and security-definer functions keep it.
 */
import type { TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;
// Windows and days in the future: take_rate_limit and the view counters now and then clear old
// windows and marks, which would take the seeded rows away in the middle of the matrix.
const window = '2099-01-02T03:00:00.000Z';

export const limitSpecs: TableSpec[] = [
  {
    table: 'rate_limit_hits',
    key: ['bucket', 'caller', 'window_start'],
    seed: () => [{ bucket: 'matrix', caller: 'ip:192.0.2.1', window_start: window, hits: 3 }],
    select: [
      {
        label: "a visitor's counter",
        key: () => ({ bucket: 'matrix', caller: 'ip:192.0.2.1', window_start: window }),
        actors: none,
      },
    ],
    insert: [
      {
        label: 'a fresh allowance',
        row: (_w, a) => ({ bucket: 'matrix', caller: `forged:${a}`, window_start: window }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "reset a visitor's counter",
        row: () => ({ bucket: 'matrix', caller: 'ip:192.0.2.1', window_start: window }),
        patch: () => ({ hits: 0 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "a visitor's counter",
        row: () => ({ bucket: 'matrix', caller: 'ip:192.0.2.1', window_start: window }),
        allowed: none,
      },
    ],
  },
  {
    table: 'profile_stat_marks',
    key: ['professional_id', 'kind', 'viewer', 'day'],
    seed: (w) => [
      { professional_id: w.user.p1, kind: 'view', viewer: `user:${w.user.b}`, day: '2099-01-02' },
    ],
    select: [
      {
        label: "b's view of p1",
        key: (w) => ({
          professional_id: w.user.p1,
          kind: 'view',
          viewer: `user:${w.user.b}`,
          day: '2099-01-02',
        }),
        actors: none,
      },
    ],
    insert: [
      {
        label: 'a view mark',
        row: (w, a) => ({
          professional_id: w.user.p2,
          kind: 'view',
          viewer: `forged:${a}`,
          day: '2099-01-02',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "b's view of p1, moved to another day",
        row: (w) => ({
          professional_id: w.user.p1,
          kind: 'view',
          viewer: `user:${w.user.b}`,
          day: '2099-01-02',
        }),
        patch: () => ({ day: '2099-01-03' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "b's view of p1",
        row: (w) => ({
          professional_id: w.user.p1,
          kind: 'view',
          viewer: `user:${w.user.b}`,
          day: '2099-01-02',
        }),
        allowed: none,
      },
    ],
  },
  {
    table: 'company_verification_tickets',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('ticket'),
        company_number: '87654321',
        register: { company_number: '87654321', company_name: 'TICKET LTD' },
      },
    ],
    select: [{ label: 'an unclaimed ticket', key: (w) => ({ id: w.id('ticket') }), actors: none }],
    insert: [
      {
        label: 'a forged ticket',
        row: (w, a) => ({
          id: w.id(`ticket-${a}`),
          company_number: '87654321',
          register: { company_number: '87654321', company_name: 'FORGED LTD' },
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'claim a ticket',
        row: (w) => ({ id: w.id('ticket') }),
        patch: (w) => ({ claimed_by: w.user.p2 }),
        allowed: none,
      },
    ],
    delete: [{ label: 'an unclaimed ticket', row: (w) => ({ id: w.id('ticket') }), allowed: none }],
  },
];
