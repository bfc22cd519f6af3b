/**
 * @jest-environment node
 */
import { type RuntimeConfig } from '@promatch/shared';
import { renderPage } from './render-page';

/*
 * The renderer as the server runs it (Node, no DOM). The pages it renders read no data, so no
 * backend is needed; the hydration of the result is exercised end to end
 * (e2e/specs/marketing/server-rendering.spec.ts).
 */
const config: RuntimeConfig = {
  supabaseUrl: 'http://127.0.0.1:9',
  supabaseAnonKey: 'anon-key-for-tests',
  videoProvider: 'p2p',
  features: {},
};

it('renders the sign-in form, which cannot be sent before its code has hydrated it', async () => {
  const page = await renderPage('/login?returnTo=%2Fdashboard', config);
  expect(page?.html).toContain('<h1');
  expect(page?.html).toMatch(/<form[^>]*aria-label="Sign in"[^>]*method="post"/);
  expect(page?.html).toContain('id="login-email"');
  expect(page?.html).toContain('id="login-password"');
  expect(page?.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  expect(page?.html).toContain('href="/register?returnTo=%2Fdashboard"');
  expect(page?.css).toContain('max-width:32rem');
});

it('renders the password-reset request page with its form', async () => {
  const page = await renderPage('/forgot-password', config);
  expect(page?.html).toContain('Forgot your password?');
  expect(page?.html).toContain('id="forgot-password-email"');
  expect(page?.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
});

// The browser hydrates these pages inside the shell's tree, where React's useId gives other ids
// than in this renderer's: an id from useId in a page would not match.
it.each(['/login', '/login?service=messaging', '/forgot-password'])(
  '%s has no useId ids in its server-rendered markup',
  async (path) => {
    const page = await renderPage(path, config);
    expect(page?.html).not.toMatch(/_R_[0-9a-z]*_/);
  },
);

it.each(['/register', '/reset-password', '/account/security', '/get-access', '/pricing'])(
  'leaves %s to the browser (or to another remote)',
  async (path) => {
    await expect(renderPage(path, config)).resolves.toBeNull();
  },
);
