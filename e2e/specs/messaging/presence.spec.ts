import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test } from '../../support/users';
import { apiAs, pageFor } from './messaging-support';

// Two browsers, a backend and six app servers share two cores with other work: allow for it.
const expect = baseExpect.configure({ timeout: 30_000 });

test("a contact's presence is live in the inbox, and Busy can be set by hand", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(180_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Priya Patel' });
  const api = await apiAs(business);
  const sent = await api.rpc('send_message', {
    p_client_id: randomUUID(),
    p_recipient_id: professional.id,
    p_content: 'Are you available?',
  });
  expect(sent.error).toBeNull();

  const biz = await pageFor(browser, business);
  await biz.goto('/messages');
  const pro = await pageFor(browser, professional);
  await pro.goto('/messages');
  await expect(biz.getByRole('img', { name: 'Priya Patel is online' })).toBeVisible();

  await pro.getByRole('checkbox', { name: 'Busy' }).check();
  await expect(pro.getByText('Your status:')).toContainText('Busy');
  await expect(pro.getByRole('button', { name: /Status: Busy/ })).toBeVisible();
  await expect(biz.getByRole('img', { name: 'Priya Patel is busy' })).toBeVisible();

  await pro.getByRole('checkbox', { name: 'Busy' }).uncheck();
  await expect(biz.getByRole('img', { name: 'Priya Patel is online' })).toBeVisible();

  // Leaving the site sets them offline for their contacts (the unload beacon; the context is
  // closed only after the page has left, as a browser tab would be).
  await pro.goto('about:blank');
  await pro.context().close();
  await expect(biz.getByRole('img', { name: 'Priya Patel is offline' })).toBeVisible();
});
