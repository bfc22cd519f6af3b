import { Button, Page, toast } from '@promatch/shared';
import { resetPasswordSchema, type ResetPasswordInput } from '@promatch/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorText } from '../../../lib/auth-error-text';
import { FormCard } from '../../../lib/form-layout';
import { PasswordField } from '../../../lib/password-field';
import { completePasswordReset } from '../api/complete-password-reset';

/** /reset-password?code=: a new password with the register rules, then signed in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'all',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const save = async ({ password }: ResetPasswordInput) => {
    if (!code) return;
    setFailure(null);
    try {
      const outcome = await completePasswordReset(code, password);
      toast({
        title: 'Password updated',
        description: 'Your new password is set.',
        variant: 'success',
      });
      navigate(outcome === 'signed-in' ? '/dashboard' : '/login', { replace: true });
    } catch (cause) {
      setFailure(authErrorText(cause));
    }
  };

  return (
    <Page heading="Set a new password" lead="Choose a new password for your ProMatch account.">
      <FormCard>
        {code ? (
          <form noValidate aria-label="Set a new password" onSubmit={handleSubmit(save)}>
            <PasswordField
              label="New password"
              autoComplete="new-password"
              hint="At least 6 characters with uppercase, lowercase and a number."
              error={formState.errors.password?.message}
              {...register('password')}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              error={formState.errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            {failure ? <p role="alert">{failure}</p> : null}
            <Button type="submit" $variant="cta" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        ) : (
          <p role="alert">
            This reset link is invalid or has expired.{' '}
            <Link to="/forgot-password">Request a new link</Link>.
          </p>
        )}
      </FormCard>
    </Page>
  );
}
