import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from '../../support/users';
import { apiAs, conversationIdOf, pageFor } from './messaging-support';

// Two browsers, a backend and six app servers share two cores with other work: allow for it.
const expect = baseExpect.configure({ timeout: 30_000 });

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a business messages a professional from the profile; both see it live with receipts and typing', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(240_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Priya Patel' });
  const stranger = await makeUser({ accountType: 'professional', name: 'Sam Stranger' });
  const biz = await pageFor(browser, business);
  const pro = await pageFor(browser, professional);

  await pro.goto('/messages');
  await expect(pro.getByText('No conversations yet', { exact: false })).toBeVisible();

  await biz.goto(`/professional/${professional.id}`);
  await biz.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(biz).toHaveURL(`/messages?to=${professional.id}`);
  await expect(biz.getByRole('heading', { name: 'Priya Patel' })).toBeVisible();
  await biz
    .getByLabel('Message', { exact: true })
    .fill('Hello Priya, are you free next week? https://example.co.uk/brief');
  await biz.getByLabel('Message', { exact: true }).press('Enter');
  await expect(biz).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationId = conversationIdOf(biz);
  const bizLog = biz.getByRole('log', { name: 'Messages' });
  await expect(bizLog.getByText('Hello Priya, are you free next week?')).toBeVisible();
  await expect(bizLog.getByTestId('message').last()).toHaveAttribute('data-status', 'sent');
  await expect(bizLog.getByRole('link', { name: 'https://example.co.uk/brief' })).toHaveAttribute(
    'rel',
    /noopener/,
  );

  // The professional's inbox and header badge update live, without a reload.
  await expect(pro.getByTestId('unread-badge')).toHaveText(/1/);
  const row = pro.getByRole('link', { name: /Bianca Business.*1 unread/ });
  await expect(row).toBeVisible();
  await row.click();
  await expect(pro.getByRole('log', { name: 'Messages' }).getByText('Hello Priya')).toBeVisible();
  // Reading it sends the receipt; the badge clears.
  await expect(bizLog.getByTestId('message').last()).toHaveAttribute('data-status', 'read');
  await expect(bizLog.getByText('Read')).toBeVisible();
  await expect(pro.getByTestId('unread-badge')).toHaveCount(0);

  // Typing shows on the other side, then the reply arrives live.
  await pro.getByLabel('Message', { exact: true }).pressSequentially('Yes, Tuesday', { delay: 30 });
  await expect(biz.getByText('Priya Patel is typing…')).toBeVisible();
  await pro.getByLabel('Message', { exact: true }).press('Enter');
  await expect(bizLog.getByText('Yes, Tuesday')).toBeVisible();
  await expect(biz.getByText('Priya Patel is typing…')).toHaveCount(0);

  // 'Message' again opens the same conversation: one per pair.
  await biz.goto(`/messages?to=${professional.id}`);
  await expect(biz).toHaveURL(`/messages/${conversationId}`);

  // Message text is shown as text, never as markup.
  await pro.getByLabel('Message', { exact: true }).fill('<img src=x onerror="window.hacked=1">');
  await pro.getByLabel('Message', { exact: true }).press('Enter');
  await expect(bizLog.getByText('<img src=x onerror="window.hacked=1">')).toBeVisible();
  expect(
    await biz.evaluate(() => (window as unknown as { hacked?: number }).hacked),
  ).toBeUndefined();

  const axe = await new AxeBuilder({ page: biz }).include('#main-content').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  // A third signed-in user gets nothing through the API, and cannot join the typing channel.
  const api = await apiAs(stranger);
  expect(
    (await api.from('messages').select('id').eq('conversation_id', conversationId)).data,
  ).toEqual([]);
  expect((await api.from('conversations').select('id').eq('id', conversationId)).data).toEqual([]);
  const denied = await new Promise<string>((resolve) =>
    api
      .channel(`conversation:${conversationId}`, { config: { private: true } })
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED' && status !== 'CHANNEL_ERROR' && status !== 'TIMED_OUT') return;
        resolve(status);
      }),
  );
  expect(denied).toBe('CHANNEL_ERROR');
  await api.removeAllChannels();
});

test('an image is sent and previewed on both sides; an oversized file is refused before upload', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(240_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Priya Patel' });
  const biz = await pageFor(browser, business);
  const pro = await pageFor(browser, professional);

  await biz.goto(`/messages?to=${professional.id}`);
  await biz.getByLabel('Message', { exact: true }).fill('Here is the floor plan');
  await biz.getByLabel('Message', { exact: true }).press('Enter');
  await expect(biz).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationId = conversationIdOf(biz);

  let uploads = 0;
  biz.on('request', (request) => {
    if (request.url().includes('/storage/v1/object/message-attachments/')) uploads += 1;
  });
  // An 11 MB file made in the page (sending its bytes from the test would only be slow).
  await biz.getByLabel('Attach a file').evaluate((input: HTMLInputElement) => {
    const files = new DataTransfer();
    files.items.add(
      new File([new Uint8Array(11 * 1024 * 1024)], 'huge.png', { type: 'image/png' }),
    );
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(biz.getByRole('alert')).toHaveText('Files can be at most 10 MB; this one is 11 MB.');
  expect(uploads).toBe(0);

  await biz
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(
    biz.getByRole('log', { name: 'Messages' }).getByRole('img', { name: 'plan.png' }),
  ).toBeVisible();

  await pro.goto(`/messages/${conversationId}`);
  const image = pro.getByRole('log', { name: 'Messages' }).getByRole('img', { name: 'plan.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});
