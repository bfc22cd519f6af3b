/**
 * Newsletter double opt-in end to end, with the server's mail worker and the local outbox: a
 * sign-up stores the address unconfirmed and sends only a confirmation e-mail; its signed link
 * asks for one click (a GET, as a mail scanner makes, confirms nothing), and the POST confirms
 * and sends the welcome with the unsubscribe link; a forged link is refused; sign-ups are limited
 * per address and per client; a link older than 7 days confirms nothing and offers to subscribe
 * again.
 */
import { createHmac } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { mailsTo } from '../support/auth-helpers.ts';
import { newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

jest.setTimeout(60_000);

/** The newest e-mail to `to` once there are `count`. */
async function waitForMails(server: TestServer, to: string, count: number) {
  for (let i = 0; i < 150; i += 1) {
    const mails = await mailsTo(server, to);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} e-mails for ${to}`);
}

const confirmLinkIn = (text: string): URL => {
  const line = text.split('\n').find((l) => l.startsWith('Confirm your subscription: '));
  if (!line) throw new Error('no confirmation link');
  return new URL(line.slice('Confirm your subscription: '.length));
};

describeEachDb('functions: newsletter double opt-in', ({ server }) => {
  let anon: SupabaseClient;
  let service: SupabaseClient;
  beforeAll(() => {
    anon = newClient(server(), server().anonKey);
    service = newClient(server(), server().serviceRoleKey);
  });
  const row = async (email: string) =>
    (
      await service
        .from('newsletter_subscribers')
        .select('confirmed_at, unsubscribed_at, confirmation_sent_at')
        .eq('email', email)
        .single()
    ).data;

  test('a sign-up sends only the confirmation; one click on its link confirms and welcomes', async () => {
    const email = `optin-${Date.now()}@example.com`;
    const signup = await anon.functions.invoke('newsletter-signup', { body: { email } });
    expect(signup.error).toBeNull();
    expect(signup.data.message).toMatch(/confirm your subscription/);
    const [confirmation] = await waitForMails(server(), email, 1);
    expect(confirmation!.subject).toBe('Confirm your ProMatch newsletter subscription');
    expect(await row(email)).toMatchObject({ confirmed_at: null });
    expect((await row(email))?.confirmation_sent_at).not.toBeNull();

    const link = confirmLinkIn(confirmation!.text);
    expect(link.pathname).toBe('/functions/v1/newsletter-confirm');
    // following the link (or a scanner fetching it) confirms nothing: it asks for the click
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirm subscription');
    // a link for another address, or an altered token, is refused
    const forged = new URL(link);
    forged.searchParams.set('email', `someone-else-${Date.now()}@example.com`);
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);
    const altered = new URL(link);
    altered.searchParams.set('token', '0'.repeat(64));
    expect((await fetch(altered, { method: 'POST' })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(server(), email)).toHaveLength(1);
    expect(await row(email)).toMatchObject({ confirmed_at: null });

    const confirmed = await fetch(link, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You are subscribed');
    expect((await row(email))?.confirmed_at).not.toBeNull();
    const [welcome] = await waitForMails(server(), email, 2);
    expect(welcome!.subject).toBe('Welcome to the ProMatch newsletter');
    expect(welcome!.text).toMatch(/Unsubscribe: http:\/\/\S+\/unsubscribe\?email=/);

    // confirming again, or signing up again while subscribed, sends nothing more
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    await anon.functions.invoke('newsletter-signup', { body: { email } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(server(), email)).toHaveLength(2);
  });

  test('a link works for 7 days; an older one confirms nothing and offers to subscribe again', async () => {
    const email = `late-${Date.now()}@example.com`;
    await anon.functions.invoke('newsletter-signup', { body: { email } });
    const [confirmation] = await waitForMails(server(), email, 1);
    expect(confirmation!.text).toContain('The link works for 7 days.');
    const link = confirmLinkIn(confirmation!.text);
    const sentAt = Number(link.searchParams.get('t'));
    expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(60);
    // the time is signed with the address: moving it back or forward breaks the link
    const moved = new URL(link);
    moved.searchParams.set('t', String(sentAt - 8 * 86_400));
    expect((await fetch(moved, { method: 'POST' })).status).toBe(400);

    // a link as the server signs it, sent 7 days and a minute ago (the secret is the service
    // role key when NEWSLETTER_UNSUBSCRIBE_SECRET is unset, as here)
    const old = Math.floor(Date.now() / 1000) - 7 * 86_400 - 60;
    const stale = new URL(link);
    stale.searchParams.set('t', String(old));
    stale.searchParams.set(
      'token',
      createHmac('sha256', server().serviceRoleKey)
        .update(`newsletter-confirm:${email}:${old}`)
        .digest('hex'),
    );
    const page = await fetch(stale);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('This confirmation link has expired: links work for 7 days');
    expect(html).toContain('Subscribe again');
    // posting the expired link itself confirms nothing
    expect((await fetch(stale, { method: 'POST' })).status).toBe(410);
    expect(await row(email)).toMatchObject({ confirmed_at: null });

    // the page's button sends a new confirmation e-mail, whose fresh link confirms
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const again = await fetch(new URL(action, link), { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('a new confirmation e-mail is on its way');
    const mails = await waitForMails(server(), email, 2);
    const fresh = confirmLinkIn(mails[0]!.text); // newest first
    expect((await fetch(fresh, { method: 'POST' })).status).toBe(200);
    expect((await row(email))?.confirmed_at).not.toBeNull();
  });

  test('sign-ups are limited per address and per client, with a clear 429', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await anon.functions.invoke('newsletter-signup', { body: { email } });
      statuses.push(answer.response?.status ?? 0);
    }
    // three confirmations an hour for one address, then 429
    expect(statuses).toEqual([200, 200, 200, 429]);
    await waitForMails(server(), email, 3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(server(), email)).toHaveLength(3);
    const refused = await anon.functions.invoke('newsletter-signup', { body: { email } });
    const body = (await (refused.error as { context: Response }).context.json()) as {
      error: string;
    };
    expect(body.error).toMatch(/Too many newsletter sign-ups/);

    // one client (this test's address) signing up many different addresses is stopped too
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const answer = await anon.functions.invoke('newsletter-signup', {
        body: { email: `many-${i}-${Date.now()}@example.com` },
      });
      answers.push(answer.response?.status ?? 0);
    }
    expect(answers).toContain(429);
    expect(answers.slice(answers.indexOf(429))).toEqual(
      answers.slice(answers.indexOf(429)).map(() => 429),
    );
  });
});
