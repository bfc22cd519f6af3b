/**
 * Integrations on a real database and the real server (its worker running): the private
 * calendar feed read by an iCalendar parser, signed webhooks delivered by the backend with
 * retries, exponential backoff and automatic disabling, and automation rules run from the same
 * outbox, including the loop guard (an automated reply never runs another rule).
 */
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { makeUsers, type RtUser } from '../support/realtime-helpers.ts';
import { newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb } from '../support/test-server.ts';
import {
  signatureValid,
  startReceiver,
  until,
  type Receiver,
} from '../support/webhook-receiver.ts';

jest.setTimeout(60_000);

const RETRY_BASE_MS = 300;

const env = {
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
  WEBHOOK_MAX_ATTEMPTS: '3',
  WEBHOOK_DISABLE_AFTER: '5',
  INTEGRATIONS_POLL_MS: '100',
};

interface Endpoint {
  id: string;
  secret: string;
  active: boolean;
  disabled_reason: string | null;
}

describeEachDb(
  'integrations: calendar feed, webhooks and automation rules',
  ({ server }) => {
    let business: RtUser, professional: RtUser, other: RtUser;
    const receivers: Receiver[] = [];
    const service = () => newClient(server(), server().serviceRoleKey);

    beforeAll(async () => {
      [business, professional, other] = await makeUsers(server(), 3);
    }, 60_000);
    afterAll(async () => {
      await Promise.all(receivers.map((r) => r.close()));
    });

    const receiver = async (answer?: (n: number) => number) => {
      const started = await startReceiver(answer);
      receivers.push(started);
      return started;
    };
    const addEndpoint = async (user: RtUser, url: string, events: string[]) => {
      const { data, error } = await user.client
        .from('webhook_endpoints')
        .insert({ url, events })
        .select('id,secret,active,disabled_reason')
        .single<Endpoint>();
      if (error) throw new Error(error.message);
      return data;
    };
    const send = async (from: RtUser, to: RtUser, content: string) => {
      const { data, error } = await from.client
        .rpc('send_message', {
          p_client_id: randomUUID(),
          p_content: content,
          p_recipient_id: to.id,
        })
        .single<{ id: string; conversation_id: string; created_at: string }>();
      if (error) throw new Error(error.message);
      return data;
    };
    const removeAll = async (user: RtUser) => {
      await user.client.from('automation_rules').delete().eq('user_id', user.id);
      await user.client.from('webhook_endpoints').delete().eq('user_id', user.id);
    };

    describe('calendar feed', () => {
      const feedUrl = (token: string) => `${server().url}/functions/v1/calendar-feed/${token}.ics`;
      const title =
        'Kick-off; scope, budget \\ timeline\nand a very long title that must be folded over several lines of the feed';

      test('a subscribed calendar app reads the appointments as valid iCalendar, without signing in', async () => {
        const starts = new Date(Date.now() + 86_400_000);
        starts.setUTCSeconds(0, 0);
        const ends = new Date(starts.getTime() + 30 * 60_000);
        const { data: appointment, error } = await service()
          .from('appointments')
          .insert({
            business_id: business.id,
            professional_id: professional.id,
            created_by: business.id,
            proposed_by: business.id,
            title,
            description: 'Bring the draft, please',
            starts_at: starts.toISOString(),
            ends_at: ends.toISOString(),
            duration_minutes: 30,
            status: 'confirmed',
          })
          .select('id')
          .single<{ id: string }>();
        expect(error).toBeNull();

        const { data: token, error: tokenError } = await professional.client.rpc(
          'regenerate_calendar_feed',
        );
        expect(tokenError).toBeNull();
        const response = await fetch(feedUrl(token as string));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
        const text = await response.text();

        // RFC 5545: CRLF line endings and content lines of at most 75 octets
        expect(text.endsWith('\r\n')).toBe(true);
        expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        for (const line of text.split('\r\n'))
          expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        expect(text).toContain('\r\n SUMMARY'.slice(0, 0)); // folding happened somewhere:
        expect(text.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);

        const calendar = new ICAL.Component(ICAL.parse(text));
        expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
        expect(calendar.getFirstPropertyValue('prodid')).toBe('-//ProMatch//Appointments feed//EN');
        expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
        const events = calendar.getAllSubcomponents('vevent');
        expect(events).toHaveLength(1);
        const event = new ICAL.Event(events[0]);
        expect(event.uid).toBe(`appointment-${appointment!.id}@promatch.co.uk`);
        expect(event.summary).toBe(title); // escaping and folding undone by the parser
        expect(event.description).toContain('Bring the draft, please');
        expect(event.startDate.toJSDate().getTime()).toBe(starts.getTime());
        expect(event.endDate.toJSDate().getTime()).toBe(ends.getTime());
        expect(event.startDate.zone?.tzid).toBe('UTC');
        expect(events[0].getFirstPropertyValue('dtstamp')).toBeTruthy();
        expect(events[0].getFirstPropertyValue('status')).toBe('CONFIRMED');

        // the owner sees when a calendar app last read the feed; nobody else sees the token
        const { data: mine } = await professional.client
          .from('calendar_feeds')
          .select('last_used_at')
          .single();
        expect(mine?.last_used_at).toBeTruthy();
        const { data: theirs } = await other.client.from('calendar_feeds').select('token');
        expect(theirs).toEqual([]);
      });

      test('replacing the address stops the old one; turning the feed off stops every one', async () => {
        const first = (await business.client.rpc('regenerate_calendar_feed')).data as string;
        expect((await fetch(feedUrl(first))).status).toBe(200);
        const second = (await business.client.rpc('regenerate_calendar_feed')).data as string;
        expect(second).not.toBe(first);
        expect((await fetch(feedUrl(first))).status).toBe(404);
        const ok = await fetch(feedUrl(second));
        expect(ok.status).toBe(200);
        expect(await ok.text()).toContain('BEGIN:VEVENT');
        await business.client.rpc('revoke_calendar_feed');
        const gone = await fetch(feedUrl(second));
        expect(gone.status).toBe(404);
        expect(await gone.text()).toMatch(/turned off or replaced/);
        expect((await fetch(feedUrl('not-a-token'))).status).toBe(404);
        expect((await anonRegenerate()).error).not.toBeNull();
      });

      const anonRegenerate = () =>
        newClient(server(), server().anonKey).rpc('regenerate_calendar_feed');
    });

    describe('webhooks', () => {
      afterEach(async () => {
        await removeAll(professional);
        await removeAll(business);
      });

      test('a new message is posted to the endpoint, signed with its secret, within a second or two', async () => {
        const hook = await receiver();
        const endpoint = await addEndpoint(professional, hook.url, ['message.received']);
        const sentAt = Date.now();
        const message = await send(business, professional, 'Hello, are you free on Monday?');
        const [request] = await hook.waitFor(1);
        expect(request.at - sentAt).toBeLessThan(2000);
        expect(signatureValid(request, endpoint.secret)).toBe(true);
        expect(signatureValid(request, 'whsec_wrong')).toBe(false);
        expect(
          Math.abs(Number(request.headers['x-promatch-timestamp']) - Date.now() / 1000),
        ).toBeLessThan(10);
        const body = JSON.parse(request.body) as {
          id: string;
          type: string;
          data: Record<string, unknown>;
        };
        expect(body.type).toBe('message.received');
        expect(body.data).toMatchObject({
          message_id: message.id,
          sender_id: business.id,
          content: 'Hello, are you free on Monday?',
          automated: false,
        });
        const delivery = await until(async () => {
          const { data } = await professional.client
            .from('webhook_deliveries')
            .select('id,status,attempts,last_status')
            .eq('id', body.id)
            .maybeSingle();
          return data?.status === 'succeeded' ? data : undefined;
        });
        expect(delivery).toMatchObject({ attempts: 1, last_status: 204 });
        // the sender's own webhooks are not told about the message it sent, nor is anyone else
        const { data: others } = await business.client.from('webhook_deliveries').select('id');
        expect(others).toEqual([]);
      });

      test('a failed delivery is retried with exponential backoff and the same signed body', async () => {
        const hook = await receiver((n) => (n < 2 ? 500 : 200));
        const endpoint = await addEndpoint(professional, hook.url, ['message.received']);
        const { error } = await professional.client.rpc('send_test_webhook', {
          p_endpoint: endpoint.id,
        });
        expect(error).toBeNull();
        const requests = await hook.waitFor(3);
        expect(requests[0].body).toBe(requests[2].body);
        expect(JSON.parse(requests[0].body)).toMatchObject({ type: 'ping' });
        for (const request of requests) expect(signatureValid(request, endpoint.secret)).toBe(true);
        const firstGap = requests[1].at - requests[0].at;
        const secondGap = requests[2].at - requests[1].at;
        expect(firstGap).toBeGreaterThanOrEqual(RETRY_BASE_MS - 50);
        expect(secondGap).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS - 50);
        const delivery = await until(async () => {
          const { data } = await professional.client
            .from('webhook_deliveries')
            .select('status,attempts,last_status')
            .eq('endpoint_id', endpoint.id)
            .single();
          return data?.status === 'succeeded' ? data : undefined;
        });
        expect(delivery).toEqual({ status: 'succeeded', attempts: 3, last_status: 200 });
      });

      test('after repeated failures the delivery fails and the endpoint turns itself off', async () => {
        const hook = await receiver(() => 500);
        const endpoint = await addEndpoint(professional, hook.url, ['message.received']);
        await professional.client.rpc('send_test_webhook', { p_endpoint: endpoint.id });
        await professional.client.rpc('send_test_webhook', { p_endpoint: endpoint.id });
        const off = await until(async () => {
          const { data } = await professional.client
            .from('webhook_endpoints')
            .select('active,disabled_reason,consecutive_failures')
            .eq('id', endpoint.id)
            .single();
          return data?.active === false ? data : undefined;
        });
        expect(off.consecutive_failures).toBe(5);
        expect(off.disabled_reason).toMatch(/after 5 failed attempts in a row/);
        const { data: deliveries } = await professional.client
          .from('webhook_deliveries')
          .select('status,last_error')
          .eq('endpoint_id', endpoint.id);
        expect(deliveries?.map((d) => d.status)).toEqual(['failed', 'failed']);
        await new Promise((resolve) => setTimeout(resolve, 4 * RETRY_BASE_MS));
        expect(hook.received).toHaveLength(5);
        // a turned-off endpoint gets nothing; turning it on again starts afresh
        await send(business, professional, 'Anyone there?');
        const { error: testWhileOff } = await professional.client.rpc('send_test_webhook', {
          p_endpoint: endpoint.id,
        });
        expect(testWhileOff?.message).toMatch(/Turn the webhook on/);
        await professional.client
          .from('webhook_endpoints')
          .update({ active: true })
          .eq('id', endpoint.id);
        const { data: on } = await professional.client
          .from('webhook_endpoints')
          .select('active,disabled_reason,consecutive_failures')
          .eq('id', endpoint.id)
          .single();
        expect(on).toEqual({ active: true, disabled_reason: null, consecutive_failures: 0 });
        expect(hook.received).toHaveLength(5);
      });

      test('only http and https addresses are accepted, and nobody can write the log or the secret', async () => {
        const { error } = await professional.client
          .from('webhook_endpoints')
          .insert({ url: 'ftp://example.com/hook', events: ['message.received'] });
        expect(error?.code).toBe('23514');
        const endpoint = await addEndpoint(professional, 'https://example.com/hook', [
          'project.hired',
        ]);
        const { error: secretError } = await professional.client
          .from('webhook_endpoints')
          .update({ secret: 'whsec_mine' })
          .eq('id', endpoint.id);
        expect(secretError).not.toBeNull();
        const { error: testError } = await other.client.rpc('send_test_webhook', {
          p_endpoint: endpoint.id,
        });
        expect(testError?.message).toMatch(/not found/);
      });
    });

    describe('automation rules', () => {
      afterEach(async () => {
        await removeAll(professional);
        await removeAll(business);
      });

      const runsOf = async (user: RtUser, ruleId: string) => {
        const { data } = await user.client
          .from('automation_runs')
          .select('outcome,detail')
          .eq('rule_id', ruleId);
        return data ?? [];
      };
      const addRule = async (user: RtUser, rule: Record<string, unknown>) => {
        const { data, error } = await user.client
          .from('automation_rules')
          .insert(rule)
          .select('id')
          .single<{ id: string }>();
        if (error) throw new Error(error.message);
        return data.id;
      };

      test("an auto-reply answers a new message exactly once, and never sets off the other side's rule", async () => {
        const reply = await addRule(professional, {
          name: 'Away',
          event: 'message.received',
          action: 'auto_reply',
          action_text: 'Thanks {{name}}, I will answer on Monday.',
        });
        // the sender has an auto-reply too: without the loop guard the two would answer each other
        const echo = await addRule(business, {
          name: 'Echo',
          event: 'message.received',
          action: 'auto_reply',
          action_text: 'Got it.',
        });
        const message = await send(business, professional, 'Can we talk about the project?');
        const replies = await until(async () => {
          const { data } = await business.client
            .from('messages')
            .select('content,sender_id,automated')
            .eq('conversation_id', message.conversation_id)
            .eq('automated', true);
          return data && data.length > 0 ? data : undefined;
        });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const { data: all } = await business.client
          .from('messages')
          .select('content,sender_id,automated')
          .eq('conversation_id', message.conversation_id)
          .gte('created_at', message.created_at) // earlier tests wrote to this conversation too
          .order('created_at');
        expect(replies[0].sender_id).toBe(professional.id);
        expect(
          all?.map((m) => [
            m.sender_id === professional.id ? 'pro' : 'biz',
            m.content,
            m.automated,
          ]),
        ).toEqual([
          ['biz', 'Can we talk about the project?', false],
          ['pro', `Thanks Realtime User 0, I will answer on Monday.`, true],
        ]);
        expect(await runsOf(professional, reply)).toEqual([
          { outcome: 'succeeded', detail: 'Replied to Realtime User 0.' },
        ]);
        expect(await runsOf(business, echo)).toEqual([]);
      });

      test('a condition that does not hold is logged as skipped; paused rules do not run', async () => {
        const invoices = await addRule(professional, {
          name: 'Invoices',
          event: 'message.received',
          condition_kind: 'message_contains',
          condition_value: 'INVOICE',
          action: 'notify',
          action_text: 'Invoice question from {{name}}',
        });
        const paused = await addRule(professional, {
          name: 'Paused',
          event: 'message.received',
          action: 'notify',
          paused: true,
        });
        await send(business, professional, 'Just saying hello');
        await send(business, professional, 'Where is my invoice?');
        const runs = await until(async () => {
          const found = await runsOf(professional, invoices);
          return found.length === 2 ? found : undefined;
        });
        expect(runs.map((r) => r.outcome).sort()).toEqual(['skipped', 'succeeded']);
        const { data: notes } = await professional.client
          .from('notifications')
          .select('title,body')
          .eq('kind', 'automation');
        expect(notes).toEqual([
          { title: 'Invoices', body: 'Invoice question from Realtime User 0' },
        ]);
        expect(await runsOf(professional, paused)).toEqual([]);
      });

      test('a failing action is logged with its error; favourites are added for professionals', async () => {
        // the business favourites the professional who writes to it unless already a favourite
        const fave = await addRule(business, {
          name: 'Keep in touch',
          event: 'message.received',
          condition_kind: 'sender_not_favourite',
          action: 'add_favourite',
        });
        // the professional tries to favourite a business: not possible, so the run fails
        const wrong = await addRule(professional, {
          name: 'Favourite businesses',
          event: 'message.received',
          action: 'add_favourite',
        });
        await send(professional, business, 'I can start next week.');
        await send(business, professional, 'Great.');
        const ok = await until(async () => {
          const found = await runsOf(business, fave);
          return found.length === 1 ? found : undefined;
        });
        expect(ok[0]).toEqual({
          outcome: 'succeeded',
          detail: 'Realtime User 1 is in your favourites.',
        });
        const { data: favourites } = await business.client
          .from('favorites')
          .select('professional_id');
        expect(favourites).toEqual([{ professional_id: professional.id }]);
        const failed = await until(async () => {
          const found = await runsOf(professional, wrong);
          return found.length === 1 ? found : undefined;
        });
        expect(failed[0]).toEqual({
          outcome: 'failed',
          detail: 'Only professionals can be added to favourites.',
        });
        // now a favourite: the condition no longer holds
        await send(professional, business, 'One more thing.');
        const second = await until(async () => {
          const found = await runsOf(business, fave);
          return found.length === 2 ? found : undefined;
        });
        expect(second.map((r) => r.outcome).sort()).toEqual(['skipped', 'succeeded']);
        await business.client.from('favorites').delete().eq('user_id', business.id);
      });

      test("a rule can send the event to one of the owner's webhooks, not to someone else's", async () => {
        const hook = await receiver();
        const endpoint = await addEndpoint(professional, hook.url, ['project.hired']);
        await expect(
          addRule(other, {
            name: 'Steal',
            event: 'message.received',
            action: 'webhook',
            webhook_endpoint_id: endpoint.id,
          }),
        ).rejects.toThrow(/your own webhooks/);
        const rule = await addRule(professional, {
          name: 'Forward',
          event: 'message.received',
          action: 'webhook',
          webhook_endpoint_id: endpoint.id,
        });
        await send(business, professional, 'Forward me');
        const [request] = await hook.waitFor(1);
        expect(signatureValid(request, endpoint.secret)).toBe(true);
        expect(JSON.parse(request.body)).toMatchObject({
          type: 'message.received',
          data: { content: 'Forward me' },
        });
        expect(await runsOf(professional, rule)).toEqual([
          { outcome: 'succeeded', detail: 'Webhook delivery queued.' },
        ]);
      });
    });
  },
  { env },
);
