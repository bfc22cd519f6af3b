/**
 * RLS matrix, privacy self-service: data_exports (download my data) and notification_preferences.
 * Users see only their own export requests; staff do not see who asked; nobody writes exports
 * through the api (the export-my-data function does, with the service role). Notification
 * preferences are each user's own to read and change, and nobody else's.
 */
import { SIGNED_IN, type TableSpec } from './fixtures-rls-types.ts';

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
  {
    table: 'notification_preferences',
    key: ['user_id', 'kind'],
    seed: (w) => [
      { user_id: w.user.p1, kind: 'messages', in_app: true, email: true },
      { user_id: w.user.b, kind: 'proposals', in_app: true, email: true },
    ],
    select: [
      {
        label: "p1's messages preference",
        key: (w) => ({ user_id: w.user.p1, kind: 'messages' }),
        actors: ['p1'],
      },
      {
        label: "b's proposals preference",
        key: (w) => ({ user_id: w.user.b, kind: 'proposals' }),
        actors: ['b'],
      },
    ],
    insert: [
      {
        label: 'your own matches preference',
        row: (w, actor) => ({ user_id: w.me(actor) ?? w.user.p2, kind: 'matches', email: false }),
        allowed: SIGNED_IN,
      },
      {
        label: "a preference for p2's appointments",
        row: (w) => ({ user_id: w.user.p2, kind: 'appointments', email: false }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: "p1's message e-mails off",
        row: (w) => ({ user_id: w.user.p1, kind: 'messages' }),
        patch: () => ({ email: false }),
        allowed: ['p1'],
      },
    ],
    delete: [
      {
        label: "b's proposals preference",
        row: (w) => ({ user_id: w.user.b, kind: 'proposals' }),
        allowed: ['b'],
      },
    ],
  },
];
