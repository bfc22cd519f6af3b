/**
 * The portal's query keys, one object per domain, all under ['admin']. They live in lib because a
 * mutation in one feature changes data another feature shows (a suspension from moderation changes
 * the users list; every audited action adds to the audit log), and features never import each other.
 */
const root = ['admin'] as const;

export const userKeys = {
  all: [...root, 'users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: object) => [...userKeys.lists(), filters] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};

export const auditKeys = {
  all: [...root, 'audit'] as const,
  list: (targetType: string) => [...auditKeys.all, targetType] as const,
};

export const moderationKeys = {
  all: [...root, 'moderation'] as const,
  queues: () => [...moderationKeys.all, 'queue'] as const,
  queue: (status: string) => [...moderationKeys.queues(), status] as const,
  context: (reportId: string) => [...moderationKeys.all, 'context', reportId] as const,
};

export const verificationKeys = {
  all: [...root, 'verification'] as const,
  companies: () => [...verificationKeys.all, 'companies'] as const,
  companyQueue: (status: string) => [...verificationKeys.companies(), status] as const,
  professionals: () => [...verificationKeys.all, 'professionals'] as const,
  professionalQueue: (status: string) => [...verificationKeys.professionals(), status] as const,
};

export const announcementKeys = {
  all: [...root, 'announcements'] as const,
};

export const inboxKeys = {
  all: [...root, 'inbox'] as const,
  kind: (kind: string) => [...inboxKeys.all, kind] as const,
  items: (kind: string, status: string) => [...inboxKeys.kind(kind), status] as const,
};

/** admin_users: the BMS staff table and the inbox's list of people to assign to. */
export const staffKeys = {
  all: [...root, 'staff'] as const,
  rows: () => [...staffKeys.all, 'rows'] as const,
  names: () => [...staffKeys.all, 'names'] as const,
};

export const planKeys = {
  all: [...root, 'plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  history: (plansUpdatedAt: number) => [...planKeys.all, 'history', plansUpdatedAt] as const,
};

export const settingKeys = {
  all: [...root, 'settings'] as const,
};

export const analyticsKeys = {
  all: [...root, 'analytics'] as const,
  range: (range: { from: string; to: string }) => [...analyticsKeys.all, range] as const,
};

export const paymentKeys = {
  all: [...root, 'payments'] as const,
  disputes: () => [...paymentKeys.all, 'disputes'] as const,
  feeIncome: () => [...paymentKeys.all, 'fee-income'] as const,
  reconciliation: () => [...paymentKeys.all, 'reconciliation'] as const,
};

export const newsletterKeys = {
  all: [...root, 'newsletter'] as const,
};
