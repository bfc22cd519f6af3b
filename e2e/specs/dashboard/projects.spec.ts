import { expect, serviceClient, signInAs, test } from '../../support/users.ts';
import { expectNoSeriousAxeViolations } from '../../support/axe.ts';

async function setPlan(userId: string, plan: 'free' | 'pro') {
  const { error } = await serviceClient()
    .from('user_subscriptions')
    .update({ plan_type: plan })
    .eq('user_id', userId);
  if (error) throw error;
}

test('a business posts a project, a professional applies, the business shortlists, hires and completes it', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(180_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ name: 'Priya Patel' });
  await setPlan(professional.id, 'pro');
  const title = `Booking API ${Date.now()}`;
  // a skill nobody else lists, so Priya is among the project's strongest matches
  const rareSkill = `Clinicbook${Date.now().toString(36)}`;
  const { error: profileError } = await serviceClient()
    .from('profiles')
    .update({
      title: `Booking systems developer ${rareSkill}`,
      skills: ['PostgreSQL', rareSkill],
      categories: ['software-development'],
      hourly_rate_min: 60,
      hourly_rate_max: 70,
      works_remotely: true,
      availability: 'available',
    })
    .eq('id', professional.id);
  if (profileError) throw profileError;

  const bizPage = await (await browser.newContext()).newPage();
  await signInAs(bizPage, business);
  await bizPage.goto('/post-project');
  await expect(bizPage.getByRole('heading', { level: 1, name: 'Post a Project' })).toBeVisible();
  await bizPage.getByLabel('Project title').fill(title);
  await bizPage
    .getByLabel('Describe the work')
    .fill('We need a Node and PostgreSQL developer to build a booking API for our three clinics.');
  await bizPage.getByRole('button', { name: 'Add PostgreSQL' }).click();
  await bizPage.getByLabel('Add a skill').fill(rareSkill);
  await bizPage.getByLabel('Add a skill').press('Enter');
  await bizPage.getByLabel('Category').selectOption('software-development');
  await bizPage.getByLabel('Budget type').selectOption('day');
  await bizPage.getByLabel('Budget from (£)').fill('400');
  await bizPage.getByLabel('Budget up to (£)').fill('550');
  await bizPage.getByLabel('Timeline').fill('6 weeks from March');
  await bizPage.getByRole('button', { name: 'Publish project' }).click();
  const bizCard = bizPage.getByRole('article', { name: title });
  await expect(bizCard.getByText('£400–£550 a day')).toBeVisible();
  await expect(bizCard.getByText('0 proposals')).toBeVisible();
  await expectNoSeriousAxeViolations(bizPage);

  const proPage = await (await browser.newContext()).newPage();
  await signInAs(proPage, professional);
  // publishing told Priya, a strong match, in-app; the notification links to the project
  await proPage.goto('/messages/upcoming');
  const notice = proPage
    .getByRole('listitem')
    .filter({ hasText: 'A new project matches your profile' });
  await expect(notice).toContainText(title);
  await notice.getByRole('link', { name: 'View project' }).click();
  await expect(proPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await proPage.goto('/projects');
  await expect(
    proPage.getByText(/you see new projects 24 hours before Free members/),
  ).toBeVisible();
  await proPage.getByRole('link', { name: `View and apply to ${title}` }).click();
  await expect(proPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await proPage
    .getByLabel('Cover note')
    .fill('I have built booking systems for two NHS trusts in Node.');
  await proPage.getByLabel('Your day rate (£)').fill('500');
  await proPage.getByLabel('Availability').fill('From Monday, four days a week');
  await expectNoSeriousAxeViolations(proPage);
  await proPage.getByRole('button', { name: 'Send proposal' }).click();
  await expect(proPage.getByRole('heading', { name: 'Your proposal' })).toBeVisible();
  await expect(proPage.getByText('Sent', { exact: true })).toBeVisible();

  await bizPage.reload();
  await expect(bizCard.getByText('1 proposal')).toBeVisible();
  await bizCard.getByRole('link', { name: `View proposals for ${title}` }).click();
  await bizPage.getByRole('button', { name: 'Shortlist Priya Patel' }).click();
  await expect(
    bizPage.getByRole('article', { name: /Priya Patel/ }).getByText('Shortlisted'),
  ).toBeVisible();

  await proPage.reload();
  await expect(proPage.getByRole('heading', { name: 'Your proposal' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(proPage.getByText('Shortlisted', { exact: true })).toBeVisible();

  await bizPage.getByRole('button', { name: 'Hire Priya Patel' }).click();
  await expect(
    bizPage.getByRole('article', { name: /Priya Patel/ }).getByText('Hired'),
  ).toBeVisible();
  await expect(bizPage.getByText('In progress', { exact: true })).toBeVisible();

  await proPage.goto('/projects');
  const mine = proPage.getByRole('list', { name: 'Your proposals' }).getByRole('listitem');
  await expect(mine.filter({ hasText: title })).toContainText('Hired');
  await expect(mine.filter({ hasText: title })).toContainText('project in progress');

  await bizPage.goto('/post-project');
  await bizCard.getByRole('button', { name: 'Mark complete' }).click();
  await expect(bizCard.getByText('Completed', { exact: true })).toBeVisible();
  await proPage.reload();
  await expect(mine.filter({ hasText: title })).toContainText('project completed', {
    timeout: 20_000,
  });

  // the business reviews the professional once; the review appears on the public profile
  await bizCard.getByRole('link', { name: `View proposals for ${title}` }).click();
  const reviewForm = bizPage.getByRole('form', { name: 'Review Priya Patel' });
  await reviewForm.getByLabel('4 stars').check();
  await reviewForm
    .getByLabel('Your review')
    .fill('Delivered the booking API on time and documented it well.');
  await expectNoSeriousAxeViolations(bizPage);
  await reviewForm.getByRole('button', { name: 'Publish review' }).click();
  await expect(bizPage.getByText('4 out of 5 stars')).toBeVisible();
  await expect(reviewForm).toHaveCount(0);

  // the professional replies once
  await proPage.getByRole('link', { name: title }).click();
  await proPage.getByLabel('Your reply').fill('Thank you, a pleasure to work with your team.');
  await proPage.getByRole('button', { name: 'Publish reply' }).click();
  await expect(proPage.getByText('Reply from Priya Patel:')).toBeVisible();
  await expect(proPage.getByLabel('Your reply')).toHaveCount(0);

  await bizPage.goto(`/professional/${professional.id}`);
  await expect(
    bizPage.getByText('Delivered the booking API on time and documented it well.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(bizPage.getByText('Thank you, a pleasure to work with your team.')).toBeVisible();
});

test('a free professional at the monthly limit is told why, upgrades, and can then apply', async ({
  makeUser,
  page,
}) => {
  test.setTimeout(120_000);
  const business = await makeUser({ accountType: 'business' });
  const professional = await makeUser({ name: 'Femi Free' });
  const service = serviceClient();
  const title = `Penetration test ${Date.now()}`;
  const { data: project, error } = await service
    .from('projects')
    .insert({
      owner_id: business.id,
      title,
      description: 'An external penetration test of our customer portal before launch.',
      status: 'open',
      budget_type: 'fixed',
      budget_max: 6000,
      // past the early-access window, so a free professional sees it
      published_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    })
    .select('id')
    .single();
  if (error) throw error;
  const period = new Date().toISOString().slice(0, 8) + '01';
  const used = await service.from('subscription_usage').insert({
    user_id: professional.id,
    metric_name: 'monthly_applications',
    period,
    current_usage: 10,
  });
  if (used.error) throw used.error;

  await signInAs(page, professional);
  await page.goto(`/projects/${project.id}`);
  await expect(
    page.getByText('You have used all 10 of your monthly applications on the Free plan.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send proposal' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();

  await expect(page).toHaveURL('/plan');
  await expect(page.getByRole('heading', { name: /Your plan: Free/ })).toBeVisible();
  await expect(page.getByText('10 of 10 used')).toBeVisible();
  await expect(page.getByText(/Both plans cost professionals nothing/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: /Your plan: Pro/ })).toBeVisible();
  await expect(page.getByText('10 used · Unlimited')).toBeVisible();

  await page.goto(`/projects/${project.id}`);
  await page
    .getByLabel('Cover note')
    .fill('CREST-certified tester; I have tested 40 customer portals.');
  await page.getByLabel('Your fixed price (£)').fill('5500');
  await page.getByLabel('Availability').fill('Next week');
  await page.getByRole('button', { name: 'Send proposal' }).click();
  await expect(page.getByRole('heading', { name: 'Your proposal' })).toBeVisible();
});

test('the owner of a posted project sees its ranked matches, messages one and saves another', async ({
  makeUser,
  page,
}) => {
  test.setTimeout(120_000);
  const business = await makeUser({ accountType: 'business' });
  const title = `Kubernetes platform ${Date.now()}`;
  const { data: project, error } = await serviceClient()
    .from('projects')
    .insert({
      owner_id: business.id,
      title,
      description: 'A DevOps engineer to move our services to Kubernetes with Terraform.',
      status: 'open',
      category: 'devops-infrastructure',
      skills: ['Kubernetes', 'Terraform'],
      budget_type: 'day',
      budget_max: 600,
      remote: true,
      published_at: new Date().toISOString(),
    })
    .select('id')
    .single();
  if (error) throw error;

  await signInAs(page, business);
  await page.goto(`/projects/${project.id}`);
  const matches = page.getByRole('list', { name: 'Matches for this project' });
  await expect(matches.getByRole('article')).toHaveCount(5);
  const first = matches.getByRole('article').first();
  await expect(first.getByRole('list', { name: /^Why .* matches$/ })).toContainText(
    /Kubernetes|Terraform/,
  );
  await expectNoSeriousAxeViolations(page);

  // the heart saves the professional to favourites
  const second = matches.getByRole('article').nth(1);
  const heart = second.getByRole('button', { name: /^Save .* to favourites$/ });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // the heart turns on at once (optimistic); the saved row follows the request
  await expect
    .poll(
      async () =>
        (
          await serviceClient()
            .from('favorites')
            .select('professional_id')
            .eq('user_id', business.id)
        ).data?.length,
    )
    .toBe(1);

  // 'Message' opens the conversation with that professional
  const name = (await first.getByRole('heading', { level: 3 }).getByRole('link').textContent())!;
  await first.getByRole('link', { name: `Message ${name}` }).click();
  await expect(page).toHaveURL(/\/messages\?to=[0-9a-f-]{36}$/);
});
