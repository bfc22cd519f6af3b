import { startPushService } from '../../../backend/test/support/push-service.ts';
import { anonClient, expect, serviceClient, test } from '../../support/users.ts';

const ORIGIN = 'http://localhost:3000';

/**
 * Web push from the event to the page it opens. Chromium cannot subscribe here (its push service
 * is Google's, out of reach), so the user's browser subscription is a local push service's: it
 * is saved through the same function the settings page calls, the backend's push sender sends
 * the real encrypted Web Push message to it, and the push service decrypts it. That payload is
 * then delivered to this browser's service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the browser's own push service would deliver it. The
 * worker shows the notification; headless Chromium has no desktop to click it on, so the test
 * runs the worker's click handler function (the one its notificationclick listener calls) on the
 * shown notification, and the open tab goes to the item's page.
 */
test('a notification is pushed, shown by the service worker, and its click opens the item', async ({
  signedInPage: page,
  user,
  context,
}) => {
  test.setTimeout(60_000);
  const push = await startPushService();
  try {
    const client = anonClient();
    const signedIn = await client.auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(signedIn.error).toBeNull();
    const saved = await client.rpc('save_push_subscription', {
      p_endpoint: push.subscription.endpoint,
      p_p256dh: push.subscription.keys.p256dh,
      p_auth: push.subscription.keys.auth,
      p_label: 'Chrome on Linux',
      p_user_agent: 'e2e',
    });
    expect(saved.error).toBeNull();

    await context.grantPermissions(['notifications'], { origin: ORIGIN });
    await page.goto('/dashboard?tab=settings');
    const devices = page.getByRole('list', { name: 'Devices receiving push notifications' });
    await expect(devices.getByRole('listitem')).toHaveText([/Chrome on Linux.*not notified yet/]);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    // the event: someone joined the user's team
    const inserted = await serviceClient()
      .from('notifications')
      .insert({
        user_id: user.id,
        kind: 'team_member_joined',
        title: 'Sam joined your team',
        body: 'Sam Smith accepted your invitation to Acme Consulting.',
        link: '/teams',
      })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    const [message] = await push.waitFor(1);
    expect(message!.payload).toEqual({
      title: 'Sam joined your team',
      body: 'Sam Smith accepted your invitation to Acme Consulting.',
      url: `${ORIGIN}/teams`,
      tag: `notification-${(inserted.data as { id: string }).id}`,
    });

    // the browser's push service hands the message to the service worker, once it is active (a
    // push delivered to a worker still installing is dropped, as it was once under full-suite load)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${ORIGIN}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: ORIGIN,
        registrationId,
        data: JSON.stringify(message!.payload),
      });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      );
    // A delivery through DevTools was lost twice under the full suite's load (the worker never
    // saw the push; alone the test always passed), so one that shows nothing within a few
    // seconds is made again, as a push service delivers again what was not received. The
    // notification's tag makes a second delivery replace the first, never add to it.
    await expect(async () => {
      if ((await shown()).length === 0) await deliver();
      expect(await shown()).toEqual([
        {
          title: 'Sam joined your team',
          body: 'Sam Smith accepted your invitation to Acme Consulting.',
          tag: (message!.payload as { tag: string }).tag,
          url: `${ORIGIN}/teams`,
        },
      ]);
    }).toPass({ intervals: [1_000, 2_000, 4_000], timeout: 30_000 });

    const worker = context.serviceWorkers().find((w) => w.url() === `${ORIGIN}/sw.js`);
    expect(worker).toBeDefined();
    await worker!.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        openNotification(notification: Notification): Promise<unknown>;
      };
      const [notification] = await scope.registration.getNotifications();
      await scope.openNotification(notification!);
    });
    await expect(page).toHaveURL(`${ORIGIN}/teams`);
    expect(await shown()).toEqual([]);

    // settings now shows when the device was last notified
    await page.goto('/dashboard?tab=settings');
    await expect(devices.getByRole('listitem')).toHaveText([/Chrome on Linux.*last notified/]);
    await page.getByRole('button', { name: 'Remove Chrome on Linux' }).click();
    await expect(page.getByText('No device receives push notifications.')).toBeVisible();
  } finally {
    await push.close();
  }
});
