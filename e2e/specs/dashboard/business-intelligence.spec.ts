import { readFile } from 'node:fs/promises';
import { expectNoSeriousAxeViolations } from '../../support/axe.ts';
import { expect, serviceClient, signInAs, test, clientFor } from '../../support/users.ts';

test('a business sees its hire in business intelligence and downloads it as CSV', async ({
  page,
  makeUser,
}) => {
  test.setTimeout(90_000);
  const business = await makeUser({ accountType: 'business', name: 'Brenda Buyer' });
  const pro = await makeUser({ accountType: 'professional', name: 'Hari Hired' });
  const title = `Data platform, "phase 2" ${Date.now()}`;

  const buyer = await clientFor(business);
  const project = await buyer
    .from('projects')
    .insert({ title, category: 'cloud-services', budget_type: 'day', budget_min: 500 })
    .select('id')
    .single();
  if (project.error) throw project.error;
  // Published three days ago, past the early-access window.
  const opened = await serviceClient()
    .from('projects')
    .update({ status: 'open', published_at: new Date(Date.now() - 3 * 86_400_000).toISOString() })
    .eq('id', project.data.id);
  if (opened.error) throw opened.error;
  const proposal = await (
    await clientFor(pro)
  )
    .from('project_applications')
    .insert({ project_id: project.data.id, cover_letter: 'Happy to help', proposed_rate: 550 })
    .select('id')
    .single();
  if (proposal.error) throw proposal.error;
  const accepted = await buyer
    .from('project_applications')
    .update({ status: 'accepted' })
    .eq('id', proposal.data.id);
  if (accepted.error) throw accepted.error;

  await signInAs(page, business);
  await page.goto('/business-intelligence');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Business Intelligence' }),
  ).toBeVisible();
  const hires = page.getByRole('table', { name: 'Every hire in these dates, newest first' });
  const row = hires.getByRole('row', { name: /Data platform/ });
  await expect(row).toContainText('Hari Hired');
  await expect(row).toContainText('£550 a day');
  await expect(row.getByRole('cell').last()).toHaveText('3');
  await expect(
    page
      .getByRole('table', { name: 'Hires by category' })
      .getByRole('row', { name: /Cloud Services/ }),
  ).toContainText('£550');
  await expectNoSeriousAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download hires (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^promatch-hires-.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    'Project,Category,Professional,Rate (GBP),Rate basis,Published (UTC),Hired (UTC),Days to hire',
  );
  expect(lines[1]).toMatch(
    new RegExp(
      `^"${title.replace(/"/g, '""').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}",Cloud Services,Hari Hired,550,per day,`,
    ),
  );
});

test('a professional is told business intelligence is for businesses', async ({
  page,
  makeUser,
}) => {
  const pro = await makeUser({ accountType: 'professional' });
  await signInAs(page, pro);
  await page.goto('/business-intelligence');
  await expect(page.getByRole('note')).toContainText(
    'Business intelligence is for business accounts',
  );
  await expectNoSeriousAxeViolations(page);
});
