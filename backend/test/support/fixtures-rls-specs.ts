/** Every table's RLS spec, in seeding order (parents before children). */
import { accountSpecs } from './fixtures-rls-matrix-account.ts';
import { adminSpecs } from './fixtures-rls-matrix-admin.ts';
import { integrationsSpecs } from './fixtures-rls-matrix-integrations.ts';
import { intakeSpecs } from './fixtures-rls-matrix-intake.ts';
import { limitSpecs } from './fixtures-rls-matrix-limits.ts';
import { matchingSpecs } from './fixtures-rls-matrix-matching.ts';
import { pushSpecs } from './fixtures-rls-matrix-push.ts';
import { paymentsSpecs } from './fixtures-rls-matrix-payments.ts';
import { privacySpecs } from './fixtures-rls-matrix-privacy.ts';
import { retentionSpecs } from './fixtures-rls-matrix-retention.ts';
import { safetySpecs } from './fixtures-rls-matrix-safety.ts';
import { socialSpecs } from './fixtures-rls-matrix-social.ts';
import { notificationSpecs, teamSpecs } from './fixtures-rls-matrix-teams.ts';
import { workspaceSpecs } from './fixtures-rls-matrix-workspace.ts';
import type { TableSpec } from './fixtures-rls-types.ts';

export const allSpecs: readonly TableSpec[] = [
  ...accountSpecs,
  ...socialSpecs,
  ...safetySpecs,
  ...workspaceSpecs,
  ...teamSpecs,
  ...intakeSpecs,
  ...adminSpecs,
  ...privacySpecs,
  ...retentionSpecs,
  ...notificationSpecs,
  ...pushSpecs,
  ...integrationsSpecs,
  ...matchingSpecs,
  ...limitSpecs,
  ...paymentsSpecs,
];
