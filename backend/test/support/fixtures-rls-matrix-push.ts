/**
 * RLS matrix, web push: each user's browser subscriptions (they list and remove their own; they
 * are added only through save_push_subscription), the queued pushes and the server's VAPID keys
 * (the push sender's alone: nobody reads or writes them through the api; the row is the one the
 * test server generated at start).
 */
import type { TableSpec, World } from './fixtures-rls-types.ts';

const none = [] as const;
const KEYS = {
  p256dh: `B${'A'.repeat(86)}`,
  auth: 'A'.repeat(22),
};
const subscription = (id: string, userId: string, endpoint: string) => ({
  id,
  user_id: userId,
  endpoint,
  ...KEYS,
  label: 'Chrome on Linux',
});

const sentPush = (w: World) => ({
  id: w.id('push-delivery-p1'),
  subscription_id: w.id('push-p1'),
  notification_id: w.id('note-p1'),
  status: 'sent',
  attempts: 1,
});

export const pushSpecs: TableSpec[] = [
  {
    table: 'web_push_keys',
    key: ['id'],
    // no seed: the backend stores its generated pair when it starts
    select: [{ label: 'the VAPID key pair', key: () => ({ id: true }), actors: none }],
    insert: [
      {
        label: 'a key pair of your own',
        row: () => ({ id: true, public_key: `B${'Z'.repeat(86)}`, private_key: 'Z'.repeat(43) }),
        stash: () => ({ id: true }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'the public key swapped',
        row: () => ({ id: true }),
        patch: () => ({ public_key: `B${'Y'.repeat(86)}` }),
        allowed: none,
      },
    ],
    delete: [{ label: 'the key pair', row: () => ({ id: true }), allowed: none }],
  },
  {
    table: 'push_subscriptions',
    key: ['id'],
    seed: (w) => [
      subscription(w.id('push-p1'), w.user.p1, 'https://fcm.googleapis.com/fcm/send/matrix-p1'),
    ],
    select: [{ label: "p1's browser", key: (w) => ({ id: w.id('push-p1') }), actors: ['p1'] }],
    insert: [
      {
        label: 'a browser of your own, written directly',
        row: (w, a) =>
          subscription(
            w.id(`push-${a}`),
            w.me(a) ?? w.user.p1,
            `https://fcm.googleapis.com/fcm/send/matrix-${a}`,
          ),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's browser pointed elsewhere",
        row: (w) => ({ id: w.id('push-p1') }),
        patch: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/elsewhere' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "b's browser",
        row: (w) =>
          subscription(w.id('push-b'), w.user.b, 'https://fcm.googleapis.com/fcm/send/matrix-b'),
        allowed: ['b'],
      },
    ],
  },
  {
    table: 'push_deliveries',
    key: ['id'],
    seed: (w) => [sentPush(w)],
    select: [
      {
        label: "a push of p1's reminder",
        key: (w) => ({ id: w.id('push-delivery-p1') }),
        actors: none,
      },
    ],
    insert: [
      {
        label: "a push of p1's reminder queued again",
        row: (w, a) => ({
          id: w.id(`push-delivery-${a}`),
          subscription_id: w.id('push-p1'),
          notification_id: w.id('note-p1'),
        }),
        stash: (w) => ({ id: w.id('push-delivery-p1') }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'a sent push marked pending',
        // the whole row: an earlier case deleting p1's notification (and so, by cascade, this
        // push) restores the notification but not the push
        row: sentPush,
        patch: () => ({ status: 'pending' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "a push of p1's reminder",
        row: sentPush,
        allowed: none,
      },
    ],
  },
];
