/**
 * RLS matrix, account tables: profiles, admin_users, plans, subscriptions, usage, companies.
 * Users: p1 (professional, pro plan), p2 (professional), b (business with a company), admin0,
 * admin and super (professionals with admin_users rows: admin without area permissions, admin
 * with every area, super_admin).
 */
import { ACTORS, permitted, SIGNED_IN, STAFF, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;
/** A unique, well-formed company number derived from a fixture id. */
const number = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

export const accountSpecs: TableSpec[] = [
  {
    table: 'profiles',
    key: ['id'],
    select: [
      { label: "p1's profile (professional)", key: (w) => ({ id: w.user.p1 }), actors: ACTORS },
      { label: "p2's profile (professional)", key: (w) => ({ id: w.user.p2 }), actors: ACTORS },
      { label: "b's profile (business)", key: (w) => ({ id: w.user.b }), actors: SIGNED_IN },
    ],
    insert: [
      {
        label: 'a profile for an unknown user',
        row: (w) => ({ id: w.id('profile-new'), name: 'Nobody' }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's title",
        row: (w) => ({ id: w.user.p1 }),
        patch: () => ({ title: 'Principal React Engineer' }),
        allowed: ['p1', ...permitted('users')],
      },
      {
        label: "p1's verified badge",
        row: (w) => ({ id: w.user.p1 }),
        patch: () => ({ verified: true }),
        allowed: permitted('users'),
      },
      {
        label: "p1's account type",
        row: (w) => ({ id: w.user.p1 }),
        patch: () => ({ account_type: 'business' }),
        allowed: permitted('users'),
      },
      {
        label: "p1's rating",
        row: (w) => ({ id: w.user.p1 }),
        patch: () => ({ rating: 3.5 }),
        allowed: permitted('users'),
      },
      {
        label: "p1's suspension (admin functions only)",
        row: (w) => ({ id: w.user.p1 }),
        patch: () => ({ suspended_at: '2026-01-02T03:04:05.000Z' }),
        allowed: none,
      },
      {
        label: "p1's role (follows admin_users only)",
        row: (w) => ({ id: w.user.p1 }),
        patch: () => ({ role: 'super_admin' }),
        allowed: none,
      },
    ],
    delete: [{ label: "p2's profile", row: (w) => ({ id: w.user.p2 }), allowed: none }],
  },
  {
    table: 'admin_users',
    key: ['user_id'],
    select: [
      { label: "admin's record", key: (w) => ({ user_id: w.user.admin }), actors: STAFF },
      { label: "super's record", key: (w) => ({ user_id: w.user.super }), actors: STAFF },
    ],
    insert: [
      {
        label: 'make p2 an admin',
        row: (w) => ({ user_id: w.user.p2, role: 'admin' }),
        allowed: ['super'],
      },
    ],
    update: [
      {
        label: "admin's permissions",
        row: (w) => ({ user_id: w.user.admin }),
        patch: () => ({ permissions: { manage_users: true } }),
        allowed: ['super'],
      },
    ],
    delete: [
      {
        label: 'a temporary admin record for p2',
        row: (w) => ({ user_id: w.user.p2, role: 'admin' }),
        allowed: ['super'],
      },
    ],
  },
  {
    table: 'subscription_plans',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('plan-retired'),
        type: `legacy_${w.id('plan-retired').slice(0, 8)}`,
        name: 'Legacy',
        is_active: false,
      },
    ],
    select: [
      { label: 'the free plan', key: () => ({ type: 'free' }), actors: ACTORS },
      { label: 'the pro plan', key: () => ({ type: 'pro' }), actors: ACTORS },
      { label: 'a retired plan', key: (w) => ({ id: w.id('plan-retired') }), actors: ['super'] },
    ],
    insert: [
      {
        label: 'a new plan',
        row: (w) => ({
          id: w.id('plan-new'),
          type: `team_${w.id('plan-new').slice(0, 8)}`,
          name: 'Team',
        }),
        allowed: ['super'],
      },
    ],
    update: [
      {
        label: "the retired plan's name",
        row: (w) => ({ id: w.id('plan-retired') }),
        patch: () => ({ name: 'Legacy (renamed)' }),
        allowed: ['super'],
      },
    ],
    delete: [
      {
        label: 'a disposable plan',
        row: (w) => ({
          id: w.id('plan-tmp'),
          type: `tmp_${w.id('plan-tmp').slice(0, 8)}`,
          name: 'Tmp',
          is_active: false,
        }),
        allowed: ['super'],
      },
    ],
  },
  {
    table: 'user_subscriptions',
    key: ['user_id'],
    select: [
      {
        label: "p1's subscription",
        key: (w) => ({ user_id: w.user.p1 }),
        actors: ['p1', ...permitted('users')],
      },
      {
        label: "b's subscription",
        key: (w) => ({ user_id: w.user.b }),
        actors: ['b', ...permitted('users')],
      },
      {
        label: "admin's subscription",
        key: (w) => ({ user_id: w.user.admin }),
        actors: ['admin', 'users_admin', 'super'],
      },
    ],
    insert: [
      {
        label: 'a pro subscription for p2',
        row: (w) => ({ user_id: w.user.p2, plan_type: 'pro' }),
        allowed: ['super'],
      },
    ],
    update: [
      {
        label: "p2's plan to pro",
        row: (w) => ({ user_id: w.user.p2 }),
        patch: () => ({ plan_type: 'pro' }),
        allowed: ['super'],
      },
    ],
    delete: [
      { label: "p2's subscription", row: (w) => ({ user_id: w.user.p2 }), allowed: ['super'] },
    ],
  },
  {
    table: 'subscription_usage',
    key: ['id'],
    seed: (w) => [
      { id: w.id('usage-p1'), user_id: w.user.p1, metric_name: 'bookings', current_usage: 3 },
    ],
    select: [
      {
        label: "p1's usage",
        key: (w) => ({ id: w.id('usage-p1') }),
        actors: ['p1', ...permitted('users')],
      },
    ],
    insert: [
      {
        label: 'own usage row',
        row: (w, a) => ({ id: w.id(`usage-${a}`), user_id: w.me(a), metric_name: 'projects' }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "reset p1's usage",
        row: (w) => ({ id: w.id('usage-p1') }),
        patch: () => ({ current_usage: 0 }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's usage", row: (w) => ({ id: w.id('usage-p1') }), allowed: none }],
  },
  {
    table: 'companies',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('company-other'),
        company_number: number(w.id('company-other')),
        company_name: 'OTHER LTD',
      },
    ],
    select: [
      {
        label: "b's company",
        key: (w) => ({ id: w.id('company-b') }),
        actors: ['b', ...permitted('verification'), 'users_admin'],
      },
      {
        label: 'an unlinked company',
        key: (w) => ({ id: w.id('company-other') }),
        actors: [...permitted('verification'), 'users_admin'],
      },
    ],
    insert: [
      {
        label: 'a company',
        row: (w) => ({
          id: w.id('company-new'),
          company_number: number(w.id('company-new')),
          company_name: 'NEW LTD',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "reject b's company",
        row: (w) => ({ id: w.id('company-b') }),
        patch: () => ({ verification_status: 'rejected' }),
        allowed: permitted('verification'),
      },
      {
        label: "verify b's company",
        row: (w) => ({ id: w.id('company-b') }),
        patch: () => ({ verified_at: '2026-01-02T03:04:05.000Z' }),
        allowed: permitted('verification'),
      },
    ],
    delete: [
      {
        label: 'a disposable company',
        row: (w) => ({
          id: w.id('company-tmp'),
          company_number: number(w.id('company-tmp')),
          company_name: 'TMP LTD',
        }),
        allowed: ['super'],
      },
    ],
  },
];
