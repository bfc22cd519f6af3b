import { outbox } from '../../support/auth-mail.ts';
import { expect, serviceClient, signInAs, test } from '../../support/users.ts';
import { expectNoSeriousAxeViolations } from '../../support/axe.ts';

/** The invitation link the backend's mail worker put in the outbox for `address`. */
async function invitationLink(address: string, team: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox())
          .filter((m) => m.to === address && m.subject === `Join ${team} on ProMatch`)
          .flatMap((m) => m.links)
          .find((link) => link.label === 'Accept the invitation')?.url;
        return found;
      },
      { timeout: 15_000, message: `an invitation e-mail to ${address}` },
    )
    .toBeTruthy();
  return found as string;
}

test('an owner invites a colleague, who accepts from the e-mailed link after signing in and sees the shared favourite', async ({
  page,
  browser,
  makeUser,
}) => {
  test.setTimeout(120_000);
  const owner = await makeUser({ accountType: 'business', name: 'Olivia Owner' });
  const colleague = await makeUser({ accountType: 'business', name: 'Colin Colleague' });
  const team = `Hiring ${Date.now()}`;
  // a professional of this test's own, saved to the owner's favourites
  const pro = await makeUser({ name: 'Pia Professional' });
  const saved = await serviceClient()
    .from('favorites')
    .insert({ user_id: owner.id, professional_id: pro.id });
  if (saved.error) throw saved.error;

  await signInAs(page, owner);
  await page.goto('/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Team name').fill(team);
  await page.getByRole('button', { name: 'Create team' }).click();
  const card = page.getByRole('article', { name: team });
  await expect(card.getByText('You own this team.')).toBeVisible();
  await card.getByLabel('Share one of your favourites').selectOption({ label: pro.name });
  await card.getByRole('button', { name: 'Share professional' }).click();
  await expect(card.getByRole('link', { name: pro.name })).toBeVisible();
  await card.getByLabel('E-mail address').fill(colleague.email);
  await card.getByRole('button', { name: 'Send invitation' }).click();
  await expect(card.getByText(`${colleague.email} (Member)`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // the colleague opens the link signed out: sign in first, then back to the invitation
  const link = await invitationLink(colleague.email, team);
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await invitee.getByLabel('Email').fill(colleague.email);
  await invitee.getByLabel('Password', { exact: true }).fill(colleague.password);
  await invitee.getByRole('button', { name: 'Sign In' }).click();
  await expect(invitee.getByText(`Olivia Owner invited ${colleague.email} to join`)).toBeVisible();
  await invitee.getByRole('button', { name: `Join ${team}` }).click();
  const joined = invitee.getByRole('article', { name: team });
  await expect(joined.getByText('You are a member of this team.')).toBeVisible();
  await expect(joined.getByRole('link', { name: pro.name })).toBeVisible();
  await expect(joined.getByText('Olivia Owner')).toBeVisible();

  // the link works once
  await invitee.goto(link);
  await expect(invitee.getByText(/not valid or has already been used/)).toBeVisible();
  await context.close();

  // the owner sees the new member and hears about it
  await page.reload();
  await expect(card.getByText('Colin Colleague', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' }),
  ).toBeVisible();
});

test('a notification arrives live: the bell count rises and the centre lists it', async ({
  signedInPage: page,
  user,
}) => {
  test.setTimeout(60_000);
  await page.goto('/smart-notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Notifications' })).toBeVisible();
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByText('No notifications yet.', { exact: false })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  for (const [index, title] of ['First live notification', 'Second live notification'].entries()) {
    const { error } = await serviceClient().from('notifications').insert({
      user_id: user.id,
      kind: 'team_member_joined',
      title,
      body: 'Someone joined your team.',
      link: '/teams',
    });
    if (error) throw error;
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(bell).toHaveAccessibleName(`Notifications, ${index + 1} unread`);
  }
  await expect(page.getByText('2 unread')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('Nothing unread')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
});
