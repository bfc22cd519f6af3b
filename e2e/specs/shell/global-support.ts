import type { Page } from '@playwright/test';

/** Desktop and the 375 px phone width (the narrowest common phone) every shell item is proven on. */
export const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: '375 px', viewport: { width: 375, height: 740 } },
] as const;

/** Records the cookie choice before the page starts, as the banner would have. */
export async function presetCookieConsent(
  page: Page,
  status: 'accepted' | 'rejected',
): Promise<void> {
  await page.addInitScript((consent) => {
    const state = { cookieConsent: { status: consent, decidedAt: new Date().toISOString() } };
    const key = 'promatch.preferences';
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '{"state":{},"version":0}');
    stored.state = { ...stored.state, ...state };
    window.localStorage.setItem(key, JSON.stringify(stored));
  }, status);
}

/** The global elements load when the browser is idle after the first render. */
export async function waitForGlobalElements(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Performance score: \d+$/ }).waitFor();
}
