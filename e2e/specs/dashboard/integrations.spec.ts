import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  ANON_KEY,
  BACKEND_URL,
  expect as baseExpect,
  sessionFor,
  signInAs,
  test,
  type TestUser,
} from '../../support/users.ts';
import { expectNoSeriousAxeViolations } from '../../support/axe.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

/** supabase-js signed in as `user`, as a script calling the API would be. */
async function apiAs(user: TestUser): Promise<SupabaseClient> {
  const session = await sessionFor(user);
  return createClient(BACKEND_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    // ws stands in for the browser's WebSocket on Node 20 (supabase-js builds its realtime client)
    realtime: { transport: WebSocket as never },
  });
}

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A customer's webhook receiver: answers 500 to the first request, then 204. */
async function startReceiver() {
  const hits: Hit[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = hits.length === 0 ? 500 : 204;
      hits.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/promatch`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The check the page shows a receiver: v1= hex HMAC-SHA256 of `${timestamp}.${body}`. */
function signedBy(hit: Hit, secret: string): boolean {
  const timestamp = String(hit.headers['x-promatch-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${hit.body}`).digest('hex')}`;
  return hit.headers['x-promatch-signature'] === expected;
}

test('a webhook receives a new message, signed, and is retried after the receiver first fails', async ({
  page,
  makeUser,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const professional = await makeUser({ accountType: 'professional', name: 'Wendy Webhook' });
    const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
    await signInAs(page, professional);
    await page.goto('/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(page.getByText('You have no webhooks yet.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // the private calendar feed: created here, read by a calendar app without signing in
    await page.getByRole('button', { name: 'Create calendar address' }).click();
    const feed = await page.getByLabel('Your calendar address').inputValue();
    expect(feed).toMatch(/\/functions\/v1\/calendar-feed\/[0-9a-f]{64}\.ics$/);
    const calendar = await fetch(feed);
    expect(calendar.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await calendar.text()).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Our CRM');
    await page.getByRole('checkbox', { name: /New message/ }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const card = page.getByRole('article', { name: 'Webhook Our CRM' });
    await expect(card).toBeVisible();
    const secret = (await card.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await expect(card.getByText('No deliveries yet.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const api = await apiAs(business);
    const sent = await api.rpc('send_message', {
      p_client_id: randomUUID(),
      p_content: 'Could you start on Monday?',
      p_recipient_id: professional.id,
    });
    expect(sent.error).toBeNull();

    await expect.poll(() => receiver.hits.length, { timeout: 20_000 }).toBe(2);
    const [first, retry] = receiver.hits;
    expect([first.status, retry.status]).toEqual([500, 204]);
    expect(retry.body).toBe(first.body);
    expect(signedBy(first, secret)).toBe(true);
    expect(signedBy(retry, secret)).toBe(true);
    expect(signedBy(retry, 'whsec_someone-else')).toBe(false);
    expect(JSON.parse(retry.body)).toMatchObject({
      type: 'message.received',
      data: { content: 'Could you start on Monday?', sender_name: 'Bianca Business' },
    });

    // the delivery log shows the delivery and its two attempts
    const row = card.getByTestId('webhook-delivery').first();
    await expect(row).toContainText('New message');
    await expect(row).toContainText('Delivered');
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');
    await expect(row).toContainText('HTTP 204');
  } finally {
    await receiver.close();
  }
});

test('an automation rule replies to a new message exactly once', async ({ page, makeUser }) => {
  test.setTimeout(120_000);
  const professional = await makeUser({ accountType: 'professional', name: 'Alex Away' });
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  await signInAs(page, professional);
  await page.goto('/automation-hub');
  await expect(page.getByRole('heading', { level: 1, name: 'Automation Hub' })).toBeVisible();
  await expect(page.getByText('You have no rules yet.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel('Rule name').fill('Out of office');
  await page.getByLabel('When').selectOption('message.received');
  await page.getByLabel('Then').selectOption('auto_reply');
  await page.getByLabel('Reply', { exact: true }).fill('Hi {{name}}, I am away until Monday.');
  await page.getByRole('button', { name: 'Add rule' }).click();
  const card = page.getByRole('article', { name: 'Rule Out of office' });
  await expect(card).toContainText('When I receive a new message, reply automatically.');
  await expect(card.getByText('This rule has not run yet.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const api = await apiAs(business);
  const sent = await api
    .rpc('send_message', {
      p_client_id: randomUUID(),
      p_content: 'Are you free this week?',
      p_recipient_id: professional.id,
    })
    .single<{ conversation_id: string }>();
  expect(sent.error).toBeNull();
  const replies = async () => {
    const { data } = await api
      .from('messages')
      .select('content,sender_id')
      .eq('conversation_id', sent.data!.conversation_id)
      .eq('sender_id', professional.id);
    return data ?? [];
  };
  await expect.poll(async () => (await replies()).length, { timeout: 15_000 }).toBe(1);
  // give any second reply (a loop, a double run) time to appear: there must be none
  await page.waitForTimeout(3000);
  expect(await replies()).toEqual([
    { content: 'Hi Bianca Business, I am away until Monday.', sender_id: professional.id },
  ]);

  const runs = card.getByTestId('automation-run');
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toContainText('Done');
  await expect(runs.first()).toContainText('Replied to Bianca Business.');

  await card.getByRole('button', { name: 'Pause rule' }).click();
  await expect(card.getByRole('button', { name: 'Resume rule' })).toBeVisible();
  await expect(card).toContainText('Paused');
});
