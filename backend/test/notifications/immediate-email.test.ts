/**
 * E-mail that reaches people who are away, on a real database with the server's own job running
 * (every 250 ms, with a 2 s unread delay for messages) and the local outbox as the mail server:
 * an unread message is e-mailed once per conversation burst after the delay, never when it was
 * read in the app first; notifications of the groups e-mailed at once arrive at once and are left
 * out of the digest; the user's choices (digest instead, e-mail off) and quiet hours in their own
 * time zone hold e-mail back; every e-mail carries a one-click unsubscribe (RFC 8058) whose
 * endpoint works; failed deliveries are retried, then given up.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(120_000);

type Actor = { id: string; client: SupabaseClient; email: string };
interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
  headers: Record<string, string>;
}
interface Queued {
  id: string;
  status: string;
  category: string;
  attempts: number;
  message_count: number | null;
  next_attempt_at: string;
  last_error: string | null;
}

const DELAY_SECONDS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** HH:MM in a time zone, `offsetMinutes` from now. */
function clockIn(zone: string, offsetMinutes: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + offsetMinutes * 60_000));
}

describeEachDb(
  'notification e-mail: immediate per event, after the unread delay, with one-click unsubscribe',
  ({ server }) => {
    let service: SupabaseClient;
    let anon: SupabaseClient;
    let business: Actor;

    const make = async (label: string, accountType = 'professional'): Promise<Actor> => {
      const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
      const user = await createSignedInUser(server(), service, email, {
        name: `${label} person`,
        account_type: accountType,
      });
      return { ...user, email };
    };
    const send = async (from: Actor, to: Actor, content: string) => {
      const sent = must(
        await from.client
          .rpc('send_message', {
            p_client_id: randomUUID(),
            p_recipient_id: to.id,
            p_content: content,
          })
          .single<{ conversation_id: string }>(),
        'send',
      );
      if (!sent) throw new Error('send_message answered no row');
      return sent;
    };
    const outbox = async (to: Actor): Promise<Mail[]> => {
      const response = await fetch(
        `${server().url}/outbox?format=json&to=${encodeURIComponent(to.email)}`,
      );
      return (await response.json()) as Mail[];
    };
    const waitForMail = async (to: Actor, count = 1, timeoutMs = 20_000): Promise<Mail[]> => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mails = await outbox(to);
        if (mails.length >= count) return mails;
        if (Date.now() > until) throw new Error(`no e-mail for ${to.email} in ${timeoutMs} ms`);
        await sleep(200);
      }
    };
    const queue = async (who: Actor): Promise<Queued[]> =>
      must(
        await service
          .from('notification_emails')
          .select(
            'id, status, category, attempts, message_count, next_attempt_at, last_error, created_at',
          )
          .eq('user_id', who.id)
          .order('created_at'),
        'queue',
      ) as Queued[];

    beforeAll(async () => {
      const s = server();
      service = newClient(s, s.serviceRoleKey);
      anon = newClient(s, s.anonKey);
      business = await make('sender', 'business');
    }, 120_000);

    test('an unread message is e-mailed after the delay: one e-mail per burst, with its link and unsubscribe headers', async () => {
      const pro = await make('away');
      const sentAt = Date.now();
      const first = await send(business, pro, 'Are you free to start on Monday?');
      await send(business, pro, 'The budget is £4,000.');
      await send(business, pro, 'It is a <b>two-week</b> job.');
      // inside the unread delay nothing has gone yet
      await sleep(1000);
      expect(await outbox(pro)).toEqual([]);

      const [mail] = await waitForMail(pro);
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DELAY_SECONDS * 1000);
      expect(mail!.subject).toBe('sender person sent you 3 messages on ProMatch');
      expect(mail!.text).toContain('Are you free to start on Monday?');
      expect(mail!.text).toContain('The budget is £4,000.');
      expect(mail!.text).toContain(`/messages/${first.conversation_id}`);
      // HTML from the template library: escaped content, the product's name, dark-mode support
      expect(mail!.html).toContain('two-week');
      expect(mail!.html).not.toContain('<b>two-week</b>');
      expect(mail!.html).toContain('ProMatch');
      expect(mail!.html).toContain('prefers-color-scheme: dark');
      expect(mail!.html).toMatch(/<html[^>]* lang="en"/);
      expect(mail!.links[0]).toEqual({
        label: 'Reply in ProMatch',
        url: `http://localhost:3000/messages/${first.conversation_id}`,
      });
      expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail!.headers['List-Unsubscribe']).toMatch(
        /^<http:\/\/[^>]+\/functions\/v1\/notification-unsubscribe\?u=[0-9a-f-]{36}&c=messages&t=[0-9a-f]{64}>$/,
      );

      // the burst goes on while it is unread: no second e-mail
      await send(business, pro, 'One more thing.');
      await sleep(DELAY_SECONDS * 1000 + 1500);
      expect(await outbox(pro)).toHaveLength(1);
      expect((await queue(pro)).map((q) => [q.status, q.message_count])).toEqual([['sent', 3]]);

      // once read, the next message starts a new burst and a new e-mail
      must(
        await pro.client.rpc('mark_conversation_read', {
          p_conversation_id: first.conversation_id,
        }),
        'read',
      );
      await send(business, pro, 'Following up on Monday.');
      const mails = await waitForMail(pro, 2);
      expect(mails[0]!.subject).toBe('sender person sent you a message on ProMatch');
      expect(mails[0]!.text).toContain('Following up on Monday.');
      expect(mails[0]!.text).not.toContain('One more thing.');
    });

    test('read in the app before the delay: no e-mail, and the queued one is marked suppressed', async () => {
      const pro = await make('reader');
      const { conversation_id } = await send(business, pro, 'Quick question');
      must(
        await pro.client.rpc('mark_conversation_read', { p_conversation_id: conversation_id }),
        'read',
      );
      await sleep(DELAY_SECONDS * 1000 + 2000);
      expect(await outbox(pro)).toEqual([]);
      expect((await queue(pro)).map((q) => q.status)).toEqual(['suppressed']);
    });

    test('the groups e-mailed at once arrive at once and stay out of the digest; the others wait for it; a chosen digest queues nothing', async () => {
      const pro = await make('chooser');
      must(
        await pro.client.from('notification_preferences').upsert({
          user_id: pro.id,
          kind: 'messages',
          in_app: true,
          email: true,
          email_immediate: false,
        }),
        'prefer the digest for messages',
      );
      await send(business, pro, 'This waits for the digest');
      must(
        await service.from('notifications').insert([
          {
            user_id: pro.id,
            kind: 'appointment_requested',
            title: 'sender person asked for a call',
            body: '"Kick-off", Monday 1 December, 10:00 UK time',
            link: '/messages',
          },
          { user_id: pro.id, kind: 'project_match', title: 'A project matches you', body: 'B' },
        ]),
        'notify',
      );
      const [mail] = await waitForMail(pro);
      expect(mail!.subject).toBe('sender person asked for a call');
      expect(mail!.headers['List-Unsubscribe']).toContain('c=appointments');
      await sleep(DELAY_SECONDS * 1000 + 1000);
      expect(await outbox(pro)).toHaveLength(1);
      expect((await queue(pro)).map((q) => [q.category, q.status])).toEqual([
        ['appointments', 'sent'],
      ]);
      // the weekly digest (claimed at a later Monday morning) lists the match, not the e-mailed event
      const monday = new Date();
      monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
      monday.setUTCHours(10, 0, 0, 0);
      const digests = must(
        await service.rpc('claim_notification_digests', {
          p_now: monday.toISOString(),
          p_limit: 500,
        }),
        'digest',
      ) as { user_id: string; items: { title: string }[] }[];
      expect(digests.find((d) => d.user_id === pro.id)?.items.map((i) => i.title)).toEqual([
        'A project matches you',
      ]);
    });

    test('quiet hours in the user’s own time zone hold e-mail back; in-app does not wait', async () => {
      const zone = 'Pacific/Auckland';
      const pro = await make('sleeper');
      const bad = await pro.client
        .from('notification_settings')
        .upsert({ user_id: pro.id, time_zone: 'Mars/Olympus_Mons' });
      expect(bad.error?.code).toBe('22023');
      must(
        await pro.client.from('notification_settings').upsert({
          user_id: pro.id,
          time_zone: zone,
          quiet_start: clockIn(zone, -60),
          quiet_end: clockIn(zone, 60),
        }),
        'quiet hours',
      );
      await send(business, pro, 'Sent during your night');
      const visible = must(await pro.client.from('messages').select('content'), 'in-app');
      expect(visible).toEqual([{ content: 'Sent during your night' }]);
      await sleep(DELAY_SECONDS * 1000 + 2000);
      expect(await outbox(pro)).toEqual([]);
      expect((await queue(pro)).map((q) => q.status)).toEqual(['pending']);
      // the same clock hours in London are not quiet for this user: it is their zone that counts
      must(
        await pro.client
          .from('notification_settings')
          .update({ quiet_start: clockIn(zone, 120), quiet_end: clockIn(zone, 180) })
          .eq('user_id', pro.id),
        'quiet hours later',
      );
      const [mail] = await waitForMail(pro);
      expect(mail!.text).toContain('Sent during your night');
    });

    test('one-click unsubscribe: the POST turns the group off at once; a GET or a forged link changes nothing', async () => {
      const pro = await make('leaver');
      const { conversation_id } = await send(business, pro, 'Hello there');
      const [mail] = await waitForMail(pro);
      const url = mail!.headers['List-Unsubscribe']!.slice(1, -1);
      const emailPref = async () =>
        (
          must(
            await pro.client.from('notification_preferences').select('kind, email'),
            'prefs',
          ) as { kind: string; email: boolean }[]
        ).find((row) => row.kind === 'messages')?.email;

      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<form method="post"');
      expect(await emailPref()).toBeUndefined();

      const forged = new URL(url);
      forged.searchParams.set('c', 'proposals');
      const refused = await fetch(forged, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(refused.status).toBe(400);
      const other = new URL(url);
      other.searchParams.set('u', business.id);
      expect((await fetch(other, { method: 'POST' })).status).toBe(400);
      const malformed = new URL(url);
      malformed.searchParams.set('u', 'nobody');
      expect((await fetch(malformed, { method: 'POST' })).status).toBe(400);
      expect((await fetch(url, { method: 'DELETE' })).status).toBe(405);

      // as a mail provider sends it: no Authorization, the RFC 8058 body
      const done = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('You are unsubscribed');
      expect(await emailPref()).toBe(false);

      // no more message e-mail for this user
      must(
        await pro.client.rpc('mark_conversation_read', { p_conversation_id: conversation_id }),
        'read',
      );
      await send(business, pro, 'Are you still there?');
      await sleep(DELAY_SECONDS * 1000 + 1500);
      expect(await outbox(pro)).toHaveLength(1);
      expect((await queue(pro)).map((q) => q.status)).toEqual(['sent']);
    });

    test('a hire is e-mailed to the professional hired, with the link to the project', async () => {
      const pro = await make('hired');
      const project = must(
        await business.client
          .from('projects')
          .insert({ owner_id: business.id, title: 'Booking API', description: 'Build it' })
          .select('id')
          .single(),
        'project',
      ) as { id: string };
      // hiring happens when a proposal is accepted; the service role stands in for that path
      must(
        await service
          .from('projects')
          .update({ hired_professional_id: pro.id })
          .eq('id', project.id),
        'hire',
      );
      const [mail] = await waitForMail(pro);
      expect(mail!.subject).toBe('sender person hired you');
      expect(mail!.text).toContain('You were hired for "Booking API".');
      expect(mail!.links[0]).toEqual({
        label: 'View the project',
        url: `http://localhost:3000/projects/${project.id}`,
      });
      expect(mail!.headers['List-Unsubscribe']).toContain('c=hires');
    });

    test('a failed delivery is retried with backoff, then given up after five attempts', async () => {
      const pro = await make('bounce');
      // quiet all day, so the running job leaves the row alone while the test drives it
      must(
        await pro.client
          .from('notification_settings')
          .upsert({ user_id: pro.id, quiet_start: '00:00', quiet_end: '23:59' }),
        'quiet',
      );
      must(
        await service
          .from('notifications')
          .insert({ user_id: pro.id, kind: 'hire_made', title: 'You were hired', body: 'x' }),
        'notify',
      );
      const [row] = await queue(pro);
      must(
        await service.from('notification_emails').update({ attempts: 1 }).eq('id', row!.id),
        'a1',
      );
      must(
        await service.rpc('finish_notification_email', { p_id: row!.id, p_error: 'SMTP 451' }),
        'fail once',
      );
      const [retried] = await queue(pro);
      expect(retried).toMatchObject({ status: 'pending', last_error: 'SMTP 451' });
      const wait = new Date(retried!.next_attempt_at).getTime() - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(30_000);
      must(
        await service.from('notification_emails').update({ attempts: 5 }).eq('id', row!.id),
        'a5',
      );
      must(
        await service.rpc('finish_notification_email', { p_id: row!.id, p_error: 'SMTP 550' }),
        'fail fifth',
      );
      expect((await queue(pro))[0]).toMatchObject({ status: 'failed', last_error: 'SMTP 550' });
    });

    test('delivery records are private to their user, and only the server may queue, claim or unsubscribe', async () => {
      const pro = await make('private');
      await send(business, pro, 'For your eyes');
      await waitForMail(pro);
      const own = must(
        await pro.client.from('notification_emails').select('category, status'),
        'own',
      );
      expect(own).toEqual([{ category: 'messages', status: 'sent' }]);
      expect(
        must(
          await business.client.from('notification_emails').select('id').eq('user_id', pro.id),
          'other',
        ),
      ).toEqual([]);
      expect((await anon.from('notification_emails').select('id')).data ?? []).toEqual([]);
      const forged = await business.client
        .from('notification_emails')
        .insert({ user_id: pro.id, category: 'messages', notification_id: randomUUID() });
      expect(forged.error).not.toBeNull();
      const changed = await pro.client
        .from('notification_emails')
        .update({ status: 'pending' })
        .eq('user_id', pro.id)
        .select('id');
      expect(changed.data ?? []).toEqual([]);
      for (const [fn, args] of [
        ['claim_notification_emails', {}],
        ['finish_notification_email', { p_id: randomUUID() }],
        ['unsubscribe_notification_email', { p_user: pro.id, p_category: 'messages' }],
        ['in_user_quiet_hours', { p_user: pro.id, p_at: new Date().toISOString() }],
      ] as const) {
        const called = await business.client.rpc(fn, args);
        expect([fn, called.error?.code]).toEqual([fn, '42501']);
      }
    });
  },
  {
    env: {
      NOTIFICATION_EMAIL_INTERVAL_MS: '250',
      NOTIFICATION_EMAIL_DELAY_SECONDS: String(DELAY_SECONDS),
      NOTIFICATION_DIGEST_INTERVAL_MS: '0',
    },
  },
);
