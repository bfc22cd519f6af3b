/**
 * Newsletter issues end to end, with the server's newsletter job and the local outbox: staff with
 * the announcements area write a draft and send it; only confirmed, not unsubscribed subscribers
 * receive it, each with a signed unsubscribe link (page + one-click List-Unsubscribe header) that
 * works for that address only; the issue counts what was sent and can no longer be edited or sent
 * again. Visitors, other users and staff without the area can neither write nor send an issue.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ALL_AREAS, createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

jest.setTimeout(90_000);

interface Mail {
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
  headers: Record<string, string>;
}

const outbox = async (server: TestServer, to: string): Promise<Mail[]> =>
  (await (
    await fetch(`${server.url}/outbox?format=json&to=${encodeURIComponent(to)}`)
  ).json()) as Mail[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDb('newsletter: issues written and sent by announcements staff', ({ server }) => {
  const run = randomUUID().slice(0, 8);
  let service: SupabaseClient;
  let anon: SupabaseClient;
  const people: Record<string, { id: string; client: SupabaseClient }> = {};
  const address = (tag: string) => `nl-${tag}-${run}@example.com`;

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
    for (const name of ['writer', 'inbox', 'nobody', 'member']) {
      people[name] = await createSignedInUser(server(), service, address(`user-${name}`), {
        name: `${name} ${run}`,
        account_type: 'professional',
      });
    }
    must(
      await service.from('admin_users').insert([
        { user_id: people.writer!.id, role: 'admin', permissions: { announcements: true } },
        {
          user_id: people.inbox!.id,
          role: 'admin',
          permissions: { ...ALL_AREAS, announcements: false },
        },
        { user_id: people.nobody!.id, role: 'admin', permissions: {} },
      ]),
      'seed staff',
    );
    const now = new Date().toISOString();
    must(
      await service
        .from('newsletter_subscribers')
        .insert([
          { email: address('confirmed-1'), confirmed_at: now },
          { email: address('confirmed-2'), confirmed_at: now },
          { email: address('unconfirmed') },
          { email: address('unsubscribed'), confirmed_at: now, unsubscribed_at: now },
        ]),
      'seed subscribers',
    );
  });

  const issue = async (id: string) =>
    must(
      await service.from('newsletter_issues').select('*').eq('id', id).single(),
      'read issue',
    ) as { status: string; recipient_count: number; sent_count: number; subject: string };

  test('a stranger, a user or staff without the area can neither write nor send an issue', async () => {
    const draft = { subject: 'Nope', body: 'Not allowed.' };
    for (const client of [
      anon,
      people.member!.client,
      people.inbox!.client,
      people.nobody!.client,
    ]) {
      const inserted = await client.from('newsletter_issues').insert(draft).select('id');
      expect(inserted.error).not.toBeNull();
    }
    const made = must(
      await people
        .writer!.client.from('newsletter_issues')
        .insert({ subject: 'Draft only', body: 'Hello' })
        .select('id')
        .single(),
      'writer drafts',
    ) as { id: string };
    for (const client of [
      anon,
      people.member!.client,
      people.inbox!.client,
      people.nobody!.client,
    ]) {
      const read = await client.from('newsletter_issues').select('id').eq('id', made.id);
      expect(read.data ?? []).toEqual([]);
      const sent = await client.rpc('send_newsletter_issue', { p_issue: made.id });
      expect(sent.error).not.toBeNull();
      expect(['42501', 'PGRST301', '401']).toContain(sent.error!.code ?? '');
      const changed = await client
        .from('newsletter_issues')
        .update({ subject: 'Taken over' })
        .eq('id', made.id)
        .select('id');
      expect(changed.data ?? []).toEqual([]);
    }
    expect(await issue(made.id)).toMatchObject({ status: 'draft', subject: 'Draft only' });
    // the job never claims anything itself from a client
    const claim = await people.writer!.client.rpc('claim_newsletter_deliveries', { p_limit: 5 });
    expect(claim.error).not.toBeNull();
    must(
      await people.writer!.client.from('newsletter_issues').delete().eq('id', made.id),
      'delete',
    );
  });

  test('sent to confirmed subscribers only, each with a working unsubscribe link; counted', async () => {
    const subject = `News ${run}`;
    const body = 'Hello **everyone**.\n\n- New categories\n- <script>alert(1)</script>';
    const made = must(
      await people
        .writer!.client.from('newsletter_issues')
        .insert({ subject, body })
        .select('id, status')
        .single(),
      'draft',
    ) as { id: string; status: string };
    expect(made.status).toBe('draft');
    must(
      await people
        .writer!.client.from('newsletter_issues')
        .update({ subject: `${subject}!` })
        .eq('id', made.id),
      'edit draft',
    );

    const sent = await people.writer!.client.rpc('send_newsletter_issue', { p_issue: made.id });
    expect(sent.error).toBeNull();
    const confirmedNow = must(
      await service
        .from('newsletter_subscribers')
        .select('id', { count: 'exact', head: false })
        .not('confirmed_at', 'is', null)
        .is('unsubscribed_at', null),
      'count confirmed',
    ) as unknown[];
    expect((sent.data as { recipient_count: number }).recipient_count).toBe(confirmedNow.length);

    // a second send, and edits once sent, are refused
    const again = await people.writer!.client.rpc('send_newsletter_issue', { p_issue: made.id });
    expect(again.error?.code).toBe('22023');
    const edit = await people
      .writer!.client.from('newsletter_issues')
      .update({ body: 'changed' })
      .eq('id', made.id)
      .select('id');
    expect(edit.data ?? []).toEqual([]);

    let mails: Mail[] = [];
    for (let i = 0; i < 200 && mails.length < 1; i += 1) {
      mails = await outbox(server(), address('confirmed-1'));
      if (mails.length < 1) await sleep(100);
    }
    let done = await issue(made.id);
    for (let i = 0; i < 100 && done.status !== 'sent'; i += 1) {
      await sleep(100);
      done = await issue(made.id);
    }
    expect(done).toMatchObject({ status: 'sent', sent_count: confirmedNow.length });
    expect(done.recipient_count).toBe(confirmedNow.length);
    expect(await outbox(server(), address('confirmed-2'))).toHaveLength(1);
    expect(await outbox(server(), address('unconfirmed'))).toEqual([]);
    expect(await outbox(server(), address('unsubscribed'))).toEqual([]);

    const [mail] = mails;
    expect(mail!.subject).toBe(`${subject}!`);
    expect(mail!.text).toContain('Hello everyone.');
    expect(mail!.text).toContain('- New categories');
    expect(mail!.html).toContain('<strong>everyone</strong>');
    expect(mail!.html).toContain('<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>');
    expect(mail!.html).not.toContain('<script>');
    const line = mail!.text.split('\n').find((l) => l.startsWith('Unsubscribe: '));
    const page = new URL(line!.slice('Unsubscribe: '.length));
    expect(page.pathname).toBe('/unsubscribe');
    expect(page.searchParams.get('email')).toBe(address('confirmed-1'));
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const header = /^<(http:\/\/[^>]+\/functions\/v1\/newsletter-unsubscribe\?[^>]+)>$/.exec(
      mail!.headers['List-Unsubscribe'] ?? '',
    );
    expect(header).not.toBeNull();
    const oneClick = new URL(header![1]!);
    expect(oneClick.searchParams.get('token')).toBe(page.searchParams.get('token'));

    // the token does not work for another address
    const forged = new URL(oneClick);
    forged.searchParams.set('email', address('confirmed-2'));
    const refused = await fetch(forged, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(400);
    // the one-click POST a mail program makes (no JWT) unsubscribes exactly this address
    const clicked = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    const rows = must(
      await service
        .from('newsletter_subscribers')
        .select('email, unsubscribed_at')
        .in('email', [address('confirmed-1'), address('confirmed-2')])
        .order('email'),
      'read subscribers',
    ) as { email: string; unsubscribed_at: string | null }[];
    expect(rows[0]!.unsubscribed_at).not.toBeNull();
    expect(rows[1]!.unsubscribed_at).toBeNull();

    // the next issue goes to confirmed-2 only
    const next = must(
      await people
        .writer!.client.from('newsletter_issues')
        .insert({ subject: `Second ${run}`, body: 'Again.' })
        .select('id')
        .single(),
      'second draft',
    ) as { id: string };
    expect(
      (await people.writer!.client.rpc('send_newsletter_issue', { p_issue: next.id })).error,
    ).toBeNull();
    for (
      let i = 0;
      i < 200 && (await outbox(server(), address('confirmed-2'))).length < 2;
      i += 1
    ) {
      await sleep(100);
    }
    expect((await outbox(server(), address('confirmed-2')))[0]!.subject).toBe(`Second ${run}`);
    await sleep(500);
    expect(await outbox(server(), address('confirmed-1'))).toHaveLength(1);
  });
});
