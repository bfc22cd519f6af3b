import { Page, PageRendered } from '@promatch/shared';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/login/components/login-page';

// The sign-in page is the one most visitors come for and ships with the entry; every other page
// is its own chunk, so a visitor to /login evaluates only the sign-in form before it responds.
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const ForgotPasswordPage = named(
  () => import('../features/password-reset/components/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = named(
  () => import('../features/password-reset/components/reset-password-page'),
  'ResetPasswordPage',
);
// The security page gets the ways to sign in (linked providers) from here, as features do not
// import each other.
const SecurityPage = lazy(async () => {
  const [{ SecurityPage: Security }, { LinkedAccounts }] = await Promise.all([
    import('../features/mfa/components/security-page'),
    import('../features/linked-accounts/components/linked-accounts'),
  ]);
  return {
    default: () => (
      <Security>
        <LinkedAccounts />
      </Security>
    ),
  };
});
const GetAccessPage = named(
  () => import('../features/lead-capture/components/get-access-page'),
  'GetAccessPage',
);
// The app layer composes features: the register form gets the company lookup from here.
const RegisterPage = lazy(async () => {
  const [{ RegisterPage: Register }, { CompanyLookup }] = await Promise.all([
    import('../features/register/components/register-page'),
    import('../features/company-lookup/components/company-lookup'),
  ]);
  return {
    default: () => <Register renderCompanyLookup={(props) => <CompanyLookup {...props} />} />,
  };
});

/**
 * The pages mf-auth's server-side renderer answers for (decision 0124): the signed-out forms
 * with no data to read. Sign-up reads the plans and looks companies up; the password reset needs
 * the session in the link; both are rendered in the browser.
 */
export const SERVER_RENDERED_PATHS = ['/login', '/forgot-password'];

export function AppRoutes() {
  return (
    <Suspense fallback={<Page heading="Loading…" />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/account/security" element={<SecurityPage />} />
        <Route path="/get-access" element={<GetAccessPage />} />
      </Routes>
      <PageRendered />
    </Suspense>
  );
}
