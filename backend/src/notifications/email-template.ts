import { escapeHtml } from '../mail/html.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { compileMjml } from './mjml-worker.ts';
import { GROUP_LABELS, type EventData, type NotificationEvent } from './events.ts';

export interface NotificationEmailInput {
  to: string;
  name: string;
  event: NotificationEvent;
  data: EventData;
  siteUrl: string;
  /** The one-click unsubscribe URL for the event's group (List-Unsubscribe). */
  unsubscribeUrl: string;
}

const absolute = (siteUrl: string, link: string) =>
  /^https?:\/\//.test(link) ? link : `${siteUrl.replace(/\/$/, '')}${link}`;

// Colours chosen to keep 4.5:1 contrast in both schemes; dark mode swaps them through the media
// query (Apple Mail, iOS, Outlook for Mac) and clients that invert colours themselves (Gmail
// apps, Outlook.com) get light backgrounds with dark text, which invert cleanly.
const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .pm-page, .pm-page > div, .pm-card, .pm-card td { background: #111827 !important; }
  .pm-text div, .pm-heading div, .pm-foot div { color: #f3f4f6 !important; }
  .pm-foot a, .pm-text a { color: #93c5fd !important; }
  .pm-button a, .pm-button td { background: #93c5fd !important; color: #111827 !important; }
}`;

/**
 * A notification e-mail, HTML (compiled from MJML: responsive tables every client renders, a
 * dark-mode stylesheet, `lang`, a title and a preview line) and plain text, with the product's
 * name, the link to the item, where to change settings, and the one-click unsubscribe headers
 * of RFC 8058 for the event's group.
 */
export async function renderNotificationEmail(input: NotificationEmailInput): Promise<MailMessage> {
  const { event, data, siteUrl } = input;
  const email = event.email(data);
  const itemUrl = absolute(siteUrl, event.link(data));
  const settingsUrl = absolute(siteUrl, '/smart-notifications');
  const label = GROUP_LABELS[event.group];
  const reason = `You get this e-mail because you chose to hear about ${label} by e-mail on ProMatch.`;
  const text = [
    `Hello ${input.name},`,
    '',
    email.heading,
    '',
    ...email.lines.flatMap((line) => [line, '']),
    `${email.action}: ${itemUrl}`,
    '',
    '--',
    reason,
    `Stop e-mails about ${label}: ${input.unsubscribeUrl}`,
    `Change what you receive and when: ${settingsUrl}`,
    '',
    'ProMatch',
  ].join('\n');

  const preview = email.lines[0] ?? email.heading;
  const source = `<mjml lang="en" dir="ltr">
  <mj-head>
    <mj-title>${escapeHtml(email.subject)}</mj-title>
    <mj-preview>${escapeHtml(preview)}</mj-preview>
    <mj-raw><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"></mj-raw>
    <mj-attributes>
      <mj-all font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#111827" />
    </mj-attributes>
    <mj-style>${DARK_MODE_CSS}</mj-style>
  </mj-head>
  <mj-body background-color="#f3f4f6" css-class="pm-page">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text css-class="pm-heading" font-size="20px" font-weight="700" color="#1d4ed8">ProMatch</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px" css-class="pm-card">
      <mj-column>
        <mj-text css-class="pm-text">Hello ${escapeHtml(input.name)},</mj-text>
        <mj-text css-class="pm-heading" font-size="20px" line-height="28px" font-weight="700"><h1 style="font-size:20px;line-height:28px;margin:0">${escapeHtml(email.heading)}</h1></mj-text>
        ${email.lines
          .map(
            (line) =>
              `<mj-text css-class="pm-text" padding-top="4px" padding-bottom="4px">${escapeHtml(line)}</mj-text>`,
          )
          .join('\n        ')}
        <mj-button css-class="pm-button" href="${escapeHtml(itemUrl)}" background-color="#1d4ed8" color="#ffffff" font-size="16px" font-weight="600" border-radius="6px" align="left" padding-top="16px">${escapeHtml(email.action)}</mj-button>
        <mj-text css-class="pm-text" font-size="14px" color="#374151">Or open this address: <a href="${escapeHtml(itemUrl)}" style="color:#1d4ed8">${escapeHtml(itemUrl)}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text css-class="pm-foot" font-size="13px" line-height="20px" color="#374151">${escapeHtml(reason)}<br /><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#1d4ed8">Stop e-mails about ${escapeHtml(label)}</a> · <a href="${escapeHtml(settingsUrl)}" style="color:#1d4ed8">Notification settings</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const compiled = await compileMjml(source);
  if (compiled.errors.length > 0) {
    throw new Error(`notification e-mail template: ${compiled.errors.join('; ')}`);
  }
  return {
    to: input.to,
    subject: email.subject,
    text,
    html: compiled.html,
    links: [
      { label: email.action, url: itemUrl },
      { label: `Stop e-mails about ${label}`, url: input.unsubscribeUrl },
      { label: 'Notification settings', url: settingsUrl },
    ],
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
