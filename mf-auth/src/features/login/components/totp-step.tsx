import { Button, Cluster, TextField } from '@promatch/shared';
import { totpCodeSchema, type TotpCodeInput } from '@promatch/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

export interface TotpStepProps {
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
}

/** The second sign-in step for users with an authenticator (aal2). */
export function TotpStep({ onSubmit, onCancel }: TotpStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TotpCodeInput, unknown, { code: string }>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  });
  return (
    <form
      noValidate
      aria-label="Two-factor authentication"
      onSubmit={handleSubmit(({ code }) => onSubmit(code))}
    >
      <h2>Two-factor authentication</h2>
      <p>Enter the 6-digit code from your authenticator app to finish signing in.</p>
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        error={errors.code?.message}
        {...register('code')}
      />
      <Cluster $gap="md" $align="stretch">
        <Button type="submit" $variant="cta" disabled={isSubmitting}>
          {isSubmitting ? 'Verifying...' : 'Verify'}
        </Button>
        <Button type="button" $variant="ghost" onClick={onCancel}>
          Use another account
        </Button>
      </Cluster>
    </form>
  );
}
