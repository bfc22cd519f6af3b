import { expect, test, type Page, type Request } from '@playwright/test';
import { createUser, serviceClient, signInAs } from '../../support/users.ts';
import { presetCookieConsent, VIEWPORTS, waitForGlobalElements } from './global-support.ts';

interface EventRow {
  event_type: string;
  event_action: string;
  page_path: string;
  session_id: string;
}

/** Every analytics_events insert the page makes, row by row. */
function recordAnalytics(page: Page): EventRow[] {
  const rows: EventRow[] = [];
  page.context().on('request', (request: Request) => {
    if (!request.url().includes('/rest/v1/analytics_events') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as EventRow | EventRow[];
    rows.push(...(Array.isArray(body) ? body : [body]));
  });
  return rows;
}

/**
 * Playwright does not report requests a page sends while unloading (Chromium still sends them),
 * so the page itself notes every keepalive request in local storage for the next page to read.
 */
async function recordKeepaliveRequests(page: Page) {
  await page.addInitScript(() => {
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.keepalive) {
        const sent = JSON.parse(localStorage.getItem('e2e-keepalive') ?? '[]');
        sent.push({ url: String(input), body: String(init.body) });
        localStorage.setItem('e2e-keepalive', JSON.stringify(sent));
      }
      return send(input, init);
    };
  });
}

async function browseAround(page: Page) {
  await page.mouse.move(10, 10);
  await page.mouse.move(200, 200);
  await page.getByRole('link', { name: 'For Business' }).first().click();
  await expect(page).toHaveURL(/\/for-business$/);
}

async function sessionEvents(sessionId: string | null): Promise<string[]> {
  const { data } = await serviceClient()
    .from('analytics_events')
    .select('event_type, event_action')
    .eq('session_id', sessionId ?? '');
  return (data ?? []).map((row) => `${row.event_type}:${row.event_action}`);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`analytics and presence (${name})`, () => {
    test.use({ viewport });

    test('nothing is recorded before consent; accepting starts tracking', async ({ page }) => {
      const rows = recordAnalytics(page);
      await page.goto('/pricing');
      await waitForGlobalElements(page);
      await browseAround(page);
      await page.waitForTimeout(1500);
      expect(rows).toEqual([]);

      await page.getByRole('button', { name: 'Accept analytics' }).click();
      await expect
        .poll(() => rows.map((row) => `${row.event_type}:${row.event_action}`))
        .toEqual(expect.arrayContaining(['session:start', 'page:view']));
      expect(rows[0].page_path).toBe('/for-business');
      const sessionId = await page.evaluate(() =>
        sessionStorage.getItem('promatch.analytics.session_id'),
      );
      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(rows.every((row) => row.session_id === sessionId)).toBe(true);
      await expect.poll(() => sessionEvents(sessionId)).toContain('session:start');
    });

    test('choosing essential cookies only records nothing', async ({ page }) => {
      const rows = recordAnalytics(page);
      await page.goto('/');
      await page.getByRole('button', { name: 'Essential only' }).click();
      await waitForGlobalElements(page);
      await browseAround(page);
      await page.waitForTimeout(1500);
      expect(rows).toEqual([]);
    });

    test('events are throttled to one a second and the unload beacon reaches the table', async ({
      page,
    }) => {
      await presetCookieConsent(page, 'accepted');
      const sentAt: number[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rest/v1/analytics_events')) sentAt.push(Date.now());
      });
      await page.goto('/pricing');
      await expect.poll(() => sentAt.length).toBeGreaterThanOrEqual(2);
      // A burst of six focus changes leaves one insert per second.
      const before = sentAt.length;
      await page.evaluate(() => {
        for (let i = 0; i < 3; i += 1) {
          window.dispatchEvent(new Event('blur'));
          window.dispatchEvent(new Event('focus'));
        }
      });
      await expect
        .poll(() => sentAt.length - before, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(6);
      const burst = sentAt.slice(before);
      // Network timing jitters by a few tens of ms around the client's one-second pacing.
      burst.slice(1).forEach((at, index) => expect(at - burst[index]).toBeGreaterThanOrEqual(700));
      expect(burst[5] - burst[0]).toBeGreaterThanOrEqual(4500);

      const sessionId = await page.evaluate(() =>
        sessionStorage.getItem('promatch.analytics.session_id'),
      );
      // A full navigation unloads the page; the keepalive beacon outlives it.
      await page.goto('/contact');
      await expect.poll(() => sessionEvents(sessionId)).toContain('session:unload');
    });

    test('a signed-in user is set online, and offline by beacon on leaving', async ({ page }) => {
      const user = await createUser();
      await presetCookieConsent(page, 'rejected');
      await signInAs(page, user);
      await recordKeepaliveRequests(page);
      await page.goto('/dashboard');
      await waitForGlobalElements(page);
      await expect
        .poll(async () => {
          const { data } = await serviceClient()
            .from('user_presence')
            .select('status')
            .eq('user_id', user.id);
          return data?.[0]?.status;
        })
        .toBe('online');
      await page.goto('/pricing');
      const sent = await page.evaluate(() => localStorage.getItem('e2e-keepalive') ?? '[]');
      const beacon = (JSON.parse(sent) as { url: string; body: string }[]).find((request) =>
        request.url.endsWith('/rest/v1/rpc/update_user_presence'),
      );
      expect(JSON.parse(beacon?.body ?? '{}')).toEqual({ p_user_id: user.id, p_status: 'offline' });
    });
  });
}
