/**
 * RLS matrix, what the platform records: announcements, analytics, and what visitors hand us
 * (newsletter, leads, contact messages). Visitors may write some of it; only staff read it.
 */
import { ACTORS, permitted, SIGNED_IN, STAFF, type TableSpec } from './fixtures-rls-types.ts';

const none = [] as const;
const contact = {
  name: 'Vera Visitor',
  email: 'vera@example.com',
  subject: 'Hello',
  message: 'Hi there',
};

export const intakeSpecs: TableSpec[] = [
  {
    table: 'system_notifications',
    key: ['id'],
    seed: (w) => [
      { id: w.id('n-all'), title: 'For all', message: 'm', target_type: 'all' },
      { id: w.id('n-pro'), title: 'For professionals', message: 'm', target_type: 'professional' },
      { id: w.id('n-biz'), title: 'For businesses', message: 'm', target_type: 'business' },
      { id: w.id('n-off'), title: 'Retired', message: 'm', target_type: 'all', is_active: false },
      {
        id: w.id('n-later'),
        title: 'Scheduled',
        message: 'm',
        target_type: 'all',
        sent_at: '2999-01-01T09:00:00.000Z',
      },
    ],
    select: [
      { label: 'an announcement for all', key: (w) => ({ id: w.id('n-all') }), actors: SIGNED_IN },
      {
        label: 'an announcement for professionals',
        key: (w) => ({ id: w.id('n-pro') }),
        actors: ['p1', 'p2', ...STAFF],
      },
      {
        label: 'an announcement for businesses',
        key: (w) => ({ id: w.id('n-biz') }),
        actors: ['b', ...permitted('announcements')],
      },
      {
        label: 'an inactive announcement',
        key: (w) => ({ id: w.id('n-off') }),
        actors: permitted('announcements'),
      },
      {
        label: 'an announcement scheduled for later',
        key: (w) => ({ id: w.id('n-later') }),
        actors: permitted('announcements'),
      },
    ],
    insert: [
      {
        label: 'an announcement',
        row: (w, a) => ({ id: w.id(`n-${a}`), title: 'New', message: 'm' }),
        allowed: permitted('announcements'),
      },
    ],
    update: [
      {
        label: 'deactivate the announcement for all',
        row: (w) => ({ id: w.id('n-all') }),
        patch: () => ({ is_active: false }),
        allowed: permitted('announcements'),
      },
    ],
    delete: [
      {
        label: 'a disposable announcement',
        row: (w) => ({ id: w.id('n-tmp'), title: 'Tmp', message: 'm' }),
        allowed: ['super'],
      },
    ],
  },
  {
    table: 'user_analytics',
    key: ['id'],
    seed: (w) => [
      { id: w.id('ua'), user_id: w.user.p1, metric_name: 'page_load_time', metric_value: 812 },
    ],
    select: [
      {
        label: "p1's metric",
        key: (w) => ({ id: w.id('ua') }),
        actors: ['p1', ...permitted('analytics')],
      },
    ],
    insert: [
      {
        label: 'a metric about oneself',
        row: (w, a) => ({ id: w.id(`ua-${a}`), user_id: w.me(a), metric_name: 'user_action' }),
        allowed: SIGNED_IN,
      },
      {
        label: 'a metric about p2',
        row: (w, a) => ({ id: w.id(`ua-x-${a}`), user_id: w.user.p2, metric_name: 'user_action' }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: "p1's metric value",
        row: (w) => ({ id: w.id('ua') }),
        patch: () => ({ metric_value: 1 }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's metric", row: (w) => ({ id: w.id('ua') }), allowed: none }],
  },
  {
    table: 'profile_stats_daily',
    key: ['professional_id', 'day'],
    seed: (w) => [{ professional_id: w.user.p1, day: '2026-01-05', views: 3 }],
    select: [
      {
        label: "p1's views on a day",
        key: (w) => ({ professional_id: w.user.p1, day: '2026-01-05' }),
        actors: ['p1', ...permitted('analytics')],
      },
    ],
    insert: [
      {
        label: 'counts for oneself (only the recording functions write)',
        row: (w, a) => ({ professional_id: w.me(a), day: '2026-01-06', views: 99 }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "p1's views",
        row: (w) => ({ professional_id: w.user.p1, day: '2026-01-05' }),
        patch: () => ({ views: 1000 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: "p1's views",
        row: (w) => ({ professional_id: w.user.p1, day: '2026-01-05' }),
        allowed: none,
      },
    ],
  },
  {
    table: 'analytics_events',
    key: ['id'],
    seed: (w) => [{ id: w.id('ev'), user_id: w.user.p1, event_type: 'page_view', page_path: '/' }],
    select: [
      {
        label: "p1's page view",
        key: (w) => ({ id: w.id('ev') }),
        actors: permitted('analytics'),
      },
    ],
    insert: [
      {
        label: 'an anonymous event',
        row: (w, a) => ({
          id: w.id(`ev-${a}`),
          event_type: 'page_view',
          session_id: 'anonymous',
          user_id: null,
        }),
        allowed: ACTORS,
      },
      {
        label: 'an event attributed to p2',
        row: (w, a) => ({ id: w.id(`ev-x-${a}`), event_type: 'page_view', user_id: w.user.p2 }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: "p1's page view",
        row: (w) => ({ id: w.id('ev') }),
        patch: () => ({ page_path: '/forged' }),
        allowed: none,
      },
    ],
    delete: [{ label: "p1's page view", row: (w) => ({ id: w.id('ev') }), allowed: none }],
  },
  {
    table: 'newsletter_subscribers',
    key: ['id'],
    seed: (w) => [{ id: w.id('nl'), email: `reader-${w.id('nl')}@example.com` }],
    select: [
      { label: 'a subscriber', key: (w) => ({ id: w.id('nl') }), actors: permitted('inbox') },
    ],
    insert: [
      {
        label: 'a subscriber (only through the newsletter-signup function)',
        row: (w, a) => ({ id: w.id(`nl-${a}`), email: `${a}-${w.id('nl')}@example.com` }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "a subscriber's e-mail",
        row: (w) => ({ id: w.id('nl') }),
        patch: () => ({ email: 'other@example.com' }),
        allowed: none,
      },
      {
        label: 'triage a subscriber',
        row: (w) => ({ id: w.id('nl') }),
        patch: (w) => ({ status: 'in_progress', assigned_to: w.user.admin }),
        allowed: permitted('inbox'),
      },
    ],
    delete: [
      {
        label: 'a disposable subscriber',
        row: (w) => ({ id: w.id('nl-tmp'), email: `tmp-${w.id('nl-tmp')}@example.com` }),
        allowed: permitted('inbox'),
      },
    ],
  },
  {
    table: 'newsletter_issues',
    key: ['id'],
    seed: (w) => [
      { id: w.id('nl-draft'), subject: 'Draft issue', body: 'Hello' },
      { id: w.id('nl-sent'), subject: 'Sent issue', body: 'Hello', status: 'sent' },
    ],
    select: [
      {
        label: 'a draft issue',
        key: (w) => ({ id: w.id('nl-draft') }),
        actors: permitted('announcements'),
      },
      {
        label: 'a sent issue',
        key: (w) => ({ id: w.id('nl-sent') }),
        actors: permitted('announcements'),
      },
    ],
    insert: [
      {
        label: 'a draft issue',
        row: (w, a) => ({ id: w.id(`nl-issue-${a}`), subject: 'New', body: 'b' }),
        allowed: permitted('announcements'),
      },
      {
        label: 'an issue marked sent (only public.send_newsletter_issue sends)',
        row: (w, a) => ({
          id: w.id(`nl-issue-sent-${a}`),
          subject: 'New',
          body: 'b',
          status: 'sent',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "a draft's subject",
        row: (w) => ({ id: w.id('nl-draft') }),
        patch: () => ({ subject: 'Edited draft' }),
        allowed: permitted('announcements'),
      },
      {
        label: "a draft's status and counts (only the send function and the job)",
        row: (w) => ({ id: w.id('nl-draft') }),
        patch: () => ({ status: 'sent', sent_count: 1000 }),
        allowed: none,
      },
      {
        label: "a sent issue's subject",
        row: (w) => ({ id: w.id('nl-sent') }),
        patch: () => ({ subject: 'Rewritten history' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a disposable draft',
        row: (w) => ({ id: w.id('nl-draft-tmp'), subject: 'Tmp', body: 'b' }),
        allowed: permitted('announcements'),
      },
      {
        label: 'a disposable sent issue',
        row: (w) => ({ id: w.id('nl-sent-tmp'), subject: 'Tmp', body: 'b', status: 'sent' }),
        allowed: none,
      },
    ],
  },
  {
    table: 'newsletter_deliveries',
    key: ['issue_id', 'subscriber_id'],
    seed: (w) => [{ issue_id: w.id('nl-sent'), subscriber_id: w.id('nl'), status: 'sent' }],
    select: [
      {
        label: 'a delivery',
        key: (w) => ({ issue_id: w.id('nl-sent'), subscriber_id: w.id('nl') }),
        actors: permitted('announcements'),
      },
    ],
    insert: [
      {
        label: 'a delivery (only public.send_newsletter_issue queues them)',
        row: (w) => ({ issue_id: w.id('nl-draft'), subscriber_id: w.id('nl') }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "a delivery's status",
        row: (w) => ({ issue_id: w.id('nl-sent'), subscriber_id: w.id('nl') }),
        patch: () => ({ status: 'failed' }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a delivery',
        row: (w) => ({ issue_id: w.id('nl-sent'), subscriber_id: w.id('nl') }),
        allowed: none,
      },
    ],
  },
  {
    table: 'leads',
    key: ['id'],
    seed: (w) => [
      {
        id: w.id('lead'),
        token: w.id('lead-token'),
        email: 'lead@example.com',
        consent_version: '1.0',
      },
    ],
    select: [{ label: 'a lead', key: (w) => ({ id: w.id('lead') }), actors: permitted('inbox') }],
    insert: [
      {
        label: 'a consented lead capture',
        row: (w, a) => ({
          id: w.id(`lead-${a}`),
          token: w.id(`lead-token-${a}`),
          email: 'v@example.com',
          consent_version: '1.0',
        }),
        allowed: ACTORS,
      },
      {
        label: 'a lead with an unknown consent version',
        row: (w, a) => ({
          id: w.id(`lead-old-${a}`),
          token: w.id(`lead-old-token-${a}`),
          email: 'v@example.com',
          consent_version: '0.9',
        }),
        allowed: none,
      },
    ],
    update: [
      {
        label: "a lead's e-mail",
        row: (w) => ({ id: w.id('lead') }),
        patch: () => ({ email: 'x@example.com' }),
        allowed: none,
      },
      {
        label: 'triage a lead',
        row: (w) => ({ id: w.id('lead') }),
        patch: (w) => ({ status: 'in_progress', assigned_to: w.user.admin }),
        allowed: permitted('inbox'),
      },
      {
        label: 'assign a lead to a non-staff user',
        row: (w) => ({ id: w.id('lead') }),
        patch: (w) => ({ assigned_to: w.user.p1 }),
        allowed: none,
      },
    ],
    delete: [
      {
        label: 'a disposable lead',
        row: (w) => ({
          id: w.id('lead-tmp'),
          token: w.id('lead-tmp-token'),
          email: 't@example.com',
          consent_version: '1.0',
        }),
        allowed: permitted('inbox'),
      },
    ],
  },
  {
    table: 'contact_messages',
    key: ['id'],
    seed: (w) => [{ id: w.id('cm'), ...contact }],
    select: [
      { label: 'a contact message', key: (w) => ({ id: w.id('cm') }), actors: permitted('inbox') },
    ],
    insert: [
      {
        label: 'a contact message',
        row: (w, a) => ({ id: w.id(`cm-${a}`), ...contact, user_id: w.me(a) }),
        allowed: ACTORS,
      },
      {
        label: 'a contact message signed as p2',
        row: (w, a) => ({ id: w.id(`cm-x-${a}`), ...contact, user_id: w.user.p2 }),
        allowed: ['p2'],
      },
    ],
    update: [
      {
        label: 'triage a contact message',
        row: (w) => ({ id: w.id('cm') }),
        patch: () => ({ status: 'in_progress' }),
        allowed: permitted('inbox'),
      },
    ],
    delete: [
      {
        label: 'a disposable contact message',
        row: (w) => ({ id: w.id('cm-tmp'), ...contact }),
        allowed: permitted('inbox'),
      },
    ],
  },
];
