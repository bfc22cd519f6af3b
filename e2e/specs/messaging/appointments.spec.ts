import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '../../support/users';
import { apiAs, conversationIdOf, pageFor } from './messaging-support';

// Two browsers, a backend and six app servers share two cores with other work: allow for it.
const expect = baseExpect.configure({ timeout: 30_000 });

const MIN = 60_000;

/** The UK date and time fields of an instant, as a person in the UK would type them. */
function ukFields(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** 20261126T143000Z */
const icsUtc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).include('#main-content').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
}

test('a call is booked from the profile, accepted, joined from 10 minutes before, and saved as .ics', async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(240_000);
  const business = await makeUser({ accountType: 'business', name: 'Bianca Business' });
  const professional = await makeUser({ accountType: 'professional', name: 'Priya Patel' });
  const stranger = await makeUser({ accountType: 'professional', name: 'Sam Stranger' });
  const biz = await pageFor(browser, business);
  const pro = await pageFor(browser, professional);

  // 'Book a call' on the profile opens the booking form for that professional.
  await biz.goto(`/professional/${professional.id}`);
  await biz.getByRole('link', { name: 'Book a call' }).click();
  await expect(biz).toHaveURL(`/messages?to=${professional.id}&book=1`);
  const form = biz.getByRole('form', { name: 'Book a call with Priya Patel' });
  await expect(form).toContainText('Times are UK time (Europe/London)');

  // First choice starts in about six minutes (so 'Join call' is open), the second tomorrow.
  const soon = new Date(Math.ceil((Date.now() + 6 * MIN) / MIN) * MIN);
  const tomorrow = new Date(soon.getTime() + 24 * 60 * MIN);
  await form.getByLabel('Date (UK)').fill(ukFields(soon).date);
  await form.getByLabel('Start time (UK)').fill(ukFields(soon).time);
  await form.getByRole('button', { name: 'Add another time' }).click();
  await form.getByLabel('Date (UK)').nth(1).fill(ukFields(tomorrow).date);
  await form.getByLabel('Start time (UK)').nth(1).fill(ukFields(tomorrow).time);
  await form.getByLabel('Length').selectOption({ label: '15 minutes' });
  await form.getByLabel('Note (optional)').fill('Scope of the migration');
  await expectAccessible(biz);
  await form.getByRole('button', { name: 'Propose times' }).click();

  await expect(biz).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationId = conversationIdOf(biz);
  const bizCard = biz.getByRole('article', { name: /^Call with Priya Patel/ });
  await expect(bizCard).toHaveAccessibleName('Call with Priya Patel: Proposed');
  await expect(bizCard.getByText('Waiting for Priya Patel to answer.')).toBeVisible();

  // The professional sees the proposal in the thread and accepts the first time.
  await pro.goto(`/messages/${conversationId}`);
  const proCard = pro.getByRole('article', { name: /^Call with Bianca Business/ });
  await expect(proCard).toHaveAccessibleName('Call with Bianca Business: Proposed');
  await expect(proCard.getByText('Note: Scope of the migration')).toBeVisible();
  await expect(proCard.getByRole('button', { name: /^Accept / })).toHaveCount(2);
  await expectAccessible(pro);
  await proCard
    .getByRole('button', { name: /^Accept / })
    .first()
    .click();

  // Both see it confirmed (the business live, without reloading), with 'Join call' open.
  await expect(proCard).toHaveAccessibleName('Call with Bianca Business: Confirmed');
  await expect(bizCard).toHaveAccessibleName('Call with Priya Patel: Confirmed');
  const { data: rows } = await (
    await apiAs(business)
  )
    .from('appointments')
    .select('id,status,starts_at,ends_at')
    .eq('conversation_id', conversationId);
  expect(rows).toHaveLength(1);
  const appointmentId = rows![0]!.id as string;
  expect(new Date(rows![0]!.starts_at as string).getTime()).toBe(soon.getTime());
  for (const card of [bizCard, proCard]) {
    await expect(card.getByRole('link', { name: 'Join call' })).toHaveAttribute(
      'href',
      `/messages/${conversationId}/call?appointment=${appointmentId}`,
    );
  }
  await expectAccessible(biz);

  // The .ics file downloads and reads as one RFC 5545 event in UTC.
  const [download] = await Promise.all([
    biz.waitForEvent('download'),
    bizCard.getByRole('button', { name: 'Download .ics' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const props = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]);
  const value = (name: string) => props.find(([key]) => key === name)?.[1];
  expect(props[0]).toEqual(['BEGIN', 'VCALENDAR']);
  expect(props.at(-1)).toEqual(['END', 'VCALENDAR']);
  expect(value('VERSION')).toBe('2.0');
  expect(value('UID')).toBe(`${appointmentId}@promatch`);
  expect(value('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
  expect(value('DTSTART')).toBe(icsUtc(soon));
  expect(value('DTEND')).toBe(icsUtc(new Date(soon.getTime() + 15 * MIN)));
  expect(value('SUMMARY')).toBe('ProMatch call with Priya Patel');

  // The backend's job sends the 15-minute reminder: it pops up on the page the business is on,
  // and Upcoming calls lists the call and the reminder for the professional.
  await expect(biz.getByText('Your call starts in 15 minutes')).toBeVisible({ timeout: 45_000 });
  await pro.goto('/messages/upcoming');
  await expect(pro.getByRole('heading', { name: 'Upcoming calls' })).toBeVisible();
  await expect(
    pro.getByRole('article', { name: 'Call with Bianca Business: Confirmed' }),
  ).toBeVisible();
  await expect(pro.getByText('Your call starts in 15 minutes')).toBeVisible({ timeout: 45_000 });
  await expectAccessible(pro);

  // A third user can neither read it nor act on it through the API.
  const outsider = await apiAs(stranger);
  const seen = await outsider.from('appointments').select('id').eq('id', appointmentId);
  expect(seen.data).toEqual([]);
  const cancel = await outsider.rpc('cancel_appointment', {
    p_appointment_id: appointmentId,
    p_reason: 'Not mine',
  });
  expect(cancel.status).toBe(404);
});
