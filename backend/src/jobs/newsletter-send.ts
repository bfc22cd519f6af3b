import {
  newsletterPlainText,
  parseNewsletterBody,
  type NewsletterSpan,
} from '@promatch/shared/newsletter';
import { unsubscribeToken } from '../../../supabase/functions/_shared/newsletter.ts';
import type { AppContext } from '../app-context.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { escapeHtml } from '../mail/html.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';

interface ClaimedDelivery {
  issue_id: string;
  subscriber_id: string;
  email: string;
  subject: string;
  body: string;
}

/** The secret the newsletter-unsubscribe function checks links with. */
const unsubscribeSecret = (ctx: Pick<AppContext, 'config'>) =>
  process.env.NEWSLETTER_UNSUBSCRIBE_SECRET ?? ctx.config.serviceRoleKey;

const spansHtml = (spans: NewsletterSpan[]) =>
  spans
    .map((s) => (s.bold ? `<strong>${escapeHtml(s.text)}</strong>` : escapeHtml(s.text)))
    .join('');

/** The issue's body as HTML: only paragraphs, lists and bold, every character of text escaped. */
export function newsletterBodyHtml(body: string): string {
  return parseNewsletterBody(body)
    .map((block) =>
      block.kind === 'paragraph'
        ? `<p>${block.lines.map(spansHtml).join('<br>')}</p>`
        : `<ul>${block.items.map((item) => `<li>${spansHtml(item)}</li>`).join('')}</ul>`,
    )
    .join('\n');
}

/**
 * One subscriber's e-mail of an issue: the body, then the signed unsubscribe link (the site's
 * page, as in the welcome e-mail) and the one-click List-Unsubscribe headers (RFC 8058) that
 * POST to the newsletter-unsubscribe function.
 */
export async function newsletterIssueEmail(
  ctx: Pick<AppContext, 'config'>,
  delivery: Pick<ClaimedDelivery, 'email' | 'subject' | 'body'>,
): Promise<MailMessage> {
  const query = new URLSearchParams({
    email: delivery.email,
    token: await unsubscribeToken(delivery.email, unsubscribeSecret(ctx)),
  });
  const page = `${ctx.config.siteUrl.replace(/\/$/, '')}/unsubscribe?${query.toString()}`;
  const oneClick = `${ctx.config.publicUrl.replace(/\/$/, '')}/functions/v1/newsletter-unsubscribe?${query.toString()}`;
  const footer = `You get this e-mail because ${delivery.email} subscribed to the ProMatch newsletter.`;
  return {
    to: delivery.email,
    subject: delivery.subject,
    text: `${newsletterPlainText(delivery.body)}\n\n--\n${footer}\nUnsubscribe: ${page}\n`,
    html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(delivery.subject)}</title></head><body style="font-family: sans-serif; line-height: 1.5">${newsletterBodyHtml(delivery.body)}<hr><p style="font-size: 0.875em">${escapeHtml(footer)} <a href="${escapeHtml(page)}">Unsubscribe</a></p></body></html>`,
    links: [{ label: 'Unsubscribe', url: page }],
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * One pass: public.claim_newsletter_deliveries skips addresses that unsubscribed since the send
 * and claims pending deliveries (for update skip locked, so several instances can run this);
 * each is sent and finished by public.finish_newsletter_delivery (retried, failed after 5
 * attempts). Returns how many were sent.
 */
export async function sendNewsletterDeliveries(
  ctx: Pick<AppContext, 'db' | 'config'>,
  mailer: Mailer,
  limit = 50,
): Promise<number> {
  const { rows } = await ctx.db.query<ClaimedDelivery>(
    `select issue_id::text as issue_id, subscriber_id::text as subscriber_id, email, subject, body
     from public.claim_newsletter_deliveries($1)`,
    [limit],
  );
  let sent = 0;
  for (const row of rows) {
    let error: string | null = null;
    try {
      await mailer.send(await newsletterIssueEmail(ctx, row));
      sent += 1;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      console.error('[backend] newsletter e-mail failed:', error);
    }
    await ctx.db.query('select public.finish_newsletter_delivery($1::uuid, $2::uuid, $3)', [
      row.issue_id,
      row.subscriber_id,
      error,
    ]);
  }
  return sent;
}

/** NEWSLETTER_SEND_INTERVAL_MS: how often the job runs (2 s); 0 = never (another process sends). */
export const newsletterSendInterval = (env: NodeJS.ProcessEnv = process.env) => {
  const parsed = Number.parseInt(env.NEWSLETTER_SEND_INTERVAL_MS ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : 2000;
};

/** Runs a pass every `intervalMs` until stopped; errors are logged and the next pass retries. */
export function startNewsletterSend(
  ctx: AppContext,
  intervalMs = newsletterSendInterval(),
): () => void {
  if (intervalMs === 0) return () => undefined;
  const mailer = createMailer(ctx);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendNewsletterDeliveries(ctx, mailer)
      .catch((error: unknown) => console.error('[backend] newsletter sending failed:', error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
