/**
 * RLS matrix, payments. World: b hired p1 on b's open project; one funded milestone between them
 * with its charge in the ledger, p1's payout account, one processed provider event. Only the two
 * parties (and staff with the payments area) see the milestone and its ledger rows; p1 (and the
 * payments staff) see p1's payout account; only payments staff see processed events. Nobody
 * writes any of these tables through the api: the milestone functions and the server do.
 */
import { permitted, type Actor, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;
const parties: Actor[] = ['p1', 'b', ...permitted('payments')];

export const paymentsSpecs: TableSpec[] = [
  {
    table: 'payout_accounts',
    key: ['user_id'],
    seed: (w) => [{ user_id: w.user.p1, provider_account_id: 'acct_matrixp1', status: 'enabled' }],
    select: [
      {
        label: "p1's payout account",
        key: (w) => ({ user_id: w.user.p1 }),
        actors: ['p1', ...permitted('payments')],
      },
    ],
    insert: [
      {
        label: 'a payout account of your own, already enabled',
        row: (w, a) => ({
          user_id: w.me(a) ?? w.user.p2,
          provider_account_id: `acct_matrix${a.replace(/\W/g, '')}`,
          status: 'enabled',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's payout account pointed elsewhere",
        row: (w) => ({ user_id: w.user.p1 }),
        patch: () => ({ provider_account_id: 'acct_matrixthief' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p2's disposable payout account",
        row: (w) => ({ user_id: w.user.p2, provider_account_id: 'acct_matrixp2' }),
        allowed: none,
      },
    ],
  },
  {
    table: 'milestones',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('milestone'),
        project_id: w.id('proj-open'),
        business_id: w.user.b,
        professional_id: w.user.p1,
        amount_pence: 50_000,
        description: 'Matrix milestone',
        fee_rate: 10,
        status: 'funded',
      },
    ],
    select: [
      { label: 'the b-p1 milestone', key: (w) => ({ id: w.id('milestone') }), actors: parties },
    ],
    insert: [
      {
        label: 'a milestone already released to yourself',
        row: (w, a) => ({
          id: w.id(`milestone-${a}`),
          project_id: w.id('proj-open'),
          business_id: w.user.b,
          professional_id: w.me(a) ?? w.user.p1,
          amount_pence: 100,
          description: 'Forged',
          fee_rate: 0,
          status: 'released',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'the b-p1 milestone marked released',
        row: (w) => ({ id: w.id('milestone') }),
        patch: () => ({ status: 'released' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a disposable draft milestone',
        row: (w) => ({
          id: w.id('milestone-tmp'),
          project_id: w.id('proj-open'),
          business_id: w.user.b,
          professional_id: w.user.p1,
          amount_pence: 100,
          description: 'Disposable',
          fee_rate: 10,
        }),
        allowed: none,
      },
    ],
  },
  {
    table: 'ledger_entries',
    key: ['id'],
    seed: (w) => [
      {
        id: 900_001,
        kind: 'charge',
        amount_pence: 50_000,
        milestone_id: w.id('milestone'),
        business_id: w.user.b,
        professional_id: w.user.p1,
        provider_id: 'pi_matrix',
      },
    ],
    select: [
      { label: 'the charge of the b-p1 milestone', key: () => ({ id: 900_001 }), actors: parties },
    ],
    insert: [
      {
        label: 'a payout to yourself',
        row: (w, a) => ({
          id: 900_100 + [...a].reduce((n, c) => n + c.charCodeAt(0), 0),
          kind: 'payout',
          amount_pence: 1_000_000,
          professional_id: w.me(a) ?? w.user.p1,
          provider_id: `po_matrix_${a}`,
        }),
        allowed: none,
      },
    ],
    // append-only: the fixture row itself is the target (a disposable one could not be removed)
    update: [
      {
        label: 'the charge rewritten',
        row: () => ({ id: 900_001 }),
        patch: () => ({ amount_pence: 1 }),
        allowed: none,
      },
    ],
    delete: [{ label: 'the charge removed', row: () => ({ id: 900_001 }), allowed: none }],
  },
  {
    table: 'payment_events',
    key: ['id'],
    seed: () => [
      {
        id: 'evt_matrix',
        type: 'checkout.session.completed',
        provider_created: 1,
        outcome: 'applied',
      },
    ],
    select: [
      {
        label: 'a processed event',
        key: () => ({ id: 'evt_matrix' }),
        actors: permitted('payments'),
      },
    ],
    insert: [
      {
        label: 'an event marked processed ahead of time',
        row: (_w, a) => ({
          id: `evt_matrix_${a}`,
          type: 'x',
          provider_created: 1,
          outcome: 'applied',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'a processed event reopened',
        row: () => ({ id: 'evt_matrix' }),
        patch: () => ({ outcome: 'processing' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a disposable processed event',
        row: () => ({ id: 'evt_matrix_tmp', type: 'x', provider_created: 1, outcome: 'applied' }),
        allowed: none,
      },
    ],
  },
  {
    table: 'payment_reconciliation_runs',
    key: ['id'],
    seed: () => [{ id: 900_001, slot: '2026-01-01T10:00:00Z', drift_count: 1 }],
    select: [
      {
        label: 'a reconciliation run',
        key: () => ({ id: 900_001 }),
        actors: permitted('payments'),
      },
    ],
    insert: [
      {
        label: 'an hour marked reconciled ahead of time',
        row: (_w, a) => ({
          id: 900_100 + [...a].reduce((n, c) => n + c.charCodeAt(0), 0),
          slot: '2030-01-01T10:00:00Z',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'a run said to have found nothing',
        row: () => ({ id: 900_001 }),
        patch: () => ({ drift_count: 0 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a disposable run',
        row: () => ({ id: 900_002, slot: '2026-01-01T11:00:00Z' }),
        allowed: none,
      },
    ],
  },
  {
    table: 'payment_drifts',
    key: ['id'],
    seed: () => [
      {
        id: 900_001,
        run_id: 900_001,
        object: 'transfer',
        provider_id: 'tr_matrix_drift',
        problem: 'missing_in_ledger',
        provider_pence: 1_000,
      },
    ],
    select: [
      { label: 'a drift found', key: () => ({ id: 900_001 }), actors: permitted('payments') },
    ],
    insert: [
      {
        label: 'a drift made up',
        row: (_w, a) => ({
          id: 900_100 + [...a].reduce((n, c) => n + c.charCodeAt(0), 0),
          run_id: 900_001,
          object: 'charge',
          provider_id: `ch_matrix_${a}`,
          problem: 'amount_differs',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'a drift hidden as another object',
        row: () => ({ id: 900_001 }),
        patch: () => ({ provider_id: 'tr_matrix_other' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a drift removed',
        row: () => ({
          id: 900_002,
          run_id: 900_001,
          object: 'refund',
          provider_id: 're_matrix_tmp',
          problem: 'missing_at_provider',
        }),
        allowed: none,
      },
    ],
  },
];
