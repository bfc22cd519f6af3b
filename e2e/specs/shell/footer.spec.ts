import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectLivePage } from '../../support/site.ts';
import { BACKEND_URL, serviceClient } from '../../support/users.ts';

test('footer links, contact e-mail and this year', async ({ page }) => {
  await page.goto('/terms');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Find Professionals', '/search'],
    ['For Business', '/for-business'],
    ['Contact', '/contact'],
  ]) {
    await expect(
      footer.getByRole('navigation').getByRole('link', { name, exact: true }),
    ).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('link', { name: 'hello@promatch.co.uk' })).toHaveAttribute(
    'href',
    'mailto:hello@promatch.co.uk',
  );
  await expect(footer.getByRole('link', { name: 'ProMatch on LinkedIn' })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ProMatch`);
});

test('the newsletter form signs up through the newsletter-signup function, confirmed from the e-mail', async ({
  page,
}) => {
  await page.goto('/terms');
  const form = page.getByRole('form', { name: 'Newsletter' });
  const button = form.getByRole('button', { name: 'Subscribe' });
  await expect(button).toBeDisabled();
  await form.getByRole('textbox').fill('   ');
  await expect(button).toBeDisabled();
  const address = `reader-${randomUUID()}@example.co.uk`;
  await form.getByRole('textbox').fill(`  ${address}  `);
  await button.click();
  await expect(
    page.getByText('Almost there: confirm your subscription from the e-mail we sent.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();

  // double opt-in: the only e-mail is the confirmation; its link asks for one click
  let confirm: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await fetch(`${BACKEND_URL}/outbox?format=json&to=${encodeURIComponent(address)}`)
      ).json()) as { text: string }[];
      const line = mails[0]?.text
        .split('\n')
        .find((l) => l.startsWith('Confirm your subscription: '));
      confirm = line?.slice('Confirm your subscription: '.length);
      return confirm ? new URL(confirm).pathname : undefined;
    })
    .toBe('/functions/v1/newsletter-confirm');
  await page.goto(confirm!);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();

  // the welcome e-mail ends with a signed link that unsubscribes this address
  let link: URL | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await fetch(`${BACKEND_URL}/outbox?format=json&to=${encodeURIComponent(address)}`)
      ).json()) as { text: string }[];
      const line = mails[0]?.text.split('\n').find((l) => l.startsWith('Unsubscribe: '));
      link = line ? new URL(line.slice('Unsubscribe: '.length)) : undefined;
      return link?.pathname;
    })
    .toBe('/unsubscribe');
  await page.goto(`${link!.pathname}${link!.search}`);
  await expect(page.getByText(address)).toBeVisible();
  // the page arrives server-rendered; the button works once the live page has hydrated it
  await expectLivePage(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are unsubscribed.' })).toBeVisible();
  const { data } = await serviceClient()
    .from('newsletter_subscribers')
    .select('unsubscribed_at')
    .eq('email', address);
  expect(data?.[0]?.unsubscribed_at).toBeTruthy();
});

test('a bad address gets the Subscription Failed toast', async ({ page }) => {
  await page.goto('/terms');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByRole('textbox').fill('not-an-address');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Subscription Failed' })).toBeVisible();
});

test('Cookie settings in the footer asks again', async ({ page }) => {
  await page.goto('/terms');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Essential only' }).click();
  await expect(banner).toBeHidden();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner).toBeVisible();
});
