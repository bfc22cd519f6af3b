import { expect as baseExpect, test } from '../../support/users';
import { BACKEND_URL } from '../../support/users';
import { conversationIdOf, pageFor } from './messaging-support';

// A backend, six app servers and Chromium share two cores with other work: allow for it.
const expect = baseExpect.configure({ timeout: 30_000 });

interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: string;
  links: { label: string; url: string }[];
  headers: Record<string, string>;
}

const mailsTo = async (to: string): Promise<Mail[]> =>
  (await (
    await fetch(`${BACKEND_URL}/outbox?format=json&to=${encodeURIComponent(to)}`)
  ).json()) as Mail[];

test('a message to a professional who is not online is e-mailed to them after the unread delay', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(180_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  // the professional never opens ProMatch during the test
  const professional = await makeUser({ accountType: 'professional', name: 'Olive Offline' });
  const biz = await pageFor(browser, business);

  await biz.goto(`/professional/${professional.id}`);
  await biz.getByRole('link', { name: 'Message', exact: true }).click();
  await biz.getByLabel('Message', { exact: true }).fill('Hello Olive, could you start on Monday?');
  await biz.getByLabel('Message', { exact: true }).press('Enter');
  await expect(biz).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const sentAt = Date.now();
  const conversationId = conversationIdOf(biz);
  const log = biz.getByRole('log', { name: 'Messages' });
  await expect(log.getByTestId('message').last()).toHaveAttribute('data-status', 'sent');
  await biz.getByLabel('Message', { exact: true }).fill('The budget is £4,000.');
  await biz.getByLabel('Message', { exact: true }).press('Enter');
  await expect(log.getByText('The budget is £4,000.')).toBeVisible();

  // nothing goes while the message may still be read in the app (the unread delay, 30 s)
  expect(await mailsTo(professional.email)).toEqual([]);
  await baseExpect
    .poll(async () => (await mailsTo(professional.email)).length, {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe(1);
  const [mail] = await mailsTo(professional.email);
  const leftAfter = new Date(mail!.created_at).getTime() - sentAt;
  expect(leftAfter).toBeGreaterThan(20_000);
  expect(leftAfter).toBeLessThan(60_000);
  // one e-mail for the burst, naming the sender and listing both messages
  expect(mail!.subject).toBe('Bianca Business sent you 2 messages on ProMatch');
  expect(mail!.text).toContain('Hello Olive, could you start on Monday?');
  expect(mail!.text).toContain('The budget is £4,000.');
  expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const reply = mail!.links.find((link) => link.label === 'Reply in ProMatch');
  expect(new URL(reply!.url).pathname).toBe(`/messages/${conversationId}`);

  // the outbox shows the e-mail as the professional would see it, and its link opens the
  // conversation for them
  const inbox = await pageFor(browser, professional);
  await inbox.goto(`${BACKEND_URL}/outbox/${mail!.id}`);
  await expect(inbox.getByRole('heading', { name: mail!.subject })).toBeVisible();
  await expect(inbox.getByText('List-Unsubscribe-Post: List-Unsubscribe=One-Click')).toBeVisible();
  await inbox.goto(new URL(reply!.url).pathname);
  await expect(
    inbox.getByRole('log', { name: 'Messages' }).getByText('The budget is £4,000.'),
  ).toBeVisible();
});
