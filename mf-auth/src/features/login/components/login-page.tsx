import { Page, useSession } from '@promatch/shared';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Banner, FormCard } from '../../../lib/form-layout';
import { useLogin } from '../hooks/use-login';
import { carriedQuery, loginCopy } from '../utils/service-copy';
import { LoginForm } from './login-form';

// Shown only to an account with an authenticator (after the password, or for a session that still
// owes the code): not in the first screen.
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((module) => ({ default: module.SecondFactorStep })),
);

/** /login?service=&returnTo= (service tailors the words, returnTo is where success goes). */
export function LoginPage() {
  const [params] = useSearchParams();
  const copy = loginCopy(params.get('service'));
  const login = useLogin(params.get('returnTo'));
  // A session that owes its code (the shell's session sync says so) gets the code step directly.
  const owesCode = useSession((state) => state.mfaRequired);
  return (
    <Page
      heading={copy.title}
      lead="Welcome back. Sign in to message professionals and manage your projects."
    >
      <FormCard>
        {copy.banner ? <Banner>{copy.banner}</Banner> : null}
        {login.secondFactor || owesCode ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <SecondFactorStep
              pending={login.secondFactor?.pending ?? null}
              onCode={login.submitCode}
              onPasskey={login.submitPasskey}
              onCancel={login.cancelSecondFactor}
            />
          </Suspense>
        ) : (
          <LoginForm submitLabel={copy.submit} onSubmit={login.submitPassword} />
        )}
        {login.error ? (
          <p role="alert" style={{ color: 'inherit' }}>
            {login.error}
          </p>
        ) : null}
        <p>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <p>
          Just looking? <Link to="/get-access">Try AI matching without an account</Link>
        </p>
        <p>
          Don&apos;t have an account?{' '}
          <Link to={`/register${carriedQuery(params)}`}>Sign up here</Link>
        </p>
      </FormCard>
    </Page>
  );
}
