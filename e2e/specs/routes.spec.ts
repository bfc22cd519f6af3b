import { expect, test } from '@playwright/test';
import {
  expectLivePage,
  fetchedResources,
  remoteEntryUrl,
  TITLE_SUFFIX,
  type RemoteName,
} from '../support/site.ts';

interface PublicRoute {
  path: string;
  heading: string | RegExp;
  remote: RemoteName;
}

const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', heading: 'Find the right professional for your project', remote: 'mf_marketing' },
  { path: '/contact', heading: 'Contact Us', remote: 'mf_marketing' },
  { path: '/pricing', heading: 'Simple, Transparent Pricing', remote: 'mf_marketing' },
  { path: '/terms', heading: 'Terms of Service', remote: 'mf_marketing' },
  { path: '/privacy', heading: 'Privacy Policy', remote: 'mf_marketing' },
  { path: '/cookies', heading: 'Cookie Policy', remote: 'mf_marketing' },
  { path: '/gdpr', heading: 'GDPR Compliance', remote: 'mf_marketing' },
  { path: '/compliance', heading: 'GDPR Compliance', remote: 'mf_marketing' },
  { path: '/search?q=react', heading: /react/, remote: 'mf_marketing' },
  {
    path: '/browse-professionals?category=ux-ui-design',
    heading: /UX\/UI Design/,
    remote: 'mf_marketing',
  },
  {
    path: '/professional/8a6e0804-2bd0-4672-b79d-d97027f9071a',
    heading: /profile|not found/i,
    remote: 'mf_marketing',
  },
  { path: '/how-it-works', heading: 'How It Works', remote: 'mf_marketing' },
  { path: '/for-professionals', heading: 'For Professionals', remote: 'mf_marketing' },
  { path: '/for-business', heading: 'For Business', remote: 'mf_marketing' },
  { path: '/testimonials', heading: 'Client Testimonials', remote: 'mf_marketing' },
  { path: '/technical-specs', heading: 'Technical Specifications', remote: 'mf_marketing' },
  { path: '/analytics', heading: 'Platform Analytics', remote: 'mf_marketing' },
  { path: '/performance', heading: 'Performance Dashboard', remote: 'mf_marketing' },
  { path: '/enterprise', heading: 'Enterprise Features Moved', remote: 'mf_marketing' },
  { path: '/login', heading: 'Sign In', remote: 'mf_auth' },
  { path: '/register', heading: 'Create your account', remote: 'mf_auth' },
  { path: '/forgot-password', heading: 'Forgot your password?', remote: 'mf_auth' },
  { path: '/reset-password', heading: 'Set a new password', remote: 'mf_auth' },
];

const PROTECTED_PATHS = [
  '/dashboard',
  '/dashboard?tab=settings',
  '/messages',
  '/favorites',
  '/management',
  '/ai-matching',
  '/analytics-dashboard',
  '/teams',
  '/smart-notifications',
  '/post-project',
  '/business-intelligence',
  '/integrations',
  '/automation-hub',
  '/testing-portal',
  '/payments',
];

test.describe('public routes', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} renders its page from ${route.remote}`, async ({ page }) => {
      await page.goto(route.path);
      // A server-rendered page shows the heading at once; this is about the live remote's page.
      await expectLivePage(page);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`${TITLE_SUFFIX}$`));
      expect(await fetchedResources(page)).toContain(remoteEntryUrl(route.remote));
    });
  }
});

test.describe('access gate for anonymous visitors', () => {
  for (const path of PROTECTED_PATHS) {
    test(`${path} sends the visitor to sign in and back`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    });
  }
});

test.describe('redirects', () => {
  const cases = [
    { from: '/files', to: '/dashboard?tab=files' },
    { from: '/admin', to: '/management' },
    { from: '/bms', to: '/management' },
    { from: '/test-phase2c', to: '/testing-portal' },
  ];
  for (const { from, to } of cases) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from);
      // Anonymous visitors then meet the gate, which keeps the redirect target as returnTo.
      await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(to)}`);
    });
  }

  test('/gdpr and /compliance show the same page', async ({ page }) => {
    await page.goto('/gdpr');
    await expect(page.getByRole('heading', { level: 1, name: 'GDPR Compliance' })).toBeVisible();
    const gdpr = await page.getByRole('main').innerText();
    await page.goto('/compliance');
    await expect(page.getByRole('heading', { level: 1, name: 'GDPR Compliance' })).toBeVisible();
    expect(await page.getByRole('main').innerText()).toBe(gdpr);
  });

  test('/enterprise links to the management portal and home', async ({ page }) => {
    await page.goto('/enterprise');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /management portal/i })).toHaveAttribute(
      'href',
      '/management',
    );
    await expect(main.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  });

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`${TITLE_SUFFIX}$`));
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
  });
});
