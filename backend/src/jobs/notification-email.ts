import { notificationUnsubscribeUrl } from '../../../supabase/functions/_shared/notification-unsubscribe.ts';
import type { AppContext } from '../app-context.ts';
import { createMailer } from '../mail/create-mailer.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderNotificationEmail } from '../notifications/email-template.ts';
import { isNotificationGroup, notificationEvent } from '../notifications/events.ts';

interface ClaimedEmail {
  id: string;
  user_id: string;
  email: string | null;
  name: string;
  category: string;
  attempts: number;
  notification: { kind: string; title: string; body: string; link: string | null } | null;
  conversation_id: string | null;
  sender_name: string | null;
  messages: { content: string; created_at: string }[] | null;
}

export interface NotificationEmailOptions {
  now?: Date;
  /** How long a new message stays unread before it is e-mailed (seconds). */
  messageDelaySeconds?: number;
  limit?: number;
}

/** The secret the unsubscribe links are signed with, as the notification-unsubscribe function reads it. */
const unsubscribeSecret = (ctx: Pick<AppContext, 'config'>) =>
  process.env.NEWSLETTER_UNSUBSCRIBE_SECRET ?? ctx.config.serviceRoleKey;

/**
 * One pass: public.claim_notification_emails suppresses what the recipient already read in the
 * app (or no longer wants), then claims the due e-mails outside their quiet hours, so several
 * server instances can run this at once. Each is rendered from the event catalogue and sent; the
 * outcome is recorded by public.finish_notification_email (a failure is retried with backoff).
 * Returns how many were sent.
 */
export async function sendNotificationEmails(
  ctx: Pick<AppContext, 'db' | 'config'>,
  mailer: Mailer,
  options: NotificationEmailOptions = {},
): Promise<number> {
  const { rows } = await ctx.db.query<ClaimedEmail>(
    `select id::text as id, user_id::text as user_id, email, name, category, attempts,
       notification, conversation_id::text as conversation_id, sender_name, messages
     from public.claim_notification_emails($1::timestamptz, $2, $3)`,
    [
      (options.now ?? new Date()).toISOString(),
      options.messageDelaySeconds ?? notificationEmailDelaySeconds(),
      options.limit ?? 50,
    ],
  );
  let sent = 0;
  for (const row of rows) {
    try {
      if (!row.email) throw new Error('the account has no e-mail address');
      if (!isNotificationGroup(row.category)) throw new Error(`unknown group ${row.category}`);
      const kind = row.notification?.kind ?? 'message_new';
      const mail = await renderNotificationEmail({
        to: row.email,
        name: row.name,
        event: notificationEvent(kind, row.category),
        data: row.notification
          ? {
              title: row.notification.title,
              body: row.notification.body,
              link: row.notification.link,
            }
          : {
              senderName: row.sender_name ?? 'Someone',
              messages: row.messages ?? [],
              conversationId: row.conversation_id ?? undefined,
            },
        siteUrl: ctx.config.siteUrl,
        unsubscribeUrl: await notificationUnsubscribeUrl(
          ctx.config.publicUrl,
          row.user_id,
          row.category,
          unsubscribeSecret(ctx),
        ),
      });
      await mailer.send(mail);
      await ctx.db.query('select public.finish_notification_email($1::uuid, null)', [row.id]);
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error('[backend] notification e-mail failed:', message);
      await ctx.db.query('select public.finish_notification_email($1::uuid, $2)', [
        row.id,
        message,
      ]);
    }
  }
  return sent;
}

const intFrom = (value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 && parsed <= max ? parsed : fallback;
};

/** NOTIFICATION_EMAIL_DELAY_SECONDS: how long a message stays unread before it is e-mailed (30 s). */
export const notificationEmailDelaySeconds = (env: NodeJS.ProcessEnv = process.env) =>
  intFrom(env.NOTIFICATION_EMAIL_DELAY_SECONDS, 30, 3600);

/** NOTIFICATION_EMAIL_INTERVAL_MS: how often the job runs (5 s); 0 = never. */
export const notificationEmailInterval = (env: NodeJS.ProcessEnv = process.env) =>
  intFrom(env.NOTIFICATION_EMAIL_INTERVAL_MS, 5000);

/** Runs a pass every `intervalMs` until stopped; errors are logged and the next pass retries. */
export function startNotificationEmails(
  ctx: AppContext,
  intervalMs = notificationEmailInterval(),
): () => void {
  if (intervalMs === 0) return () => undefined;
  const mailer = createMailer(ctx);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendNotificationEmails(ctx, mailer)
      .catch((error: unknown) => console.error('[backend] notification e-mails failed:', error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
