import { Button, Page, TextField, useHydrated } from '@promatch/shared';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@promatch/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  CAPTCHA_FAILED_MESSAGE,
  RATE_LIMIT_MESSAGE,
  authErrorText,
} from '../../../lib/auth-error-text';
import { CAPTCHA_NEEDED, CaptchaField, useCaptcha } from '../../../lib/captcha';
import { FormCard } from '../../../lib/form-layout';
import { requestPasswordReset } from '../api/request-password-reset';

export const RESET_SENT_MESSAGE =
  'If an account exists for that address, we have sent a link to reset your password. Check your inbox.';

/**
 * /forgot-password: one answer whether or not the address has an account. Rendered on the server
 * too (decision 0124): a fixed id for the field, and no sending until hydrated.
 */
export function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const captcha = useCaptcha();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const send = async ({ email }: ForgotPasswordInput) => {
    setFailure(null);
    if (captcha.required && !captcha.token) return setFailure(CAPTCHA_NEEDED);
    try {
      await requestPasswordReset(email, captcha.token ?? undefined);
      setSent(true);
    } catch (cause) {
      const message = authErrorText(cause);
      // Only a rate limit, a refused security check or a network failure is told apart;
      // anything else looks like success.
      if (
        message === RATE_LIMIT_MESSAGE ||
        message === CAPTCHA_FAILED_MESSAGE ||
        message.startsWith('Network error')
      )
        setFailure(message);
      else setSent(true);
    } finally {
      if (captcha.required) captcha.reset();
    }
  };
  return (
    <Page
      heading="Forgot your password?"
      lead="Enter your e-mail address and we will send you a link to set a new password."
    >
      <FormCard>
        {sent ? (
          <p role="status">{RESET_SENT_MESSAGE}</p>
        ) : (
          <form
            method="post"
            noValidate
            aria-label="Request a password reset"
            onSubmit={handleSubmit(send)}
          >
            <TextField
              id="forgot-password-email"
              label="Email"
              type="email"
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <CaptchaField captcha={captcha} />
            {failure ? <p role="alert">{failure}</p> : null}
            <Button type="submit" $variant="cta" disabled={!hydrated || formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        )}
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </FormCard>
    </Page>
  );
}
