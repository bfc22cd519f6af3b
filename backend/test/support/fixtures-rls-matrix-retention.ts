/**
 * RLS matrix, retention: the periods the GDPR page lists (everyone reads them, nobody changes them
 * through the api) and the retention job's record of what it deleted (staff with the audit area
 * read it; only the job writes it).
 */
import { ACTORS, permitted, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;
const policy = {
  label: 'Matrix probe data',
  note: 'While the probe runs',
  legal_basis: 'Contract (Art. 6(1)(b))',
};

export const retentionSpecs: TableSpec[] = [
  {
    table: 'retention_policies',
    key: ['category'],
    seed: () => [{ category: 'matrix_probe', ...policy, position: 90 }],
    select: [
      { label: 'a retention period', key: () => ({ category: 'matrix_probe' }), actors: ACTORS },
      {
        label: 'the contact messages period',
        key: () => ({ category: 'contact_messages' }),
        actors: ACTORS,
      },
    ],
    insert: [
      {
        label: 'a period of your own',
        row: (_w, actor) => ({ category: `matrix_${actor}`, ...policy, position: 91 }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'the contact messages period shortened',
        row: () => ({ category: 'contact_messages' }),
        patch: () => ({ period_count: 1 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a disposable period',
        row: () => ({ category: 'matrix_tmp', ...policy, position: 92 }),
        allowed: none,
      },
    ],
  },
  {
    table: 'retention_runs',
    key: ['run_on'],
    seed: () => [
      { run_on: '2001-01-01', started_at: '2001-01-01T03:00:00Z', deleted: { leads: 1 } },
    ],
    select: [
      {
        label: 'a retention run',
        key: () => ({ run_on: '2001-01-01' }),
        actors: permitted('audit'),
      },
    ],
    insert: [
      {
        label: 'a run claimed ahead',
        row: () => ({ run_on: '2001-02-01', started_at: '2001-02-01T03:00:00Z' }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'a run with its counts rewritten',
        row: () => ({ run_on: '2001-01-01' }),
        patch: () => ({ deleted: {} }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a disposable run',
        row: () => ({ run_on: '2001-03-01', started_at: '2001-03-01T03:00:00Z' }),
        allowed: none,
      },
    ],
  },
];
