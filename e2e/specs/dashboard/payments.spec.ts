/**
 * Payments clicked through in Chromium against the local test provider (no Stripe keys): the
 * business hires, cannot fund before the professional has set up payouts and is told why; the
 * professional completes the test onboarding; the business funds the milestone on the test
 * checkout page ("Test payment — no card is charged"); the professional marks it delivered; the
 * business approves; both see the right amounts (the professional: the price less the plan's fee).
 * Then each opens the milestone's printable document from the payments page: the business's
 * receipt (amount paid, the provider's payment id) and the professional's statement (price, fee,
 * amount paid out); printed, only the document is on the page.
 * And a cancellation both sides agree to: a funded milestone (whose automatic refund date both
 * see) is cancelled by the business and the professional, the card payment is refunded through
 * the provider, both see it refunded and are told in-app, and the ledger holds one refund.
 */
import { expect, serviceClient, signInAs, test } from '../../support/users.ts';
import { gbp, hireFor } from '../../support/payments.ts';

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
  const title = `Checkout integration ${Date.now()}`;
  await hireFor(business, professional, price / 100, title);

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

test('a funded milestone both sides agree to cancel is refunded to the business, and both are told', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(120_000);
  const business = await makeUser({ accountType: 'business', name: 'Rita Refund' });
  const professional = await makeUser({ name: 'Omar Agree', plan: 'pro' });
  const price = 30_000;
  const title = `Cancelled integration ${Date.now()}`;
  const { biz, pro } = await hireFor(business, professional, price / 100, title);

  const bizPage = await (await browser.newContext()).newPage();
  await signInAs(bizPage, business);
  const proPage = await (await browser.newContext()).newPage();
  await signInAs(proPage, professional);

  await proPage.goto('/payments');
  await proPage.getByRole('button', { name: 'Set up payouts' }).click();
  await proPage.getByRole('button', { name: 'Complete test onboarding' }).click();
  await expect(proPage.getByTestId('payout-status')).toHaveText('Status: Enabled: you can be paid');

  await bizPage.goto('/payments');
  await bizPage
    .getByRole('listitem', { name: title })
    .getByRole('button', { name: `Fund ${gbp(price)}` })
    .click();
  await bizPage.getByRole('button', { name: `Pay ${gbp(price)} (test)` }).click();
  await expect(bizPage).toHaveURL(/\/payments\?milestone=.*&checkout=paid$/);
  const bizMilestone = bizPage.getByRole('listitem', { name: title });
  await expect(bizMilestone).toContainText('Funded: payment held');
  // the date it would go back by itself, 30 days on
  const due = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(Date.now() + 30 * 86_400_000));
  await expect(bizMilestone.getByTestId('auto-refund')).toContainText(
    `If this milestone is not delivered by ${due}, the payment is refunded to you automatically.`,
  );

  // the business asks; the professional agrees
  await bizMilestone.getByRole('button', { name: 'Ask to cancel and refund' }).click();
  await expect(bizMilestone).toContainText(
    'You asked to cancel this milestone and refund the business; the other side has to agree.',
  );
  await proPage.reload();
  const proMilestone = proPage.getByRole('listitem', { name: title });
  await expect(proMilestone.getByTestId('auto-refund')).toContainText(
    'the payment is refunded to the business automatically',
  );
  await expect(proMilestone).toContainText(
    'The other side asked to cancel this milestone and refund the business.',
  );
  await proMilestone.getByRole('button', { name: 'Agree to cancel and refund' }).click();
  await expect(proMilestone.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(proMilestone.getByTestId('auto-refund')).toHaveCount(0);

  await bizPage.reload();
  await expect(
    bizPage.getByRole('listitem', { name: title }).getByText('Refunded', { exact: true }),
  ).toBeVisible();
  const made = bizPage.getByRole('region', { name: 'Payments made' });
  await expect(made.getByRole('row', { name: `Card payment ${gbp(price)}` })).toBeVisible();
  await expect(made.getByRole('row', { name: `Refund ${gbp(price)}` })).toBeVisible();

  // the receipt says so
  await bizPage
    .getByRole('listitem', { name: title })
    .getByRole('link', { name: `Receipt for ${title}` })
    .click();
  await expect(bizPage.getByRole('article', { name: 'Receipt' })).toContainText(/[Rr]efund/);

  // both told in-app; one refund in the ledger, of the whole amount
  for (const [client, id] of [
    [biz, business.id],
    [pro, professional.id],
  ] as const) {
    const notes = await client
      .from('notifications')
      .select('title, body')
      .eq('user_id', id)
      .eq('kind', 'milestone_refunded');
    if (notes.error) throw notes.error;
    expect(notes.data).toHaveLength(1);
    expect(notes.data[0]!.body).toContain(gbp(price));
  }
  const ledger = await biz
    .from('ledger_entries')
    .select('kind, amount_pence')
    .eq('business_id', business.id)
    .order('id');
  if (ledger.error) throw ledger.error;
  expect(ledger.data).toEqual([
    { kind: 'charge', amount_pence: price },
    { kind: 'refund', amount_pence: price },
  ]);
});
