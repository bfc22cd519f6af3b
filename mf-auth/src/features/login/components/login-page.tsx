import { Page, useSession } from '@promatch/shared';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CaptchaField, useCaptcha } from '../../../lib/captcha';
import { Banner, FormCard } from '../../../lib/form-layout';
import { owedFactor } from '../api/sign-in';
import { continueWithProvider } from '../../../lib/oauth';
import { ProviderButtons } from '../../../lib/provider-buttons';
import { useLogin } from '../hooks/use-login';
import { useOAuthReturn } from '../hooks/use-oauth-return';
import { carriedQuery, loginCopy } from '../utils/service-copy';
import { AttemptNotice } from './attempt-notice';
import { LoginForm } from './login-form';

// Shown only to an account with an authenticator (after the password, or for a session that still
// owes the code): not in the first screen.
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((module) => ({ default: module.SecondFactorStep })),
);
const PhoneStep = lazy(() =>
  import('./phone-step').then((module) => ({ default: module.PhoneStep })),
);

/** /login?service=&returnTo= (service tailors the words, returnTo is where success goes). */
export function LoginPage() {
  const [params] = useSearchParams();
  const copy = loginCopy(params.get('service'));
  const captcha = useCaptcha();
  const login = useLogin(params.get('returnTo'), captcha);
  const oauth = useOAuthReturn(params.get('returnTo'));
  // A session that owes its code (the shell's session sync says so) gets the code step directly.
  const owesCode = useSession((state) => state.mfaRequired);
  const { owePhone, secondFactor } = login;
  // Which factor it owes: a phone-only account is texted a code rather than asked for an app's.
  useEffect(() => {
    if (!owesCode || secondFactor) return;
    let live = true;
    void owedFactor()
      .then((factor) => {
        if (live && factor?.type === 'phone') owePhone(factor);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [owesCode, secondFactor, owePhone]);
  const pendingPhone = secondFactor?.factor.type === 'phone' ? secondFactor : null;
  return (
    <Page
      heading={copy.title}
      lead="Welcome back. Sign in to message professionals and manage your projects."
    >
      <FormCard>
        {copy.banner ? <Banner>{copy.banner}</Banner> : null}
        {oauth.working ? (
          <p role="status">Signing you in…</p>
        ) : login.secondFactor || owesCode ? (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <SecondFactorStep
              pending={login.secondFactor?.pending ?? null}
              phoneStep={
                pendingPhone ? (
                  <PhoneStep
                    phone={pendingPhone.factor.phone}
                    onSend={() => login.sendCode(pendingPhone)}
                    onSubmit={login.submitCode}
                    onCancel={login.cancelSecondFactor}
                  />
                ) : undefined
              }
              onCode={login.submitCode}
              onPasskey={login.submitPasskey}
              onCancel={login.cancelSecondFactor}
            />
          </Suspense>
        ) : (
          <>
            <AttemptNotice attempts={login.attempts} captchaRequired={captcha.required} />
            <LoginForm
              submitLabel={copy.submit}
              onSubmit={login.submitPassword}
              waiting={login.attempts.waitSeconds > 0}
            >
              <CaptchaField captcha={captcha} />
            </LoginForm>
            <ProviderButtons
              onChoose={(provider) =>
                continueWithProvider(provider, { returnTo: params.get('returnTo') })
              }
            />
          </>
        )}
        {oauth.error ? <p role="alert">{oauth.error}</p> : null}
        {login.error ? <p role="alert">{login.error}</p> : null}
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
