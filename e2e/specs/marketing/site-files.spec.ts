import { expect, test } from '@playwright/test';
import { anonClient } from '../../support/users.ts';

// /sitemap.xml and /robots.txt come from the shell's server, built from what the database holds
// now, at the address the visitor used (SITE_URL is not set in these runs).

test('the sitemap lists the public pages, the 12 categories and every public profile', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const locs = [...(await response.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  expect(locs.every((loc) => loc.startsWith(`${baseURL}/`))).toBe(true);
  for (const path of ['/', '/pricing', '/how-it-works', '/search', '/terms', '/analytics']) {
    expect(locs).toContain(`${baseURL}${path}`);
  }
  expect(locs.filter((loc) => loc.includes('/browse-professionals?category='))).toHaveLength(12);
  expect(locs).toContain(`${baseURL}/browse-professionals?category=cloud-services`);
  // Every professional the anonymous visitor can read, and nothing from a signed-in area.
  const { count } = await anonClient()
    .from('profiles')
    .select('id', { count: 'exact', head: true })
    .eq('account_type', 'professional');
  const profiles = locs.filter((loc) => loc.includes('/professional/'));
  expect(count).toBeGreaterThanOrEqual(200);
  // Accounts other tests register meanwhile may appear in one and not the other.
  expect(Math.abs(profiles.length - (count ?? 0))).toBeLessThan(20);
  expect(locs.some((loc) => /\/(dashboard|login|messages|management)/.test(loc))).toBe(false);

  const profile = new URL(profiles[0]!).pathname;
  const page = await request.get(profile);
  expect(page.status()).toBe(200);
});

test('robots.txt points at the sitemap on the same address and keeps crawlers out of private areas', async ({
  request,
  baseURL,
}) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(text).toContain('Disallow: /dashboard');
  expect(text).toContain('Disallow: /login');
});
