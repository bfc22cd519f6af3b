import type { Page } from '@playwright/test';
import { ALL_ADMIN_AREAS, expect, makeAdmin, signInAs, test } from '../support/users';
import { expectLivePage } from '../support/site.ts';
import { startApp, stopApp } from '../support/stack-control.ts';

// Stops real app servers, so it runs in the isolation project, alone.
test.describe.configure({ mode: 'serial' });

interface Area {
  dir: string;
  label: string;
  path: string;
  heading: string;
  admin?: boolean;
}

// mf-marketing has its own test in isolation.spec.ts; these are the other four remotes.
const AREAS: Area[] = [
  { dir: 'mf-auth', label: 'Sign-in pages', path: '/login', heading: 'Sign In' },
  { dir: 'mf-dashboard', label: 'Dashboard', path: '/favorites', heading: 'Favorites' },
  { dir: 'mf-messaging', label: 'Messaging', path: '/messages', heading: 'Messages' },
  {
    dir: 'mf-admin',
    label: 'Management portal',
    path: '/management/users',
    heading: 'Users',
    admin: true,
  },
];

const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

for (const area of AREAS) {
  test(`${area.dir} stopped: only its area shows the error, Try Again recovers it in place`, async ({
    page,
    makeUser,
  }) => {
    test.setTimeout(90_000);
    if (area.path !== '/login') {
      const user = await makeUser({ accountType: 'business' });
      if (area.admin) await makeAdmin(user, 'admin', ALL_ADMIN_AREAS);
      await signInAs(page, user);
    }
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The heading is server-rendered: wait for the live shell, whose router hears the popstate.
    await expectLivePage(page);
    await markDocument(page);

    await stopApp(area.dir);
    try {
      // In-app navigation, as a visitor clicking a link: the shell stays, the area fails.
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, area.path);
      const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
      await expect(alert).toContainText(
        `An error occurred in the ${area.label}. This is likely a temporary issue.`,
      );
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'ProMatch home' }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Quick Links');
    } finally {
      await startApp(area.dir);
    }

    await page.getByRole('button', { name: /^Try Again/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: area.heading })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });
}
