/**
 * RLS matrix, workspace tables: favorites, projects, applications, teams, members, files, reviews.
 * World: b saved p1 and posted an open project (past the early-access window), one opened just
 * now and a draft; p1 (pro) applied to the first; p1 owns a
 * team with p2 (member) and b (admin) in it (membership changes only through the team functions: backend/test/teams) and a
 * file shared with b; b reviewed p1 after their completed appointment.
 */
import { ACTORS, permitted, SIGNED_IN, STAFF, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;

export const workspaceSpecs: TableSpec[] = [
  {
    table: 'favorites',
    key: ['id'],
    seed: (w) => [{ id: w.id('fav'), user_id: w.user.b, professional_id: w.user.p1 }],
    select: [{ label: "b's favorite", key: (w) => ({ id: w.id('fav') }), actors: ['b'] }],
    insert: [
      {
        label: 'save p2 for oneself',
        row: (w, a) => ({
          id: w.id(`fav-${a}`),
          user_id: w.me(a),
          professional_id: a === 'p2' ? w.user.p1 : w.user.p2,
        }),
        allowed: SIGNED_IN,
      },
      {
        label: 'save p1 for p2',
        row: (w, a) => ({
          id: w.id(`fav-forged-${a}`),
          user_id: w.user.p2,
          professional_id: w.user.p1,
        }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: "b's favorite",
        row: (w) => ({ id: w.id('fav') }),
        patch: (w) => ({ professional_id: w.user.p2 }),
        allowed: none,
      },
      {
        label: "the private note on b's favorite",
        row: (w) => ({ id: w.id('fav') }),
        patch: () => ({ note: 'Strong on AWS' }),
        allowed: ['b'],
      },
    ],
    delete: [
      {
        label: "b's favorite of p2",
        row: (w) => ({ id: w.id('fav-tmp'), user_id: w.user.b, professional_id: w.user.p2 }),
        allowed: ['b'],
      },
    ],
  },
  {
    table: 'projects',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('proj-open'),
        owner_id: w.user.b,
        title: 'Build an API',
        status: 'open',
        published_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      },
      // opened just now: within the early-access window only plans with early_project_access see it
      { id: w.id('proj-new'), owner_id: w.user.b, title: 'Fresh work', status: 'open' },
      { id: w.id('proj-draft'), owner_id: w.user.b, title: 'Secret plan', status: 'draft' },
    ],
    select: [
      { label: "b's open project", key: (w) => ({ id: w.id('proj-open') }), actors: SIGNED_IN },
      {
        label: "b's project opened just now (early access: pro p1)",
        key: (w) => ({ id: w.id('proj-new') }),
        actors: ['p1', 'b', ...permitted('moderation')],
      },
      {
        label: "b's draft project",
        key: (w) => ({ id: w.id('proj-draft') }),
        actors: ['b', ...permitted('moderation')],
      },
    ],
    insert: [
      {
        label: 'a project of ones own',
        row: (w, a) => ({
          id: w.id(`proj-${a}`),
          owner_id: w.me(a),
          title: 'New work',
          status: 'open',
        }),
        allowed: ['b'],
      },
    ],
    update: [
      {
        label: "b's open project title",
        row: (w) => ({ id: w.id('proj-open') }),
        patch: () => ({ title: 'Build a better API' }),
        allowed: ['b', ...permitted('moderation')],
      },
    ],
    delete: [
      {
        label: "a project of b's",
        row: (w) => ({ id: w.id('proj-tmp'), owner_id: w.user.b, title: 'Tmp' }),
        allowed: ['b', ...permitted('moderation')],
      },
    ],
  },
  {
    table: 'project_applications',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('application'),
        project_id: w.id('proj-open'),
        professional_id: w.user.p1,
        cover_letter: 'Hire me',
      },
    ],
    select: [
      {
        label: "p1's application to b's project",
        key: (w) => ({ id: w.id('application') }),
        actors: ['p1', 'b', ...permitted('moderation')],
      },
    ],
    insert: [
      {
        // admin and super are professional accounts in this world, so they may apply too.
        label: "apply to b's open project as oneself",
        row: (w, a) => ({
          id: w.id(`application-${a}`),
          project_id: w.id('proj-open'),
          professional_id: w.me(a),
        }),
        stash: (w) => ({ id: w.id('application') }),
        allowed: ['p1', 'p2', ...STAFF],
      },
      {
        label: "apply to b's project opened just now (early access: pro p1)",
        row: (w, a) => ({
          id: w.id(`application-new-${a}`),
          project_id: w.id('proj-new'),
          professional_id: w.me(a),
        }),
        allowed: ['p1'],
      },
      {
        label: "apply to b's draft project",
        row: (w, a) => ({
          id: w.id(`application-draft-${a}`),
          project_id: w.id('proj-draft'),
          professional_id: w.me(a),
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "shortlist p1's application",
        row: (w) => ({ id: w.id('application') }),
        patch: () => ({ status: 'shortlisted' }),
        allowed: ['b'],
      },
      {
        label: "rewrite p1's cover letter",
        row: (w) => ({ id: w.id('application') }),
        patch: () => ({ cover_letter: 'Hire me now' }),
        allowed: ['p1'],
      },
    ],
    delete: [
      { label: "p1's application", row: (w) => ({ id: w.id('application') }), allowed: none },
    ],
  },
  {
    table: 'teams',
    key: ['id'],
    seed: (w) => [{ id: w.id('team'), owner_id: w.user.p1, name: 'Frontend guild' }],
    select: [{ label: "p1's team", key: (w) => ({ id: w.id('team') }), actors: ['p1', 'p2', 'b'] }],
    insert: [
      {
        label: 'a team of ones own',
        row: (w, a) => ({ id: w.id(`team-${a}`), owner_id: w.me(a), name: 'Mine' }),
        allowed: SIGNED_IN,
      },
      {
        label: 'a team owned by p2',
        row: (w, a) => ({ id: w.id(`team-x-${a}`), owner_id: w.user.p2, name: 'Yours' }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: "p1's team name",
        row: (w) => ({ id: w.id('team') }),
        patch: () => ({ name: 'Guild' }),
        allowed: ['p1'],
      },
    ],
    delete: [
      {
        label: "a team of p1's",
        row: (w) => ({ id: w.id('team-tmp'), owner_id: w.user.p1, name: 'Tmp' }),
        allowed: ['p1'],
      },
    ],
  },
  {
    table: 'team_members',
    key: ['team_id', 'user_id'],
    seed: (w) => [
      { team_id: w.id('team'), user_id: w.user.p2 },
      { team_id: w.id('team'), user_id: w.user.b, role: 'admin' },
    ],
    select: [
      {
        label: "p2's membership of p1's team",
        key: (w) => ({ team_id: w.id('team'), user_id: w.user.p2 }),
        actors: ['p1', 'p2', 'b'],
      },
    ],
    insert: [
      {
        label: "add admin0 to p1's team (joining is by invitation only)",
        row: (w) => ({ team_id: w.id('team'), user_id: w.user.admin0 }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p2's role in p1's team (set_team_member_role only)",
        row: (w) => ({ team_id: w.id('team'), user_id: w.user.p2 }),
        patch: () => ({ role: 'admin' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p2's membership (remove_team_member and leave_team only)",
        row: (w) => ({ team_id: w.id('team'), user_id: w.user.p2 }),
        allowed: none,
      },
    ],
  },
  {
    table: 'files',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('file'),
        owner_id: w.user.p1,
        storage_path: `${w.user.p1}/cv.pdf`,
        name: 'cv.pdf',
        shared_with: [w.user.b],
      },
    ],
    select: [
      { label: "p1's file shared with b", key: (w) => ({ id: w.id('file') }), actors: ['p1', 'b'] },
    ],
    insert: [
      {
        label: 'a file of ones own',
        row: (w, a) => ({
          id: w.id(`file-${a}`),
          owner_id: w.me(a),
          storage_path: `${w.me(a)}/new-${a}.txt`,
          name: 'new.txt',
        }),
        allowed: SIGNED_IN,
      },
      {
        label: 'a file owned by p2',
        row: (w, a) => ({
          id: w.id(`file-x-${a}`),
          owner_id: w.user.p2,
          storage_path: `${w.user.p2}/x-${a}.txt`,
          name: 'new.txt',
        }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: "p1's file name",
        row: (w) => ({ id: w.id('file') }),
        patch: () => ({ name: 'resume.pdf' }),
        allowed: ['p1'],
      },
    ],
    delete: [
      {
        label: "a file of p1's shared with b",
        row: (w) => ({
          id: w.id('file-tmp'),
          owner_id: w.user.p1,
          storage_path: 'tmp/x',
          name: 'x',
          shared_with: [w.user.b],
        }),
        allowed: ['p1'],
      },
    ],
  },
  {
    table: 'reviews',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('review'),
        professional_id: w.user.p1,
        reviewer_id: w.user.b,
        rating: 5,
        comment: 'Great',
      },
    ],
    select: [{ label: "b's review of p1", key: (w) => ({ id: w.id('review') }), actors: ACTORS }],
    insert: [
      {
        label: 'review p1 for the b-p1 call as oneself (the business of a completed call only)',
        row: (w, a) => ({
          id: w.id(`review-${a}`),
          professional_id: w.user.p1,
          reviewer_id: w.me(a),
          appointment_id: w.id('appt'),
          rating: 4,
        }),
        allowed: ['b'],
      },
    ],
    update: [
      {
        label: "b's review comment",
        row: (w) => ({ id: w.id('review') }),
        patch: () => ({ comment: 'Superb' }),
        allowed: ['b'],
      },
      {
        label: "the reply to b's review (only the professional reviewed, once)",
        row: (w) => ({ id: w.id('review') }),
        patch: () => ({ professional_reply: 'Thank you!' }),
        allowed: ['p1'],
      },
    ],
    delete: [
      {
        label: "b's review of p1",
        row: (w) => ({ id: w.id('review') }),
        allowed: ['b', ...permitted('moderation')],
      },
    ],
  },
];
