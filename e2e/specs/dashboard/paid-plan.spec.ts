/**
 * A paid plan in Chromium against the local test provider (no Stripe keys): a super admin gives
 * Pro a monthly price in the BMS plans section; a professional on Free sees on /plan exactly what
 * it costs and when, subscribes through the test subscription checkout, and is back on /plan with
 * Pro active, its price and next payment date, and the billing portal one click away.
 */
import { expect, makeAdmin, serviceClient, signInAs, test } from '../../support/users.ts';

test('a super admin prices Pro; a professional subscribes through checkout and sees it active', async ({
  browser,
  makeUser,
  page,
}) => {
  test.setTimeout(120_000);
  const boss = await makeUser({ name: 'Sam Super' });
  await makeAdmin(boss, 'super_admin');
  const professional = await makeUser({ name: 'Paula Paid' });
  const service = serviceClient();
  try {
    const bossPage = await (await browser.newContext()).newPage();
    await signInAs(bossPage, boss);
    await bossPage.goto('/management/bms');
    const pro = bossPage.getByRole('form', { name: 'Pro plan' });
    await pro.getByLabel('Price per month (£)').fill('12.50');
    await pro.getByRole('button', { name: 'Save Pro plan' }).click();
    await expect
      .poll(async () =>
        Number(
          (
            await service
              .from('subscription_plans')
              .select('price_monthly')
              .eq('type', 'pro')
              .single()
          ).data?.price_monthly,
        ),
      )
      .toBe(12.5);

    await signInAs(page, professional);
    await page.goto('/plan');
    await expect(page.getByRole('heading', { name: /Your plan: Free/ })).toBeVisible();
    await expect(
      page.getByText(
        '£12.50 a month, charged by card when you subscribe and then on the same day each month until you cancel.',
        { exact: false },
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe to Pro: £12.50 a month' }).click();

    // the local provider's checkout, plainly a test
    await expect(
      page.getByText('Test subscription — no card is charged, now or monthly.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscribe: £12.50 a month' })).toBeVisible();
    await page.getByRole('button', { name: 'Subscribe for £12.50 a month (test)' }).click();

    await expect(page).toHaveURL(/\/plan\?checkout=subscribed$/);
    await expect(page.getByRole('heading', { name: /Your plan: Pro/ })).toBeVisible();
    await expect(
      page.getByText(/^£12\.50 a month by card; next payment on \d{1,2} \w+ \d{4}\.$/),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Manage billing (change card or cancel)' }),
    ).toBeVisible();
    const row = await service
      .from('user_subscriptions')
      .select('plan_type, status, cancel_at_period_end')
      .eq('user_id', professional.id)
      .single();
    expect(row.data).toEqual({ plan_type: 'pro', status: 'active', cancel_at_period_end: false });
  } finally {
    // Pro is free for every other spec
    await service
      .from('subscription_plans')
      .update({ price_monthly: 0, stripe_price_id: null })
      .eq('type', 'pro');
  }
});
