/**
 * The management portal's payments area in Chromium against the local test provider (no Stripe
 * keys): a business funds a milestone and disputes it; a super admin gives a staff member the
 * payments area (and the audit log) in the staff editor; that staff member finds the dispute
 * under Payments with the amount, the parties, who opened it and why, sees the platform's fee
 * income, and refunds it with a reason; the money goes back and the audit log shows the reason.
 */
import { expect, makeAdmin, serviceClient, signInAs, test } from '../../support/users.ts';
import { gbp, hireFor, throughHostedPage } from '../../support/payments.ts';

test('payments staff see a dispute and the fee income, and refund the business with a reason', async ({
  browser,
  makeUser,
  page,
}) => {
  test.setTimeout(120_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ name: 'Priya Patel', plan: 'pro' });
  const staff = await makeUser({ name: 'Pat Payments' });
  const boss = await makeUser({ name: 'Sam Super' });
  await makeAdmin(boss, 'super_admin');
  const price = 45_000;

  // the hire, funded, then disputed by the business: as the dashboard sends them
  const title = `Disputed integration ${Date.now()}`;
  const { biz, pro, projectId } = await hireFor(business, professional, price / 100, title);
  const milestone = await biz
    .from('milestones')
    .select('id, description')
    .eq('project_id', projectId)
    .single();
  if (milestone.error) throw milestone.error;
  const service = serviceClient();
  const statusOf = async () =>
    (await service.from('milestones').select('status').eq('id', milestone.data.id).single()).data
      ?.status;

  await throughHostedPage(pro, { action: 'onboard' });
  await expect
    .poll(
      async () =>
        (
          await service
            .from('payout_accounts')
            .select('status')
            .eq('user_id', professional.id)
            .maybeSingle()
        ).data?.status,
    )
    .toBe('enabled');
  await throughHostedPage(biz, { action: 'fund', milestoneId: milestone.data.id });
  await expect.poll(statusOf).toBe('funded');
  const disputed = await biz.rpc('open_milestone_dispute', {
    p_milestone: milestone.data.id,
    p_reason: 'Nothing has been started after two weeks.',
  });
  expect(disputed.error).toBeNull();

  // a super admin gives Pat the payments area (and the audit log) in the staff editor
  const bossPage = await (await browser.newContext()).newPage();
  await signInAs(bossPage, boss);
  await bossPage.goto('/management/bms');
  await bossPage.getByLabel("User's e-mail").fill(staff.email);
  await bossPage.getByRole('button', { name: 'Grant admin' }).click();
  const areas = bossPage.getByRole('group', { name: 'Areas of Pat Payments' });
  await areas.getByLabel('Payments').click();
  await expect(areas.getByLabel('Payments')).toBeChecked();
  await areas.getByLabel('Audit log').click();
  await expect(areas.getByLabel('Audit log')).toBeChecked();

  await signInAs(page, staff);
  await page.goto('/management');
  await page
    .getByRole('navigation', { name: 'Management portal' })
    .getByRole('link', { name: 'Payments' })
    .click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByTestId('fee-this-month')).toHaveText(/^£[\d,]+\.\d\d$/);
  await expect(page.getByTestId('fee-all-time')).toHaveText(/^£[\d,]+\.\d\d$/);
  const item = page.getByRole('listitem', { name: milestone.data.description });
  await expect(item).toContainText(
    `${gbp(price)} on ${title}: Bianca Business (business) paying Priya Patel (professional).`,
  );
  await expect(item).toContainText('Opened by the business (Bianca Business) on');
  await expect(item).toContainText('Reason given: Nothing has been started after two weeks.');

  const refund = item.getByRole('form', { name: 'Refund' });
  await refund
    .getByLabel('Reason for the decision (refund)')
    .fill('No work was started; refunding the business in full.');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refunded to the business').first()).toBeVisible();
  await expect(page.getByRole('listitem', { name: milestone.data.description })).toHaveCount(0);

  await expect.poll(statusOf).toBe('refunded');
  const ledger = await service
    .from('ledger_entries')
    .select('kind, amount_pence')
    .eq('milestone_id', milestone.data.id)
    .order('id');
  expect(ledger.data).toEqual([
    { kind: 'charge', amount_pence: price },
    { kind: 'refund', amount_pence: price },
  ]);
  const audit = await service
    .from('admin_audit_log')
    .select('actor_id, action, reason')
    .eq('target_id', milestone.data.id);
  expect(audit.data).toEqual([
    {
      actor_id: staff.id,
      action: 'milestone_dispute_refund',
      reason: 'No work was started; refunding the business in full.',
    },
  ]);

  // and the portal's audit log shows the decision with its reason
  await page
    .getByRole('navigation', { name: 'Management portal' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Payment disputes' });
  const row = page.getByRole('row').filter({ hasText: milestone.data.id });
  await expect(row).toContainText('milestone dispute refund');
  await expect(row).toContainText('No work was started; refunding the business in full.');
  await expect(row).toContainText('Pat Payments');
});
