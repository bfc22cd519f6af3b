import { expectNoSeriousAxeViolations } from '../../support/axe.ts';
import { expect, signInAs, test } from '../../support/users.ts';

test('a business favourites from search and un-favourites from the profile, the heart agreeing everywhere', async ({
  page,
  makeUser,
}) => {
  test.setTimeout(60_000);
  const business = await makeUser({ accountType: 'business', name: 'Hiring Hannah' });
  await signInAs(page, business);

  await page.goto('/search?q=react');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  const heart = card.getByRole('button', { name: `Save ${name} to favourites` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // the heart turns at once (optimistic); a full page load before the save lands would cancel it
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/rest/v1/favorites') && response.request().method() === 'POST',
  );
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).ok()).toBe(true);

  await page.goto('/favorites');
  const savedCard = page.getByRole('article').filter({ hasText: name });
  await expect(savedCard).toHaveCount(1);
  await savedCard.getByLabel('Private note').fill('Strong React portfolio, ask about availability');
  await savedCard.getByRole('button', { name: `Save note about ${name}` }).click();
  await expect(page.getByText('Note saved')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('article').filter({ hasText: name }).getByLabel('Private note'),
  ).toHaveValue('Strong React portfolio, ask about availability');
  await expectNoSeriousAxeViolations(page);

  // The business's overview lists the favourite; every panel has drawn before axe reads it.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Favourites' })).toContainText(name);
  await expect(page.locator('#main-content [role="status"][aria-label^="Loading"]')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.goto('/favorites');

  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const profileHeart = page.getByRole('button', { name: `Save ${name} to favourites` });
  await expect(profileHeart).toHaveAttribute('aria-pressed', 'true');
  await profileHeart.click();
  await expect(profileHeart).toHaveAttribute('aria-pressed', 'false');

  await page.goto('/search?q=react');
  await expect(
    page
      .getByRole('article')
      .first()
      .getByRole('button', { name: `Save ${name} to favourites` }),
  ).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/favorites');
  await expect(page.getByText('You have not saved anyone yet.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
