import { escapeHtml } from './html.ts';
import type { OutboxMessage } from './outbox-store.ts';

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;color:#111827}
h1{color:#2563eb}table{border-collapse:collapse;width:100%}td,th{padding:.5rem;border-bottom:1px solid #e5e7eb;text-align:left}
a{color:#2563eb}.meta{color:#6b7280;font-size:.875rem}iframe{width:100%;height:28rem;border:1px solid #e5e7eb}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  `<style>${STYLE}</style></head><body>${body}</body></html>`;

const linkList = (message: OutboxMessage) =>
  message.links
    .map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`)
    .join(' ');

/** The outbox: every captured e-mail, newest first, with its action links clickable. */
export function renderOutboxList(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (message) => `<tr><td class="meta">${escapeHtml(message.created_at)}</td>
<td>${escapeHtml(message.to)}</td>
<td><a href="/outbox/${message.id}">${escapeHtml(message.subject)}</a></td><td>${linkList(message)}</td></tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Links</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No e-mail yet. Sign up or ask for a password reset and it will appear here.</p>';
  return page(
    'ProMatch outbox',
    `<h1>ProMatch outbox</h1><p class="meta">E-mail the local server would have sent. Configure SMTP_URL to send it for real.</p>${table}`,
  );
}

/** One e-mail: headers, links, and the HTML body in a sandboxed frame (no scripts). */
export function renderOutboxMessage(message: OutboxMessage): string {
  return page(
    message.subject,
    `<p><a href="/outbox">&larr; Outbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<p class="meta">From ${escapeHtml(message.from)} to ${escapeHtml(message.to)} at ${escapeHtml(message.created_at)}</p>
<p>${linkList(message)}</p>
${Object.entries(message.headers)
  .map(([name, value]) => `<p class="meta">${escapeHtml(name)}: ${escapeHtml(value)}</p>`)
  .join('\n')}
<iframe sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(message.html)}" title="Message body"></iframe>
<pre>${escapeHtml(message.text)}</pre>`,
  );
}
