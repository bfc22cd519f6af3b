import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../../support/axe.ts';
import { expect, signInAs, test, type TestUser, clientFor } from '../../support/users.ts';

/** The headline figure under `label` on the analytics dashboard. */
const stat = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

test('a professional’s analytics rise after their profile is viewed and they send a message', async ({
  page,
  browser,
  makeUser,
}) => {
  test.setTimeout(90_000);
  const pro = await makeUser({ accountType: 'professional', name: 'Ana Lytics', plan: 'pro' });
  const business = await makeUser({ accountType: 'business', name: 'Viewing Victor' });
  await signInAs(page, pro);

  await page.goto('/analytics-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
  await expect(stat(page, 'Profile views')).toHaveText('0');
  await expect(stat(page, 'Messages sent')).toHaveText('0');
  const messagesChart = page.getByRole('figure', { name: 'Messages' }).locator('svg.time-chart');
  await expect(messagesChart).toBeVisible();
  // Pointing at the chart shows that day's figures beside it.
  await messagesChart.hover();
  const tip = page.getByRole('figure', { name: 'Messages' }).locator('[role="tooltip"]');
  await expect(tip).toContainText('Sent:');
  await expectNoSeriousAxeViolations(page);
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);

  // A business opens the professional's public profile in its own browser.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await signInAs(visitorPage, business);
  const counted = visitorPage.waitForResponse(
    (response) => response.url().includes('/rest/v1/rpc/record_profile_view') && response.ok(),
  );
  await visitorPage.goto(`/professional/${pro.id}`);
  await counted;
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Ana Lytics' })).toBeVisible();
  await visitor.close();

  // A signed-out visitor's view counts too, sent with the anon key alone (no supabase-js needed).
  const anonymous = await browser.newContext();
  const anonymousPage = await anonymous.newPage();
  const countedAnonymously = anonymousPage.waitForResponse(
    (response) => response.url().includes('/rest/v1/rpc/record_profile_view') && response.ok(),
  );
  await anonymousPage.goto(`/professional/${pro.id}`);
  const anonymousCount = await countedAnonymously;
  const sentWith = await anonymousCount.request().headerValue('authorization');
  expect(sentWith).toBe(`Bearer ${await anonymousCount.request().headerValue('apikey')}`);
  await anonymous.close();

  // The business writes; the professional answers.
  const businessClient = await clientFor(business);
  const { data: conversation, error } = await businessClient
    .from('conversations')
    .insert({ participant_1: business.id, participant_2: pro.id })
    .select('id')
    .single();
  if (error) throw error;
  const say = async (
    client: Awaited<ReturnType<typeof clientFor>>,
    from: TestUser,
    content: string,
  ) => {
    const sent = await client
      .from('messages')
      .insert({ conversation_id: conversation.id, sender_id: from.id, content });
    if (sent.error) throw sent.error;
  };
  await say(businessClient, business, 'Hello Ana, are you free in December?');
  await say(await clientFor(pro), pro, 'Hello Victor, yes I am.');

  await page.getByRole('button', { name: 'Show' }).click();
  await expect(stat(page, 'Profile views')).toHaveText('2');
  await expect(stat(page, 'Messages sent')).toHaveText('1');
  await expect(stat(page, 'Messages received')).toHaveText('1');
  await expect(stat(page, 'Response rate')).toHaveText('100%');

  // The chart's table says the same for today.
  const views = page.getByRole('figure', { name: 'Profile views and search appearances' });
  await views.getByText('Show the figures as a table').click();
  const lastRow = views.getByRole('table').getByRole('row').last();
  await expect(lastRow.getByRole('cell').first()).toHaveText('2');
});
