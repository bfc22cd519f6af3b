/**
 * RLS matrix, privacy self-service: data_exports (download my data). Users see only their own
 * export requests; staff do not see who asked; nobody writes through the api (the export-my-data
 * function does, with the service role).
 */
import type { TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;

export const privacySpecs: TableSpec[] = [
  {
    table: 'data_exports',
    key: ['id'],
    seed: (w) => [
      { id: w.id('export-p1'), user_id: w.user.p1, status: 'ready', progress: 100 },
      { id: w.id('export-b'), user_id: w.user.b },
    ],
    select: [
      { label: "p1's export", key: (w) => ({ id: w.id('export-p1') }), actors: ['p1'] },
      { label: "b's export", key: (w) => ({ id: w.id('export-b') }), actors: ['b'] },
    ],
    insert: [
      {
        label: 'an export for yourself',
        row: (w, actor) => ({ id: w.id('export-new'), user_id: w.me(actor) ?? w.user.p1 }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "b's export marked ready",
        row: (w) => ({ id: w.id('export-b') }),
        patch: () => ({ status: 'ready', progress: 100 }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's export", row: (w) => ({ id: w.id('export-p1') }), allowed: none }],
  },
];
