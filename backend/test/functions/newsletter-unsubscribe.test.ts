/**
 * The newsletter's signed unsubscribe link end to end: confirming a sign-up (double opt-in)
 * queues a welcome e-mail that ends with the link; the link's token unsubscribes exactly that
 * address; a forged or altered link is refused; subscribing again asks for confirmation again,
 * and confirming clears the unsubscribe and sends a new link.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { mailsTo } from '../support/auth-helpers.ts';
import { newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

jest.setTimeout(60_000);

/** Confirms the newest sign-up of `to` through the link in its confirmation e-mail. */
async function confirm(server: TestServer, to: string, count: number): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    const mails = await mailsTo(server, to);
    if (mails.length >= count) {
      expect(mails[0].subject).toBe('Confirm your ProMatch newsletter subscription');
      const line = mails[0].text
        .split('\n')
        .find((l) => l.startsWith('Confirm your subscription: '));
      const answer = await fetch(line!.slice('Confirm your subscription: '.length), {
        method: 'POST',
      });
      expect(answer.status).toBe(200);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation e-mail for ${to}`);
}

async function unsubscribeLinkIn(server: TestServer, to: string, count: number): Promise<URL> {
  for (let i = 0; i < 150; i += 1) {
    const mails = await mailsTo(server, to);
    if (mails.length >= count) {
      expect(mails[0].subject).toBe('Welcome to the ProMatch newsletter');
      const line = mails[0].text.split('\n').find((l) => l.startsWith('Unsubscribe: '));
      return new URL(line!.slice('Unsubscribe: '.length));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no welcome e-mail for ${to}`);
}

describeEachDb('functions: newsletter-unsubscribe', ({ server }) => {
  let anon: SupabaseClient;
  let service: SupabaseClient;
  beforeAll(() => {
    anon = newClient(server(), server().anonKey);
    service = newClient(server(), server().serviceRoleKey);
  });
  const unsubscribedAt = async (email: string) =>
    (
      await service
        .from('newsletter_subscribers')
        .select('unsubscribed_at')
        .eq('email', email)
        .single()
    ).data?.unsubscribed_at;

  test('the link in the welcome e-mail unsubscribes that address, and only with its own token', async () => {
    const email = `reader-${Date.now()}@example.com`;
    const other = `other-${Date.now()}@example.com`;
    for (const address of [email, other]) {
      const signup = await anon.functions.invoke('newsletter-signup', { body: { email: address } });
      expect(signup.error).toBeNull();
      await confirm(server(), address, 1);
    }
    const link = await unsubscribeLinkIn(server(), email, 2);
    expect(link.pathname).toBe('/unsubscribe');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    // the token of one address does not unsubscribe another, nor does an altered token
    for (const body of [
      { email: other, token },
      { email, token: token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { email, token: 'nope' },
    ]) {
      const refused = await anon.functions.invoke('newsletter-unsubscribe', { body });
      expect(refused.error).toBeInstanceOf(FunctionsHttpError);
      const response = (refused.error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/This unsubscribe link is not valid/);
    }
    expect(await unsubscribedAt(email)).toBeNull();

    const done = await anon.functions.invoke('newsletter-unsubscribe', { body: { email, token } });
    expect(done.error).toBeNull();
    expect(done.data).toMatchObject({
      success: true,
      message: expect.stringMatching(/unsubscribed/),
    });
    expect(await unsubscribedAt(email)).not.toBeNull();
    expect(await unsubscribedAt(other)).toBeNull();
    // the same link again is still a success, and the date stays the first one
    const first = await unsubscribedAt(email);
    const again = await anon.functions.invoke('newsletter-unsubscribe', { body: { email, token } });
    expect(again.error).toBeNull();
    expect(await unsubscribedAt(email)).toBe(first);

    // subscribing again asks for confirmation first; confirming clears the unsubscribe and
    // sends a new welcome with a link that works again
    await anon.functions.invoke('newsletter-signup', { body: { email } });
    expect(await unsubscribedAt(email)).toBe(first);
    await confirm(server(), email, 3);
    expect(await unsubscribedAt(email)).toBeNull();
    const relink = await unsubscribeLinkIn(server(), email, 4);
    expect(relink.searchParams.get('token')).toBe(token);
    // a repeat sign-up while subscribed sends nothing more
    await anon.functions.invoke('newsletter-signup', { body: { email } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(server(), email)).toHaveLength(4);
  });
});
