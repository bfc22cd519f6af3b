/**
 * RLS matrix, integrations and automation: calendar feeds, webhooks (their signing secrets and
 * delivery logs), the event outbox and automation rules with their runs. Everything is private
 * to its owner (staff included see nothing); feeds change only through their functions, logs and
 * runs are written by the backend only, and the outbox is the backend's alone.
 */
import { SIGNED_IN, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;
const hook = 'https://example.com/promatch-hook';

export const integrationsSpecs: TableSpec[] = [
  {
    table: 'calendar_feeds',
    key: ['user_id'],
    seed: (w) => [{ user_id: w.user.p1, token: 'a'.repeat(64) }],
    select: [{ label: "p1's feed token", key: (w) => ({ user_id: w.user.p1 }), actors: ['p1'] }],
    insert: [
      {
        label: 'a feed with a chosen token',
        row: (w, a) => ({ user_id: w.me(a) ?? w.user.p2, token: 'b'.repeat(64) }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's token replaced by hand",
        row: (w) => ({ user_id: w.user.p1 }),
        patch: () => ({ token: 'c'.repeat(64) }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's feed", row: (w) => ({ user_id: w.user.p1 }), allowed: none }],
  },
  {
    table: 'webhook_endpoints',
    key: ['id'],
    seed: (w) => [{ id: w.id('wh-p1'), user_id: w.user.p1, url: hook, events: ['project.hired'] }],
    select: [
      { label: "p1's webhook and secret", key: (w) => ({ id: w.id('wh-p1') }), actors: ['p1'] },
    ],
    insert: [
      {
        label: 'a webhook for oneself',
        row: (w, a) => ({ id: w.id(`wh-new-${a}`), url: hook, events: ['message.received'] }),
        allowed: SIGNED_IN,
      },
      {
        label: 'a webhook for p2',
        row: (w, a) => ({
          id: w.id(`wh-forged-${a}`),
          user_id: w.user.p2,
          url: hook,
          events: ['message.received'],
        }),
        allowed: none,
      },
      {
        label: 'a webhook with a chosen secret',
        row: (w, a) => ({
          id: w.id(`wh-secret-${a}`),
          url: hook,
          events: ['message.received'],
          secret: 'whsec_x',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's webhook address",
        row: (w) => ({ id: w.id('wh-p1') }),
        patch: () => ({ url: 'https://example.org/other' }),
        allowed: ['p1'],
      },
      {
        label: "p1's failure count",
        row: (w) => ({ id: w.id('wh-p1') }),
        patch: () => ({ consecutive_failures: 99 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p1's webhook",
        row: (w) => ({
          id: w.id('wh-tmp'),
          user_id: w.user.p1,
          url: hook,
          events: ['project.hired'],
        }),
        allowed: ['p1'],
      },
    ],
  },
  {
    table: 'integration_events',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('event-p1'),
        user_id: w.user.p1,
        event: 'match.created',
        payload: {},
        // processed (recently: the worker drops processed events after a week)
        processed_at: new Date().toISOString(),
      },
    ],
    select: [{ label: 'an event for p1', key: (w) => ({ id: w.id('event-p1') }), actors: none }],
    insert: [
      {
        label: 'an event for oneself',
        row: (w, a) => ({
          id: w.id(`event-${a}`),
          user_id: w.me(a) ?? w.user.p2,
          event: 'project.hired',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's event marked automated",
        row: (w) => ({ id: w.id('event-p1') }),
        patch: () => ({ automated: true }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's event", row: (w) => ({ id: w.id('event-p1') }), allowed: none }],
  },
  {
    table: 'automation_rules',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('rule-p1'),
        user_id: w.user.p1,
        name: 'Tell me',
        event: 'appointment.cancelled',
        action: 'notify',
      },
    ],
    select: [{ label: "p1's rule", key: (w) => ({ id: w.id('rule-p1') }), actors: ['p1'] }],
    insert: [
      {
        label: 'a rule for oneself',
        row: (w, a) => ({
          id: w.id(`rule-new-${a}`),
          name: 'Mine',
          event: 'appointment.booked',
          action: 'notify',
        }),
        allowed: SIGNED_IN,
      },
      {
        label: "a rule posting to p1's webhook",
        row: (w, a) => ({
          id: w.id(`rule-hook-${a}`),
          name: 'Borrowed',
          event: 'appointment.booked',
          action: 'webhook',
          webhook_endpoint_id: w.id('wh-p1'),
        }),
        allowed: ['p1'],
      },
    ],
    update: [
      {
        label: "p1's rule paused",
        row: (w) => ({ id: w.id('rule-p1') }),
        patch: () => ({ paused: true }),
        allowed: ['p1'],
      },
    ],
    delete: [
      {
        label: "p1's rule",
        row: (w) => ({
          id: w.id('rule-tmp'),
          user_id: w.user.p1,
          name: 'Temp',
          event: 'appointment.booked',
          action: 'notify',
        }),
        allowed: ['p1'],
      },
    ],
  },
  {
    table: 'automation_runs',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('run-p1'),
        rule_id: w.id('rule-p1'),
        user_id: w.user.p1,
        event: 'appointment.cancelled',
        outcome: 'succeeded',
      },
    ],
    select: [{ label: "a run of p1's rule", key: (w) => ({ id: w.id('run-p1') }), actors: ['p1'] }],
    insert: [
      {
        label: 'a run of p1s rule',
        row: (w, a) => ({
          id: w.id(`run-${a}`),
          rule_id: w.id('rule-p1'),
          user_id: w.me(a) ?? w.user.p1,
          event: 'appointment.cancelled',
          outcome: 'failed',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's run rewritten",
        row: (w) => ({ id: w.id('run-p1') }),
        patch: () => ({ outcome: 'failed' }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's run", row: (w) => ({ id: w.id('run-p1') }), allowed: none }],
  },
  {
    table: 'webhook_deliveries',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('delivery-p1'),
        endpoint_id: w.id('wh-p1'),
        user_id: w.user.p1,
        event: 'ping',
        body: '{}',
        status: 'succeeded',
        attempts: 1,
      },
    ],
    select: [{ label: "p1's delivery", key: (w) => ({ id: w.id('delivery-p1') }), actors: ['p1'] }],
    insert: [
      {
        label: "a delivery to p1's webhook",
        row: (w, a) => ({
          id: w.id(`delivery-${a}`),
          endpoint_id: w.id('wh-p1'),
          user_id: w.me(a) ?? w.user.p1,
          event: 'ping',
          body: '{}',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's delivery marked failed",
        row: (w) => ({ id: w.id('delivery-p1') }),
        patch: () => ({ status: 'failed' }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's delivery", row: (w) => ({ id: w.id('delivery-p1') }), allowed: none }],
  },
];
