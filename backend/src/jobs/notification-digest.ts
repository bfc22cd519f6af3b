import type { AppContext } from '../app-context.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { escapeHtml } from '../mail/html.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { every } from './every.ts';

interface DigestItem {
  title: string;
  body: string;
  link: string | null;
  created_at: string;
}

interface ClaimedDigest {
  user_id: string;
  email: string;
  name: string;
  period: string;
  digest: 'daily' | 'weekly';
  items: DigestItem[];
}

const absolute = (siteUrl: string, link: string) =>
  /^https?:\/\//.test(link) ? link : `${siteUrl.replace(/\/$/, '')}${link}`;

/** The digest e-mail: each unread notification with its link, and where to change the choice. */
export function renderDigest(digest: ClaimedDigest, siteUrl: string): MailMessage {
  const when = digest.digest === 'daily' ? 'today' : 'this week';
  const settings = absolute(siteUrl, '/smart-notifications');
  const items = digest.items.map((item) => ({
    ...item,
    url: item.link ? absolute(siteUrl, item.link) : null,
  }));
  const count = `${items.length} unread notification${items.length === 1 ? '' : 's'}`;
  const text = [
    `Hello ${digest.name},`,
    '',
    `You have ${count} on ProMatch ${when}:`,
    '',
    ...items.map((item) => `- ${item.title}: ${item.body}${item.url ? `\n  ${item.url}` : ''}`),
    '',
    `Change what you receive and when: ${settings}`,
    '',
    'ProMatch',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111827">
<h1 style="color:#2563eb;font-size:20px">ProMatch</h1>
<p>Hello ${escapeHtml(digest.name)}, you have ${escapeHtml(count)} ${when}:</p>
<ul>${items
    .map(
      (item) =>
        `<li><strong>${escapeHtml(item.title)}</strong>: ${escapeHtml(item.body)}${
          item.url ? ` <a href="${escapeHtml(item.url)}" style="color:#2563eb">Open</a>` : ''
        }</li>`,
    )
    .join('')}</ul>
<p style="color:#6b7280;font-size:12px"><a href="${escapeHtml(settings)}">Change what you receive and when</a></p>
</body></html>`;
  return {
    to: digest.email,
    subject: `Your ${digest.digest} ProMatch digest: ${count}`,
    text,
    html,
    links: [
      ...items.flatMap((item) => (item.url ? [{ label: item.title, url: item.url }] : [])),
      { label: 'Notification settings', url: settings },
    ],
  };
}

/**
 * One pass: claims the digests due now (public.claim_notification_digests records each user and
 * period once, so two server instances never send the same one) and e-mails them. A failed send
 * releases the claim, so the next pass tries again.
 */
export async function sendNotificationDigests(
  ctx: Pick<AppContext, 'db' | 'config'>,
  mailer: Mailer,
  now: Date = new Date(),
): Promise<number> {
  const { rows } = await ctx.db.query<ClaimedDigest>(
    `select user_id::text as user_id, email, name, period, digest, items
     from public.claim_notification_digests($1::timestamptz, 50)`,
    [now.toISOString()],
  );
  let sent = 0;
  for (const row of rows) {
    try {
      await mailer.send(renderDigest(row, ctx.config.siteUrl));
      await ctx.db.query(
        'update public.notification_digests set sent_at = now() where user_id = $1 and period = $2',
        [row.user_id, row.period],
      );
      sent += 1;
    } catch (error) {
      console.error('[backend] notification digest failed:', error);
      await ctx.db.query(
        'delete from public.notification_digests where user_id = $1 and period = $2',
        [row.user_id, row.period],
      );
    }
  }
  return sent;
}

/** How often the digest pass runs: NOTIFICATION_DIGEST_INTERVAL_MS, a minute by default, 0 = never. */
export function digestInterval(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number.parseInt(env.NOTIFICATION_DIGEST_INTERVAL_MS ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : 60_000;
}

/**
 * Runs a digest pass every `intervalMs` until stopped; errors are logged. An interval of 0 runs
 * none (tests that claim digests at chosen times themselves).
 */
export function startNotificationDigests(
  ctx: AppContext,
  intervalMs = digestInterval(),
): () => void {
  if (intervalMs === 0) return () => undefined;
  const mailer = createMailer(ctx);
  return every('notification digests', intervalMs, () => sendNotificationDigests(ctx, mailer));
}
