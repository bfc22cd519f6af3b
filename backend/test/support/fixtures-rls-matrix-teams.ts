/**
 * RLS matrix, what a team shares and its invitations. World (from the workspace specs): p1 owns
 * the team, b is its admin and p2 a member; everyone else (admin0, admin, super, anon) is outside
 * it. Members see shared favourites and projects; the sharer, admins and the owner stop sharing;
 * the owner and admins see invitations; nobody reaches invitation tokens or writes invitations
 * through the api (the team functions do: backend/test/teams).
 */
import { SIGNED_IN, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;
const TEAM = ['p1', 'p2', 'b'] as const;

export const teamSpecs: TableSpec[] = [
  {
    table: 'team_invitations',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('invitation'),
        team_id: w.id('team'),
        email: 'invitee@example.com',
        invited_by: w.user.p1,
      },
    ],
    select: [
      {
        label: "p1's team's invitation",
        key: (w) => ({ id: w.id('invitation') }),
        actors: ['p1', 'b'],
      },
    ],
    insert: [
      {
        label: "an invitation to p1's team",
        row: (w, a) => ({
          id: w.id(`invitation-${a}`),
          team_id: w.id('team'),
          email: 'other@example.com',
          invited_by: w.me(a),
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'the invitation marked accepted',
        row: (w) => ({ id: w.id('invitation') }),
        patch: () => ({ accepted_at: new Date().toISOString() }),
        allowed: none,
      },
    ],
    delete: [{ label: 'the invitation', row: (w) => ({ id: w.id('invitation') }), allowed: none }],
  },
  {
    table: 'team_invitation_tokens',
    key: ['invitation_id'],
    seed: (w) => [
      {
        invitation_id: w.id('invitation'),
        token_hash: `hash-${w.id('invitation')}`,
        pending_token: 'secret',
      },
    ],
    select: [
      {
        label: "the invitation's token",
        key: (w) => ({ invitation_id: w.id('invitation') }),
        actors: none,
      },
    ],
    insert: [
      {
        label: 'a token of ones choosing',
        row: (w, a) => ({ invitation_id: w.id(`token-${a}`), token_hash: `forged-${a}` }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "the invitation's token",
        row: (w) => ({ invitation_id: w.id('invitation') }),
        patch: () => ({ pending_token: 'mine' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "the invitation's token",
        row: (w) => ({ invitation_id: w.id('invitation') }),
        allowed: none,
      },
    ],
  },
  {
    table: 'team_favorites',
    key: ['team_id', 'professional_id'],
    seed: (w) => [
      { team_id: w.id('team'), professional_id: w.user.admin0, shared_by: w.user.p2, note: 'Good' },
    ],
    select: [
      {
        label: 'a professional p2 shared',
        key: (w) => ({ team_id: w.id('team'), professional_id: w.user.admin0 }),
        actors: TEAM,
      },
    ],
    insert: [
      {
        label: 'share a professional as oneself',
        row: (w, a) => ({
          team_id: w.id('team'),
          professional_id: w.user.super,
          shared_by: w.me(a),
        }),
        allowed: TEAM,
      },
      {
        label: 'share a professional in p2’s name',
        row: (w) => ({
          team_id: w.id('team'),
          professional_id: w.user.super,
          shared_by: w.user.p2,
        }),
        allowed: ['p2'],
      },
      {
        label: 'share a business (not a professional)',
        row: (w, a) => ({ team_id: w.id('team'), professional_id: w.user.b, shared_by: w.me(a) }),
        allowed: none,
      },
    ],
    update: [
      {
        label: 'the note on what p2 shared',
        row: (w) => ({ team_id: w.id('team'), professional_id: w.user.admin0 }),
        patch: () => ({ note: 'Very good' }),
        allowed: TEAM,
      },
    ],
    delete: [
      {
        label: 'what p2 shared (sharer, admin, owner)',
        row: (w) => ({
          team_id: w.id('team'),
          professional_id: w.user.admin,
          shared_by: w.user.p2,
        }),
        allowed: TEAM,
      },
      {
        label: 'what p1 shared (not the member p2)',
        row: (w) => ({
          team_id: w.id('team'),
          professional_id: w.user.admin,
          shared_by: w.user.p1,
        }),
        allowed: ['p1', 'b'],
      },
    ],
  },
  {
    table: 'team_projects',
    key: ['team_id', 'project_id'],
    seed: (w) => [{ team_id: w.id('team'), project_id: w.id('proj-open'), shared_by: w.user.b }],
    select: [
      {
        label: "b's shared project",
        key: (w) => ({ team_id: w.id('team'), project_id: w.id('proj-open') }),
        actors: TEAM,
      },
    ],
    insert: [
      {
        label: "share b's new project as oneself (only b owns it)",
        row: (w, a) => ({
          team_id: w.id('team'),
          project_id: w.id('proj-new'),
          shared_by: w.me(a),
        }),
        allowed: ['b'],
      },
    ],
    update: [
      {
        label: "who shared b's project",
        row: (w) => ({ team_id: w.id('team'), project_id: w.id('proj-open') }),
        patch: (w) => ({ shared_by: w.user.p2 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "b's draft, shared by b (sharer and admin b, owner p1; not the member p2)",
        row: (w) => ({
          team_id: w.id('team'),
          project_id: w.id('proj-draft'),
          shared_by: w.user.b,
        }),
        allowed: ['p1', 'b'],
      },
    ],
  },
];

/** Digest settings and sent digests: each user's own; digests are written by the job alone. */
export const notificationSpecs: TableSpec[] = [
  {
    table: 'notification_settings',
    key: ['user_id'],
    seed: (w) => [
      { user_id: w.user.p1, digest: 'daily', quiet_start: '22:00', quiet_end: '07:00' },
    ],
    select: [
      { label: "p1's digest settings", key: (w) => ({ user_id: w.user.p1 }), actors: ['p1'] },
    ],
    insert: [
      {
        label: 'your own digest settings',
        row: (w, a) => ({ user_id: w.me(a), digest: 'off' }),
        stash: (w) => ({ user_id: w.user.p1 }),
        allowed: SIGNED_IN,
      },
      {
        label: "p2's digest settings",
        row: (w) => ({ user_id: w.user.p2, digest: 'off' }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: "p1's digest turned off",
        row: (w) => ({ user_id: w.user.p1 }),
        patch: () => ({ digest: 'off' }),
        allowed: ['p1'],
      },
    ],
    delete: [
      {
        label: "b's digest settings",
        row: (w) => ({ user_id: w.user.b, digest: 'weekly' }),
        allowed: ['b'],
      },
    ],
  },
  {
    table: 'notification_digests',
    key: ['user_id', 'period'],
    seed: (w) => [
      {
        user_id: w.user.p1,
        period: '2026-W48',
        covered_from: '2026-11-16T08:00:00Z',
        covered_to: '2026-11-23T08:00:00Z',
        notification_count: 2,
      },
    ],
    select: [
      {
        label: "p1's digest",
        key: (w) => ({ user_id: w.user.p1, period: '2026-W48' }),
        actors: ['p1'],
      },
    ],
    insert: [
      {
        label: 'a digest for oneself',
        row: (w, a) => ({
          user_id: w.me(a),
          period: '2026-11-30',
          covered_from: '2026-11-29T08:00:00Z',
          covered_to: '2026-11-30T08:00:00Z',
          notification_count: 0,
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's digest marked sent",
        row: (w) => ({ user_id: w.user.p1, period: '2026-W48' }),
        patch: () => ({ sent_at: '2026-11-23T08:01:00Z' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p1's digest",
        row: (w) => ({ user_id: w.user.p1, period: '2026-W48' }),
        allowed: none,
      },
    ],
  },
  {
    // The immediate e-mail queue (decision 0183): written by triggers and the server's job only;
    // each user reads their own delivery records.
    table: 'notification_emails',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('mail-p1'),
        user_id: w.user.p1,
        category: 'messages',
        conversation_id: w.id('conv'),
        status: 'sent',
        sent_at: '2026-11-23T08:01:00Z',
      },
    ],
    select: [
      { label: "p1's e-mail record", key: (w) => ({ id: w.id('mail-p1') }), actors: ['p1'] },
    ],
    insert: [
      {
        label: 'an e-mail queued for oneself',
        row: (w, a) => ({
          id: w.id(`mail-${a}`),
          user_id: w.me(a),
          category: 'messages',
          conversation_id: w.id('conv'),
          status: 'sent',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's e-mail put back in the queue",
        row: (w) => ({ id: w.id('mail-p1') }),
        patch: () => ({ status: 'pending', sent_at: null }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's e-mail record", row: (w) => ({ id: w.id('mail-p1') }), allowed: none }],
  },
];
