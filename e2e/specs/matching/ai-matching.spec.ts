import { expect, serviceClient, signInAs, test, uniqueEmail } from '../../support/users.ts';

const HEADLINE = 'Need a React Native developer in Leeds for a 3 month contract, about £450 a day';

test('a visitor describes a project, edits the parse and sees the ranking change', async ({
  page,
}) => {
  // a visitor without an account reaches matching through the lead capture
  await page.goto('/get-access?returnTo=%2Fai-matching');
  await page.getByLabel('Email').fill(uniqueEmail('matching-lead'));
  await page.getByRole('checkbox', { name: /I agree that ProMatch may store/ }).check();
  await page.getByRole('button', { name: 'Get access' }).click();
  await expect(page.getByRole('heading', { name: 'AI Matching', level: 1 })).toBeVisible();

  await page.getByLabel('Describe your project').fill(HEADLINE);
  const chips = page.getByRole('list', { name: 'Understood from your description' });
  // each chip reads as its kind and value ('Category: Software Development')
  for (const label of [
    'Category: Software Development',
    'Skill: React Native',
    'Place: Leeds',
    'Budget: about £450/day',
    'Timeline: 3 months',
  ]) {
    await expect(chips.getByRole('listitem').filter({ hasText: label })).toBeVisible();
  }

  // ranked matches with reasons, within a second of the description being typed
  const ranked = page.getByRole('list', { name: 'Ranked matches' });
  await expect(ranked.getByRole('article').first()).toBeVisible({ timeout: 1_000 });
  const first = ranked.getByRole('article').first();
  await expect(first.getByText(/% match$/)).toBeVisible();
  await expect(first.getByRole('list', { name: /^Why .* matches$/ })).toContainText(
    /Based in .*(Leeds|same region as Leeds)/,
  );
  const inLeeds = await ranked.getByRole('heading', { level: 3 }).allTextContents();

  // removing the town widens the search to the whole UK and the list changes
  await page.getByRole('button', { name: 'Remove Leeds' }).click();
  await expect(chips.getByRole('listitem').filter({ hasText: 'Place: Leeds' })).toHaveCount(0);
  await expect(page.getByText('Matching professionals anywhere in the UK.')).toBeVisible();
  await expect
    .poll(async () => ranked.getByRole('heading', { level: 3 }).allTextContents())
    .not.toEqual(inLeeds);
  await expect(ranked.getByRole('article').first()).toContainText('React Native');
});

test('a signed-in business saves a match to favourites and messages it', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser({ accountType: 'business' });
  await signInAs(page, user);
  await page.goto('/ai-matching');
  await page.getByLabel('Describe your project').fill('Kubernetes and Terraform DevOps engineer');
  const first = page.getByRole('list', { name: 'Ranked matches' }).getByRole('article').first();
  const heart = first.getByRole('button', { name: /^Save .* to favourites$/ });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // the heart turns at once (optimistic); the saved row follows the request
  await expect
    .poll(async () => {
      const { data } = await serviceClient()
        .from('favorites')
        .select('user_id')
        .eq('user_id', user.id);
      return data?.length;
    })
    .toBe(1);
  await first.getByRole('link', { name: /^Message / }).click();
  await expect(page).toHaveURL(/\/messages\?to=[0-9a-f-]{36}$/);
});

test('a business saves the request as a draft project', async ({ page, makeUser }) => {
  const user = await makeUser({ accountType: 'business' });
  await signInAs(page, user);
  await page.goto('/ai-matching');
  await page.getByLabel('Describe your project').fill(HEADLINE);
  await page.getByRole('button', { name: 'Save as a project' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  const { data } = await serviceClient()
    .from('projects')
    .select('title, status, skills, budget_type, budget_max, location')
    .eq('owner_id', user.id);
  expect(data).toEqual([
    {
      title: 'React Native in Leeds',
      status: 'draft',
      skills: ['React Native'],
      budget_type: 'day',
      budget_max: 450,
      location: 'Leeds',
    },
  ]);
});
