import { Card, Page, type AccountType } from '@promatch/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Banner, FormCard } from '../../../lib/form-layout';
import {
  EXISTING_ACCOUNT_HINT,
  REGISTRATION_SUCCESS,
  welcomeMessage,
} from '../utils/register-copy';
import { RegisterForm, type RegisterFormProps } from './register-form';

/** /register?service=&returnTo=&plan= (plan preselects the plan chooser). */
export function RegisterPage({
  renderCompanyLookup,
}: Pick<RegisterFormProps, 'renderCompanyLookup'>) {
  const [params] = useSearchParams();
  const [registered, setRegistered] = useState<AccountType | null>(null);
  const loginQuery = new URLSearchParams();
  for (const key of ['service', 'returnTo']) {
    const value = params.get(key);
    if (value) loginQuery.set(key, value);
  }
  const loginLink = `/login${loginQuery.size ? `?${loginQuery.toString()}` : ''}`;
  return (
    <Page
      heading="Create your account"
      lead="Join ProMatch as a professional, or as a business verified against Companies House."
    >
      <FormCard>
        {params.get('oauth_signup') === '1' && !registered ? (
          <Banner role="status">
            No ProMatch account uses that login yet. Choose your account type below (a business
            finds its company first), then continue with the same provider again.
          </Banner>
        ) : null}
        {registered ? (
          <Card role="status">
            <p>
              <strong>{REGISTRATION_SUCCESS}</strong>
            </p>
            <p>{welcomeMessage(params.get('service'), registered)}</p>
            <p>{EXISTING_ACCOUNT_HINT}</p>
          </Card>
        ) : (
          <RegisterForm
            plan={params.get('plan')}
            onSuccess={setRegistered}
            renderCompanyLookup={renderCompanyLookup}
          />
        )}
        <p>
          Already have an account? <Link to={loginLink}>Sign in here</Link>
        </p>
      </FormCard>
    </Page>
  );
}
