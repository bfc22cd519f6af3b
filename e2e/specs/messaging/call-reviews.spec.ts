import { expect as baseExpect, serviceClient, test } from '../../support/users';
import { pageFor } from './messaging-support';

// Two browsers, a backend and six app servers share two cores with other work: allow for it.
const expect = baseExpect.configure({ timeout: 30_000 });

const MIN = 60_000;

test('a completed call is reviewed by the business, answered by the professional, and counted on the profile', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(180_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Priya Patel' });

  // a call that took place an hour ago (written directly: booking refuses times in the past)
  const ended = new Date(Date.now() - 60 * MIN);
  const { error } = await serviceClient()
    .from('appointments')
    .insert({
      business_id: business.id,
      professional_id: professional.id,
      created_by: business.id,
      proposed_by: business.id,
      title: 'Call',
      starts_at: new Date(ended.getTime() - 30 * MIN).toISOString(),
      ends_at: ended.toISOString(),
      duration_minutes: 30,
      status: 'completed',
    });
  expect(error).toBeNull();

  const biz = await pageFor(browser, business);
  await biz.goto('/messages/upcoming');
  const past = biz.getByRole('region', { name: 'Past calls' });
  const bizCard = past.getByRole('article', { name: 'Call with Priya Patel: Completed' });
  const form = bizCard.getByRole('form', { name: 'Review Priya Patel' });
  await form.getByLabel('5 stars').check();
  await form.getByLabel('Your review').fill('Sharp, practical advice on our migration plan.');
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(bizCard.getByText('5 out of 5 stars')).toBeAttached();
  await expect(form).toHaveCount(0);

  const pro = await pageFor(browser, professional);
  await pro.goto('/messages/upcoming');
  const proCard = pro
    .getByRole('region', { name: 'Past calls' })
    .getByRole('article', { name: 'Call with Bianca Business: Completed' });
  await expect(proCard).toContainText('Sharp, practical advice on our migration plan.');
  await proCard.getByLabel('Your reply').fill('Thank you, a pleasure to help.');
  await proCard.getByRole('button', { name: 'Publish reply' }).click();
  await expect(proCard).toContainText('Reply from Priya Patel: Thank you, a pleasure to help.');

  // the public profile counts it
  const { data: profile } = await serviceClient()
    .from('profiles')
    .select('rating, review_count')
    .eq('id', professional.id)
    .single();
  expect(profile).toEqual({ rating: 5, review_count: 1 });
  await biz.goto(`/professional/${professional.id}`);
  await expect(biz.getByRole('main')).toContainText(
    'Sharp, practical advice on our migration plan.',
  );
});
