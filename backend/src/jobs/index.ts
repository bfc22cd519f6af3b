import type { AppContext } from '../app-context.ts';
import { startAdminMailWorker } from '../mail/admin-mail-worker.ts';
import { startAppointmentsWorker } from './appointments-worker.ts';
import { startIntegrationsWorker } from './integrations-worker.ts';
import { startPushSender } from '../push/push-sender.ts';
import { startMatchingJobs } from './matching-jobs.ts';
import { startNewsletterSend } from './newsletter-send.ts';
import { startNotificationDigests } from './notification-digest.ts';
import { startNotificationEmails } from './notification-email.ts';
import { startPaymentsJobs } from './payments-jobs.ts';
import { startRetention } from './retention.ts';
import { startTeamInvitationMail } from './team-invitation-mail.ts';

/**
 * ProMatch's background work: each job calls functions and tables of this repository's
 * `supabase/` project, so they run only when the backend serves that project (not another
 * project's folder given in SUPABASE_DIR). Every job is idempotent, so two instances may run them.
 * Returns one function that stops them all.
 */
export function startProMatchJobs(ctx: AppContext): () => void {
  if (!ctx.config.isProMatchProject) return () => undefined;
  const stops = [
    startAdminMailWorker(ctx),
    startAppointmentsWorker(ctx),
    startMatchingJobs(ctx),
    startTeamInvitationMail(ctx),
    startNotificationDigests(ctx),
    startNotificationEmails(ctx),
    startNewsletterSend(ctx),
    startRetention(ctx),
    startPaymentsJobs(ctx),
    // WEB_PUSH=off leaves push notifications to another process (or sends none)
    process.env.WEB_PUSH === 'off' ? () => undefined : startPushSender(ctx),
    // INTEGRATIONS_WORKER=off leaves webhooks and automation rules to another process
    process.env.INTEGRATIONS_WORKER === 'off' ? () => undefined : startIntegrationsWorker(ctx),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
