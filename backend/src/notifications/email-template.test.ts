import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  notificationUnsubscribeToken,
  notificationUnsubscribeUrl,
} from '../../../supabase/functions/_shared/notification-unsubscribe.ts';
import { renderNotificationEmail } from './email-template.ts';
import {
  GROUP_LABELS,
  IMMEDIATE_EMAIL_BY_DEFAULT,
  NOTIFICATION_EVENTS,
  NOTIFICATION_GROUPS,
  notificationEvent,
} from './events.ts';

const SITE = 'https://promatch.example';
const UNSUBSCRIBE = 'https://api.promatch.example/functions/v1/notification-unsubscribe?u=x';

describe('the notification event catalogue', () => {
  it('defines each event once, in a known group, with in-app, e-mail and push words and a link', () => {
    const kinds = NOTIFICATION_EVENTS.map((event) => event.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const event of NOTIFICATION_EVENTS) {
      expect(NOTIFICATION_GROUPS).toContain(event.group);
      const data = { title: 'T', body: 'B', link: '/x', senderName: 'S', messages: [] };
      expect(event.inApp(data).title).not.toBe('');
      expect(event.email(data).subject).not.toBe('');
      expect(event.push(data).title).not.toBe('');
      expect(event.link(data)).toMatch(/^\//);
      expect(event.recipients).not.toBe('');
    }
    expect(IMMEDIATE_EMAIL_BY_DEFAULT).toEqual(['messages', 'proposals', 'hires', 'appointments']);
    expect(Object.keys(GROUP_LABELS).sort()).toEqual([...NOTIFICATION_GROUPS].sort());
  });

  it('every event has a writer in the database schema that writes its kind', () => {
    const dir = path.join(__dirname, '../../../supabase/schemas');
    const schema = readdirSync(dir)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => readFileSync(path.join(dir, file), 'utf8'))
      .join('\n');
    for (const event of NOTIFICATION_EVENTS) {
      const start = schema.indexOf(`CREATE OR REPLACE FUNCTION public.${event.writer}(`);
      expect({ kind: event.kind, writerFound: start >= 0 }).toEqual({
        kind: event.kind,
        writerFound: true,
      });
      const body = schema.slice(start, schema.indexOf('$function$;', start));
      // new messages are queued per conversation under their group, not as notification rows
      const written = event.kind === 'message_new' ? "'messages'" : `'${event.kind}'`;
      expect({ kind: event.kind, written: body.includes(written) }).toEqual({
        kind: event.kind,
        written: true,
      });
    }
  });

  it('an unknown kind (an automation) is described by its stored row', () => {
    const event = notificationEvent('automation', 'teams');
    expect(event.email({ title: 'Rule ran', body: 'Done' }).subject).toBe('Rule ran');
  });
});

describe('the notification e-mail', () => {
  const render = (kind: string, group: (typeof NOTIFICATION_GROUPS)[number], data = {}) =>
    renderNotificationEmail({
      to: 'nia@example.co.uk',
      name: 'Nia <Notify>',
      event: notificationEvent(kind, group),
      data,
      siteUrl: SITE,
      unsubscribeUrl: UNSUBSCRIBE,
    });

  it('a message burst: subject by count, every message, the link to the conversation, plain text and HTML', async () => {
    const mail = await render('message_new', 'messages', {
      senderName: 'Bianca',
      conversationId: 'c1',
      messages: [
        { content: 'First <script>x</script>', created_at: '' },
        { content: 'Second', created_at: '' },
      ],
    });
    expect(mail.subject).toBe('Bianca sent you 2 messages on ProMatch');
    expect(mail.text).toContain('First <script>x</script>\n\nSecond');
    expect(mail.text).toContain(`Reply in ProMatch: ${SITE}/messages/c1`);
    expect(mail.html).toContain('First &lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>x');
    expect(mail.html).toContain('Nia &lt;Notify&gt;');
    expect(mail.html).toContain(`href="${SITE}/messages/c1"`);
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
    expect(mail.links.map((l) => l.label)).toEqual([
      'Reply in ProMatch',
      'Stop e-mails about new messages',
      'Notification settings',
    ]);
  });

  it('carries the one-click unsubscribe headers of RFC 8058 and says why it was sent', async () => {
    const mail = await render('appointment_requested', 'appointments', {
      title: 'Bianca asked for a call',
      body: '"Kick-off", Monday 10:00 UK time',
      link: '/messages/c2',
    });
    expect(mail.subject).toBe('Bianca asked for a call');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${UNSUBSCRIBE}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(
      'You get this e-mail because you chose to hear about appointments, call reminders and missed calls by e-mail on ProMatch.',
    );
    expect(mail.text).toContain(
      `Stop e-mails about appointments, call reminders and missed calls: ${UNSUBSCRIBE}`,
    );
  });

  it('unsubscribe links are signed per user and group', async () => {
    const url = new URL(
      await notificationUnsubscribeUrl('https://api.example/', 'u1', 'messages', 's'),
    );
    expect(url.pathname).toBe('/functions/v1/notification-unsubscribe');
    expect(url.searchParams.get('t')).toBe(
      await notificationUnsubscribeToken('u1', 'messages', 's'),
    );
    expect(await notificationUnsubscribeToken('u1', 'proposals', 's')).not.toBe(
      url.searchParams.get('t'),
    );
    expect(await notificationUnsubscribeToken('u1', 'messages', 'other secret')).not.toBe(
      url.searchParams.get('t'),
    );
  });
});
