import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { expectLivePage } from '../support/site.ts';

const require = createRequire(import.meta.url);
const { SINGLETONS } = require('@promatch/shared/federation') as {
  SINGLETONS: string[];
};

interface ShareInfo {
  from: string;
  loaded?: boolean;
  loading?: unknown;
}
type ShareScopes = Record<string, Record<string, Record<string, Record<string, ShareInfo>>>>;

test('every federation singleton is loaded exactly once', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The home page arrives server-rendered: its heading shows before mf-marketing's code has
  // loaded. Wait for the live page, so the first remote has run before the visitor moves on.
  await expectLivePage(page);
  // A second remote, reached by client-side navigation, must reuse the host's copies.
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  // A signed-out visitor's page loads supabase-js only when something needs it (decision 0121):
  // a sign-in attempt makes the remote load it, and it must get the host's shared copy.
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('WrongPass9');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();

  const { scopes, instances } = await page.evaluate(() => {
    const federation = (
      globalThis as unknown as {
        __FEDERATION__?: { __SHARE__?: unknown; __INSTANCES__?: { name: string }[] };
      }
    ).__FEDERATION__;
    return {
      scopes: JSON.parse(JSON.stringify(federation?.__SHARE__ ?? {})) as ShareScopes,
      instances: (federation?.__INSTANCES__ ?? []).map((instance) => instance.name),
    };
  });
  // The host and both remotes ran on the page (in production they share the shell's federation
  // runtime, so their share scopes are one map).
  expect(instances).toEqual(expect.arrayContaining(['shell', 'mf_marketing', 'mf_auth']));
  expect(Object.keys(scopes).some((name) => name.startsWith('shell'))).toBe(true);

  for (const singleton of SINGLETONS) {
    const providers = new Set<string>();
    for (const scope of Object.values(scopes)) {
      for (const [version, info] of Object.entries(scope.default?.[singleton] ?? {})) {
        if (info.loaded || info.loading) providers.add(`${version} from ${info.from}`);
      }
    }
    // react-router is provided by the same module as react-router-dom (the part of React Router
    // the apps use, shared/federation/react-router-browser.mjs) and the apps import it by the
    // other name, so it is loaded only if some code asks for it by this one: never twice.
    if (singleton === 'react-router') {
      expect.soft(providers.size, `${singleton}: never two providers`).toBeLessThanOrEqual(1);
      continue;
    }
    // jsx-dev-runtime is shared for development builds only; a production page never loads it.
    const expected = singleton === 'react/jsx-dev-runtime' ? 0 : 1;
    expect.soft([...providers], `${singleton}: one provider, never two`).toHaveLength(expected);
  }
});

test('the shell and a remote share one session store', async ({ page }) => {
  await page.goto('/cookies');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  const main = page.getByRole('main');
  await expect(main.getByText('You have not made a choice yet.')).toBeVisible();

  // The shell writes; the remote sees it at once, without a reload.
  await banner.getByRole('button', { name: 'Accept analytics' }).click();
  await expect(banner).toBeHidden();
  await expect(main.getByText('Analytics cookies: allowed.')).toBeVisible();

  // The remote writes; the shell sees it.
  await main.getByRole('button', { name: 'Ask me again' }).click();
  await expect(banner).toBeVisible();
  await main.getByRole('button', { name: 'Essential cookies only' }).click();
  await expect(banner).toBeHidden();
  await expect(main.getByText(/Analytics cookies: not allowed/)).toBeVisible();
});

test('entry files are never cached and hashed chunks are immutable', async ({ request }) => {
  const manifest = await request.get('http://localhost:3002/mf-manifest.json');
  expect(manifest.headers()['access-control-allow-origin']).toBe('*');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const remoteEntry = await request.get('http://localhost:3002/remoteEntry.js');
  expect(remoteEntry.headers()['cache-control']).toBe('no-cache');
  const body = (await manifest.json()) as { shared: { assets: { js: { sync: string[] } } }[] };
  const chunk = body.shared
    .flatMap((entry) => entry.assets.js.sync)
    .find((file) => /\.[0-9a-f]{8}\.js$/.test(file));
  expect(chunk).toBeTruthy();
  const hashed = await request.get(`http://localhost:3002/${chunk}`);
  expect(hashed.headers()['cache-control']).toContain('immutable');
});
