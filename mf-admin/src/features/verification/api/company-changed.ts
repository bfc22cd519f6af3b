import type { QueryKey } from '@tanstack/react-query';
import { auditKeys, userKeys, verificationKeys } from '../../../lib/query-keys';
import type { QueuedCompany } from './get-company-queue';

/**
 * A company's verification status moves it between queues, is audited (a trigger on companies),
 * and shows on the page of each business user of that company.
 */
export const keysChangedByCompany = (company: QueuedCompany): QueryKey[] => [
  verificationKeys.companies(),
  auditKeys.all,
  ...company.businesses.map((business) => userKeys.detail(business.id)),
];
