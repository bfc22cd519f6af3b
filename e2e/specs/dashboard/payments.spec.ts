/**
 * Payments clicked through in Chromium against the local test provider (no Stripe keys): the
 * business hires, cannot fund before the professional has set up payouts and is told why; the
 * professional completes the test onboarding; the business funds the milestone on the test
 * checkout page ("Test payment — no card is charged"); the professional marks it delivered; the
 * business approves; both see the right amounts (the professional: the price less the plan's fee).
 * Then each opens the milestone's printable document from the payments page: the business's
 * receipt (amount paid, the provider's payment id) and the professional's statement (price, fee,
 * amount paid out); printed, only the document is on the page.
 */
import {
  anonClient,
  expect,
  serviceClient,
  signInAs,
  test,
  type TestUser,
} from '../../support/users.ts';

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

async function clientFor(user: TestUser) {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw error;
  return client;
}

test('a business funds a milestone through the test checkout, approves the delivery and the professional is paid less the fee', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(120_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ name: 'Priya Patel', plan: 'pro' });
  const plan = await serviceClient()
    .from('subscription_plans')
    .select('commission_rate')
    .eq('type', 'pro')
    .single();
  if (plan.error) throw plan.error;
  const price = 80_000;
  const fee = Math.round((price * Number(plan.data.commission_rate)) / 100);

  // the hire, as the two of them make it: a fixed-price project, a proposal of £800, accepted
  const biz = await clientFor(business);
  const pro = await clientFor(professional);
  const title = `Checkout integration ${Date.now()}`;
  const project = await biz
    .from('projects')
    .insert({ owner_id: business.id, title, status: 'open' })
    .select('id')
    .single();
  if (project.error) throw project.error;
  const proposal = await pro
    .from('project_applications')
    .insert({
      project_id: project.data.id,
      professional_id: professional.id,
      cover_letter: 'Happy to help.',
      proposed_rate: price / 100,
    })
    .select('id')
    .single();
  if (proposal.error) throw proposal.error;
  const accepted = await biz
    .from('project_applications')
    .update({ status: 'accepted' })
    .eq('id', proposal.data.id);
  if (accepted.error) throw accepted.error;

  const bizPage = await (await browser.newContext()).newPage();
  await signInAs(bizPage, business);
  const proPage = await (await browser.newContext()).newPage();
  await signInAs(proPage, professional);

  // before the professional's payouts are set up, funding is refused in words
  await bizPage.goto('/payments');
  await expect(bizPage.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const bizMilestone = bizPage.getByRole('listitem', { name: title });
  await expect(bizMilestone.getByText(gbp(price), { exact: true })).toBeVisible();
  await bizMilestone.getByRole('button', { name: `Fund ${gbp(price)}` }).click();
  await expect(bizMilestone.getByRole('alert')).toContainText(
    'The professional has not finished setting up payouts',
  );

  // the professional sets up payouts on the provider's (test) page
  await proPage.goto('/payments');
  await expect(proPage.getByTestId('payout-status')).toHaveText('Status: Not set up');
  const proMilestone = proPage.getByRole('listitem', { name: title });
  await expect(
    proMilestone.getByText(`You receive ${gbp(price - fee)} after the ${gbp(fee)} platform fee`),
  ).toBeVisible();
  await proPage.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(proPage.getByText('Test onboarding — no identity check is made')).toBeVisible();
  await proPage.getByRole('button', { name: 'Complete test onboarding' }).click();
  await expect(proPage).toHaveURL(/\/payments\?onboarding=returned$/);
  await expect(proPage.getByTestId('payout-status')).toHaveText('Status: Enabled: you can be paid');

  // the business pays on the test checkout
  await bizPage.reload();
  await bizPage
    .getByRole('listitem', { name: title })
    .getByRole('button', { name: `Fund ${gbp(price)}` })
    .click();
  await expect(bizPage.getByText('Test payment — no card is charged').first()).toBeVisible();
  await bizPage.getByRole('button', { name: `Pay ${gbp(price)} (test)` }).click();
  await expect(bizPage).toHaveURL(/\/payments\?milestone=.*&checkout=paid$/);
  await expect(bizPage.getByRole('listitem', { name: title })).toContainText(
    'Funded: payment held',
  );

  // delivered, approved, released
  await proPage.reload();
  await proPage
    .getByRole('listitem', { name: title })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(proPage.getByRole('listitem', { name: title })).toContainText(
    'Delivered: waiting for approval',
  );
  await bizPage.reload();
  await bizPage
    .getByRole('listitem', { name: title })
    .getByRole('button', { name: 'Approve and release payment' })
    .click();
  await expect(bizPage.getByRole('listitem', { name: title })).toContainText(
    'Paid to the professional',
  );
  const paid = bizPage.getByRole('region', { name: 'Payments made' });
  await expect(paid.getByRole('row', { name: `Card payment ${gbp(price)}` })).toBeVisible();

  await proPage.reload();
  const received = proPage.getByRole('region', { name: 'Payments received' });
  await expect(
    received.getByRole('row', { name: `Paid to your payout account ${gbp(price - fee)}` }),
  ).toBeVisible();
  await expect(received.getByRole('row', { name: `Platform fee ${gbp(fee)}` })).toBeVisible();

  // the business's receipt, from the payments page
  await bizPage
    .getByRole('listitem', { name: title })
    .getByRole('link', { name: `Receipt for ${title}` })
    .click();
  await expect(bizPage).toHaveURL(/\/payments\/receipts\/[0-9a-f-]{36}$/);
  await expect(bizPage.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
  const receipt = bizPage.getByRole('article', { name: 'Receipt' });
  await expect(receipt.getByRole('row', { name: `Amount paid ${gbp(price)}` })).toBeVisible();
  await expect(receipt.getByTestId('payment-id')).toHaveText(/^pi_/);
  await expect(receipt).toContainText('Priya Patel');
  await expect(receipt).toContainText('Bianca Business');
  await expect(receipt.getByTestId('vat-number')).toBeEmpty();
  const print = bizPage.getByRole('button', { name: 'Print or save as PDF' });
  await expect(print).toBeVisible();
  await bizPage.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  await expect(receipt.getByRole('row', { name: `Amount paid ${gbp(price)}` })).toBeVisible();

  // the professional's statement
  await proPage
    .getByRole('listitem', { name: title })
    .getByRole('link', { name: `Payment statement for ${title}` })
    .click();
  const statement = proPage.getByRole('article', { name: 'Payment statement' });
  await expect(statement.getByRole('row', { name: `Milestone price ${gbp(price)}` })).toBeVisible();
  await expect(statement.getByTestId('fee')).toHaveText(gbp(-fee));
  await expect(
    statement.getByRole('row', { name: `Amount paid out ${gbp(price - fee)}` }),
  ).toBeVisible();
});
