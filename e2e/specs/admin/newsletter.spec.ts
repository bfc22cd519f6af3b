import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import {
  BACKEND_URL,
  expect,
  makeAdmin,
  serviceClient,
  signInAs,
  test,
  uniqueEmail,
} from '../../support/users.ts';

test.describe.configure({ timeout: 120_000 });

test('announcements staff write, preview and send a newsletter; confirmed subscribers get it', async ({
  makeUser,
  page,
}) => {
  const writer = await makeUser({ name: 'Nina Newsletter' });
  await makeAdmin(writer, 'admin', { announcements: true });
  const reader = uniqueEmail('reader');
  const stranger = uniqueEmail('unconfirmed');
  const seeded = await serviceClient()
    .from('newsletter_subscribers')
    .insert([{ email: reader, confirmed_at: new Date().toISOString() }, { email: stranger }]);
  expect(seeded.error).toBeNull();
  const subject = `Autumn news ${randomUUID().slice(0, 6)}`;

  await signInAs(page, writer);
  await page.goto('/management');
  await page
    .getByRole('navigation', { name: 'Management portal' })
    .getByRole('link', { name: 'Newsletter' })
    .click();
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Newsletter text')
    .fill('Hello **everyone**.\n\n- New categories\n- <b>not bold</b>');
  const preview = page.getByRole('article', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('everyone');
  await expect(preview.getByRole('listitem')).toHaveText(['New categories', '<b>not bold</b>']);
  await page.getByRole('button', { name: 'Save draft' }).click();
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Draft');

  const results = await new AxeBuilder({ page }).include('#main-content').analyze();
  expect(
    results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);

  await page.getByRole('button', { name: 'Send…' }).click();
  await page.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(/(\d+) of \1 sent/);

  const mailsTo = async (to: string) =>
    (await (
      await fetch(`${BACKEND_URL}/outbox?format=json&to=${encodeURIComponent(to)}`)
    ).json()) as { subject: string; text: string }[];
  await expect.poll(async () => (await mailsTo(reader)).map((m) => m.subject)).toEqual([subject]);
  expect((await mailsTo(reader))[0]!.text).toMatch(
    /Unsubscribe: http:\/\/\S+\/unsubscribe\?email=/,
  );
  expect(await mailsTo(stranger)).toEqual([]);
});
