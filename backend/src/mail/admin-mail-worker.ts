import type { AppContext } from '../app-context.ts';
import { createMailer } from './create-mailer.ts';
import { escapeHtml } from './html.ts';
import type { Mailer } from './mailer.ts';

interface QueuedEmail {
  id: string;
  to_email: string;
  subject: string;
  body_text: string;
}

/** A claim older than this is taken to belong to an instance that died while sending. */
const STALE_CLAIM = "interval '5 minutes'";

/**
 * Claims up to `limit` unsent rows of public.outbound_emails (written by the admin functions:
 * replies and verification decisions), sends each through the mailer and marks it sent. The
 * claim is one update, so two server instances never send the same e-mail.
 */
export async function deliverQueuedEmails(
  ctx: Pick<AppContext, 'db'>,
  mailer: Mailer,
  limit = 20,
): Promise<number> {
  const { rows } = await ctx.db.query<QueuedEmail>(
    `update public.outbound_emails set claimed_at = now()
     where id in (
       select id from public.outbound_emails
       where sent_at is null and (claimed_at is null or claimed_at < now() - ${STALE_CLAIM})
       order by created_at limit $1
       for update skip locked)
     returning id::text as id, to_email, subject, body_text`,
    [limit],
  );
  for (const row of rows) {
    try {
      await mailer.send({
        to: row.to_email,
        subject: row.subject,
        text: row.body_text,
        html: `<pre style="font-family: inherit; white-space: pre-wrap">${escapeHtml(row.body_text)}</pre>`,
        links: [],
      });
      await ctx.db.query(
        'update public.outbound_emails set sent_at = now(), last_error = null where id = $1',
        [row.id],
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db.query(
        'update public.outbound_emails set claimed_at = null, last_error = $2 where id = $1',
        [row.id, message.slice(0, 2000)],
      );
    }
  }
  return rows.length;
}

/** Polls the queue every `intervalMs` until stopped; errors are logged and the next tick retries. */
export function startAdminMailWorker(ctx: AppContext, intervalMs = 1000): () => void {
  const mailer = createMailer(ctx);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverQueuedEmails(ctx, mailer)
      .catch((error: unknown) => console.error('[backend] admin mail delivery failed:', error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
