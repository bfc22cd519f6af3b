import { expect, serviceClient, test } from '../../support/users';
import { startBackend, stopBackend } from '../../support/stack-control';
import { conversationIdOf, pageFor } from './messaging-support';

// Stops and starts the shared backend, so it runs in the isolation project, alone.
test('the backend restarts mid-conversation; every message typed meanwhile arrives exactly once', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(240_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Priya Patel' });
  const biz = await pageFor(browser, business);
  const pro = await pageFor(browser, professional);

  await biz.goto(`/messages?to=${professional.id}`);
  const composer = biz.getByLabel('Message', { exact: true });
  // The first answer is lost on the way back: the message is stored, the page retries it.
  let dropped = false;
  await biz.route('**/rest/v1/rpc/send_message', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await composer.fill('Before the restart');
  await composer.press('Enter');
  await expect(biz).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationId = conversationIdOf(biz);
  const bizLog = biz.getByRole('log', { name: 'Messages' });
  await expect(bizLog.getByTestId('message').last()).toHaveAttribute('data-status', 'sent');
  await pro.goto(`/messages/${conversationId}`);
  const proLog = pro.getByRole('log', { name: 'Messages' });
  await expect(proLog.getByText('Before the restart')).toBeVisible();

  await stopBackend();
  const typed = ['While it is down 1', 'While it is down 2', 'While it is down 3'];
  for (const text of typed) {
    await composer.fill(text);
    await composer.press('Enter');
  }
  for (const text of typed) {
    await expect(bizLog.getByTestId('message').filter({ hasText: text })).toHaveAttribute(
      'data-status',
      'pending',
    );
  }
  await startBackend();

  for (const text of typed) {
    await expect(bizLog.getByTestId('message').filter({ hasText: text })).toHaveAttribute(
      'data-status',
      /sent|read/,
      { timeout: 30_000 },
    );
    await expect(proLog.getByText(text)).toBeVisible({ timeout: 30_000 });
  }
  const { data } = await serviceClient()
    .from('messages')
    .select('content')
    .eq('conversation_id', conversationId)
    .order('created_at');
  expect(data?.map((m) => m.content)).toEqual(['Before the restart', ...typed]);
  await expect(proLog.getByTestId('message')).toHaveCount(4);
});
