/**
 * RLS matrix, safety tables: blocks and reports. World: b has blocked p2; p1 reported b about
 * their conversation (the social specs seed conversation 'conv' between p1 and b); staff warned b
 * after that report (moderation_warnings, written only by admin_resolve_report).
 */
import { permitted, SIGNED_IN, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;

export const safetySpecs: TableSpec[] = [
  {
    table: 'user_blocks',
    key: ['blocker_id', 'blocked_id'],
    seed: (w) => [{ blocker_id: w.user.b, blocked_id: w.user.p2 }],
    select: [
      {
        label: "b's block of p2",
        key: (w) => ({ blocker_id: w.user.b, blocked_id: w.user.p2 }),
        actors: ['b'],
      },
    ],
    insert: [
      {
        label: 'a block as oneself',
        row: (w, a) => ({ blocker_id: w.me(a), blocked_id: a === 'p1' ? w.user.p2 : w.user.p1 }),
        allowed: SIGNED_IN,
      },
      {
        label: 'a block posing as p1',
        row: (w) => ({ blocker_id: w.user.p1, blocked_id: w.user.super }),
        allowed: ['p1'],
      },
    ],
    update: [
      {
        label: "retarget b's block",
        row: (w) => ({ blocker_id: w.user.b, blocked_id: w.user.p2 }),
        patch: () => ({ created_at: '2030-01-01T00:00:00.000Z' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "b's block of p1",
        row: (w) => ({ blocker_id: w.user.b, blocked_id: w.user.p1 }),
        allowed: ['b'],
      },
    ],
  },
  {
    table: 'user_reports',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('report'),
        reporter_id: w.user.p1,
        reported_id: w.user.b,
        conversation_id: w.id('conv'),
        reason: 'spam',
        details: 'Unsolicited offers',
      },
    ],
    select: [
      {
        label: "p1's report of b",
        key: (w) => ({ id: w.id('report') }),
        actors: ['p1', ...permitted('moderation')],
      },
    ],
    insert: [
      {
        label: 'an open report as oneself',
        row: (w, a) => ({
          id: w.id(`report-${a}`),
          reporter_id: w.me(a),
          reported_id: a === 'p2' ? w.user.p1 : w.user.p2,
          reason: 'harassment',
        }),
        allowed: SIGNED_IN,
      },
      {
        label: 'a report already marked actioned',
        row: (w, a) => ({
          id: w.id(`report-done-${a}`),
          reporter_id: w.me(a),
          reported_id: a === 'p2' ? w.user.p1 : w.user.p2,
          reason: 'spam',
          status: 'actioned',
        }),
        allowed: none,
      },
      {
        label: 'a report about the p1-b conversation',
        row: (w, a) => ({
          id: w.id(`report-conv-${a}`),
          reporter_id: w.me(a),
          reported_id: a === 'p2' ? w.user.p1 : w.user.p2,
          conversation_id: w.id('conv'),
          reason: 'other',
        }),
        allowed: ['p1', 'b'],
      },
    ],
    update: [
      {
        label: "resolve p1's report",
        row: (w) => ({ id: w.id('report') }),
        patch: () => ({ status: 'dismissed' }),
        // only admin_resolve_report changes a report (backend/test/admin/moderation.test.ts).
        allowed: none,
      },
    ],
    delete: [{ label: "p1's report", row: (w) => ({ id: w.id('report') }), allowed: none }],
  },
  {
    table: 'moderation_warnings',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('warning'),
        user_id: w.user.b,
        report_id: w.id('report'),
        message: 'Please keep to the community rules.',
      },
    ],
    select: [
      {
        label: "b's warning",
        key: (w) => ({ id: w.id('warning') }),
        actors: ['b', ...permitted('moderation')],
      },
    ],
    insert: [
      {
        label: 'a warning for p2',
        row: (w, a) => ({ id: w.id(`warning-${a}`), user_id: w.user.p2, message: 'Forged' }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "reword b's warning",
        row: (w) => ({ id: w.id('warning') }),
        patch: () => ({ message: 'Never mind' }),
        allowed: none,
      },
    ],
    delete: [{ label: "b's warning", row: (w) => ({ id: w.id('warning') }), allowed: none }],
  },
];
