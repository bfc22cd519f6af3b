import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  ALL_ADMIN_AREAS,
  anonClient,
  BACKEND_URL,
  deleteUser,
  expect,
  makeAdmin,
  serviceClient,
  signInAs,
  test,
  uniqueEmail,
  type TestUser,
  clientFor,
} from '../../support/users.ts';

async function seriousViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).include('#main-content').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

// Each test walks several portal pages and runs axe on them: more than the default 30 s on a
// loaded two-core machine.
test.describe.configure({ timeout: 120_000 });

test.describe('management portal access', () => {
  test('a plain user is refused in the UI and by the REST API', async ({ makeUser, page }) => {
    const user = await makeUser();
    await signInAs(page, user);
    await page.goto('/management');
    await expect(page.getByRole('heading', { name: 'Access denied', level: 1 })).toBeVisible();
    await expect(page.getByText('No admin privileges')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const api = await clientFor(user);
    const list = await api.rpc('admin_list_users', {});
    expect(list.error?.message).toBe('No admin privileges');
    const audit = await api.from('admin_audit_log').select('id');
    expect(audit.data).toEqual([]);
    const announce = await api.from('system_notifications').insert({ title: 'x', message: 'y' });
    expect(announce.error?.code).toBe('42501');
  });

  test('an admin without BMS rights is refused the BMS area; without an area, that area', async ({
    makeUser,
    page,
  }) => {
    const admin = await makeUser({ name: 'Otto Admin' });
    await makeAdmin(admin, 'admin', { announcements: true });
    await signInAs(page, admin);
    await page.goto('/management/bms');
    await expect(page.getByRole('heading', { name: 'Access denied', level: 1 })).toBeVisible();
    await expect(page.getByText('BMS access requires super admin privileges')).toBeVisible();
    await page.goto('/management/users');
    await expect(page.getByText('No admin privileges for Users')).toBeVisible();

    const api = await clientFor(admin);
    expect((await api.rpc('admin_list_users', {})).error?.message).toBe('No admin privileges');
    const plans = await api
      .from('subscription_plans')
      .update({ name: 'Hacked' })
      .eq('type', 'free');
    expect(plans.error).toBeNull();
    const free = await serviceClient().from('subscription_plans').select('name').eq('type', 'free');
    expect(free.data).toEqual([{ name: 'Free' }]);
  });
});

test('an announcement for professionals reaches a professional and not a business', async ({
  makeUser,
  page,
  browser,
}) => {
  const admin = await makeUser({ name: 'Ada Admin' });
  await makeAdmin(admin, 'admin', { announcements: true, audit: true });
  const professional = await makeUser({ accountType: 'professional' });
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const title = `Planned maintenance ${randomUUID().slice(0, 6)}`;

  await signInAs(page, admin);
  await page.goto('/management/announcements');
  await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('The site is read-only from 22:00 tonight.');
  await page.getByLabel('Audience').selectOption('professional');
  await expect(page.getByLabel('Preview')).toContainText(title);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

  const proPage = await (await browser.newContext()).newPage();
  await signInAs(proPage, professional);
  await proPage.goto('/dashboard');
  await expect(proPage.getByRole('region', { name: 'Announcement' })).toContainText(title);

  const bizPage = await (await browser.newContext()).newPage();
  await signInAs(bizPage, business);
  await bizPage.goto('/dashboard');
  await expect(bizPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await bizPage.waitForLoadState('networkidle');
  await expect(bizPage.getByText(title)).toHaveCount(0);

  // deactivating takes it down; the audit log shows who did both
  await page.getByRole('button', { name: `Deactivate ${title}` }).click();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Inactive');
  await page.goto('/management/audit');
  await expect(page.getByRole('cell', { name: 'Ada Admin (admin)' }).first()).toBeVisible();
  await expect(page.getByText(`"title": "${title}"`).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a suspended user cannot sign in and is told why', async ({ makeUser, page, browser }) => {
  const admin = await makeUser({ name: 'Ada Admin' });
  await makeAdmin(admin, 'admin', ALL_ADMIN_AREAS);
  const member = await makeUser({ name: `Sid Suspect ${randomUUID().slice(0, 4)}` });

  await signInAs(page, admin);
  await page.goto('/management/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(member.email);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('1 user found')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: member.name }).click();
  await expect(page.getByRole('heading', { name: member.name, level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Reason (suspend)').fill('Repeated spam to businesses');
  await page.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(/Suspended since/)).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/login');
  await visitor.getByLabel('Email').fill(member.email);
  await visitor.getByLabel('Password', { exact: true }).fill(member.password);
  await visitor.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    visitor
      .getByText(
        'Your account has been suspended. Please contact support if you think this is a mistake.',
      )
      .first(),
  ).toBeVisible();
  // and their public profile is gone
  const profile = await anonClient().from('profiles').select('id').eq('id', member.id);
  expect(profile.data).toEqual([]);
});

test('an approved business sees Verified on its dashboard', async ({ makeUser, page, browser }) => {
  const admin = await makeUser({ name: 'Vera Verifier' });
  await makeAdmin(admin, 'admin', { verification: true });
  const companyName = `HAND MADE ${randomUUID().slice(0, 6).toUpperCase()} LTD`;
  const email = uniqueEmail('business');
  const password = `Secret-${randomUUID().slice(0, 8)}A1`;
  const created = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: {
      name: 'Hana Business',
      account_type: 'business',
      company: companyName,
      company_data: {
        company_number: `${Math.floor(Math.random() * 9e7) + 1e7}`,
        company_name: companyName,
        company_type: 'manual_entry',
      },
    },
  });
  if (created.error || !created.data.user) throw created.error ?? new Error('no user');
  const business: TestUser = {
    id: created.data.user.id,
    email,
    password,
    name: 'Hana Business',
    accountType: 'business',
  };
  try {
    const bizPage = await (await browser.newContext()).newPage();
    await signInAs(bizPage, business);
    await bizPage.goto('/dashboard');
    await expect(bizPage.getByRole('status', { name: 'Company verification' })).toContainText(
      'Pending Verification',
    );

    await signInAs(page, admin);
    await page.goto('/management/verification');
    const card = page.getByRole('listitem').filter({ hasText: companyName });
    await expect(card).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await card
      .getByLabel('Note to the business (approve)')
      .fill('Certificate of incorporation checked');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toHaveCount(0);

    await bizPage.reload();
    await expect(bizPage.getByRole('status', { name: 'Company verification' })).toContainText(
      'Verified',
    );
  } finally {
    await deleteUser(business);
  }
});

test('an inbox reply is e-mailed and the message is marked answered', async ({
  makeUser,
  page,
}) => {
  const admin = await makeUser({ name: 'Ian Inbox' });
  await makeAdmin(admin, 'admin', { inbox: true });
  const sender = uniqueEmail('sender');
  const subject = `Invoices ${randomUUID().slice(0, 6)}`;
  const sent = await anonClient()
    .from('contact_messages')
    .insert({ name: 'Sally Sender', email: sender, subject, message: 'Do you send VAT invoices?' });
  expect(sent.error).toBeNull();

  await signInAs(page, admin);
  await page.goto('/management/inbox');
  const item = page.getByRole('listitem').filter({ hasText: subject });
  await expect(item).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await item.getByLabel('Assigned to').selectOption({ label: 'Ian Inbox' });
  await expect(item.getByLabel('Assigned to')).toHaveValue(admin.id);
  await item.getByLabel('Reply', { exact: true }).fill('Yes: every invoice shows VAT.');
  await item.getByRole('button', { name: 'Send reply by e-mail' }).click();
  await expect(item.getByLabel('Status')).toHaveValue('answered');

  await expect
    .poll(async () => {
      const response = await fetch(
        `${BACKEND_URL}/outbox?format=json&to=${encodeURIComponent(sender)}`,
      );
      const messages = (await response.json()) as { subject: string; text: string }[];
      return messages.find((m) => m.subject === `Re: ${subject}`)?.text ?? null;
    })
    .toBe('Yes: every invoice shows VAT.');
});

test('a super admin manages staff and plans in the BMS area', async ({ makeUser, page }) => {
  const boss = await makeUser({ name: 'Sam Super' });
  await makeAdmin(boss, 'super_admin');
  const recruit = await makeUser({ name: 'Rita Recruit' });

  await signInAs(page, boss);
  await page.goto('/management/bms');
  await expect(page.getByRole('heading', { name: 'BMS', level: 1 })).toBeVisible();
  await page.getByLabel("User's e-mail").fill(recruit.email);
  await page.getByRole('button', { name: 'Grant admin' }).click();
  const areas = page.getByRole('group', { name: 'Areas of Rita Recruit' });
  // the box follows the saved row, so it turns checked once the server has it
  await areas.getByLabel('Inbox').click();
  await expect(areas.getByLabel('Inbox')).toBeChecked();
  const row = await serviceClient()
    .from('admin_users')
    .select('role, permissions, is_active')
    .eq('user_id', recruit.id)
    .single();
  expect(row.data).toEqual({ role: 'admin', permissions: { inbox: true }, is_active: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Revoke Rita Recruit' }).click();
  await expect(page.getByRole('cell', { name: 'Rita Recruit' })).toHaveCount(0);
});

test('analytics: a chart with a table of the same figures, a date range and CSV export', async ({
  makeUser,
  page,
}) => {
  const analyst = await makeUser({ name: 'Ana Analyst' });
  await makeAdmin(analyst, 'admin', { analytics: true });
  await signInAs(page, analyst);
  await page.goto('/management/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Daily figures' });
  await expect(table.getByRole('row')).toHaveCount(31); // header + 30 days
  for (const series of ['Video calls', 'Match notifications'])
    await expect(table.getByRole('columnheader', { name: series })).toBeVisible();
  await expect(page.getByRole('img', { name: /Daily activity/ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Daily activity/ }).locator('svg.time-chart'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`promatch-analytics-${today}-to-${today}.csv`);
});

test('moderation: a reported message is read in context, the user suspended, the log shows it', async ({
  makeUser,
  page,
}) => {
  const moderator = await makeUser({ name: 'Mo Moderator' });
  await makeAdmin(moderator, 'admin', { moderation: true, audit: true });
  const reporter = await makeUser({ accountType: 'business', name: 'Rhea Reporter' });
  const offender = await makeUser({ name: `Olly Offender ${randomUUID().slice(0, 4)}` });
  const tag = randomUUID().slice(0, 6);

  // a conversation, then a report of the offending message, both through the REST API as the
  // messaging remote sends them
  const reporterApi = await clientFor(reporter);
  const offenderApi = await clientFor(offender);
  const say = async (api: typeof reporterApi, to: TestUser, content: string) => {
    const { data, error } = await api
      .rpc('send_message', { p_client_id: randomUUID(), p_recipient_id: to.id, p_content: content })
      .single<{ id: string; conversation_id: string }>();
    if (error || !data) throw error ?? new Error('no message');
    return data;
  };
  await say(reporterApi, offender, `Could you quote for a logo? ${tag}`);
  const abuse = await say(offenderApi, reporter, `Pay me upfront or else ${tag}`);
  await say(reporterApi, offender, `That is not acceptable ${tag}`);
  const filed = await reporterApi.from('user_reports').insert({
    reporter_id: reporter.id,
    reported_id: offender.id,
    conversation_id: abuse.conversation_id,
    message_id: abuse.id,
    reason: 'harassment',
    details: `Threatening payment demand ${tag}`,
  });
  expect(filed.error).toBeNull();
  // the reported user cannot read the report, nor can a plain member read the queue
  expect((await offenderApi.from('user_reports').select('id')).data).toEqual([]);
  expect((await offenderApi.rpc('admin_moderation_queue', {})).error?.message).toBe(
    'No admin privileges',
  );

  await signInAs(page, moderator);
  await page.goto('/management/moderation');
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: `Threatening payment demand ${tag}` });
  await expect(card).toContainText(offender.name);
  await expect(card).toContainText('Harassment or abuse');
  await expect(card).toContainText('Reported by Rhea Reporter');
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Show the conversation' }).click();
  const transcript = card.getByRole('list', { name: 'Reported conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(3);
  await expect(transcript.getByRole('listitem').nth(1)).toContainText(
    `(reported message): Pay me upfront or else ${tag}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByLabel('Outcome note (suspend)').fill(`Threats to a client ${tag}`);
  await card.getByRole('button', { name: 'Suspend' }).click();
  await expect(card).toHaveCount(0);

  const suspended = await serviceClient()
    .from('profiles')
    .select('suspended_at')
    .eq('id', offender.id)
    .single();
  expect(suspended.data?.suspended_at).toEqual(expect.any(String));
  await page.getByRole('combobox', { name: 'Show' }).selectOption('actioned');
  const done = page.getByRole('listitem').filter({ hasText: `Threatening payment demand ${tag}` });
  await expect(done).toContainText(`Outcome: suspended`);
  await expect(done).toContainText(`Threats to a client ${tag}`);

  await page.goto('/management/audit');
  await expect(page.getByRole('cell', { name: 'resolve report' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'suspend user' }).first()).toBeVisible();
  await expect(
    page.getByRole('cell', { name: `Threats to a client ${tag}` }).first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a professional asks for the badge with evidence; staff refuse with a reason, then grant it', async ({
  makeUser,
  page,
  browser,
}) => {
  const verifier = await makeUser({ name: 'Vic Verifier' });
  await makeAdmin(verifier, 'admin', { verification: true });
  // identity verification is a perk of plans with identity_verification (Pro)
  const pro = await makeUser({
    accountType: 'professional',
    name: `Petra Pro ${randomUUID().slice(0, 4)}`,
    plan: 'pro',
  });
  const certificate = {
    name: 'certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% membership certificate\n'),
  };

  const proPage = await (await browser.newContext()).newPage();
  await signInAs(proPage, pro);
  await proPage.goto('/dashboard');
  const panel = proPage.getByRole('region', { name: 'Profile verification' });
  await panel.getByLabel(/^Evidence/).setInputFiles(certificate);
  await panel.getByLabel('Note for the reviewer (optional)').fill('Member since 2015');
  await panel.getByRole('button', { name: 'Request verification' }).click();
  await expect(panel.getByRole('status')).toContainText('Verification requested');
  expect(await seriousViolations(proPage)).toEqual([]);

  await signInAs(page, verifier);
  await page.goto('/management/verification');
  const card = page.getByRole('listitem').filter({ hasText: pro.name });
  await expect(card).toContainText('Member since 2015');
  await card.getByRole('button', { name: 'Get a link to certificate.pdf' }).click();
  const link = card.getByRole('link', { name: 'Open certificate.pdf' });
  const href = await link.getAttribute('href');
  expect((await fetch(href ?? '')).status).toBe(200);
  expect(await seriousViolations(page)).toEqual([]);
  await card
    .getByLabel('Reason the professional sees (refuse badge)')
    .fill('Certificate unreadable');
  await card.getByRole('button', { name: 'Refuse badge' }).click();
  await expect(card).toHaveCount(0);

  await proPage.reload();
  await expect(panel.getByRole('status')).toContainText('Reason: Certificate unreadable');
  await panel.getByLabel(/^Evidence/).setInputFiles(certificate);
  await panel.getByRole('button', { name: 'Request verification' }).click();
  await expect(panel.getByRole('status')).toContainText('Verification requested');

  await page.reload();
  await card.getByLabel('Note to the professional (grant badge)').fill('Membership confirmed');
  await card.getByRole('button', { name: 'Grant badge' }).click();
  await expect(card).toHaveCount(0);
  await proPage.reload();
  await expect(panel.getByRole('status')).toContainText('Your profile shows the verified badge.');
});

test('a super admin adds and switches a feature flag; browsers read it; the change is audited', async ({
  makeUser,
  page,
}) => {
  const boss = await makeUser({ name: 'Sue Super' });
  await makeAdmin(boss, 'super_admin');
  const key = `e2e_flag_${randomUUID().slice(0, 6).replace(/-/g, '')}`;

  await signInAs(page, boss);
  await page.goto('/management/bms');
  const form = page.getByRole('form', { name: 'Add a feature flag' });
  await form.getByLabel('Flag key').fill(key);
  await form.getByLabel('What it switches').fill('Shows the new search filters');
  await form.getByRole('button', { name: 'Add flag' }).click();
  const row = page.getByRole('row', { name: new RegExp(key) });
  await expect(row).toContainText('Off');
  await row.getByRole('checkbox').click();
  await expect(row).toContainText('On');
  expect(await seriousViolations(page)).toEqual([]);

  const read = await anonClient().from('system_settings').select('enabled').eq('key', key);
  expect(read.data).toEqual([{ enabled: true }]);
  const log = await serviceClient()
    .from('admin_audit_log')
    .select('actor_id, action')
    .eq('target_type', 'system_settings')
    .eq('target_id', key)
    .order('occurred_at');
  expect(log.data).toEqual([
    { actor_id: boss.id, action: 'insert' },
    { actor_id: boss.id, action: 'update' },
  ]);
  await serviceClient().from('system_settings').delete().eq('key', key);
});

test('moderation: a warning reaches the reported user on their dashboard', async ({
  makeUser,
  page,
  browser,
}) => {
  const moderator = await makeUser({ name: 'Mia Moderator' });
  await makeAdmin(moderator, 'admin', { moderation: true });
  const reporter = await makeUser({ accountType: 'business', name: 'Ravi Reporter' });
  const offender = await makeUser({ name: `Wes Warned ${randomUUID().slice(0, 4)}` });
  const tag = randomUUID().slice(0, 6);
  const offenderApi = await clientFor(offender);
  const sent = await offenderApi
    .rpc('send_message', {
      p_client_id: randomUUID(),
      p_recipient_id: reporter.id,
      p_content: `Buy my course ${tag}`,
    })
    .single<{ id: string; conversation_id: string }>();
  expect(sent.error).toBeNull();
  const filed = await (await clientFor(reporter)).from('user_reports').insert({
    reporter_id: reporter.id,
    reported_id: offender.id,
    conversation_id: sent.data?.conversation_id,
    message_id: sent.data?.id,
    reason: 'spam',
    details: `Unsolicited sales ${tag}`,
  });
  expect(filed.error).toBeNull();

  await signInAs(page, moderator);
  await page.goto('/management/moderation');
  const card = page.getByRole('listitem').filter({ hasText: `Unsolicited sales ${tag}` });
  await card
    .getByLabel('Warning the user reads (warn)')
    .fill(`Please stop sending sales pitches ${tag}`);
  await card.getByRole('button', { name: 'Warn' }).click();
  await expect(card).toHaveCount(0);

  const offenderPage = await (await browser.newContext()).newPage();
  await signInAs(offenderPage, offender);
  await offenderPage.goto('/dashboard');
  await expect(
    offenderPage.getByRole('region', { name: 'Warnings from our moderators' }),
  ).toContainText(`Please stop sending sales pitches ${tag}`);
  expect(await seriousViolations(offenderPage)).toEqual([]);
});
