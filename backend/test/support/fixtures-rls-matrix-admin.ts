/**
 * RLS matrix, the management portal's own tables: the audit log (readable by admins with the
 * audit permission, append-only for everyone), the e-mail queue (no api access at all) and the
 * system settings (public flags for everyone, private ones and every write for super admins) and
 * professionals' verification requests (decided only through an admin function).
 */
import { ACTORS, permitted, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;

export const adminSpecs: TableSpec[] = [
  {
    table: 'admin_audit_log',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('audit'),
        actor_id: w.user.admin,
        actor_role: 'admin',
        action: 'suspend_user',
        target_type: 'user',
        target_id: w.user.p2,
        before: { suspended_at: null },
        after: { suspended_at: '2026-01-02T03:04:05.000Z' },
      },
    ],
    select: [
      { label: 'an audit entry', key: (w) => ({ id: w.id('audit') }), actors: permitted('audit') },
    ],
    insert: [
      {
        label: 'a forged audit entry',
        row: (w, a) => ({ id: w.id(`audit-${a}`), action: 'forged', target_type: 'user' }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "an audit entry's action",
        row: (w) => ({ id: w.id('audit') }),
        patch: () => ({ action: 'nothing_happened' }),
        allowed: none,
      },
    ],
    delete: [{ label: 'an audit entry', row: (w) => ({ id: w.id('audit') }), allowed: none }],
  },
  {
    table: 'outbound_emails',
    key: ['id'],
    seed: (w) => [
      { id: w.id('mail'), to_email: 'someone@example.com', subject: 'Hello', body_text: 'Hi' },
    ],
    select: [{ label: 'a queued e-mail', key: (w) => ({ id: w.id('mail') }), actors: none }],
    insert: [
      {
        label: 'an e-mail',
        row: (w, a) => ({
          id: w.id(`mail-${a}`),
          to_email: 'x@example.com',
          subject: 's',
          body_text: 'b',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "a queued e-mail's recipient",
        row: (w) => ({ id: w.id('mail') }),
        patch: () => ({ to_email: 'attacker@example.com' }),
        allowed: none,
      },
    ],
    delete: [{ label: 'a queued e-mail', row: (w) => ({ id: w.id('mail') }), allowed: none }],
  },
  {
    table: 'system_settings',
    key: ['key'],
    seed: () => [
      { key: 'matrix_public_flag', enabled: true, description: 'A public flag', is_public: true },
      {
        key: 'matrix_private_flag',
        enabled: false,
        description: 'A private one',
        is_public: false,
      },
    ],
    select: [
      { label: 'a public flag', key: () => ({ key: 'matrix_public_flag' }), actors: ACTORS },
      { label: 'a private flag', key: () => ({ key: 'matrix_private_flag' }), actors: ['super'] },
    ],
    insert: [
      {
        label: 'a new flag',
        row: (_w, a) => ({ key: `matrix_new_${a}`, enabled: true, description: 'New flag' }),
        allowed: ['super'],
      },
    ],
    update: [
      {
        label: 'turn the public flag off',
        row: () => ({ key: 'matrix_public_flag' }),
        patch: () => ({ enabled: false }),
        allowed: ['super'],
      },
    ],
    delete: [
      {
        label: 'a disposable flag',
        row: () => ({ key: 'matrix_disposable_flag', description: 'Goes away' }),
        allowed: ['super'],
      },
    ],
  },
  {
    table: 'verification_requests',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('verification-request'),
        user_id: w.user.p1,
        evidence_paths: [`${w.user.p1}/${w.id('evidence')}-diploma.pdf`],
      },
    ],
    select: [
      {
        label: "p1's request",
        key: (w) => ({ id: w.id('verification-request') }),
        actors: ['p1', ...permitted('verification')],
      },
    ],
    insert: [
      {
        label: 'a request with evidence from their own folder',
        row: (w, a) => ({
          id: w.id(`verification-request-${a}`),
          user_id: w.me(a),
          evidence_paths: [`${w.me(a) ?? 'anon'}/${w.id(`evidence-${a}`)}-diploma.pdf`],
        }),
        stash: (w) => ({ id: w.id('verification-request') }),
        // professionals without the badge whose plan includes identity_verification (p1 is on
        // Pro; p2 and the staff accounts are free professionals); not the business, not anon
        allowed: ['p1'],
      },
      {
        label: "a request citing p2's evidence",
        row: (w, a) => ({
          id: w.id(`verification-request-p2-${a}`),
          user_id: w.me(a),
          evidence_paths: [`${w.user.p2}/${w.id('evidence-p2')}-diploma.pdf`],
        }),
        stash: (w) => ({ id: w.id('verification-request') }),
        // p2's own evidence, but p2's free plan has no identity_verification; nobody else's
        allowed: none,
      },
    ],
    update: [
      {
        label: "approve p1's request",
        row: (w) => ({ id: w.id('verification-request') }),
        patch: () => ({ status: 'approved' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p1's request",
        row: (w) => ({ id: w.id('verification-request') }),
        allowed: none,
      },
    ],
  },
];
