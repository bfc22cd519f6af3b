import { Button, FieldError, TextField, type AccountType } from '@promatch/shared';
import { type SelectedCompany } from '@promatch/shared/validation';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CaptchaField } from '../../../lib/captcha';
import { CheckboxField } from '../../../lib/form-layout';
import { continueWithProvider } from '../../../lib/oauth';
import { PasswordField } from '../../../lib/password-field';
import { ProviderButtons } from '../../../lib/provider-buttons';
import { continueWithProviderMetadata } from '../api/sign-up';
import { useRegister } from '../hooks/use-register';
import { AccountTypeChoice } from './account-type-choice';
import { ErrorsBox } from './errors-box';
import { PlanChooser } from './plan-chooser';

export interface CompanySlotProps {
  value: SelectedCompany | null;
  onChange(company: SelectedCompany | null): void;
  error?: string;
}

export interface RegisterFormProps {
  plan: string | null;
  onSuccess(type: AccountType): void;
  /** The company lookup, composed in by the app (features do not import each other). */
  renderCompanyLookup(props: CompanySlotProps): ReactNode;
}

/**
 * A provider creates the account on return, so what this form asks first must be settled before
 * leaving: the account type (always chosen), a business's company, and the terms.
 */
function providerBlockedReason(
  accountType: AccountType,
  company: SelectedCompany | null,
  acceptedTerms: boolean,
): string | null {
  if (accountType === 'business' && company === null)
    return 'A business account starts with its company: find it above, then continue.';
  if (!acceptedTerms)
    return 'Agree to the Terms of Service and Privacy Policy above, then continue.';
  return null;
}

export function RegisterForm({ plan, onSuccess, renderCompanyLookup }: RegisterFormProps) {
  const state = useRegister({ plan, onSuccess });
  const { register, formState, watch, setValue } = state.form;
  const { errors, isSubmitting } = formState;
  return (
    <form noValidate aria-label="Create your account" onSubmit={state.submit}>
      <ErrorsBox errors={state.listErrors} />
      <AccountTypeChoice value={state.accountType} onChange={state.chooseAccountType} />
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 6 characters with uppercase, lowercase and a number."
        error={errors.password?.message}
        {...register('password')}
      />
      {state.accountType === 'business' ? (
        renderCompanyLookup({
          value: state.company,
          onChange: state.setCompany,
          error: errors.company?.message,
        })
      ) : (
        <PlanChooser
          value={watch('selectedPlan')}
          onChange={(type) => setValue('selectedPlan', type === 'pro' ? 'pro' : 'free')}
        />
      )}
      <CheckboxField>
        <label>
          <input
            type="checkbox"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
            {...register('acceptTerms')}
          />{' '}
          I agree to the <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>
        </label>
        {errors.acceptTerms ? (
          <FieldError id="accept-terms-error" role="alert">
            {errors.acceptTerms.message}
          </FieldError>
        ) : null}
      </CheckboxField>
      <CaptchaField captcha={state.captcha} />
      {state.failure ? <p role="alert">{state.failure}</p> : null}
      <Button type="submit" $variant="cta" disabled={state.blocked || isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
      <ProviderButtons
        blockedReason={providerBlockedReason(
          state.accountType,
          state.company,
          watch('acceptTerms'),
        )}
        onChoose={(provider) => {
          const values = state.form.getValues();
          return continueWithProvider(provider, {
            data: continueWithProviderMetadata({
              ...values,
              company_data: values.accountType === 'business' ? state.company : null,
            }),
          });
        }}
      />
    </form>
  );
}
