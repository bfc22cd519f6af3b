import type { AdminArea } from '@promatch/shared';

/** What each admin permission opens, as the portal names it. */
export const AREA_LABELS: Record<AdminArea, string> = {
  users: 'Users',
  verification: 'Verification',
  announcements: 'Announcements',
  inbox: 'Inbox',
  audit: 'Audit log',
  analytics: 'Analytics',
  moderation: 'Moderation',
  payments: 'Payments',
};

/** Where each area lives under /management. */
export const AREA_PATHS: Partial<Record<AdminArea, string>> = {
  users: '/management/users',
  verification: '/management/verification',
  announcements: '/management/announcements',
  inbox: '/management/inbox',
  audit: '/management/audit',
  analytics: '/management/analytics',
  moderation: '/management/moderation',
  payments: '/management/payments',
};
