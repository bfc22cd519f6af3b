import type { Page } from '@playwright/test';
import { expectLivePage } from '../support/site.ts';
import { expect, signInAs, test } from '../support/users.ts';

// The shell's pages run under their Content-Security-Policy (server/src/security-headers.mjs):
// every remote loads, signed out and signed in, without a single violation reported.

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation;
      report(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
      );
    });
  });
  return violations;
}

test('public pages load every remote under the Content-Security-Policy with no violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-eval');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // These pages arrive server-rendered: the heading shows before the remote's code has run.
  await expectLivePage(page);
  for (const path of ['/search?q=react', '/pricing', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectLivePage(page);
  }
  expect(violations).toEqual([]);
});

test('signed-in areas (dashboard, messages, matching) run under the policy with no violation', async ({
  page,
  makeUser,
}) => {
  const violations = await watchViolations(page);
  const professional = await makeUser({ accountType: 'professional', name: 'Policy Pat' });
  await signInAs(page, professional);
  for (const [path, heading] of [
    ['/dashboard', 'Dashboard'],
    ['/messages', 'Messages'],
    ['/ai-matching', 'AI Matching'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(violations).toEqual([]);
});
